"""`ruling ask`: the questions a floor person answers about an irregularity, and the ruling.

One flow for the terminal (`tdtool ruling ask`, which prompts for what is not given as an
option) and for the phone (`tdtool serve`'s form, `POST /api/ruling/ask`, answered by
choosing): the same questions, checked the same way, giving the same ruling and rule text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError

if TYPE_CHECKING:
    from tdtool.rules.house import HouseRules
    from tdtool.rules.rulings import Profile, Ruling

WHAT: dict[str, str] = {
    "exposed-card": "the dealer exposed a hole card during the deal",
    "boxed-card": "a card was found face up in the deck on the deal",
    "misdeal": "the dealer called a misdeal (wrong seat, wrong number of cards, ...)",
    "premature-flop": "the flop came out before the betting was over",
    "premature-turn": "the turn came out before the betting was over",
    "premature-river": "the river came out before the betting was over",
    "four-card-flop": "four cards came off for the flop",
    "flop-without-burn": "the flop was dealt without a burn card",
    "extra-card": "the first player got an extra card after the deal",
    "player-exposes": "a player showed their own cards",
    "duplicate-card": "two identical cards turned up",
}
"""The irregularities worked out from a few questions (the others are looked up in the book)."""

MAX_PLAYERS = 23
"""The most players one deck deals in (23 x 2 hole cards, 3 burns and 5 on the board: 54
cards less the two a 23-handed game never reaches)."""


@dataclass(frozen=True)
class Question:
    """One question of `ruling ask`: its answer's key, its CLI option, the words, the kind."""

    key: str
    """The key in the answers (the JSON field of `POST /api/ruling/ask`)."""
    option: str
    """The CLI option that answers it."""
    text: str
    kind: str
    """'count' (0 or more), 'number' (1 or more), 'actions' (in turn, in order), 'yes-no',
    'card-round' (1 or 2) or 'text'."""

    def to_dict(self) -> dict[str, str]:
        return {"key": self.key, "option": self.option, "text": self.text, "kind": self.kind}


ACTED = Question(
    "acted",
    "--acted",
    "Who has acted so far, in order (e.g. 'fold call', or none)?",
    "actions",
)
PLAYERS = Question("players", "--players", "How many players were dealt in?", "number")
SEAT = Question(
    "seat",
    "--seat",
    "Whose card was exposed? Count the players from the small blind (1 = small blind,"
    " 2 = big blind, ...)",
    "number",
)
ROUND = Question(
    "round", "--round", "Was it that player's first or second card (1 or 2)?", "card-round"
)
EXPOSED_BEFORE = Question(
    "exposed_before",
    "--exposed-before",
    "How many other down cards had the dealer already exposed on this deal?",
    "count",
)
BOXED_BEFORE = Question(
    "boxed_before", "--boxed-before", "How many other boxed cards turned up on this deal?", "count"
)
REASON = Question("reason", "--reason", "Why was the misdeal called?", "text")
FLOP_ACTION = Question(
    "flop_action", "--flop-action", "Has anyone acted on the flop yet (yes/no)?", "yes-no"
)
EXTRA = Question("extra", "--extra", "How many extra cards were dealt?", "number")

QUESTIONS: dict[str, tuple[Question, ...]] = {
    "exposed-card": (PLAYERS, SEAT, ROUND, EXPOSED_BEFORE, ACTED),
    "boxed-card": (BOXED_BEFORE, ACTED),
    "misdeal": (REASON, ACTED),
    "flop-without-burn": (FLOP_ACTION,),
    "extra-card": (EXTRA, ACTED),
}
"""What `ruling ask` asks about each irregularity, in the order it asks (an exposed card may
be given as `card`, which card off the deck, instead of players, seat and round)."""


def actions(given: str | Sequence[str]) -> tuple[str, ...]:
    """The actions in turn since the deal ('fold, call', or a list; 'none' or '-': none)."""
    from tdtool.rules.rulings import ACTIONS_IN_TURN

    text = given if isinstance(given, str) else " ".join(given)
    words = tuple(w for w in text.replace(",", " ").lower().split() if w not in ("none", "-"))
    bad = [w for w in words if w not in ACTIONS_IN_TURN]
    if bad:
        allowed = ", ".join(sorted(ACTIONS_IN_TURN))
        raise InputError(f"--acted: {bad[0]!r} is not an action in turn; use {allowed} (or none).")
    return words


def yes(answer: str | bool, option: str) -> bool:
    """A yes or a no (`True`, 'y', 'yes', '1' ...); InputError naming `option` otherwise."""
    if isinstance(answer, bool):
        return answer
    text = str(answer).strip().lower()
    if text in ("y", "yes", "true", "1"):
        return True
    if text in ("n", "no", "false", "0"):
        return False
    raise InputError(f"{option} takes yes or no, not {answer!r}.")


