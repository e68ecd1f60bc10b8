"""Where the player registry is, and whether there is one: kept apart from the registry's
store so that `tdtool player add` without a registry pays a file's stat, not the imports."""

from __future__ import annotations

from pathlib import Path

FILE_NAME = "players.tdreg"
"""The registry file's name in a folder of tournaments."""


def default_target(given: Path | str | None, db: Path | str | None, folder: Path) -> Path | str:
    """Where the registry is: `given` (--registry or TDTOOL_REGISTRY); else the festival's
    PostgreSQL database when --db is a URL; else `players.tdreg` beside the tournament file,
    or in `folder`."""
    if given is not None:
        return given
    if isinstance(db, str):
        return db
    if isinstance(db, Path):
        return db.parent / FILE_NAME
    return folder / FILE_NAME


def exists(target: Path | str) -> bool:
    """Whether a registry is there (a file, or its tables in the PostgreSQL database)."""
    if isinstance(target, Path):
        return target.is_file()
    from tdtool.io import registry_pg

    return registry_pg.exists(target)
