"""The tournament file itself: create one, read its log, take back the last change."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tdtool.errors import InputError
from tdtool.tournament.events import TournamentCreated, describe
from tdtool.tournament.structure import Structure
from tdtool.tournament.terms import Terms


@dataclass(frozen=True)
class Created:
    """A new tournament file."""

    path: Path
    name: str
    structure: Structure
    seats: int

    def to_dict(self) -> dict[str, Any]:
        """`tdtool new --json`."""
        return {"file": str(self.path), "name": self.name, "structure": self.structure.name}


def created_event(
    name: str,
    structure: Structure,
    terms: Terms | None = None,
    seats: int = 9,
    tables: int | None = None,
    break_order: Sequence[int] = (),
) -> TournamentCreated:
    """The first event of a tournament, checked: a name, terms that fit the structure, tables
    numbered once each from 1 up."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InputError("Give the tournament a name, e.g. 'Friday Turbo'.")
    terms = (terms or Terms()).check(len(structure.levels))
    if any(n < 1 for n in break_order) or len(set(break_order)) != len(break_order):
        raise InputError("The break order names each table once, by its number from 1 up.")
    return TournamentCreated(cleaned, structure, terms, seats, tables, tuple(break_order))


def create(
    path: Path,
    name: str,
    structure: str | Structure,
    terms: Terms | None = None,
    seats: int = 9,
    tables: int | None = None,
    break_order: Sequence[int] = (),
) -> Created:
    """Create the tournament file `path` (never over an existing one) from a structure (a
    bundled structure's name, a YAML file, or a Structure) and money terms."""
    from tdtool.io.store import Store

    if isinstance(structure, str):
        from tdtool.io.structure_yaml import load_structure

        structure = load_structure(structure)
    event = created_event(name, structure, terms, seats, tables, break_order)
    with Store.create(path, [event.event()]):
        pass
    return Created(path, event.name, structure, seats)


@dataclass(frozen=True)
class LogLine:
    """One record of the log: an event, when it was recorded and whether it was undone."""

    seq: int
    change: int
    kind: str
    data: dict[str, Any] = field(hash=False)
    at: float
    undone: bool

    @property
    def text(self) -> str:
        """What happened, for a person (each event describes itself; moves take a line each)."""
        return describe(self.kind, self.data)

    def to_dict(self) -> dict[str, Any]:
        """One record of `tdtool log --json`."""
        return {
            "seq": self.seq,
            "change": self.change,
            "kind": self.kind,
            "data": self.data,
            "at": self.at,
            "undone": self.undone,
        }


def log(db: Path, last: int | None = None) -> tuple[LogLine, ...]:
    """Every record of the log (the last `last` only, when given), undone ones included."""
    from tdtool.io.store import Store

    with Store.open(db) as store:
        records = store.log()
    if last is not None:
        records = records[-last:]
    return tuple(
        LogLine(r.event.seq, r.event.change, r.event.kind, r.event.data, r.event.at, r.undone)
        for r in records
    )


@dataclass(frozen=True)
class Undone:
    """The change taken back: its number and its events."""

    change: int
    events: tuple[LogLine, ...]

    def to_list(self) -> list[dict[str, Any]]:
        """`tdtool undo --json`: the events taken back."""
        return [{"seq": e.seq, "kind": e.kind, "data": e.data} for e in self.events]


def undo(db: Path) -> Undone:
    """Take back the last change (all its events); RuleError when only the creation is left."""
    from tdtool.io.store import Store

    with Store.open(db) as store:
        undone = store.undo()
    return Undone(
        undone[0].change,
        tuple(LogLine(e.seq, e.change, e.kind, e.data, e.at, True) for e in undone),
    )
