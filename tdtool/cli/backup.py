"""`tdtool backup FILE`: a consistent copy of the tournament file, even while it is in use."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tdtool.cli._db import JsonOpt, db_path


def backup(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="The copy to write, e.g. friday-backup.tdtool.")],
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite FILE if it exists.", metavar="")
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Copy the tournament file as it is now, safely while clocks and terminals use it.

    The copy holds every change committed so far (SQLite's online backup: never half a
    change) and opens like the original. An existing FILE is kept unless --force.

    Example: tdtool backup backups/friday-2100.tdtool
    """
    from tdtool.app.backup import backup as copy
    from tdtool.cli.render import emit_json

    done = copy(db_path(ctx), file, force)
    if json_out:
        emit_json(done.to_dict())
        return
    typer.echo(
        f"Backed up {done.name} ({done.changes:,} changes, {done.size / 1e6:.1f} MB)"
        f" to {done.path}."
    )
