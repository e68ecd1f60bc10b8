"""The prize pool, how many places are paid, and what each paid place gets.

Pure: amounts are whole currency units (ints); shares are exact fractions so that a
payout list always sums to the prize pool to the unit.

The bundled default curve (used when no payout table is given)
----------------------------------------------------------------
Places paid: `Terms.places_paid` if set, else `Terms.percent_paid` percent of the
entries rounded up, else one entry in eight rounded up (12.5 % of the field), never
more than the entries.

With `k` places paid and `n` entries, place `i` (1 = winner) gets the share

    share(i) = f + (1 - k*f) * w(i) / (w(1) + ... + w(k)),   w(i) = (i + B) ** -A

where `f = min(M / n, 1 / (2k))` is the min-cash floor (M buy-ins' worth of the pool
per paid place, capped so the floors never take more than half the pool) and

    A = 1.2   (how fast prizes fall away down the list)
    B = 0.4   (flattens the very top: 2nd gets a bit more than a pure power law gives)
    M = 1.5   (every paid place gets at least 1.5 x an entry's prize-pool share, plus its
              power-law part)

A and B were fitted (least squares on relative error) to two published shapes at the
ends of the range: the 50/30/20 three-place table of small events and the top nine of
the 2019 WSOP Main Event (8,569 entries, 1,286 paid: 12.4, 7.4, 5.0, 3.7, 2.8, 2.2,
1.7, 1.4, 1.2 % of the pool). The curve gives 49.7/29.0/21.2 for the first and
13.4, 7.0, 4.6, 3.4, 2.7, 2.2, 1.8, 1.6, 1.4 % for the second; 100 entries pay
13 places with 27 % to the winner.

Rounding
--------
Every amount is rounded down to a multiple of `Terms.rounding`; the units left over
go one each to the places from the top down (again from the top if more are left);
a last piece smaller than the unit (a pool that is not a multiple of the unit) goes to
the winner. The list therefore sums exactly to the pool and never pays a lower place
more than a higher one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tdtool.errors import InputError, RuleError
from tdtool.tournament.terms import Terms

CURVE_A = 1.2
CURVE_B = 0.4
CURVE_MIN_CASH = 1.5
DEFAULT_PERCENT_PAID = 12.5


@dataclass(frozen=True)
class PrizePool:
    """The prize pool and what it is made of."""

    entries: int
    rebuys: int
    addons: int
    collected: int
    """The prize-pool part of every entry, rebuy and add-on sold."""
    guarantee: int
    total: int
    """What is paid out: `collected`, topped up to the guarantee."""

    @property
    def overlay(self) -> int:
        """What the house adds to reach the guarantee (0 when the field covers it)."""
        return self.total - self.collected


def prize_pool(terms: Terms, entries: int, rebuys: int = 0, addons: int = 0) -> PrizePool:
    """Entries, rebuys and add-ons times their prize-pool part, topped up to the guarantee.

    >>> prize_pool(Terms(buy_in=100, fee=10, rebuy_price=100, guarantee=5000), 40, 5).total
    5000
    >>> prize_pool(Terms(buy_in=100, addon_price=50), 60, addons=30).total
    7500
    """
    if min(entries, rebuys, addons) < 0:
        raise InputError("Entries, rebuys and add-ons cannot be negative.")
    collected = entries * terms.buy_in + rebuys * terms.rebuy_price + addons * terms.addon_price
    guarantee = terms.guarantee
    if terms.satellite_value and terms.satellite_seats:
        guarantee = max(guarantee, terms.satellite_value * terms.satellite_seats)
    return PrizePool(
        entries=entries,
        rebuys=rebuys,
        addons=addons,
        collected=collected,
        guarantee=guarantee,
        total=max(collected, guarantee),
    )


def satellite_seats(terms: Terms, pool: int, entries: int) -> int:
    """Seats a satellite awards: the terms' number (guaranteed), else as many as the prize
    pool buys; never more than the entries. 0 when it is not a satellite.

    >>> satellite_seats(Terms(buy_in=50, satellite_value=200), 1050, 21)
    5
    """
    if not terms.satellite_value or entries <= 0:
        return 0
    wanted = terms.satellite_seats or pool // terms.satellite_value
    return min(wanted, entries)


def satellite_amounts(terms: Terms, pool: int, entries: int) -> tuple[int, ...]:
    """A satellite's payouts: a seat's value for each seat, then the rest of the pool as
    cash to the next place (when there is a rest and a next place).

    >>> satellite_amounts(Terms(buy_in=50, satellite_value=200), 1050, 21)
    (200, 200, 200, 200, 200, 50)
    """
    seats = satellite_seats(terms, pool, entries)
    rest = pool - seats * terms.satellite_value
    return (terms.satellite_value,) * seats + ((rest,) if rest > 0 and seats < entries else ())


@dataclass(frozen=True)
class TableRow:
    """One row of a payout table: the shares (percent) paid for a range of field sizes."""

    min_entries: int
    max_entries: int | None
    """None: no upper bound."""
    shares: tuple[Fraction, ...]
    """Percent of the pool for places 1, 2, 3 ...; non-increasing, summing to 100."""
    line: int = 0
    """Line in the file the row came from (0: built in code)."""

    def covers(self, entries: int) -> bool:
        """Whether this row applies to a field of `entries`."""
        return self.min_entries <= entries and (
            self.max_entries is None or entries <= self.max_entries
        )


@dataclass(frozen=True)
class PayoutTable:
    """A user payout table: rows by field size (see tdtool/io/payouts_yaml.py)."""

    name: str
    rows: tuple[TableRow, ...]

    def shares_for(self, entries: int) -> tuple[Fraction, ...]:
        """The shares for a field of `entries`; RuleError when no row covers it."""
        for row in self.rows:
            if row.covers(entries):
                return row.shares
        raise RuleError(
            f"The payout table {self.name!r} has no row for {entries} entries; "
            "add one (e.g. `entries: 1+`) or use the default curve."
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (stored in the event log when a tournament adopts the table)."""
        return {
            "name": self.name,
            "rows": [
                {
                    "min_entries": r.min_entries,
                    "max_entries": r.max_entries,
                    "shares": [str(s) for s in r.shares],
                }
                for r in self.rows
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PayoutTable:
        """Rebuild from `to_dict()` output."""
        return cls(
            name=str(data["name"]),
            rows=tuple(
                TableRow(
                    int(r["min_entries"]),
                    None if r["max_entries"] is None else int(r["max_entries"]),
                    tuple(Fraction(s) for s in r["shares"]),
                )
                for r in data["rows"]
            ),
        )


@dataclass(frozen=True)
class Payout:
    """The amount paid for one place."""

    place: int
    amount: int


def places_paid(terms: Terms, entries: int) -> int:
    """How many places the default curve pays for a field of `entries`.

    >>> places_paid(Terms(), 100), places_paid(Terms(percent_paid=15), 100)
    (13, 15)
    >>> places_paid(Terms(places_paid=3), 2)
    2
    """
    if entries <= 0:
        return 0
    if terms.places_paid is not None:
        wanted = terms.places_paid
    else:
        percent = terms.percent_paid if terms.percent_paid is not None else DEFAULT_PERCENT_PAID
        wanted = math.ceil(Fraction(entries) * Fraction(str(percent)) / 100)
    return max(1, min(wanted, entries))


def curve_shares(places: int, entries: int) -> tuple[float, ...]:
    """The default curve's shares of the pool (fractions summing to 1) for the top `places`.

    >>> [round(100 * s, 1) for s in curve_shares(3, 24)]
    [49.7, 29.0, 21.2]
    """
    if places <= 0:
        return ()
    if places == 1:
        return (1.0,)
    floor = min(CURVE_MIN_CASH / max(entries, places), 1 / (2 * places))
    weights = [(i + CURVE_B) ** -CURVE_A for i in range(1, places + 1)]
    total = math.fsum(weights)
    rest = 1 - places * floor
    return tuple(floor + rest * w / total for w in weights)


def round_amounts(shares: Sequence[Fraction | float], pool: int, unit: int) -> tuple[int, ...]:
    """Turn non-increasing shares into amounts that are multiples of `unit` and sum to `pool`.

    >>> round_amounts([Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)], 1005, 10)
    (505, 300, 200)
    >>> round_amounts([1, 1, 1], 100, 1)
    (34, 33, 33)
    """
    if unit <= 0:
        raise InputError("The rounding unit must be a positive whole number.")
    if pool < 0:
        raise InputError("The prize pool cannot be negative.")
    if not shares:
        return ()
    exact = [Fraction(s) for s in shares]
    total = sum(exact)
    if total <= 0 or any(s < 0 for s in exact):
        raise InputError("Payout shares must be positive.")
    amounts = [math.floor(pool * s / total / unit) * unit for s in exact]
    for higher, lower in zip(amounts, amounts[1:], strict=False):
        if lower > higher:
            raise InputError("Payout shares must never pay a lower place more than a higher one.")
    left = pool - sum(amounts)
    units, piece = divmod(left, unit)
    n = len(amounts)
    for i in range(units):
        amounts[i % n] += unit
    amounts[0] += piece
    return tuple(amounts)


def payouts(
    terms: Terms, pool: int, entries: int, table: PayoutTable | None = None
) -> tuple[Payout, ...]:
    """The payout of every paid place, from a user table or the default curve.

    >>> [p.amount for p in payouts(Terms(rounding=5), 1000, 20)]
    [490, 295, 215]
    """
    if entries <= 0 or pool <= 0:
        return ()
    if terms.satellite_value:
        amounts = satellite_amounts(terms, pool, entries)
        return tuple(Payout(place=i, amount=a) for i, a in enumerate(amounts, start=1))
    amounts = round_amounts(_shares(terms, entries, table), pool, terms.rounding)
    return tuple(Payout(place=i, amount=a) for i, a in enumerate(amounts, start=1))


def _shares(terms: Terms, entries: int, table: PayoutTable | None) -> Sequence[Fraction | float]:
    if table is not None:
        return table.shares_for(entries)[:entries]
    return curve_shares(places_paid(terms, entries), entries)


def paid_count(terms: Terms, pool: int, entries: int, table: PayoutTable | None = None) -> int:
    """How many places `payouts` pays, without working out the amounts (which takes
    exact fractions for every place: 25 ms for the 4,500 places of 30,000 entries).

    >>> paid_count(Terms(rounding=5), 1000, 20)
    3
    """
    if entries <= 0 or pool <= 0:
        return 0
    if terms.satellite_value:
        return len(satellite_amounts(terms, pool, entries))
    return len(_shares(terms, entries, table))


def prize_for(place: int, amounts: Sequence[int]) -> int:
    """The prize for `place` (1-based) in a payout list; 0 outside the money."""
    return amounts[place - 1] if 1 <= place <= len(amounts) else 0


def share_tie(
    amounts: Sequence[int], best_place: int, players: Sequence[str], unit: int = 1
) -> dict[str, int]:
    """Split the prizes of the places `players` tie for, in whole units.

    Players who tie for places `best_place` .. `best_place + len(players) - 1` share
    the sum of those places' prizes (TDA RP-8: hand-for-hand busts at different tables
    tie; busts in one hand with equal starting stacks tie). The TDA says nothing about a
    sum that does not divide evenly; tdtool treats it like an odd chip (TDA 20): each
    gets an equal number of units, the units left over go one each to the players in the
    order given, and a piece smaller than the unit to the next one in that order (so no
    two differ by more than one unit). Give the players in
    the order the director decides: tdtool's callers list the one who started the hand
    with more chips first, then by name.

    >>> share_tie([500, 300, 200], 2, ["Ben", "Ada"])
    {'Ben': 250, 'Ada': 250}
    >>> share_tie([500, 310, 200], 2, ["Ben", "Ada"], unit=20)
    {'Ben': 260, 'Ada': 250}
    """
    if not players:
        return {}
    if len(set(players)) != len(players):
        raise InputError("A player can tie with others only once.")
    if best_place < 1:
        raise InputError("Places start at 1.")
    if unit <= 0:
        raise InputError("The rounding unit must be a positive whole number.")
    total = sum(prize_for(best_place + i, amounts) for i in range(len(players)))
    each_units, extra_units = divmod(total // unit, len(players))
    piece = total - (total // unit) * unit
    shares = {name: each_units * unit for name in players}
    for name in players[:extra_units]:
        shares[name] += unit
    shares[players[extra_units]] += piece
    return shares
