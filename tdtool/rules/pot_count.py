"""A wrong count of the pot in pot-limit that a player bets on (TDA 52B, 49).

`dealer counts the pot N` (or `WHO counts the pot N`, a player's count) tells the player to
act that the pot is N: facing no bet the largest bet, facing a bet the pot after the player's
call, which is the largest raise on top of it (TDA 54; RRoP No-limit and pot-limit). The
player's next line, `WHO acts on it` or `WHO puts N` of the counted chips, bets the pot as
counted. A later `wrong count noticed` is when somebody sees the count was wrong; the TDA
corrects a count too low until substantial action after the bet, and a count too high (an
illegal bet over the pot) for everyone calling anywhere on the street, both only before the
next card (TDA 52B and its Illustration Addendum examples 1-3). Not noticed, the bet stands
as made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tdtool.errors import InputError
from tdtool.game import Game
from tdtool.rules.betting import IllegalAction, Street, Verb
from tdtool.rules.entry import ChipsLine, DeclarationLine, HandLine, IrregularityLine
from tdtool.rules.rulings import Irregularity, Ruling, is_substantial_action

if TYPE_CHECKING:
    from tdtool.rules.hand import Replay

ADDENDUM = "TDA 2024 Illustration Addendum, Rule 52-B example "


def _n(amount: int) -> str:
    return f"{amount:,}"


@dataclass(frozen=True, slots=True)
class _Count:
    """A count of the pot given to the player to act, not yet acted on."""

    seat: int
    told: int
    by: str
    line: int


@dataclass(slots=True)
class _PotBet:
    """A bet or raise made on a wrong count, until the floor rules on it."""

    seat: int
    count: _Count
    line: int
    to: int
    right: int
    street: Street
    since: int
    was: tuple[int, int]


class PotCount:
    """The pot counts of one hand and the bets made on them (made by the first count)."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.pending: _Count | None = None
        self.bets: list[_PotBet] = []
        self.rulings: list[Ruling] = []

    def name(self, seat: int) -> str:
        b = self.replay.betting
        return b.players[b.index[seat]].name

    # -- the count -----------------------------------------------------------------------

    def line(self, record: IrregularityLine) -> None:
        """`... counts the pot N` or `wrong count noticed`."""
        if record.which == "noticed":
            self.noticed(record)
        else:
            self.count(record)

    def count(self, record: IrregularityLine) -> None:
        r, b = self.replay, self.replay.betting
        where = r.where(record.line)
        if b.stakes.game is not Game.POT_LIMIT:
            raise InputError(
                f"{where}: `{record.text}`: players are entitled to a count of the pot in"
                " pot-limit only; dealers do not count the pot in limit and no-limit (TDA 54A)."
                " For a count of the bet to call, write `dealer counts N` (TDA 49)."
            )
        if b.to_act is None or r.over:
            raise InputError(
                f"{where}: `{record.text}` comes when nobody is to act, so nobody bets on it."
            )
        seat = b.players[b.to_act].seat
        who = self.name(seat)
        nxt = r.upcoming
        acts = isinstance(nxt, ChipsLine | DeclarationLine) and not nxt.out_of_turn
        if not (acts and getattr(nxt, "seat", None) == seat):
            raise InputError(
                f"{where}: `{record.text}`: the count is for {who}, who is to act, so the next"
                f" line should be what {who} did with it: `{who} acts on it` (a pot bet as"
                f" counted) or `{who} puts N`."
            )
        by = "the dealer" if record.seat is None else self.name(record.seat)
        self.pending = _Count(seat, record.amount or 0, by, record.line)

    def takes(self, record: HandLine) -> bool:
        """Is `record` the player acting on the count just given? Plays it if so."""
        count, self.pending = self.pending, None
        if count is None or getattr(record, "seat", None) != count.seat:
            return False
        b = self.replay.betting
        i = b.index[count.seat]
        told_to = b.current + count.told
        if isinstance(record, DeclarationLine):
            if not record.on_count:
                return False
        elif not isinstance(record, ChipsLine) or b.bet[i] + record.amount != told_to:
            return False
        where = self.replay.where(record.line)
        right = b.pot_size_to(count.seat)
        to = min(told_to, b.bet[i] + b.stack[i])
        was = (b.current, b.min_raise)
        b.counted_max = to
        try:
            b.act(count.seat, Verb.RAISE, to)
        except IllegalAction as exc:
            raise exc.at(where, record.line) from None
        finally:
            b.counted_max = None
        if to != right:
            self.bets.append(
                _PotBet(count.seat, count, record.line, to, right, b.street, len(b.moves) - 1, was)
            )
        return True

    # -- the error noticed ---------------------------------------------------------------

    def noticed(self, record: IrregularityLine) -> None:
        r, b = self.replay, self.replay.betting
        where = r.where(record.line)
        if not self.bets:
            raise InputError(
                f"{where}: `{record.text}`: no bet was made on a wrong count of the pot before"
                " it (`dealer counts the pot N`, then the player acting on it)."
            )
        pb = self.bets.pop()
        who = self.name(pb.seat)
        low = pb.to < pb.right
        word = "bet" if pb.was[0] == 0 else "raise"
        steps = [
            f"{who} asked for a count of the pot and {pb.count.by} said {_n(pb.count.told)};"
            f" a pot {word} was to {_n(pb.right)}, and {who} made it to {_n(pb.to)} on the"
            f" count (line {pb.line}).",
        ]
        after = b.moves[pb.since + 1 :] if b.street is pb.street else []
        verbs = [str(m.verb) for m in after]
        if b.street is not pb.street:
            steps.append(
                f"The error was noticed only after the {b.street} was dealt: once the next card"
                " is dealt the error stands, and so does the bet as made."
            )
            example = None if low else "3"
            self._rule(record.line, pb, steps, f"{who}'s {word} to {_n(pb.to)} stands.", example)
            return
        raised = [m for m in after if m.verb in (Verb.RAISE, Verb.BET)]
        if raised:
            raise InputError(
                f"{where}: `{record.text}`: {self.name(raised[0].seat)} raised after the bet made"
                " on the wrong count; tdtool does not rule on a correction under a raise: the TD"
                " decides by the circumstances (TDA 1)."
            )
        if low and is_substantial_action(verbs):
            steps.append(
                f"Substantial action came after the {word} before the error was noticed"
                f" ({', '.join(verbs)}: TDA 36). A count too low is corrected only until then,"
                f" so the {word} to {_n(pb.to)} stands and is not increased."
            )
            self._rule(
                record.line, pb, steps, f"{who}'s {word} to {_n(pb.to)} stands.", "1", ", 36"
            )
            return
        changed = b.resize(pb.seat, pb.right, pb.was, pb.since)
        if low:
            steps.append(
                "No substantial action came after it (TDA 36), so the count too low is"
                f" corrected: {who} must make the {word} the full pot, to {_n(pb.right)}"
                f" ({_n(changed.get(pb.seat, 0))} more)."
            )
            callers = [m for m in after if m.verb is Verb.CALL]
            if callers:
                steps.append(
                    " ".join(
                        f"{self.name(m.seat)}'s call of {_n(m.added)} comes back:"
                        f" {self.name(m.seat)} acts again on the {_n(pb.right)} {word}."
                        for m in callers
                    )
                )
            self._rule(
                record.line, pb, steps, f"{who}'s {word} is corrected to {_n(pb.right)}.", "2"
            )
            return
        back = [f"{self.name(s)} {_n(-d)}" for s, d in changed.items() if d < 0]
        steps.append(
            f"A count too high made an illegal {word}, over the pot: noticed before the next"
            f" card, it comes down to {_n(pb.right)} for {who} and for everyone who called it"
            f" on this street, however much action came after it; back: {', '.join(back)}."
        )
        self._rule(
            record.line, pb, steps, f"{who}'s {word} is reduced to the pot, {_n(pb.right)}.", "3"
        )

    def finish(self) -> None:
        """Bets made on a wrong count that nobody noticed: they stand as made."""
        for pb in self.bets:
            who = self.name(pb.seat)
            word = "bet" if pb.was[0] == 0 else "raise"
            steps = [
                f"{who} asked for a count of the pot and {pb.count.by} said {_n(pb.count.told)};"
                f" a pot {word} was to {_n(pb.right)}, and {who} made it to {_n(pb.to)} on the"
                " count.",
                "Nobody noticed the error before the next card (or the end of the hand), so the"
                f" {word} stands as made.",
            ]
            self._rule(pb.line, pb, steps, f"{who}'s {word} to {_n(pb.to)} stands.", None)
        self.bets = []

    def _rule(
        self,
        line: int,
        pb: _PotBet,
        steps: list[str],
        summary: str,
        example: str | None,
        more: str = "",
    ) -> None:
        self.rulings.append(
            Ruling(
                line,
                Irregularity.POT_COUNT,
                False,
                f"TDA 52B{more}",
                tuple(steps),
                summary,
                ADDENDUM + example if example else None,
            )
        )
