"""`tdtool seat ...`: the draw, the table plan, balancing, breaking, buttons."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Annotated

import typer

from tdtool.cli._db import JsonOpt, YesOpt, asker, db_path

if TYPE_CHECKING:
    from tdtool.app.seats import PlanView, Seated

HELP = (
    "Seats: the draw, the table plan, balancing, table breaks, buttons.\n\n"
    "Example: tdtool seat show"
)
"""The help of `tdtool seat` (read by `tdtool --help` without building the commands)."""

app = typer.Typer(help=HELP, no_args_is_help=True)


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
            rows = [(s, p + ("  (button)" if t.button == s else "")) for s, p in t.seats]
            lines += [table(rows, ["seat", "player"]), ""]
        lines.pop()
    if view.unseated:
        lines.append(f"Not seated: {', '.join(view.unseated)}")
    return lines


def _report(result: Seated, json_out: bool, done: str) -> None:
    from tdtool.cli._moves import move_lines
    from tdtool.cli.render import emit_json

    if json_out:
        emit_json(result.to_dict())
        return
    typer.echo(done)
    moves = result.moves
    typer.echo("\n".join(move_lines(moves)) if moves else "No moves needed: the tables are even.")


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


def _count(n: int, noun: str) -> str:
    """'1 table', '3 tables'."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
