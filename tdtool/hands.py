"""Hand ranking: the best five of five to seven cards as a comparable `HandValue`, and its words.

>>> from tdtool.cards import parse_cards
>>> board = parse_cards("4c Ks 4h 8s 7s")
>>> ted = evaluate(parse_cards("Kc Kh"), board)
>>> bob = evaluate(parse_cards("Ac 4d"), board)
>>> ted > bob, describe(ted), describe(bob)
(True, 'full house, kings full of fours', 'three of a kind, fours, ace-king kickers')

A `HandValue` wraps one int: the category in bits 20 and up, then the ranks that break ties,
most important first, four bits each.  Higher is better and equal is a tie; suits never count.
The hot path is `evaluate7_codes(c1, ..., c7)` on `Card.code` ints, which returns that int.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

from tdtool import hand_tables
from tdtool.cards import (
    FULL_DECK,
    RANK_KEY_MASK,
    SUIT_KEYS,
    SUIT_SHIFT,
    Card,
    CardError,
    Rank,
)
from tdtool.hand_tables import flush_value, ranks_value


class Category(IntEnum):
    """The kind of poker hand, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def words(self) -> str:
        """The category as a person says it: 'full house'."""
        return self.name.lower().replace("_", " ")


CATEGORY_SHIFT = hand_tables.CATEGORY_SHIFT


