"""An entered hand as clean core values: the table, then one typed record per line of play.

`tdtool.io.hand_yaml` builds these from a hand file (every record carries its line
number); `tdtool.rules.hand.replay` adjudicates them. Irregularity lines are records of
their own (`IrregularityLine`) so that the rulings plug in at exactly one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from tdtool.cards import Card
from tdtool.game import Variant
from tdtool.rules.betting import Stakes, Street, Verb
from tdtool.rules.button import Positions
from tdtool.rules.house import HouseRules
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
    out_of_turn: bool = False
    """Written `... out of turn`: backed up and ruled by TDA 53 (tdtool.rules.out_of_turn)."""


@dataclass(frozen=True)
class StraddleLine:
    """`WHO straddle N`: a live straddle (or re-straddle) to N before the first pre-flop action."""

    line: int
    text: str
    seat: int
    amount: int


@dataclass(frozen=True)
class PostLine:
    """`WHO posts big blind`, `WHO posts dead small blind`, `WHO posts both blinds`: a new or
    returning player posts out of position before the deal (RRoP Button and Blind Use)."""

    line: int
    text: str
    seat: int
    live: bool
    """A live big blind: the player's bet, with the option to raise."""
    dead: bool
    """A dead small blind: to the middle, not part of the bet."""


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
    board: bool = False
    """`WHO plays the board`: the player tables the cards and plays the board (TDA 19)."""


@dataclass(frozen=True)
class ConditionalLine:
    """`WHO says if OTHER bets, I raise [N]`: a statement about future action (TDA 59).

    `condition` is what OTHER must do: `bet` (a bet or a raise), `check`, `call`, `fold` or
    `all-in`; `verb` and `amount` are what WHO said they would do then."""

    line: int
    text: str
    seat: int
    other: int
    condition: str
    verb: Verb
    amount: int | None = None


class Showdown(StrEnum):
    """A floor question at the showdown (TDA 13-18; RRoP The showdown)."""

    ASKS = "asks to see"
    """`WHO asks to see OTHER`: a player asks to see a called hand (TDA 18; RRoP Showdown 5)."""
    RETRIEVED = "retrieved"
    """`WHO's hand is retrieved`: a hand discarded face down is taken back and tabled (TDA 14)."""
    KILLED = "killed"
    """`dealer kills WHO's hand`: the dealer mucks a player's hand at the showdown (TDA 13C)."""
    ONE_CARD = "tables one card"
    """`WHO tables one card`: only part of the hand is turned face up (TDA 13A, 15A)."""


@dataclass(frozen=True)
class ShowdownCall:
    """One of the showdown floor lines; `other` is the player asked about (`asks to see`)."""

    line: int
    text: str
    seat: int
    act: Showdown
    other: int | None = None


@dataclass(frozen=True)
class IrregularityLine:
    """One of the irregularity lines of the hand file, parsed but not yet ruled on.

    `seat` names the player concerned (exposed, boxed, exposes), `which` the hole card
    ("first" or "second") for an exposed card, `cards` the cards dealt (premature or
    four-card flop), `reason` the words after `misdeal`, `amount` the bet as the dealer
    counted it (`dealer counts N`).
    """

    line: int
    text: str
    kind: Irregularity
    seat: int | None = None
    which: str | None = None
    cards: tuple[Card, ...] = ()
    reason: str | None = None
    amount: int | None = None


class Said(StrEnum):
    """What a player declared out loud (`WHO says ...`), before or without chips (TDA 40B)."""

    CALL = "call"
    CHECK = "check"
    FOLD = "fold"
    RAISE = "raise"
    ALL_IN = "all-in"
    POT = "pot"
    COMPLETE = "complete"
    """Limit: making an incomplete bet (a short all-in, a big blind below the small bet) a full
    bet (TDA 3); the small blind completing the big blind is a call."""
    AMOUNT = "amount"
    """An amount only ("fourteen hundred"): the same as pushing out that much (TDA 40C)."""


@dataclass(frozen=True)
class ChipsLine:
    """`WHO puts N` or `WHO puts chips C C ...`: chips pushed out silently in one motion.

    `amount` is what this motion added (not the round total); `chips` names each chip's
    value when the file gives them (empty when only the amount is known).
    """

    line: int
    text: str
    seat: int
    amount: int
    chips: tuple[int, ...] = ()
    out_of_turn: bool = False


@dataclass(frozen=True)
class DeclarationLine:
    """`WHO says WORDS`: a verbal declaration; `amount` is the round total said, if any."""

    line: int
    text: str
    seat: int
    said: Said
    amount: int | None = None
    out_of_turn: bool = False
    word: str | None = None
    """The word said with an amount, `bet` or `raise` (`says bet 500`), for the ruling's
    wording; None when no such word was said."""
    on_count: bool = False
    """`WHO acts on it`: the player acted on the dealer's count just before (TDA 49), which
    counts as declaring call."""


@dataclass(frozen=True)
class PullBackLine:
    """`WHO pulls back [C C ...]`: prior-bet chips taken back facing a raise (TDA 46).

    `chips` names the chips pulled back; empty means all of them.
    """

    line: int
    text: str
    seat: int
    chips: tuple[int, ...] = ()


HandLine = (
    ActionLine
    | BoardLine
    | ShowdownLine
    | IrregularityLine
    | ChipsLine
    | DeclarationLine
    | PullBackLine
    | StraddleLine
    | PostLine
    | ShowdownCall
    | ConditionalLine
)


@dataclass(frozen=True, slots=True)
class PreviousHand:
    """The `previous:` block: where the button and blinds were the hand before."""

    line: int
    positions: Positions


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
    blinds: tuple[int | None, int] | None = None
    """(small blind seat or None if dead, big blind seat) as they fell (`small_blind`,
    `big_blind`); None: derived from the button."""

    house: HouseRules | None = None
    """A house's rules (`--rules house.yaml`): its base is `profile`; None: the book itself."""
    previous: PreviousHand | None = None
    """The button and blinds of the hand before (`previous:`), for TDA 32 and 34B."""

    @property
    def rules(self) -> HouseRules:
        """The rules the hand is ruled by: the house's, or the profile's book unchanged."""
        if self.house is not None:
            return self.house
        return HouseRules.of(self.profile)

    def name(self, seat: int) -> str:
        """The name of the player in `seat`."""
        return self._names[seat]

    @cached_property
    def _names(self) -> dict[int, str]:
        return {s.seat: s.name for s in self.seats}
