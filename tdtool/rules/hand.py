"""Replay an entered hand line by line and adjudicate it: legality, pots, winners, stacks.

`replay(hand)` takes an `EnteredHand` (clean core values, see `tdtool.rules.entry`) and
returns a frozen `HandResult`, or raises `IllegalHand` (exit 1: the line, the player,
what was allowed instead and the rule) or `InputError` (exit 2: the entry itself is wrong).
Irregularity lines all go through `Replay.irregularity`, the one place rulings plug in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tdtool.cards import Card
from tdtool.errors import InputError, RuleError
from tdtool.game import Variant
from tdtool.hands import HandValue, best_five, describe, evaluate_codes, hand_value
from tdtool.omaha import describe_low, low_cards, omaha_best_five, omaha_high_codes, omaha_low
from tdtool.rules import chips_behind
from tdtool.rules.betting import STREETS, Betting, IllegalAction, Player, Post, Street, Verb
from tdtool.rules.button import Positions, rule_button
from tdtool.rules.chip_floor import ChipFloor
from tdtool.rules.conditional import Conditionals
from tdtool.rules.entry import (
    ActionLine,
    BoardLine,
    ChipsLine,
    ConditionalLine,
    DeclarationLine,
    EnteredHand,
    HandLine,
    IrregularityLine,
    PostLine,
    PreviousHand,
    PullBackLine,
    SeatEntry,
    ShowdownCall,
    ShowdownLine,
    StraddleLine,
)
from tdtool.rules.floor import Floor
from tdtool.rules.penalties import house_penalties
from tdtool.rules.pot_count import PotCount
from tdtool.rules.pots import collect, split
from tdtool.rules.rulings import Irregularity, Profile, Ruling, misdeal_barred, rule_posted_blind
from tdtool.rules.showdown_floor import ShowdownFloor

BOARD_SIZE = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}


IllegalHand = IllegalAction


class AfterMisdeal(InputError):
    """A line after the misdeal that ended the hand: it belongs to the re-deal. Carries the
    misdeal's ruling, which a front end shows first."""

    def __init__(self, message: str, ruling: Ruling) -> None:
        super().__init__(message)
        self.ruling = ruling


"""A line of an entered hand the rules refuse (exit 1): `.line`, `.player`, `.allowed`, `.rule`."""


@dataclass(frozen=True, slots=True)
class PotHalf:
    """The high or the low half of an Omaha high-low pot: who won it and what each got."""

    winners: tuple[str, ...]
    shares: tuple[tuple[str, int], ...]
    hand: str | None
    """The winning hand in words ("flush, ace high ...", "8-6-4-2-A low"); None if uncontested."""
    odd_chips: tuple[str, ...]
    """Winners of this half who received one odd chip more than the others (TDA 20)."""

    @property
    def amount(self) -> int:
        """The chips of this half."""
        return sum(c for _, c in self.shares)


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot as decided: chips, who could win it, who did, what each got, with which hand."""

    label: str
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: tuple[tuple[str, int], ...]
    value: HandValue | None
    """The winning hand's value; None when everyone else folded."""
    odd_chips: tuple[str, ...]
    """Winners who received one odd chip more than the others (TDA 20)."""
    hilo: bool = False
    """An Omaha high-low pot: `high` and `low` say how it was divided."""
    high: PotHalf | None = None
    low: PotHalf | None = None
    """The low half; None when no low qualified (the high takes the whole pot)."""
    odd_to_high: bool = False
    """The pot did not halve in whole chips: the odd chip went to the high half (TDA 20)."""

    @property
    def hand(self) -> str | None:
        """The winning hand in words ("full house, kings full of fours"); None if uncontested."""
        return None if self.value is None else describe(self.value)


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand at showdown: the hole cards, the best five and its description."""

    name: str
    cards: tuple[Card, ...]
    board: tuple[Card, ...]
    value: HandValue
    low: int | None = None
    """Omaha high-low: the eight-or-better low (tdtool.omaha), None if the hand has none."""
    hilo: bool = False

    @property
    def best(self) -> tuple[Card, ...]:
        """The five cards that make the hand, most important first."""
        if len(self.cards) == 4:
            return omaha_best_five(self.cards, self.board)
        return best_five(self.cards, self.board)

    @property
    def low_description(self) -> str | None:
        """'8-6-4-2-A low', 'no low' in high-low; None in a high-only game."""
        if not self.hilo:
            return None
        return "no low" if self.low is None else describe_low(self.low)

    @property
    def low_best(self) -> tuple[Card, ...]:
        """The five cards of the low, highest first; empty without a low."""
        if self.low is None:
            return ()
        return low_cards(self.cards, self.board, self.low)

    @property
    def description(self) -> str:
        """The hand in words."""
        return describe(self.value)


@dataclass(frozen=True, slots=True)
class HandResult:
    """The adjudicated hand: pots main first, returned bets, final stacks, board, showdown."""

    pots: tuple[PotResult, ...]
    returned: tuple[tuple[str, int], ...]
    stacks: tuple[tuple[str, int], ...]
    start: tuple[tuple[str, int], ...]
    board: tuple[Card, ...]
    hands: tuple[ShownHand, ...]
    showdown: tuple[str, ...]
    """Who shows first, second, ... (TDA 16, 17); empty when the hand ended by folds."""
    showdown_rule: str | None
    postings: tuple[tuple[str, str, int, bool], ...]
    """(player, forced bet, chips, all-in) in the order posted."""
    won_by_fold: str | None
    chip: int
    rulings: tuple[Ruling, ...] = ()
    """The floor's ruling on each irregularity line, in order (tdtool.rules.rulings)."""
    misdeal: Ruling | None = None
    """The misdeal or void hand that ended the hand: every chip went back where it started."""


