"""The tournament file itself: create one, read its log, take back the last change."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError
from tdtool.tournament.events import TournamentCreated, describe
from tdtool.tournament.structure import Structure
from tdtool.tournament.terms import Terms

if TYPE_CHECKING:
    from tdtool.io.store_base import Event


@dataclass(frozen=True)
class Created:
    """A new tournament file (or a tournament on a server: `path` is then its URL, shown
    without a password)."""

    path: Path | str
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
    path: Path | str,
    name: str,
    structure: str | Structure,
    terms: Terms | None = None,
    seats: int = 9,
    tables: int | None = None,
    break_order: Sequence[int] = (),
) -> Created:
    """Create the tournament file `path` (never over an existing one) from a structure (a
    bundled structure's name, a YAML file, or a Structure) and money terms."""
    from tdtool.io.store_base import create_store

    if isinstance(structure, str):
        from tdtool.io.structure_yaml import load_structure

        structure = load_structure(structure)
    event = created_event(name, structure, terms, seats, tables, break_order)
    with create_store(path, [event.event()]) as store:
        where: Path | str = store.path
    return Created(where, event.name, structure, seats)


@dataclass(frozen=True)
class LogLine:
    """One record of the log: an event, when it was recorded and whether it was undone."""

    seq: int
    change: int
    kind: str
    data: dict[str, Any] = field(hash=False)
    at: float
    undone: bool
    operator: str = ""
    """Who made the change ('' for changes recorded before operators were)."""

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
            "operator": self.operator,
        }


def log(db: Path, last: int | None = None) -> tuple[LogLine, ...]:
    """Every record of the log (the last `last` only, when given), undone ones included."""
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        records = store.log(last)
    return tuple(_line(r.event, r.undone) for r in records)


@dataclass(frozen=True)
class Verified:
    """What `tdtool log --verify` found: the chain's verdict and the snapshots repaired."""

    events: int
    head: str
    broken_at: int | None
    problem: str
    bad_snapshots: tuple[int, ...]
    """Snapshots that were not the fold of their log (removed when the file is writable)."""

    @property
    def ok(self) -> bool:
        return self.broken_at is None and not self.bad_snapshots

    def to_dict(self) -> dict[str, Any]:
        """`tdtool log --verify --json`."""
        return {
            "ok": self.ok,
            "events": self.events,
            "head": self.head,
            "broken_at": self.broken_at,
            "problem": self.problem or None,
            "bad_snapshots": list(self.bad_snapshots),
        }


def verify_log(db: Path | str) -> Verified:
    """Check the log's hash chain and the snapshots against the log (tdtool.io.chain)."""
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        verdict, bad = store.verify()
    return Verified(verdict.events, verdict.head, verdict.broken_at, verdict.problem, tuple(bad))


def _line(e: Event, undone: bool) -> LogLine:
    return LogLine(e.seq, e.change, e.kind, e.data, e.at, undone, e.operator)


@dataclass(frozen=True)
class Undone:
    """The change taken back: its number, who had made it and its events."""

    change: int
    events: tuple[LogLine, ...]
    operator: str = ""

    def to_list(self) -> list[dict[str, Any]]:
        """`tdtool undo --json`: the events taken back."""
        return [
            {"seq": e.seq, "kind": e.kind, "data": e.data, "operator": e.operator}
            for e in self.events
        ]


@dataclass(frozen=True)
class LastChange:
    """The change `undo` would take back now, and who is asking."""

    change: int
    operator: str
    """Who made it."""
    me: str
    """Who undo would be recorded as made by."""
    events: tuple[LogLine, ...]

    @property
    def someone_elses(self) -> bool:
        """Made by another operator (another laptop): undo asks first."""
        return bool(self.operator) and self.operator != self.me


def last_change(db: Path | str) -> LastChange | None:
    """The change `undo` would take back now (None: only the creation is left)."""
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        store.check_writable()  # undo asks before taking back another's change: refuse first
        events = store.last_change()
        me = store.operator
    if not events:
        return None
    lines = tuple(_line(e, False) for e in events)
    return LastChange(events[0].change, events[0].operator, me, lines)


def undo(db: Path | str, change: int | None = None) -> Undone:
    """Take back the last change (all its events); RuleError when only the creation is left,
    or, with `change`, when the last change is no longer that one (another laptop made one
    since)."""
    from tdtool.errors import RuleError
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        try:
            undone = store.undo(change=change)
        except RuleError:
            origin = store.state().origin
            if origin is None or store.last_change():
                raise
            raise RuleError(
                f"Nothing to undo: Day {origin.day} was made from the flights in one change"
                " (`flights combine`), which only deleting the file takes back; the flights"
                " are unchanged, so delete it and combine them again."
            ) from None
    return Undone(undone[0].change, tuple(_line(e, True) for e in undone), undone[0].operator)
