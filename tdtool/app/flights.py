"""Flights: read each flight's tournament, check them, and create the next day's tournament
(`tdtool flights combine`), or show what it would be (`--dry-run`)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tdtool.errors import InputError, RuleError
from tdtool.tournament.clock import ClockStatus
from tdtool.tournament.flights import (
    DayPlan,
    FlightDay,
    bagged,
    next_day_events,
    plan_next_day,
)
from tdtool.tournament.state import State, clock_reading


def _label(target: Path | str) -> str:
    """A flight as messages name it: the file as given, or the URL without its password."""
    if isinstance(target, Path):
        return str(target)
    from tdtool.io.store_pg import safe_url

    return safe_url(target)


def read_flight(target: Path | str) -> FlightDay:
    """One flight as it stands now: InputError naming it when it cannot be read."""
    from tdtool.io.store_base import open_store

    label = _label(target)
    if isinstance(target, Path) and not target.is_file():
        what = "is a folder" if target.is_dir() else "does not exist"
        raise InputError(f"Flight {label} {what}; give each flight's tournament file.")
    try:
        with open_store(target) as store:
            state: State = store.state()
            now = store.now()
    except InputError as exc:
        raise InputError(f"Flight {label}: {exc}") from None
    return flight_day(state, now, label)


def flight_day(state: State, now: float, source: str) -> FlightDay:
    """What the next day needs from a flight's state at `now`."""
    if state.structure is None:  # pragma: no cover - every file is created with one
        raise InputError(f"Flight {source} has no structure.")
    reading = clock_reading(state, now)
    survivors = tuple(
        (p.name, getattr(p, "chips", None)) for p in state.players.values() if not p.busted
    )
    return FlightDay(
        source=source,
        name=state.name,
        structure=state.structure,
        terms=state.terms,
        entries=state.event_entries,
        rebuys=state.event_rebuys,
        addons=state.event_addons,
        registered=tuple(p.name for p in state.players.values()),
        player_ids=tuple(
            (p.name, p.player_id) for p in state.players.values() if p.player_id is not None
        ),
        survivors=survivors,
        day=reading.day,
        day_ended=reading.day_ended,
        level=reading.level.number,
        seconds_left=reading.remaining_seconds,
        period_index=reading.period_index,
        seats=state.seats_per_table,
        created_at=state.created_at,
        chips_in_play=state.total_chips,
        started=reading.status is not ClockStatus.NOT_STARTED,
    )


def _refuse_a_file_given_twice(flights: Sequence[Path | str]) -> None:
    """InputError when one file is given twice under two names (day-1a.tdtool and
    ./flights/../day-1a.tdtool, or its absolute path)."""
    seen: dict[Path, Path] = {}
    for target in flights:
        if not isinstance(target, Path) or not target.is_file():
            continue
        earlier = seen.setdefault(target.resolve(), target)
        if earlier is not target and str(earlier) != str(target):
            raise InputError(
                f"Flight {target} is {earlier} again (the same file); give each flight once."
            )


@dataclass(frozen=True)
class Combined:
    """The next day made (or, on a dry run, planned) from the flights."""

    path: Path | str | None
    """Where the new tournament is (None on a dry run)."""
    name: str
    plan: DayPlan
    tables: tuple[tuple[int, int], ...] = ()
    """(table, players) of the draw."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool flights combine --json` (docs/cli.md)."""
        p = self.plan
        return {
            "file": None if self.path is None else str(self.path),
            "name": self.name,
            "day": p.day,
            "rule": p.rule,
            "entries": p.entries,
            "flights": [
                {
                    "name": f.name,
                    "source": f.source,
                    "entries": f.entries,
                    "survivors": len(f.survivors),
                    "advancing": sum(1 for b in p.advancing if b.flight == f.name),
                    "bagged": bagged(f),
                    "chips_in_play": f.chips_in_play,
                }
                for f in p.flights
            ],
            "players": [
                {"name": b.name, "chips": b.chips, "flight": b.flight} for b in p.advancing
            ],
            "forfeited": [
                {"name": b.name, "chips": b.chips, "flight": b.flight} for b in p.forfeited
            ],
            "chips": sum(b.chips for b in p.advancing),
            "level": p.level,
            "seconds_left": p.seconds_left,
            "tables": [{"table": t, "players": n} for t, n in self.tables],
            "note": p.resume_note or None,
        }


def combine(
    path: Path | str | None,
    flights: Sequence[Path | str],
    name: str,
    rule: str | None = None,
    seats: int | None = None,
    tables: int | None = None,
) -> Combined:
    """Create the next day's tournament at `path` from the flights (None: only plan it);
    nothing is written when a flight cannot be read or the flights do not combine."""
    from tdtool.app.tournament import created_event
    from tdtool.io.store_base import create_store

    _refuse_a_file_given_twice(flights)
    read = [read_flight(f) for f in flights]
    plan = plan_next_day(read, rule)
    seats = seats or read[0].seats
    import dataclasses

    # Where the flights' day ended (--day-ends-at/--day-ends-after) was Day 1's: the next day
    # ends where its structure says, or where the director sets it with `terms`.
    terms = dataclasses.replace(
        plan.flights[0].terms,
        flight_reentry=plan.rule,
        day_ends_at=None,
        day_ends_after=None,
    )
    created = created_event(name, read[0].structure, terms, seats, tables)
    try:  # a dry run draws too (and throws the draw away): it refuses what the real one would
        events = next_day_events(plan, created, random.Random(secrets.randbits(64)))
    except RuleError as exc:  # the draw: too few tables for the players who advance
        if tables is None:
            raise
        raise InputError(
            f"--tables {tables}: {exc.wrong.rstrip(';')}; give flights combine more --tables"
            " (or more --seats)."
        ) from None
    if path is None:
        return Combined(None, created.name, plan)
    with create_store(path, events) as store:
        where: Path | str = store.path
        state: State = store.state()
    plan_tables = tuple((t, state.plan.count(t)) for t in state.plan.open_tables())
    return Combined(where, created.name, plan, plan_tables)