class Replay:
    """The state of an entered hand part-way through its lines."""

    def __init__(self, hand: EnteredHand) -> None:
        self.hand = hand
        players = [Player(s.seat, s.name, s.stack) for s in hand.seats]
        # Heads-up limit raising: capped by TDA 48, unlimited by Robert's Rules (Betting and
        # Raising 4); the profile may come from `--rules`, after the file was read.
        stakes = hand.stakes
        if hand.house is None:
            capped = hand.profile != Profile.ROBERT
        else:
            capped = hand.house.get("heads_up_cap") == "capped"
        if stakes.cap_heads_up != capped:
            stakes = replace(stakes, cap_heads_up=capped)
        if hand.house is not None and hand.house.get("big_blind_ante_order") == "ante-first":
            stakes = replace(stakes, bb_ante_first=True)
        if hand.house is not None and hand.house.changed("fifty_percent_rule"):
            stakes = replace(
                stakes,
                half_raise_reopens=hand.house.get("fifty_percent_rule") == "half-raise-reopens",
                reopen_note=hand.house.note("fifty_percent_rule"),
            )
        self.betting = Betting(stakes, players, hand.button, hand.blinds)
        self.board: list[Card] = []
        self.sa_line: int | None = None
        """The line where substantial action came (TDA 36), tracked for `previous:` only."""
        self.seen: dict[Card, str] = {}
        self.folded_at: dict[int, int] = {}
        self.all_in_at: dict[int, int] = {}
        self.mucked: set[int] = set()
        self.shown: set[int] = set()
        self.board_players: set[int] = set()
        """Players who tabled and played the board (TDA 19); cards speak if they hold better."""
        self.cards = {s.seat: s.cards for s in hand.seats}
        limit, note = None, ""
        if hand.house is not None and hand.house.changed("misdeal_limit"):
            word = hand.house.get("misdeal_limit")
            limit = Profile.ROBERT if word == "action-begun" else Profile.TDA
            note = hand.house.note("misdeal_limit")
        self.floor = Floor(
            hand.profile,
            [s.seat for s in hand.seats],
            hand.button,
            {s.seat: s.name for s in hand.seats},
            limit,
            note,
        )
        self._showdown_floor: ShowdownFloor | None = None
        """Showdown questions: hands asked for, retrieved, killed, tabled in part (TDA 13-18);
        made by the first such line (most hands have none: the replay stays fast)."""
        self._conditionals: Conditionals | None = None
        """Conditional statements waiting for their condition (TDA 59), once one is made."""
        self.house_rulings: list[Ruling] = []
        """Rulings a house choice makes on the betting itself (the 50% rule)."""
        self.found: list[chips_behind.Found] = []
        """Chips found behind all-in players after a call, set aside (TDA 62)."""
        self._pot_count: PotCount | None = None
        """Counts of the pot in pot-limit and the bets made on them (TDA 52B), once one is
        given."""
        self.talk = ChipFloor(self)
        """Chips put out, words said, out-of-turn actions (tdtool.rules.chip_floor)."""
        self.upcoming: HandLine | None = None
        """The line after the one being played (an undercall followed by a fold, TDA 51B)."""
        for s in hand.seats:
            owner = f"{s.name} (line {s.line})"
            for card in s.cards or ():
                self._deal(card, s.line, owner)

    def where(self, line: int) -> str:
        """`FILE:LINE`, for messages."""
        return f"{self.hand.source}:{line}"

    def _deal(self, card: Card, line: int, owner: str) -> None:
        """Register a card dealt; a card dealt twice fouls the deck (TDA 35E)."""
        seen = self.seen
        dealt = len(seen)
        first = seen.setdefault(card, owner)  # one look-up: a card is hashed in Python
        if len(seen) == dealt:
            self.floor.foul(card, line, first, owner)

    # -- state ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Nothing more can happen but showing and mucking."""
        b = self.betting
        return b.hand_over or (b.round_over and b.street is Street.RIVER)

    def _next_street(self) -> Street | None:
        b = self.betting
        return None if b.street is Street.RIVER else STREETS[STREETS.index(b.street) + 1]

    def _why_over(self) -> str:
        b = self.betting
        if b.hand_over:
            return f"everyone but {b.name(b.live[0])} has folded"
        return "the river betting is complete"

    # -- one line at a time -----------------------------------------------------------------

    def apply(self, record: HandLine) -> None:
        """Play one line of the hand."""
        ended = self.floor.ended
        if ended is not None:
            how, then = "in a misdeal", "the re-deal"
            if ended.irregularity == Irregularity.DUPLICATE_CARD:
                how, then = "void (a fouled deck)", "the next hand"
            raise AfterMisdeal(
                f"{self.where(record.line)}: `{record.text}` does not belong to this hand: it"
                f" ended {how} on line {ended.line}; enter {then} as a new hand.",
                ended,
            )
        conditionals = self._conditionals
        if conditionals is not None and conditionals.pending:
            record = conditionals.bound(record)
        if not self.talk.before(record):
            return
        reopened = len(self.betting.half_reopened)
        pot_count = self._pot_count
        if pot_count is not None and pot_count.pending is not None and pot_count.takes(record):
            self.talk.settle()
            return
        match record:
            case ActionLine():
                self.talk.action(record)
            case BoardLine():
                self.deal_board(record)
            case ShowdownLine():
                self.showdown_line(record)
            case IrregularityLine():
                self.irregularity(record)
            case ChipsLine():
                self.talk.chips(record)
            case DeclarationLine():
                self.talk.declaration(record)
            case PullBackLine():
                self.talk.pull_back(record)
            case StraddleLine():
                self.straddle(record)
            case PostLine():
                self.post(record)
            case ShowdownCall():
                self.showdown_floor.call(record)
            case ConditionalLine():
                self.conditionals.say(record)
        self.talk.settle()
        for seat, since, full in self.betting.half_reopened[reopened:]:
            self.house_rulings.append(self._half_reopened(record.line, seat, since, full))
        if (
            self.hand.previous is not None
            and self.sa_line is None
            and misdeal_barred(self.hand.profile, [m.verb for m in self.betting.moves])
        ):
            self.sa_line = record.line
        conditionals = self._conditionals
        if conditionals is not None and conditionals.pending:
            conditionals.after(record.line)

    def all_rulings(self) -> tuple[Ruling, ...]:
        """Every ruling of the hand, in file order."""
        rulings = [*self.floor.rulings, *self.talk.rulings]
        if self._conditionals is not None:
            rulings += self._conditionals.rulings
        if self._pot_count is not None:
            rulings += self._pot_count.rulings
        rulings += self.house_rulings
        ordered = tuple(sorted(rulings, key=lambda r: r.line))
        return house_penalties(ordered, self.hand.house)

    def irregularity(self, record: IrregularityLine) -> None:
        """Rule on an irregularity line under the hand's profile (tdtool.rules.floor)."""
        if record.kind == Irregularity.ACCEPTED_ACTION:  # a count during the betting (TDA 49)
            self.talk.count(record)
            return
        if record.kind == Irregularity.POT_COUNT:  # a count of the pot in pot-limit (TDA 52B)
            self.pot_count.line(record)
            return
        if record.kind == Irregularity.CHIPS_BEHIND:  # after a call of an all-in (TDA 62)
            self.found.append(chips_behind.found(self, record))
            return
        where = self.where(record.line)
        burn = record.kind in (Irregularity.MISSED_BURN, Irregularity.EXTRA_BURN)
        street = Street(str(record.which)) if burn else Street.FLOP
        follows = isinstance(self.upcoming, BoardLine) and self.upcoming.street is street
        try:
            self.floor.rule(record, self.betting, self.seen, where, flop_follows=follows)
        except IllegalAction as exc:
            raise exc.at(where, record.line) from None
        if (burn or record.kind == Irregularity.FLOP_WITHOUT_BURN) and not follows:
            # nobody corrected it before acting on it: the card stands as dealt (TDA 39B;
            # RRoP Hold'em 5)
            self.deal_board(BoardLine(record.line, record.text, street, record.cards))

    @property
    def showdown_floor(self) -> ShowdownFloor:
        """The showdown floor questions of this hand (made on first use)."""
        if self._showdown_floor is None:
            self._showdown_floor = ShowdownFloor(self)
        return self._showdown_floor

    def _half_reopened(self, line: int, seat: int, since: int, full: int) -> Ruling:
        """The house's 50% rule let the player raise: all-ins of at least half a raise."""
        who = self.betting.players[self.betting.index[seat]].name
        rules = self.hand.rules
        return Ruling(
            line,
            Irregularity.SHORT_ALL_IN,
            False,
            rules.note("fifty_percent_rule") + "TDA 47A",
            (
                f"The all-ins since {who} last acted raised the bet by {since:,}, short of a"
                f" full raise of {full:,}: by the TDA the betting is not reopened for {who}.",
                f"The house's 50% rule: at least half a full raise ({(full + 1) // 2:,})"
                f" reopens it, so {who} may raise.",
            ),
            f"The house's 50% rule reopened the betting for {who}.",
        )

    @property
    def pot_count(self) -> PotCount:
        """The counts of the pot of this hand and the bets made on them (made on first use)."""
        if self._pot_count is None:
            self._pot_count = PotCount(self)
        return self._pot_count

    @property
    def conditionals(self) -> Conditionals:
        """The conditional statements of this hand (made on first use)."""
        if self._conditionals is None:
            self._conditionals = Conditionals(self)
        return self._conditionals

    def post(self, record: PostLine) -> None:
        """`WHO posts big blind|dead small blind|both blinds`: before the first action, by a
        player not in the blinds and not between the small blind and the button."""
        b = self.betting
        where = self.where(record.line)
        who = self.hand.name(record.seat)
        i = b.index[record.seat]
        first = b.bb if b.sb is None else b.sb
        if i < first:
            raise InputError(
                f"{where}: `{record.text}`: {who} sits between the button and the"
                f" {'big' if b.sb is None else 'small'} blind, where a new or returning player"
                " is not dealt in: wait for the button to pass (TDA 10A; RRoP Button and"
                " blind use)."
            )
        try:
            paid = b.post(record.seat, record.live, record.dead)
        except RuleError as exc:
            raise InputError(f"{where}: `{record.text}`: {exc}") from None
        if b.all_in[i]:
            self.all_in_at[record.seat] = record.line
        live = sum(p.amount for p in b.postings[-2:] if p.seat == record.seat
                   and p.kind is Post.POSTED_BIG_BLIND)  # fmt: skip
        self.floor.rulings.append(
            rule_posted_blind(
                self.hand.profile, record.line, who, live, paid - live, record.live, record.dead
            )  # fmt: skip
        )

    def straddle(self, record: StraddleLine) -> None:
        """`WHO straddle N`: only before the first pre-flop action, by the player after the big
        blind (then after the last straddler); the amount is checked by the betting rules."""
        b = self.betting
        where = self.where(record.line)
        who = self.hand.name(record.seat)
        i = b.index[record.seat]
        allowed = b.straddler()
        if allowed is None:
            if b.moves or b.street is not Street.PREFLOP:
                why = "a straddle is posted before the first pre-flop action"
            elif b.n < 3:
                why = "heads-up there is no seat after the big blind to straddle from"
            else:
                nxt = (b.straddles[-1] if b.straddles else b.bb) + 1
                why = f"{b.name(nxt % b.n)}, next after the last blind or straddle, cannot straddle"
            raise InputError(f"{where}: `{record.text}`: {who} cannot straddle here: {why}.")
        if b.bet[i]:
            raise InputError(
                f"{where}: `{record.text}`: {who} posted a live big blind this hand, and the"
                " post is the player's bet: a straddle is not posted on top of it."
            )
        if i != allowed:
            last = "straddler" if b.straddles else "big blind"
            raise InputError(
                f"{where}: `{record.text}`: only {b.name(allowed)}, the player after the {last},"
                f" may straddle now, not {who}."
            )
        try:
            b.straddle(record.seat, record.amount)
        except IllegalAction as exc:
            raise exc.at(where, record.line) from None
        if b.all_in[i]:
            self.all_in_at[record.seat] = record.line

    def action(self, record: ActionLine) -> None:
        """A betting action: verified against the betting rules, then done."""
        b = self.betting
        if b.in_hand <= 1 or (b.to_act is None and b.street is Street.RIVER):  # self.over
            raise InputError(
                f"{self.where(record.line)}: `{record.text}` comes after the hand is"
                f" over ({self._why_over()})."
            )
        i = b.index[record.seat]
        if b.folded[i]:
            raise InputError(
                f"{self.where(record.line)}: {self.hand.name(record.seat)} folded on line"
                f" {self.folded_at[record.seat]} and has no more actions."
            )
        if b.all_in[i]:
            raise InputError(
                f"{self.where(record.line)}: `{record.text}`: {self.hand.name(record.seat)} is"
                f" already all-in{self._all_in_since(record.seat)} and has no more actions;"
                " remove the line."
            )
        if (
            (record.verb is Verb.CHECK or record.verb is Verb.CALL)
            and b.bet[i] >= b.current
            and b.betting_over
        ):
            return  # a check nobody needed (everyone else is all-in): harmless, nothing to do
        if b.to_act is None:
            nxt = self._next_street()
            if b.betting_over:
                why = "no more betting is possible: every player but one is all-in"
            else:
                why = f"the {b.street} betting is complete"
            raise InputError(
                f"{self.where(record.line)}: `{record.text}` cannot happen now: {why};"
                f" the next line should be the {nxt}."
            )
        try:
            b.act(record.seat, record.verb, record.amount)
        except IllegalAction as exc:
            raise exc.at(self.where(record.line), record.line) from None
        if b.folded[i]:
            self.folded_at[record.seat] = record.line
        if b.all_in[i]:
            self.all_in_at[record.seat] = record.line

    def _all_in_since(self, seat: int) -> str:
        """' since line N', or ' on the big blind' when a forced bet took every chip."""
        if seat in self.all_in_at:
            return f" since line {self.all_in_at[seat]}"
        kinds = [p.kind for p in self.betting.postings if p.seat == seat]
        return f" on the {kinds[-1]}" if kinds else ""

    def deal_board(self, record: BoardLine) -> None:
        """Board cards: the right street, the right count, after the betting is complete."""
        b = self.betting
        where = self.where(record.line)
        if b.hand_over:
            raise InputError(
                f"{where}: `{record.text}` comes after the hand is over ({self._why_over()})."
            )
        nxt = self._next_street()
        if record.street is not nxt:
            expected = f"the {nxt} comes next" if nxt else "the board is already complete"
            raise InputError(f"{where}: `{record.text}` is out of order: {expected}.")
        want = BOARD_SIZE[record.street]
        if len(record.cards) != want:
            raise InputError(
                f"{where}: the {record.street} is {want} card{'s' * (want > 1)},"
                f" not {len(record.cards)}."
            )
        if not b.round_over:
            assert b.to_act is not None
            who = b.name(b.to_act)
            raise IllegalAction(
                who,
                f"The {record.street} was dealt before the {b.street} betting was complete",
                f"{who} is still to act; if the dealer turned the cards early, write"
                f" `premature {record.street} ...`",
                "TDA RP-5",
                where,
                record.line,
            )
        try:
            self.floor.check_board(record)
        except IllegalAction as exc:
            raise exc.at(where, record.line) from None
        owner = f"the {record.street} (line {record.line})"
        for card in record.cards:
            self._deal(card, record.line, owner)
        self.board.extend(record.cards)
        b.next_street()

    def showdown_line(self, record: ShowdownLine) -> None:
        """`WHO shows` / `WHO mucks`: only once no more betting can happen."""
        b = self.betting
        where = self.where(record.line)
        who = self.hand.name(record.seat)
        i = b.index[record.seat]
        if not (self.over or b.betting_over):
            raise InputError(
                f"{where}: `{record.text}` comes before the showdown; a player"
                f" showing cards during the betting is written `{who} exposes`."
            )
        if b.folded[i]:
            raise InputError(
                f"{where}: {who} folded on line {self.folded_at[record.seat]}"
                " and is not in the showdown."
            )
        if self._showdown_floor is not None:
            self._showdown_floor.note(record)
        if record.board:
            self.shown.add(record.seat)
            self.board_players.add(record.seat)
            return
        if record.shows:
            if not self.cards[record.seat]:
                raise InputError(
                    f"{where}: {who} shows, but the file gives no cards for"
                    f" {who}: add `cards:` to {who}'s seat."
                )
            self.shown.add(record.seat)
            return
        if any(b.all_in[j] for j in b.live):
            raise IllegalAction(
                who,
                f"{who} cannot muck",
                "once a player is all-in and the betting is over, every hand is turned face up",
                "TDA 16",
                where,
                record.line,
            )
        left = [j for j in b.live if b.players[j].seat not in self.mucked and j != i]
        if not left:
            raise InputError(
                f"{where}: {who} is the last player in the hand and wins it"
                " without a showdown; remove the line."
            )
        self.mucked.add(record.seat)

    # -- the end ----------------------------------------------------------------------------

    def finish(self) -> HandResult:
        """Check the hand is complete, then form the pots and award them."""
        b = self.betting
        self.talk.finish()
        if self._conditionals is not None:
            self._conditionals.finish()
        if self._pot_count is not None:
            self._pot_count.finish()
        if self.hand.previous is not None:
            self.floor.rulings.append(self._button_ruling(self.hand.previous))
        start = tuple([(s.name, s.stack) for s in sorted(self.hand.seats, key=_by_seat)])
        void = self.floor.fouled or self.floor.ended
        if void is not None:  # a misdeal or a fouled deck: every chip goes back where it started
            return HandResult(
                pots=(),
                returned=(),
                stacks=start,
                start=start,
                board=(),
                hands=(),
                showdown=(),
                showdown_rule=None,
                postings=(),
                won_by_fold=None,
                chip=self.hand.chip,
                rulings=self.all_rulings(),
                misdeal=void,
            )
        if not b.hand_over:
            end = self.where(self.hand.end_line)
            if b.to_act is not None:
                raise InputError(
                    f"{end}: the hand stops before it is over:"
                    f" {b.name(b.to_act)} is still to act on the {b.street}."
                )
            if len(self.board) < 5:
                rest = STREETS[STREETS.index(b.street) + 1 :]
                missing = " and ".join(f"`{s} ...`" for s in rest)
                raise InputError(
                    f"{end}: the hand stops with {len(self.board)} board cards;"
                    f" list {missing} so the showdown can be decided."
                )
        order: list[int] = []
        names: dict[int, str] = {}
        live: list[int] = []
        contributions: dict[int, int] = {}
        final: dict[int, int] = {}
        folded, committed, stack = b.folded, b.committed, b.stack
        for i, p in enumerate(b.players):
            seat = p.seat
            order.append(seat)
            names[seat] = p.name
            if not folded[i]:
                live.append(seat)
            contributions[seat] = committed[i]
            final[seat] = stack[i]
        pots, returned = collect(contributions, live, order, dead=b.dead)
        shown: dict[int, ShownHand] = {}
        values: dict[int, int] = {}
        lows: dict[int, int] = {}
        variant = self.hand.variant
        hilo = variant is Variant.OMAHA_HILO
        board = tuple(self.board)
        codes = [c.code for c in board]
        showdown: tuple[str, ...] = ()
        rule = None
        out: set[int] = set()
        if not b.hand_over:
            floor = self._showdown_floor
            out = self.mucked if floor is None else floor.out(live, self._value)
            for seat in live:
                if seat in out:
                    continue
                cards = self.cards[seat]
                if not cards and seat in self.board_players:
                    values[seat] = evaluate_codes(codes)
                    shown[seat] = ShownHand(names[seat], (), board, hand_value(values[seat]))
                    continue
                if not cards:
                    entry = next(s for s in self.hand.seats if s.seat == seat)
                    raise InputError(
                        f"{self.where(entry.line)}: {names[seat]} reaches the showdown but the"
                        f" file gives no cards for {names[seat]}: add `cards:` to seat {seat},"
                        f" or a line `{names[seat]} mucks`."
                    )
                if variant is Variant.HOLDEM:
                    value = values[seat] = evaluate_codes([cards[0].code, cards[1].code, *codes])
                    shown[seat] = ShownHand(names[seat], cards, board, hand_value(value))
                    continue
                values[seat] = omaha_high_codes([c.code for c in cards], codes)
                if hilo:
                    low = omaha_low(cards, board)
                    if low is not None:
                        lows[seat] = low
                shown[seat] = ShownHand(
                    names[seat], cards, board, hand_value(values[seat]), lows.get(seat), hilo
                )
            showdown, rule = self._showdown_order(live, names)
        results = []
        by_name = {name: seat for seat, name in names.items()}
        for seat, chips in returned.items():
            final[seat] += chips
        for k, pot in enumerate(pots):
            claimants = [s for s in pot.eligible if s in values] if values else list(pot.eligible)
            label = "main pot" if k == 0 else f"side pot {k}"
            if hilo:
                result = self._hilo_pot(label, pot.amount, pot.eligible, claimants, values, lows)
                for who, chips in result.shares:
                    final[by_name[who]] += chips
                results.append(result)
                continue
            top: HandValue | None = None
            if values:
                best = -1
                winners = []
                for s in claimants:  # the best hand, and every claimant holding it
                    value = values[s]
                    if value > best:
                        best, winners = value, [s]
                    elif value == best:
                        winners.append(s)
                top = shown[winners[0]].value
            else:
                winners = claimants
            shares = split(pot.amount, winners, self.hand.chip)
            if len(shares) == 1:  # one winner: the whole pot, no odd chip to give
                seat = winners[0]
                final[seat] += pot.amount
                won: tuple[tuple[str, int], ...] = ((names[seat], pot.amount),)
                odd: tuple[str, ...] = ()
            else:
                for seat, chips in shares:
                    final[seat] += chips
                low = min([c for _, c in shares])
                won = tuple([(names[s], c) for s, c in sorted(shares)])
                odd = tuple([names[s] for s, c in shares if c > low])
            results.append(
                PotResult(
                    label=label,
                    amount=pot.amount,
                    eligible=tuple([names[s] for s in sorted(pot.eligible)]),
                    winners=tuple([names[s] for s in sorted(winners)]),
                    shares=won,
                    value=top,
                    odd_chips=odd,
                )
            )
        rulings = self.all_rulings()
        for f in self.found:  # chips found behind an all-in: whose they are now (TDA 62)
            wins = {by_name[n]: c for r in results for n, c in r.shares}
            main = tuple(by_name[n] for n in results[0].winners) if results else ()
            given, ruling = chips_behind.settle(f, names, wins, main, self.hand.chip)
            for seat, chips in given.items():
                final[seat] += chips
            rulings = tuple(sorted([*rulings, ruling], key=lambda r: r.line))
        if values and (self._showdown_floor is not None or self.mucked):
            called = self.showdown_floor.rulings(results, values, self._value)
            if called:
                rulings = tuple(sorted([*rulings, *called], key=lambda r: r.line))
        return HandResult(
            pots=tuple(results),
            returned=tuple([(names[s], c) for s, c in returned.items()]),
            stacks=tuple([(names[s], final[s]) for s in sorted(final)]),
            start=start,
            board=board,
            hands=tuple([shown[s] for s in order if s in shown]),
            showdown=showdown,
            showdown_rule=rule,
            postings=tuple([(names[p.seat], str(p.kind), p.amount, p.all_in) for p in b.postings]),
            won_by_fold=names[live[0]] if b.hand_over else None,
            chip=self.hand.chip,
            rulings=rulings,
        )

    def _button_ruling(self, previous: PreviousHand) -> Ruling:
        """`previous:`: are this hand's button and blinds where TDA 32 and 34B (or the house's
        button movement) put them?"""
        b, rules = self.betting, self.hand.rules
        actual = Positions(
            self.hand.button,
            None if b.sb is None else b.players[b.sb].seat,
            b.players[b.bb].seat,
        )
        seats = [s.seat for s in self.hand.seats]
        try:
            return rule_button(
                seats,
                previous.positions,
                actual,
                previous.line,
                self.sa_line,
                rules.get("button_movement"),
                rules.note("button_movement"),
            )
        except ValueError as exc:
            raise InputError(f"{self.where(previous.line)}: `previous`: {exc}.") from None

    def _value(self, seat: int) -> int | None:
        """The high hand of `seat` on the board as dealt, None without its cards."""
        cards = self.cards[seat]
        if not cards or len(self.board) < 5:
            return None
        codes = [c.code for c in self.board]
        if len(cards) == 2:
            return evaluate_codes([cards[0].code, cards[1].code, *codes])
        return omaha_high_codes([c.code for c in cards], codes)

    def _hilo_pot(
        self,
        label: str,
        amount: int,
        eligible: tuple[int, ...],
        claimants: list[int],
        values: dict[int, int],
        lows: dict[int, int],
    ) -> PotResult:
        """An Omaha high-low pot: half to the best high, half to the best qualifying low, all
        to the high without one; each half split by TDA 20, the pot's odd chip to the high."""
        names = {p.seat: p.name for p in self.betting.players}
        chip = self.hand.chip

        def half(chips: int, winners: list[int], hand: str | None) -> PotHalf:
            shares = split(chips, winners, chip)
            least = min(c for _, c in shares)
            return PotHalf(
                winners=tuple(names[s] for s in sorted(winners)),
                shares=tuple((names[s], c) for s, c in sorted(shares)),
                hand=hand,
                odd_chips=tuple(names[s] for s, c in shares if c > least),
            )

        if not values:  # won without a showdown: the whole pot, no halves to decide
            winners, top, high_hand = claimants, None, None
        else:
            best = max(values[s] for s in claimants)
            winners = [s for s in claimants if values[s] == best]
            top = hand_value(best)
            high_hand = describe(top)
        low_claimants = [s for s in claimants if s in lows]
        low_half: PotHalf | None = None
        odd_to_high = False
        if low_claimants:
            best_low = min(lows[s] for s in low_claimants)
            low_winners = [s for s in low_claimants if lows[s] == best_low]
            units, rest = divmod(amount, chip)
            low_amount = (units // 2) * chip
            odd_to_high = units % 2 == 1
            high_half = half(amount - low_amount, winners, high_hand)
            low_half = half(low_amount, low_winners, describe_low(best_low))
        else:
            high_half = half(amount, winners, high_hand)
        totals: dict[str, int] = {}
        for part in (high_half, low_half):
            for who, chips in part.shares if part else ():
                totals[who] = totals.get(who, 0) + chips
        order = {p.name: p.seat for p in self.betting.players}
        odd = [*high_half.odd_chips, *(low_half.odd_chips if low_half else ())]
        return PotResult(
            label=label,
            amount=amount,
            eligible=tuple(names[s] for s in sorted(eligible)),
            winners=tuple(sorted(totals, key=order.__getitem__)),
            shares=tuple(sorted(totals.items(), key=lambda kv: order[kv[0]])),
            value=top,
            odd_chips=tuple(dict.fromkeys(odd)),
            hilo=True,
            high=high_half,
            low=low_half,
            odd_to_high=odd_to_high,
        )

    def _showdown_order(
        self, live: list[int], names: dict[int, str]
    ) -> tuple[tuple[str, ...], str]:
        b = self.betting
        all_in, index = b.all_in, b.index
        for s in live:
            if all_in[index[s]]:
                return tuple([names[s] for s in live]), "TDA 16"
        first = 0
        rules = self.hand.rules
        clockwise = rules.get("showdown_order") == "clockwise"
        if not clockwise and b.aggressor is not None and b.players[b.aggressor].seat in live:
            first = live.index(b.players[b.aggressor].seat)
        order = tuple([names[s] for s in live[first:] + live[:first]])
        return order, rules.note("showdown_order") + "TDA 17"


def _by_seat(entry: SeatEntry) -> int:
    return entry.seat


def replay(hand: EnteredHand) -> HandResult:
    """Adjudicate an entered hand: every line verified in order, then pots formed and awarded."""
    state = Replay(hand)
    lines = hand.lines
    for k, record in enumerate(lines):
        state.upcoming = lines[k + 1] if k + 1 < len(lines) else None
        state.apply(record)
    return state.finish()


def played(hand: EnteredHand) -> tuple[Replay, HandResult]:
    """`replay`, also giving the state at the end: the moves as ruled, for a writer (PHH)."""
    state = Replay(hand)
    lines = hand.lines
    for k, record in enumerate(lines):
        state.upcoming = lines[k + 1] if k + 1 < len(lines) else None
        state.apply(record)
    return state, state.finish()