@dataclass(frozen=True, order=True)
class HandValue:
    """The strength of a player's best five cards; compare with < and ==, suits never count."""

    value: int

    @property
    def category(self) -> Category:
        """Pair, flush, full house ..."""
        return Category(self.value >> CATEGORY_SHIFT)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that decide ties, most important first (a full house: trips, then pair)."""
        out = []
        for shift in (16, 12, 8, 4, 0):
            nibble = (self.value >> shift) & 15
            if nibble:
                out.append(Rank(nibble))
        return tuple(out)

    def __str__(self) -> str:
        return describe(self)


# The tables (see tdtool.hand_tables): the sum of seven cards' rank keys -> value (for 5 and 6
# cards the same, loaded on first use); a flush's rank mask -> value; suit counts -> the key of
# the suit with five or more cards, or 0.
_RANK7: dict[int, int]
_FLUSH: list[int]
_FLUSH_SUIT: list[int]
_keys7, _values7, _flush, _flush_suit = hand_tables.load(hand_tables.SEVEN_PATH)
_RANK7 = dict(zip(_keys7, _values7, strict=True))
_FLUSH, _FLUSH_SUIT = _flush.tolist(), _flush_suit.tolist()
del _keys7, _values7, _flush, _flush_suit
_RANK5_6: list[dict[int, int]] = []
# Each code -> its rank bit moved into its suit's 13-bit lane, so OR-ing the cards gives every
# suit's rank mask at once; and each suit key -> the shift of its lane.
_LANE_BIT = {c.code: 1 << (c.rank - 2 + 13 * (c.index % 4)) for c in FULL_DECK}
_LANE_SHIFT = {key: 13 * i for i, key in enumerate(SUIT_KEYS)}
# The hot path spells these two constants out, for speed.
assert SUIT_SHIFT == 23 and RANK_KEY_MASK == 0x7FFFFF


def evaluate7_codes(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """The HandValue int of seven cards given as `Card.code` ints: the hot path (no checks)."""
    k = a + b + c + d + e + f + g
    suit = _FLUSH_SUIT[k >> 23]
    if suit:
        lanes = _LANE_BIT
        m = lanes[a] | lanes[b] | lanes[c] | lanes[d] | lanes[e] | lanes[f] | lanes[g]
        return _FLUSH[(m >> _LANE_SHIFT[suit]) & 0x1FFF]
    return _RANK7[k & 0x7FFFFF]


def evaluate_codes(codes: Iterable[int]) -> int:
    """The HandValue int of 5, 6 or 7 cards given as `Card.code` ints (no checks)."""
    if not isinstance(codes, tuple | list):
        codes = tuple(codes)
    k = sum(codes)
    suit = _FLUSH_SUIT[k >> 23]
    if suit:
        m = 0
        for code in codes:
            m |= _LANE_BIT[code]
        return _FLUSH[(m >> _LANE_SHIFT[suit]) & 0x1FFF]
    if len(codes) == 7:
        return _RANK7[k & 0x7FFFFF]
    if not _RANK5_6:
        t = hand_tables.load(hand_tables.FIVE_SIX_PATH)
        _RANK5_6.extend((dict(zip(t[0], t[1], strict=True)), dict(zip(t[2], t[3], strict=True))))
    return _RANK5_6[len(codes) - 5][k & 0x7FFFFF]


def _checked(cards: Iterable[Card], board: Iterable[Card]) -> tuple[Card, ...]:
    """All the cards as one tuple, refusing a wrong count or a card given twice."""
    allc = (*cards, *board)
    if not 5 <= len(allc) <= 7:
        raise ValueError(f"A hand is ranked from 5 to 7 cards, not {len(allc)}.")
    if len(set(allc)) != len(allc):
        twice = sorted({str(c) for c in allc if allc.count(c) > 1})
        raise CardError(f"{', '.join(twice)} given twice: each card exists once.")
    return allc


def evaluate(cards: Iterable[Card], board: Iterable[Card] = ()) -> HandValue:
    """The value of the best five of 5-7 cards (a player's hole cards plus the board)."""
    return HandValue(evaluate_codes([c.code for c in _checked(cards, board)]))


def best_five(cards: Iterable[Card], board: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The five cards that make the best hand, most important first (a wheel ends on its ace)."""
    allc = _checked(cards, board)
    target = evaluate_codes(c.code for c in allc)
    five = next(h for h in combinations(allc, 5) if evaluate_codes(c.code for c in h) == target)
    order = HandValue(target).ranks
    category = HandValue(target).category

    def key(card: Card) -> tuple[int, int]:
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and order[0] == Rank.FIVE:
            return (0, -(1 if card.rank == Rank.ACE else card.rank))
        wanted = order.index(card.rank) if card.rank in order else len(order)
        return (wanted, -card.rank)

    return tuple(sorted(five, key=key))


def describe(hand: HandValue | Iterable[Card]) -> str:
    """The hand in words: 'full house, kings full of fours', 'two pair, queens and eights'."""
    value = hand if isinstance(hand, HandValue) else evaluate(hand)
    r = value.ranks
    match value.category:
        case Category.STRAIGHT_FLUSH:
            return "royal flush" if r[0] == Rank.ACE else f"straight flush, {r[0].word} high"
        case Category.FOUR_OF_A_KIND:
            return f"four of a kind, {r[0].plural}, {r[1].word} kicker"
        case Category.FULL_HOUSE:
            return f"full house, {r[0].plural} full of {r[1].plural}"
        case Category.FLUSH:
            return f"flush, {r[0].word} high"
        case Category.STRAIGHT:
            return f"straight, {r[0].word} high"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {r[0].plural}, {_kickers(r[1:])}"
        case Category.TWO_PAIR:
            return f"two pair, {r[0].plural} and {r[1].plural}, {_kickers(r[2:])}"
        case Category.PAIR:
            return f"pair of {r[0].plural}, {_kickers(r[1:])}"
        case _:
            return f"high card, {r[0].word}"


def _kickers(ranks: tuple[Rank, ...]) -> str:
    """'ace kicker', 'ace-king kickers'."""
    return "-".join(r.word for r in ranks) + (" kicker" if len(ranks) == 1 else " kickers")


__all__ = [
    "Category",
    "HandValue",
    "best_five",
    "describe",
    "evaluate",
    "evaluate7_codes",
    "evaluate_codes",
    "flush_value",
    "ranks_value",
]
