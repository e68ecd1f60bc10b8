"""A tournament's money terms: what an entry, a rebuy and an add-on cost and what they give.

Set at `tdtool new` and changeable until the first bust. Amounts are whole currency
units. `buy_in` is the prize-pool part of an entry; `fee` is the house's part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from tdtool.errors import InputError
from tdtool.i18n import LANGUAGES


@dataclass(frozen=True)
class Terms:
    """Entry, re-entry, rebuy and add-on terms, the guarantee and how payouts are rounded."""

    buy_in: int = 0
    fee: int = 0
    reentry: bool = False
    """Whether a busted player may enter again (until late registration closes)."""
    rebuy_price: int = 0
    """Prize-pool part of a rebuy; 0 means no rebuys."""
    rebuy_fee: int = 0
    rebuy_chips: int = 0
    """Chips a rebuy gives; 0 means the starting stack."""
    rebuy_until: int | None = None
    """Last level at which rebuys are sold; None means the late-registration level."""
    addon_price: int = 0
    """Prize-pool part of an add-on; 0 means no add-ons."""
    addon_fee: int = 0
    addon_chips: int = 0
    addon_after: int | None = None
    """Add-ons are sold in the period right after this level (normally a break); None: after
    the rebuy period's last level."""
    guarantee: int = 0
    """The prize pool is topped up to at least this."""
    rounding: int = 1
    """Payouts are whole multiples of this unit."""
    places_paid: int | None = None
    """Fixed number of paid places; None means decided by `percent_paid` or the payout curve."""
    percent_paid: float | None = None
    """Share of the entries paid, e.g. 12.5 (percent)."""
    bounty: int = 0
    """Bounty part of an entry and of a re-entry (0: no bounties); not in the prize pool."""
    pko: bool = False
    """Progressive knockout: half of a bounty collected is paid to the eliminator, half is
    added to the eliminator's own bounty (`tdtool.tournament.bounty`)."""
    rebuy_bounty: int = 0
    """Bounty part of a rebuy, on top of its price (0: a rebuy buys no bounty)."""

    @property
    def bounties(self) -> bool:
        """Whether players carry bounties."""
        return self.bounty > 0

    day_ends_after: int | None = None
    """The day ends at the end of this level: the clock stops there (beside the structure's
    own days); None: only the structure's days."""
    day_ends_at: int | None = None
    """The day ends as soon as this many players are left (the clock stops, the time left
    is kept for the next day); None: no player count."""
    satellite_value: int = 0
    """A satellite: each seat it awards is worth this (the target event's buy-in), the
    remainder of the prize pool is cash to the next place; 0: not a satellite."""
    satellite_seats: int | None = None
    """Seats the satellite awards (guaranteed: the prize pool is topped up to pay them);
    None: as many as the prize pool buys."""
    flight_reentry: str = "best"
    """Re-entry across the flights of one event (`tdtool flights combine`): a player who bags
    in several flights advances with the `best` stack, the `last` flight's, or the `first`
    one's; `forbid`: a player may enter one flight only."""
    max_entries: int | None = None
    """At most this many entries per player, the first included (2: one re-entry); None: no
    limit."""
    reentry_until: int | None = None
    """Last level at which a busted player may re-enter; None: as long as late registration
    is open."""
    hand_for_hand_clock: str = "pause"
    """During hand-for-hand the level clock stands still and each hand (`clock hand`) takes
    two minutes off it (`pause`: TDA RP-8 B-D), or it runs on as in any other hand (`run`)."""
    language: str = "en"
    """The language of the screens and the announcements (tdtool.i18n.LANGUAGES); it changes
    neither money nor play."""

    def check_levels(self, levels: int) -> None:
        """TermsError if the rebuy period ends after the structure's last level."""
        if self.rebuy_until is not None and self.rebuy_until > levels:
            raise TermsError(
                OPTIONS_BY_FIELD["rebuy_until"],
                self.rebuy_until,
                f"the structure has only {levels} levels; give one of them",
            )
        if self.day_ends_after is not None and self.day_ends_after >= levels:
            raise TermsError(
                OPTIONS_BY_FIELD["day_ends_after"],
                self.day_ends_after,
                f"the structure has {levels} levels and a day ends before a level that"
                " follows it; give a level before the last",
            )
        if self.reentry_until is not None and self.reentry_until > levels:
            raise TermsError(
                OPTIONS_BY_FIELD["reentry_until"],
                self.reentry_until,
                f"the structure has only {levels} levels; give one of them",
            )
        if self.addon_after is not None and self.addon_after >= levels:
            raise TermsError(
                OPTIONS_BY_FIELD["addon_after"],
                self.addon_after,
                f"add-ons are sold after that level, and the structure has {levels} levels;"
                " give a level before the last",
            )

    def check(self, levels: int | None = None) -> Terms:
        """These terms if every term is within its bounds (and the rebuy period within
        `levels` when given); TermsError naming the first term that is not."""
        for option in OPTIONS:
            option.check(getattr(self, option.field))
        if not self.bounties:
            if self.pko:
                raise TermsError(OPTIONS_BY_FIELD["pko"], "", "give the bounty per entry too")
            if self.rebuy_bounty:
                raise TermsError(
                    OPTIONS_BY_FIELD["rebuy_bounty"],
                    self.rebuy_bounty,
                    "the entries carry no bounty; give the bounty per entry too",
                )
        for field in ("max_entries", "reentry_until"):
            value = getattr(self, field)
            if value is not None and not self.reentry:
                raise TermsError(
                    OPTIONS_BY_FIELD[field], value, "re-entry is not allowed; give --reentry too"
                )
        if self.satellite_seats is not None and not self.satellite_value:
            raise TermsError(
                OPTIONS_BY_FIELD["satellite_seats"],
                self.satellite_seats,
                "seats need their value: give the satellite term (each seat's value) too",
            )
        if levels is not None:
            self.check_levels(levels)
        return self

    def with_values(self, values: Mapping[str, Any], levels: int | None = None) -> Terms:
        """These terms with `values` (by field name, as a person gives them: 0 for a term
        whose 0 means "the default" is read as None), checked (see `check`)."""
        changes: dict[str, Any] = {}
        for key, value in values.items():
            option = OPTIONS_BY_FIELD.get(key)
            if option is None:
                raise InputError(f"Unknown term {key!r}.")
            changes[key] = option.read(value)
        return replace(self, **changes).check(levels)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (stored in the event log); `addon_after` only when set, so the
        terms of files written before it existed read and write back unchanged."""
        data = asdict(self)
        for key in ("addon_after", "day_ends_after", "day_ends_at", "max_entries", "reentry_until"):
            if data[key] is None:
                del data[key]
        if data["flight_reentry"] == "best":
            del data["flight_reentry"]
        if data["hand_for_hand_clock"] == "pause":  # files from before it read back unchanged
            del data["hand_for_hand_clock"]
        for key in _ONLY_WHEN_SET:
            if not data[key]:
                del data[key]
        if data["language"] == "en":
            del data["language"]
        else:  # the display's only: a build before languages reads past it, in English
            data[IGNORABLE] = ["language"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Terms:
        """Rebuild from `to_dict()` output.

        A term this build does not know is refused (NewerTerms): every term changes the
        money or the play (a bounty, a satellite's seats, when the day ends), and a build
        that ignored one would show the prize pool, the payouts or the clock wrong on one
        laptop while another shows them right. A later build that adds a term only for the
        display lists it under IGNORABLE, and this build then reads past it.

        >>> Terms.from_dict({"buy_in": 100, "lucky_seat": 5, "ignorable": ["lucky_seat"]})
        Terms(buy_in=100, ...)
        >>> Terms.from_dict({"buy_in": 100, "jackpot_share": 2})
        Traceback (most recent call last):
        tdtool.tournament.terms.NewerTerms: This tournament uses the term jackpot_share, ...
        """
        fields = cls.__dataclass_fields__
        skip = data.get(IGNORABLE, ())
        unknown = sorted(
            k for k in data if k not in fields and k != IGNORABLE and not _listed(k, skip)
        )
        if unknown:
            raise NewerTerms(unknown)
        return cls(**{k: v for k, v in data.items() if k in fields})


IGNORABLE = "ignorable"
"""The key under which a build lists the terms it writes that change neither money nor play
(a display's), which a build that does not know them may read past (see Terms.from_dict)."""


def _listed(key: str, skip: Any) -> bool:
    return isinstance(skip, (list, tuple)) and key in skip


class NewerTerms(InputError):
    """A tournament whose terms use a term this build does not know: upgrade to read it."""

    def __init__(self, unknown: list[str]) -> None:
        def clean(key: str) -> str:  # a name from a file: printable, and no {placeholder}
            return "".join(c if c.isprintable() and c not in "{}" else "?" for c in key[:60])

        shown = ", ".join(map(clean, unknown[:5])) + (" ..." if len(unknown) > 5 else "")
        word = "term" if len(unknown) == 1 else "terms"
        super().__init__(
            f"This tournament uses the {word} {shown}, which this tdtool does not know"
            " (a newer tdtool wrote it, and it changes the money or the play): upgrade"
            " tdtool to read it; nothing was changed."
        )
        self.unknown = unknown


_ONLY_WHEN_SET = ("bounty", "pko", "rebuy_bounty", "satellite_value", "satellite_seats")
"""Terms written to the log only when set: the terms of a tournament without bounties or a
satellite read and write back as releases before them wrote them."""

ALWAYS_SHOWN: dict[str, Any] = {
    "bounty": 0,
    "pko": False,
    "rebuy_bounty": 0,
    "satellite_value": 0,
    "satellite_seats": None,
    "day_ends_after": None,
    "day_ends_at": None,
    "flight_reentry": "best",
    "hand_for_hand_clock": "pause",
    "max_entries": None,
    "reentry_until": None,
    "language": "en",
}
"""The defaults of `_ONLY_WHEN_SET` (and the others written only when set), which
`terms --json` always shows."""

FLIGHT_RULES = ("best", "last", "first", "forbid")
"""The values of the term `flight_reentry`."""

HAND_FOR_HAND_CLOCKS = ("pause", "run")
"""The values of the term `hand_for_hand_clock`."""

HAND_FOR_HAND_PAUSE = 120
"""Clock seconds each hand-for-hand hand takes while the clock stands still: TDA RP-8 C
("the clock should be reduced by 2-minutes each hand"; B: at most 3)."""

DAY_TERMS = frozenset(
    {"day_ends_after", "day_ends_at", "flight_reentry", "hand_for_hand_clock", "language"}
)
"""Terms about the days, the clock and the room's language, not the money: they may change
after the first bust (the bubble is where a room decides how its clock keeps hand-for-hand)."""


class TermsError(InputError):
    """A term out of its bounds: which term, the value given and what is wrong with it."""

    def __init__(self, option: TermOption, value: Any, problem: str) -> None:
        super().__init__(f"{option.label} {value}: {problem}.")
        self.option = option
        self.value = value
        self.problem = problem


@dataclass(frozen=True)
class TermOption:
    """One money term as a person sets it: its word, meaning and bounds (declared once; the
    front ends build their options from `OPTIONS` and the core checks them here)."""

    field: str
    """The `Terms` field."""
    name: str
    """The term's word, e.g. "buy-in" (a front end turns it into its option)."""
    label: str
    """How a terms table names it."""
    help: str
    kind: type
    """int, float or bool."""
    minimum: float = 0
    maximum: float | None = None
    zero_is_default: bool = False
    """0 means the default (None): the late-registration level, the payout curve."""
    what_if: bool = False
    """Also a what-if option of the payout calculator."""
    choices: tuple[str, ...] = ()
    """For a term of kind str: the words it takes."""

    def read(self, value: Any) -> Any:
        """The stored value of `value` as given (0 -> None where 0 means the default)."""
        if self.zero_is_default and value == 0:
            return None
        return value

    def check(self, value: Any) -> None:
        """TermsError if `value` is outside the bounds."""
        if value is None or self.kind is bool:
            return
        if self.choices:
            if value not in self.choices:
                raise TermsError(self, value, f"give one of {', '.join(self.choices)}")
            return
        if value < self.minimum:
            if self.minimum == 0:
                raise TermsError(self, value, "cannot be negative")
            raise TermsError(self, value, f"must be at least {self.minimum:g}")
        if self.maximum is not None and value > self.maximum:
            raise TermsError(self, value, f"must be at most {self.maximum:g}")
        if self.zero_is_default and value == 0:
            raise TermsError(self, value, "must be more than 0")


OPTIONS: tuple[TermOption, ...] = (
    TermOption("buy_in", "buy-in", "Buy-in (prize pool part)", "Prize-pool part of an entry.",
               int, what_if=True),
    TermOption("fee", "fee", "Fee (house part)", "House part of an entry.", int),
    TermOption("reentry", "reentry", "Re-entry", "Busted players may enter again.", bool),
    TermOption("max_entries", "max-entries", "Entries per player at most",
               "At most this many entries per player, the first included: 2 allows one"
               " re-entry (0: no limit).", int, zero_is_default=True),
    TermOption("reentry_until", "reentry-until", "Re-entry until level",
               "Last level at which a busted player may re-enter (0: while late registration"
               " is open).", int, zero_is_default=True),
    TermOption("rebuy_price", "rebuy", "Rebuy (prize pool part)",
               "Prize-pool part of a rebuy (0: no rebuys).", int, what_if=True),
    TermOption("rebuy_fee", "rebuy-fee", "Rebuy fee", "House part of a rebuy.", int),
    TermOption("rebuy_chips", "rebuy-chips", "Rebuy chips (0: starting stack)",
               "Chips a rebuy gives (0: the starting stack).", int),
    TermOption("rebuy_until", "rebuy-until", "Rebuys until level",
               "Last level of rebuys (0: the late-registration level).", int,
               zero_is_default=True),
    TermOption("addon_price", "addon", "Add-on (prize pool part)",
               "Prize-pool part of an add-on (0: no add-on).", int, what_if=True),
    TermOption("addon_fee", "addon-fee", "Add-on fee", "House part of an add-on.", int),
    TermOption("addon_chips", "addon-chips", "Add-on chips (0: starting stack)",
               "Chips an add-on gives (0: the starting stack).", int),
    TermOption("addon_after", "addon-after", "Add-on sold after level",
               "Add-ons are sold in the break (or level) after this level (0: the rebuy"
               " period's last level).", int, zero_is_default=True),
    TermOption("guarantee", "guarantee", "Guarantee", "Guaranteed prize pool.", int,
               what_if=True),
    TermOption("rounding", "rounding", "Payouts rounded to", "Payouts are multiples of this.",
               int, minimum=1, what_if=True),
    TermOption("places_paid", "places-paid", "Places paid",
               "Places paid (0: by the percentage or the payout curve).", int,
               zero_is_default=True, what_if=True),
    TermOption("percent_paid", "percent-paid", "Percent of entries paid",
               "Percent of the entries paid (0: the curve's 12.5).", float, maximum=100,
               zero_is_default=True, what_if=True),
    TermOption("bounty", "bounty", "Bounty (per entry, not in the prize pool)",
               "Bounty part of an entry and of each re-entry, paid on top of the buy-in and"
               " fee: a 100 entry with a 40 bounty and a 10 fee is --buy-in 50 --bounty 40"
               " --fee 10 (0: no bounties).", int),
    TermOption("pko", "pko", "Progressive knockout (PKO)",
               "Progressive knockout: half of each bounty collected is paid to the eliminator,"
               " half added to the eliminator's own bounty (else each bounty is paid whole).",
               bool),
    TermOption("rebuy_bounty", "rebuy-bounty", "Rebuy bounty",
               "Bounty part of a rebuy, on top of its price (0: a rebuy buys no bounty).",
               int),
    TermOption("day_ends_after", "day-ends-after", "Day ends after level",
               "The day ends at the end of this level: the clock stops, players bag (0: only"
               " the structure's days).", int, zero_is_default=True),
    TermOption("day_ends_at", "day-ends-at", "Day ends at players left",
               "The day ends when this many players are left: the clock stops and keeps the"
               " time left (0: no player count).", int, zero_is_default=True),
    TermOption("satellite_value", "satellite", "Satellite seat value (0: not a satellite)",
               "A satellite: each seat won is worth this (the target event's buy-in); the rest"
               " of the prize pool is cash to the next place (0: not a satellite).", int,
               what_if=True),
    TermOption("satellite_seats", "sat-seats", "Satellite seats (0: as the pool buys)",
               "Seats the satellite awards, guaranteed (0: as many as the prize pool buys).",
               int, zero_is_default=True, what_if=True),
    TermOption("flight_reentry", "flight-reentry", "Re-entry across flights",
               "A player who bags in several flights advances with the best stack (best),"
               " the last flight's (last) or the first one's (first); forbid: one flight"
               " per player.", str, choices=FLIGHT_RULES),
    TermOption("hand_for_hand_clock", "hand-for-hand-clock", "Clock during hand-for-hand",
               "pause (TDA RP-8): the clock stands still, each `clock hand` takes 2 min"
               " off it; run: it runs on.", str, choices=HAND_FOR_HAND_CLOCKS),
    TermOption("language", "language", "Language",
               "Screens, announcements and printed sheets in en, ro or de.", str,
               choices=tuple(LANGUAGES), what_if=True),
)  # fmt: skip
"""Every money term a person sets, in the order they are shown."""

OPTIONS_BY_FIELD: dict[str, TermOption] = {o.field: o for o in OPTIONS}


def prices(
    terms: Terms,
    starting_stack: int | None = None,
    rebuy_until: int | None = None,
    lang: str = "en",
) -> tuple[str, ...]:
    """What an entry, a re-entry, a rebuy and an add-on cost, as printed on the sheets:
    ('Buy-in 100 + 10 fee for 20,000 chips', 'Re-entry 100 + 10 fee', 'Rebuy 50 + 5 fee for
    20,000 chips until level 6', 'Add-on 50 for 30,000 chips after level 6', 'Guarantee
    10,000'); only what the terms sell, a bounty named as a part of its own (PKO: 50 + 50
    bounty + 10 fee). `rebuy_until`: the rebuy period's last level when the terms leave it
    to the structure (the late-registration level). In the language `lang`, its numbers in
    the locale.

    >>> prices(Terms(buy_in=100, fee=10, reentry=True), 20000)
    ('Buy-in 100 + 10 fee for 20,000 chips', 'Re-entry 100 + 10 fee')
    >>> prices(Terms(buy_in=50, bounty=50, fee=10, pko=True), 20000)
    ('Buy-in 50 + 50 PKO bounty + 10 fee for 20,000 chips',)
    >>> prices(Terms(buy_in=50, rebuy_price=50, addon_price=50, addon_chips=15000), 10000, 6)
    ('Buy-in 50 for 10,000 chips', 'Rebuy 50 for 10,000 chips until level 6', \
'Add-on 50 for 15,000 chips after level 6')
    >>> prices(Terms())
    ()
    """

    from tdtool.i18n import words

    _ = words(lang)
    n = _.number

    def cost(price: int, fee: int, bounty: int = 0) -> str:
        text = n(price)
        if bounty:
            if terms.pko:
                text += _(" + %(amount)s PKO bounty", amount=n(bounty))
            else:
                text += _(" + %(amount)s bounty", amount=n(bounty))
        return text + (_(" + %(amount)s fee", amount=n(fee)) if fee else "")

    def chips(count: int) -> str:
        count = count or (starting_stack or 0)
        return _(" for %(chips)s chips", chips=n(count)) if count else ""

    out = []
    if terms.buy_in or terms.fee or terms.bounty:
        out.append(
            _("Buy-in %(cost)s", cost=cost(terms.buy_in, terms.fee, terms.bounty)) + chips(0)
        )
    if terms.reentry:
        limits = (
            [_("until level %(level)s", level=terms.reentry_until)] if terms.reentry_until else []
        ) + (
            [_("%(num)s entries a player at most", num=n(terms.max_entries))]
            if terms.max_entries
            else []
        )
        limit = f" ({', '.join(limits)})" if limits else ""
        out.append(_("Re-entry %(cost)s", cost=cost(terms.buy_in, terms.fee, terms.bounty)) + limit)
    if terms.rebuy_price:
        until = terms.rebuy_until or rebuy_until
        out.append(
            _("Rebuy %(cost)s", cost=cost(terms.rebuy_price, terms.rebuy_fee, terms.rebuy_bounty))
            + chips(terms.rebuy_chips)
            + (_(" until level %(level)s", level=until) if until else "")
        )
    if terms.addon_price:
        after = terms.addon_after or terms.rebuy_until or rebuy_until
        out.append(
            _("Add-on %(cost)s", cost=cost(terms.addon_price, terms.addon_fee))
            + chips(terms.addon_chips)
            + (_(" after level %(level)s", level=after) if after else "")
        )
    if terms.guarantee:
        out.append(_("Guarantee %(amount)s", amount=n(terms.guarantee)))
    return tuple(out)
