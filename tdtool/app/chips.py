"""Chip counts: record them (typed or from a CSV of bagged counts), take chips out of play
(race-offs), and the chip summary (leader, big blinds, average, the check against the sold)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tdtool.app.change import read_state_at, run_change
from tdtool.tournament.chip_counts import ChipSummary, chip_summary, record_counts, remove_chips
from tdtool.tournament.state import State, clock_reading


def big_blind_now(state: State, now: float) -> int | None:
    """The big blind of the level being played (the next level's on a break)."""
    if state.structure is None:
        return None
    return clock_reading(state, now).level.big_blind


def summary_of(state: State, now: float) -> ChipSummary:
    """The chip summary of `state` at wall time `now` (big blinds of the level then)."""
    return chip_summary(state, big_blind_now(state, now))


@dataclass(frozen=True)
class CountsRecorded:
    """Counts recorded in one change, and what all the counts say now."""

    counts: tuple[tuple[str, int], ...]
    """(name, chips) as recorded (names as registered)."""
    source: str
    summary: ChipSummary

    def to_dict(self) -> dict[str, Any]:
        """`tdtool player chips --json`."""
        return {
            "recorded": [{"name": n, "chips": c} for n, c in self.counts],
            "source": self.source or None,
            "chips": self.summary.to_dict(),
        }


def record(
    db: Path,
    counts: Sequence[tuple[str, int]] = (),
    csv: Path | None = None,
    csv_shown: str | None = None,
) -> CountsRecorded:
    """Record chip counts as one change: `counts` typed, and/or the rows of the CSV `csv`
    (each bad row named FILE:LINE; nothing is recorded on any error)."""
    where: list[str | None] = [None] * len(counts)
    given = list(counts)
    source = ""
    if csv is not None:
        from tdtool.io.chip_counts_csv import read_counts

        rows = read_counts(csv, csv_shown)
        given += [(r.name, r.chips) for r in rows]
        where += [r.where for r in rows]
        source = csv.name
    change = run_change(db, lambda s, now, rng, choose: record_counts(s, given, source, where))
    data = change.events[0].data
    recorded = tuple((c["name"], int(c["chips"])) for c in data["counts"])
    return CountsRecorded(recorded, source, summary_of(change.state, change.events[0].at))


@dataclass(frozen=True)
class ChipsTakenOut:
    """Chips taken out of play, and what the counts say now."""

    chips: int
    reason: str
    summary: ChipSummary

    def to_dict(self) -> dict[str, Any]:
        """`tdtool chips remove --json`."""
        return {"removed": self.chips, "reason": self.reason, "chips": self.summary.to_dict()}


def remove(db: Path, chips: int, reason: str = "") -> ChipsTakenOut:
    """Take `chips` out of play (a race-off at a colour-up, chips removed by a ruling)."""
    change = run_change(db, lambda s, now, rng, choose: remove_chips(s, chips, reason))
    data = change.events[0].data
    return ChipsTakenOut(
        int(data["chips"]), str(data["reason"]), summary_of(change.state, change.events[0].at)
    )


@dataclass(frozen=True)
class Raced:
    """A colour-up's chip race recorded, and what the counts say now."""

    race: Any
    """The `tdtool.tournament.chip_race.ChipRace`."""
    summary: ChipSummary
    language: str = "en"
    """The tournament's language (the dealers' sheet is printed in it)."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool chips race --json`."""
        return {**self.race.to_dict(), "chips": self.summary.to_dict()}


def race(db: Path, race: int, up: int, held: dict[str, int]) -> Raced:
    """Colour up the `race` chips into `up` chips at every table and race the odd ones
    (TDA 24); recorded, so the chip check follows (`undo` takes it back)."""
    from tdtool.tournament.chip_counts import race_chips
    from tdtool.tournament.events import ChipsRaced

    change = run_change(db, lambda s, now, rng, choose: race_chips(s, race, up, held, rng))
    event = change.events[0]
    from tdtool.i18n import language_of

    raced = ChipsRaced.from_dict(event.data).race
    return Raced(raced, summary_of(change.state, event.at), language_of(change.state))


def summary(db: Path) -> ChipSummary:
    """The chip summary of the tournament in `db` now."""
    state, now = read_state_at(db)
    return summary_of(state, now)
