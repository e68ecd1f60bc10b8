"""Deal-making at the final table: ICM (Malmuth-Harville) and chip-chop.

Pure: the random number generator for the sampling method is passed in.

ICM (the Independent Chip Model, Malmuth's use of Harville's horse-racing formula):
a player finishes first with probability stack / chips in play; given who finished
above, the next place goes to each player left with probability proportional to the
stacks left. A player's equity is the sum over places of P(place) x prize(place).

Exact: a dynamic programme over the sets of players that have taken the top places
(each set's probability is built once from its subsets). Small cases (up to
`PURE_PYTHON_BUDGET` sets times players: 15 players left with as many prizes, 80 ms) run in
plain Python (`icm_exact`); up to `SUBSET_PLAYERS` players the same programme runs over
bitmasks in numpy (`icm_subsets`: all 2**20 sets for 20 players in about 0.2 s of CPU, numpy
imported only then); beyond that, the plain method still takes a field with few prizes
left (60 players, 3 prizes) while the sets times players stay within `EXACT_BUDGET`.
Otherwise finishing orders are sampled: giving each player an exponential clock with rate
equal to their stack and ordering by who rings first draws orders with exactly the Harville
probabilities. Each equity then carries a standard error (the standard deviation of that
player's prize over the samples / sqrt(samples)), and the deal states a bound on the error
of every equity, `MAX_ERROR_STANDARD_ERRORS` of the largest standard error.

Chip-chop (the standard chip-count deal): everyone is guaranteed the smallest prize
still to be won (0 if more players are left than prizes), and the rest of the money is
shared in proportion to chips. It can pay the chip leader more than first prize; the
deal says so.

Holding back: the players may leave an amount to play for, which the eventual winner
takes on top of their deal. For ICM it comes off first prize before the equities are
computed, so each player's deal plus their chance of winning times the amount equals
their ICM equity with nothing held back. For chip-chop it comes off the money shared
by chips.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tdtool.errors import InputError, RuleError
from tdtool.tournament.rng import Rng

EXACT_BUDGET = 2_500_000
"""Largest (sets of top finishers) x (players) the plain exact method takes on."""
PURE_PYTHON_BUDGET = 500_000
"""Up to this many (sets of top finishers) x (players) the plain method is quicker than
loading numpy (about 0.1 s) for `icm_subsets`."""
SUBSET_PLAYERS = 20
"""Up to this many players left, every deal is exact (`icm_subsets`, under 1 s of CPU)."""
DEFAULT_SAMPLES = 50_000
MAX_ERROR_STANDARD_ERRORS = 4.0
"""A sampled equity is within this many of its standard errors of the exact value but for a
chance of 1 in 15,000 (the sampled mean is normal to within a fraction of a percent at
thousands of samples); the bound stated for a deal uses the largest standard error, so even
with 100 players left the chance that any one equity is further off is below 1 in 150."""


class DealMethod(StrEnum):
    """How the remaining prize money is split."""

    ICM = "icm"
    CHIP_CHOP = "chip-chop"


class Computation(StrEnum):
    """How the equities were worked out."""

    EXACT = "exact"
    SAMPLED = "sampled"


@dataclass(frozen=True)
class Equities:
    """Each player's expected prize, in the order the stacks were given."""

    values: tuple[float, ...]
    computation: Computation
    standard_errors: tuple[float, ...]
    """All zero when exact."""
    samples: int = 0

    @property
    def standard_error(self) -> float:
        """The largest standard error of any player's equity (0 when exact)."""
        return max(self.standard_errors, default=0.0)

    @property
    def max_error(self) -> float:
        """How far any equity may be from the exact value (0 when exact; see
        `MAX_ERROR_STANDARD_ERRORS`)."""
        return MAX_ERROR_STANDARD_ERRORS * self.standard_error


def check_stacks_and_prizes(
    stacks: Sequence[int], prizes: Sequence[int], ordered: bool = True
) -> None:
    """Raise a clear error unless the stacks and remaining prizes can be dealt on."""
    if not stacks:
        raise InputError(
            "Give the chip stacks of the players left,", "e.g. {option:stacks} 5000,3000,2000."
        )
    if any(s <= 0 for s in stacks):
        raise InputError(
            "Every stack must be a positive number of chips; a player with none is already out."
        )
    if not prizes:
        raise InputError(
            "Give the prizes still to be won, first place first,", "e.g. {option:prizes} 50,30,20."
        )
    if any(p < 0 for p in prizes):
        raise InputError("Prizes cannot be negative.")
    if len(stacks) > MAX_PLAYERS:
        raise InputError(
            f"{len(stacks)} stacks: a deal is made at the final table, among at most"
            f" {MAX_PLAYERS} players."
        )
    if max(prizes) > MAX_AMOUNT or max(stacks) > MAX_AMOUNT:
        raise InputError(
            f"Amounts over {MAX_AMOUNT:,} are more than a deal can work out exactly;"
            " give the chips and prizes in smaller units."
        )
    if len(prizes) > len(stacks):
        raise InputError(
            f"{len(prizes)} prizes for {len(stacks)} players left: give only the prizes still "
            "to be won, one per place from first down."
        )
    if ordered and any(lower > higher for higher, lower in zip(prizes, prizes[1:], strict=False)):
        raise InputError("Give the prizes from first place down; a lower place cannot pay more.")


