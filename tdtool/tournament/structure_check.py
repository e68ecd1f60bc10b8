"""Validation of a structure: the rules of docs/structure-file.md, as located problems.

Pure: takes a `Structure`, returns `Problem`s. The YAML reader turns each problem's
location (period index and key) into `FILE:LINE: level N: ...`.

>>> from tdtool.tournament.structure import Break, Level, Structure
>>> s = Structure("x", 1000, (Level(1, 50, 100, 20), Level(2, 25, 50, 20)))
>>> [p.message for p in check_structure(s)]
['the big blind goes down from 100 at level 1 to 50; a big blind never goes down.', \
'the starting stack of 1000 is only 10 big blinds at level 1 (fewer than 20).']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import reduce
from math import gcd

from tdtool.game import Game
from tdtool.tournament.structure import Break, Level, Structure


class Severity(StrEnum):
    """An error makes a structure unusable; a warning is printed and the structure still runs."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One thing wrong or doubtful in a structure, located by period index and key."""

    message: str
    period: int | None = None
    """Index into `Structure.periods`, or None for the structure as a whole."""
    key: str | None = None
    """The key the problem is about (`blinds`, `ante`, `color_up`, `late_registration` ...)."""
    severity: Severity = Severity.ERROR

    @property
    def is_error(self) -> bool:
        """True for an error, False for a warning."""
        return self.severity is Severity.ERROR


