"""`tdtool chips ...`: the chip counts and the chips in play; race-offs at a colour-up."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tdtool.cli._app import App
from tdtool.cli._db import JsonOpt, db_path
from tdtool.cli._theme import ThemeOpt
from tdtool.cli._values import bb_text

HELP = (
    "Chips: every count recorded, the chip leader, the check against the chips sold, and"
    " chips taken out of play (race-offs).\n\n"
    "Counts are recorded with `tdtool player chips`.\n\n"
    "Example: tdtool chips show"
)
"""The help of `tdtool chips` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)

UNCOUNTED_LISTED = 20
"""Players not counted that `chips show` lists by name; more are counted in one line (a
field of 30,000 before its first count printed 28,504 'not counted' lines)."""


@app.command("show")
def show(
    ctx: typer.Context,
    uncounted: Annotated[
        bool,
        typer.Option(
            "--uncounted",
            help=f"List every player not counted yet by name (over {UNCOUNTED_LISTED} they"
            " are only counted).",
            metavar="",
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Every player left with their count and big blinds, biggest first; the chip leader, the
    average stack, and whether the counts add up to the chips in play.

    Example: tdtool chips show --json
    Example: tdtool chips show --uncounted
    """
    from tdtool.app import chips as app_chips
    from tdtool.cli.player import _chip_lines
    from tdtool.cli.render import emit_json, table

    summary = app_chips.summary(db_path(ctx))
    if json_out:
        emit_json(summary.to_dict())
        return
    if not summary.players_left:
        typer.echo("No players in the tournament.")
        return
    missing = [r for r in summary.stacks if r.chips is None]
    listed = uncounted or len(missing) <= UNCOUNTED_LISTED
    rows = [
        (
            i if r.chips is not None else "",
            r.name,
            f"{r.chips:,}" if r.chips is not None else "not counted",
            f"{bb_text(r.big_blinds)}" if r.big_blinds is not None else "",
        )
        for i, r in enumerate(summary.stacks, start=1)
        if listed or r.chips is not None
    ]
    if rows:
        typer.echo(table(rows, ["#", "player", "chips", "BB"]))
    typer.echo(
        f"Chips in play {summary.chips_in_play:,}: {summary.chips_sold:,} sold"
        + (f", {summary.chips_removed:,} taken out of play." if summary.chips_removed else ".")
    )
    _chip_lines(summary)
    if not listed:
        typer.echo(
            f"`tdtool chips show --uncounted` lists the {len(missing):,} not counted by name."
        )


@app.command("remove")
def remove(
    ctx: typer.Context,
    amount: Annotated[
        str, typer.Argument(help="The value of the chips taken out of play, e.g. 1500.")
    ],
    reason: Annotated[
        str,
        typer.Option(help='Why, for the log: e.g. "race-off of the 25s".'),
    ] = "race-off",
    json_out: JsonOpt = False,
) -> None:
    """Take chips out of play: the odd low chips a colour-up races off, or chips removed by a
    ruling. The chips in play (what the counts are checked against) drop by that much.

    Example: tdtool chips remove 1500 --reason "race-off of the 25s"
    """
    from tdtool.app import chips as app_chips
    from tdtool.cli.render import emit_json
    from tdtool.errors import InputError
    from tdtool.io.chip_counts_csv import chips_problem, parse_chips, shown_count

    chips = parse_chips(amount)
    if chips is None:
        raise InputError(
            f"Invalid value for 'AMOUNT': {shown_count(amount)} {chips_problem(amount)}"
            " (e.g. 1500)."
        )
    result = app_chips.remove(db_path(ctx), chips, reason)
    if json_out:
        emit_json(result.to_dict())
        return
    why = f" ({result.reason})" if result.reason else ""
    typer.echo(
        f"Took {result.chips:,} chips out of play{why}; {result.summary.chips_in_play:,} chips"
        " in play."
    )


@app.command("race")
def race(
    ctx: typer.Context,
    chip: Annotated[str, typer.Argument(help="The chip raced off, e.g. 25.")],
    held: Annotated[
        list[str] | None,
        typer.Argument(
            help="NAME=COUNT: how many of those chips a player holds (the others hold none).",
            show_default=False,
        ),
    ] = None,
    up: Annotated[
        str, typer.Option("--up", help="The next chip in play they colour up into, e.g. 100.")
    ] = "",
    sheet: Annotated[
        Path | None,
        typer.Option(
            "--sheet",
            help="Write the dealers' sheet too: .html (to print), .md or .csv.",
            show_default=False,
        ),
    ] = None,
    theme: ThemeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Colour up a chip at a scheduled colour-up and race the odd ones off (TDA 24).

    Each player colours up whole units (four 25s for a 100); the odd chips left are raced
    at each table: their value makes as many of the bigger chip (a last one at half a chip
    or more), each player is dealt a card per odd chip starting in seat 1, the highest cards
    win, one chip a player at most, and nobody is raced out of their last chips (TDA 24A;
    known from their recorded count). Recorded, so the chips in play and the counts follow
    (`tdtool undo` takes it back); --sheet writes the dealers' sheet with every card dealt.

    Example: tdtool chips race 25 --up 100 "Ann Lee=7" Ben=2 Cleo=1 --sheet race.html
    """
    from tdtool.app import chips as app_chips
    from tdtool.cli.render import emit_json
    from tdtool.errors import InputError
    from tdtool.io.chip_counts_csv import parse_chips

    race_chip = parse_chips(chip)
    if race_chip is None or race_chip <= 0:
        raise InputError(f"Invalid value for 'CHIP': {chip!r} is not a chip value (e.g. 25).")
    if not up:
        raise InputError("Give the chip they colour up into with --up (e.g. --up 100).")
    into = parse_chips(up)
    if into is None:
        raise InputError(f"--up {up!r} is not a chip value (e.g. 100).")
    counts: dict[str, int] = {}
    for item in held or []:
        name, sep, number = item.rpartition("=")
        n = parse_chips(number) if sep else None
        if not sep or not name.strip() or n is None:
            raise InputError(
                f"{item!r}: give NAME=COUNT, how many {race_chip:,}s the player holds"
                ' (e.g. "Ann Lee=7").'
            )
        counts[name.strip()] = n
    house = None
    if sheet is not None:
        from tdtool.cli._theme import read_theme
        from tdtool.io.money_sheets import sheet_format
        from tdtool.io.paths import checked

        sheet = checked(sheet, "--sheet")
        sheet_format(sheet)  # a suffix it can write, before anything is recorded
        house = read_theme(theme)
    result = app_chips.race(db_path(ctx), race_chip, into, counts)
    if sheet is not None:
        from tdtool.io.money_sheets import write_sheet

        write_sheet(race_sheet(result.race, result.language), sheet, house)
    if json_out:
        emit_json(result.to_dict())
        return
    typer.echo("\n".join(race_lines(result.race)))
    typer.echo(f"{result.summary.chips_in_play:,} chips in play.")
    if sheet is not None:
        typer.echo(f"Wrote the dealers' sheet {sheet}.")


def _outcome(e: Any, up: int) -> str:
    if e.won:
        return f"wins a {up:,}"
    if e.kept_in:
        return f"kept in: one {up:,} (TDA 24A)"
    return "—" if e.odd else ""


def race_lines(r: Any) -> list[str]:
    """The race at each table, for a person."""
    lines = [f"Colour-up of the {r.race:,}s into {r.up:,}s (TDA 24):"]
    unit = r.up // r.race
    for t in r.tables:
        if not any(e.held for e in t.entries):
            continue
        odd = sum(e.odd for e in t.entries)
        lines.append(
            f"Table {t.table}: {odd} odd {r.race:,}s ({t.odd_value:,}) race for"
            f" {t.chips_raced} × {r.up:,}."
        )
        for e in t.entries:
            if not e.held:
                continue
            parts = []
            if e.coloured:
                parts.append(f"{e.coloured * unit} × {r.race:,} → {e.coloured} × {r.up:,}")
            if e.odd:
                cards = " ".join(c.pretty for c in e.cards)
                parts.append(f"races {e.odd} ({cards}): {_outcome(e, r.up)}")
            lines.append(f"  seat {e.seat} {e.player}: " + "; ".join(parts))
    removed = r.removed
    lines.append(
        f"{removed:,} chips taken out of play."
        if removed >= 0
        else f"{-removed:,} chips added to play (the race rounds up)."
    )
    return lines


def race_sheet(r: Any, lang: str = "en") -> Any:
    """The dealers' sheet: every player holding the chip, table by table, in the language
    `lang` (the tournament's)."""
    from tdtool.i18n import words
    from tdtool.io.money_sheets import Sheet

    _ = words(lang)
    number = _.number
    unit = r.up // r.race

    def outcome(e: Any) -> str:
        if e.won:
            return _("wins a %(chip)s", chip=number(r.up))
        if e.kept_in:
            return _("kept in: one %(chip)s (TDA 24A)", chip=number(r.up))
        return "—" if e.odd else ""

    rows = []
    for t in r.tables:
        for e in t.entries:
            if not e.held:
                continue
            rows.append(
                (
                    str(t.table),
                    str(e.seat),
                    e.player,
                    number(e.held),
                    number(e.coloured) if e.coloured else "",
                    f"{e.odd}" if e.odd else "",
                    " ".join(c.pretty for c in e.cards),
                    outcome(e),
                    number(e.change(r.race, r.up)) if e.odd else "",
                )
            )
    lines = tuple(
        _(
            "Table %(table)s: %(odd)s odd %(chip)ss (%(value)s) race for %(raced)s × %(up)s.",
            table=t.table,
            odd=sum(e.odd for e in t.entries),
            chip=number(r.race),
            value=number(t.odd_value),
            raced=t.chips_raced,
            up=number(r.up),
        )
        for t in r.tables
        if t.odd_value
    ) + (
        _(
            "Every %(unit)s × %(chip)s colour up to one %(up)s; a card per odd chip from seat"
            " 1, highest wins (spades, hearts, diamonds, clubs), one chip a player (TDA 24A).",
            unit=unit,
            chip=number(r.race),
            up=number(r.up),
        ),
    )
    return Sheet(
        title=_("Chip race: the %(chip)ss into %(up)ss", chip=number(r.race), up=number(r.up)),
        headers=(
            _("Table"),
            _("Seat"),
            _("Player"),
            _("%(chip)ss held", chip=number(r.race)),
            _("%(up)ss for them", up=number(r.up)),
            _("Raced"),
            _("Cards"),
            _("Race"),
            _("Chips"),
        ),
        rows=tuple(rows),
        lines=lines,
        size="fit",
        lang=lang,
    )
