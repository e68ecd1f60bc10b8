"""Generate a structure from what an organizer knows: stack, field, length, level length, chips.

Pure: returns a `Structure` and the notes that explain it; `tdtool.io.structure_yaml` writes
it as YAML with comments. Every generated structure passes `check_structure` without errors.

The rules of thumb used (each a common tournament-director practice):
- the first big blind is about 1/150 of the starting stack (150 big blinds deep);
- blinds grow by a steady factor of 1.2-1.5x a level;
- a tournament ends around the level where the big blind is 4% of all chips in play,
  and the final table forms when the average stack there is about 25 big blinds;
- the small blind is half the big blind and a multiple of a chip at most half its size, so that
  small chips can be raced off as the blinds grow;
- a break every two hours or so; a chip leaves play at the first break after no blind or
  ante needs it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum

from tdtool.errors import InputError
from tdtool.game import Game
from tdtool.tournament.structure import Break, Level, Period, Structure
from tdtool.tournament.structure_check import payable

STANDARD_CHIPS = (1, 5, 25, 100, 500, 1000, 5000, 25000, 100000, 500000, 1000000, 5000000)
NICE = (1, 1.2, 1.5, 1.6, 2, 2.5, 3, 4, 5, 6, 8)
MIN_STEP, MAX_STEP = 1.2, 1.5
END_SHARE = 25
"""The tournament ends around the level where the big blind is 1/25 (4%) of the chips."""
FINAL_TABLE_BIG_BLINDS = 25
"""Average stack at the final table, in big blinds."""
MAX_LEVELS = 80


class AnteStyle(StrEnum):
    """Which ante the generated levels carry."""

    NONE = "none"
    BIG_BLIND = "bb"
    CLASSIC = "classic"


@dataclass(frozen=True)
class Plan:
    """What the organizer knows; either `hours` or `final_table_level` sets the pace."""

    name: str
    starting_stack: int
    level_minutes: int
    players: int = 50
    hours: float | None = None
    final_table_level: int | None = None
    chips: tuple[int, ...] = ()
    ante: AnteStyle = AnteStyle.BIG_BLIND
    ante_from: int | None = None
    game: Game = Game.NO_LIMIT
    late_registration: int | None = None
    break_minutes: int = 15
    seats: int = 9
    depth: int = 150
    """Starting stack in big blinds at level 1."""


@dataclass(frozen=True)
class Generated:
    """A generated structure and what it was aimed at."""

    structure: Structure
    step: float
    """The growth factor of the big blind per level."""
    final_table_level: int
    """The level by which the field should be down to one table."""
    end_level: int
    """The level by which the tournament should be over (big blind = 4% of the chips)."""
    end_minutes: int
    """Minutes from the start to the end of `end_level`, breaks included."""
    notes: tuple[str, ...]


def default_chips(starting_stack: int) -> tuple[int, ...]:
    """Six standard denominations, the smallest about 1/300 of the stack.

    >>> default_chips(20000), default_chips(1500)
    ((25, 100, 500, 1000, 5000, 25000), (5, 25, 100, 500, 1000, 5000))
    """
    smallest = max((c for c in STANDARD_CHIPS if c <= starting_stack / 300), default=1)
    start = STANDARD_CHIPS.index(smallest)
    return STANDARD_CHIPS[start : start + 6]


def _unit(amount: int, chips: tuple[int, ...]) -> int:
    """The chip an amount is counted in: the largest chip at most half of it."""
    fitting = [c for c in chips if 2 * c <= amount]
    return max(fitting) if fitting else chips[0]


def blind_ladder(chips: tuple[int, ...], top: int) -> list[tuple[int, int]]:
    """Every (small blind, big blind) the generator may use, big blinds up to `top`.

    A big blind is a round number counted in one chip: the largest chip at most a quarter of
    it, or a smaller chip at least a twentieth of it (so small chips can be raced off as the
    blinds grow). The small blind is half the big blind, or the nearest multiple of that chip
    (rounding up) while the big blind is at most three of them: 200/300.

    >>> blind_ladder((100, 500, 1000), 2000)
    [(100, 200), (200, 300), (200, 400), (300, 600), (400, 800), (500, 1000), (600, 1200), \
(800, 1600), (1000, 2000)]
    """
    pairs: list[tuple[int, int]] = []
    seen: set[int] = set()
    exponent = 0
    while 10**exponent <= top * 10:
        for mantissa in NICE:
            big = round(mantissa * 10**exponent)
            if big > top or big < 2 * chips[0] or big in seen:
                continue
            small = _small_blind(big, chips)
            if small:
                seen.add(big)
                pairs.append((small, big))
        exponent += 1
    return sorted(pairs, key=lambda pair: pair[1])


def _small_blind(big: int, chips: tuple[int, ...]) -> int:
    """The small blind that goes with `big`, or 0 if `big` is not a usable big blind."""
    counting = [c for c in chips if 4 * c <= big] or [chips[0]]
    unit = counting[-1]
    for chip in sorted((c for c in counting if c == unit or 20 * c >= big), reverse=True):
        if big % chip:
            continue
        if (big // 2) % chip == 0:
            return big // 2
        if big <= 3 * chip:
            return (big // chip + 1) // 2 * chip
    return 0


def _classic_ante(big_blind: int, chips: tuple[int, ...]) -> int:
    """About an eighth of the big blind, in the largest chip that fits (never zero)."""
    ideal = big_blind / 8
    unit = max((c for c in chips if c <= ideal), default=chips[0])
    return max(unit, int(round(ideal / unit)) * unit)


def clean_name(name: str) -> str:
    """A name on one line with printable characters only.

    >>> clean_name(" Friday\\n 7pm\\x1b ")
    'Friday 7pm'
    """
    return " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())


def validate_plan(plan: Plan) -> tuple[int, ...]:
    """Refuse a plan no structure can meet; returns the chips to use."""
    if not clean_name(plan.name):
        raise InputError("Give the structure a name made of letters or digits, like 'Friday 7pm'.")
    if plan.starting_stack <= 0:
        raise InputError("The starting stack must be a positive number of chips, like 20000.")
    if not 1 <= plan.level_minutes <= 240:
        raise InputError(
            "Levels must last 1 to 240 minutes;", "give {option:level-minutes} like 20."
        )
    if plan.players < 2:
        raise InputError("A tournament needs at least 2 players;", "give {option:players}.")
    if plan.hours is None and plan.final_table_level is None:
        raise InputError(
            "Give the target:",
            "{option:hours} (how long the tournament should last) or"
            " {option:final-table-level} (the level by which one table should be left).",
        )
    if plan.hours is not None and plan.final_table_level is not None:
        raise InputError(
            "Give the target either as",
            "{option:hours} (how long the tournament should last) or as"
            " {option:final-table-level} (the level by which one table should be left),"
            " not both.",
        )
    if plan.hours is not None and not 0.5 <= plan.hours <= 200:
        raise InputError("The length must be between 0.5 and 200 hours:", "give {option:hours}.")
    if plan.final_table_level is not None and not 2 <= plan.final_table_level <= 60:
        raise InputError(
            "The final table level must be between 2 and 60:", "give {option:final-table-level}."
        )
    if not 0 <= plan.break_minutes <= 120:
        raise InputError(
            "Breaks must last between 0 (no breaks) and 120 minutes:",
            "give {option:break-minutes}.",
        )
    chips = plan.chips or default_chips(plan.starting_stack)
    if any(c <= 0 for c in chips) or list(chips) != sorted(set(chips)):
        raise InputError(
            "List the chips as different positive numbers, smallest first: 25,100,500."
        )
    if not payable(plan.starting_stack, chips):
        raise InputError(
            f"A starting stack of {plan.starting_stack:,} cannot be made of the chips"
            f" {', '.join(map(str, chips))}; pick a stack that is a multiple of the smallest chip."
        )
    if plan.starting_stack < 40 * chips[0]:
        raise InputError(
            f"A starting stack of {plan.starting_stack:,} is too small for a {chips[0]} chip:"
            f" the first big blind ({2 * chips[0]}) would leave fewer than 20 big blinds."
            " Use a bigger stack or smaller chips."
        )
    if plan.late_registration is not None and plan.late_registration < 1:
        raise InputError(
            "Late registration must end at a level, 1 or later:", "give {option:late-reg}."
        )
    return tuple(chips)


def generate(plan: Plan) -> Generated:
    """A structure for `plan`; see the module docstring for the rules of thumb."""
    chips = validate_plan(plan)
    total_chips = plan.starting_stack * plan.players
    pairs = blind_ladder(chips, max(total_chips, plan.starting_stack) * 4)
    small_blinds = {big: small for small, big in pairs}
    ladder = [big for _small, big in pairs]
    first = max((b for b in ladder if b <= plan.starting_stack / plan.depth), default=ladder[0])
    break_every = max(1, round(120 / plan.level_minutes)) if plan.break_minutes else 0
    end_bb = total_chips / END_SHARE
    notes: list[str] = []

    if plan.final_table_level is not None:
        target_level = plan.final_table_level
        target_bb = total_chips / min(plan.seats, plan.players) / FINAL_TABLE_BIG_BLINDS
        aim = f"the final table by level {target_level}"
    else:
        assert plan.hours is not None
        target_level = _levels_in(
            plan.hours * 60, plan.level_minutes, break_every, plan.break_minutes
        )
        target_bb = end_bb
        aim = f"an end after about {plan.hours:g} hours"
    # Start 150 big blinds deep; start shallower (down to 50) when the target needs it.
    candidates = [b for b in ladder if first <= b <= plan.starting_stack / 50] or [first]
    for first in candidates:
        wanted = _wanted_step(first, target_bb, target_level)
        if wanted <= MAX_STEP:
            break
    step = min(MAX_STEP, max(MIN_STEP, wanted))
    if wanted > MAX_STEP:
        notes.append(
            f"Reaching {aim} needs blinds growing {wanted:.2f}x a level; this structure keeps to"
            f" {MAX_STEP}x, so it will run longer. Shorter levels or a smaller stack would help."
        )
    elif wanted < MIN_STEP:
        notes.append(
            f"Reaching {aim} needs blinds growing only {wanted:.2f}x a level; this structure uses"
            f" {MIN_STEP}x, so it will finish sooner. Longer levels or a bigger stack would help."
        )

    # Round numbers bend the curve; take the step (within 1.2-1.5x) whose blinds reach the
    # target closest to the target level.
    def miss(candidate: float) -> tuple[int, float]:
        climbed = _climb(ladder, first, candidate, target_bb, target_level + 2)
        reached = next((i + 1 for i, b in enumerate(climbed) if b >= target_bb), len(climbed))
        return abs(reached - target_level), abs(candidate - step)

    grid = [step] + [MIN_STEP + i / 100 for i in range(round((MAX_STEP - MIN_STEP) * 100) + 1)]
    step = min(grid, key=miss)
    big_blinds = _climb(ladder, first, step, end_bb * 2.5, target_level + 2)
    levels = _levels(plan, chips, [(small_blinds[b], b) for b in big_blinds])
    periods, color_ups = _with_breaks(plan, chips, levels, break_every)
    late = plan.late_registration
    if late is None:
        # Registration closes while a new entry still starts with 30 big blinds or more.
        deep = [lv.number for lv in levels if plan.starting_stack / lv.big_blind >= 30]
        late = max(deep, default=1)
    late = min(late, len(levels))
    structure = Structure(
        name=clean_name(plan.name),
        starting_stack=plan.starting_stack,
        periods=tuple(periods),
        game=plan.game,
        chips=chips,
        late_registration=late,
    )
    final_level = _first_level_at(
        levels, total_chips / min(plan.seats, plan.players) / FINAL_TABLE_BIG_BLINDS
    )
    end_level = _first_level_at(levels, end_bb)
    end_minutes = 0
    for period in periods:
        end_minutes += period.minutes
        if isinstance(period, Level) and period.number == end_level:
            break
    if plan.final_table_level is not None and abs(final_level - plan.final_table_level) > 1:
        notes.append(
            f"With blinds rounded to the chips, one table is likely left around level"
            f" {final_level} rather than {plan.final_table_level}; smaller chips (--chips)"
            " allow finer steps."
        )
    if plan.hours is not None and abs(end_minutes - plan.hours * 60) > 0.1 * plan.hours * 60:
        notes.append(
            f"With these blinds the tournament likely ends after about"
            f" {end_minutes // 60}:{end_minutes % 60:02d} rather than {plan.hours:g} hours."
        )
    return Generated(structure, step, final_level, end_level, end_minutes, tuple(notes))


LEVEL_MINUTES = (5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 45, 60)
"""Level lengths `fit` chooses from."""
DEPTHS = (150, 125, 100, 75, 200, 250, 60, 50, 40)
"""Starting depths in big blinds `fit` tries, the usual first."""


def fit(plan: Plan, fixed_level_minutes: bool = False) -> Generated:
    """`generate`, choosing the level length (unless fixed) and the starting blinds so that the
    estimated end comes close to `plan.hours` (within 10% where the chips and the promised
    1.2-1.5x step allow).

    Level lengths are tried from the one asked for outwards, the usual depths first; the first
    plan whose estimate lands within 5% wins, else the closest estimate.
    """
    if plan.hours is None:
        return generate(plan)
    validate_plan(plan)
    want = plan.hours * 60
    lengths = (
        (plan.level_minutes,)
        if fixed_level_minutes
        else sorted(LEVEL_MINUTES, key=lambda m: abs(math.log(m / plan.level_minutes)))
    )
    best: tuple[tuple[bool, float], Generated] | None = None
    for minutes in lengths:
        for depth in DEPTHS:
            generated = generate(replace(plan, level_minutes=minutes, depth=depth))
            off = abs(generated.end_minutes - want) / want
            played = generated.structure.levels[: generated.end_level]
            steep = any(
                b.big_blind > MAX_STEP * a.big_blind + 1e-9
                for a, b in zip(played, played[1:], strict=False)
            )
            if off <= 0.05 and not steep:
                return generated
            if best is None or (steep, off) < best[0]:
                best = ((steep, off), generated)
    assert best is not None
    return best[1]


def _wanted_step(first: int, target_bb: float, target_level: int) -> float:
    """The growth factor that takes the big blind from `first` to `target_bb` at `target_level`."""
    if target_bb <= first:
        return MIN_STEP
    return float((target_bb / first) ** (1 / max(1, target_level - 1)))


def _levels_in(minutes: float, level_minutes: int, break_every: int, break_minutes: int) -> int:
    """How many levels fit into `minutes`, counting the breaks between them."""
    elapsed, count = 0, 0
    while True:
        extra = level_minutes + (
            break_minutes if break_every and count and count % break_every == 0 else 0
        )
        if elapsed + extra > minutes and count >= 2:
            return count
        elapsed += extra
        count += 1
        if count >= MAX_LEVELS:
            return count


def _climb(ladder: list[int], first: int, step: float, until: float, at_least: int) -> list[int]:
    """Big blinds from `first`, each the ladder value nearest `step` times the one before,
    up to `until` and at least `at_least` levels."""
    result = [first]
    while (result[-1] < until or len(result) < at_least) and len(result) < MAX_LEVELS:
        ideal = first * step ** len(result)
        above = [b for b in ladder if b > result[-1]]
        if not above:
            break
        # Never more than the promised step from one level to the next (when the chips allow).
        within = [b for b in above if b <= result[-1] * MAX_STEP + 1e-9] or above[:1]
        result.append(min(within, key=lambda b: abs(math.log(b / ideal))))
    return result


def _levels(plan: Plan, chips: tuple[int, ...], blinds: list[tuple[int, int]]) -> list[Level]:
    ante_from = plan.ante_from or (2 if plan.ante is AnteStyle.BIG_BLIND else 3)
    levels: list[Level] = []
    previous_ante = 0
    for number, (small, big) in enumerate(blinds, start=1):
        ante = bb_ante = 0
        if plan.game is not Game.LIMIT and number >= ante_from:
            if plan.ante is AnteStyle.BIG_BLIND:
                bb_ante = big
            elif plan.ante is AnteStyle.CLASSIC:
                ante = max(previous_ante, _classic_ante(big, chips))
                previous_ante = ante
        levels.append(Level(number, small, big, plan.level_minutes, ante=ante, bb_ante=bb_ante))
    return levels


def _amounts(level: Level) -> tuple[int, ...]:
    return tuple(a for a in (level.small_blind, level.big_blind, level.ante, level.bb_ante) if a)


def _with_breaks(
    plan: Plan, chips: tuple[int, ...], levels: list[Level], break_every: int
) -> tuple[list[Period], dict[int, tuple[int, ...]]]:
    """Levels with a break every `break_every` levels; each chip leaves at the first break
    after the last level that needs it (the largest chip always stays)."""
    needed_until: dict[int, int] = {}
    for chip in chips[:-1]:
        larger = tuple(c for c in chips if c > chip)
        last = 0
        for level in levels:
            if not all(payable(a, larger) for a in _amounts(level)):
                last = level.number
        needed_until[chip] = last
    periods: list[Period] = []
    color_ups: dict[int, tuple[int, ...]] = {}
    gone: set[int] = set()
    for level in levels:
        periods.append(level)
        is_last = level.number == len(levels)
        if break_every and level.number % break_every == 0 and not is_last:
            leaving = tuple(
                c for c in chips[:-1] if c not in gone and needed_until[c] <= level.number
            )
            gone.update(leaving)
            color_ups[level.number] = leaving
            periods.append(Break(plan.break_minutes, leaving))
    return periods, color_ups


def _first_level_at(levels: list[Level], big_blind: float) -> int:
    return next((lv.number for lv in levels if lv.big_blind >= big_blind), levels[-1].number)


def explain(generated: Generated, plan: Plan) -> tuple[list[str], dict[int, str]]:
    """Header comment lines and per-period comments for the YAML of a generated structure."""
    s = generated.structure
    total = plan.starting_stack * plan.players
    hours, minutes = divmod(generated.end_minutes, 60)
    header = [
        f"{' '.join(s.name.split())}: made by `tdtool structure new` for {plan.players} entries of"
        f" {plan.starting_stack:,} chips ({total:,} in play).",
        f"The big blind grows about {generated.step:.2f}x a level (1.2-1.5x is usual).",
        f"Expect one table left around level {generated.final_table_level} (average stack about"
        f" {FINAL_TABLE_BIG_BLINDS} big blinds) and the end around level {generated.end_level},"
        f" {hours}:{minutes:02d} after the start (big blind 4% of the chips).",
        "Later levels are spare, so the clock never runs out. Edit freely, then run",
        "`tdtool structure check FILE`.",
    ]
    header += generated.notes
    comments: dict[int, str] = {}
    first_ante = True
    for index, period in enumerate(s.periods):
        notes: list[str] = []
        if isinstance(period, Level):
            if period.number == 1:
                notes.append(f"{plan.starting_stack // period.big_blind} big blinds deep")
            if (period.ante or period.bb_ante) and first_ante:
                first_ante = False
                notes.append("big blind ante from here" if period.bb_ante else "antes from here")
            if period.number == s.late_registration:
                notes.append("registration closes after this level")
            if period.number == generated.final_table_level:
                notes.append("about one table left")
            if period.number == generated.end_level:
                notes.append("about the end")
        elif period.color_up:
            notes.append("no blind or ante needs these chips after this")
        if notes:
            comments[index] = "; ".join(notes)
    return header, comments
