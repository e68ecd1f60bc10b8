"""Pots and side pots, uncalled bets, and dividing a pot in whole chips (TDA 20, 21).

>>> pots, back = collect({1: 50, 2: 150, 3: 300, 4: 300}, live=[1, 2, 3, 4], order=[1, 2, 3, 4])
>>> [(p.amount, p.eligible) for p in pots], back
([(200, (1, 2, 3, 4)), (300, (2, 3, 4)), (300, (3, 4))], {})
>>> split(3025, winners=[3, 4, 5], chip=25)
((3, 1025), (4, 1000), (5, 1000))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips (dead money included) and the seats still able to win it."""

    amount: int
    eligible: tuple[int, ...]


def uncalled(contributions: Mapping[int, int]) -> tuple[int, int] | None:
    """The part of the largest contribution nobody matched, as (seat, chips), if any (TDA 21).

    >>> uncalled({1: 300, 2: 500, 3: 200}), uncalled({1: 500, 2: 500}), uncalled({})
    ((2, 200), None, None)
    """
    top = second = 0
    top_seat: int | None = None
    matched = False
    for seat, c in contributions.items():  # one pass: the replay calls this for every hand
        if c > top:
            top, second, top_seat, matched = c, top, seat, False
        elif c == top:
            matched = True
        elif c > second:
            second = c
    if top_seat is None or matched or top <= second:
        return None
    return top_seat, top - second


def collect(
    contributions: Mapping[int, int],
    live: Iterable[int],
    order: Sequence[int],
    dead: int = 0,
) -> tuple[tuple[Pot, ...], dict[int, int]]:
    """Pots layered by contribution, main pot first, and the uncalled chips returned.

    `contributions` is what each seat put in (classic antes included), `live` the seats
    that have not folded, `order` every seat clockwise from the button, `dead` money
    that belongs to the main pot whoever wins it (the big blind ante, RP-11). Layers
    with the same eligible players are one pot: a folded player's partial bet never
    makes a pot of its own. A dead hand's chips are never returned to it, even when no live
    player matched them (a big blind folded out of turn, TDA 53A).
    """
    chips = {seat: c for seat, c in contributions.items() if c > 0}
    returned: dict[int, int] = {}
    alive = set(live)
    extra = uncalled(chips)
    if extra is not None and extra[0] in alive:  # a dead hand's chips stay in (TDA 53A, 35D)
        seat, amount = extra
        returned[seat] = amount
        chips[seat] -= amount
    contenders = [s for s in order if s in alive and chips.get(s, 0) > 0]
    per_level: dict[int, int] = {}  # level -> how many seats put in exactly that much
    for c in chips.values():
        if c:
            per_level[c] = per_level[c] + 1 if c in per_level else 1
    amounts: list[int] = []
    eligibles: list[tuple[int, ...]] = []
    previous = 0
    left = len(chips)  # the seats that put in `level` or more
    for level in sorted(per_level):
        # Every contribution is one of the levels: each seat at `level` or above adds the
        # layer between the previous level and this one.
        amount = (level - previous) * left
        contenders = [s for s in contenders if chips[s] >= level]  # levels only go up
        eligible = tuple(contenders)
        if not eligible and not eligibles:
            # Nobody live put in this much: only when binding folds out of turn (or hands the
            # floor killed) left a player who had put in less; the live players share it.
            eligible = tuple(s for s in order if s in alive)
        if eligibles and (eligible == eligibles[-1] or not eligible):
            amounts[-1] += amount
        else:
            amounts.append(amount)
            eligibles.append(eligible)
        left -= per_level[level]
        previous = level
    if dead:
        if amounts:
            amounts[0] += dead
        else:
            amounts.append(dead)
            eligibles.append(tuple(s for s in order if s in alive))
    pots = tuple([Pot(a, e) for a, e in zip(amounts, eligibles, strict=True)])
    return pots, returned


def split(amount: int, winners: Sequence[int], chip: int = 1) -> tuple[tuple[int, int], ...]:
    """Divide a pot among `winners` (given clockwise from the button) in whole chips (TDA 20).

    Each winner gets an equal number of chips of the smallest denomination; the odd
    chips go one each to the winners in turn, starting with the first clockwise from
    the button. Anything smaller than one chip goes to that first winner too.
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    if len(winners) == 1:  # the whole pot, odd chips and all
        return ((winners[0], amount),)
    units, rest = divmod(amount, chip)
    each, odd = divmod(units, len(winners))
    shares = [each * chip + (chip if k < odd else 0) for k in range(len(winners))]
    shares[0] += rest
    return tuple(zip(winners, shares, strict=True))
