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


_VALUES: dict[int, HandValue] = {}


def hand_value(value: int) -> HandValue:
    """The `HandValue` of an evaluator int, shared: a hand value is immutable and there are
    only 7,462 different five-card hands, so each is built once (the replay's showdown)."""
    known = _VALUES.get(value)
    if known is None:
        known = _VALUES[value] = HandValue(value)
    return known


# The tables (see tdtool.hand_tables): the sum of seven cards' rank keys -> value (for 5 and 6
# cards the same); a flush's rank mask -> value; suit counts -> the key of the suit with five
# or more cards, or 0.  Loading them costs ~10 ms, so a program that ranks a few hands (a
# showdown in `tdtool hand check`) never does: `evaluate_codes` follows the plain rules of
# tdtool.hand_tables for its first DIRECT_EVALUATIONS calls, and loads the tables after
# that; `evaluate7_codes`, the hot path, loads them on its first call.
DIRECT_EVALUATIONS = 1000
"""How many hands `evaluate_codes` ranks by the plain rules before it loads the tables."""


class _Unloaded:
    """A table not loaded yet: the first lookup loads every 7-card table, then looks up."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, key: int) -> int:
        _load_seven()
        table: dict[int, int] | list[int] = globals()[self.name]
        return table[key]


_RANK7: dict[int, int] = _Unloaded("_RANK7")  # type: ignore[assignment]
_FLUSH: list[int] = _Unloaded("_FLUSH")  # type: ignore[assignment]
_FLUSH_SUIT: list[int] = _Unloaded("_FLUSH_SUIT")  # type: ignore[assignment]
_RANK5_6: list[dict[int, int]] = []
_direct_left = DIRECT_EVALUATIONS


def _load_seven() -> None:
    """Load the 7-card, flush and flush-suit tables (the module's globals above)."""
    global _RANK7, _FLUSH, _FLUSH_SUIT, _direct_left
    keys7, values7, flush, flush_suit = hand_tables.load(hand_tables.SEVEN_PATH)
    _RANK7 = dict(zip(keys7, values7, strict=True))
    _FLUSH, _FLUSH_SUIT = flush.tolist(), flush_suit.tolist()
    _direct_left = 0


# Each code -> its rank bit moved into its suit's 13-bit lane, so OR-ing the cards gives every
# suit's rank mask at once; and each suit key -> the shift of its lane.
_LANE_BIT = {c.code: 1 << (c.rank - 2 + 13 * (c.index % 4)) for c in FULL_DECK}
_LANE_SHIFT = {key: 13 * i for i, key in enumerate(SUIT_KEYS)}
# Each code -> its rank (2..14), for the plain rules.
_RANK_OF = {c.code: int(c.rank) for c in FULL_DECK}
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


def _by_the_rules(codes: tuple[int, ...] | list[int]) -> int:
    """The HandValue int of 5-7 codes computed by the plain rules (what the tables hold)."""
    m = 0
    for code in codes:
        m |= _LANE_BIT[code]
    for lane in range(4):
        suited = (m >> (13 * lane)) & 0x1FFF
        if suited.bit_count() >= 5:  # five of a suit: with seven cards nothing else beats it
            return flush_value(suited)
    return ranks_value([_RANK_OF[code] for code in codes])


def evaluate_codes(codes: Iterable[int]) -> int:
    """The HandValue int of 5, 6 or 7 cards given as `Card.code` ints (no checks)."""
    global _direct_left
    if not isinstance(codes, tuple | list):
        codes = tuple(codes)
    if _direct_left:
        _direct_left -= 1
        return _by_the_rules(codes)
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
    """The hand in words: 'full house, kings full of fours', 'two pair, queens and eights'.

    Flushes and high-card hands name all five cards ('flush, ace-queen-nine-five-two'),
    since two of them with the same top card are often told apart only further down.
    """
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
            # All five cards: two flushes with the same top card differ further down.
            return f"flush, {_ranks(r)}"
        case Category.STRAIGHT:
            return f"straight, {r[0].word} high"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {r[0].plural}, {_kickers(r[1:])}"
        case Category.TWO_PAIR:
            return f"two pair, {r[0].plural} and {r[1].plural}, {_kickers(r[2:])}"
        case Category.PAIR:
            return f"pair of {r[0].plural}, {_kickers(r[1:])}"
        case _:
            return f"high card, {_ranks(r)}"


def _ranks(ranks: tuple[Rank, ...]) -> str:
    """'ace-queen-nine-five-two'."""
    return "-".join(r.word for r in ranks)


def _kickers(ranks: tuple[Rank, ...]) -> str:
    """'ace kicker', 'ace-king kickers'."""
    return _ranks(ranks) + (" kicker" if len(ranks) == 1 else " kickers")


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
