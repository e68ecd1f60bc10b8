"""Finding and opening the tournament file, shared by every command that uses one.

The file is `--db PATH` (or the environment variable TDTOOL_DB, through the same option)
when given; otherwise the one `*.tdtool` file in the current folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from tdtool.io.store import Store

SUFFIX = ".tdtool"


def db_path(ctx: typer.Context) -> Path:
    """The tournament file this command works on (InputError when there is none or several)."""
    from tdtool.errors import InputError

    obj: Any = ctx.find_root().obj or {}
    given = obj.get("db") if isinstance(obj, dict) else None
    if given is not None:
        return Path(given)
    found = sorted(Path.cwd().glob(f"*{SUFFIX}"))
    if not found:
        raise InputError(
            "No tournament file (*.tdtool) in this folder; create one with"
            " `tdtool new NAME --structure S`, or pass --db FILE."
        )
    if len(found) > 1:
        names = ", ".join(p.name for p in found)
        raise InputError(
            f"This folder holds several tournament files ({names}); pick one with --db FILE"
            " or the environment variable TDTOOL_DB."
        )
    return found[0]


def open_store(ctx: typer.Context) -> Store:
    """Open the tournament file of this command (use it in a `with` block)."""
    from tdtool.io.store import Store

    return Store.open(db_path(ctx))


def slug(name: str) -> str:
    """A file name for a tournament called `name`: 'Friday Deepstack' -> 'friday-deepstack'.

    >>> slug("Friday Deepstack #3")
    'friday-deepstack-3'
    """
    import re

    text = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return text or "tournament"
