"""The floor during the betting: chips put out, words said, prior chips pulled back, and
actions out of turn, turned into the actions they amount to as the hand replays.

`ChipFloor` is kept by the hand replay (`tdtool.rules.hand.Replay`). For each `puts`,
`says`, `pulls back` or `... out of turn` line it takes a snapshot of what the player faces
(`tdtool.rules.chips.Facing`), asks the pure rulings (`tdtool.rules.chips`,
`tdtool.rules.out_of_turn`) what it amounts to, and plays that action through the replay, so
every legality check of the betting engine still applies.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError
from tdtool.game import Game
from tdtool.rules.betting import Betting, IllegalAction, Street, Verb
from tdtool.rules.chips import (
    Facing,
    Reading,
    behind,
    cannot_complete,
    read_accepted,
    read_chips,
    read_declaration,
    undercall_in_sequence,
)
from tdtool.rules.entry import (
    ActionLine,
    ChipsLine,
    DeclarationLine,
    HandLine,
    IrregularityLine,
    PullBackLine,
    Said,
)
from tdtool.rules.out_of_turn import rule_out_of_turn, rule_skipped
from tdtool.rules.rulings import Irregularity, Profile, Ruling, is_substantial_action

if TYPE_CHECKING:
    from tdtool.rules.hand import Replay

PlayerLine = ActionLine | ChipsLine | DeclarationLine

_CHIP_VERBS = {Verb.CALL: "call", Verb.BET: "bet", Verb.RAISE: "raise", Verb.ALL_IN: "raise"}


@dataclass(frozen=True)
class _Pending:
    """An out-of-turn line waiting for the player's turn."""

    record: PlayerLine
    faced: int
    """The bet to the player when they acted out of turn."""
    kind: str
    """check, call, bet, raise or fold: what the line was, for TDA 36 and the ruling."""
    action: str
    """The action in words ("raise to 800")."""


def _kind(record: PlayerLine, current: int) -> str:
    """What an out-of-turn line is, in the words of TDA 36 (check, call, bet, raise, fold)."""
    if isinstance(record, ActionLine):
        verb = record.verb
        if verb in (Verb.FOLD, Verb.CHECK, Verb.CALL):
            return str(verb)
        return "bet" if current == 0 else "raise"
    if isinstance(record, DeclarationLine) and record.said in (Said.FOLD, Said.CHECK, Said.CALL):
        return str(record.said)
    return "bet" if current == 0 else "raise"


def _words(record: PlayerLine, current: int) -> str:
    """The out-of-turn action in words, for the ruling: "the raise to 800", "the check"."""
    if isinstance(record, ActionLine):
        if record.amount is None:
            return f"the {record.verb}"
        word = "bet of" if current == 0 else "raise to"
        return f"the {word} {record.amount:,}"
    if isinstance(record, ChipsLine):
        return f"the {record.amount:,} put out"
    if record.said is Said.AMOUNT:
        return f"the {record.amount:,} declared"
    if record.said is Said.RAISE and record.amount:
        word = "bet of" if current == 0 else "raise to"
        return f"the declared {word} {record.amount:,}"
    if record.said is Said.COMPLETE:
        return "the declared completion"
    return f"the declared {record.said}"


