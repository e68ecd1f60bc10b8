"""The floor at the showdown of an entered hand: a hand asked for, retrieved, killed by the
dealer, tabled in part, or the best hand mucked (TDA 13-15, 18; RRoP The showdown, Dead hands).

`ShowdownFloor` is kept by the replay (`tdtool.rules.hand`). During the lines it records what
happened and refuses what cannot (a hand killed into the muck cannot be retrieved, TDA 14);
at the end it says which hands are out of the showdown (`out`), and once the pots are
decided it rules on every showdown line, naming who won what (`rulings`).

Where the books differ: under Robert's Rules a called hand that was mucked and is asked for
by the player about to win the pot becomes live again, and the best hand wins; asked for by
anyone else it stays dead (RRoP The showdown 5). The TDA gives a player who kept or tabled
their cards the right to see a called hand (TDA 18); it does not bring a mucked hand back:
only the player retrieving it, while it is still identifiable, does that (TDA 14).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tdtool.errors import InputError
from tdtool.rules.betting import IllegalAction
from tdtool.rules.entry import Showdown, ShowdownCall, ShowdownLine
from tdtool.rules.rulings import Irregularity, Profile, Ruling

if TYPE_CHECKING:
    from tdtool.rules.hand import PotResult, Replay


@dataclass(frozen=True, slots=True)
class _Ask:
    line: int
    asker: int
    other: int
    right: bool
    """The asker still held or had tabled their cards (TDA 18)."""
    mucked: bool
    """The hand asked for had been discarded face down before the request."""


class ShowdownFloor:
    """What happened at the showdown, line by line, and the floor's ruling on each."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        tda = replay.hand.profile != Profile.ROBERT
        self.tda = tda
        self.killed: dict[int, tuple[int, bool]] = {}
        """Seat -> (line, the hand had been tabled) for each `dealer kills` line."""
        self.last_hand: set[int] = set()
        """Seats whose hand the dealer killed when every other hand had been mucked: the
        last hand in had won, and the kill takes nothing from it."""
        self.retrieved: dict[int, int] = {}
        """Seat -> line of a hand taken back from a face-down discard (TDA 14)."""
        self.partial: dict[int, int] = {}
        """Seat -> line where the player tabled one card only (TDA 13A, 15A)."""
        self.partial_mucked: dict[int, int] = {}
        """Seat -> line where a player who had tabled one card mucked the rest."""
        self.asks: list[_Ask] = []
        self.revived: set[int] = set()

    def name(self, seat: int) -> str:
        return self.replay.hand.name(seat)

    # -- the lines ---------------------------------------------------------------------------

    def call(self, record: ShowdownCall) -> None:
        """One showdown floor line, checked against what happened so far."""
        r = self.replay
        b = r.betting
        where = r.where(record.line)
        who = self.name(record.seat)
        if b.hand_over:
            raise InputError(
                f"{where}: `{record.text}` comes after the hand is over: everyone but"
                f" {b.name(b.live[0])} has folded."
            )
        if not (r.over or b.betting_over):
            raise InputError(
                f"{where}: `{record.text}` is a showdown line, but the betting is not over."
            )
        seat = record.seat
        if record.act is not Showdown.ASKS and b.folded[b.index[seat]]:
            raise InputError(
                f"{where}: {who} folded on line {r.folded_at[seat]} and is not in the showdown."
            )
        if record.act is Showdown.KILLED:
            if seat in self.killed:
                raise InputError(f"{where}: {who}'s hand was already killed on line"
                                 f" {self.killed[seat][0]}.")  # fmt: skip
            tabled = seat in r.shown or any(b.all_in[j] for j in b.live)  # TDA 16: face up
            self.killed[seat] = (record.line, tabled)
            others = [b.players[j].seat for j in b.live if b.players[j].seat != seat]
            if not tabled and all(s in r.mucked for s in others):
                self.last_hand.add(seat)  # everyone else had mucked: it had won already
            elif not tabled:
                r.mucked.add(seat)
        elif record.act is Showdown.RETRIEVED:
            if seat in self.killed and not self.killed[seat][1]:
                raise IllegalAction(
                    who,
                    f"{who}'s hand cannot be retrieved",
                    f"the dealer killed it into the muck on line {self.killed[seat][0]}, so"
                    " it is no longer identifiable and stays dead",
                    "TDA 14" if self.tda else "RRoP Dead hands 2",
                    where,
                    record.line,
                )
            if seat not in r.mucked:
                raise InputError(
                    f"{where}: `{record.text}`: {who} has not discarded the hand, so there is"
                    f" nothing to retrieve; write `{who} mucks` first if it was discarded."
                )
            r.mucked.discard(seat)
            r.shown.add(seat)
            self.retrieved[seat] = record.line
            self._needs_cards(record, seat)
        elif record.act is Showdown.ONE_CARD:
            if seat in r.shown:
                raise InputError(f"{where}: {who} has already tabled the whole hand.")
            self.partial[seat] = record.line
            self._needs_cards(record, seat)
        else:
            assert record.other is not None
            other = record.other
            if b.folded[b.index[other]]:
                raise InputError(
                    f"{where}: `{record.text}`: {self.name(other)} folded on line"
                    f" {r.folded_at[other]}; only a hand that was called can be asked for"
                    f" (TDA 18{'' if self.tda else '; RRoP The showdown 5'})."
                )
            right = not b.folded[b.index[seat]] and seat not in r.mucked
            self.asks.append(_Ask(record.line, seat, other, right, other in r.mucked))
            self._needs_cards(record, other)
            if other not in r.mucked:
                r.shown.add(other)  # a hand still held is turned face up and plays

    def note(self, record: ShowdownLine) -> None:
        """`WHO shows` / `WHO mucks` after `WHO tables one card`."""
        if record.seat in self.partial and not record.shows:
            self.partial_mucked[record.seat] = record.line

    def _needs_cards(self, record: ShowdownCall, seat: int) -> None:
        r = self.replay
        if not r.cards[seat]:
            who = self.name(seat)
            raise InputError(
                f"{r.where(record.line)}: `{record.text}` turns {who}'s cards face up, but the"
                f" file gives no cards for {who}: add `cards:` to {who}'s seat."
            )

    # -- the end -----------------------------------------------------------------------------

    def out(self, live: Sequence[int], value: Callable[[int], int | None]) -> set[int]:
        """The live seats whose hands do not play at the showdown, after every request: a
        mucked hand asked for by the player about to win comes back under Robert's Rules."""
        r = self.replay
        out = set(r.mucked)
        if r.hand.rules.get("mucked_hand_asked_for") == "winner-revives":
            for ask in self.asks:
                if not ask.mucked or ask.other not in out:
                    continue
                rivals = [s for s in live if s not in out and s != ask.other]
                values = {s: value(s) for s in rivals}
                known = [v for v in values.values() if v is not None]
                if known and ask.asker in rivals and values[ask.asker] == max(known):
                    out.discard(ask.other)  # the winner asked: both hands live (RRoP 5)
                    self.revived.add(ask.other)
        for seat, line in self.partial.items():
            if seat in out or seat in r.shown:
                continue
            rivals = [s for s in live if s not in out and s != seat]
            if rivals:
                who = self.name(seat)
                raise InputError(
                    f"{r.where(line)}: {who} tabled one card, and a hand wins only with every"
                    f" card face up ({self._rule('TDA 13A, 15A', 'RRoP The showdown 1')}): the"
                    f" dealer asks {who} to table the other;"
                    f" add `{who} shows` if {who} did, or `{who} mucks`."
                )
        return out

    def rulings(
        self,
        pots: Sequence[PotResult],
        values: Mapping[int, int],
        value: Callable[[int], int | None],
    ) -> list[Ruling]:
        """The floor's ruling on every showdown line, now that the pots are decided."""
        r = self.replay
        if not (self.killed or self.retrieved or self.partial or self.asks or r.mucked):
            return []  # the usual showdown: nothing to rule on
        won = _won(pots)
        out: list[Ruling] = []
        for seat, (line, tabled) in self.killed.items():
            out.append(self._killed(seat, line, tabled, won))
        for seat, line in self.retrieved.items():
            out.append(self._retrieved(seat, line, won))
        for seat, line in self.partial.items():
            out.append(self._partial(seat, line, won))
        for ask in self.asks:
            out.append(self._ask(ask, won))
        killed_face_down = {s for s, (_, tabled) in self.killed.items() if not tabled}
        for seat in sorted(r.mucked - killed_face_down - set(self.partial_mucked)):
            ruling = self._mucked_winner(seat, pots, values, value, won)
            if ruling is not None:
                out.append(ruling)
        return out

    def _rule(self, tda: str, robert: str) -> str:
        return tda if self.tda else robert

    def _killed(self, seat: int, line: int, tabled: bool, won: str) -> Ruling:
        who = self.name(seat)
        if seat in self.last_hand:
            return Ruling(
                line,
                Irregularity.KILLED_HAND,
                False,
                self._rule("TDA 13B, 15", "RRoP The showdown 2"),
                (
                    f"Every other hand had been mucked, so {who}'s was the last hand in and had"
                    " won the pot: there is no hand left to take it, and the kill takes nothing.",
                    won,
                ),
                f"{who}'s hand was the last one left when the dealer killed it: it wins. {won}",
            )
        if tabled:
            return Ruling(
                line,
                Irregularity.KILLED_HAND,
                False,
                self._rule("TDA 13C, 12", "RRoP The showdown 2"),
                (
                    f"{who}'s hand was tabled face up, so the dealer cannot kill it: cards"
                    " speak, and it is read as tabled.",
                    f"Take {who}'s cards back out of the muck and read the hand.",
                    won,
                ),
                f"A tabled hand cannot be killed by the dealer: {who}'s hand plays. {won}",
            )
        return Ruling(
            line,
            Irregularity.KILLED_HAND,
            False,
            self._rule("TDA 13B, 14", "RRoP The showdown 2"),
            (
                f"{who}'s hand was not tabled: players protect their own cards until the pot"
                " is awarded, so the kill stands and the hand is dead.",
                f"{who} has no claim to the pot and gets no called bets back.",
                won,
            ),
            f"{who}'s hand was not tabled, so the dealer's kill stands: it is dead. {won}",
        )

    def _retrieved(self, seat: int, line: int, won: str) -> Ruling:
        who = self.name(seat)
        return Ruling(
            line,
            Irregularity.RETRIEVED_HAND,
            False,
            self._rule("TDA 14", "RRoP Dead hands 2"),
            (
                f"{who} discarded the hand face down, but it is still 100% identifiable and"
                " was not pushed into the muck, so it is not dead"
                + ("." if self.tda else " (retrieved at the floor's discretion)."),
                f"{who} tables it and it plays.",
                won,
            ),
            f"{who}'s discarded hand was retrieved and tabled: it plays. {won}",
        )

    def _partial(self, seat: int, line: int, won: str) -> Ruling:
        r = self.replay
        who = self.name(seat)
        steps = [
            "Tabling means turning every card face up; one card is not a tabled hand.",
            f"The dealer asks {who} to table the other card; if {who} refuses, call the floor.",
        ]
        if seat in self.partial_mucked:
            steps.append(
                f"{who} mucked without tabling the rest (line {self.partial_mucked[seat]}):"
                f" the hand is dead and has no claim to the pot."
            )
            summary = f"{who} tabled one card and mucked the other: the hand is dead."
        elif seat in r.shown:
            steps.append(f"{who} tabled the other card: the hand is read in full.")
            summary = f"{who} tabled the rest of the hand: it plays."
        else:
            steps.append(
                f"No other hand is left in the showdown, so {who} wins without tabling the rest."
            )
            summary = f"{who}'s is the last hand left: no need to table the rest."
        steps.append(won)
        return Ruling(
            line,
            Irregularity.PARTIAL_TABLING,
            False,
            self._rule("TDA 13A, 15A", "RRoP The showdown 1"),
            tuple(steps),
            f"{summary} {won}",
        )

    def _ask(self, ask: _Ask, won: str) -> Ruling:
        asker, other = self.name(ask.asker), self.name(ask.other)
        rules = self.replay.hand.rules
        revives = rules.get("mucked_hand_asked_for") == "winner-revives"
        steps: list[str] = []
        if self.tda:
            if ask.right:
                steps.append(
                    f"{asker} still holds or has tabled cards, so may ask to see {other}'s"
                    f" called hand (a right when {other} made the last river bet or raise,"
                    " else at the TD's discretion)."
                )
            else:
                steps.append(
                    f"{asker} no longer holds cards, so has no right to ask; the TD may still"
                    " show the hand at discretion."
                )
        else:
            steps.append(
                f"{asker} was dealt in, so may ask to see a called hand (a privilege the floor"
                " may revoke if abused)."
            )
        rule = "RRoP The showdown 5" if revives else "TDA 18"
        rule = rules.note("mucked_hand_asked_for") + rule
        if not ask.mucked:
            steps.append(f"{other} tables the hand and it plays: cards speak.")
            summary = f"{other}'s hand is tabled and plays."
        elif ask.other in self.revived:
            steps.append(
                f"{asker} would win the pot and asked, so both hands are live and the best"
                " hand wins."
            )
            summary = f"The winner asked: {other}'s mucked hand is live again."
        elif revives:
            steps.append(
                f"{asker} is not the player about to win the pot, so {other}'s mucked hand"
                " is shown but dead."
            )
            summary = f"{other}'s mucked hand is shown, and it stays dead."
        else:
            steps.append(
                f"{other}'s hand was already discarded: it is turned up for everyone to"
                " see, but it does not play again unless its player retrieved it (TDA 14)."
            )
            summary = f"{other}'s mucked hand is shown, and it stays dead."
        steps.append(won)
        return Ruling(
            ask.line, Irregularity.ASKED_TO_SEE, False, rule, tuple(steps), f"{summary} {won}"
        )

    def _mucked_winner(
        self,
        seat: int,
        pots: Sequence[PotResult],
        values: Mapping[int, int],
        value: Callable[[int], int | None],
        won: str,
    ) -> Ruling | None:
        """A muck that threw away the best hand of a pot the player could win (TDA 13B)."""
        mine = value(seat)
        if mine is None or not values:
            return None
        who = self.name(seat)
        names = {p.seat: p.name for p in self.replay.betting.players}
        for pot in pots:
            if who not in pot.eligible or pot.hilo:
                continue
            best = max((values[s] for s, n in names.items() if n in pot.winners and s in values),
                       default=None)  # fmt: skip
            if best is not None and mine > best:
                line = next(
                    ln.line
                    for ln in reversed(self.replay.hand.lines)
                    if isinstance(ln, ShowdownLine) and ln.seat == seat and not ln.shows
                )
                return Ruling(
                    line,
                    Irregularity.MUCKED_WINNER,
                    False,
                    self._rule("TDA 13B, 15", "RRoP The showdown 1, 2"),
                    (
                        f"{who} mucked without tabling, though the cards would have won the"
                        f" {pot.label}.",
                        "A hand must be tabled to win; one mucked and not retrieved has no"
                        " claim to the pot, whatever it held.",
                        won,
                    ),
                    f"{who} mucked the best hand without tabling it: no claim. {won}",
                )
        return None


def _won(pots: Sequence[PotResult]) -> str:
    """'Ben wins the main pot (600).' / 'Ann and Ben split the main pot (600).'"""
    parts = []
    for pot in pots:
        who = pot.winners
        if len(who) == 1:
            parts.append(f"{who[0]} wins the {pot.label} ({pot.amount})")
        else:
            names = f"{', '.join(who[:-1])} and {who[-1]}"
            parts.append(f"{names} split the {pot.label} ({pot.amount})")
    if not parts:
        return ""
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."
