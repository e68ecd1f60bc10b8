"""Irregularities: what the floor rules when the deal or the board goes wrong.

Each `rule_*` function takes what the floor person knows at that moment (the house
profile, the actions taken so far, what was exposed) and returns a `Ruling`: whether
it is a misdeal, the rule it rests on and the dealer's steps, in our own words.
Rule numbers are those of the Poker TDA Rules 2024 ("TDA 35A-7", "TDA RP-5A") and of
Robert's Rules of Poker v11 ("RRoP Hold'em 1", "RRoP Misdeals 2(a)").

The two books differ on when it is too late for a misdeal: TDA 36 counts "substantial
action" (two actions with chips, or any three), RRoP Misdeals 1 says play has begun once
two players have acted (two folds are enough).

>>> is_substantial_action(["fold", "fold"])
False
>>> is_substantial_action(["call", "fold"])
True
>>> rule_exposed_card(Profile.TDA, card_off_deck=2, exposed_before=0, actions=()).misdeal
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum


class Profile(StrEnum):
    """House-rules profile: which book decides where the Poker TDA and Robert's Rules differ."""

    TDA = "tda"
    ROBERT = "robert"


class Irregularity(StrEnum):
    """What went wrong at the table."""

    EXPOSED_CARD = "exposed-card"
    BOXED_CARD = "boxed-card"
    MISDEAL = "misdeal"
    PREMATURE_FLOP = "premature-flop"
    PREMATURE_TURN = "premature-turn"
    PREMATURE_RIVER = "premature-river"
    FOUR_CARD_FLOP = "four-card-flop"
    FLOP_WITHOUT_BURN = "flop-without-burn"
    EXTRA_CARD = "extra-card"
    PLAYER_EXPOSES = "player-exposes"
    DUPLICATE_CARD = "duplicate-card"
    CHIPS_PUT_OUT = "chips-put-out"
    OVERCHIP = "overchip"
    MULTIPLE_CHIPS = "multiple-chips"
    PRIOR_CHIPS = "prior-chips"
    UNDERCALL = "undercall"
    DECLARATION = "declaration"
    OUT_OF_TURN = "out-of-turn"
    STRING_BET = "string-bet"
    ACCEPTED_ACTION = "accepted-action"
    POSTED_BLIND = "posted-blind"
    ASKED_TO_SEE = "asked-to-see"
    RETRIEVED_HAND = "retrieved-hand"
    KILLED_HAND = "killed-hand"
    PARTIAL_TABLING = "partial-tabling"
    MUCKED_WINNER = "mucked-winner"
    CONDITIONAL_STATEMENT = "conditional-statement"
    MISSED_BURN = "missed-burn"
    EXTRA_BURN = "extra-burn"
    SHORT_CARD = "short-card"
    BUTTON_PLACEMENT = "button-placement"
    POT_COUNT = "pot-count"
    CHIPS_BEHIND = "chips-found-behind"
    SHORT_ALL_IN = "short-all-in"


@dataclass(frozen=True)
class Ruling:
    """The floor's ruling on one irregularity: misdeal or not, the rule, the dealer's steps."""

    line: int
    irregularity: Irregularity
    misdeal: bool
    rule: str
    steps: tuple[str, ...]
    summary: str
    example: str | None = None
    """The TDA 2024 Illustration Addendum example the situation matches, if there is one."""

    def to_dict(self) -> dict[str, object]:
        """The ruling as the `rulings` entry of `hand check --json` (docs/hand-file.md)."""
        out: dict[str, object] = {
            "line": self.line,
            "irregularity": str(self.irregularity),
            "misdeal": self.misdeal,
            "rule": self.rule,
            "steps": list(self.steps),
            "summary": self.summary,
        }
        if self.example is not None:
            out["example"] = self.example
        return out


# ---------------------------------------------------------------------------------------
# Substantial action (TDA 36) and "action has begun" (RRoP Misdeals 1)

CHIP_ACTIONS = frozenset({"bet", "raise", "call", "all-in"})
"""Actions in turn that put chips in the pot."""

ACTIONS_IN_TURN = CHIP_ACTIONS | {"check", "fold"}
"""Every voluntary action in turn; posted blinds and antes are not actions (TDA 36)."""

