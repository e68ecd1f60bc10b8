"""Blind/ante structures as values: levels and breaks in the order they are played.

Built by `tdtool.io.structure_yaml` from a file, or directly in code and tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tdtool.game import Game


@dataclass(frozen=True)
class Level:
    """One blind level; numbered 1, 2, 3 ... in play order (breaks are not numbered)."""

    number: int
    small_blind: int
    big_blind: int
    minutes: int
    ante: int = 0
    bb_ante: int = 0
    bets: tuple[int, int] | None = None
    """Limit only: (small bet, big bet); None means (BB, 2 x BB)."""

    @property
    def limit_bets(self) -> tuple[int, int]:
        """The small and big bet of a limit game at this level."""
        return self.bets if self.bets is not None else (self.big_blind, 2 * self.big_blind)


@dataclass(frozen=True)
class Break:
    """A break between levels; `color_up` lists the denominations raced off at it (TDA 24)."""

    minutes: int
    color_up: tuple[int, ...] = ()
    name: str = ""
    """What the sheet and the clock call it, e.g. "Dinner break" ('' : a plain break)."""


@dataclass(frozen=True)
class Day:
    """A day of a multi-day event: its number and the first level played on it.

    A day ends at the end of the level before the next day's first level: the clock stops
    there and the players bag their chips (docs/structure-file.md, "Days").
    """

    number: int
    first_level: int
    start: int | None = None
    """Clock time the day starts, in minutes after midnight (None: as the first day)."""


Period = Level | Break


@dataclass(frozen=True)
class Structure:
    """A whole structure: the starting stack and the levels and breaks in play order."""

    name: str
    starting_stack: int
    periods: tuple[Period, ...]
    game: Game = Game.NO_LIMIT
    chips: tuple[int, ...] = ()
    late_registration: int | None = None
    """The last level at which a player may still register or re-enter."""
    days: tuple[Day, ...] = ()
    """The days of a multi-day event, in order (empty: one day, or days not planned)."""

    @property
    def day_ends(self) -> tuple[int, ...]:
        """The level at the end of which each day but the last ends (the clock stops there).

        >>> s = Structure("x", 1000, (Level(1, 5, 10, 20), Level(2, 10, 20, 20)),
        ...               days=(Day(1, 1), Day(2, 2)))
        >>> s.day_ends
        (1,)
        """
        return tuple(d.first_level - 1 for d in self.days if d.first_level > 1)

    def day_of(self, level: int) -> int:
        """The day on which level `level` is played (1 when the structure plans no days)."""
        day = 1
        for d in self.days:
            if d.first_level <= level:
                day = d.number
        return day

    @cached_property
    def levels(self) -> tuple[Level, ...]:
        """The levels alone, in order (index i holds level i + 1); worked out once, as it is
        read once a level by the check, the clock and the sheets (a 20,000-level file took
        minutes to check when each read went through all the periods again)."""
        return tuple(p for p in self.periods if isinstance(p, Level))

    def level(self, number: int) -> Level:
        """Level `number` (1-based).

        >>> s = Structure("x", 1000, (Level(1, 5, 10, 20), Break(10), Level(2, 10, 20, 20)))
        >>> s.level(2).big_blind
        20
        """
        levels = self.levels
        if not 1 <= number <= len(levels):
            raise IndexError(f"level {number} is not in {self.name!r} (levels 1-{len(levels)})")
        return levels[number - 1]


def start_minutes(structure: Structure) -> tuple[int, ...]:
    """Minutes from the start of play at which each period begins (index as `periods`).

    >>> s = Structure("x", 1000, (Level(1, 5, 10, 20), Break(10), Level(2, 10, 20, 30)))
    >>> start_minutes(s)
    (0, 20, 30)
    """
    starts: list[int] = []
    elapsed = 0
    for period in structure.periods:
        starts.append(elapsed)
        elapsed += period.minutes
    return tuple(starts)


# --- structure <-> JSON (the structure is stored in the log, so the file stands alone) ----------


def structure_to_dict(s: Structure) -> dict[str, Any]:
    """A JSON-ready dict of the structure."""
    periods: list[dict[str, Any]] = []
    for p in s.periods:
        if isinstance(p, Level):
            d: dict[str, Any] = {
                "level": p.number,
                "small_blind": p.small_blind,
                "big_blind": p.big_blind,
                "minutes": p.minutes,
                "ante": p.ante,
                "bb_ante": p.bb_ante,
            }
            if p.bets is not None:
                d["bets"] = list(p.bets)
            periods.append(d)
        else:
            item: dict[str, Any] = {"break": p.minutes, "color_up": list(p.color_up)}
            if p.name:
                item["name"] = p.name
            periods.append(item)
    data: dict[str, Any] = {
        "name": s.name,
        "starting_stack": s.starting_stack,
        "game": str(s.game),
        "chips": list(s.chips),
        "late_registration": s.late_registration,
        "periods": periods,
    }
    if s.days:  # only when planned: a one-day structure is stored as before
        data["days"] = [
            {"day": d.number, "first_level": d.first_level, "start": d.start} for d in s.days
        ]
    return data


def structure_from_dict(d: dict[str, Any]) -> Structure:
    """Rebuild a structure from `structure_to_dict` output."""
    periods: list[Period] = []
    for p in d["periods"]:
        if "break" in p:
            periods.append(Break(p["break"], tuple(p.get("color_up", ())), str(p.get("name", ""))))
        else:
            bets = p.get("bets")
            periods.append(
                Level(
                    p["level"],
                    p["small_blind"],
                    p["big_blind"],
                    p["minutes"],
                    p.get("ante", 0),
                    p.get("bb_ante", 0),
                    (bets[0], bets[1]) if bets else None,
                )
            )
    return Structure(
        name=d["name"],
        starting_stack=d["starting_stack"],
        periods=tuple(periods),
        game=Game(d.get("game", "no-limit")),
        chips=tuple(d.get("chips", ())),
        late_registration=d.get("late_registration"),
        days=tuple(
            Day(int(x["day"]), int(x["first_level"]), x.get("start")) for x in d.get("days", ())
        ),
    )
