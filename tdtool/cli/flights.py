"""`tdtool flights ...`: a day played in several flights, combined into the next day."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tdtool.cli._app import App
from tdtool.cli._db import JsonOpt, given_db

HELP = (
    "Flights: a Day 1 played in several flights (1A, 1B, 1C), each its own tournament file"
    " with its own field and clock, combined into one Day 2.\n\n"
    "Each flight is a tournament of its own (`tdtool --db 1a.tdtool new 'Main Day 1A'`), all"
    " with the same structure and money terms; play it to the end of its day (the clock stops"
    " by itself, or `clock end-day`) and record the bags with `player chips`.\n\n"
    "Example: tdtool flights combine 1a.tdtool 1b.tdtool --name 'Main Day 2'"
)
"""The help of `tdtool flights` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)


def _target(text: str) -> Path | str:
    """A flight given on the command line: a PostgreSQL URL stays text, a file is a Path."""
    from tdtool.io.targets import parse_target

    return parse_target(text)


@app.command("combine")
def combine(
    ctx: typer.Context,
    flights: Annotated[
        list[str],
        typer.Argument(
            help="Each flight's tournament file (or PostgreSQL URL), in the order they played.",
            show_default=False,
        ),
    ],
    name: Annotated[
        str, typer.Option("--name", help="The new day's name, e.g. 'Main Event Day 2'.")
    ],
    flight_reentry: Annotated[
        str | None,
        typer.Option(
            "--flight-reentry",
            help="A player who bagged in several flights advances with the best stack (best),"
            " the last flight's (last) or the first one's (first); forbid: refuse a player"
            " entered in two flights. Default: the flights' term (best).",
            show_default=False,
        ),
    ] = None,
    seats: Annotated[
        int | None,
        typer.Option(help="Seats per table (default: the flights').", min=2, max=11),
    ] = None,
    tables: Annotated[
        int | None,
        typer.Option(help="Tables available (default: as many as the field needs).", min=1),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show who advances; write nothing.", metavar="")
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Create the next day's tournament from the flights whose day has ended.

    Every player left in a flight advances with the chips they bagged (recorded with
    `tdtool player chips`); a player who bagged in several flights advances once, by the
    re-entry rule. Seats are drawn at random, tables filled evenly; the clock waits at the
    level the flights ended, with the time they had left. The prize pool and payouts are the
    event's: every flight's entries, rebuys and add-ons. The new file is NAME's slug with
    .tdtool in this folder, or --db FILE (or a PostgreSQL URL).

    Example: tdtool flights combine 1a.tdtool 1b.tdtool --name "Main Day 2"
    """
    from tdtool.app.flights import combine as make
    from tdtool.cli.render import emit_json
    from tdtool.errors import InputError
    from tdtool.tournament.terms import FLIGHT_RULES

    if flight_reentry is not None and flight_reentry not in FLIGHT_RULES:
        raise InputError(
            f"Invalid value for '--flight-reentry': {flight_reentry!r}; give one of"
            f" {', '.join(FLIGHT_RULES)}."
        )
    if not name.strip():
        raise InputError("--name: give the new day a name, e.g. 'Main Event Day 2'.")
    from tdtool.app.files import new_target

    path: Path | str = new_target(name, given_db(ctx), Path.cwd())
    targets = [_target(f) for f in flights]
    if isinstance(path, Path) and any(
        isinstance(t, Path) and t.resolve() == path.resolve() for t in targets
    ):
        raise InputError(f"--db {path.name} is one of the flights; give the new day its own file.")
    result = make(None if dry_run else path, targets, name, flight_reentry, seats, tables)
    if not dry_run:
        _note_in_registry(ctx, path)
    if json_out:
        emit_json(result.to_dict())
        return
    typer.echo("\n".join(combined_lines(result.to_dict(), dry_run)))


def _note_in_registry(ctx: typer.Context, made: Path | str) -> None:
    """The next day's entries keep the flights' registry ids: note the day in the registry
    (if there is one), so `tdtool players show` lists it."""
    from tdtool.cli._db import operator, registry_given
    from tdtool.io.registry_where import default_target, exists

    target = default_target(registry_given(ctx), made, Path.cwd())
    if exists(target):
        from tdtool.app.registry import note_tournament

        note_tournament(made, target, operator(ctx))


def combined_lines(data: dict[str, Any], dry_run: bool) -> list[str]:
    """What `flights combine` says: the flights, who advances, forfeited bags, the draw."""
    from tdtool.tournament.clock import format_seconds
    from tdtool.tournament.events import with_source

    head = "Would create" if dry_run else "Created"
    where = "" if data["file"] is None else f" in {data['file']}"
    lines = [
        f"{head} {data['name']}{where}: Day {data['day']} of {data['entries']:,} entries"
        f" from {len(data['flights'])} flights."
    ]
    for f in data["flights"]:
        lines.append(
            f"  {with_source(f['name'], f['source'])}: {f['entries']:,} entries, {f['survivors']:,}"
            f" bagged, {f['advancing']:,} advance."
        )
        off = f["bagged"] - f["chips_in_play"] if f["chips_in_play"] is not None else 0
        if off:
            lines.append(
                f"  Check the bags of {f['name']}: they add up to {f['bagged']:,},"
                f" {abs(off):,} {'over' if off > 0 else 'short of'} the {f['chips_in_play']:,}"
                f" in play (`tdtool --db {f['source']} chips show`); they advance as recorded."
            )
    rule = {
        "best": "the best stack advances",
        "last": "the last flight's stack advances",
        "first": "the first bag advances",
        "forbid": "one flight per player",
    }[data["rule"]]
    lines.append(
        f"{len(data['players']):,} players advance with {data['chips']:,} chips"
        f" (re-entry across flights: {rule})."
    )
    for b in data["forfeited"]:
        kept = next(p for p in data["players"] if p["name"].casefold() == b["name"].casefold())
        lines.append(
            f"  {b['name']} also bagged {b['chips']:,} in {b['flight']}: that bag does not"
            f" advance ({kept['chips']:,} from {kept['flight']} does)."
        )
    if data["note"]:
        lines.append(data["note"])
    left = format_seconds(data["seconds_left"])
    lines.append(f"Day {data['day']} resumes at level {data['level']} with {left} left.")
    if data["tables"]:
        counts = ", ".join(f"T{t['table']}: {t['players']}" for t in data["tables"])
        n = len(data["tables"])
        lines.append(f"Seats drawn at random: {n} table{'s' if n != 1 else ''} ({counts}).")
        lines.append(
            "Next: `tdtool seat show` (or `tdtool seat print`) for the seat list, then"
            " `tdtool clock start` when play begins."
        )
    else:
        lines.append("Nothing was written (--dry-run).")
    return lines
