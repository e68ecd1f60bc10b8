"""What names a tournament: a file's path or a `postgresql://` URL, told apart in one place.

Kept apart from the stores so that parsing `--db` costs a command nothing at start-up.
"""

from __future__ import annotations

from pathlib import Path


def is_url(target: object) -> bool:
    """Whether `target` names a PostgreSQL tournament (`postgresql://...`) rather than a file."""
    return str(target).startswith(("postgresql://", "postgres://"))


def parse_target(text: str | Path) -> Path | str:
    """What `--db`, TDTOOL_DB or a flight names, parsed once at the edge: a `postgresql://`
    URL stays text (a Path would fold its '//'), anything else is a file's path."""
    return str(text) if is_url(text) else Path(text)
