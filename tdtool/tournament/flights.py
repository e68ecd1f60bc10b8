"""Flights: a day played in several flights (1A, 1B, 1C), each its own tournament, whose
survivors and their bagged chips carry into one tournament for the next day.

Pure: `FlightDay` is what the application layer read from each flight (its state and clock
when its day ended); `plan_next_day` checks the flights and decides who advances with which
stack; `next_day_events` gives the events that create the next day's tournament (the seat
draw is decided with the `rng` given).

Re-entry across flights is a term (`Terms.flight_reentry`): a player may play several
flights, and when they bag chips in more than one, `best` advances the biggest stack (the
default), `last` the stack of the latest flight (playing again forfeits the earlier bag),
`first` the first bag (a later one is void); `forbid` refuses a player entered in two
flights at all. The prize pool and payouts are the event's as a whole: every flight's
entries, rebuys and add-ons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from shlex import quote
from typing import Any

from tdtool.errors import InputError
from tdtool.tournament import events as ev
from tdtool.tournament.clock import format_seconds
from tdtool.tournament.rng import Rng
from tdtool.tournament.structure import Structure
from tdtool.tournament.terms import FLIGHT_RULES, Terms


@dataclass(frozen=True)
class FlightDay:
    """One flight as read from its tournament: who is left with what they bagged."""

    source: str
    """How the director named it (the file or URL given), for messages."""
    name: str
    structure: Structure
    terms: Terms
    entries: int
    rebuys: int
    addons: int
    registered: tuple[str, ...]
    """Every player who entered the flight (busted or not)."""
    survivors: tuple[tuple[str, int | None], ...]
    """(name, bagged chips or None when not counted) of each player left."""
    day: int
    """The day the flight's clock played (1 for a Day 1 flight)."""
    day_ended: bool
    level: int
    """The level the next day resumes at (from the flight's clock)."""
    seconds_left: int
    period_index: int
    seats: int = 9
    created_at: float | None = None
    chips_in_play: int | None = None
    started: bool = True
    """The flight's clock was started (a flight never played cannot have ended its day)."""
    player_ids: tuple[tuple[str, int], ...] = ()
    """(name, registry id) of each entry linked to the player registry."""
    """The chips the flight sold (entries, re-entries, rebuys, add-ons, less those removed):
    what its bags should add up to."""
    """When the flight's tournament was created: a copy of a flight file keeps it (and its
    name), which tells a copy from another flight."""


@dataclass(frozen=True)
class Bag:
    """A player's bag in one flight."""

    name: str
    chips: int
    flight: str
    """The flight's name."""
    player_id: int | None = None
    """The player's registry id in that flight (None: not linked)."""


@dataclass(frozen=True)
class DayPlan:
    """The next day, decided from the flights: who advances, who forfeits a bag, where the
    clock resumes."""

    flights: tuple[FlightDay, ...]
    rule: str
    day: int
    advancing: tuple[Bag, ...]
    forfeited: tuple[Bag, ...]
    level: int
    seconds_left: int
    resume_note: str = ""
    """Set when the flights ended at different points: which one the next day follows."""

    @property
    def entries(self) -> int:
        """Entries of the whole event (every flight)."""
        return sum(f.entries for f in self.flights)


def bagged(flight: FlightDay) -> int:
    """The chips a flight's players left bagged."""
    return sum(chips or 0 for _, chips in flight.survivors)


def _problem(flight: FlightDay, text: str) -> InputError:
    return InputError(f"Flight {flight.source}: {text}")


