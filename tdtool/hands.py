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

from tdtool.cards import (
    CARD_BY_CODE,
    RANK_KEY_MASK,
    RANK_KEYS,
    SUIT_KEYS,
    SUIT_SHIFT,
    Card,
    CardError,
    Rank,
)


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


CATEGORY_SHIFT = 20


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


def _pack(category: Category, *ranks: int) -> int:
    """The int of a HandValue: category, then up to five tie-breaking ranks."""
    value = int(category)
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


# Straights by their top card; the wheel A-2-3-4-5 is five high, and nothing wraps round.
_STRAIGHTS = [(top, sum(1 << (r - 2) for r in range(top - 4, top + 1))) for top in range(14, 5, -1)]
_STRAIGHTS.append((5, 0b1000000001111))  # A, 5, 4, 3, 2


def _straight_top(mask: int) -> int:
    """The top card of the best straight in a 13-bit rank mask (bit 0 = deuce), or 0."""
    for top, pattern in _STRAIGHTS:
        if mask & pattern == pattern:
            return top
    return 0


def flush_value(mask: int) -> int:
    """The value of the best hand from the ranks of five or more cards of one suit."""
    top = _straight_top(mask)
    if top:
        return _pack(Category.STRAIGHT_FLUSH, top)
    ranks = [r for r in range(14, 1, -1) if mask >> (r - 2) & 1][:5]
    return _pack(Category.FLUSH, *ranks)


def ranks_value(ranks: Iterable[int]) -> int:
    """The value of the best hand from 5-7 ranks, when no five of them share a suit."""
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    present = [r for r in range(14, 1, -1) if counts[r]]
    quads = [r for r in present if counts[r] == 4]
    trips = [r for r in present if counts[r] == 3]
    pairs = [r for r in present if counts[r] == 2]
    if quads:
        q = quads[0]
        return _pack(Category.FOUR_OF_A_KIND, q, next(r for r in present if r != q))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        return _pack(Category.FULL_HOUSE, t, max(trips[1:] + pairs))
    mask = sum(1 << (r - 2) for r in present)
    top = _straight_top(mask)
    if top:
        return _pack(Category.STRAIGHT, top)
    if trips:
        t = trips[0]
        return _pack(Category.THREE_OF_A_KIND, t, *[r for r in present if r != t][:2])
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return _pack(Category.TWO_PAIR, hi, lo, next(r for r in present if r not in (hi, lo)))
    if pairs:
        p = pairs[0]
        return _pack(Category.PAIR, p, *[r for r in present if r != p][:3])
    return _pack(Category.HIGH_CARD, *present[:5])


_SUIT_OF_KEY = {key: i for i, key in enumerate(SUIT_KEYS)}
_RANK_OF_KEY = {key: i + 2 for i, key in enumerate(RANK_KEYS)}


def _flush_suit(suit_counts: int) -> int:
    """The suit key with five or more cards in a packed suit count (3 bits a suit), or 0."""
    for key in SUIT_KEYS:
        if (suit_counts // key) & 7 >= 5:
            return key
    return 0


def evaluate_codes(codes: Iterable[int]) -> int:
    """The HandValue int of 5-7 cards given as `Card.code` ints (no checks)."""
    codes = tuple(codes)
    total = sum(codes)
    suit = _flush_suit(total >> SUIT_SHIFT)
    if suit:
        mask = 0
        for c in codes:
            if c >> SUIT_SHIFT == suit:
                mask |= 1 << (_RANK_OF_KEY[c & RANK_KEY_MASK] - 2)
        return flush_value(mask)
    return ranks_value(_RANK_OF_KEY[c & RANK_KEY_MASK] for c in codes)


def evaluate7_codes(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """The HandValue int of seven cards given as `Card.code` ints: the hot path (no checks)."""
    return evaluate_codes((a, b, c, d, e, f, g))


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
    return HandValue(evaluate_codes(c.code for c in _checked(cards, board)))


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
    "CARD_BY_CODE",
    "Category",
    "HandValue",
    "best_five",
    "describe",
    "evaluate",
    "evaluate7_codes",
    "evaluate_codes",
]
