"""The level clock: a reading computed from recorded facts and the current time.

There is no ticking counter. The tournament file keeps what the director did and when
(`ClockFact`: start, pause, resume, next, prev, set, add), and `reading(facts, structure,
now)` folds them into where the clock stands at `now`. A crash, a reboot or a second
display therefore always agree, and nothing can drift.

Wall time may jump backwards (NTP): time between two moments never counts as negative,
so the time left never grows by itself, never goes below zero, and never exceeds the
period's length (plus what the director added by hand).

Past the end of the structure the last level simply continues: the reading says so
(`past_last_level`) and counts the time played beyond its end (`overtime_seconds`).

A multi-day event stops at the end of each day's last level (`day_ends`: the structure's
days, or a term): the clock stops there by itself, the reading says the day has ended
(`day_ended`), and `resume` the next day starts the next day's first level in full. A day
ended early (`END_DAY`, at a player count) keeps the time left for the next day. A new
tournament for a later day (Day 2 from the flights) begins with `DAY`, which places the
clock, not started yet, at a level with the time it had left.

>>> s = Structure("demo", 1000, (Level(1, 5, 10, 20), Break(10), Level(2, 10, 20, 20)))
>>> r = reading([ClockFact(ClockAction.START, at=0)], s, now=20 * 60 + 90)
>>> r.on_break, format_seconds(r.remaining_seconds), r.level.number
(True, '08:30', 2)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from tdtool.errors import InputError, RuleError
from tdtool.tournament.structure import Break, Level, Period, Structure


class ClockAction(StrEnum):
    """What the director did to the clock; stored as the event kind `clock.<action>`."""

    START = "start"
    PAUSE = "pause"
    RESUME = "resume"
    NEXT = "next"
    PREV = "prev"
    SET = "set"
    """Set the time left in the current period to `seconds`."""
    ADD = "add"
    """Add `seconds` (negative: take off) to the time left in the current period."""
    END_DAY = "end-day"
    """End the day now: the clock stops, the time left is kept for the next day."""
    DAY = "day"
    """The clock of a new day's tournament, not started: `day`, at `level` with `seconds` left."""
    HAND = "hand"
    """The next hand-for-hand hand is dealt: `seconds` of clock time pass (while the clock
    stands still for hand-for-hand, TDA RP-8: two minutes a hand; 0 while it runs on)."""

    @property
    def kind(self) -> str:
        """The event kind in the tournament file's log, e.g. 'clock.pause'."""
        return f"clock.{self.value}"


@dataclass(frozen=True)
class ClockFact:
    """One recorded clock action and the wall time (seconds since the epoch) it happened."""

    action: ClockAction
    at: float
    seconds: float = 0
    """For SET: the new time left; for ADD: the seconds added (negative takes time off);
    for DAY: the time left in `level`."""
    level: int = 0
    """For DAY: the level the day begins at."""
    day: int = 0
    """For DAY: the day's number."""


class ClockStatus(StrEnum):
    """Whether the clock runs."""

    NOT_STARTED = "not started"
    RUNNING = "running"
    PAUSED = "paused"


class LateRegistration(StrEnum):
    """Whether players may still register or re-enter by the clock."""

    NONE = "none"
    """The structure sets no late-registration level."""
    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True)