def card_off_deck(players: int, seat: int, round_: int) -> int:
    """Which card off the deck was exposed, from what the dealer knows: how many players were
    dealt in, whose card it was (counting them from the small blind, 1) and which of their
    cards (the first or the second time round).

    >>> card_off_deck(9, 2, 1), card_off_deck(9, 2, 2)
    (2, 11)
    """
    if not 2 <= players <= MAX_PLAYERS:
        raise InputError(f"--players {players}: a table deals in 2 to {MAX_PLAYERS} players.")
    if not 1 <= seat <= players:
        raise InputError(
            f"--seat {seat}: count the {players} players from the small blind, 1 to {players}."
        )
    if round_ not in (1, 2):
        raise InputError(f"--round {round_}: a player's first card is 1, the second 2.")
    return (round_ - 1) * players + seat


def decide(what: str, profile: Profile, answers: Mapping[str, Any]) -> Ruling:
    """The ruling on `what` (a key of QUESTIONS, or another id of WHAT) from its answers, all
    given (`answers[key]`, as Question.kind says; an exposed card by `card` or by players,
    seat and round). InputError, naming the option, for an answer missing or out of range."""
    from tdtool.rules import rulings as r

    def given(q: Question) -> Any:
        value = answers.get(q.key)
        if value is None:
            raise InputError(f"{q.option}: not answered ({q.text}).")
        if q.kind in ("count", "number", "card-round"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise InputError(f"{q.option} takes a whole number, not {value!r}.")
            if value < (0 if q.kind == "count" else 1):
                raise InputError(f"{q.option} {value}: too small.")
        return value

    def acted() -> tuple[str, ...]:
        return actions(given(ACTED))

    if what == "exposed-card":
        card = answers.get("card")
        if card is None:
            card = card_off_deck(given(PLAYERS), given(SEAT), given(ROUND))
        elif not isinstance(card, int) or isinstance(card, bool) or card < 1:
            raise InputError(f"--card takes which card off the deck (1 = first), not {card!r}.")
        return r.rule_exposed_card(profile, card, given(EXPOSED_BEFORE), acted())
    if what == "boxed-card":
        return r.rule_boxed_card(profile, given(BOXED_BEFORE), acted())
    if what == "misdeal":
        return r.rule_declared_misdeal(profile, str(given(REASON)), acted())
    if what == "flop-without-burn":
        return r.rule_flop_without_burn(profile, yes(given(FLOP_ACTION), "--flop-action"))
    if what == "extra-card":
        return r.rule_extra_card(profile, given(EXTRA), acted())
    simple = {
        "premature-flop": r.rule_premature_flop,
        "premature-turn": r.rule_premature_turn,
        "premature-river": r.rule_premature_river,
        "four-card-flop": r.rule_four_card_flop,
        "player-exposes": r.rule_player_exposes,
        "duplicate-card": r.rule_duplicate_card,
    }
    return simple[what](profile)


def book_ruling(id: str, profile: Profile) -> dict[str, Any]:
    """A rule-book entry with no questions: its ruling under the profile, as `ask` gives it."""
    from tdtool.rules.rulebook import entry

    found = entry(id)
    book = found.under(profile)
    return {
        "irregularity": found.id,
        "title": found.title,
        "misdeal": None,
        "rule": book.rule,
        "steps": list(book.steps),
        "summary": book.ruling,
    }


def house_json(house: HouseRules | None, entry_id: str) -> dict[str, Any] | None:
    """The house's choices that decide the entry (None without a house that changes any)."""
    if house is None or not house.overrides:
        return None
    return {
        "name": house.name,
        "base": str(house.base),
        "choices": {
            c.name: {"value": house.get(c.name), "changed": house.changed(c.name), "rule": c.rule}
            for c in house.bearing_on(entry_id)
        },
    }


def chosen(what: str) -> str:
    """The rule-book id `what` names: an id, or its number in `ruling ask`'s menu."""
    from tdtool.rules.rulebook import ENTRIES, entry

    text = str(what).strip().lower()
    keys = [e.id for e in ENTRIES]
    if text.isdigit() and len(text) <= 4 and 1 <= int(text) <= len(keys):
        text = keys[int(text) - 1]
    try:
        return entry(text).id
    except InputError as exc:
        raise InputError(f"--what: {exc}") from None


def ask(
    what: str, answers: Mapping[str, Any], profile: Profile, house: HouseRules | None = None
) -> dict[str, Any]:
    """What `ruling ask --json` prints: the ruling on `what` from the answers (its questions all
    answered; none for an entry looked up in the book), under `profile` (and `house`)."""
    found = chosen(what)
    if found not in WHAT:
        return {"profile": str(profile), **book_ruling(found, profile),
                "house": house_json(house, found)}  # fmt: skip
    data = decide(found, profile, answers).to_dict()
    del data["line"]
    return {"profile": str(profile), **data, "house": house_json(house, found)}


def menu_json() -> dict[str, Any]:
    """What `ruling ask` offers, for a form: the irregularities it works out from questions
    (each with them), then those it looks up in the book."""
    from tdtool.rules.rulebook import ENTRIES

    return {
        "asked": [
            {
                "id": e.id,
                "what": WHAT[e.id],
                "questions": [q.to_dict() for q in QUESTIONS.get(e.id, ())],
            }
            for e in ENTRIES
            if e.id in WHAT
        ],
        "book": [{"id": e.id, "title": e.title} for e in ENTRIES if e.id not in WHAT],
    }
