"""Small tournaments built in code, for the store and tournament tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tdtool.io.store import Store
from tdtool.tournament.state import structure_to_dict
from tdtool.tournament.structure import Break, Level, Structure
from tdtool.tournament.terms import Terms

STRUCTURE = Structure(
    "Test Turbo",
    10_000,
    (
        Level(1, 50, 100, 15),
        Level(2, 100, 200, 15),
        Break(10, (25,)),
        Level(3, 150, 300, 15, bb_ante=300),
        Level(4, 200, 400, 15, bb_ante=400),
    ),
    late_registration=2,
)


def created(
    name: str = "Test Cup", seats: int = 9, tables: int | None = None, **terms: Any
) -> dict[str, Any]:
    """The data of a `tournament.created` event."""
    return {
        "name": name,
        "structure": structure_to_dict(STRUCTURE),
        "terms": Terms(**terms).to_dict(),
        "seats": seats,
        "tables": tables,
    }


def make(path: Path, **kwargs: Any) -> Path:
    """Create a tournament file at `path` and return the path."""
    with Store.create(path, [("tournament.created", created(**kwargs))]):
        pass
    return path