class ClockReading:
    """Where the clock stands at one moment: what a display shows and what the rules ask."""

    status: ClockStatus
    period: Period
    """The period being played (past the end of the structure: the last level)."""
    period_index: int
    """Index of `period` in `Structure.periods`."""
    level: Level
    """The level whose blinds apply to the next hand (on a break: the level after it)."""
    remaining_seconds: int
    elapsed_seconds: int
    period_seconds: int
    """Length of the current period, including time the director added or set."""
    next_level: Level | None
    """The level played when this period ends (None: this is the last level)."""
    seconds_to_break: int | None
    """Clock time until the next break begins (None: no break ahead)."""
    past_last_level: bool
    overtime_seconds: int
    """Time played beyond the end of the structure (0 unless `past_last_level`)."""
    color_up: tuple[int, ...]
    """Denominations raced off at this break (empty when not on a color-up break)."""
    next_color_up: tuple[int, ...]
    """Denominations to be raced off at the next break."""
    late_registration: LateRegistration
    late_registration_level: int | None
    seconds_to_late_registration_end: int | None
    """Clock time until late registration closes (None unless it is open)."""
    day: int = 1
    """The day being played (when `day_ended`: the day that has just ended)."""
    day_ended: bool = False
    """The day is over: the clock stopped at its end, the players bag their chips."""
    day_last_level: int | None = None
    """The level at whose end the day being played ends (None: none planned ahead)."""
    seconds_to_day_end: int | None = None
    """Clock time until the day ends (None unless `day_last_level` is set)."""

    @property
    def on_break(self) -> bool:
        """Whether the current period is a break."""
        return isinstance(self.period, Break)

    @property
    def running(self) -> bool:
        """Whether the clock is counting down (or, past the last level, counting on)."""
        return self.status is ClockStatus.RUNNING

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of `tdtool clock status --json` and the TV page's /api/clock."""
        nxt = self.next_level
        return {
            "level": self.level.number,
            "small_blind": self.level.small_blind,
            "big_blind": self.level.big_blind,
            "ante": self.level.ante,
            "bb_ante": self.level.bb_ante,
            "remaining_seconds": self.remaining_seconds,
            "running": self.running,
            "on_break": self.on_break,
            "status": self.status.value,
            "elapsed_seconds": self.elapsed_seconds,
            "period_seconds": self.period_seconds,
            "break_minutes": self.period.minutes if self.on_break else None,
            "break_name": (self.period.name or None) if isinstance(self.period, Break) else None,
            "next_level": None if nxt is None else _level_dict(nxt),
            "seconds_to_break": self.seconds_to_break,
            "past_last_level": self.past_last_level,
            "overtime_seconds": self.overtime_seconds,
            "color_up": list(self.color_up),
            "next_color_up": list(self.next_color_up),
            "late_registration": self.late_registration.value,
            "late_registration_level": self.late_registration_level,
            "seconds_to_late_registration_end": self.seconds_to_late_registration_end,
            "day": self.day,
            "day_ended": self.day_ended,
            "day_last_level": self.day_last_level,
            "seconds_to_day_end": self.seconds_to_day_end,
        }


def _level_dict(level: Level) -> dict[str, int]:
    return {
        "level": level.number,
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "bb_ante": level.bb_ante,
        "minutes": level.minutes,
    }


# --- the fold --------------------------------------------------------------------------


@dataclass(frozen=True)
class _State:
    """The clock after some facts: `index == len(periods)` means past the end of the structure."""

    index: int
    remaining: float
    """Time left in the period; past the end, minus the overtime."""
    length: float
    started: bool = False
    running: bool = False
    anchor: float = 0.0
    """Wall time from which a running clock counts."""
    skipped: tuple[tuple[int, float, float], ...] = ()
    """(index, time left, length) of each period ended early by NEXT, latest last:
    PREV back into that period gives it back the time it had left."""
    day: int = 1
    day_over: bool = False
    stops: tuple[tuple[int, int, int], ...] = ()
    """(index of a day's last level, index of the next day's first level, the day it ends:
    0 for a day end set by a term) of each day end."""


def _length(period: Period) -> int:
    return period.minutes * 60


def _enter(structure: Structure, index: int, s: _State) -> _State:
    """Begin period `index` in full (the end of the structure when `index` is past it)."""
    periods = structure.periods
    if index >= len(periods):
        return replace(s, index=len(periods), remaining=0.0, length=0.0)
    length = float(_length(periods[index]))
    return replace(s, index=index, remaining=length, length=length)


def _day_stops(structure: Structure, day_ends: Iterable[int]) -> tuple[tuple[int, int, int], ...]:
    """(index of each day's last level, index of the first level after it, the day it ends
    by the structure's plan or 0)."""
    ends = set(day_ends)
    planned = set(structure.day_ends)
    stops = []
    last: tuple[int, int] | None = None
    for index, period in enumerate(structure.periods):
        if not isinstance(period, Level):
            continue
        if last is not None:
            stops.append((last[0], index, last[1]))
            last = None
        if period.number in ends:
            day = structure.day_of(period.number) if period.number in planned else 0
            last = (index, day)
    return tuple(stops)


