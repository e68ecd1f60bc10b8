"""`tdtool seat ...`: the draw, the table plan, balancing, breaking, buttons."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

from tdtool.cli._db import JsonOpt, YesOpt, open_store, run_change

HELP = (
    "Seats: the draw, the table plan, balancing, table breaks, buttons.\n\n"
    "Example: tdtool seat show"
)
"""The help of `tdtool seat` (read by `tdtool --help` without building the commands)."""

app = typer.Typer(help=HELP, no_args_is_help=True)


def plan_data(state: Any) -> dict[str, Any]:
    """`tdtool seat show --json`."""
    plan = state.plan
    tables = [
        {
            "table": t,
            "button": plan.button(t),
            "button_recorded_at": state.button_at.get(t) if plan.button(t) else None,
            "seats": {str(s): p for s, p in sorted(plan.players_at(t).items())},
        }
        for t in plan.open_tables()
    ]
    unseated = [
        p.name for p in state.players.values() if not p.busted and plan.seat_of(p.name) is None
    ]
    return {"tables": tables, "unseated": unseated}


def plan_lines(state: Any) -> list[str]:
    """The table plan for a person: one small table per table."""
    from tdtool.cli.render import table

    data = plan_data(state)
    if not data["tables"]:
        lines = ["No seats drawn yet."]
    else:
        lines = []
        for t in data["tables"]:
            button = ""
            if t["button"]:
                ago = int((time.time() - t["button_recorded_at"]) // 60)
                when = "just now" if ago < 1 else f"{ago} min ago"
                button = f", button seat {t['button']}, recorded {when}"
            lines.append(f"Table {t['table']} ({len(t['seats'])} players{button})")
            rows = [
                (s, p + ("  (button)" if t["button"] == int(s) else ""))
                for s, p in t["seats"].items()
            ]
            lines += [table(rows, ["seat", "player"]), ""]
        lines.pop()
    if data["unseated"]:
        lines.append(f"Not seated: {', '.join(data['unseated'])}")
    return lines


def _report(state: Any, events: list[Any], json_out: bool, done: str) -> None:
    from tdtool.app.change import Change, moves_json
    from tdtool.cli._moves import move_lines
    from tdtool.cli.render import emit_json

    moves = Change(state, tuple(events)).moves
    if json_out:
        emit_json({"moves": moves_json(moves), **plan_data(state)})
        return
    typer.echo(done)
    typer.echo("\n".join(move_lines(moves)) if moves else "No moves needed: the tables are even.")


@app.command("draw")
def draw(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """Random seat draw for everyone registered, tables filled evenly (TDA 7, 8A).

    Example: tdtool seat draw
    """
    from tdtool.cli.render import emit_json
    from tdtool.tournament import director

    state, events = run_change(ctx, lambda s, now, rng, choose: director.draw(s, rng), yes=True)
    if json_out:
        emit_json(plan_data(state))
        return
    typer.echo(
        f"Seats drawn for {_count(state.players_left, 'player')}"
        f" at {_count(len(state.tables), 'table')}."
    )
    typer.echo("")
    typer.echo("\n".join(plan_lines(state)))


@app.command("show")
def show(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """The table plan: who sits where, and the recorded buttons.

    Example: tdtool seat show --json
    """
    from tdtool.cli.render import emit_json

    with open_store(ctx) as store:
        state = store.state()
    if json_out:
        emit_json(plan_data(state))
    else:
        typer.echo("\n".join(plan_lines(state)))


@app.command("balance")
def balance(ctx: typer.Context, yes: YesOpt = False, json_out: JsonOpt = False) -> None:
    """Balance now: break tables and move players as TDA 11 says (busts do this themselves).

    Example: tdtool seat balance --yes
    """
    from tdtool.tournament import director

    state, events = run_change(
        ctx, lambda s, now, rng, choose: director.balance(s, rng, choose), yes=yes or json_out
    )
    _report(
        state,
        events,
        json_out,
        f"{_count(state.players_left, 'player')} at {_count(len(state.tables), 'table')}.",
    )


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
    from tdtool.tournament import director

    state, events = run_change(
        ctx,
        lambda s, now, rng, choose: director.break_table(s, table, rng, choose),
        yes=yes or json_out,
    )
    _report(state, events, json_out, f"Table {table} broken; {len(state.tables)} tables in play.")


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
    from tdtool.cli.render import emit_json
    from tdtool.tournament import director

    state, _ = run_change(
        ctx, lambda s, now, rng, choose: director.button(s, table, seat), yes=True
    )
    occupant = state.plan.players_at(table).get(seat)
    if json_out:
        emit_json({"table": table, "button": seat, "player": occupant})
        return
    who = f" ({occupant})" if occupant else " (an empty seat: dead button)"
    typer.echo(f"Button recorded at Table {table}, seat {seat}{who}.")


def _count(n: int, noun: str) -> str:
    """'1 table', '3 tables'."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
