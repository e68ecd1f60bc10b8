"""`tdtool players ...`: the registry of regulars across tournaments."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tdtool.cli._app import App
from tdtool.cli._db import JsonOpt, registry_at

if TYPE_CHECKING:
    from tdtool.tournament.registry import RegistryPlayer

HELP = (
    "The player registry: regulars who come back, each with an id (#104), their name as"
    " they write it, aliases and contact details, across every tournament.\n\n"
    "It is one file, players.tdreg beside the tournaments (or --registry FILE, or"
    " TDTOOL_REGISTRY), or the festival's PostgreSQL database with a postgresql:// --db."
    " Once it exists, `tdtool player add` matches typed names against it.\n\n"
    "Example: tdtool players add 'José García' --email jose@example.org"
)
"""The help of `tdtool players` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)

WhoArg = Annotated[
    str, typer.Argument(help="A name, an alias, or the id (#104).", show_default=False)
]


def _line(p: RegistryPlayer) -> str:
    aka = f" (also {', '.join(p.aliases)})" if p.aliases else ""
    return f"#{p.id}  {p.name}{aka}"


@app.command("add")
def add(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The name as they write it.", show_default=False)],
    email: Annotated[str | None, typer.Option(help="E-mail address.", show_default=False)] = None,
    phone: Annotated[str | None, typer.Option(help="Phone number.", show_default=False)] = None,
    alias: Annotated[
        list[str] | None,
        typer.Option(
            "--alias", help="Another name they go by (repeat for several).", show_default=False
        ),  # fmt: skip
    ] = None,
    another: Annotated[
        bool,
        typer.Option(
            "--another",
            metavar="",
            help="Add them even though the name is already a player's (another person of"
            " the same name: their ids tell them apart).",
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Add a regular to the registry (made at the first add) and print their id.

    Contact details are kept for the director: they are never on a printed sheet or screen.

    Example: tdtool players add "José García" --alias Pepe --phone "+34 600 123 456"
    """
    from tdtool.app import registry

    result = registry.add(registry_at(ctx), name, email, phone, alias or [], another)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    typer.echo(f"Added {result.player.label} to the registry {result.registry}.")


@app.command("find")
def find(
    ctx: typer.Context,
    text: Annotated[
        str,
        typer.Argument(
            help="A name or part of it (any case, accents or not), or an id; '' lists all.",
            show_default=False,
        ),
    ],
    json_out: JsonOpt = False,
) -> None:
    """Find players by name, alias or id, as the tournament look-ups match names: any case,
    with or without accents, one word of the name or its start.

    Example: tdtool players find garcia
    """
    from tdtool.app import registry

    result = registry.find(registry_at(ctx), text)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    if not result.players:
        typer.echo(f"Nobody in the registry matches {text!r}.")
        raise typer.Exit(1)
    for p in result.players:
        typer.echo(_line(p))


@app.command("show")
def show(
    ctx: typer.Context,
    who: WhoArg,
    league: Annotated[
        list[Path] | None,
        typer.Option(
            "--league",
            help="Also read the events of this league file and show its points (repeat for"
            " several; default: the *.league files in this folder).",
            show_default=False,
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """A player's details and every event they entered: place, prize and league points.

    The events are the tournaments where an entry was linked to them (or to a player merged
    into them) at registration, and the events of the leagues.

    Example: tdtool players show '#104'
    """
    from tdtool.app import registry
    from tdtool.io.league_file import league_files

    leagues = league if league is not None else league_files(Path.cwd())
    result = registry.show(registry_at(ctx), who, leagues)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    p = result.player
    typer.echo(p.label)
    if p.aliases:
        typer.echo(f"Also: {', '.join(p.aliases)}")
    contact = [c for c in (p.email, p.phone) if c]
    if contact:
        typer.echo(f"Contact: {'  '.join(contact)}")
    merged = [i for i in result.ids if i != p.id]
    if merged:
        typer.echo(f"Merged into it: {', '.join(f'#{i}' for i in merged)}")
    if not result.events:
        typer.echo("No event yet (entries are linked at `tdtool player add`).")
    else:
        import datetime

        from tdtool.cli.render import table
        from tdtool.tournament.league import points_text
        from tdtool.tournament.places import ordinal

        rows = []
        for e in result.events:
            day = datetime.datetime.fromtimestamp(e.date).strftime("%Y-%m-%d") if e.date else ""
            points = "; ".join(f"{x.league}: {points_text(x.points)}" for x in e.points)
            place = ordinal(e.place) if e.place else "playing"
            rows.append((day, e.name, e.entries, place, f"{e.prize:,}", points))
        typer.echo(table(rows, ["date", "event", "entries", "place", "prize", "points"],
                         disable_numparse=True, colalign=("left", "left", "right", "right",
                                                          "right", "left")))  # fmt: skip
    for name in result.unreadable:
        typer.echo(f"Not read now: {name} (moved, or its server unreachable).")


@app.command("rename")
def rename(
    ctx: typer.Context,
    who: WhoArg,
    new: Annotated[str, typer.Argument(help="The name as they write it.", show_default=False)],
    drop_old: Annotated[
        bool,
        typer.Option(
            "--drop-old", help="Do not keep the old name as an alias (a typo).", metavar=""
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Change a player's name in the registry; the old one stays an alias unless --drop-old.
    Their past events keep the name they were entered under.

    Example: tdtool players rename '#104' "José García Pérez"
    """
    from tdtool.app import registry

    result = registry.rename(registry_at(ctx), who, new, keep_alias=not drop_old)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    typer.echo(f"{result.old} is now {result.player.label}.")


@app.command("merge")
def merge(
    ctx: typer.Context,
    keep: Annotated[str, typer.Argument(help="The player who stays.", show_default=False)],
    other: Annotated[
        str, typer.Argument(help="The duplicate merged into them.", show_default=False)
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask first.", metavar="")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Make two registry entries one person: KEEP takes OTHER's name and aliases (as aliases)
    and the contact details it lacks; OTHER's id means KEEP from now on, so the events under
    both ids are KEEP's history. Asks first at a terminal.

    Example: tdtool players merge '#104' '#131'
    """
    from tdtool.app import registry
    from tdtool.cli._db import interactive

    at = registry_at(ctx)
    if not yes and not json_out and interactive():
        a, b = registry.merge_plan(at, keep, other)
        if not typer.confirm(f"Merge {b.label} into {a.label}?"):
            typer.echo("Nothing was changed.")
            raise typer.Exit(1)
    result = registry.merge(at, keep, other)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    typer.echo(
        f"Merged {result.gone.label} into {result.kept.label}; #{result.gone.id} means"
        f" {result.kept.name} from now on."
    )
    if result.kept.aliases:
        typer.echo(f"Also: {', '.join(result.kept.aliases)}")


@app.command("import")
def import_(
    ctx: typer.Context,
    csv_file: Annotated[
        Path,
        typer.Argument(
            metavar="CSV",
            help="A CSV with a header naming name (and email, phone, aliases).",
            show_default=False,
        ),
    ],
    json_out: JsonOpt = False,
) -> None:
    """Add the players of a CSV file: a header row naming `name` (or `player`) and
    optionally `email`, `phone`, `aliases` (separated by ;). A bad row adds nobody (FILE:LINE);
    a name already in the registry (to the look-ups) is left out and listed, never merged.

    Example: tdtool players import members.csv
    """
    from tdtool.app import registry

    result = registry.import_csv(registry_at(ctx), csv_file)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    count = len(result.added)
    typer.echo(f"Imported {count} player{'s' * (count != 1)} from {csv_file.name}.")
    for d in result.duplicates:
        typer.echo(f"Left out line {d.line}, {d.name}: already {d.existing}.")


@app.command("log")
def log(
    ctx: typer.Context,
    last: Annotated[int | None, typer.Option(help="Only the last N changes.", min=1)] = None,
    json_out: JsonOpt = False,
) -> None:
    """Every change of the registry: when, who made it (--operator), what.

    Example: tdtool players log --last 20
    """
    import time

    from tdtool.app import registry
    from tdtool.cli.render import table

    entries = registry.log(registry_at(ctx), last)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json([e.to_dict() for e in entries])
        return
    if not entries:
        typer.echo("No change recorded yet.")
        return
    rows = [
        (e.seq, time.strftime("%Y-%m-%d %H:%M", time.localtime(e.at)), e.operator, e.text)
        for e in entries
    ]
    typer.echo(table(rows, ["#", "when", "who", "what"], disable_numparse=True))