_FORCED = frozenset({"blind", "ante", "post", "small-blind", "big-blind", "bb-ante"})


def _actions_in_turn(actions: Iterable[str]) -> list[str]:
    kept = []
    for action in actions:
        kind = str(action).strip().lower()
        if kind in _FORCED:
            continue
        if kind not in ACTIONS_IN_TURN:
            raise ValueError(f"{action!r} is not an action in turn")
        kept.append(kind)
    return kept


def is_substantial_action(actions: Iterable[str]) -> bool:
    """TDA 36: two actions in turn with at least one putting chips in, or any three actions.

    `actions` are the kinds of the actions taken in turn so far ("fold", "check", "call",
    "bet", "raise", "all-in"); posted blinds and antes ("blind", "ante") do not count.

    >>> is_substantial_action(["check", "check"])
    False
    >>> is_substantial_action(["fold", "fold", "fold"])
    True
    """
    acts = _actions_in_turn(actions)
    if len(acts) >= 3:
        return True
    return len(acts) == 2 and any(kind in CHIP_ACTIONS for kind in acts)


def has_action_begun(actions: Iterable[str]) -> bool:
    """RRoP Misdeals 1: in button games play has begun once two players have acted after the blinds.

    >>> has_action_begun(["fold", "fold"])
    True
    >>> has_action_begun(["raise"])
    False
    """
    return len(_actions_in_turn(actions)) >= 2


def misdeal_barred(profile: Profile, actions: Iterable[str]) -> bool:
    """Is it too late to call a misdeal under this profile (TDA 35D/36, RRoP Misdeals 1)?"""
    if profile == Profile.ROBERT:
        return has_action_begun(actions)
    return is_substantial_action(actions)


def _barred_rule(profile: Profile) -> str:
    return "RRoP Misdeals 1" if profile == Profile.ROBERT else "TDA 35D, 36"


def _too_late(profile: Profile) -> str:
    if profile == Profile.ROBERT:
        return "Two players have already acted: too late for a misdeal (RRoP Misdeals 1)."
    return "Substantial action has already taken place: too late for a misdeal (TDA 35D, 36)."


# ---------------------------------------------------------------------------------------
# The order cards come off the deck


def deal_order(seats: Iterable[int], button: int) -> tuple[int, ...]:
    """Seats in the order they receive cards: first seat clockwise after the button, button last.

    Heads-up too the button (the small blind) is dealt last (TDA 34B).

    >>> deal_order([1, 3, 5, 8], button=5)
    (8, 1, 3, 5)
    """
    ordered = sorted(set(seats))
    after = [seat for seat in ordered if seat > button]
    before = [seat for seat in ordered if seat <= button]
    return tuple(after + before)


def card_off_deck(order: Sequence[int], seat: int, which: int) -> int:
    """Which card off the deck (1 = the first dealt) a seat's first or second hole card was.

    >>> card_off_deck((8, 1, 3, 5), seat=1, which=1), card_off_deck((8, 1, 3, 5), seat=8, which=2)
    (2, 5)
    """
    if which not in (1, 2):
        raise ValueError("a hold'em hand has a first and a second hole card only")
    return order.index(seat) + 1 + (which - 1) * len(order)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _ordinal(n: int) -> str:
    from tdtool.tournament.places import ordinal  # the one copy (the sheets' filter too)

    return ordinal(n)


# ---------------------------------------------------------------------------------------
# Steps shared by several rulings (also shown by `tdtool ruling show`)

REDEAL_STEPS: tuple[str, ...] = (
    "Stop the deal and announce a misdeal.",
    "Gather every card, including any exposed or boxed ones, then shuffle and cut the whole deck.",
    "Re-deal the same hand: the button does not move, the blinds and antes stay where they are"
    " and the limits do not change.",
)

FOULED_DECK_STEPS: tuple[str, ...] = (
    "Stop play at once: two cards of the same rank and suit mean the deck is fouled.",
    "Return every bet and ante to the player who put it in; nobody wins the pot.",
    "Take the deck out of play and bring a new one, then deal the next hand.",
)