class ChipFloor:
    """What the floor has ruled on chips, words and out-of-turn actions in one hand so far."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        profile = replay.hand.profile
        self.profile = profile if isinstance(profile, Profile) else Profile(str(profile))
        self.rulings: list[Ruling] = []
        self.consumed: set[int] = set()
        """Lines already played as part of an earlier line (a fold after an undercall)."""
        self.pending: dict[int, _Pending] = {}
        """Out-of-turn lines by seat, waiting for the player's turn."""
        self.oot_folds: dict[int, _Pending] = {}
        """Out-of-turn folds whose turn has not come yet, by seat. Each binds at once (TDA 53A,
        58); until the action passes the seat it still counts among the out-of-turn actions
        for TDA 53B, as a pending action would."""
        self.limited: dict[int, tuple[str, str]] = {}
        """Seats that may only call or fold this turn: (why, rule)."""
        self.no_fold: dict[int, int] = {}
        """Seats that pulled back prior chips (line): they may not fold now (TDA 46B)."""
        self.pulled: dict[int, int] = {}
        """Chips pulled back by seat before their chips line (TDA 46)."""
        self.awaiting: DeclarationLine | None = None
        """`says raise` without an amount: the next line must be that player's chips."""
        self.declared: tuple[int, Reading] | None = None
        """The declaration just played: a `puts` line right after it is its chips."""
        self.chips_first: int | None = None
        """The seat whose chips were just played: words right after them change nothing."""
        self.out: dict[int, tuple[Street, int]] = {}
        """Chips physically out in front of a player this street (an overchip awaiting change)."""
        self.bound: set[int] = set()
        """Seats whose out-of-turn action is bound by substantial action past a skipped player
        (TDA 53B)."""
        self.undercall: tuple[Street, int, str, int] | None = None
        """The action just played was an undercall (TDA): (street, bet faced, the first
        undercaller of the sequence, its line), for TDA 51C."""
        self.counted: tuple[int, int] | None = None
        """`dealer counts N` just before: (seat of the player to act, the bet as counted)."""
        self.skipped_on: Street | None = None
        """The street on which TDA 53B made out-of-turn actions binding past a skipped player."""

    # -- helpers --------------------------------------------------------------------------

    @property
    def betting(self) -> Betting:
        return self.replay.betting

    def name(self, seat: int) -> str:
        return self.replay.hand.name(seat)

    def where(self, line: int) -> str:
        return self.replay.where(line)

    def facing(self, seat: int) -> Facing:
        """A snapshot of what the player to act faces, for the pure rulings."""
        b = self.betting
        i = b.index[seat]
        opts = b.options()
        game = b.stakes.game
        street_moves = [m for m in b.moves if m.street is b.street]
        levels = sorted(
            {m.to for m in street_moves if m.verb in (Verb.BET, Verb.RAISE)}
            | ({b.stakes.big_blind} if b.street is Street.PREFLOP else set())
        )
        opening = not any(m.verb is Verb.RAISE for m in street_moves)
        can_raise = opts.min_to is not None and seat not in self.limited
        step = b._size() if game is Game.LIMIT else b.min_raise
        if opts.min_to is not None and opts.min_to < opts.all_in_to:
            step = opts.min_to - b.current
        out = self.out.get(seat)
        prior = out[1] if out is not None and out[0] is b.street else None
        preflop = b.street is Street.PREFLOP
        return Facing(
            who=b.name(i),
            bet=b.bet[i],
            stack=b.stack[i],
            current=b.current,
            step=step,
            can_raise=can_raise,
            max_to=None if game is Game.NO_LIMIT else opts.max_to,
            heads_up=len(b.live) == 2,
            opening=opening,
            levels=tuple(levels),
            pot=b.pot_total(),
            big_blind=b.stakes.big_blind,
            prior=prior,
            fixed=game is Game.LIMIT,
            incomplete=game is Game.LIMIT and b.current > b.full_level,
            blind_only=preflop
            and i == b.sb
            and not b.straddles
            and b.current == b.stakes.big_blind
            and b.bet[i] < b.current
            and opening,
        )

    def _ensure_turn(self, record: PlayerLine) -> None:
        """The same refusals as an action line: hand over, folded, round over, out of turn."""
        b = self.betting
        if b.to_act is not None and b.players[b.to_act].seat == record.seat:
            return
        probe = ActionLine(record.line, record.text, record.seat, Verb.FOLD)
        self.replay.action(probe)  # raises: the hand is over, the player folded, ...
        raise AssertionError("unreachable: a fold by the player to act was expected to fail")

    def _play(self, record: PlayerLine, reading: Reading) -> None:
        """Play what the chips or words amount to, through the replay's action checks."""
        b = self.betting
        if reading.forfeit:
            b.forfeit(record.seat, reading.forfeit)
        amount = reading.to if reading.verb in (Verb.BET, Verb.RAISE) else None
        self._act(ActionLine(record.line, record.text, record.seat, reading.verb, amount))

    def _act(self, record: ActionLine) -> None:
        """An action in turn, with the limits the floor put on the player."""
        seat = record.seat
        b = self.replay.betting
        if (
            (self.limited or self.no_fold)
            and b.to_act is not None
            and b.players[b.to_act].seat == seat
        ):
            who = self.name(seat)
            raising = record.verb in (Verb.BET, Verb.RAISE) or (
                record.verb is Verb.ALL_IN and b.bet[b.to_act] + b.stack[b.to_act] > b.current
            )
            if seat in self.limited and raising:
                why, rule = self.limited[seat]
                raise IllegalAction(
                    who,
                    f"{who} cannot {record.verb} now",
                    f"{why}: {who} may only call or fold",
                    rule,
                    self.where(record.line),
                    record.line,
                )
            if seat in self.no_fold and record.verb is Verb.FOLD:
                raise IllegalAction(
                    who,
                    f"{who} cannot fold",
                    f"{who} pulled back prior-bet chips on line {self.no_fold[seat]}, which binds"
                    " a call or a raise",
                    "TDA 46B",
                    self.where(record.line),
                    record.line,
                )
        before = b.to_act
        self.undercall = None
        self.replay.action(record)
        if self.oot_folds:
            self._pass_folds(before)
        if self.limited:
            self.limited.pop(seat, None)
        if self.no_fold:
            self.no_fold.pop(seat, None)
        if self.pulled:
            self.pulled.pop(seat, None)

    def _pass_folds(self, before: int | None) -> None:
        """Forget the out-of-turn folds whose turn the action has now passed: the seats after
        `before` (who just acted) and before the player to act now, or all once nobody is."""
        b = self.betting
        now = b.to_act
        if now is None or before is None:
            self.oot_folds.clear()
            return
        gone = (now - before) % b.n
        for seat in [s for s in self.oot_folds if (b.index[s] - before) % b.n < gone]:
            del self.oot_folds[seat]

    def _rule(self, ruling: Ruling) -> None:
        self.rulings.append(ruling)

    # -- the lines --------------------------------------------------------------------------

    def before(self, record: HandLine) -> bool:
        """Called before every line; returns False when the line was already played."""
        if not (self.consumed or self.declared or self.chips_first is not None or self.awaiting):
            return True  # nothing carried over from the line before
        if record.line in self.consumed:
            return False
        seat = getattr(record, "seat", None)
        if not (isinstance(record, ChipsLine) and self.declared and self.declared[0] == seat):
            self.declared = None
        if not (isinstance(record, DeclarationLine | ChipsLine) and self.chips_first == seat):
            self.chips_first = None
        if self.awaiting is not None:
            says = self.awaiting
            if not (
                isinstance(record, ChipsLine)
                and record.seat == says.seat
                and not record.out_of_turn
            ):
                who = self.name(says.seat)
                raise InputError(
                    f"{self.where(says.line)}: `{says.text}` gives no amount, so the next line"
                    f" must be the chips {who} put out: `{who} puts N` or `{who} puts chips"
                    " C C ...`."
                )
        return True

    def action(self, record: ActionLine) -> None:
        """A plain action line (the replay calls this for every action line)."""
        if record.out_of_turn:
            self.out_of_turn(record)
            return
        self.declared = None  # _clear_context, inline: every action line passes here
        self.chips_first = None
        self._act(record)

    def _clear_context(self) -> None:
        self.declared = None
        self.chips_first = None

    def chips(self, record: ChipsLine) -> None:
        """`WHO puts N` / `WHO puts chips C C ...`."""
        if record.out_of_turn:
            self.out_of_turn(record)
            return
        declared, self.declared = self.declared, None
        awaiting, self.awaiting = self.awaiting, None
        if self.chips_first == record.seat:
            self._string_bet(record)
            return
        self.chips_first = None
        if declared is not None and declared[0] == record.seat:
            self._chips_for_declaration(record, declared[1])
            return
        self._ensure_turn(record)
        f = self.facing(record.seat)
        pulled = self.pulled.get(record.seat)
        have = behind(f, pulled)
        if record.amount > have:
            raise InputError(
                f"{self.where(record.line)}: {f.who} puts {record.amount:,} but has only"
                f" {have:,} behind."
            )
        count, self.counted = self.counted, None
        if count is not None and f.bet + record.amount == count[1] != f.current:
            reading = read_accepted(
                f, count[1], "pushed out that amount", record.line, self._all_in_bet()
            )
            self._play(record, reading)
            self._rule(reading.ruling)
            self.out[record.seat] = (
                self.betting.street,
                self.betting.bet[self.betting.index[record.seat]],
            )
            self.chips_first = record.seat
            return
        upcoming = self.replay.upcoming
        fold_next = (
            isinstance(upcoming, ActionLine)
            and upcoming.seat == record.seat
            and upcoming.verb is Verb.FOLD
            and not upcoming.out_of_turn
        )
        reading = read_chips(
            f,
            self.profile,
            chips=record.chips,
            amount=record.amount,
            declared_raise=awaiting is not None,
            pulled=pulled,
            fold_next=fold_next,
            line=record.line,
            declared_pot=awaiting is not None and awaiting.said is Said.POT,
        )
        if reading.forfeit and upcoming is not None:
            self.consumed.add(upcoming.line)
        if (
            fold_next
            and upcoming is not None
            and reading.ruling.irregularity == Irregularity.UNDERCALL
            and not reading.forfeit
            and self.profile == Profile.ROBERT
        ):
            raise IllegalAction(
                f.who,
                f"{f.who} cannot fold after the undercall of line {record.line}",
                "under Robert's Rules a short call is corrected to a full call",
                reading.ruling.rule,
                self.where(upcoming.line),
                upcoming.line,
            )
        previous = self.undercall  # the action just before, if it was an undercall
        self._play(record, reading)
        ruling = reading.ruling
        if ruling.irregularity == Irregularity.UNDERCALL and self.profile == Profile.TDA:
            faced = (self.betting.street, f.current)
            if previous is not None and previous[:2] == faced:
                ruling = undercall_in_sequence(ruling, previous[2], previous[3])
                self.undercall = previous  # the sequence keeps its first undercaller
            else:
                self.undercall = (*faced, f.who, record.line)
        self._rule(ruling)
        b = self.betting
        i = b.index[record.seat]
        physical = b.bet[i]
        if len(record.chips) == 1 and reading.verb is Verb.CALL and not b.folded[i]:
            counted = (f.bet if f.prior is None else max(f.bet, f.prior)) - min(pulled or 0, f.bet)
            physical = max(physical, counted + record.amount)
        self.out[record.seat] = (b.street, physical)
        self.chips_first = record.seat

    def _string_bet(self, record: ChipsLine) -> None:
        """A second motion right after the player's chips: a string bet (TDA 42, 56)."""
        who = self.name(record.seat)
        b = self.betting
        last = next(m for m in reversed(b.moves) if m.seat == record.seat)
        self._rule(
            Ruling(
                record.line,
                Irregularity.STRING_BET,
                False,
                "TDA 42, 56"
                if self.profile == Profile.TDA
                else "RRoP Betting and Raising: string raises",
                (
                    f"{who} went back to the stack for {record.amount:,} more after the first"
                    " motion, without having declared an amount: a string bet.",
                    "Only the chips of the first motion count; give back the"
                    f" {record.amount:,} of the second.",
                ),
                f"{who}'s second motion does not count: the action stays {last.verb}"
                + (f" to {last.to:,}" if last.verb in (Verb.BET, Verb.RAISE) else "")
                + ".",
            )
        )

    def _chips_for_declaration(self, record: ChipsLine, reading: Reading) -> None:
        who = self.name(record.seat)
        b = self.betting
        i = b.index[record.seat]
        said = reading.ruling.summary.split(": ", 1)[-1].rstrip(".")
        steps = [
            f"{who} declared first ({said}): the declaration defines the action and the chips"
            " follow it.",
        ]
        moved = b.moves[-1].added if b.moves and b.moves[-1].seat == record.seat else 0
        if reading.verb is Verb.FOLD or b.folded[i]:
            steps.append("The chips put out after the fold go back.")
        elif record.amount > moved:
            steps.append(f"{who} put out {record.amount:,}: {record.amount - moved:,} goes back.")
        elif record.amount < moved:
            steps.append(
                f"{who} put out {record.amount:,}: {who} adds {moved - record.amount:,} more."
            )
        else:
            steps.append(f"{who} put out exactly {record.amount:,}.")
        self._rule(
            Ruling(
                record.line,
                Irregularity.DECLARATION,
                False,
                "TDA 40A, 51A"
                if self.profile == Profile.TDA
                else "TDA 40A; RRoP No-limit rules (a bet is corrected to the verbal statement)",
                tuple(steps),
                f"{who}'s chips follow the declaration: {said}.",
            )
        )

    def declaration(self, record: DeclarationLine) -> None:
        """`WHO says ...`."""
        if record.out_of_turn:
            self.out_of_turn(record)
            return
        who = self.name(record.seat)
        if self.chips_first == record.seat:
            self.chips_first = None
            last = self.rulings[-1]
            self._rule(
                Ruling(
                    record.line,
                    Irregularity.DECLARATION,
                    False,
                    "TDA 40A",
                    (
                        f"{who} put the chips out before saying anything: the chips came first"
                        " and define the action.",
                        f"The words change nothing: {last.summary.split(': ', 1)[-1]}",
                    ),
                    f"{who}'s chips came first; what {who} said after them changes nothing.",
                )
            )
            return
        self._clear_context()
        self._ensure_turn(record)
        f = self.facing(record.seat)
        if record.said is Said.COMPLETE:
            why = cannot_complete(f)
            if why is not None:
                raise InputError(f"{self.where(record.line)}: `{record.text}`: {why}")
        if self._pot_sized(record, f):
            return
        if self._pot_then_chips(record, f):
            return
        reading = read_declaration(
            f, self.profile, str(record.said), record.amount, record.line, record.word
        )
        count, self.counted = self.counted, None
        if record.on_count and count is None:
            raise InputError(
                f"{self.where(record.line)}: `{record.text}`: acting on a count needs the"
                " count first: a `dealer counts N` line just before it."
            )
        if count is not None and record.said is Said.CALL and count[1] != f.current:
            how = "acted on the count" if record.on_count else "said call"
            reading = read_accepted(f, count[1], how, record.line, self._all_in_bet())
        if reading is None:
            if record.said is Said.CHECK:  # a check facing a bet (TDA 55)
                self.limited[record.seat] = (
                    f"{who} said check facing a bet of {f.current:,} on line {record.line}",
                    "TDA 55",
                )
                self._rule(
                    Ruling(
                        record.line,
                        Irregularity.DECLARATION,
                        False,
                        "TDA 55",
                        (
                            f"{who} said check while facing a bet of {f.current:,}.",
                            f"A check is not possible: {who} may call or fold, but not raise.",
                        ),
                        f"{who} said check facing a bet: call or fold only.",
                    )
                )
                return
            upcoming = self.replay.upcoming
            if not (isinstance(upcoming, ChipsLine) and upcoming.seat == record.seat):
                raise InputError(
                    f"{self.where(record.line)}: `{record.text}` gives no amount, so the next"
                    f" line must be the chips {who} put out: `{who} puts N` or"
                    f" `{who} puts chips C C ...` (or write `{who} says raise N`)."
                )
            self.awaiting = record
            word = "bet" if f.current == 0 else "raise"
            self._rule(
                Ruling(
                    record.line,
                    Irregularity.DECLARATION,
                    False,
                    "TDA 40B, 42",
                    (
                        f"{who} said {record.word or word} without an amount: {who} is"
                        f" committed to a {word}"
                        + (" (at least the minimum bet, TDA 55B)" if f.current == 0 else "")
                        + ".",
                        "The chips that follow, in one motion, give the amount; short of a full"
                        f" {word}, it is a full {word}.",
                    ),
                    f"{who} declared {word}: the chips that follow give the amount.",
                )
            )
            return
        self._play(record, reading)
        self._rule(reading.ruling)
        self.declared = (record.seat, reading)

    def _pot_sized(self, record: DeclarationLine, f: Facing) -> bool:
        """`says pot` in no-limit where the house holds it to the size of the pot (choice
        `pot_in_no_limit: pot-size`): read as in pot-limit, the chips following the words.
        Returns True when it was read so."""
        rules = self.replay.hand.rules
        if not (
            record.said is Said.POT
            and self.betting.stakes.game is Game.NO_LIMIT
            and f.min_to is not None
            and rules.get("pot_in_no_limit") == "pot-size"
        ):
            return False
        size = max(self.betting.pot_size_to(record.seat), f.min_to)
        read = read_declaration(
            replace(f, max_to=size), self.profile, "pot", None, record.line, record.word
        )
        assert read is not None  # `pot` always reads as an action
        reading, ruling = read, read.ruling
        reading = replace(
            reading,
            ruling=replace(ruling, rule=rules.note("pot_in_no_limit") + ruling.rule + ", 54D"),
        )
        self._play(record, reading)
        self._rule(reading.ruling)
        self.declared = (record.seat, reading)
        return True

    def _pot_then_chips(self, record: DeclarationLine, f: Facing) -> bool:
        """`says pot` in no-limit followed by the player's chips (TDA 54D): not a valid bet, but
        it binds a valid bet or raise, and the chips give its size. Returns True when the chips
        line is to complete it."""
        upcoming = self.replay.upcoming
        if not (
            record.said is Said.POT
            and self.betting.stakes.game is Game.NO_LIMIT
            and f.min_to is not None
            and isinstance(upcoming, ChipsLine)
            and upcoming.seat == record.seat
            and not upcoming.out_of_turn
        ):
            return False
        self.awaiting = record
        word = "bet" if f.current == 0 else "raise"
        self._rule(
            Ruling(
                record.line,
                Irregularity.DECLARATION,
                False,
                "TDA 54D",
                (
                    f"{f.who} said pot: in no-limit that is not a valid bet, but it binds"
                    f" {f.who} to a valid {word}, at least a full {word} to {f.min_to:,}.",
                    "The chips that follow, in one motion, give its size (a house may hold it"
                    " to the size of the pot instead); consider a penalty.",
                ),
                f"{f.who} said pot: a valid {word}, sized by the chips that follow.",
            )
        )
        return True

    def _all_in_bet(self) -> bool:
        """Is the bet to call an all-in (the count asked for is of a stack, TDA 60)?"""
        b = self.betting
        return any(m.all_in and m.to == b.current for m in b.moves if m.street is b.street)

    def count(self, record: IrregularityLine) -> None:
        """`dealer counts N`: the player to act asked for a count and was told N. It matters
        only if that player's next line calls on it (TDA 49, accepted action)."""
        b = self.betting
        where = self.where(record.line)
        if b.to_act is None or self.replay.over:
            raise InputError(
                f"{where}: `{record.text}` comes when nobody is to act, so there is no bet to"
                " count."
            )
        seat = b.players[b.to_act].seat
        who = self.name(seat)
        if b.current <= b.bet[b.to_act]:
            pot = (
                f" For a count of the pot in pot-limit, write `dealer counts the pot"
                f" {record.amount or 0}` (TDA 52B)."
                if b.stakes.game is Game.POT_LIMIT
                else ""
            )
            raise InputError(
                f"{where}: `{record.text}`: {who} faces no bet, so there is nothing to count.{pot}"
            )
        nxt = self.replay.upcoming
        calls = (isinstance(nxt, ChipsLine) and not nxt.out_of_turn) or (
            isinstance(nxt, DeclarationLine) and nxt.said is Said.CALL and not nxt.out_of_turn
        )
        if not (calls and nxt is not None and getattr(nxt, "seat", None) == seat):
            raise InputError(
                f"{where}: `{record.text}`: the count is for {who}, who is to act, so the next"
                f" line should be what {who} did with it: `{who} puts N`, `{who} says call` or"
                f" `{who} acts on it`."
            )
        self.counted = (seat, record.amount or 0)

    def pull_back(self, record: PullBackLine) -> None:
        """`WHO pulls back [C C ...]`: prior-bet chips taken back facing a raise (TDA 46B)."""
        self._clear_context()
        b = self.betting
        who = self.name(record.seat)
        probe = ChipsLine(record.line, record.text, record.seat, 0)
        self._ensure_turn(probe)
        f = self.facing(record.seat)
        prior = f.bet if f.prior is None else max(f.bet, f.prior)
        if not (f.facing and prior > 0):
            raise InputError(
                f"{self.where(record.line)}: {who} has no prior-bet chips out facing a raise,"
                " so there is nothing to pull back."
            )
        amount = sum(record.chips) if record.chips else prior
        if amount > prior:
            raise InputError(
                f"{self.where(record.line)}: {who} has only {prior:,} out from a prior bet,"
                f" so cannot pull back {amount:,}."
            )
        self.pulled[record.seat] = amount
        self.no_fold[record.seat] = record.line
        part = "all of" if amount == prior else f"{amount:,} of"
        self._rule(
            Ruling(
                record.line,
                Irregularity.PRIOR_CHIPS,
                False,
                "TDA 46B",
                (
                    f"{who} faces a raise to {b.current:,} and pulled back {part} the {prior:,}"
                    " already out.",
                    f"Pulling back prior chips binds {who} to call or raise: {who} may not fold.",
                    "The chips put out next are read by TDA 46C.",
                ),
                f"{who} pulled back prior-bet chips: now bound to call or raise.",
                f"TDA 2024 Illustration Addendum, Rule 46 situation {2 if amount == prior else 3}",
            )
        )

    # -- out of turn ------------------------------------------------------------------------

    def out_of_turn(self, record: PlayerLine) -> None:
        """An `... out of turn` line: kept aside until it is the player's turn (TDA 53)."""
        self._clear_context()
        b = self.betting
        who = self.name(record.seat)
        where = self.where(record.line)
        if b.to_act is None or self.replay.over:
            probe = ActionLine(record.line, record.text, record.seat, Verb.FOLD)
            self.replay.action(probe)  # the usual refusal: the hand or round is over
        assert b.to_act is not None
        i = b.index[record.seat]
        if b.folded[i]:
            raise InputError(
                f"{where}: {who} folded on line {self.replay.folded_at[record.seat]} and has no"
                " more actions."
            )
        if i == b.to_act:
            raise InputError(
                f"{where}: it is {who}'s turn, so `{record.text}` is not out of turn: remove"
                " `out of turn`."
            )
        if b.all_in[i]:
            raise InputError(f"{where}: {who} is all-in and has no more actions.")
        if not (b.bet[i] < b.current or b.level[i] is None):
            raise InputError(
                f"{where}: {who} has already acted on the {b.street} and faces no new bet, so"
                " has nothing to do out of turn."
            )
        if record.seat in self.pending:
            first = self.pending[record.seat].record.line
            raise InputError(
                f"{where}: {who} already acted out of turn on line {first}; the action comes"
                f" back to {who} before {who} acts again."
            )
        if isinstance(record, DeclarationLine) and record.said is Said.RAISE and not record.amount:
            raise InputError(
                f"{where}: `{record.text}`: write the amount said out of turn (`{who} says raise"
                " N out of turn`)."
            )
        kind = _kind(record, b.current)
        if isinstance(record, DeclarationLine) and record.said is Said.COMPLETE:
            completes = b.stakes.game is Game.LIMIT and b.current > b.full_level
            kind = "raise" if completes else "call"
        entry = _Pending(record, b.current, kind, _words(record, b.current))
        street = b.street
        if kind == "fold":
            fold = self._fold_now(entry)
        else:
            self.pending[record.seat] = entry
        if self.profile == Profile.TDA and self.skipped_on is not street and b.to_act is not None:
            standing = self._standing()
            kinds = [p.kind for p in standing.values()]
            if is_substantial_action(kinds):
                self.bound.update(s for s, p in standing.items() if p.kind != "fold")
                self._substantial(record, kinds)
        if kind == "fold":
            self._rule(fold)

    def _standing(self) -> dict[int, _Pending]:
        """The out-of-turn actions of this street that still face the current bet, in the order
        they were made (TDA 53B counts them for substantial action)."""
        b = self.betting
        both = {**self.oot_folds, **self.pending}
        return {
            s: p
            for s, p in sorted(both.items(), key=lambda kv: kv[1].record.line)
            if p.faced == b.current
        }

    def _fold_now(self, p: _Pending) -> Ruling:
        """An out-of-turn fold binds at once (TDA 53A, 58): the hand is dead, whatever the
        players before it do, so it may leave one player who wins the pot right away.
        Returns the ruling, which follows any TDA 53B ruling the fold completes."""
        seat = p.record.seat
        b = self.betting
        b.kill(seat)
        self.replay.folded_at[seat] = p.record.line
        if b.to_act is not None:  # the round goes on: the fold waits for its turn (53B)
            self.oot_folds[seat] = p
        winner = b.name(b.live[0]) if b.hand_over else None
        return self._out_of_turn(seat, p, False, winner=winner)

    def _substantial(self, record: PlayerLine, kinds: list[str]) -> None:
        """TDA 53B: out-of-turn actions past a skipped player make substantial action."""
        b = self.betting
        assert b.to_act is not None
        first = min(
            (b.index[s] - b.to_act) % b.n for s in {**self.oot_folds, **self.pending}
        )  # the first out-of-turn player still waiting, counted from the skipped one
        skipped = [
            b.players[(b.to_act + k) % b.n].seat
            for k in range(first)
            if not b.folded[(b.to_act + k) % b.n] and not b.all_in[(b.to_act + k) % b.n]
        ]
        if not skipped:
            return
        self.skipped_on = b.street
        names = ", ".join(self.name(s) for s in skipped)
        for s in skipped:
            self.limited[s] = (
                f"{self.name(s)} was skipped and substantial action out of turn followed"
                f" (line {record.line})",
                "TDA 53B",
            )
        self._rule(
            rule_skipped(self.name(record.seat), names, tuple(kinds), record.line, self.profile)
        )

    def _out_of_turn(self, seat: int, p: _Pending, changed: bool, **how: Any) -> Ruling:
        """The TDA 53 ruling on `p`, the out-of-turn line of `seat`, as the action stands now
        (`changed`: the action to the player changed since; `how`: rule_out_of_turn's rest)."""
        return rule_out_of_turn(
            self.profile,
            self.name(seat),
            p.action,
            p.kind,
            changed,
            p.faced,
            self.betting.current,
            p.record.line,
            own=self.betting.bet[self.betting.index[seat]],
            **how,
        )

    def settle(self) -> None:
        """Play or release each out-of-turn action whose player's turn has come."""
        b = self.replay.betting
        if b.to_act is None:
            self.oot_folds.clear()
        if not self.pending:
            return
        while b.to_act is not None and b.players[b.to_act].seat in self.pending:
            seat = b.players[b.to_act].seat
            p = self.pending.pop(seat)
            who = self.name(seat)
            substantial = seat in self.bound
            self.bound.discard(seat)
            changed = b.current > p.faced  # only an unrestricted player's raise can change it
            ruling = self._out_of_turn(seat, p, changed, substantial=substantial)
            self._rule(ruling)
            if changed:
                if self.profile == Profile.ROBERT and p.kind in ("check", "call"):
                    self.limited[seat] = (
                        f"{who} {'checked' if p.kind == 'check' else 'called'} out of turn on"
                        f" line {p.record.line}",
                        "RRoP Betting and Raising: action out of turn",
                    )
                continue
            if p.kind == "check" and b.current > b.bet[b.index[seat]]:
                self.limited[seat] = (
                    f"{who} checked out of turn on line {p.record.line} while facing a bet",
                    "TDA 53A, 55",
                )
                continue
            in_turn = replace(p.record, out_of_turn=False)
            if (
                isinstance(in_turn, ActionLine)
                and in_turn.verb in (Verb.BET, Verb.RAISE)
                and b.options().min_to is None
            ):
                # It binds, but the betting is no longer open to a raise (everyone else is
                # all-in, TDA 47): what is left of it is the call.
                in_turn = replace(in_turn, verb=Verb.CALL, amount=None)
                self._rule(
                    Ruling(
                        in_turn.line,
                        Irregularity.OUT_OF_TURN,
                        False,
                        "TDA 53, 47",
                        (
                            f"{who}'s raise out of turn binds, but every other player is now"
                            " all-in or has folded, so nobody is left to raise: it is a call.",
                        ),
                        f"{who}'s raise out of turn stands as a call: nobody is left to raise.",
                    )
                )
            before = len(self.rulings)
            match in_turn:
                case ActionLine():
                    self._act(in_turn)
                case ChipsLine():
                    self.chips(in_turn)
                case DeclarationLine():
                    self.declaration(in_turn)
            if len(self.rulings) > before:  # one entry for the line: out of turn, then the chips
                oot, *read = self.rulings[before - 1 :]
                del self.rulings[before - 1 :]
                self._rule(
                    replace(
                        oot,
                        rule="; ".join([oot.rule, *(r.rule for r in read)]),
                        steps=(*oot.steps, *(s for r in read for s in r.steps)),
                        summary=" ".join([oot.summary, *(r.summary for r in read)]),
                    )
                )

    def finish(self) -> None:
        """Out-of-turn actions whose turn never came (the hand ended first) never counted."""
        for seat, p in sorted(self.pending.items(), key=lambda kv: kv[1].record.line):
            self._rule(self._out_of_turn(seat, p, False, ended=True))
        self.pending.clear()
