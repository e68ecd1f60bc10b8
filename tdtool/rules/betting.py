"""The betting of one Texas Hold'em hand: blinds and antes, order of action, legal bets and raises.

`Betting` is a small state machine in the verify / can / do style: `options()` says what
the player to act may do, `verify(...)` raises an `IllegalAction` naming the player, what
was allowed instead and the rule, and `act(...)` verifies first and returns a frozen `Move`.

>>> b = Betting(Stakes(small_blind=50, big_blind=100), [Player(1, "A", 1000),
...     Player(2, "B", 1000), Player(3, "C", 1000)], button=1)
>>> b.options().min_to, b.options().max_to
(200, 1000)
>>> b.act(1, Verb.RAISE, 150)
Traceback (most recent call last):
...
tdtool.rules.betting.IllegalAction: A cannot raise to 150: the minimum raise is to 200 (TDA 43).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from tdtool.errors import InputError, RuleError
from tdtool.game import Game


class Street(StrEnum):
    """A betting round, named after the cards dealt before it."""

    PREFLOP = "pre-flop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


STREETS: tuple[Street, ...] = tuple(Street)


class Verb(StrEnum):
    """What a player says when it is their turn (`bet`/`raise` name the total for the round)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"


class Post(StrEnum):
    """A forced bet posted before the cards are dealt."""

    ANTE = "ante"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    BB_ANTE = "big blind ante"
    STRADDLE = "straddle"
    POSTED_BIG_BLIND = "posted big blind"
    """A live big blind posted out of position: a new or returning player (RRoP)."""
    DEAD_SMALL_BLIND = "dead small blind"
    """A missed small blind made up: dead money in the pot, not part of the bet (RRoP)."""


class IllegalAction(RuleError):
    """An action the betting rules refuse: who, what was allowed instead, and the rule."""

    def __init__(
        self,
        player: str,
        what: str,
        allowed: str,
        rule: str,
        where: str | None = None,
        line: int | None = None,
    ) -> None:
        self.player = player
        self.what = what
        self.allowed = allowed
        self.rule = rule
        self.line = line
        """The line of the hand file, when the action came from one."""
        super().__init__(f"{where + ': ' if where else ''}{what}: {allowed} ({rule}).")

    def at(self, where: str, line: int) -> IllegalAction:
        """The same refusal, located at `where` (FILE:LINE) of a hand file."""
        return IllegalAction(self.player, self.what, self.allowed, self.rule, where, line)


@dataclass(frozen=True)
class Stakes:
    """Blinds, antes and bet sizes of one hand; `cap` is limit's bets per round (0: no cap)."""

    small_blind: int
    big_blind: int
    game: Game = Game.NO_LIMIT
    ante: int = 0
    bb_ante: int = 0
    small_bet: int | None = None
    big_bet: int | None = None
    cap: int = 4
    river_bet: int | None = None
    """Limit with a bigger river bet (`bets: S/B/R`); None: the big bet."""
    cap_heads_up: bool = True
    """Limit: the cap applies heads-up too (TDA 48, until the event is down to two players).
    False: raising is unlimited once at most two players not all-in are in the pot, unless the
    round was already capped with more (Robert's Rules, Betting and Raising 3, 4)."""
    half_raise_reopens: bool = False
    """No-limit and pot-limit: all-ins adding up to half a full raise reopen the betting (a
    house's 50% rule); False: a full raise is needed (TDA 47A; RRoP No-limit 3)."""
    reopen_note: str = ""
    """The house note (`house rule (NAME: CHOICE VALUE); `) to cite with TDA 47A when the
    house changed the 50% rule."""
    bb_ante_first: bool = False
    """The big blind ante is taken before the big blind (a house's choice); False: the big
    blind first, then the ante, as TDA RP-11 recommends."""

    def bet_size(self, street: Street) -> int:
        """The fixed limit bet of a street (small bet pre-flop and flop, big bet after)."""
        if street in (Street.PREFLOP, Street.FLOP):
            return self.small_bet if self.small_bet is not None else self.big_blind
        if street is Street.RIVER and self.river_bet is not None:
            return self.river_bet
        return self.big_bet if self.big_bet is not None else 2 * self.big_blind