def _misdeal(
    profile: Profile,
    irregularity: Irregularity,
    actions: Sequence[str],
    why: str,
    rule: str,
    line: int,
    otherwise: tuple[str, ...],
) -> Ruling:
    """A misdeal, unless it is too late for one; then the hand goes on with `otherwise`."""
    if misdeal_barred(profile, actions):
        return Ruling(
            line=line,
            irregularity=irregularity,
            misdeal=False,
            rule=f"{rule}; {_barred_rule(profile)}",
            steps=(_too_late(profile), *otherwise),
            summary=f"{why} would be a misdeal, but it is too late for one: the hand plays on.",
        )
    return Ruling(line, irregularity, True, rule, REDEAL_STEPS, f"{why}: misdeal.")


# ---------------------------------------------------------------------------------------
# The rulings


def rule_exposed_card(
    profile: Profile,
    card_off_deck: int,
    exposed_before: int,
    actions: Sequence[str] = (),
    line: int = 0,
    who: str = "the player",
    limit: Profile | None = None,
) -> Ruling:
    """A hole card the dealer exposed during the deal (TDA 35A-7; RRoP Hold'em 1).

    `card_off_deck` is its place in the deal (1 = first card off the deck); `exposed_before`
    counts down cards the dealer had already exposed on this deal.
    """
    tda = profile == Profile.TDA
    if card_off_deck in (1, 2):
        why = f"The {_ordinal(card_off_deck)} card off the deck was exposed"
        rule = "TDA 35A-7, 35C" if tda else "RRoP Hold'em 1; Misdeals 2(a)"
    elif exposed_before >= 1:
        why = f"A {_ordinal(exposed_before + 1)} down card was exposed by the dealer"
        rule = "TDA 35A-7, 35C" if tda else "RRoP Hold'em 1; Misdeals 2(b)"
    else:
        rule = "TDA 35A-7 (one card is not a misdeal); RRoP Hold'em 1" if tda else "RRoP Hold'em 1"
        return Ruling(
            line=line,
            irregularity=Irregularity.EXPOSED_CARD,
            misdeal=False,
            rule=rule,
            steps=(
                "Finish the deal; one exposed card that is not one of the first two off the deck"
                " is not a misdeal.",
                f"{_cap(who)} may not keep the exposed card: leave it face up for everyone to see.",
                f"Once everyone has two cards, give {who} the next card off the top of the deck"
                " in its place.",
                "Use the exposed card as the burn card before the flop.",
            ),
            summary=f"The exposed card ({_ordinal(card_off_deck)} off the deck) is replaced"
            " and becomes the first burn card; no misdeal.",
        )
    return _misdeal(
        profile if limit is None else limit,
        Irregularity.EXPOSED_CARD,
        actions,
        why,
        rule,
        line,
        otherwise=(
            f"The exposed card stays in {who}'s hand and plays; everyone has seen it.",
            "Carry on with the betting.",
        ),
    )


def rule_boxed_card(
    profile: Profile,
    boxed_before: int,
    actions: Sequence[str] = (),
    line: int = 0,
    who: str = "the player",
    limit: Profile | None = None,
) -> Ruling:
    """A card found face up in the deck during the deal (TDA 35A-1; RRoP Misdeals 2(c))."""
    tda = profile == Profile.TDA
    if boxed_before >= 1:
        rule = "TDA 35A-1, 35C" if tda else "RRoP Misdeals 2(c)"
        return _misdeal(
            profile if limit is None else limit,
            Irregularity.BOXED_CARD,
            actions,
            f"A {_ordinal(boxed_before + 1)} boxed card turned up on the deal",
            rule,
            line,
            otherwise=(
                "Treat the boxed card as a scrap of paper: show it and put it with the burn cards.",
                f"Give {who} the next card off the deck in its place and carry on.",
            ),
        )
    return Ruling(
        line=line,
        irregularity=Irregularity.BOXED_CARD,
        misdeal=False,
        rule="TDA 35A-1 (one is no misdeal)" if tda else "RRoP Irregularities: boxed card",
        steps=(
            "Treat the boxed card as a scrap of paper: it is not part of anyone's hand.",
            "Show it to the table and set it aside with the burn cards.",
            f"Give {who} the next card off the deck in its place and finish the deal.",
        ),
        summary="One boxed card is set aside and replaced by the next card; no misdeal.",
    )


