"""`tdtool player ...`: register, list, bust, re-enter, rebuy, add-on."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

from tdtool.cli._db import JsonOpt, YesOpt, open_store, run_change

HELP = (
    "Players: registration, bust-outs, re-entries, rebuys, add-ons.\n\n"
    "Example: tdtool player bust Anna"
)
"""The help of `tdtool player` (read by `tdtool --help` without building the commands)."""

app = typer.Typer(help=HELP, no_args_is_help=True)


def player_rows(state: Any) -> list[dict[str, Any]]:
    """`tdtool player list --json`: one row per player (their current entry)."""
    rows = []
    for p in state.players.values():
        place = state.place(p.name)
        seat = state.plan.seat_of(p.name)
        rows.append(
            {
                "name": p.name,
                "status": state.status(p.name),
                "table": seat.table if seat else None,
                "seat": seat.seat if seat else None,
                "place": place.place if place else None,
                "tied": place.tied if place and place.tied > 1 else None,
                "entries": p.entries,
                "rebuys": p.rebuys,
                "addons": p.addons,
            }
        )
    return rows


@app.command("add")
def add(
    ctx: typer.Context,
    names: Annotated[list[str], typer.Argument(help="One or more players' names.")],
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Register entries. After the draw each new entry gets a seat at once (TDA 8A).

    Example: tdtool player add Anna Ben "Carla M"
    """
    from tdtool.cli._moves import move_lines, recorded_moves
    from tdtool.cli.render import emit_json
    from tdtool.tournament import director

    state, events = run_change(
        ctx,
        lambda s, now, rng, choose: director.register(s, names, now, rng, choose),
        yes=yes or json_out,
    )
    added = [e.data["name"] for e in events if e.kind == "player.registered"]
    if json_out:
        emit_json(
            {
                "added": [_where(state, n) for n in added],
                "moves": recorded_moves(events),
            }
        )
        return
    moves = recorded_moves(events)
    typer.echo(f"Registered {', '.join(added)}.")
    if moves:
        typer.echo("\n".join(move_lines(moves)))
    entries = "1 entry" if state.entries == 1 else f"{state.entries} entries"
    players = "1 player" if state.players_left == 1 else f"{state.players_left} players"
    typer.echo(f"{entries}, {players} in.")


def _where(state: Any, name: str) -> dict[str, Any]:
    seat = state.plan.seat_of(name)
    return {
        "name": name,
        "table": seat.table if seat else None,
        "seat": seat.seat if seat else None,
    }


def _parse_stacks(text: str | None) -> list[int] | None:
    from tdtool.errors import InputError

    if text is None:
        return None
    parts = [p for p in text.replace(",", " ").split() if p]
    try:
        stacks = [int(p.replace("_", "")) for p in parts]
    except ValueError:
        raise InputError(
            f"--stacks {text!r}: give whole chip counts separated by commas, e.g. 12000,8500."
        ) from None
    if any(n < 0 for n in stacks):
        raise InputError("--stacks: chip counts cannot be negative.")
    return stacks