MAX_PLAYERS = 100
"""The most players a deal is worked out for (deals are made at the final table)."""

MAX_AMOUNT = 10**15
"""The largest stack or prize: equities are floats, exact to whole units up to about 2**53."""


def exact_cost(players: int, prizes: int) -> int:
    """The work the exact method does: sets of top finishers it visits times players."""
    return sum(math.comb(players, k) for k in range(min(prizes, players))) * players


def icm_exact(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[float, ...]:
    """Malmuth-Harville equities computed exactly.

    >>> [round(e, 2) for e in icm_exact([5000, 3000, 2000], [50, 30, 20])]
    [38.39, 32.75, 28.86]
    """
    n = len(stacks)
    m = min(len(prizes), n)
    total = sum(stacks)
    equity = [0.0] * n
    # level: the sets of players who took places 1..depth -> (probability, their chips)
    level: dict[int, tuple[float, int]] = {0: (1.0, 0)}
    for depth in range(m):
        prize = prizes[depth]
        deeper: dict[int, tuple[float, int]] = {}
        last = depth == m - 1
        for mask, (p, chips) in level.items():
            left = total - chips
            for j in range(n):
                bit = 1 << j
                if mask & bit:
                    continue
                q = p * stacks[j] / left
                equity[j] += q * prize
                if not last:
                    key = mask | bit
                    prev = deeper.get(key)
                    deeper[key] = (q, chips + stacks[j]) if prev is None else (prev[0] + q, prev[1])
        level = deeper
    return tuple(equity)


def icm_subsets(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[float, ...]:
    """Malmuth-Harville equities computed exactly, the sets of top finishers as bitmasks.

    The programme of `icm_exact` over whole arrays: `reach[set]` is the probability that
    `set` took the top places, divided by the chips the others hold; the sets of k players
    are done together, each from the sets of k - 1 it grows from. A player's equity is their
    stack times the sum, over the sets without them, of `reach` times the prize of the next
    place. For up to `SUBSET_PLAYERS` players (2**20 sets, 50 MB of arrays); numpy is
    imported here, so that only a deal that needs it loads it.

    >>> [round(e, 2) for e in icm_subsets([5000, 3000, 2000], [50, 30, 20])]
    [38.39, 32.75, 28.86]
    """
    import numpy as np

    n = len(stacks)
    m = min(len(prizes), n)
    total = sum(stacks)
    size = 1 << n
    chips = np.zeros(size, dtype=np.int64)  # exact: at most 20 stacks of 10**15 chips
    count = np.zeros(size, dtype=np.int8)
    for j, stack in enumerate(stacks):
        low = 1 << j  # the sets with player j are those without, plus j
        np.add(chips[:low], stack, out=chips[low : 2 * low])
        np.add(count[:low], 1, out=count[low : 2 * low])
    by_count = np.argsort(count, kind="stable")  # the sets of 0, 1, 2 ... players in turn
    starts = np.zeros(n + 2, dtype=np.int64)
    np.cumsum(np.bincount(count, minlength=n + 1), out=starts[1:])
    weights = np.array(stacks, dtype=np.float64)
    reach = np.zeros(size)  # sets not done yet stay 0: they add nothing to a bigger set
    reach[0] = 1.0 / total
    value = np.zeros(size)  # reach x the prize of the place after the set
    value[0] = reach[0] * prizes[0]
    for k in range(1, m):
        level = by_count[starts[k] : starts[k + 1]]
        took = np.zeros(len(level))
        for j in range(n):
            # the set without player j, when j is in it (else a bigger set, still 0)
            took += weights[j] * reach[level ^ (1 << j)]
        reach[level] = took / (total - chips[level]).astype(np.float64)
        value[level] = reach[level] * prizes[k]
    equity = []
    for j in range(n):
        # the sets without player j: the first half of every block of 2 x 2**j sets (summed
        # as such, not as all sets less those with j, which loses the small equities)
        without_j = value.reshape(-1, 2, 1 << j)[:, 0, :].sum()
        equity.append(float(weights[j] * without_j))
    return tuple(equity)


def exact_method(
    players: int, prizes: int
) -> Callable[[Sequence[int], Sequence[int]], tuple[float, ...]] | None:
    """The exact method for this many players and prizes left, or None to sample."""
    cost = exact_cost(players, prizes)
    if cost <= PURE_PYTHON_BUDGET:
        return icm_exact
    if players <= SUBSET_PLAYERS:
        return icm_subsets
    if cost <= EXACT_BUDGET:
        return icm_exact
    return None


def icm_sampled(
    stacks: Sequence[int], prizes: Sequence[int], rng: Rng, samples: int
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Equities and their standard errors from `samples` finishing orders drawn by Harville.

    >>> import random
    >>> eq, se = icm_sampled([5000, 3000, 2000], [50, 30, 20], random.Random(1), 20000)
    >>> abs(eq[0] - 38.39) < 4 * se[0]
    True
    """
    if samples < 2:
        raise InputError("Sampling needs at least 2 samples.")
    n = len(stacks)
    m = min(len(prizes), n)
    sums = [0.0] * n
    squares = [0.0] * n
    order = range(n)
    expo = rng.expovariate
    for _ in range(samples):
        keys = [expo(s) for s in stacks]
        top = heapq.nsmallest(m, order, key=keys.__getitem__)
        for place, j in enumerate(top):
            prize = prizes[place]
            sums[j] += prize
            squares[j] += prize * prize
    means = tuple(s / samples for s in sums)
    errors = tuple(
        math.sqrt(max(sq / samples - mu * mu, 0.0) / (samples - 1))
        for sq, mu in zip(squares, means, strict=True)
    )
    return means, errors


def icm(
    stacks: Sequence[int],
    prizes: Sequence[int],
    rng: Rng | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> Equities:
    """ICM equities: exact up to 20 players left (and beyond with few prizes, see
    `exact_method`), else sampled with `rng`.

    Prizes are for places 1, 2, 3 ...; they need not fall (a hold-back can make first
    prize smaller than second).
    """
    check_stacks_and_prizes(stacks, prizes, ordered=False)
    method = exact_method(len(stacks), len(prizes))
    if method is not None:
        values = method(stacks, prizes)
        return Equities(values, Computation.EXACT, (0.0,) * len(values))
    if rng is None:
        raise InputError(
            f"{len(stacks)} players with {len(prizes)} prizes is too many to work out exactly; "
            "a random number generator is needed to sample."
        )
    values, errors = icm_sampled(stacks, prizes, rng, samples)
    return Equities(values, Computation.SAMPLED, errors, samples)


def chip_chop(
    stacks: Sequence[int], prizes: Sequence[int], hold_back: int = 0
) -> tuple[float, ...]:
    """Chip-chop: the smallest remaining prize each, the rest in proportion to chips.

    >>> [round(x, 2) for x in chip_chop([20000, 30000, 10000], [500, 300, 200])]
    [333.33, 400.0, 266.67]
    """
    check_stacks_and_prizes(stacks, prizes)
    n = len(stacks)
    floor = prizes[-1] if len(prizes) == n else 0
    shared = sum(prizes) - hold_back - n * floor
    if shared < 0:
        raise RuleError(
            f"Holding back {hold_back} leaves less than the smallest prize ({floor}) for "
            f"everyone; hold back at most {sum(prizes) - n * floor}."
        )
    total = sum(stacks)
    return tuple(floor + shared * s / total for s in stacks)


def round_to_total(
    values: Sequence[float], total: int, unit: int, stacks: Sequence[int]
) -> tuple[int, ...]:
    """Round values to multiples of `unit` summing exactly to `total` (largest remainder).

    Each value is rounded down to the unit; the units left over go to the largest
    remainders (ties: the bigger stack, then the earlier player); a piece smaller than
    the unit (when `total` is not a multiple of it) goes to the biggest stack.

    >>> round_to_total([38.39, 32.75, 28.86], 100, 1, [5000, 3000, 2000])
    (38, 33, 29)
    """
    if unit <= 0:
        raise InputError("The rounding unit must be a positive whole number.")
    units_total, piece = divmod(total, unit)
    scaled = [v / unit for v in values]
    base = [math.floor(x) for x in scaled]
    spare = units_total - sum(base)
    order = sorted(range(len(values)), key=lambda i: (-(scaled[i] - base[i]), -stacks[i], i))
    if spare < 0 or spare > len(values):
        raise InputError("The amounts to round do not add up to the total.")
    for i in order[:spare]:
        base[i] += 1
    amounts = [b * unit for b in base]
    biggest = min(range(len(stacks)), key=lambda i: (-stacks[i], i))
    amounts[biggest] += piece
    return tuple(amounts)


@dataclass(frozen=True)
class Deal:
    """A proposed deal: what each player left is paid now, and what is still played for."""

    method: DealMethod
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    prizes: tuple[int, ...]
    hold_back: int
    equities: tuple[float, ...]
    """The model's value of each player's share (hold-back excluded)."""
    amounts: tuple[int, ...]
    """`equities` rounded to the unit, summing exactly to the prizes less the hold-back."""
    unit: int = 1
    computation: Computation = Computation.EXACT
    standard_error: float = 0.0
    samples: int = 0

    @property
    def total(self) -> int:
        """All the prize money still to be paid."""
        return sum(self.prizes)

    @property
    def exact(self) -> bool:
        """The equities are the model's exact values (not sampled)."""
        return self.computation is Computation.EXACT

    @property
    def max_error(self) -> float:
        """How far any equity may be from the model's exact value (0 when exact)."""
        return MAX_ERROR_STANDARD_ERRORS * self.standard_error

    def notes(self) -> tuple[str, ...]:
        """Full sentences a director should read out before the players sign."""
        out: list[str] = []
        first = self.prizes[0]
        for name, amount in zip(self.names, self.amounts, strict=True):
            if amount > first:
                out.append(
                    f"{name} would get {amount}, more than first prize ({first}): "
                    "chip-chop overpays big stacks; compare the ICM deal."
                )
        if self.hold_back:
            out.append(f"{self.hold_back} is held back: play goes on and the winner takes it.")
        if self.computation is Computation.SAMPLED:
            out.append(
                f"Equities were sampled ({self.samples:,} finishing orders, more than"
                f" {SUBSET_PLAYERS} players left): each is within {self.max_error:,.2f} of the"
                f" exact value ({MAX_ERROR_STANDARD_ERRORS:g} standard errors; a larger error"
                " has odds of about 1 in 15,000)."
            )
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: equities in the order the stacks were given, plus the rounded amounts."""
        return {
            "method": str(self.method),
            "players": list(self.names),
            "stacks": list(self.stacks),
            "prizes": list(self.prizes),
            "hold_back": self.hold_back,
            "equities": [round(e, 2) for e in self.equities],
            "amounts": list(self.amounts),
            "unit": self.unit,
            "computation": str(self.computation),
            "exact": self.exact,
            "standard_error": round(self.standard_error, 4),
            "max_error": round(self.max_error, 4),
            "samples": self.samples,
            "notes": list(self.notes()),
        }


def make_deal(
    method: DealMethod,
    stacks: Sequence[int],
    prizes: Sequence[int],
    names: Sequence[str] | None = None,
    hold_back: int = 0,
    unit: int = 1,
    rng: Rng | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> Deal:
    """Work out a deal by `method` for the players left.

    >>> d = make_deal(DealMethod.ICM, [5000, 3000, 2000], [50, 30, 20])
    >>> d.amounts
    (38, 33, 29)
    """
    check_stacks_and_prizes(stacks, prizes)
    labels = (
        tuple(names) if names is not None else tuple(f"Player {i + 1}" for i in range(len(stacks)))
    )
    if len(labels) != len(stacks):
        raise InputError(
            f"{len(labels)} names for {len(stacks)} stacks: give one stack per player."
        )
    if len(set(labels)) != len(labels):
        raise InputError("Each player may appear only once in a deal.")
    if hold_back < 0:
        raise InputError("The amount held back cannot be negative.")
    if hold_back > prizes[0]:
        raise InputError(
            f"Only first prize ({prizes[0]}) can be held back for the winner; "
            f"hold back at most {prizes[0]}."
        )
    computation, error, drawn = Computation.EXACT, 0.0, 0
    if method is DealMethod.ICM:
        played = [prizes[0] - hold_back, *prizes[1:]]
        eq = icm(stacks, played, rng, samples)
        values, computation, error, drawn = eq.values, eq.computation, eq.standard_error, eq.samples
        if computation is Computation.SAMPLED:
            # Sampled means can be off by a rounding error; keep the total exact.
            scale = sum(played) / math.fsum(values) if math.fsum(values) else 1.0
            values = tuple(v * scale for v in values)
    else:
        values = chip_chop(stacks, prizes, hold_back)
    amounts = round_to_total(values, sum(prizes) - hold_back, unit, stacks)
    return Deal(
        method=method,
        names=labels,
        stacks=tuple(stacks),
        prizes=tuple(prizes),
        hold_back=hold_back,
        equities=tuple(values),
        amounts=amounts,
        unit=unit,
        computation=computation,
        standard_error=error,
        samples=drawn,
    )