def rule_declared_misdeal(
    profile: Profile,
    reason: str,
    actions: Sequence[str] = (),
    line: int = 0,
    limit: Profile | None = None,
) -> Ruling:
    """The dealer calls a misdeal for another reason: wrong seat, card missing, ... (TDA 35A)."""
    text = reason.strip().lower()
    if "duplicate" in text or "fouled" in text or "same card" in text:
        return rule_duplicate_card(profile, line=line)
    tda = profile == Profile.TDA
    why = f"Misdeal called ({reason.strip() or 'no reason given'})"
    return _misdeal(
        profile if limit is None else limit,
        Irregularity.MISDEAL,
        actions,
        why,
        "TDA 35A, 35C" if tda else "RRoP Misdeals 2",
        line,
        otherwise=(
            "Play the hand to its end with the cards as dealt; no chips are returned.",
            "A player whose hand is short or long of cards has a dead hand"
            + (" (TDA 2, 38)." if tda else " (RRoP Dead hands)."),
        ),
    )


def rule_premature_flop(profile: Profile, line: int = 0) -> Ruling:
    """The flop came out before the pre-flop betting was over (TDA RP-5A; RRoP Hold'em 6)."""
    tda = profile == Profile.TDA
    return Ruling(
        line=line,
        irregularity=Irregularity.PREMATURE_FLOP,
        misdeal=False,
        rule="TDA RP-5A, 39D" if tda else "RRoP Hold'em 6",
        steps=(
            "Leave the burn card where it is: it stays the burn.",
            "Take back the three flop cards and shuffle them face down into the rest of the deck;"
            " cut.",
            "Finish the pre-flop betting.",
            "Deal a new flop from the shuffled deck without burning another card.",
        ),
        summary="The premature flop goes back into the deck; after the betting a new flop"
        " is dealt without a new burn.",
    )


def rule_premature_turn(profile: Profile, line: int = 0) -> Ruling:
    """The turn came out before the flop betting was over (TDA RP-5B; RRoP Hold'em 6)."""
    if profile == Profile.ROBERT:
        return Ruling(
            line=line,
            irregularity=Irregularity.PREMATURE_TURN,
            misdeal=False,
            rule="RRoP Hold'em 6",
            steps=(
                "Leave the burn card where it is.",
                "Take the premature card off the board and set it aside face down; it is not used"
                " this round, even if everyone left folds.",
                "Finish the flop betting.",
                "Burn a card and turn the next one as the turn (the card that would have been"
                " the river).",
                "After the turn betting, shuffle the set-aside card back into the deck (not the"
                " burn cards or discards) and cut.",
                "Turn the river without burning a card.",
            ),
            summary="The premature turn is set aside; the next card after a burn is the turn,"
            " and the set-aside card is shuffled back in before the river.",
        )
    return Ruling(
        line=line,
        irregularity=Irregularity.PREMATURE_TURN,
        misdeal=False,
        rule="TDA RP-5B, 39D",
        steps=(
            "Leave the burn card where it is: it stays the burn.",
            "Take back the premature turn card and shuffle it face down into the rest of the"
            " deck; cut.",
            "Finish the flop betting.",
            "Deal the turn from the shuffled deck without burning another card.",
            "Deal the river as usual: burn one card, then turn.",
        ),
        summary="The premature turn goes back into the deck; after the betting the turn is"
        " dealt again without a new burn.",
    )


def rule_premature_river(profile: Profile, line: int = 0) -> Ruling:
    """The river came out before the turn betting was over (TDA RP-5C; RRoP Hold'em 6)."""
    tda = profile == Profile.TDA
    return Ruling(
        line=line,
        irregularity=Irregularity.PREMATURE_RIVER,
        misdeal=False,
        rule="TDA RP-5C, 39D" if tda else "RRoP Hold'em 6",
        steps=(
            "Leave the burn card where it is: it stays the burn.",
            "Take back the premature river card and shuffle it face down into the rest of the"
            " deck (not the burn cards or discards); cut.",
            "Finish the turn betting.",
            "Deal the river from the shuffled deck without burning another card.",
        ),
        summary="The premature river goes back into the deck; after the betting the river is"
        " dealt again without a new burn.",
    )