@app.command("bust")
def bust(
    ctx: typer.Context,
    names: Annotated[list[str], typer.Argument(help="The player(s) out in this hand.")],
    stacks: Annotated[
        str | None,
        typer.Option(
            help="Chips each had at the start of the hand, in the same order: 12000,8500."
        ),
    ] = None,
    hand_for_hand: Annotated[
        bool,
        typer.Option("--hand-for-hand", help="Busts at different tables in this hand tie (RP-8)."),
    ] = False,
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Eliminate players busted in one hand: record their places and apply the moves that follow.

    Several names: busted in the same hand; the one with more chips at the start of the
    hand finishes higher (--stacks), equal stacks tie. Then the tables are balanced (TDA 11),
    broken (TDA 10B) or the final table is formed (RP-9), and the moves are printed.

    Example: tdtool player bust Anna Ben --stacks 12000,8500
    """
    from tdtool.cli._moves import move_lines, recorded_moves
    from tdtool.cli.render import emit_json
    from tdtool.tournament import director
    from tdtool.tournament.places import ordinal
    from tdtool.tournament.state import registration_open, stale_buttons

    chips = _parse_stacks(stacks)
    state, events = run_change(
        ctx,
        lambda s, now, rng, choose: director.bust(s, names, rng, chips, hand_for_hand, choose),
        yes=yes or json_out,
    )
    busted = next(e for e in events if e.kind == "player.busted").data["players"]
    moves = recorded_moves(events)
    out = []
    for b in busted:
        place = state.place(b["name"])
        out.append(
            {
                "name": b["name"],
                "place": place.place,
                "through": place.place + place.tied - 1,
            }
        )
    winner = state.winner()
    h4h = director.hand_for_hand_next(state)
    if json_out:
        emit_json(
            {
                "busted": out,
                "moves": moves,
                "players_left": state.players_left,
                "tables": len(state.tables),
                "winner": winner,
                "hand_for_hand_next": h4h,
            }
        )
        return
    for b in out:
        shared = (
            f" (tied: places {b['place']}-{b['through']} share their prizes)"
            if b["through"] != b["place"]
            else ""
        )
        typer.echo(f"{b['name']} is out in {ordinal(b['place'])} place{shared}.")
    if not winner and registration_open(state, time.time()):
        typer.echo(
            "(Late registration is open: places move down as new entries arrive and settle"
            " when it closes.)"
        )
    if moves:
        typer.echo("\n".join(move_lines(moves)))
    for table, minutes in stale_buttons(state, moves, time.time()).items():
        typer.echo(
            f"Check: Table {table}'s button was recorded {minutes} minutes ago. If it has moved"
            f" since, `tdtool undo`, record it with `tdtool seat button {table} SEAT` and bust"
            " again."
        )
    if h4h:
        typer.echo(
            f"The bubble: {state.players_left} players left and one fewer is paid. Play the next"
            " hand hand-for-hand (RP-8) and record its busts together with --hand-for-hand."
        )
    if winner:
        typer.echo(f"{winner} wins the tournament!")
    else:
        tables = len(state.tables)
        typer.echo(
            f"{state.players_left} players left at {tables} table{'' if tables == 1 else 's'}."
        )


@app.command("list")
def list_(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """Every player: name, table, seat, status, finishing place.

    Example: tdtool player list --json
    """
    from tdtool.cli.render import emit_json, table

    with open_store(ctx) as store:
        state = store.state()
    rows = player_rows(state)
    if json_out:
        emit_json(
            [
                {
                    k: r[k]
                    for k in (
                        "name",
                        "status",
                        "table",
                        "seat",
                        "place",
                        "entries",
                        "rebuys",
                        "addons",
                    )
                }
                | ({"tied": r["tied"]} if r["tied"] else {})
                for r in rows
            ]
        )
        return
    if not rows:
        typer.echo("No players yet; register them with `tdtool player add NAME...`.")
        return

    def place(r: dict[str, Any]) -> str:
        if r["place"] is None:
            return ""
        return f"{r['place']}" + (f" (tie of {r['tied']})" if r["tied"] else "")

    typer.echo(
        table(
            [
                (
                    r["name"],
                    r["status"],
                    r["table"] or "",
                    r["seat"] or "",
                    place(r),
                    r["entries"],
                    r["rebuys"] or "",
                    r["addons"] or "",
                )
                for r in rows
            ],
            ["player", "status", "table", "seat", "place", "entries", "rebuys", "add-ons"],
        )
    )


@app.command("reenter")
def reenter(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The busted player entering again.")],
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """A busted player enters again (if the terms allow re-entry and registration is open).

    Example: tdtool player reenter Anna
    """
    from tdtool.cli._moves import move_lines, recorded_moves
    from tdtool.cli.render import emit_json
    from tdtool.tournament import director

    state, events = run_change(
        ctx,
        lambda s, now, rng, choose: director.reenter(s, name, now, rng, choose),
        yes=yes or json_out,
    )
    p = state.player(name)
    if json_out:
        emit_json({**_where(state, p.name), "entries": p.entries, "moves": recorded_moves(events)})
        return
    typer.echo(f"{p.name} re-entered (entry {p.entries}).")
    moves = recorded_moves(events)
    if moves:
        typer.echo("\n".join(move_lines(moves)))


@app.command("rebuy")
def rebuy(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The player buying chips.")],
    json_out: JsonOpt = False,
) -> None:
    """A player still in buys a rebuy (per the terms, until the rebuy period ends).

    Example: tdtool player rebuy Anna
    """
    from tdtool.cli.render import emit_json
    from tdtool.tournament import director

    state, _ = run_change(ctx, lambda s, now, rng, choose: director.rebuy(s, name, now), yes=True)
    p = state.player(name)
    if json_out:
        emit_json({"name": p.name, "rebuys": p.rebuys, "chips": state.rebuy_chips})
        return
    typer.echo(f"{p.name} rebought: give {state.rebuy_chips:,} chips (rebuy {p.rebuys}).")


@app.command("addon")
def addon(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The player taking the add-on.")],
    json_out: JsonOpt = False,
) -> None:
    """A player still in takes the add-on (once per entry).

    Example: tdtool player addon Anna
    """
    from tdtool.cli.render import emit_json
    from tdtool.tournament import director

    state, _ = run_change(ctx, lambda s, now, rng, choose: director.addon(s, name, now), yes=True)
    p = state.player(name)
    if json_out:
        emit_json({"name": p.name, "addons": p.addons, "chips": state.addon_chips})
        return
    typer.echo(f"{p.name} took the add-on: give {state.addon_chips:,} chips.")