def plan_next_day(flights: Sequence[FlightDay], rule: str | None = None) -> DayPlan:
    """Check the flights and decide the next day; InputError naming the flight (its file or
    URL) for a flight that has not ended its day, a survivor without a bagged count, flights
    that do not share their structure and money terms, or a player in two flights where
    re-entry across flights is forbidden."""
    if len(flights) < 2:
        raise InputError("Give at least two flights (their tournament files) to combine.")
    sources = [f.source for f in flights]
    twice = next((s for s in sources if sources.count(s) > 1), None)
    if twice is not None:
        raise InputError(f"Flight {twice} is given twice; give each flight once.")
    seen: dict[tuple[str, float], FlightDay] = {}
    for f in flights:
        if f.created_at is None:
            continue
        earlier = seen.setdefault((f.name, f.created_at), f)
        if earlier is not f:
            raise _problem(
                f,
                f"it is {f.name} again, the flight in {earlier.source} (a copy of the same"
                " tournament); give each flight once.",
            )
    flights = _told_apart(flights)
    first = flights[0]
    for f in flights:
        if not f.started:
            raise _problem(
                f,
                f"{f.name} has not been played (its clock was never started); a flight is"
                " combined once its day has ended and the bags are recorded.",
            )
        if not f.day_ended:
            raise _problem(
                f,
                f"{f.name} has not ended its day (level {f.level} is being played); end it"
                f" with `tdtool --db {quote(f.source)} clock end-day`, or let its last level"
                " run out.",
            )
        uncounted = [n for n, chips in f.survivors if chips is None]
        if uncounted:
            shown = ", ".join(uncounted[:5]) + (" ..." if len(uncounted) > 5 else "")
            raise _problem(
                f,
                f"{len(uncounted)} player(s) left without a bagged count ({shown}); record"
                f" the bags with `tdtool --db {quote(f.source)} player chips NAME AMOUNT` (or"
                " --csv FILE).",
            )
        if not f.survivors:
            raise _problem(f, f"{f.name} has nobody left to advance.")
        if f.structure != first.structure:
            same_name = f.structure.name == first.structure.name
            raise _problem(
                f,
                f"its structure ({f.structure.name}) is not {first.source}'s"
                + (
                    " (its levels, stack or days differ)"
                    if same_name
                    else f" ({first.structure.name})"
                )
                + "; the flights of one event play one structure.",
            )
        if getattr(f.terms, "bounty", 0):
            raise _problem(
                f,
                f"{f.name} has bounties; carrying each player's bounty into the next day is"
                " not supported yet, so its flights cannot be combined by tdtool.",
            )
        differs, theirs = _money_difference(first.terms, f.terms)
        if differs:
            raise _problem(
                f,
                f"its {differs} differs from {first.source}'s {theirs}; the flights of one"
                " event share their money terms (the prize pool is the event's).",
            )
        if f.day != first.day:
            raise _problem(f, f"it played day {f.day}, {first.source} day {first.day}.")
    chosen = rule or first.terms.flight_reentry
    if chosen not in FLIGHT_RULES:
        raise InputError(
            f"{chosen!r} is not a flight re-entry rule;",
            f"give {{option:flight-reentry}} one of {', '.join(FLIGHT_RULES)}.",
        )
    if chosen == "forbid":
        _refuse_players_in_two_flights(flights)
    advancing, forfeited = _bags(flights, chosen)
    level, seconds, note = _resume_point(flights)
    return DayPlan(
        tuple(flights), chosen, first.day + 1, advancing, forfeited, level, seconds, note
    )


def _told_apart(flights: Sequence[FlightDay]) -> list[FlightDay]:
    """The flights, those of one name (each created as "Main Event") named with their file
    too, so that the bags, the counts and the log tell them apart."""
    from dataclasses import replace

    names = [f.name.casefold() for f in flights]
    return [
        replace(f, name=f"{f.name} ({f.source})") if names.count(f.name.casefold()) > 1 else f
        for f in flights
    ]


MONEY_TERMS = (
    ("buy_in", "buy-in"),
    ("fee", "fee"),
    ("rebuy_price", "rebuy price"),
    ("rebuy_fee", "rebuy fee"),
    ("addon_price", "add-on price"),
    ("addon_fee", "add-on fee"),
    ("guarantee", "guarantee"),
    ("rounding", "payout rounding"),
    ("places_paid", "places paid"),
    ("percent_paid", "percent paid"),
)


def _money_difference(a: Terms, b: Terms) -> tuple[str, str]:
    """The first money term where `b` differs from `a`: (`b`'s, `a`'s), each with its value;
    ("", "") when they agree."""
    for field, label in MONEY_TERMS:
        if getattr(a, field) != getattr(b, field):
            return f"{label} ({_shown(getattr(b, field))})", f"({_shown(getattr(a, field))})"
    return "", ""


