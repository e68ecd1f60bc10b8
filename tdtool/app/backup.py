"""A consistent copy of a tournament file, taken while the tournament is in use."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class BackedUp:
    """A backup written."""

    source: Path
    path: Path
    name: str
    changes: int
    """Changes recorded in the copy (the number of the last one)."""
    size: int
    """Bytes written."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool backup --json`."""
        return {
            "file": str(self.path),
            "from": str(self.source),
            "name": self.name,
            "changes": self.changes,
            "bytes": self.size,
        }


def backup(db: Path, dest: Path, force: bool = False) -> BackedUp:
    """Copy the tournament file `db` to `dest` as of now (InputError if `dest` exists and
    not `force`, or cannot be written)."""
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        written = store.backup(dest, force=force)
    with open_store(written) as copy:
        log = copy.log()
        name = copy.state().name
    return BackedUp(db, written, name, log[-1].event.change if log else 0, written.stat().st_size)
