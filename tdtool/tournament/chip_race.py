"""The colour-up and the chip race at a scheduled colour-up (TDA 24).

Pure: the cards of the race come from the RNG passed in. At each table every player colours
up whole units of the chip being raced off (`race`, e.g. four 25s) into the next chip in
play (`up`, e.g. one 100); the odd chips left (fewer than a unit) are raced: their value is
pooled, and the table gets as many `up` chips as it makes, a last one when the rest is half a
chip or more (the 50% rule of RRoP and common TDA practice; TDA 24 leaves rounding to the
house). Each player is dealt one card per odd chip, all of theirs before the next player,
starting in seat 1 (TDA 24A), from one shuffled deck a table (a second when the odd chips
outnumber its cards); the highest cards (rank, then suit: spades, hearts, diamonds, clubs)
win the chips, at most one chip a player (TDA 24A). Nobody is raced out: a player whose
last chips are raced off and who wins none gets one `up` chip (TDA 24A). Chips of the raced
denomination that do not total a whole `up` chip are removed without compensation (TDA 24C).

>>> import random
>>> race = race_table(1, {1: "Ann", 3: "Ben", 5: "Cal"}, {"Ann": 7, "Ben": 2, "Cal": 1},
...                   25, 100, random.Random(3))
>>> [(e.player, e.coloured, e.odd) for e in race.entries]
[('Ann', 1, 3), ('Ben', 0, 2), ('Cal', 0, 1)]
>>> race.chips_raced, race.odd_value   # six odd 25s: 150, one 100 and half a chip: two
(2, 150)
>>> sum(e.won for e in race.entries), race.removed
(2, -50)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tdtool.cards import FULL_DECK, Card, Suit
from tdtool.errors import InputError

if TYPE_CHECKING:
    from tdtool.tournament.rng import Rng

_SUIT_RANK = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
"""Ties of rank broken by suit, bridge order: spades highest, then hearts, diamonds, clubs."""


def race_key(card: Card) -> tuple[int, int]:
    """Higher wins the race: rank, then suit (spades, hearts, diamonds, clubs).

    >>> from tdtool.cards import parse_card
    >>> sorted(["Ac", "Ks", "As", "Ah"], key=lambda c: race_key(parse_card(c)), reverse=True)
    ['As', 'Ah', 'Ac', 'Ks']
    """
    return (int(card.rank), _SUIT_RANK[card.suit])


@dataclass(frozen=True)
class RaceEntry:
    """One player at a race: the raced-off chips they held, the `up` chips those colour up
    to, the odd chips raced, the cards dealt for them, and what they came away with."""

    player: str
    seat: int
    held: int
    """Chips of the raced denomination the player held."""
    coloured: int
    """`up` chips the whole units colour up to."""
    odd: int
    """Raced-off chips left over, raced for (fewer than a unit)."""
    cards: tuple[Card, ...]
    won: bool
    """Won one `up` chip in the race."""
    kept_in: bool = False
    """Raced out of their last chips: given one `up` chip (TDA 24A)."""

    def change(self, race: int, up: int) -> int:
        """The chips the race adds to (or takes from) the player's stack."""
        return (self.won + self.kept_in) * up - self.odd * race

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (and the stored form)."""
        return {
            "player": self.player,
            "seat": self.seat,
            "held": self.held,
            "coloured": self.coloured,
            "odd": self.odd,
            "cards": [str(c) for c in self.cards],
            "won": self.won,
            "kept_in": self.kept_in,
        }


@dataclass(frozen=True)
class TableRace:
    """The race at one table."""

    table: int
    entries: tuple[RaceEntry, ...]
    race: int
    up: int

    @property
    def odd_value(self) -> int:
        """The value of the odd chips raced."""
        return sum(e.odd for e in self.entries) * self.race

    @property
    def chips_raced(self) -> int:
        """`up` chips the odd chips make, the last when half a chip or more is left."""
        return (self.odd_value + self.up // 2) // self.up if self.up else 0

    @property
    def removed(self) -> int:
        """Chips the race takes out of play at this table (negative: it adds some)."""
        return -sum(e.change(self.race, self.up) for e in self.entries)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "table": self.table,
            "players": [e.to_dict() for e in self.entries],
            "odd_value": self.odd_value,
            "chips_raced": self.chips_raced,
            "removed": self.removed,
        }


def race_table(
    table: int,
    occupants: Mapping[int, str],
    held: Mapping[str, int],
    race: int,
    up: int,
    rng: Rng,
    last_chips: frozenset[str] = frozenset(),
) -> TableRace:
    """Colour up and race at one table (see the module's text). `occupants`: seat -> player;
    `held`: player -> chips of the raced denomination (players not named hold none);
    `last_chips`: players whose raced-off chips are all they have (they cannot be raced out)."""
    if race <= 0 or up <= race or up % race:
        raise InputError(
            f"A chip of {race:,} colours up into a bigger chip that is a whole number of them,"
            f" not {up:,};",
            "give the next chip in play with {option:up}.",
        )
    unit = up // race
    order = sorted(occupants.items())
    deck: list[Card] = []
    dealt: list[tuple[int, str, int, int, tuple[Card, ...]]] = []
    for seat, player in order:
        n = held.get(player, 0)
        if n < 0:
            raise InputError(f"{player}: {n} chips; give how many of the {race:,}s they hold.")
        coloured, odd = divmod(n, unit)
        while len(deck) < odd:  # more odd chips than a deck has cards: the next deck
            more = list(FULL_DECK)
            rng.shuffle(more)
            deck += more
        cards = tuple(deck[:odd])
        del deck[:odd]
        dealt.append((seat, player, n, coloured, cards))
    chips = (sum(len(c) for *_, c in dealt) * race + up // 2) // up
    # Highest card first; the same card from a second deck: the player dealt first.
    best = sorted(
        ((max(map(race_key, c)), -i, p) for i, (_, p, _, _, c) in enumerate(dealt) if c),
        reverse=True,
    )
    winners = {p for _, _, p in best[:chips]}
    entries = []
    for seat, player, n, coloured, cards in dealt:
        won = player in winners
        out = player in last_chips and coloured == 0 and cards and not won
        entries.append(RaceEntry(player, seat, n, coloured, len(cards), cards, won, bool(out)))
    return TableRace(table, tuple(entries), race, up)


@dataclass(frozen=True)
class ChipRace:
    """The colour-up of one denomination at every table."""

    race: int
    up: int
    tables: tuple[TableRace, ...]

    @property
    def removed(self) -> int:
        """Chips taken out of play in all (negative: added, players kept in)."""
        return sum(t.removed for t in self.tables)

    def changes(self) -> dict[str, int]:
        """Player -> the chips the race added to or took from their stack (nonzero only)."""
        out = {}
        for t in self.tables:
            for e in t.entries:
                delta = e.change(self.race, self.up)
                if delta:
                    out[e.player] = delta
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "race": self.race,
            "up": self.up,
            "tables": [t.to_dict() for t in self.tables],
            "removed": self.removed,
        }


def chip_race(
    seating: list[tuple[int, tuple[tuple[int, str], ...]]],
    held: Mapping[str, int],
    race: int,
    up: int,
    rng: Rng,
    last_chips: frozenset[str] = frozenset(),
) -> ChipRace:
    """The race at every table of `seating` ((table, ((seat, player), ...)), as
    `TablePlan.seating()` gives it); tables in number order, each dealt from a fresh deck."""
    seated = {p for _, seats in seating for _, p in seats}
    unknown = sorted(set(held) - seated)
    if unknown:
        raise InputError(f"{', '.join(unknown)}: not seated; name players at the tables.")
    return ChipRace(
        race,
        up,
        tuple(race_table(t, dict(seats), held, race, up, rng, last_chips) for t, seats in seating),
    )