def rule_four_card_flop(profile: Profile, line: int = 0) -> Ruling:
    """Four cards came off for the flop (TDA 39A; RRoP Hold'em 3)."""
    if profile == Profile.ROBERT:
        return Ruling(
            line=line,
            irregularity=Irregularity.FOUR_CARD_FLOP,
            misdeal=False,
            rule="RRoP Hold'em 3, 6",
            steps=(
                "The whole flop is dealt again, even if it is clear which card was the extra one.",
                "Leave the burn card where it is.",
                "Shuffle all four flop cards face down into the rest of the deck; cut.",
                "Deal a new three-card flop without burning another card.",
            ),
            summary="The four cards go back into the deck and a new flop is dealt without a"
            " new burn.",
        )
    return Ruling(
        line=line,
        irregularity=Irregularity.FOUR_CARD_FLOP,
        misdeal=False,
        rule="TDA 39A, RP-14",
        steps=(
            "Call the floor; nobody decides which card was the extra one.",
            "Turn the four cards face down and scramble them.",
            "The floor picks one of the four at random: it becomes the burn card for the turn.",
            "The other three are the flop; turn them face up.",
            "Deal the turn without burning again (the chosen card was its burn), then the river"
            " as usual.",
        ),
        summary="The four cards are scrambled face down; one chosen at random becomes the next"
        " burn and the other three are the flop.",
    )


def rule_flop_without_burn(profile: Profile, acted_on_flop: bool, line: int = 0) -> Ruling:
    """The flop was dealt without a burn card (TDA 39B; RRoP Hold'em 4, 5)."""
    tda = profile == Profile.TDA
    if acted_on_flop:
        return Ruling(
            line=line,
            irregularity=Irregularity.FLOP_WITHOUT_BURN,
            misdeal=False,
            rule="TDA 39B, 38" if tda else "RRoP Hold'em 5",
            steps=(
                "Someone has already acted on the flop, so the flop stands as dealt.",
                "Burn exactly one card before the turn and one before the river, as usual.",
            ),
            summary="Action was taken on the flop, so it stands; one burn per street from here.",
        )
    if tda:
        return Ruling(
            line=line,
            irregularity=Irregularity.FLOP_WITHOUT_BURN,
            misdeal=False,
            rule="TDA 39B",
            steps=(
                "Nobody has acted on the flop yet, so it is corrected.",
                "Turn the three flop cards face down and scramble them.",
                "One of the three, chosen at random, becomes the burn card.",
                "The flop is the other two cards plus the next card off the deck.",
                "Deal the turn and river as usual, one burn each.",
            ),
            summary="The three cards are scrambled; one becomes the burn and the next card off"
            " the deck completes the flop.",
        )
    return Ruling(
        line=line,
        irregularity=Irregularity.FLOP_WITHOUT_BURN,
        misdeal=False,
        rule="RRoP Hold'em 4",
        steps=(
            "Nobody has acted on the flop yet, and flop cards were exposed, so the deck is"
            " reshuffled.",
            "Shuffle the three flop cards face down into the rest of the deck; cut.",
            "Burn a card and deal a new flop.",
        ),
        summary="The exposed flop goes back into the deck; after a shuffle the dealer burns"
        " and deals a new flop.",
    )


def rule_extra_card(
    profile: Profile,
    extra_cards: int = 1,
    actions: Sequence[str] = (),
    line: int = 0,
    who: str = "the first player",
    first: bool = True,
    limit: Profile | None = None,
) -> Ruling:
    """The dealer gave a player a third card after the deal (TDA 35A-5; RRoP Hold'em 2).

    Under Robert's Rules one extra card to the first player dealt becomes the burn card.
    """
    if profile == Profile.ROBERT and extra_cards == 1 and first:
        return Ruling(
            line=line,
            irregularity=Irregularity.EXTRA_CARD,
            misdeal=False,
            rule="RRoP Hold'em 2",
            steps=(
                f"Take the extra card back from {who} without showing it.",
                "Put it on top of the deck: it is the burn card before the flop.",
                "Carry on with the hand.",
            ),
            summary="One extra card to the first player goes back to the deck as the burn;"
            " no misdeal.",
        )
    tda = profile == Profile.TDA
    rule = "TDA 35A-5, 35C" if tda else "RRoP Hold'em 2; Misdeals 2(d)"
    what = "An extra card" if extra_cards == 1 else f"{extra_cards} extra cards"
    return _misdeal(
        profile if limit is None else limit,
        Irregularity.EXTRA_CARD,
        actions,
        f"{what} dealt to {who} (a wrong number of cards)",
        rule,
        line,
        otherwise=(
            f"{_cap(who)} holds the wrong number of cards, so that hand is dead; its chips stay in"
            " the pot" + (" (TDA 2, 38)." if tda else " (RRoP Dead hands)."),
            "Muck the dead hand and burn exactly one card per street from here on.",
        ),
    )