@dataclass(frozen=True, slots=True)
class Player:
    """A player dealt into the hand: seat number, name and chips at the start of the hand."""

    seat: int
    name: str
    stack: int


@dataclass(frozen=True, slots=True)
class Posting:
    """One forced bet as posted: who, which, how much, and whether it put them all-in."""

    seat: int
    kind: Post
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Move:
    """What one action did: `verb` is what it amounted to, `to` the player's total this round."""

    seat: int
    street: Street
    verb: Verb
    to: int
    added: int
    all_in: bool
    full: bool
    """A bet or raise large enough to reopen the betting (TDA 43, 47)."""


@dataclass(frozen=True, slots=True)
class Options:
    """What the player to act may do; `min_to`/`max_to` are None when they may not raise."""

    seat: int
    call_to: int
    can_check: bool
    min_to: int | None
    max_to: int | None
    all_in_to: int


class Betting:
    """The betting of one hand, street by street (positions per TDA 32 and 34)."""

    def __init__(
        self,
        stakes: Stakes,
        players: Sequence[Player],
        button: int,
        blinds: tuple[int | None, int] | None = None,
    ) -> None:
        """`blinds`: (small blind seat or None for a dead small blind, big blind seat) as they
        fell this hand (TDA 32); None derives them from the button."""
        if len(players) < 2:
            raise InputError("A hand needs at least two players.")
        self.stakes = stakes
        seats = sorted(p.seat for p in players)
        by_seat = {p.seat: p for p in players}
        after = [s for s in seats if s > button] + [s for s in seats if s <= button]
        self.players: tuple[Player, ...] = tuple(by_seat[s] for s in after)
        """Players in clockwise order starting left of the button."""
        n = len(after)
        self.n = n
        self.index = {p.seat: i for i, p in enumerate(self.players)}
        self.sb: int | None
        if blinds is not None:  # as they fell (TDA 32): a dead small blind, a dead button
            sb_seat, bb_seat = blinds
            self.sb = None if sb_seat is None else self.index_of(sb_seat)
            self.bb = self.index_of(bb_seat)
        elif n == 2 and button in by_seat:  # heads-up: the button posts the small blind (TDA 34)
            self.sb, self.bb = 1, 0
        else:  # the first occupied seats clockwise from the button (a dead button included)
            self.sb, self.bb = 0, 1
        self.first_after_flop = self.bb if n == 2 else 0
        """Heads-up the big blind acts first after the flop, else the seat left of the button."""
        self.stack = [p.stack for p in self.players]
        self.bet = [0] * n
        self.committed = [0] * n
        self.folded = [False] * n
        self.in_hand = n
        self.all_in = [False] * n
        self.level: list[int | None] = [None] * n
        self.dead = 0
        self.shortfall = 0
        self.postings: list[Posting] = []
        self.moves: list[Move] = []
        self.street = Street.PREFLOP
        self.aggressor: int | None = None
        self.straddles: list[int] = []
        """Positions of the straddlers, in order (a live straddle and re-straddles)."""
        self._post()
        self.current = stakes.big_blind
        self.min_raise = self._size()
        self.full_level = stakes.big_blind
        """Limit: the last full bet level of the round; the next raise is a full bet above it."""
        self.bets_made = 1
        self.capped_multiway = False
        """The cap was reached with three or more players not all-in: it stays, whoever folds
        (Robert's Rules, Betting and Raising 4)."""
        self.acted_at = [0] * n
        """Limit: how many full bets had been made when each player last acted."""
        self.half_reopened: list[tuple[int, int, int]] = []
        """Raises the house's 50% rule allowed, the betting reopened by all-ins short of a full
        raise: (seat, what the all-ins raised since the player acted, the full raise)."""
        self.counted_max: int | None = None
        """Pot-limit: a bet made on a wrong count of the pot may go up to this total, over the
        pot, until the floor corrects it (TDA 52B); None otherwise."""
        if stakes.game is Game.LIMIT and stakes.big_blind < self._size():
            # A big blind below the small bet (blinds 5/10, bets 15/30): bringing it up to
            # a full small bet is a completion, like a stud bring-in; the cap counts from it.
            self.full_level, self.bets_made = 0, 0
        self.to_act = self._next((self.bb + 1) % n)

    # -- forced bets -------------------------------------------------------------------------

    def _pay(self, i: int, kind: Post, amount: int, live: bool) -> int:
        paid = min(amount, self.stack[i])
        self.stack[i] -= paid
        if live:
            self.bet[i] += paid
        if kind is Post.BB_ANTE:
            self.dead += paid
        else:
            self.committed[i] += paid
        self.all_in[i] = self.stack[i] == 0
        self.postings.append(Posting(self.players[i].seat, kind, paid, self.all_in[i]))
        return paid

    def _post(self) -> None:
        st = self.stakes
        if st.ante:  # classic antes first, then the blinds (a short player pays the ante first)
            for i in range(self.n):
                self._pay(i, Post.ANTE, st.ante, live=False)
        if st.bb_ante and st.bb_ante_first:  # the house's order: the big blind ante first
            self._pay(self.bb, Post.BB_ANTE, st.bb_ante, live=False)
        blinds: tuple[tuple[int | None, Post, int], ...] = (
            (self.sb, Post.SMALL_BLIND, st.small_blind),
            (self.bb, Post.BIG_BLIND, st.big_blind),
        )
        for who, kind, amount in blinds:
            if who is None:  # a dead small blind: pot-limit still counts it (TDA 54B)
                self.shortfall += amount
            elif amount and self.stack[who]:
                self.shortfall += amount - self._pay(who, kind, amount, live=True)
            else:  # all-in on the ante: nothing posted, but counted as full (TDA 54B)
                self.shortfall += amount
        if st.bb_ante and not st.bb_ante_first and self.stack[self.bb]:  # blind, then ante
            self._pay(self.bb, Post.BB_ANTE, st.bb_ante, live=False)

    def index_of(self, seat: int) -> int:
        """The position of the player in `seat` (0 = first seat left of the button)."""
        return self.index[seat]

    # -- blinds posted out of position (RRoP Button and Blind Use) ----------------------------

    def post(self, seat: int, live: bool, dead: bool) -> int:
        """A new or returning player posts before the deal: `live` a big blind that is their
        bet (they keep the option to raise), `dead` a missed small blind that goes to the
        middle as dead money (never part of the bet, never returned). When the chips do not
        cover both, the live part comes first. Returns the chips posted.

        Raises `RuleError` when the player may not post now (after the first action or a
        straddle, or a player in the blinds).
        """
        i = self.index[seat]
        who = self.name(i)
        if self.moves or self.straddles or self.street is not Street.PREFLOP:
            raise RuleError(f"{who} can post only before the first action of the hand.")
        if i in (self.sb, self.bb):
            raise RuleError(f"{who} is in the blinds this hand and posts them already.")
        if self.all_in[i]:
            raise RuleError(f"{who} has no chips left to post.")
        paid = 0
        if live:
            if self.bet[i]:
                raise RuleError(f"{who} has already posted a live big blind.")
            paid += self._pay(i, Post.POSTED_BIG_BLIND, self.stakes.big_blind, live=True)
        if dead and self.stack[i]:
            if any(p.seat == seat and p.kind is Post.DEAD_SMALL_BLIND for p in self.postings):
                raise RuleError(f"{who} has already posted a dead small blind.")
            chips = min(self.stakes.small_blind, self.stack[i])
            self.stack[i] -= chips
            self.dead += chips  # to the middle, like the big blind ante: never part of a bet
            self.all_in[i] = self.stack[i] == 0
            self.postings.append(Posting(seat, Post.DEAD_SMALL_BLIND, chips, self.all_in[i]))
            paid += chips
        self.to_act = self._next((self.bb + 1) % self.n)
        return paid

    # -- straddles ---------------------------------------------------------------------------

    def straddler(self) -> int | None:
        """Who may straddle (or re-straddle) now: the player after the big blind or the last
        straddler, before any voluntary action, never a blind; None when nobody may."""
        if self.moves or self.street is not Street.PREFLOP:
            return None
        last = self.straddles[-1] if self.straddles else self.bb
        i = (last + 1) % self.n
        if i in (self.sb, self.bb) or self.all_in[i] or self.n < 3:
            return None
        return i

    def straddle(self, seat: int, amount: int) -> int:
        """Post a live straddle (or re-straddle) to `amount` in all; returns the chips posted.

        A straddle is twice the previous blind or straddle and acts as the big blind: the
        action starts after the last straddler, who has the option last; the minimum raise
        is to twice the straddle. Raises `IllegalAction` for the wrong amount, `RuleError`
        when the player may not straddle now.
        """
        i = self.index[seat]
        who = self.name(i)
        expected = 2 * self.current
        if amount != expected:
            raise IllegalAction(
                who,
                f"{who} cannot straddle to {amount}",
                f"a straddle is twice the {'straddle' if self.straddles else 'big blind'},"
                f" {expected}",
                "straddle",
            )
        paid = self._pay(i, Post.STRADDLE, amount, live=True)
        if self.stakes.game is Game.LIMIT:
            self.bets_made += 1  # a straddle is a blind raise: it counts toward the cap
            self._note_cap()
        self.shortfall += amount - paid
        self.min_raise = amount  # it acts as the big blind: raises are by the straddle
        self.current = amount
        self.full_level = amount
        self.straddles.append(i)
        self.to_act = self._next((i + 1) % self.n)
        return paid

    # -- reading the state -------------------------------------------------------------------

    def _size(self) -> int:
        st = self.stakes
        return st.bet_size(self.street) if st.game is Game.LIMIT else st.big_blind

    def name(self, i: int) -> str:
        """The name of the player at position `i` (0 = first seat left of the button)."""
        return self.players[i].name

    @property
    def live(self) -> list[int]:
        """Positions of the players who have not folded."""
        return [i for i in range(self.n) if not self.folded[i]]

    @property
    def hand_over(self) -> bool:
        """Everyone but one player has folded."""
        return self.in_hand <= 1

    @property
    def round_over(self) -> bool:
        """Nobody is left to act in this betting round."""
        return self.to_act is None

    @property
    def betting_over(self) -> bool:
        """No more betting is possible in this hand (hand won, or at most one player with chips)."""
        return self.hand_over or (self.round_over and self._actives() <= 1)

    def _actives(self, but: int | None = None) -> int:
        folded, all_in = self.folded, self.all_in
        return len([i for i in range(self.n) if i != but and not folded[i] and not all_in[i]])

    def _next(self, start: int) -> int | None:
        if self.hand_over:
            return None
        for k in range(self.n):
            i = (start + k) % self.n
            if self.folded[i] or self.all_in[i]:
                continue
            if self.bet[i] < self.current:
                return i
            if self.level[i] is None and self._actives(but=i) >= 1:
                return i
        return None

    def pot_total(self) -> int:
        """Every chip in the middle and in front of the players, dead money included."""
        return sum(self.committed) + self.dead

    def _reopened(self, i: int) -> bool:
        level = self.level[i]
        if level is None:
            return True
        raised = self.current - level
        if self.stakes.game is Game.LIMIT:  # half a bet reopens in limit (TDA 47B)
            return 2 * raised >= self._size() or self.bets_made > self.acted_at[i]
        if self.stakes.half_raise_reopens:  # a house's 50% rule: half a raise reopens
            return 2 * raised >= self.min_raise
        return raised >= self.min_raise  # TDA 47A: short all-ins count together

    def _capped(self) -> bool:
        cap = self.stakes.cap
        if not (self.stakes.game is Game.LIMIT and cap > 0 and self.bets_made >= cap):
            return False
        return self.stakes.cap_heads_up or self.capped_multiway or self._actives() >= 3

    def _note_cap(self) -> None:
        """Remember a cap reached with three or more players not all-in (RRoP Betting and
        Raising 4: a later fold to heads-up does not lift it)."""
        cap = self.stakes.cap
        if cap > 0 and self.bets_made >= cap and self._actives() >= 3:
            self.capped_multiway = True

    def _pot_max(self, i: int) -> int:
        pot = self.pot_total() + (self.shortfall if self.street is Street.PREFLOP else 0)
        return self.current + pot + (self.current - self.bet[i])

    def pot_size_to(self, seat: int) -> int:
        """The bet or raise to the size of the pot for the player in `seat`, as pot-limit
        counts it (TDA 54: the pot after calling; pre-flop full blinds), capped by the stack."""
        i = self.index[seat]
        return min(self._pot_max(i), self.bet[i] + self.stack[i])

    def options(self) -> Options:
        """What the player to act may do now (TDA 43, 47, 48, 54)."""
        i = self.to_act
        if i is None:
            raise RuleError("Nobody is to act: the betting round is over.")
        all_in_to = self.bet[i] + self.stack[i]
        can_raise = (
            all_in_to > self.current
            and self._actives(but=i) >= 1
            and self._reopened(i)
            and not self._capped()
        )
        min_to = max_to = None
        if can_raise:
            if self.stakes.game is Game.LIMIT:
                # A full bet above the last full bet: after an all-in for less than half a
                # bet the next player completes to the full bet (Robert's Rules, Betting
                # and Raising 6; a big blind below the small bet is completed the same way).
                step = max(self.full_level + self._size(), self.current + 1) - self.current
            else:
                step = self.min_raise
            min_to = min(self.current + step, all_in_to)
            if self.stakes.game is Game.LIMIT:
                max_to = min_to
            elif self.stakes.game is Game.POT_LIMIT:
                max_to = max(min_to, min(self._pot_max(i), all_in_to))
                if self.counted_max is not None:
                    max_to = max(max_to, min(self.counted_max, all_in_to))
            else:
                max_to = all_in_to
        return Options(
            seat=self.players[i].seat,
            call_to=min(self.current, all_in_to),
            can_check=self.bet[i] >= self.current,
            min_to=min_to,
            max_to=max_to,
            all_in_to=all_in_to,
        )

    # -- verify / can / do -------------------------------------------------------------------

    def _resolve(self, i: int, verb: Verb, amount: int | None) -> tuple[Verb, int]:
        """The action as the rules see it: (fold/check/call/raise, total for the round)."""
        all_in_to = self.bet[i] + self.stack[i]
        if verb is Verb.FOLD:
            return Verb.FOLD, self.bet[i]
        if verb is Verb.CHECK:
            return Verb.CHECK, self.bet[i]
        if verb is Verb.CALL:
            if self.bet[i] >= self.current:
                return Verb.CHECK, self.bet[i]
            return Verb.CALL, min(self.current, all_in_to)
        if verb is Verb.ALL_IN:
            if all_in_to <= self.current or self._actives(but=i) == 0:
                return Verb.CALL, min(self.current, all_in_to)
            return Verb.RAISE, all_in_to
        if amount is None:
            raise InputError(f"`{verb}` needs an amount: the total {self.name(i)} bets this round.")
        return Verb.RAISE, amount

    def verify(self, seat: int, verb: Verb, amount: int | None = None) -> None:
        """Raise `IllegalAction` unless the player in `seat` may do this now."""
        self._verified(self.index[seat], verb, amount)

    def _verified(self, i: int, verb: Verb, amount: int | None) -> tuple[Verb, int]:
        """`verify` for the player at index `i`; returns the action as `_resolve` sees it."""
        if i != self.to_act:
            who = self.name(i)
            if self.to_act is None:
                raise IllegalAction(
                    who, f"{who} cannot act now", "the betting round is over", "TDA 53"
                )
            nxt = self.name(self.to_act)
            raise IllegalAction(who, f"{who} acted out of turn", f"{nxt} is next to act", "TDA 53")
        kind, to = self._resolve(i, verb, amount)
        if (
            kind is Verb.FOLD
            or kind is Verb.CALL
            or (kind is Verb.CHECK and self.bet[i] >= self.current)
        ):
            return kind, to
        who = self.name(i)
        opts = self.options()
        call = opts.call_to
        if kind is Verb.CHECK and not opts.can_check:
            raise IllegalAction(
                who,
                f"{who} cannot check: there is {call - self.bet[i]} to call",
                f"{who} may call {call}{self._or_raise(opts)} or fold",
                "a check needs nothing to call",
            )
        if kind is not Verb.RAISE:
            return kind, to
        verb_word = "bet" if self.current == 0 else "raise to"
        what = f"{who} cannot {verb_word} {to}"
        if to > opts.all_in_to:
            raise IllegalAction(
                who,
                what,
                f"{who} has only {opts.all_in_to} in all, so all-in is {opts.all_in_to}",
                "table stakes",
            )
        if to <= self.current:
            raise IllegalAction(
                who,
                what,
                f"the bet is already {self.current}: {who} may call"
                f" {call}{self._or_raise(opts)} or fold",
                "TDA 43",
            )
        if opts.min_to is None:
            reason, rule = self._why_no_raise(i)
            raise IllegalAction(who, what, f"{who} may only call {call} or fold: {reason}", rule)
        assert opts.max_to is not None
        if to == opts.all_in_to and to <= opts.max_to:
            return kind, to  # an all-in for less than a full raise is always allowed
        if self.stakes.game is Game.LIMIT and to != opts.min_to:
            raise IllegalAction(
                who,
                what,
                f"in limit the {self._word()} is to exactly {opts.min_to}",
                "limit betting, TDA 48",
            )
        if to < opts.min_to:
            if self.current == 0:
                allowed = f"the minimum bet is {opts.min_to}"
            else:
                allowed = f"the minimum raise is to {opts.min_to}"
            raise IllegalAction(who, what, allowed, "TDA 43")
        if to > opts.max_to:
            raise IllegalAction(who, what, f"the pot limit allows at most {opts.max_to}", "TDA 54")
        return kind, to

    def _word(self) -> str:
        return "bet" if self.current == 0 else "raise"

    def _or_raise(self, opts: Options) -> str:
        if opts.min_to is None:
            return ""
        return f", raise to at least {opts.min_to}"

    def _why_no_raise(self, i: int) -> tuple[str, str]:
        if self._actives(but=i) == 0:
            return "every other player is all-in", "TDA 47"
        if self._capped():
            if not self.stakes.cap_heads_up:
                return (
                    f"the betting is capped at {self.stakes.cap} bets this round, reached with"
                    " three or more players in the pot",
                    "RRoP Betting and Raising 3, 4",
                )
            return f"the betting is capped at {self.stakes.cap} bets this round", "TDA 48"
        level = self.level[i]
        assert level is not None
        if self.stakes.game is Game.LIMIT:
            return (
                f"the raises since {self.name(i)} acted add up to {self.current - level},"
                f" less than half a bet of {self._size()}, so the betting was not reopened",
                "TDA 47B",
            )
        if self.stakes.half_raise_reopens:
            return (
                f"the all-in raises since {self.name(i)} acted add up to {self.current - level},"
                f" less than half a full raise of {self.min_raise}, so the betting was not"
                " reopened",
                f"{self.stakes.reopen_note}TDA 47A",
            )
        return (
            f"the all-in raises since {self.name(i)} acted add up to {self.current - level},"
            f" less than a full raise of {self.min_raise}, so the betting was not reopened",
            f"{self.stakes.reopen_note}TDA 47A",
        )

    def can(self, seat: int, verb: Verb, amount: int | None = None) -> bool:
        """Whether the player in `seat` may do this now."""
        try:
            self.verify(seat, verb, amount)
        except (IllegalAction, InputError):
            return False
        return True

    def act(self, seat: int, verb: Verb, amount: int | None = None) -> Move:
        """Do one action after verifying it; returns what it amounted to."""
        i = self.index[seat]
        kind, to = self._verified(i, verb, amount)
        before = self.bet[i]
        full = False
        if kind is Verb.FOLD:
            self.folded[i] = True
            self.in_hand -= 1
        elif kind is Verb.CHECK:
            self.level[i] = self.current
        else:
            added = to - before
            self.stack[i] -= added
            self.bet[i] = to
            self.committed[i] += added
            self.all_in[i] = self.stack[i] == 0
            if kind is Verb.RAISE:
                level = self.level[i]
                if (
                    self.stakes.half_raise_reopens
                    and self.stakes.game is not Game.LIMIT
                    and level is not None
                    and self.current - level < self.min_raise
                ):
                    self.half_reopened.append((seat, self.current - level, self.min_raise))
                raised = to - self.current
                if self.stakes.game is Game.LIMIT:
                    full = 2 * raised >= self._size() or to >= self.full_level + self._size()
                    if full:
                        self.full_level = to
                else:
                    full = raised >= self.min_raise
                    if full:
                        self.min_raise = raised
                if full:
                    self.bets_made += 1
                    if self.stakes.game is Game.LIMIT:
                        self._note_cap()
                if self.current == 0:
                    kind = Verb.BET
                self.current = to
                self.aggressor = i
            self.level[i] = self.current
        self.acted_at[i] = self.bets_made
        move = Move(
            seat, self.street, kind, self.bet[i], self.bet[i] - before, self.all_in[i], full
        )
        self.moves.append(move)
        self.to_act = self._next(i + 1)
        return move

    def next_street(self) -> Street:
        """Start the next betting round once this one is over; returns the new street."""
        if self.to_act is not None or self.hand_over or self.street is Street.RIVER:
            raise RuleError(f"The {self.street} betting is not over.")
        self.street = STREETS[STREETS.index(self.street) + 1]
        self.bet = [0] * self.n
        self.level = [None] * self.n
        self.current = 0
        self.min_raise = self._size()
        self.full_level = 0
        self.bets_made = 0
        self.capped_multiway = False
        self.acted_at = [0] * self.n
        self.aggressor = None
        self.to_act = self._next(self.first_after_flop) if self._actives() >= 2 else None
        return self.street

    # -- the floor's corrections (tdtool.rules.chip_floor, tdtool.rules.floor) --------------

    def forfeit(self, seat: int, chips: int) -> None:
        """Chips the player leaves in the pot before folding (an undercall forfeited, TDA 51B)."""
        i = self.index[seat]
        paid = min(chips, self.stack[i])
        self.stack[i] -= paid
        self.committed[i] += paid

    def resize(self, seat: int, to: int, was: tuple[int, int], since: int) -> dict[int, int]:
        """The floor corrects the bet or raise of `seat`, the move `moves[since]`, to a total
        of `to` (TDA 52B): `was` is (the bet to call, the minimum raise) before it was made.
        Larger (a bet short of the pot): its calls come back and those players act again.
        Smaller (a bet over the pot): every call above `to` comes down to it. Returns the chips
        each player put in (+) or got back (-)."""
        i = self.index[seat]
        to = min(to, self.bet[i] + self.stack[i])
        larger = to > self.bet[i]
        changed: dict[int, int] = {}
        for k in range(since, len(self.moves)):
            m = self.moves[k]
            if m.street is not self.street:
                continue
            j = self.index[m.seat]
            new = to if j == i else min(m.to, to)
            delta = new - self.bet[j] if (j == i or self.bet[j] > new) else 0
            if delta:
                self.stack[j] -= delta
                self.bet[j] += delta
                self.committed[j] += delta
                self.all_in[j] = self.stack[j] == 0
                changed[m.seat] = changed.get(m.seat, 0) + delta
            if m.verb is not Verb.FOLD and m.to != new:
                self.moves[k] = replace(
                    m, to=new, added=m.added + new - m.to, all_in=self.all_in[j]
                )
            if j != i and not self.folded[j] and self.level[j] is not None:
                self.level[j] = min(self.level[j] or 0, to)
        if larger:  # made larger: the calls of it come back, to act again
            for k in range(len(self.moves) - 1, since, -1):
                m = self.moves[k]
                if m.street is not self.street or m.verb is not Verb.CALL:
                    continue
                j = self.index[m.seat]
                self.stack[j] += m.added
                self.bet[j] -= m.added
                self.committed[j] -= m.added
                self.all_in[j] = False
                self.level[j] = None
                changed[m.seat] = changed.get(m.seat, 0) - m.added
                del self.moves[k]
        current, min_raise = was
        self.current = to
        self.level[i] = to
        raised = to - current
        self.min_raise = max(min_raise, raised) if raised >= min_raise else min_raise
        self.moves[since] = replace(self.moves[since], full=raised >= min_raise)
        self.to_act = self._next(i + 1)
        return changed

    def set_aside(self, seat: int, chips: int) -> dict[int, int]:
        """Chips of an all-in player found behind after a call, not part of the action (TDA 62):
        they come out of the player's bet, and the calls of that all-in come down to what it
        was without them (unless someone raised over it). Returns the chips each other player
        gets back."""
        i = self.index[seat]
        (k, m) = next((k, m) for k, m in reversed(list(enumerate(self.moves))) if m.seat == seat)
        level = m.to - chips
        same = m.street is self.street
        self.committed[i] -= chips
        if same:
            self.bet[i] -= chips
        self.moves[k] = replace(m, to=level, added=m.added - chips)
        later = [(q, n) for q, n in enumerate(self.moves) if q > k and n.street is m.street]
        back: dict[int, int] = {}
        if any(n.to > m.to for _, n in later):
            return back  # raised over: the others' chips were for the raise as well
        last: dict[int, tuple[int, Move]] = {q_m.seat: (q, q_m) for q, q_m in later}
        for j_seat, (q, n) in last.items():
            if n.verb is not Verb.CALL or n.to <= level:
                continue
            j = self.index[j_seat]
            give = n.to - level
            self.stack[j] += give
            self.committed[j] -= give
            if same:
                self.bet[j] -= give
            self.all_in[j] = False
            self.moves[q] = replace(n, to=level, added=n.added - give, all_in=False)
            back[j_seat] = give
        if same:
            self.current = max(self.bet)
        return back

    def kill(self, seat: int) -> None:
        """The floor kills a hand whatever the turn (a wrong number of cards after substantial
        action, TDA 35D, 38): it is out, its chips stay in the pot, the action moves on."""
        i = self.index[seat]
        if self.folded[i]:
            return
        self.folded[i] = True
        self.in_hand -= 1
        if self.to_act == i or self.hand_over:
            self.to_act = None if self.hand_over else self._next(i + 1)
        elif self.to_act is not None:
            self.to_act = self._next(self.to_act)
