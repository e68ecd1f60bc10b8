"""An entered hand as clean core values: the table, then one typed record per line of play.

`tdtool.io.hand_yaml` builds these from a hand file (every record carries its line
number); `tdtool.rules.hand.replay` adjudicates them. Irregularity lines are records of
their own (`IrregularityLine`) so that the rulings plug in at exactly one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from tdtool.cards import Card
from tdtool.game import Variant
from tdtool.rules.betting import Stakes, Street, Verb
from tdtool.rules.rulings import Irregularity, Profile


@dataclass(frozen=True)
class SeatEntry:
    """A player as entered: seat, name, chips at the start, hole cards if known, file line."""

    seat: int
    name: str
    stack: int
    cards: tuple[Card, ...] | None
    line: int


@dataclass(frozen=True)
class ActionLine:
    """`WHO fold|check|call|bet N|raise N|all-in`: a betting action."""

    line: int
    text: str
    seat: int
    verb: Verb
    amount: int | None = None


@dataclass(frozen=True)
class BoardLine:
    """`flop C C C`, `turn C`, `river C`: board cards as dealt."""

    line: int
    text: str
    street: Street
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ShowdownLine:
    """`WHO shows` or `WHO mucks` at the showdown."""

    line: int
    text: str
    seat: int
    shows: bool


@dataclass(frozen=True)
class IrregularityLine:
    """One of the irregularity lines of the hand file, parsed but not yet ruled on.

    `seat` names the player concerned (exposed, boxed, exposes), `which` the hole card
    ("first" or "second") for an exposed card, `cards` the cards dealt (premature or
    four-card flop), `reason` the words after `misdeal`.
    """

    line: int
    text: str
    kind: Irregularity
    seat: int | None = None
    which: str | None = None
    cards: tuple[Card, ...] = ()
    reason: str | None = None


HandLine = ActionLine | BoardLine | ShowdownLine | IrregularityLine


@dataclass(frozen=True)
class EnteredHand:
    """One hand as entered: stakes, chip, profile, button, players and the lines of play."""

    source: str
    stakes: Stakes
    button: int
    seats: tuple[SeatEntry, ...]
    lines: tuple[HandLine, ...]
    chip: int = 1
    profile: Profile = Profile.TDA
    end_line: int = 0
    """The last line of the file: where a hand that stops too early is reported."""
    variant: Variant = Variant.HOLDEM
    """Hold'em, Omaha or Omaha high-low: how many hole cards, how the hands are made."""

    def name(self, seat: int) -> str:
        """The name of the player in `seat`."""
        return next(s.name for s in self.seats if s.seat == seat)
