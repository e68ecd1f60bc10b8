"""Small tournaments built in code, for the store and tournament tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tdtool.io.store_base import create_store
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
    with create_store(path, [("tournament.created", created(**kwargs))]):
        pass
    return path


def invariant_args(events: Any) -> dict[str, Any]:
    """`check_invariants`' arguments for the plan `events` lead to, as the last change that
    seated or busted players settled it: the spread (`NEW_TABLE_SPREAD` when that change was a
    late entry, re-entry or rebuy that opened a table, TDA 11D: only as many players move
    there as the rules need; else 1) and whether entries were still to come at that change's
    time (`director.entries_to_come`), when a table the players fit without is held open for
    them. The clock may pass the end of late registration after it: nothing is settled again
    until the next bust or entry."""
    from itertools import groupby

    from tdtool.tournament.director import entries_to_come
    from tdtool.tournament.seating import NEW_TABLE_SPREAD
    from tdtool.tournament.state import State, fold

    state = State()
    spread = 1
    late = False
    entries = {"player.registered", "player.reentered", "player.rebuy"}
    for _change, group in groupby(events, key=lambda e: e.change):
        batch = list(group)
        before = set(state.plan.open_tables())
        fold(batch, state)
        kinds = {e.kind for e in batch}
        if kinds & {"seat.moved", "seat.drawn", "player.busted"}:
            opened = set(state.plan.open_tables()) - before
            spread = NEW_TABLE_SPREAD if opened and kinds & entries else 1
            late = entries_to_come(state, batch[-1].at)
    return {"spread": spread, "late_registration": late}
