"""House rules as data: a base book (`tda` or `robert`) and the named choices a house changes.

Every house runs "TDA with changes". A `HouseRules` is the base profile plus its overrides of
the `CHOICES` below; each choice is one place where the books (or houses) differ and the hand
replay asks which way to go. `tdtool.io.house_yaml` reads one from a file with FILE:LINE
errors; `diff` says what two rule sets decide differently.

>>> house = HouseRules(Profile.TDA, "Brisbane", (("heads_up_cap", "unlimited"),))
>>> house.get("heads_up_cap"), house.get("mucked_hand_asked_for")
('unlimited', 'stays-dead')
>>> [d.choice.name for d in diff(HouseRules.of(Profile.TDA), house)]
['heads_up_cap']
"""

from __future__ import annotations

from dataclasses import dataclass

from tdtool.rules.rulings import Profile


def N_(message: str) -> str:
    """Mark a room-facing message for the catalogue without translating it here: the core
    stays free of the room's language; the printed sheet translates (tdtool.i18n)."""
    return message


@dataclass(frozen=True, slots=True)
class Choice:
    """One named house choice: its values, the default of each book, and what it decides."""

    name: str
    title: str
    values: tuple[str, ...]
    tda: str
    robert: str
    rule: str
    meanings: tuple[str, ...]
    """What each value decides, in the order of `values` (room-facing: the printed sheet
    translates them, tdtool.app.house_sheet)."""
    entries: tuple[str, ...] = ()
    """The rule-book entries (`tdtool ruling show ID`) whose ruling this choice decides."""

    def meaning(self, value: str) -> str:
        """What one value decides.

        >>> BY_NAME["conditional_statements"].meaning("not-binding")
        "it never binds (a penalty is still at the TD's discretion)."
        """
        return self.meanings[self.values.index(value)]

    @property
    def doc(self) -> str:
        """Every value and what it decides: "capped: ...; unlimited: ...".

        >>> BY_NAME["conditional_statements"].doc.split(";")[1]
        " not-binding: it never binds (a penalty is still at the TD's discretion)."
        """
        pairs = zip(self.values, self.meanings, strict=True)
        parts = [f"{v}: {m.removesuffix('.')}" for v, m in pairs]
        return "; ".join(parts) + "."

    def default(self, base: Profile) -> str:
        """The value the base book gives."""
        return self.robert if base == Profile.ROBERT else self.tda