def _next_day(s: _State) -> int | None:
    """The index of the next day's first level if `s` is at a day's last level (a planned
    day's end is behind a clock already on a later day: the day ended early, its time
    carried over)."""
    return next(
        (after for at, after, day in s.stops if at == s.index and (not day or s.day <= day)),
        None,
    )


def _end_day(structure: Structure, s: _State, first: int) -> _State:
    """The day ends at the end of its last level: the clock stops at the next day's start."""
    return replace(_enter(structure, first, s), running=False, day_over=True)


def _advance(structure: Structure, s: _State, elapsed: float) -> _State:
    """Let `elapsed` seconds of clock time pass, moving through period ends (and stopping at
    the end of a day's last level)."""
    end = len(structure.periods)
    remaining = s.remaining - max(0.0, elapsed)
    while s.index < end and remaining <= 0:
        first = _next_day(s)
        if first is not None:
            return _end_day(structure, s, first)
        carry = remaining
        s = _enter(structure, s.index + 1, s)
        remaining = s.remaining + carry if s.index < end else carry
    return replace(s, remaining=remaining)


def _catch_up(structure: Structure, s: _State, at: float) -> _State:
    """The state at wall time `at`: a running clock advances; earlier times count as none."""
    if not s.running:
        return s
    s = _advance(structure, s, at - s.anchor)
    return replace(s, anchor=at)


def _last_level_index(structure: Structure) -> int:
    return max(i for i, p in enumerate(structure.periods) if isinstance(p, Level))


def _apply(structure: Structure, s: _State, fact: ClockFact) -> _State:
    """One fact on the state; a fact that makes no sense here (see `verify`) changes nothing."""
    s = _catch_up(structure, s, fact.at)
    end = len(structure.periods)
    action = fact.action
    if action is ClockAction.START:
        if s.started:
            return s
        return replace(s, started=True, running=True, anchor=fact.at)
    if action is ClockAction.PAUSE:
        return replace(s, running=False)
    if action is ClockAction.RESUME:
        if not s.started or s.running:
            return s
        if s.day_over:  # the next day begins
            return replace(s, running=True, anchor=fact.at, day_over=False, day=s.day + 1)
        return replace(s, running=True, anchor=fact.at)
    if action is ClockAction.END_DAY:
        if not s.started or s.day_over:
            return s
        return replace(s, running=False, day_over=True)
    if action is ClockAction.DAY:
        if s.started:
            return s
        index = next(
            (i for i, p in enumerate(structure.periods)
             if isinstance(p, Level) and p.number == fact.level),
            0,
        )  # fmt: skip
        s = _enter(structure, index, s)
        seconds = min(s.length, max(0.0, float(fact.seconds))) or s.length
        return replace(s, remaining=seconds, day=fact.day or 1)
    if action is ClockAction.NEXT:
        if s.index >= end:
            return s
        first = _next_day(s)
        if first is not None and not s.day_over:
            return _end_day(structure, s, first)
        left = (*s.skipped, (s.index, s.remaining, s.length))
        return _enter(structure, s.index + 1, replace(s, skipped=left))
    if action is ClockAction.PREV:
        shown = _last_level_index(structure) if s.index >= end else s.index
        target = max(0, shown - 1)
        if s.skipped and s.skipped[-1][0] == target and s.index < end:
            _, remaining, length = s.skipped[-1]
            return replace(
                s, index=target, remaining=remaining, length=length, skipped=s.skipped[:-1]
            )
        return _enter(structure, target, s)
    if action is ClockAction.SET:
        seconds = max(0.0, float(fact.seconds))
        if s.index >= end:
            s = _enter(structure, _last_level_index(structure), s)
        s = replace(s, remaining=seconds, length=max(s.length, seconds))
        return _advance(structure, s, 0.0)
    if action is ClockAction.HAND:  # the levels come as the time passes (RP-8 D)
        return _advance(structure, s, float(fact.seconds)) if s.started else s
    if action is ClockAction.ADD:
        if s.index >= end:
            return s
        remaining = max(0.0, s.remaining + float(fact.seconds))
        s = replace(s, remaining=remaining, length=max(s.length, remaining))
        return _advance(structure, s, 0.0)
    raise AssertionError(f"unknown clock action {action!r}")  # pragma: no cover