def payable(amount: int, chips: tuple[int, ...]) -> bool:
    """True if `amount` can be made of any number of chips of the given denominations.

    >>> payable(75, (25, 100)), payable(250, (100, 500)), payable(7, (2, 5)), payable(3, (2, 5))
    (True, False, True, False)
    """
    if amount == 0:
        return True
    if amount < 0 or not chips:
        return False
    g = reduce(gcd, chips)
    if amount % g:
        return False
    coins = sorted({c // g for c in chips})
    target = amount // g
    if coins[0] == 1 or target >= (coins[0] - 1) * (coins[-1] - 1):
        return True  # Schur's bound: every multiple of the gcd past it is payable.
    reachable = [True] + [False] * target
    for value in range(1, target + 1):
        reachable[value] = any(c <= value and reachable[value - c] for c in coins)
    return reachable[target]


def chips_in_play(structure: Structure) -> tuple[tuple[int, ...], ...]:
    """The denominations in play at each period (index as `periods`); breaks show the chips
    before their color-up.

    >>> from tdtool.tournament.structure import Break, Level, Structure
    >>> s = Structure("x", 1000, (Level(1, 5, 10, 20), Break(10, (5,)), Level(2, 10, 20, 20)),
    ...               chips=(5, 25, 100))
    >>> chips_in_play(s)
    ((5, 25, 100), (5, 25, 100), (25, 100))
    """
    in_play = tuple(sorted(set(structure.chips)))
    result: list[tuple[int, ...]] = []
    for period in structure.periods:
        result.append(in_play)
        if isinstance(period, Break) and period.color_up:
            in_play = tuple(c for c in in_play if c not in period.color_up)
    return tuple(result)


def where(structure: Structure, period: int | None) -> str:
    """`level N`, `break after level N` (or `break before level 1`), or '' for the whole.

    >>> from tdtool.tournament.structure import Break, Level, Structure
    >>> s = Structure("x", 1000, (Level(1, 5, 10, 20), Break(10)))
    >>> where(s, 0), where(s, 1), where(s, None)
    ('level 1', 'break after level 1', '')
    """
    if period is None:
        return ""
    item = structure.periods[period]
    if isinstance(item, Level):
        return f"level {item.number}"
    before = [p for p in structure.periods[:period] if isinstance(p, Level)]
    return f"break after level {before[-1].number}" if before else "break before level 1"


def check_structure(structure: Structure, levels_in_file: int | None = None) -> tuple[Problem, ...]:
    """Every error and warning of docs/structure-file.md, in file order (whole-file ones last).

    `levels_in_file` counts levels a reader could not build (so they are missing here) when it
    checks the rest of a file anyway.
    """
    return tuple(_check(structure, levels_in_file))


def errors(structure: Structure) -> tuple[Problem, ...]:
    """The errors alone: a structure with none can be played."""
    return tuple(p for p in check_structure(structure) if p.is_error)


def _positive(value: int, what: str, index: int | None, key: str) -> Iterator[Problem]:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        yield Problem(f"{what} must be a positive whole number, not {value!r}.", index, key)


MAX_MINUTES = 360
"""The longest level or break a structure may hold (6 hours, the clock's limit too)."""


def _minutes(value: int, what: str, index: int, key: str) -> Iterator[Problem]:
    yield from _positive(value, what, index, key)
    if isinstance(value, int) and value > MAX_MINUTES:
        yield Problem(
            f"{what} is {value:,}, more than {MAX_MINUTES} (6 hours); check for a typo.",
            index,
            key,
        )


def _check(s: Structure, levels_in_file: int | None) -> Iterator[Problem]:
    yield from _positive(s.starting_stack, "the starting stack", None, "starting_stack")
    for chip in s.chips:
        yield from _positive(chip, "every chip denomination", None, "chips")
    if list(s.chips) != sorted(set(s.chips)):
        yield Problem(
            f"list the chips smallest first, each once (got {list(s.chips)}).", None, "chips"
        )
    levels = s.levels
    if not levels:
        yield Problem("a structure needs at least one level (`- blinds: SB/BB`).", None, "levels")
    in_play = chips_in_play(s)
    previous: Level | None = None
    for index, period in enumerate(s.periods):
        if isinstance(period, Level):
            yield from _check_level(s, index, period, previous, in_play[index])
            previous = period
        else:
            yield from _check_break(s, index, period, in_play[index])
    if s.late_registration is not None:
        last = levels_in_file or max((lv.number for lv in levels), default=0)
        if not 1 <= s.late_registration <= last:
            yield Problem(
                f"late_registration is level {s.late_registration}, but the levels are 1-{last};"
                " name one of them.",
                None,
                "late_registration",
            )
    if levels and s.starting_stack > 0 and levels[0].big_blind > 0:
        depth = s.starting_stack / levels[0].big_blind
        if depth < 20:
            yield Problem(
                f"the starting stack of {s.starting_stack} is only {depth:g} big blinds"
                " at level 1 (fewer than 20).",
                None,
                "starting_stack",
                Severity.WARNING,
            )
    if s.chips and s.starting_stack > 0 and not payable(s.starting_stack, s.chips):
        yield Problem(
            f"the starting stack of {s.starting_stack} cannot be made of the chips"
            f" {_chip_list(s.chips)}.",
            None,
            "starting_stack",
            Severity.WARNING,
        )


MAX_STEP = 1.5
"""The largest step of the big blind from one level to the next that passes without a warning,
up to a plain doubling (25/50 to 50/100), the conventional step; more than double has its own
warning."""
FINAL_LEVELS = 3
"""The last levels of a structure, often steeper to finish the tournament: not warned about."""


def _check_level(
    s: Structure, index: int, level: Level, previous: Level | None, chips: tuple[int, ...]
) -> Iterator[Problem]:
    for value, what, key in (
        (level.small_blind, "the small blind", "blinds"),
        (level.big_blind, "the big blind", "blinds"),
    ):
        yield from _positive(value, what, index, key)
    yield from _minutes(level.minutes, "the level length in minutes", index, "minutes")
    for value, what, key in (
        (level.ante, "the ante", "ante"),
        (level.bb_ante, "the big blind ante", "bb_ante"),
    ):
        if value < 0:
            yield Problem(f"{what} must be a positive whole number, not {value}.", index, key)
    if level.small_blind > level.big_blind > 0:
        yield Problem(
            f"the small blind {level.small_blind} is larger than the big blind {level.big_blind};"
            " write blinds as SMALL/BIG.",
            index,
            "blinds",
        )
    if level.ante and level.bb_ante:
        yield Problem("has both an ante and a big blind ante; keep one of them.", index, "bb_ante")
    if level.bets is not None:
        if s.game is not Game.LIMIT:
            yield Problem(
                f"`bets` only apply to limit games, and this structure is {s.game};"
                " remove `bets` or set `game: limit`.",
                index,
                "bets",
            )
        small, big = level.bets
        yield from _positive(small, "the small bet", index, "bets")
        yield from _positive(big, "the big bet", index, "bets")
        if small > big > 0:
            yield Problem(
                f"the small bet {small} is larger than the big bet {big}; write bets as SMALL/BIG.",
                index,
                "bets",
            )
    if previous is not None and 0 < level.big_blind < previous.big_blind:
        yield Problem(
            f"the big blind goes down from {previous.big_blind} at level {previous.number}"
            f" to {level.big_blind}; a big blind never goes down.",
            index,
            "blinds",
        )
    if s.chips:
        amounts = [
            ("small blind", level.small_blind, "blinds"),
            ("big blind", level.big_blind, "blinds"),
            ("ante", level.ante, "ante"),
            ("big blind ante", level.bb_ante, "bb_ante"),
        ]
        if level.bets is not None:
            amounts += [("small bet", level.bets[0], "bets"), ("big bet", level.bets[1], "bets")]
        for what, amount, key in amounts:
            if amount > 0 and not payable(amount, chips):
                yield Problem(
                    f"the {what} of {amount} cannot be paid with the chips in play"
                    f" ({_chip_list(chips)}).",
                    index,
                    key,
                )
    ante = max(level.ante, level.bb_ante)
    if level.big_blind > 0 and ante > level.big_blind:
        yield Problem(
            f"the ante of {ante} is larger than the big blind of {level.big_blind}.",
            index,
            "bb_ante" if level.bb_ante else "ante",
            Severity.WARNING,
        )
    final_levels = {lv.number for lv in s.levels[-FINAL_LEVELS:]}
    if (
        previous is not None
        and previous.big_blind > 0
        and MAX_STEP * previous.big_blind < level.big_blind < 2 * previous.big_blind
        and level.number not in final_levels
    ):
        yield Problem(
            f"the big blind steps from {previous.big_blind} to {level.big_blind}"
            f" ({level.big_blind / previous.big_blind:.2f}x, more than {MAX_STEP}x a level"
            " before the final levels): players lose more than a third of their big blinds"
            " in one level.",
            index,
            "blinds",
            Severity.WARNING,
        )
    if previous is not None and previous.big_blind > 0 and level.big_blind > 2 * previous.big_blind:
        yield Problem(
            f"the big blind jumps from {previous.big_blind} to {level.big_blind}"
            f" ({level.big_blind / previous.big_blind:.1f}x, more than 2x).",
            index,
            "blinds",
            Severity.WARNING,
        )


def _check_break(s: Structure, index: int, brk: Break, chips: tuple[int, ...]) -> Iterator[Problem]:
    yield from _minutes(brk.minutes, "the break length in minutes", index, "break")
    for chip in brk.color_up:
        if chip not in chips:
            held = f"in play: {_chip_list(chips)}" if chips else "no `chips` are listed"
            yield Problem(
                f"colors up the {chip} chip, which is not in play ({held}).", index, "color_up"
            )
    if chips and brk.color_up and set(chips) <= set(brk.color_up):
        yield Problem(
            "colors up every chip in play; at least one denomination must stay.", index, "color_up"
        )


def _chip_list(chips: tuple[int, ...]) -> str:
    return ", ".join(str(c) for c in chips) if chips else "none"