def rule_player_exposes(profile: Profile, line: int = 0, who: str = "The player") -> Ruling:
    """A player showed their own cards while the hand was still going (TDA 68; RRoP)."""
    tda = profile == Profile.TDA
    return Ruling(
        line=line,
        irregularity=Irregularity.PLAYER_EXPOSES,
        misdeal=False,
        rule="TDA 68, 71B" if tda else "RRoP Exposed cards (player's own)",
        steps=(
            f"{who}'s hand stays live: exposing your own cards never kills the hand.",
            "Leave the exposed cards face up so every player has the same information.",
            "Carry on with the betting.",
            "Any penalty is the floor's call and starts after the hand ends.",
        ),
        summary="The hand stays live; a penalty, if any, comes after the hand.",
    )


def rule_duplicate_card(profile: Profile, line: int = 0, found: str = "") -> Ruling:
    """Two cards of the same rank and suit in the deck: the hand is void (TDA 35E; RRoP).

    `found` says what turned up where, as a sentence ("Ah was dealt to Anna (line 4) and
    again on the flop (line 11).") put before the steps.
    """
    tda = profile == Profile.TDA
    return Ruling(
        line=line,
        irregularity=Irregularity.DUPLICATE_CARD,
        misdeal=True,
        rule="TDA 35E" if tda else "RRoP Irregularities: duplicate card",
        steps=((found,) if found else ()) + FOULED_DECK_STEPS,
        summary="The deck is fouled: the hand is void and every bet goes back, whatever"
        " action there has been.",
    )


def rule_posted_blind(
    profile: Profile,
    line: int,
    who: str,
    live: int,
    dead: int,
    posts_live: bool = True,
    posts_dead: bool = False,
) -> Ruling:
    """A new or returning player posts out of position (RRoP Button and Blind Use): the big
    blind posted is live, a missed small blind made up is dead money in the pot.

    >>> rule_posted_blind(Profile.ROBERT, 4, "Ann", 100, 50, True, True).summary
    'Ann posts 150: a live big blind of 100 and a dead small blind of 50 to the pot.'
    """
    steps: list[str] = []
    if posts_live:
        steps.append(
            f"{who}'s {live} is live: it counts toward the bet, like the big blind's, and if"
            f" nobody raises {who} has the option to check or raise when the action comes round."
        )
    if posts_dead:
        steps.append(
            f"{who}'s {dead} small blind is dead: the dealer puts it in the middle; it is not"
            " part of the bet and never comes back, even if nobody calls."
        )
    if profile == Profile.TDA:
        steps.append(
            "In a tournament nobody posts to come in: absent players are dealt in and post"
            " their blinds when due (TDA 30, 32); this is the cash-game procedure."
        )
    if posts_live and posts_dead:
        summary = (
            f"{who} posts {live + dead}: a live big blind of {live} and a dead small blind of"
            f" {dead} to the pot."
        )
    elif posts_live:
        summary = f"{who} posts a live big blind of {live}: the player's bet, with the option."
    else:
        summary = f"{who} posts a dead small blind of {dead}: to the pot, not part of the bet."
    return Ruling(
        line=line,
        irregularity=Irregularity.POSTED_BLIND,
        misdeal=False,
        rule="RRoP Button and Blind Use",
        steps=tuple(steps),
        summary=summary,
    )


