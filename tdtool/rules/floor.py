"""The floor at the table during an entered hand: rules on each irregularity line, then
checks that the lines after it follow the procedure the floor gave.

`Floor` is kept by the hand replay (`tdtool.rules.hand`); it is called at two places only:
for every irregularity line (`Floor.rule`) and before board cards are dealt
(`Floor.check_board`). What can be checked from the lines is checked: a premature card is
not registered as dealt (it goes back into the deck, so the re-dealt card may be it again);
after a TDA four-card flop the flop must be three of the four cards and the fourth, now a
burn card, never comes back; under Robert's Rules the card set aside from a premature turn
cannot be the turn. Burns themselves are not written in a hand file, so they cannot be.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from tdtool.cards import Card
from tdtool.errors import InputError
from tdtool.rules.betting import Betting, IllegalAction, Street
from tdtool.rules.entry import BoardLine, IrregularityLine
from tdtool.rules.rulings import (
    Irregularity,
    Profile,
    Ruling,
    card_off_deck,
    deal_order,
    rule_boxed_card,
    rule_burn_error,
    rule_declared_misdeal,
    rule_duplicate_card,
    rule_exposed_card,
    rule_extra_card,
    rule_flop_without_burn,
    rule_four_card_flop,
    rule_player_exposes,
    rule_premature_flop,
    rule_premature_river,
    rule_premature_turn,
    rule_short_card,
)

_LIMITED = frozenset(
    {
        Irregularity.EXPOSED_CARD,
        Irregularity.BOXED_CARD,
        Irregularity.MISDEAL,
        Irregularity.EXTRA_CARD,
        Irregularity.SHORT_CARD,
    }
)
"""The rulings that turn on whether it is too late for a misdeal (the house's `misdeal_limit`)."""

_BEFORE = {
    Irregularity.PREMATURE_FLOP: Street.PREFLOP,
    Irregularity.PREMATURE_TURN: Street.FLOP,
    Irregularity.PREMATURE_RIVER: Street.TURN,
}
_PREMATURE_RULE = {
    Irregularity.PREMATURE_FLOP: rule_premature_flop,
    Irregularity.PREMATURE_TURN: rule_premature_turn,
    Irregularity.PREMATURE_RIVER: rule_premature_river,
}


class OutOfProcedure(IllegalAction):
    """A line after a ruling that does not follow the procedure the floor gave (exit 1)."""

    def __init__(self, line: int, player: str, what: str, allowed: str, rule: str) -> None:
        super().__init__(player, what[:1].upper() + what[1:], allowed, rule, None, line)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


class Floor:
    """What the floor has ruled in one hand so far, and what the dealer must do next."""

    def __init__(
        self,
        profile: str,
        seats: Sequence[int],
        button: int,
        names: Mapping[int, str],
        limit: Profile | None = None,
        limit_note: str = "",
    ) -> None:
        self.profile = profile if isinstance(profile, Profile) else Profile(str(profile))
        self.limit = limit
        """The book whose limit on misdeals the house keeps (`misdeal_limit`); None: the
        profile's own."""
        self.limit_note = limit_note
        self.order = deal_order(seats, button)
        self.names = dict(names)
        self.rulings: list[Ruling] = []
        self.ended: Ruling | None = None
        """The misdeal (or void hand) that ended the hand, if any."""
        self.fouled: Ruling | None = None
        """The first card found dealt twice (TDA 35E): the hand is void, whatever the lines
        after it say, and they are still checked as entered."""
        self._exposed = 0
        self._boxed = 0
        self._scrambled: tuple[int, tuple[Card, ...]] | None = None
        self._set_aside: tuple[int, Card] | None = None
        self._burned: dict[Card, str] = {}
        self._extra = 0
        self._no_burn: tuple[int, tuple[Card, ...]] | None = None

    # -- the one seam: an irregularity line ----------------------------------------------

    def rule(
        self,
        record: IrregularityLine,
        betting: Betting,
        seen: Mapping[Card, str],
        where: str,
        flop_follows: bool = False,
    ) -> Ruling:
        """Rule on one irregularity line, given the betting so far and the cards already dealt."""
        kind = Irregularity(str(record.kind))
        actions = tuple(str(move.verb) for move in betting.moves)
        line = record.line
        who = self.names.get(record.seat, "the player") if record.seat is not None else ""
        if betting.hand_over:
            raise InputError(
                f"{where}: `{record.text}` comes after the hand is over: everyone but one"
                " player has folded."
            )
        if kind == Irregularity.EXPOSED_CARD:
            assert record.seat is not None
            which = 2 if record.which == "second" else 1
            number = card_off_deck(self.order, record.seat, which)
            ruling = rule_exposed_card(
                self.profile, number, self._exposed, actions, line, who, limit=self.limit
            )
            self._exposed += 1
        elif kind == Irregularity.BOXED_CARD:
            ruling = rule_boxed_card(
                self.profile, self._boxed, actions, line, who, limit=self.limit
            )
            self._boxed += 1
        elif kind == Irregularity.MISDEAL:
            ruling = rule_declared_misdeal(
                self.profile, record.reason or "", actions, line, limit=self.limit
            )
        elif kind in _BEFORE:
            ruling = self._premature(kind, record, betting, seen, where)
        elif kind == Irregularity.FOUR_CARD_FLOP:
            ruling = self._four_card_flop(record, betting, seen, where)
        elif kind == Irregularity.PLAYER_EXPOSES:
            assert record.seat is not None
            if betting.folded[betting.index[record.seat]]:
                raise InputError(
                    f"{where}: {who} has folded, so `{record.text}` exposes a dead hand: it is"
                    " not an irregularity of the hand; remove the line."
                )
            ruling = rule_player_exposes(self.profile, line, who)
        elif kind == Irregularity.EXTRA_CARD:
            assert record.seat is not None
            self._extra += 1
            first = self.order[0] == record.seat
            ruling = rule_extra_card(
                self.profile, self._extra, actions, line, who, first, limit=self.limit
            )
            burned = self.profile == Profile.ROBERT and self._extra == 1 and first
            if not ruling.misdeal and not burned:
                betting.kill(record.seat)  # a wrong number of cards after SA: a dead hand
        elif kind == Irregularity.FLOP_WITHOUT_BURN:
            ruling = self._flop_without_burn(record, betting, seen, where, flop_follows)
        elif kind in (Irregularity.MISSED_BURN, Irregularity.EXTRA_BURN):
            ruling = self._burn_error(record, betting, seen, where, flop_follows)
        elif kind == Irregularity.SHORT_CARD:
            assert record.seat is not None
            acted = any(move.seat == record.seat for move in betting.moves)
            button = self.order[-1] == record.seat
            ruling = rule_short_card(
                self.profile, button, acted, actions, line, who, limit=self.limit
            )
            if acted or (not button and not ruling.misdeal):
                betting.kill(record.seat)  # a wrong number of cards after SA: a dead hand
        elif kind == Irregularity.DUPLICATE_CARD:
            found = ""
            if record.cards:
                card = record.cards[0]
                at = f", after it was dealt to {seen[card]}" if card in seen else ""
                found = f"A second {card} turned up{at}."
            elif record.reason:
                found = f"The dealer found the deck fouled ({record.reason})."
            ruling = rule_duplicate_card(self.profile, line, found)
        else:  # pragma: no cover - the hand file has no other irregularity lines
            raise InputError(f"{where}: tdtool cannot rule on `{record.text}` in a hand file.")
        if self.limit_note and kind in _LIMITED:  # the house's limit on misdeals decided it
            ruling = replace(ruling, rule=self.limit_note + ruling.rule)
        self.rulings.append(ruling)
        if ruling.misdeal:
            self.ended = ruling
        return ruling

    def foul(self, card: Card, line: int, first: str, again: str) -> None:
        """A card dealt a second time: the deck is fouled and the hand void (TDA 35E). Only the
        first such card is ruled on; the replay goes on checking the lines as entered."""
        if self.fouled is not None:
            return
        found = f"{card} was dealt twice: to {first}, then to {again}."
        self.fouled = rule_duplicate_card(self.profile, line, found)
        self.rulings.append(self.fouled)

    def _fresh(self, record: IrregularityLine, seen: Mapping[Card, str], where: str) -> None:
        """Cards that came off the deck: one already dealt elsewhere fouls the deck (TDA 35E);
        a card burned by an earlier ruling may not come back."""
        cards, text = record.cards, record.text
        for i, card in enumerate(cards):
            here = f"`{text}` (line {record.line})"
            if card in seen:
                self.foul(card, record.line, seen[card], here)
            elif card in cards[:i]:
                self.foul(card, record.line, here, "the same line")
            if card in self._burned:
                raise OutOfProcedure(
                    record.line,
                    "the dealer",
                    f"{card} comes off the deck again",
                    self._burned[card],
                    "TDA 39A",
                )

    def _premature(
        self,
        kind: Irregularity,
        record: IrregularityLine,
        betting: Betting,
        seen: Mapping[Card, str],
        where: str,
    ) -> Ruling:
        before = _BEFORE[kind]
        name = kind.value.removeprefix("premature-")
        if betting.street != before:
            raise InputError(
                f"{where}: `{record.text}` is out of order: the betting is on the"
                f" {betting.street}, so the {name} is not the next card to come."
            )
        if betting.round_over:
            raise InputError(
                f"{where}: the {before} betting was complete, so the {name} was not premature:"
                f" write `{name} {_cards(record.cards)}`."
            )
        self._fresh(record, seen, where)
        if kind == Irregularity.PREMATURE_TURN and self.profile == Profile.ROBERT:
            self._set_aside = (record.line, record.cards[0])
        return _PREMATURE_RULE[kind](self.profile, record.line)

    def _four_card_flop(
        self, record: IrregularityLine, betting: Betting, seen: Mapping[Card, str], where: str
    ) -> Ruling:
        if betting.street != Street.PREFLOP:
            raise InputError(f"{where}: `{record.text}` is out of order: the flop is already out.")
        if not betting.round_over:
            raise InputError(
                f"{where}: four flop cards came off before the pre-flop betting was complete"
                f" ({betting.name(betting.to_act or 0)} is still to act): the floor rules on"
                " that as a premature flop; write `premature flop` with three of the cards."
            )
        self._fresh(record, seen, where)
        if self.profile == Profile.TDA:
            self._scrambled = (record.line, record.cards)
        return rule_four_card_flop(self.profile, record.line)

    def _flop_without_burn(
        self,
        record: IrregularityLine,
        betting: Betting,
        seen: Mapping[Card, str],
        where: str,
        flop_follows: bool,
    ) -> Ruling:
        """TDA 39B: corrected when the next line is the flop (nobody acted), else it stands."""
        if betting.street != Street.PREFLOP:
            raise InputError(f"{where}: `{record.text}` is out of order: the flop is already out.")
        if not betting.round_over:
            raise InputError(
                f"{where}: the flop came before the pre-flop betting was complete"
                f" ({betting.name(betting.to_act or 0)} is still to act): write `premature flop"
                " ...` instead."
            )
        self._fresh(record, seen, where)
        if flop_follows and self.profile == Profile.TDA:
            self._no_burn = (record.line, record.cards)
        return rule_flop_without_burn(
            self.profile, acted_on_flop=not flop_follows, line=record.line
        )

    def _burn_error(
        self,
        record: IrregularityLine,
        betting: Betting,
        seen: Mapping[Card, str],
        where: str,
        follows: bool,
    ) -> Ruling:
        """The turn or river without a burn, or after two (RRoP Hold'em 5): `follows` says
        the next line deals that street again (nobody acted), so the error is corrected."""
        street = Street(str(record.which))
        before = Street.FLOP if street is Street.TURN else Street.TURN
        if betting.street is not before:
            raise InputError(
                f"{where}: `{record.text}` is out of order: the betting is on the"
                f" {betting.street}, so the {street} is not the next card to come."
            )
        if not betting.round_over:
            raise InputError(
                f"{where}: the {street} came before the {before} betting was complete: write"
                f" `premature {street} {_cards(record.cards)}` instead."
            )
        self._fresh(record, seen, where)
        (card,) = record.cards
        extra = record.kind == Irregularity.EXTRA_BURN
        if follows:
            why = "the next burn card" if extra and street is Street.TURN else "out of play"
            self._burned[card] = (
                f"{card}, dealt {'after two burns' if extra else 'without a burn'} on line"
                f" {record.line}, was put aside as {why} when the error was corrected"
            )
        return rule_burn_error(self.profile, str(street), extra, follows, str(card), record.line)

    # -- the lines after a ruling ------------------------------------------------------------

    def check_board(self, record: BoardLine) -> None:
        """Board cards after a ruling: do they follow the procedure the floor gave?"""
        cards = record.cards
        for card in cards if self._burned else ():
            if card in self._burned:
                raise OutOfProcedure(
                    record.line,
                    "the dealer",
                    f"the {record.street} uses {card}",
                    self._burned[card],
                    "RRoP Hold'em 5" if "dealt" in self._burned[card] else "TDA 39A",
                )
        if record.street == Street.FLOP and self._scrambled is not None:
            line, four = self._scrambled
            if not set(cards) <= set(four):
                raise OutOfProcedure(
                    record.line,
                    "the dealer",
                    f"the flop {_cards(cards)} is not three of the four cards of line {line}"
                    f" ({_cards(four)})",
                    "the four cards are scrambled face down, one chosen at random becomes the"
                    " next burn and the other three are the flop",
                    "TDA 39A",
                )
            (burn,) = set(four) - set(cards)
            self._burned[burn] = (
                f"{burn} became the turn's burn card when the four-card flop of line {line}"
                " was scrambled, so it is out of play"
            )
            self._scrambled = None
        if record.street == Street.FLOP and self._no_burn is not None:
            line, three = self._no_burn
            kept = set(cards) & set(three)
            if len(kept) != 2:
                raise OutOfProcedure(
                    record.line,
                    "the dealer",
                    f"the flop {_cards(cards)} does not keep exactly two of the three cards of"
                    f" line {line} ({_cards(three)})",
                    "the three cards are scrambled face down, one chosen at random becomes the"
                    " burn, and the flop is the other two plus the next card off the deck",
                    "TDA 39B",
                )
            (burn,) = set(three) - kept
            self._burned[burn] = (
                f"{burn} became the flop's burn card when the flop of line {line} without a burn"
                " was scrambled, so it is out of play"
            )
            self._no_burn = None
        if record.street == Street.TURN and self._set_aside is not None:
            line, card = self._set_aside
            if cards[0] == card:
                raise OutOfProcedure(
                    record.line,
                    "the dealer",
                    f"the turn is {card}, the card set aside from the premature turn of line"
                    f" {line}",
                    "the set-aside card sits out while the dealer burns and turns the next card;"
                    " it is shuffled back into the deck only for the river",
                    "RRoP Hold'em 6",
                )
            self._set_aside = None
