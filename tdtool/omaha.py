"""Omaha hands: exactly two of the four hole cards with exactly three of the board, and the
eight-or-better low of Omaha high-low.

>>> from tdtool.cards import parse_cards
>>> board = parse_cards("As Ks Qs 4d 3c")
>>> high = omaha_high(parse_cards("Js Ts 2h 5c"), board)
>>> describe(HandValue(high))
'royal flush'
>>> low = omaha_low(parse_cards("Js Ts 2h 5c"), board)
>>> describe_low(low)
'5-4-3-2-A low'
>>> omaha_low(parse_cards("Jh Td 9c 9h"), board) is None
True

One spade in the hand makes no flush in Omaha (two hole cards must play), and a
board pair plays as a pair, never as trips with one hole card. A low is five cards of
different ranks, eight or lower, the ace low; `omaha_low` returns a bit mask of its ranks
(bit 0 the ace, bit 7 the eight), so the *smaller* mask is the *better* low: comparing the
masks compares the highest cards first, then the next, as the rules do.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from tdtool.cards import Card, Rank
from tdtool.hands import HandValue, best_five, describe, evaluate_codes

__all__ = [
    "HandValue",
    "describe",
    "describe_low",
    "low_cards",
    "omaha_best_five",
    "omaha_high",
    "omaha_high_codes",
    "omaha_low",
]

_PAIRS = tuple(combinations(range(4), 2))
_TRIPLES = tuple(combinations(range(5), 3))


def omaha_high_codes(hole: Sequence[int], board: Sequence[int]) -> int:
    """The HandValue int of the best Omaha high hand: two of `hole`, three of `board` (codes)."""
    ev = evaluate_codes
    triples = [(board[a], board[b], board[c]) for a, b, c in _TRIPLES]
    best = 0
    for a, b in _PAIRS:
        x, y = hole[a], hole[b]
        for t in triples:
            v = ev((x, y, *t))
            if v > best:
                best = v
    return best


def omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """`omaha_high_codes` for Card values (four hole cards, five board cards)."""
    return omaha_high_codes([c.code for c in hole], [c.code for c in board])


def _low_bit(card: Card) -> int:
    """The card's bit in a low mask: ace bit 0, deuce bit 1 ... eight bit 7; 0 above eight."""
    if card.rank is Rank.ACE:
        return 1
    return 1 << (card.rank - 1) if card.rank <= Rank.EIGHT else 0


def omaha_low(hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    """The best eight-or-better low (smaller is better) from two hole and three board cards,
    or None when there is none."""
    hole_masks = set()
    for a, b in _PAIRS:
        x, y = _low_bit(hole[a]), _low_bit(hole[b])
        if x and y and x != y:
            hole_masks.add(x | y)
    if not hole_masks:
        return None
    board_masks = set()
    for a, b, c in _TRIPLES:
        x, y, z = _low_bit(board[a]), _low_bit(board[b]), _low_bit(board[c])
        if x and y and z and len({x, y, z}) == 3:
            board_masks.add(x | y | z)
    best = None
    for h in hole_masks:
        for t in board_masks:
            if not h & t:
                m = h | t
                if best is None or m < best:
                    best = m
    return best


def _low_ranks(mask: int) -> list[int]:
    """The ranks of a low mask, highest first, the ace as 1."""
    return [r + 1 for r in range(7, -1, -1) if mask >> r & 1]


def describe_low(mask: int) -> str:
    """'8-6-4-2-A low'."""
    return "-".join("A" if r == 1 else str(r) for r in _low_ranks(mask)) + " low"


def low_cards(hole: Sequence[Card], board: Sequence[Card], mask: int) -> tuple[Card, ...]:
    """Five cards (two hole, three board) that make the low `mask`, highest first."""
    for a, b in _PAIRS:
        h = (hole[a], hole[b])
        for t in _TRIPLES:
            five = (*h, *(board[i] for i in t))
            bits = [_low_bit(c) for c in five]
            if all(bits) and len(set(bits)) == 5 and sum(bits) == mask:
                return tuple(sorted(five, key=_low_bit, reverse=True))
    raise ValueError("no five cards make that low")


def omaha_best_five(hole: Sequence[Card], board: Sequence[Card]) -> tuple[Card, ...]:
    """The five cards of the best Omaha high hand, most important first."""
    target = omaha_high(hole, board)
    for a, b in _PAIRS:
        for t in _TRIPLES:
            five = (hole[a], hole[b], *(board[i] for i in t))
            if evaluate_codes([c.code for c in five]) == target:
                return best_five(five)
    raise AssertionError("the best hand is one of the combinations")
