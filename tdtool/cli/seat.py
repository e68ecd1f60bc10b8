"""`tdtool seat ...`: the draw, the table plan, balancing, breaking, buttons."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tdtool.cli._app import App
from tdtool.cli._db import JsonOpt, YesOpt, asker, db_path
from tdtool.cli._theme import ThemeOpt

if TYPE_CHECKING:
    from tdtool.app.seats import PlanView, Seated

HELP = (
    "Seats: the draw, the table plan, balancing, table breaks, buttons.\n\n"
    "Example: tdtool seat show"
)
"""The help of `tdtool seat` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)


def plan_lines(view: PlanView) -> list[str]:
    """The table plan for a person: one small table per table."""
    from tdtool.cli.render import table

    if not view.tables:
        lines = ["No seats drawn yet."]
    else:
        lines = []
        for t in view.tables:
            button = ""
            if t.button and t.button_recorded_at is not None:
                ago = int((time.time() - t.button_recorded_at) // 60)
                when = "just now" if ago < 1 else f"{ago} min ago"
                button = f", button seat {t.button}, recorded {when}"
            lines.append(f"Table {t.table} ({len(t.seats)} players{button})")
            rows = [
                (
                    s,
                    p
                    + ("  (button)" if t.button == s else "")
                    + ("  (locked)" if s in t.locked else ""),
                )
                for s, p in t.seats
            ]
            lines += [table(rows, ["seat", "player"]), ""]
        lines.pop()
    if view.unseated:
        lines.append(f"Not seated: {', '.join(view.unseated)}")
    return lines


def _report(result: Seated, json_out: bool, done: str) -> None:
    from tdtool.app.slips import move_lines
    from tdtool.cli.render import emit_json

    if json_out:
        emit_json(result.to_dict())
        return
    from tdtool.app.slips import left_short_line

    typer.echo(done)
    moves = result.moves
    from tdtool.i18n import words

    _ = words(result.language)
    if moves:
        typer.echo("\n".join(move_lines(moves, _)))
    elif result.left_short is None:
        typer.echo(_("No moves needed: the tables are even."))
    if result.left_short is not None:
        typer.echo(left_short_line(result.left_short, _))


@app.command("draw")
def draw(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """Random seat draw for everyone registered, tables filled evenly (TDA 7, 8A).

    Example: tdtool seat draw
    """
    from tdtool.app import seats
    from tdtool.cli.render import emit_json

    view = seats.draw(db_path(ctx)).plan
    if json_out:
        emit_json(view.to_dict())
        return
    typer.echo(
        f"Seats drawn for {_count(view.players_left, 'player')}"
        f" at {_count(len(view.tables), 'table')}."
    )
    typer.echo("")
    typer.echo("\n".join(plan_lines(view)))


@app.command("show")
def show(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """The table plan: who sits where, and the recorded buttons.

    Example: tdtool seat show --json
    """
    from tdtool.app import seats
    from tdtool.cli.render import emit_json

    view = seats.plan(db_path(ctx))
    if json_out:
        emit_json(view.to_dict())
    else:
        typer.echo("\n".join(plan_lines(view)))


@app.command("balance")
def balance(ctx: typer.Context, yes: YesOpt = False, json_out: JsonOpt = False) -> None:
    """Balance now: break tables and move players as TDA 11 says (busts do this themselves).

    Example: tdtool seat balance --yes
    """
    from tdtool.app import seats

    result = seats.balance(db_path(ctx), asker(yes or json_out))
    view = result.plan
    done = f"{_count(view.players_left, 'player')} at {_count(len(view.tables), 'table')}."
    _report(result, json_out, done)


@app.command("break")
def break_(
    ctx: typer.Context,
    table: Annotated[int, typer.Argument(help="The table to break.")],
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Break a table now: its players draw new seats at the other tables (TDA 10B, 11C).

    Example: tdtool seat break 3
    """
    from tdtool.app import seats

    result = seats.break_table(db_path(ctx), table, asker(yes or json_out))
    done = f"Table {table} broken; {len(result.plan.tables)} tables in play."
    _report(result, json_out, done)


@app.command("button")
def button(
    ctx: typer.Context,
    table: Annotated[int, typer.Argument(help="The table.")],
    seat: Annotated[int, typer.Argument(help="The seat where the dealer button is now.")],
    json_out: JsonOpt = False,
) -> None:
    """Record where the button is at a table, so moves follow TDA 11 exactly.

    Example: tdtool seat button 2 5
    """
    from tdtool.app import seats
    from tdtool.cli.render import emit_json

    result = seats.button(db_path(ctx), table, seat)
    if json_out:
        emit_json(result.to_dict())
        return
    who = f" ({result.player})" if result.player else " (an empty seat: dead button)"
    typer.echo(f"Button recorded at Table {table}, seat {seat}{who}.")


@app.command("move")
def move(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The player to move (any case, accents or not).")],
    table: Annotated[int, typer.Argument(help="The table to move to (in play).")],
    seat: Annotated[int, typer.Argument(help="The open seat there.")],
    lock_seat: Annotated[
        bool,
        typer.Option(
            "--lock", metavar="", help="Lock the new seat too: balancing and breaking leave them."
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Move a player by hand to an open seat: a broken chair, a wrong seat, a feature table.

    Recorded (with its slip for `seat print moves`) and taken back by `tdtool undo`. Nothing
    else moves; the next bust balances the tables, and may move the player again unless
    the seat is locked (--lock, or `tdtool seat lock TABLE SEAT`).

    Example: tdtool seat move "Ann Lee" 2 4 --lock
    """
    from tdtool.app import seats

    result = seats.move(db_path(ctx), name, table, seat, lock_seat)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    from tdtool.app.slips import move_lines

    typer.echo("\n".join(move_lines(result.moves)))
    moved = result.moves[0]
    if lock_seat:
        typer.echo(f"{moved.to_seat} is locked: balancing and breaking leave {moved.player} there.")
    counts = [len(t.seats) for t in result.plan.tables]
    if counts and max(counts) - min(counts) > 1:
        typer.echo(
            f"The tables now differ by {max(counts) - min(counts)} players: the next bust"
            " balances them, or `tdtool seat balance` now."
        )
    typer.echo("Print the slip with `tdtool seat print moves`; `tdtool undo` takes it back.")


@app.command("lock")
def lock(
    ctx: typer.Context,
    table: Annotated[int, typer.Argument(help="The table.")],
    seat: Annotated[int, typer.Argument(help="The seat, with its player.")],
    json_out: JsonOpt = False,
) -> None:
    """Lock a seat: its player is not moved to balance or break tables (TDA 9).

    For a player who needs that seat, or a feature table. Their table breaks only when its
    locks are off (the next in the break order breaks instead); a balance move passes the
    player over (the next due the big blind moves). The lock ends when the player leaves the
    seat (a bust, a move by hand) and at the final-table draw.

    Example: tdtool seat lock 2 4
    """
    _lock(ctx, table, seat, True, json_out)


@app.command("unlock")
def unlock(
    ctx: typer.Context,
    table: Annotated[int, typer.Argument(help="The table.")],
    seat: Annotated[int, typer.Argument(help="The locked seat.")],
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Take a seat's lock off: balancing and breaking may move its player again.

    The tables settle at once: where the locks had kept every table from breaking and the
    players fit one table fewer, the table due breaks now; tables a lock kept uneven are
    balanced. The moves are printed (and their slips kept for `seat print moves`).

    Example: tdtool seat unlock 2 4
    """
    _lock(ctx, table, seat, False, json_out, yes)


def _lock(
    ctx: typer.Context, table: int, seat: int, on: bool, json_out: bool, yes: bool = False
) -> None:
    from tdtool.app import seats

    result = seats.lock(db_path(ctx), table, seat, on, None if on else asker(yes or json_out))
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    who = f" ({result.player})" if result.player else ""
    if on:
        typer.echo(
            f"Locked Table {table}, seat {seat}{who}: balancing and breaking leave"
            f" {result.player} there; `tdtool seat unlock {table} {seat}` takes it off."
        )
        return
    typer.echo(f"Unlocked Table {table}, seat {seat}{who}.")
    if result.moves:
        from tdtool.app.slips import move_lines
        from tdtool.i18n import words

        typer.echo("\n".join(move_lines(result.moves, words(result.language))))
        typer.echo("Print the slips with `tdtool seat print moves`.")


def _cards_of(found: Any, cards: list[Any], names: list[str]) -> list[Any]:
    """The cards of the players named (any case, accents or not), in the order given."""
    from tdtool.errors import InputError, RuleError
    from tdtool.names import ascii_fold

    by_name = {ascii_fold(c.player): c for c in cards}
    picked = []
    for name in names:
        card = by_name.get(ascii_fold(" ".join(name.split())))
        if card is None:
            waiting = {ascii_fold(p) for p in found.waiting}
            if ascii_fold(name) in waiting:
                raise RuleError(f"{name} has no seat yet; there is no card to print.")
            raise InputError(
                f"--player {name!r}: no seated player of that name;"
                " `tdtool seat show` lists who sits where."
            )
        if card not in picked:
            picked.append(card)
    return picked


def _count(n: int, noun: str) -> str:
    """'1 table', '3 tables'."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


PRINTS = {
    "cards": "seat-cards.html",
    "list": "seat-list.html",
    "moves": "table-moves.html",
}
"""What `seat print` makes, and the file each is written to without -o."""

PAPER_WORDS = {"cards": "seat cards", "list": "seat list", "moves": "slips"}


@app.command("print")
def print_paper(
    ctx: typer.Context,
    what: Annotated[
        str,
        typer.Argument(
            help="cards (one seat card per player), list (seats by name) or moves"
            " (a slip per table move).",
            show_default=False,
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="The HTML file to write (default: seat-cards.html, seat-list.html or"
            " table-moves.html in this folder).",
            show_default=False,
        ),
    ] = None,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter.")] = "a4",
    every: Annotated[
        bool,
        typer.Option(
            "--all",
            help="moves: a slip for every table move so far, not only the last change's.",
            metavar="",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Overwrite the file written without -o if it exists (a sheet tdtool wrote"
            " for an earlier change of seats is replaced without it).",
            metavar="",
        ),
    ] = False,
    new: Annotated[
        bool,
        typer.Option(
            "--new",
            metavar="",
            help="cards: only for the players seated as entries since the cards printed last"
            " (read from that file: seat-cards.html or -o FILE).",
        ),
    ] = False,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            help="cards: only for this player (give it again for more).",
            show_default=False,
        ),
    ] = None,
    qr: Annotated[
        str | None,
        typer.Option(
            "--qr",
            help="cards: a QR code on each card to this URL (the players' page of `tdtool"
            " serve`, e.g. http://192.168.1.20:8780/), with the URL printed beside it.",
            show_default=False,
        ),
    ] = None,
    theme: ThemeOpt = None,
) -> None:
    """Print the paper for the tables: seat cards, the seat list by name, table-move slips.

    Printable HTML (A4 or Letter; open it in a browser and print): `cards` gives each
    player a card with their table and seat, eight to a page with cut lines (--new: only
    the entries since the cards printed last; --player NAME: only those named); `list` gives
    every player by name with table and seat, for the registration desk and the wall;
    `moves` gives a slip for each player the last bust, balance, table break or move by hand
    moved (from, to, why), to hand to the player, or for every move so far with --all. A
    sheet tdtool wrote for an earlier change of seats is replaced without --force.

    Example: tdtool seat print cards --new --paper letter

    Example: tdtool seat print cards --qr http://192.168.1.20:8780/
    """
    from tdtool.app import seats
    from tdtool.cli._theme import read_theme
    from tdtool.errors import InputError, RuleError
    from tdtool.io import seat_sheets as sheets

    kind = what.lower()
    if kind not in PRINTS:
        raise InputError(f"Cannot print {what!r}; choose cards, list or moves.")
    if paper.lower() not in sheets.PAPERS:
        raise InputError(f"--paper {paper!r} is not known; use a4 or letter.")
    if every and kind != "moves":
        raise InputError("--all is for `seat print moves` (every table move so far).")
    if (new or player) and kind != "cards":
        raise InputError("--new and --player are for `seat print cards`.")
    if new and player:
        raise InputError("Give --new or --player, not both.")
    if qr is not None:
        from tdtool.io.qr import checked_url

        if kind != "cards":
            raise InputError("--qr is for `seat print cards`.")
        qr = checked_url(qr, "--qr")
    house = read_theme(theme)
    named = output is not None
    if output is None:
        output = Path(PRINTS[kind])
    else:
        from tdtool.io.paths import checked

        output = checked(output, "--output")
        if output.suffix.lower() not in (".html", ".htm"):
            raise InputError(f"{output}: seat paper is HTML; name the file .html.")
    printed_at = sheets.read_sheet_change(output, kind) if output.exists() else None
    found = seats.paper(db_path(ctx), every_move=every)
    size = sheets.PAPERS[paper.lower()]
    cards = [sheets.SeatCard(p, t, s) for p, t, s in found.seated]
    cards.sort(key=lambda c: sheets.sort_key(c.player))
    if kind in ("cards", "list") and not cards:
        raise RuleError("No seats drawn yet; nothing to print. Draw them with `tdtool seat draw`.")
    which_cards = ""
    if new:
        if printed_at is None:
            raise RuleError(
                f"{output} holds no seat cards tdtool printed, so there is nothing to print new"
                " cards since; print them all first with `tdtool seat print cards`"
                + (f" -o {output}." if named else ".")
            )
        since = {p for p, change in found.entered if change > printed_at}
        cards = [c for c in cards if c.player in since]
        if not cards:
            raise RuleError(
                f"Nobody has sat down as an entry since the cards in {output} (change"
                f" {printed_at}); nothing to print."
            )
        which_cards = f", the entries since change {printed_at}"
    elif player:
        cards = _cards_of(found, cards, player)
    if output.exists() and not force and not named:
        from tdtool.cli._db import interactive

        if printed_at is not None and printed_at >= found.seats_change and not interactive():
            raise InputError(
                f"{output} already holds the {PAPER_WORDS[kind]} of change {printed_at}, the"
                " seats as they are now; give --force to write it again."
            )
        if printed_at is None or printed_at >= found.seats_change:
            from tdtool.cli.structure import _confirm_overwrite

            _confirm_overwrite(output)
    if kind == "cards":
        text = sheets.cards_html(
            found.tournament, cards, paper.lower(), house, qr, lang=found.language
        )
        done = f"{_count(len(cards), 'seat card')}{which_cards}"
        pages = -(-len(cards) // sheets.CARDS_PER_PAGE)
    elif kind == "list":
        from tdtool.i18n import words

        _ = words(found.language)
        printed = _("printed %(when)s", when=_.when(time.time()))
        text = sheets.list_html(
            found.tournament, cards, found.waiting, paper.lower(), printed, house, found.language
        )
        waiting = f", {len(found.waiting)} waiting for a seat" if found.waiting else ""
        done = f"the seats of {_count(len(cards), 'player')} by name{waiting}"
        pages = text.count('class="page"')
    else:
        if not found.moves:
            raise RuleError("No table moves recorded yet; nothing to print.")
        slips = [
            sheets.MoveSlip(
                m.player,
                m.from_seat.table,
                m.from_seat.seat,
                m.to_seat.table,
                m.to_seat.seat,
                str(m.reason),
                at,
            )
            for _change, at, m in found.moves
            if m.from_seat is not None
        ]
        text = sheets.slips_html(found.tournament, slips, paper.lower(), house, found.language)
        which = "every table move so far" if every else "the last change that moved players"
        done = f"{_count(len(slips), 'table-move slip')} ({which})"
        pages = -(-len(slips) // sheets.CARDS_PER_PAGE)
    text = sheets.marked(text, kind, found.seats_change)
    replacing = ""
    if printed_at is not None and output.exists() and printed_at < found.seats_change:
        replacing = f" (replacing the {PAPER_WORDS[kind]} of change {printed_at})"
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"Cannot write {output}: {exc.strerror or exc}.") from None
    typer.echo(
        f"Wrote {output}{replacing}: {done}, {_count(pages, size + ' page')}."
        " Open it in a browser and print it."
    )