def _burn_rule(profile: Profile) -> str:
    return "RRoP Hold'em 5" if profile == Profile.ROBERT else "TDA 1; RRoP Hold'em 5"


def rule_burn_error(
    profile: Profile, street: str, extra: bool, corrected: bool, card: str, line: int = 0
) -> Ruling:
    """The turn or the river dealt without a burn card, or after two (RRoP Hold'em 5: corrected
    if found before anyone acts on that card; once acted on it stands, and the cards after it
    are those that would have come with no error). The TDA has no rule for the turn and river;
    the floor decides in the best interest of the game (TDA 1) and reads it the same way.

    >>> rule_burn_error(Profile.ROBERT, "turn", False, False, "Jc").steps[1]
    'To make the river the card it would have been, burn two cards before the river.'
    """
    what = "after two burn cards" if extra else "without a burn card"
    irregularity = Irregularity.EXTRA_BURN if extra else Irregularity.MISSED_BURN
    steps: list[str] = []
    if corrected:
        steps.append("Nobody has acted on it, so the error is corrected.")
        if extra:
            where = "is out of play" if street == "river" else "is the burn card before the river"
            steps += [
                f"{card} came off in the place of the next burn card: take it back; it {where}.",
                f"Turn the second burn card as the {street}: it is the card that would have come.",
            ]
            summary = f"The {street} came {what}: {card} is put aside and the burned card plays."
        else:
            steps += [
                f"{card} was the burn card: it stays out of play, face down.",
                f"Turn the next card off the deck as the {street}.",
            ]
            summary = f"The {street} came {what}: {card} becomes the burn and the next card plays."
    else:
        steps.append(f"A player has acted on the {street}, so {card} stands.")
        if street == "turn":
            fix = "deal the river without burning" if extra else "burn two cards before the river"
            steps.append(f"To make the river the card it would have been, {fix}.")
        else:
            steps.append("The board is complete: play the hand on.")
        summary = f"The {street} came {what}, and it was acted on: it stands."
    if profile == Profile.TDA:
        steps.insert(
            0,
            "No TDA rule covers a burn error on the turn or river: the floor decides in the best"
            " interest of the game (TDA 1), as Robert's Rules do (Hold'em 5).",
        )
    return Ruling(line, irregularity, False, _burn_rule(profile), tuple(steps), summary)


def rule_short_card(
    profile: Profile,
    button: bool,
    acted: bool,
    actions: Sequence[str] = (),
    line: int = 0,
    who: str = "the player",
    limit: Profile | None = None,
) -> Ruling:
    """A player dealt too few cards (TDA 37: the button may be given the missing card, even
    after substantial action, unless it has acted on the short hand; anyone else: a wrong
    number of cards, a misdeal before substantial action, else a dead hand, TDA 35A, 38)."""
    tda = profile == Profile.TDA
    if acted:
        return Ruling(
            line,
            Irregularity.SHORT_CARD,
            False,
            "TDA 37" if button else ("TDA 35D, 38" if tda else "RRoP Dead hands"),
            (
                f"{_cap(who)} acted on a hand with too few cards, so the hand is dead.",
                f"{_cap(who)}'s chips in the pot stay there; the action goes on without {who}.",
            ),
            f"{_cap(who)} acted with too few cards: the hand is dead.",
        )
    if button:
        return Ruling(
            line,
            Irregularity.SHORT_CARD,
            False,
            "TDA 37",
            (
                f"{_cap(who)} is on the button, dealt last, and has not acted yet.",
                f"Give {who} the next card off the deck; the deal stands, even after substantial"
                " action.",
                "Burn and deal the board as usual.",
            ),
            "The button is given the missing card; no misdeal.",
        )
    return _misdeal(
        profile if limit is None else limit,
        Irregularity.SHORT_CARD,
        actions,
        f"{_cap(who)} was dealt too few cards (a wrong number of cards)",
        "TDA 35A-5, 35C" if tda else "RRoP Misdeals 2",
        line,
        otherwise=(
            f"{_cap(who)} holds the wrong number of cards, so that hand is dead; its chips stay in"
            " the pot" + (" (TDA 35D, 38)." if tda else " (RRoP Dead hands)."),
            "Muck the dead hand and carry on.",
        ),
    )