def _shown(value: object) -> str:
    """A money term's value as messages show it: 1,000; none for an unset one."""
    if value is None:
        return "none"
    return f"{value:,}" if isinstance(value, int) else str(value)


def _refuse_players_in_two_flights(flights: Sequence[FlightDay]) -> None:
    seen: dict[str, FlightDay] = {}
    for f in flights:
        for name in f.registered:
            earlier = seen.get(name.casefold())
            if earlier is not None:
                raise _problem(
                    f,
                    f"{name} also played {earlier.name} ({earlier.source}), and re-entry across"
                    " flights is forbidden (--flight-reentry forbid); take the entry back in"
                    " one flight, or combine with --flight-reentry best.",
                )
            seen[name.casefold()] = f


def _bags(flights: Sequence[FlightDay], rule: str) -> tuple[tuple[Bag, ...], tuple[Bag, ...]]:
    """Who advances with which bag, in the order of the flights; the bags that do not."""
    by_player: dict[str, list[tuple[int, Bag]]] = {}
    for order, f in enumerate(flights):
        linked = {name.casefold(): player_id for name, player_id in f.player_ids}
        for name, chips in f.survivors:
            assert chips is not None
            bag = Bag(name, chips, f.name, linked.get(name.casefold()))
            by_player.setdefault(name.casefold(), []).append((order, bag))
    advancing: list[tuple[int, Bag]] = []
    forfeited: list[Bag] = []
    for bags in by_player.values():
        if rule == "last":
            keep = bags[-1]
        elif rule == "first":
            keep = bags[0]
        else:  # best: the biggest stack; a tie goes to the earlier flight
            keep = max(bags, key=lambda b: (b[1].chips, -b[0]))
        advancing.append(keep)
        forfeited += [b for _, b in bags if b is not keep[1]]
    advancing.sort(key=lambda b: b[0])
    return tuple(b for _, b in advancing), tuple(forfeited)


def _resume_point(flights: Sequence[FlightDay]) -> tuple[int, int, str]:
    """Where the next day's clock starts: where the flights ended (the furthest along when
    they ended at different points)."""
    points = {(f.period_index, -f.seconds_left, f.level) for f in flights}
    index, minus_left, level = max(points)
    if len(points) == 1:
        return level, -minus_left, ""
    ahead = next(f for f in flights if (f.period_index, -f.seconds_left) == (index, minus_left))
    note = (
        f"The flights ended at different points; Day {flights[0].day + 1} resumes where the"
        f" furthest, {ahead.name}, ended: level {level} with {format_seconds(-minus_left)} left."
    )
    return level, -minus_left, note


def next_day_events(
    plan: DayPlan, created: ev.TournamentCreated, rng: Rng
) -> list[tuple[str, dict[str, Any]]]:
    """The events of the next day's tournament, its first change: `created` (the flights'
    structure and terms), the flights combined (provenance, the players who advance), their
    bagged counts, the seat draw (TDA 7: random, tables filled evenly) and the clock placed
    at the level the day resumes with its time left."""
    from tdtool.tournament.director import draw
    from tdtool.tournament.state import State, fold

    combined = ev.FlightsCombined(
        day=plan.day,
        rule=plan.rule,
        flights=tuple(
            ev.FlightRecord(
                f.name,
                f.source,
                f.entries,
                f.rebuys,
                f.addons,
                len(f.survivors),
                f.level,
                f.seconds_left,
            )
            for f in plan.flights
        ),
        players=tuple(
            ev.CarriedBag(b.name, b.chips, b.flight, b.player_id) for b in plan.advancing
        ),
        forfeited=tuple(ev.CarriedBag(b.name, b.chips, b.flight) for b in plan.forfeited),
    )
    counts = ev.PlayerChips(
        tuple(ev.ChipCount(b.name, b.chips) for b in plan.advancing), source="flights"
    )
    events = [created.event(), combined.event(), counts.event()]

    @dataclass(frozen=True)
    class _Event:
        seq: int
        kind: str
        data: dict[str, Any]
        at: float = 0.0

    state: State = fold(_Event(i + 1, k, d) for i, (k, d) in enumerate(events))
    events += draw(state, rng)
    events.append(ev.ClockDay(plan.seconds_left, plan.level, plan.day).event())
    return events
