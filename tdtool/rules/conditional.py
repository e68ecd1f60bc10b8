"""Conditional statements in an entered hand: `WHO says if OTHER bets, I raise` (TDA 59).

TDA 59 calls a statement about future action non-standard and strongly discouraged: it may be
binding and may be penalised, at the TD's discretion. tdtool rules it binding when exactly the
stated condition comes about and nothing else changes the action before the player's turn
(the test TDA 53 uses for action out of turn); then the player's next action in turn is the
one promised, whatever the file's line for it says. Otherwise the statement lapses. Robert's
Rules have no rule on it, so the same reading applies under both profiles.

`Conditionals` is kept by the replay (`tdtool.rules.hand`): `say` records a statement,
`bound` turns the promised action into the line that is played, `after` follows the moves
(the condition met, missed or overtaken), and `finish` lapses whatever is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tdtool.errors import InputError
from tdtool.rules.betting import Move, Street, Verb
from tdtool.rules.entry import ActionLine, ChipsLine, ConditionalLine, DeclarationLine, HandLine
from tdtool.rules.rulings import Irregularity, Profile, Ruling

if TYPE_CHECKING:
    from tdtool.rules.hand import Replay

_DID = {"bet": "bets or raises", "check": "checks", "call": "calls", "fold": "folds",
        "all-in": "goes all-in"}  # fmt: skip
_PENALTY = (
    "A conditional statement is non-standard and strongly discouraged; a penalty is at the"
    " TD's discretion."
)


@dataclass
class _Pending:
    record: ConditionalLine
    street: Street
    armed: int | None = None
    """The line where the condition came about; None while it has not."""


def _met(condition: str, move: Move) -> bool:
    if condition == "all-in":
        return move.all_in
    if condition == "bet":
        return move.verb in (Verb.BET, Verb.RAISE)
    return str(move.verb) == condition


class Conditionals:
    """The conditional statements of one hand, waiting for their condition."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.pending: dict[int, _Pending] = {}
        self.seen = 0
        """How many moves `after` has looked at."""
        self.rulings: list[Ruling] = []

    @property
    def rule(self) -> str:
        note = self.replay.hand.rules.note("conditional_statements")
        if self.replay.hand.profile == Profile.ROBERT:
            return f"{note}TDA 59 (Robert's Rules have no rule on conditional statements)"
        return f"{note}TDA 59"

    def name(self, seat: int) -> str:
        return self.replay.hand.name(seat)

    def say(self, record: ConditionalLine) -> None:
        """A statement made during the betting by a player still to act, about another."""
        b = self.replay.betting
        where = self.replay.where(record.line)
        for seat in (record.seat, record.other):
            i = b.index[seat]
            if b.folded[i] or b.all_in[i]:
                state = "folded" if b.folded[i] else "all-in"
                raise InputError(
                    f"{where}: `{record.text}`: {self.name(seat)} is {state}, so the statement"
                    " can never bind; remove the line."
                )
        if b.to_act is None:
            raise InputError(f"{where}: `{record.text}` comes when nobody is to act.")
        if record.seat in self.pending:
            first = self.pending[record.seat].record.line
            raise InputError(
                f"{where}: {self.name(record.seat)} already made a conditional statement on"
                f" line {first} that is still open."
            )
        if not self.pending:
            self.seen = len(b.moves)  # the moves before the first open statement do not count
        self.pending[record.seat] = _Pending(record, b.street)
        if self.replay.hand.rules.get("conditional_statements") == "not-binding":
            self._lapse(record.seat, "the house never holds a conditional statement binding")

    def after(self, line: int) -> None:
        """Follow the moves made by line `line`: conditions met, missed, overtaken."""
        b = self.replay.betting
        moves = b.moves[self.seen :]
        self.seen = len(b.moves)
        for move in moves:
            for seat, p in list(self.pending.items()):
                rec = p.record
                if move.seat == seat:
                    self._lapse(seat, f"{self.name(seat)} acted first (line {line})")
                elif p.armed is None and move.seat == rec.other:
                    if _met(rec.condition, move):
                        p.armed = line
                    else:
                        did = _DID.get(str(move.verb), str(move.verb))
                        self._lapse(
                            seat,
                            f"{self.name(rec.other)} {did.split(' or ')[0]} instead (line {line})",
                        )
                elif p.armed is not None and move.verb in (Verb.BET, Verb.RAISE):
                    self._lapse(
                        seat,
                        f"{self.name(move.seat)} raised after the condition came about (line"
                        f" {line}), so the action {self.name(seat)} faces changed",
                    )
        for seat, p in list(self.pending.items()):
            if b.street is not p.street or b.hand_over:
                self._lapse(seat, f"the {p.street} betting ended first")

    def bound(self, record: HandLine) -> HandLine:
        """The line to play for `record`: the promised action when a met statement binds its
        player, whose turn it is; the record itself otherwise."""
        if not isinstance(record, ActionLine | ChipsLine | DeclarationLine) or record.out_of_turn:
            return record
        p = self.pending.get(record.seat)
        b = self.replay.betting
        if p is None or p.armed is None or b.to_act != b.index[record.seat]:
            return record
        rec = p.record
        who = self.name(record.seat)
        opts = b.options()
        verb, amount = rec.verb, rec.amount
        how = ""
        if verb in (Verb.BET, Verb.RAISE):
            if opts.min_to is None:
                verb, amount, how = Verb.CALL, None, " (a raise is not open to them: a call)"
            elif amount is None:
                amount = opts.min_to
                how = f" (no amount was said: the minimum, to {amount})"
            elif amount < opts.min_to:
                how = f" (below the minimum: made up to {opts.min_to})"
                amount = opts.min_to
            elif opts.max_to is not None and amount > opts.max_to:
                how = f" (more than is allowed: {opts.max_to})"
                amount = opts.max_to
        elif verb is Verb.CHECK and not opts.can_check:
            self._lapse(record.seat, f"{who} faces a bet, so a check is not open")
            return record
        del self.pending[record.seat]
        said = f"{who} said on line {rec.line}: `{rec.text}`."
        steps = [
            said,
            f"{self.name(rec.other)} {_DID[rec.condition].split(' or ')[0]} on line {p.armed},"
            " and nothing else changed the action, so the statement binds.",
        ]
        if verb is Verb.RAISE:
            action = f"a raise to {amount}"
        elif verb is Verb.BET:
            action = f"a bet of {amount}"
        else:
            action = "all-in" if verb is Verb.ALL_IN else f"a {verb}"
        steps.append(f"{who}'s action is {action}{how}.")
        if not (isinstance(record, ActionLine) and record.verb is rec.verb):
            steps.append(f"`{record.text}` (line {record.line}) does not stand.")
        steps.append(_PENALTY)
        self.rulings.append(
            Ruling(
                rec.line,
                Irregularity.CONDITIONAL_STATEMENT,
                False,
                self.rule,
                tuple(steps),
                f"{who}'s conditional statement binds: {action}.",
            )
        )
        return ActionLine(record.line, record.text, record.seat, verb, amount)

    def _lapse(self, seat: int, why: str) -> None:
        p = self.pending.pop(seat)
        rec = p.record
        who = self.name(seat)
        self.rulings.append(
            Ruling(
                rec.line,
                Irregularity.CONDITIONAL_STATEMENT,
                False,
                self.rule,
                (
                    f"{who} said: `{rec.text}`.",
                    f"It does not bind: {why}.",
                    f"{who} acts freely in turn.",
                    _PENALTY,
                ),
                f"{who}'s conditional statement does not bind: {why}.",
            )
        )

    def finish(self) -> None:
        """Statements whose condition never came about before the hand ended."""
        for seat in sorted(self.pending, key=lambda s: self.pending[s].record.line):
            self._lapse(seat, "the condition never came about")
