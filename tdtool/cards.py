"""Ranks, suits and cards, and parsing the way people write them ("As Kd 10h Q♠").

Cards are cleaned once, at the edge, into `Card` values; the core never sees text.

>>> parse_cards("As Kd 10h q♠")
(Card('As'), Card('Kd'), Card('Th'), Card('Qs'))
>>> str(parse_card("10♥"))
'Th'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from tdtool.errors import InputError


class Rank(IntEnum):
    """A card's rank; the value is its strength, deuce 2 up to ace 14."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-letter symbol: '2'..'9', 'T', 'J', 'Q', 'K', 'A'."""
        return "23456789TJQKA"[self - 2]

    @property
    def word(self) -> str:
        """The rank as a person says it: 'ace', 'ten', 'two'."""
        return _WORDS[self - 2]

    @property
    def plural(self) -> str:
        """The plural a person says: 'aces', 'sixes', 'twos'."""
        return "sixes" if self is Rank.SIX else self.word + "s"


_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
          "king", "ace")  # fmt: skip


class Suit(StrEnum):
    """A card's suit; suits never rank against each other."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠ ♥ ♦ ♣."""
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_INDEX = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}

# Evaluator keys.  The low 23 bits of a card's code are a key for its rank, chosen so that
# the sum of the keys of any 5, 6 or 7 cards tells the multiset of their ranks apart from every
# other; above them, from bit 23, three bits per suit count the cards of each suit.  The sum
# of seven codes therefore says at once whether there is a flush and which ranks are held.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
RANK_KEY_MASK = (1 << 23) - 1
SUIT_SHIFT = 23
SUIT_KEYS = (1, 8, 64, 512)


@dataclass(frozen=True, order=True)
class Card:
    """One playing card. `str(card)` is the short form, e.g. 'Ah'; `code` feeds the evaluator."""

    rank: Rank
    suit: Suit
    code: int = field(init=False, repr=False, compare=False)
    index: int = field(init=False, repr=False, compare=False)
    """0..51: deuce of spades, deuce of hearts, ... ace of clubs."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        s = _SUIT_INDEX[self.suit]
        object.__setattr__(self, "code", RANK_KEYS[self.rank - 2] | (SUIT_KEYS[s] << SUIT_SHIFT))
        object.__setattr__(self, "index", (self.rank - 2) * 4 + s)
        object.__setattr__(self, "_hash", hash((self.rank, self.suit)))

    def __hash__(self) -> int:
        # The hash dataclass would compute on every call (a card keys many dicts), kept.
        return self._hash

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, e.g. 'A♥', '10♠'."""
        rank = "10" if self.rank is Rank.TEN else self.rank.symbol
        return rank + self.suit.symbol


FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for r in Rank for s in Suit)
"""The 52 cards, ordered by `Card.index`."""

CARD_BY_CODE: dict[int, Card] = {c.code: c for c in FULL_DECK}
"""The card behind each evaluator code."""


class CardError(InputError, ValueError):
    """A card written in a way tdtool cannot read, or the same card given twice."""


ACCEPTED = (
    "write the rank (2-9, T or 10, J, Q, K, A) then the suit (s, h, d, c or ♠ ♥ ♦ ♣), "
    "e.g. 'Ah', '10♥' or 'td'"
)

_RANK_TEXT = {s: Rank(i + 2) for i, s in enumerate("23456789TJQKA")} | {"10": Rank.TEN}
_SUIT_TEXT = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}  # fmt: skip
_BY_TEXT: dict[str, Card] = {
    r + s: FULL_DECK[(rank - 2) * 4 + _SUIT_INDEX[suit]]
    for r, rank in _RANK_TEXT.items()
    for s, suit in _SUIT_TEXT.items()
}
# One card, possibly glued to the next ("AsKd"); U+FE0E/U+FE0F are the text and emoji
# selectors that phones add to the suit symbols.
_CARD = re.compile(r"(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧])[\uFE0E\uFE0F]?", re.IGNORECASE)
_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
_SEPARATORS = re.compile(r"[\s,]+")


def parse_card(text: str) -> Card:
    """Read one card written rank then suit ('Ah', '10♥', 'td'); raise CardError otherwise."""
    card = _BY_TEXT.get(text.strip().translate(_SELECTORS).upper())
    if card is None:
        raise CardError(f"'{text}' is not a card: {ACCEPTED}.")
    return card


def parse_cards(text: str, repeats: bool = False) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas ('As Kd 10h', 'AsKd'); no card may repeat,
    unless `repeats` (cards as dealt from a deck that may be fouled: the caller rules on it)."""
    cards: list[Card] = []
    for word in _SEPARATORS.split(text.strip()):
        if word:
            card = _BY_TEXT.get(word.upper())  # the usual case: one card per word, no symbols
            if card is not None:
                cards.append(card)
            else:
                cards.extend(_split_word(word))
    if repeats:
        return tuple(cards)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} appears twice in '{text.strip()}': each card exists once.")
        seen.add(card)
    return tuple(cards)


def _split_word(word: str) -> Iterator[Card]:
    """The cards written together in one word with no spaces ('AsKd' -> As, Kd)."""
    position = 0
    while position < len(word):
        match = _CARD.match(word, position)
        if match is None:
            raise CardError(f"'{word}' is not a card: {ACCEPTED}.")
        yield _BY_TEXT[(match.group(1) + match.group(2)).upper()]
        position = match.end()


def card_from_code(code: int) -> Card:
    """The card behind an evaluator code (see `Card.code`)."""
    return CARD_BY_CODE[code]