CHOICES: tuple[Choice, ...] = (
    Choice(
        "heads_up_cap",
        N_("Limit raises heads-up"),
        ("capped", "unlimited"),
        "capped",
        "unlimited",
        "TDA 48; RRoP Betting and Raising 3, 4",
        (
            N_("the cap (a bet and three raises) applies heads-up too."),
            N_(
                "once no more than two players not all-in are in the pot, raising is unlimited,"
                " unless the cap was already reached with three or more."
            ),
        ),
        ("heads-up-cap",),
    ),
    Choice(
        "pot_in_no_limit",
        N_("'Pot' said in no-limit"),
        ("chips-set-size", "pot-size"),
        "chips-set-size",
        "chips-set-size",
        "TDA 54D",
        (
            N_(
                "'pot' binds a valid bet or raise and the chips that follow give its size (the"
                " minimum without chips)."
            ),
            N_(
                "it is a bet or raise of the size of the pot, as in pot-limit, whatever chips"
                " follow."
            ),
        ),
        ("declaration",),
    ),
    Choice(
        "conditional_statements",
        N_("Conditional statements"),
        ("binding", "not-binding"),
        "binding",
        "binding",
        "TDA 59",
        (
            N_(
                "'if you bet, I raise' binds once exactly its condition comes about and nothing"
                " else changes the action."
            ),
            N_("it never binds (a penalty is still at the TD's discretion)."),
        ),
        ("conditional-statement",),
    ),
    Choice(
        "mucked_hand_asked_for",
        N_("A mucked hand asked for at the showdown"),
        ("stays-dead", "winner-revives"),
        "stays-dead",
        "winner-revives",
        "TDA 14, 18; RRoP The showdown 5",
        (
            N_("it is shown for everyone to see and does not play."),
            N_(
                "asked for by the player about to win, both hands are live and the best hand"
                " wins (asked for by anyone else, it stays dead)."
            ),
        ),
        ("asked-to-see",),
    ),
    Choice(
        "misdeal_limit",
        N_("When it is too late for a misdeal"),
        ("substantial-action", "action-begun"),
        "substantial-action",
        "action-begun",
        "TDA 35D, 36; RRoP Misdeals 1",
        (
            N_(
                "a misdeal can be called until substantial action, two actions in turn of which"
                " one puts chips in, or any three actions."
            ),
            N_(
                "only until two players have acted in turn after the blinds, checks and folds"
                " included."
            ),
        ),
        ("misdeal", "substantial-action", "exposed-card", "boxed-card", "extra-card"),
    ),
    Choice(
        "big_blind_ante_order",
        N_("A short big blind with a big blind ante"),
        ("blind-first", "ante-first"),
        "blind-first",
        "blind-first",
        "TDA RP-11",
        (
            N_(
                "a big blind short of both pays the blind first and the ante from what is left,"
                " as TDA RP-11 recommends."
            ),
            N_(
                "the big blind ante comes first and the blind from what is left (a live blind"
                " short of the big blind)."
            ),
        ),
        ("short-blind",),
    ),
    Choice(
        "showdown_order",
        N_("Who shows first at a showdown with nobody all-in"),
        ("last-aggressor", "clockwise"),
        "last-aggressor",
        "last-aggressor",
        "TDA 17A",
        (
            N_(
                "the last player to bet or raise on the final round shows first, and with no"
                " bet on it the first player left of the button."
            ),
            N_(
                "the hands are shown in turn from the first player left of the button, whoever bet."
            ),
        ),
    ),
    Choice(
        "button_movement",
        N_("How the button and blinds move on"),
        ("dead-button", "moving-button"),
        "dead-button",
        "dead-button",
        "TDA 32, 34; RRoP Button and Blind Use 2(b)",
        (
            N_(
                "the big blind moves on to the next player, the small blind and the button"
                " follow it, even onto an empty seat, and nobody skips the big blind."
            ),
            N_(
                "the button moves on to the next player and the blinds are the two after it, so"
                " a player may miss a blind. Heads-up, either way, nobody has the big blind"
                " twice running (TDA 34B)."
            ),
        ),
        ("dead-button", "button-placement"),
    ),
    Choice(
        "fifty_percent_rule",
        N_("The 50 percent rule: an all-in short of a full raise"),
        ("full-raise-reopens", "half-raise-reopens"),
        "full-raise-reopens",
        "full-raise-reopens",
        "TDA 47A, 47B; RRoP No-limit 3, Betting and Raising 6",
        (
            N_(
                "in no-limit and pot-limit the betting reopens for a player who already acted"
                " only when the all-ins since make at least a full raise; half a bet reopens it"
                " in limit only."
            ),
            N_(
                "all-ins of at least half the last full bet or raise reopen the betting in"
                " no-limit and pot-limit too, as half a bet does in limit."
            ),
        ),
        ("short-all-in",),
    ),
    Choice(
        "penalties",
        N_("Penalties the rules leave to the TD"),
        ("td-discretion", "warning-first", "no-penalty"),
        "td-discretion",
        "td-discretion",
        "TDA 53A, 54D, 58, 59, 68, 71A",
        (
            N_(
                "acting out of turn, exposing cards with action pending, saying pot in no-limit"
                " and conditional statements may be penalised, at the TD's discretion."
            ),
            N_(
                "for acting out of turn, exposing cards with action pending, saying pot in"
                " no-limit and conditional statements, a verbal warning the first time, then a"
                " one-round penalty (the player misses one hand for each player at the table),"
                " then more rounds."
            ),
            N_("those are ruled on and never penalised."),
        ),
        ("out-of-turn", "player-exposes", "declaration", "conditional-statement"),
    ),
)
BY_NAME = {c.name: c for c in CHOICES}


@dataclass(frozen=True, slots=True)
class HouseRules:
    """A base book and the choices the house sets otherwise; `name` is the house's own."""

    base: Profile
    name: str
    overrides: tuple[tuple[str, str], ...] = ()
    source: str | None = None
    """The file it was read from, if any."""

    @classmethod
    def of(cls, base: Profile) -> HouseRules:
        """The book itself, with no changes."""
        return cls(base, str(base))

    def get(self, choice: str) -> str:
        """The value of a choice under these rules."""
        for name, value in self.overrides:
            if name == choice:
                return value
        return BY_NAME[choice].default(self.base)

    def changed(self, choice: str) -> bool:
        """Does the house set this choice otherwise than its base book?"""
        return self.get(choice) != BY_NAME[choice].default(self.base)

    def note(self, choice: str) -> str:
        """'house rule (NAME: VALUE); ' before a rule citation when the house changed it."""
        if not self.changed(choice):
            return ""
        return f"house rule ({self.name}: {choice} {self.get(choice)}); "

    def bearing_on(self, entry: str) -> list[Choice]:
        """The choices that decide the rule-book entry `entry`, in the order of `CHOICES`."""
        return [c for c in CHOICES if entry in c.entries]

    def choices(self) -> dict[str, str]:
        """Every choice and its value, in the order of `CHOICES`."""
        return {c.name: self.get(c.name) for c in CHOICES}


@dataclass(frozen=True, slots=True)
class Difference:
    """One choice two rule sets decide differently."""

    choice: Choice
    a: str
    b: str


def diff(a: HouseRules, b: HouseRules) -> list[Difference]:
    """The choices on which `a` and `b` differ, in the order of `CHOICES`."""
    return [
        Difference(c, a.get(c.name), b.get(c.name))
        for c in CHOICES
        if a.get(c.name) != b.get(c.name)
    ]