def settle(
    facts: Iterable[ClockFact], structure: Structure, day_ends: Iterable[int] | None = None
) -> ClockBase:
    """The clock right after its last recorded action, before any time passes.

    `reading(facts, structure, now, base=settle(facts, structure))` equals the reading
    without `base`, at the cost of letting time pass only: a display that refreshes every
    second keeps the base until the next action (1,300 pauses in a festival's log).
    `day_ends`: the levels that end a day (None: the structure's days).
    """
    ends = structure.day_ends if day_ends is None else day_ends
    start = _State(index=0, remaining=0.0, length=0.0, stops=_day_stops(structure, ends))
    s = _enter(structure, 0, start)
    for fact in facts:
        s = _apply(structure, s, fact)
    return s


ClockBase = _State
"""What `settle` returns (opaque: give it back to `reading`)."""


def _fold(
    facts: Iterable[ClockFact], structure: Structure, now: float, day_ends: Iterable[int] | None
) -> _State:
    return _catch_up(structure, settle(facts, structure, day_ends), now)


# --- the reading -----------------------------------------------------------------------


def _ceil(seconds: float) -> int:
    """Whole seconds left as a countdown shows them (00:00 only once time is up)."""
    return max(0, math.ceil(round(seconds, 6)))


def reading(
    facts: Iterable[ClockFact],
    structure: Structure,
    now: float,
    base: ClockBase | None = None,
    day_ends: Iterable[int] | None = None,
) -> ClockReading:
    """Where the clock stands at wall time `now` after `facts` (in the order recorded);
    `base`: `settle(facts, structure, day_ends)` worked out before; `day_ends`: the levels
    that end a day (None: the structure's days)."""
    s = _fold(facts, structure, now, day_ends) if base is None else _catch_up(structure, base, now)
    periods = structure.periods
    end = len(periods)
    past = s.index >= end
    index = _last_level_index(structure) if past else s.index
    period = periods[index]

    if past:
        remaining, overtime = 0, int(max(0.0, -s.remaining))
        length = _length(period)
        elapsed = length + overtime
    else:
        remaining, overtime = _ceil(s.remaining), 0
        length = max(_length(period), math.ceil(round(s.length, 6)))
        elapsed = max(0, length - remaining)

    after = [] if past else list(enumerate(periods))[index + 1 :]
    next_level = next((p for _, p in after if isinstance(p, Level)), None)
    level = period if isinstance(period, Level) else next_level
    if level is None:  # a break after the last level: its blinds continue afterwards
        level = structure.levels[-1]

    seconds_to_break: int | None = None
    next_color_up: tuple[int, ...] = ()
    day_last: int | None = None
    seconds_to_day_end: int | None = None
    stop_at = {at for at, _after, day in s.stops if not day or s.day <= day}
    clock = remaining
    if index in stop_at and not past and not s.day_over:
        day_last, seconds_to_day_end = period.number, remaining  # type: ignore[union-attr]
    for i, p in after:
        if day_last is not None:
            break
        if isinstance(p, Break) and seconds_to_break is None:
            seconds_to_break, next_color_up = clock, p.color_up
        clock += _length(p)
        if i in stop_at:
            day_last, seconds_to_day_end = p.number, clock  # type: ignore[union-attr]

    late = structure.late_registration
    late_state = LateRegistration.NONE
    late_left: int | None = None
    late_index = next(
        (i for i, p in enumerate(periods) if isinstance(p, Level) and p.number == late), None
    )
    if late_index is not None:
        if not past and index <= late_index:
            late_state = LateRegistration.OPEN
            late_left = remaining + sum(_length(p) for p in periods[index + 1 : late_index + 1])
        else:
            late_state = LateRegistration.CLOSED

    if not s.started:
        status = ClockStatus.NOT_STARTED
    else:
        status = ClockStatus.RUNNING if s.running else ClockStatus.PAUSED
    return ClockReading(
        status=status,
        period=period,
        period_index=index,
        level=level,
        remaining_seconds=remaining,
        elapsed_seconds=elapsed,
        period_seconds=length,
        next_level=next_level,
        seconds_to_break=seconds_to_break,
        past_last_level=past,
        overtime_seconds=overtime,
        color_up=period.color_up if isinstance(period, Break) else (),
        next_color_up=next_color_up,
        late_registration=late_state,
        late_registration_level=late,
        seconds_to_late_registration_end=late_left,
        day=s.day,
        day_ended=s.day_over,
        day_last_level=day_last,
        seconds_to_day_end=seconds_to_day_end,
    )


