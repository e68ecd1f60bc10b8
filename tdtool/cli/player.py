"""`tdtool player ...`: register, list, bust, re-enter, rebuy, add-on."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tdtool.cli._db import open_store

app = typer.Typer(
    help="Players: registration, bust-outs, re-entries, rebuys, add-ons.", no_args_is_help=True
)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def _change(ctx: typer.Context, build: Any) -> tuple[Any, list[Any]]:
    """Run `build(state, now) -> events` as one change; return the new state and the events."""
    from tdtool.tournament.state import fold

    with open_store(ctx) as store, store.transaction() as tx:
        for kind, data in build(tx.state(), tx.now):
            tx.append(kind, data)
        return fold(tx.events()), tx.appended


def player_rows(state: Any) -> list[dict[str, Any]]:
    """`tdtool player list --json`: one row per player (their current entry)."""
    rows = []
    for p in state.players.values():
        place = state.place(p.name)
        rows.append(
            {
                "name": p.name,
                "status": p.status,
                "table": p.seat[0] if p.seat else None,
                "seat": p.seat[1] if p.seat else None,
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
    json_out: JsonOpt = False,
) -> None:
    """Register entries. After the draw each new entry gets a seat at once.

    Example: tdtool player add Anna Ben "Carla M"
    """
    from tdtool.cli.render import emit_json
    from tdtool.tournament import director

    state, events = _change(ctx, lambda s, now: director.register(s, names, now))
    added = [e.data["name"] for e in events if e.kind == "player.registered"]
    seated = {
        e.data["name"]: (e.data["table"], e.data["seat"])
        for e in events
        if e.kind == "player.seated"
    }
    if json_out:
        emit_json(
            [
                {
                    "name": n,
                    "table": seated.get(n, (None,))[0],
                    "seat": seated.get(n, (None, None))[1],
                }
                for n in added
            ]
        )
        return
    for n in added:
        where = f": Table {seated[n][0]}, seat {seated[n][1]}" if n in seated else ""
        typer.echo(f"Registered {n}{where}.")
    typer.echo(f"{state.entries} entries, {state.players_left} players in.")


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
    json_out: JsonOpt = False,
) -> None:
    """A busted player enters again (if the terms allow re-entry and registration is open).

    Example: tdtool player reenter Anna
    """
    from tdtool.cli.render import emit_json
    from tdtool.tournament import director

    state, events = _change(ctx, lambda s, now: director.reenter(s, name, now))
    p = state.player(name)
    if json_out:
        emit_json(
            {
                "name": p.name,
                "entries": p.entries,
                "table": p.seat[0] if p.seat else None,
                "seat": p.seat[1] if p.seat else None,
            }
        )
        return
    where = f": Table {p.seat[0]}, seat {p.seat[1]}" if p.seat else ""
    typer.echo(f"{p.name} re-entered (entry {p.entries}){where}.")


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

    state, _ = _change(ctx, lambda s, now: director.rebuy(s, name, now))
    p = state.player(name)
    chips = state.terms.rebuy_chips or (state.structure.starting_stack if state.structure else 0)
    if json_out:
        emit_json({"name": p.name, "rebuys": p.rebuys, "chips": chips})
        return
    typer.echo(f"{p.name} rebought: give {chips:,} chips (rebuy {p.rebuys}).")


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

    state, _ = _change(ctx, lambda s, now: director.addon(s, name, now))
    p = state.player(name)
    chips = state.terms.addon_chips or (state.structure.starting_stack if state.structure else 0)
    if json_out:
        emit_json({"name": p.name, "addons": p.addons, "chips": chips})
        return
    typer.echo(f"{p.name} took the add-on: give {chips:,} chips.")
