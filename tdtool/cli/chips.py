"""`tdtool chips ...`: the chip counts and the chips in play; race-offs at a colour-up."""

from __future__ import annotations

from typing import Annotated

import typer

from tdtool.cli._app import App
from tdtool.cli._db import JsonOpt, db_path
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