# --- verify: refuse what makes no sense, with what to do instead -------------------------


MAX_SECONDS = 6 * 3600
"""The longest time `clock set` or `clock add` accepts: more is a typo (1230 for 12:30)."""


def verify(action: ClockAction, current: ClockReading, seconds: float = 0) -> None:
    """Raise RuleError if `action` makes no sense on a clock reading `current`."""
    status = current.status
    start = ("The clock has not been started;", "start it with {clock:start}.")
    pause = "pause it with {clock:pause}."
    resume = "resume it with {clock:resume}."
    refusal = {
        (ClockAction.START, ClockStatus.RUNNING): ("The clock is already running;", pause),
        (ClockAction.START, ClockStatus.PAUSED): ("The clock was started and is paused;", resume),
        (ClockAction.PAUSE, ClockStatus.NOT_STARTED): start,
        (ClockAction.PAUSE, ClockStatus.PAUSED): ("The clock is already paused;", resume),
        (ClockAction.RESUME, ClockStatus.NOT_STARTED): start,
        (ClockAction.RESUME, ClockStatus.RUNNING): ("The clock is already running;", pause),
    }.get((action, status))
    if current.day_ended and action in (ClockAction.PAUSE, ClockAction.END_DAY):
        raise RuleError(
            f"Day {current.day} has ended and the clock is stopped;",
            "when the next day starts, {clock:resume}.",
        )
    if refusal:
        raise RuleError(*refusal)
    if action is ClockAction.END_DAY and status is ClockStatus.NOT_STARTED:
        raise RuleError(*start)
    if action is ClockAction.HAND and status is ClockStatus.NOT_STARTED:
        raise RuleError(*start)
    if action is ClockAction.HAND and current.on_break and not current.day_ended:
        raise RuleError(
            "The clock is on the break; no hand is dealt until play resumes",
            f"(level {current.level.number}); {{clock:next}} ends the break now.",
        )
    if action is ClockAction.HAND and current.day_ended:
        raise RuleError(
            f"Day {current.day} has ended and the clock is stopped;",
            "when the next day starts, {clock:resume}.",
        )
    if action is ClockAction.DAY and status is not ClockStatus.NOT_STARTED:
        raise RuleError("The clock has started; a day's starting level is set before it starts.")
    if action is ClockAction.NEXT and current.next_level is None and not current.on_break:
        raise RuleError(
            f"Level {current.level.number} is the last level of the structure; it simply"
            " continues until the tournament ends.",
            "Use {clock:add MINUTES} or {clock:set MM:SS} to change its time.",
        )
    if action is ClockAction.ADD and current.past_last_level:
        raise RuleError(
            f"Level {current.level.number}, the last level, is already running past its end;",
            "give it a fresh countdown with {clock:set MM:SS}.",
        )
    if action is ClockAction.ADD and seconds == 0:
        raise InputError("Adding 0 minutes changes nothing; give a number such as 2 or -1.")
    if action is ClockAction.SET and seconds < 0:
        raise InputError("The time left cannot be negative; give MM:SS such as 12:30.")
    if action is ClockAction.SET and seconds == 0:
        raise InputError("A level cannot be set to 0:00 left;", "to end it now use {clock:next}.")
    if action is ClockAction.SET and seconds > MAX_SECONDS:
        raise InputError(
            f"{format_seconds(seconds)} left is longer than a level lasts (at most"
            f" {MAX_SECONDS // 3600} hours); write MM:SS such as 12:30."
        )
    if action is ClockAction.ADD and seconds < 0 and -seconds >= current.remaining_seconds:
        what = "the break" if current.on_break else f"level {current.level.number}"
        raise InputError(
            f"Only {format_seconds(current.remaining_seconds)} is left in {what};",
            "to end it now use {clock:next}, or take off less.",
        )
    if action is ClockAction.ADD and abs(seconds) > MAX_SECONDS:
        raise InputError(
            f"{abs(seconds) / 60:g} minutes is more than a level lasts (at most"
            f" {MAX_SECONDS // 3600} hours); give minutes such as 2 or -1."
        )


def act(
    facts: Sequence[ClockFact],
    structure: Structure,
    action: ClockAction,
    now: float,
    seconds: float = 0,
    day_ends: Iterable[int] | None = None,
) -> tuple[ClockFact, ClockReading]:
    """Check `action` on the clock at `now`; return the fact to record and the reading after it.

    >>> s = Structure("demo", 1000, (Level(1, 5, 10, 20), Level(2, 10, 20, 20)))
    >>> fact, after = act([], s, ClockAction.START, now=100.0)
    >>> after.status.value, after.level.number
    ('running', 1)
    """
    verify(action, reading(facts, structure, now, day_ends=day_ends), seconds)
    fact = ClockFact(action, now, seconds)
    return fact, reading([*facts, fact], structure, now, day_ends=day_ends)


# --- reading and writing times -----------------------------------------------------------


def format_seconds(seconds: float) -> str:
    """MM:SS, or H:MM:SS from an hour up.

    >>> format_seconds(754), format_seconds(3725), format_seconds(0)
    ('12:34', '1:02:05', '00:00')
    """
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def _short(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text):,} characters)"


def parse_duration(text: str) -> int:
    """Seconds from 'MM:SS', 'H:MM:SS' or whole minutes 'M'; InputError otherwise.

    >>> parse_duration("12:30"), parse_duration("1:00:00"), parse_duration("5")
    (750, 3600, 300)
    """
    if text.strip().startswith("-"):
        raise InputError(f"{text!r}: the time left cannot be negative; give MM:SS such as 12:30.")
    parts = text.strip().split(":")
    if not 1 <= len(parts) <= 3 or not all(p.isdigit() and p.isascii() for p in parts):
        raise InputError(
            f"{_short(text)!r} is not a time; write MM:SS such as 12:30 (or minutes, 12)."
        )
    if any(len(p.lstrip("0")) > 9 for p in parts):  # a 5,000-digit one was a traceback
        raise InputError(
            f"{_short(text)!r} is not a time left in a level; write MM:SS such as 12:30."
        )
    numbers = [int(p) for p in parts]
    if len(numbers) == 1:
        return numbers[0] * 60
    if any(n >= 60 for n in numbers[1:]):
        raise InputError(f"{text!r} is not a time: seconds and minutes after ':' go up to 59.")
    seconds = 0
    for n in numbers:
        seconds = seconds * 60 + n
    return seconds


def describe(current: ClockReading) -> str:
    """One sentence to read aloud, e.g. 'Level 3 (100/200, ante 25): 12:34 left, running.'"""
    lv = current.level
    blinds = f"{lv.small_blind}/{lv.big_blind}"
    if lv.ante:
        blinds += f", ante {lv.ante}"
    if lv.bb_ante:
        blinds += f", big blind ante {lv.bb_ante}"
    if current.day_ended:
        when = "resumes at"
        if current.on_break:
            when = "resumes with a break before"
        left = format_seconds(current.remaining_seconds)
        return (
            f"End of Day {current.day} — bag and tag. Day {current.day + 1} {when} level"
            f" {lv.number} ({blinds}) with {left} left; the clock is stopped"
            " until `clock resume`."
        )
    if current.past_last_level:
        head = (
            f"Level {lv.number} ({blinds}), the last level, continues past the end of the"
            f" structure (+{format_seconds(current.overtime_seconds)})"
        )
    elif current.on_break:
        word = getattr(current.period, "name", "") or "Break"
        head = (
            f"{word}: {format_seconds(current.remaining_seconds)} left;"
            f" then level {lv.number} ({blinds})"
        )
    else:
        head = f"Level {lv.number} ({blinds}): {format_seconds(current.remaining_seconds)} left"
    return f"{head}, {current.status.value}."
