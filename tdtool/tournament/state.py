"""The tournament's current state: the fold of its event log (`state = fold(events)`).

Each event kind (`tdtool.tournament.events.EventKind`) has one reducer, a function
`(state, payload, at) -> None` that applies the event's typed payload to the state being
built. They are listed in one table, `REDUCERS`, at the end of this module: a new kind
gets its payload class in events.py and its reducer here, and nowhere else.

Reducers apply recorded facts only: a draw, a bust and its moves are recorded with their
outcome (who sits where), so replaying the log never needs the RNG and always gives the
same plan. An event kind this tdtool does not know is refused: the file was written by a
newer tdtool.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import accumulate
from operator import attrgetter
from typing import Any, Protocol

from tdtool.errors import InputError, RuleError
from tdtool.tournament import events as ev
from tdtool.tournament.bounty import Knockout, Share, paid_and_added, shares
from tdtool.tournament.clock import ClockFact, ClockReading, reading
from tdtool.tournament.payouts import PayoutTable
from tdtool.tournament.seating import Seat, TablePlan
from tdtool.tournament.structure import (  # noqa: F401  (re-exported: older imports)
    Structure,
    structure_from_dict,
    structure_to_dict,
)
from tdtool.tournament.terms import Terms


class EventLike(Protocol):
    """What the fold reads from an event (tdtool.io.store.Event has these)."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def data(self) -> dict[str, Any]: ...
    @property
    def at(self) -> float: ...


# --- the state ---------------------------------------------------------------------------------

_busted_flag = attrgetter("busted")
"""`player.busted`, read in C: counting the players left at 30,000 entries."""


@dataclass
class Player:
    """One person in the tournament; `entries` counts the entry and every re-entry."""

    name: str
    entries: int = 1
    rebuys: int = 0
    addons: int = 0
    busted: bool = False
    places: list[tuple[int, int]] = field(default_factory=list)
    """(elimination group, rank in that hand) of each busted entry, in order."""
    bounty: int = 0
    """Cents on the player's head (tdtool.tournament.bounty); 0 without bounties."""
    bounty_won: int = 0
    """Cents of bounties paid to the player for knockouts."""
    chips: int | None = None
    """The player's chips as last counted (`player.chips`), plus rebuys and add-ons bought
    since; None: not counted in this entry (a bust clears it, a re-entry starts uncounted)."""
    counted_at: float | None = None
    """When the count was recorded (unix seconds)."""
    player_id: int | None = None
    """The player's id in the player registry (`#104`), None: not linked to it."""


@dataclass
class ChipTotals:
    """The recorded chip counts of the players left, added up as the log is folded, so the
    status and the displays read the chip leader without going through every player."""

    counted: int = 0
    """Players left with a count."""
    chips: int = 0
    """Their counts added up."""
    fresh: int = 0
    """Of them, those counted since the last bust (the others miss the chips won since)."""
    leader: tuple[str, int] | None = None
    """(name, chips) of the biggest count (the first registered of equal ones)."""


@dataclass(frozen=True)
class Place:
    """A finishing place; `tied` players share places `place` .. `place + tied - 1`."""

    place: int
    tied: int = 1


@dataclass
class ClockState:
    """The clock's part of the state: every clock fact recorded, in log order."""

    facts: list[ClockFact] = field(default_factory=list)


@dataclass
class MoneyState:
    """The money's part of the state beyond the terms: payout table and accepted deal."""

    table: PayoutTable | None = None
    """The user payout table the tournament uses; None: the default curve."""
    deal: ev.DealAccepted | None = None
    """The deal the players left accepted, if any."""
    deal_after: int = 0
    """Hands that busted players before the deal (`len(State.eliminations)` at the deal)."""


@dataclass(frozen=True)
class Carried:
    """What a tournament for a later day brought from the flights it was combined from."""

    players: int = 0
    """Players who advanced (registered in this tournament by the combination)."""
    entries: int = 0
    """Entries, rebuys and add-ons of every flight: the event's money."""
    rebuys: int = 0
    addons: int = 0
    chips: int = 0
    """The chips the advancing players bagged (their stacks here)."""


@dataclass
class State:
    """Everything the log says about the tournament now."""

    name: str = ""
    structure: Structure | None = None
    terms: Terms = field(default_factory=Terms)
    seats_per_table: int = 9
    tables_available: int | None = None
    """Tables the room has for this tournament; None: as many as the field needs."""
    players: dict[str, Player] = field(default_factory=dict)
    """By name folded to lower case, in registration order."""
    entries: int = 0
    rebuys: int = 0
    addons: int = 0
    drawn: bool = False
    plan: TablePlan = field(default_factory=TablePlan)
    """Who sits where, rebuilt by replaying the recorded draw and moves."""
    button_at: dict[int, float] = field(default_factory=dict)
    """When each table's button was last recorded (the button moves every hand)."""
    eliminations: list[list[tuple[str, int]]] = field(default_factory=list)
    """Each hand that busted players: (name, rank in that hand; equal ranks tie)."""
    hand_for_hand_hands: int = 0
    """Hand-for-hand hands dealt (`clock hand`) since the last bust: the one being played."""
    last_event_at: float | None = None
    created_at: float | None = None
    """When the tournament was created (its store's time): the date on its sheets."""
    last_seat: dict[str, Seat] = field(default_factory=dict)
    """Where each busted player sat when they busted (a rebuy in the rebuy period may
    give the seat back)."""
    clock: ClockState = field(default_factory=ClockState)
    money: MoneyState = field(default_factory=MoneyState)
    knockouts: list[Knockout] = field(default_factory=list)
    """Each bust with its eliminators, in order."""
    bounty_unclaimed: int = 0
    """Cents of bounties of players busted with nobody named as their eliminator."""
    bounty_paid: int = 0
    """Cents of bounties paid in cash for knockouts, all players together."""
    origin: ev.FlightsCombined | None = None
    """The flights this tournament (a later day) was combined from; None: none."""
    carried: Carried = field(default_factory=Carried)
    chips_removed: int = 0
    """Chips taken out of play (race-offs at colour-ups, chips removed by a ruling)."""
    last_bust_at: float | None = None
    """When the last player busted (a count taken before it misses the chips won since)."""
    chip_totals: ChipTotals = field(default_factory=ChipTotals)

    def player(self, name: str) -> Player:
        """The player `name` means: any capitalisation, accents or not, or one whole word of
        the name when only one player has it (tdtool.names.find). A miss suggests the
        nearest names and two possible players are an InputError naming both."""
        key = name.casefold()
        found = self.players.get(key)
        if found is not None:
            return found
        from tdtool.names import find

        names = [p.name for p in self.players.values()]
        return self.players[find(name, names, "player", "tdtool player list").casefold()]

    def seat(self, name: str) -> Seat | None:
        """The player's seat, or None."""
        return self.plan.seat_of(self.player(name).name)

    def status(self, name: str) -> str:
        """`seated`, `unseated` or `busted` (docs/cli.md)."""
        p = self.player(name)
        if p.busted:
            return "busted"
        return "seated" if self.plan.seat_of(p.name) is not None else "unseated"

    @property
    def tables(self) -> dict[int, dict[int, str]]:
        """Open tables: table number -> {seat: player}."""
        return {t: self.plan.players_at(t) for t in self.plan.open_tables()}

    @property
    def players_left(self) -> int:
        """Entries still in the tournament."""
        busted: int = sum(map(_busted_flag, self.players.values()))
        return len(self.players) - busted

    def place_of(self, group: int, rank: int, busted_before: int | None = None) -> Place:
        """The finishing place of the busted entry with this (elimination group, rank);
        `busted_before`, the entries busted in the groups before it, if known (see
        `places`)."""
        if busted_before is None:
            busted_before = sum(map(len, self.eliminations[:group]))
        hand = self.eliminations[group]
        left_before = self.entries - busted_before
        better = sum(1 for _, r in hand if r < rank)
        tied = sum(1 for _, r in hand if r == rank)
        return Place(left_before - len(hand) + 1 + better, tied)

    def place(self, name: str) -> Place | None:
        """The place of the player's last busted entry (1 for the winner), None while they play."""
        p = self.player(name)
        if not p.busted or not p.places:
            if self.winner() == p.name:
                return Place(1)
            seated = self.seat_winners()
            return Place(1, len(seated)) if p.name in seated else None
        return self.place_of(*p.places[-1])

    def places(self) -> dict[str, Place | None]:
        """Every player's `place`, worked out in one pass: the players left, the winner and
        the busted-before counts are each counted once, not once a player (a list of 10,000
        entries took 6 s that way)."""
        winner = self.winner()
        seated = self.seat_winners()
        before = list(accumulate(map(len, self.eliminations), initial=0))
        found: dict[str, Place | None] = {}
        for p in self.players.values():
            if p.busted and p.places:
                group, rank = p.places[-1]
                found[p.name] = self.place_of(group, rank, before[group])
            elif p.name == winner:
                found[p.name] = Place(1)
            else:
                found[p.name] = Place(1, len(seated)) if p.name in seated else None
        return found

    def winner(self) -> str | None:
        """The last player standing once everyone else has busted (a satellite whose seats
        are decided has seat winners instead, see `seat_winners`)."""
        if self.players_left != 1 or not self.eliminations or self.seats_awarded > 1:
            return None
        return next(p.name for p in self.players.values() if not p.busted)

    @property
    def seats_awarded(self) -> int:
        """Seats a satellite awards (0: not a satellite; see payouts.satellite_seats)."""
        if not self.terms.satellite_value:
            return 0
        from tdtool.tournament.payouts import satellite_seats

        return satellite_seats(self.terms, self.prize_pool, self.entries)

    def seat_winners(self) -> tuple[str, ...]:
        """A satellite whose seats are decided (players left no more than the seats): the
        players left, each winning a seat. Empty otherwise."""
        seats = self.seats_awarded
        if seats <= 1 or not self.eliminations or self.players_left > seats:
            return ()
        return tuple(p.name for p in self.players.values() if not p.busted)

    def seats_won(self) -> tuple[str, ...]:
        """A satellite whose seats are decided: everyone who won a seat, the players left
        (`seat_winners`) and then, best place first, any player out in the hand that decided
        them who still finished within the seats (three out at once from five players for
        three seats: the best of them finishes 3rd and wins the third seat). Empty otherwise."""
        left = self.seat_winners()
        if not left:
            return left
        seats = self.seats_awarded
        group = len(self.eliminations) - 1
        placed = [(self.place_of(group, rank), name) for name, rank in self.eliminations[group]]
        within = sorted((p.place, name) for p, name in placed if p.place + p.tied - 1 <= seats)
        return left + tuple(name for _, name in within)

    @property
    def finished(self) -> bool:
        """The tournament is over: a winner, or a satellite's seats decided."""
        return self.winner() is not None or bool(self.seat_winners())

    @property
    def starting_stack(self) -> int:
        """Chips an entry starts with."""
        return self.structure.starting_stack if self.structure else 0

    @property
    def rebuy_chips(self) -> int:
        """Chips a rebuy gives (the starting stack unless the terms say otherwise)."""
        return self.terms.rebuy_chips or self.starting_stack

    @property
    def addon_chips(self) -> int:
        """Chips an add-on gives (the starting stack unless the terms say otherwise)."""
        return self.terms.addon_chips or self.starting_stack

    @property
    def event_entries(self) -> int:
        """Entries of the whole event: this tournament's and, for a day combined from
        flights, every flight's (the money and the places paid count them all)."""
        return self.entries - self.carried.players + self.carried.entries

    @property
    def event_rebuys(self) -> int:
        """Rebuys of the whole event (every flight's too)."""
        return self.rebuys + self.carried.rebuys

    @property
    def event_addons(self) -> int:
        """Add-ons of the whole event (every flight's too)."""
        return self.addons + self.carried.addons

    @property
    def chips_sold(self) -> int:
        """Chips sold: starting stacks of every entry plus rebuys and add-ons (for a day
        combined from flights: the bags brought in, plus what was sold here)."""
        return (
            self.carried.chips
            + (self.entries - self.carried.players) * self.starting_stack
            + self.rebuys * self.rebuy_chips
            + self.addons * self.addon_chips
        )

    @property
    def total_chips(self) -> int:
        """Chips in play: the chips sold minus those taken out of play (race-offs)."""
        return self.chips_sold - self.chips_removed

    @property
    def average_stack(self) -> int:
        """Average chips of the players left (0 when nobody is left)."""
        left = self.players_left
        return round(self.total_chips / left) if left else 0

    @property
    def day_ends(self) -> tuple[int, ...]:
        """The levels at whose end a day ends: the structure's days and the term."""
        planned = self.structure.day_ends if self.structure else ()
        extra = self.terms.day_ends_after
        return planned if extra is None or extra in planned else (*planned, extra)

    @property
    def prize_pool(self) -> int:
        """Entries, rebuys and add-ons times their prize-pool part, topped up to the guarantee."""
        from tdtool.tournament.payouts import prize_pool

        return prize_pool(
            self.terms, self.event_entries, self.event_rebuys, self.event_addons
        ).total


def working_copy(state: State) -> State:
    """What a decision works on: the state with a table plan of its own (the seating
    decisions change it as they go), begun as the next change's; every other field is the
    state's own, unchanged."""
    from dataclasses import replace

    plan = state.plan.copy()
    plan.begin_change(NEXT_CHANGE)
    return replace(state, plan=plan)


NEXT_CHANGE = -1
"""The change a decision is made for, before the store numbers it (no change is -1): its
moves are the next change's, and the last change's movers are `moved_last`."""


def stale_buttons(state: State, moves: Iterable[dict[str, Any]], now: float) -> dict[int, int]:
    """Tables whose recorded button decided one of `moves` though it was recorded a while
    ago (STALE_BUTTON_SECONDS or more): table -> minutes since it was recorded."""
    stale: dict[int, int] = {}
    for m in moves:
        src = m.get("from")
        if m.get("reason") != "balance" or m.get("chosen_by_tool") or src is None:
            continue
        at = state.button_at.get(src["table"])
        if at is not None and now - at >= STALE_BUTTON_SECONDS:
            stale[src["table"]] = int((now - at) // 60)
    return stale


STALE_BUTTON_SECONDS = 10 * 60
"""A button recorded this long ago has probably moved a few hands since."""


def current_level(state: State, now: float) -> int:
    """The level being played at `now` (wall time, unix seconds); 1 before the clock starts.

    On a break it is the level after the break (its blinds apply to the next hand), so
    late registration "until the end of level 8" is closed during the break after level 8.
    The one place the rest of the tournament asks for the level (late registration,
    rebuys); the clock computes it from its events (tdtool.tournament.clock).
    """
    if state.structure is None:
        return 1
    return clock_reading(state, now).level.number


def clock_reading(state: State, now: float) -> ClockReading:
    """The clock of a tournament at wall time `now`."""
    if state.structure is None:
        raise RuleError("This tournament has no structure, so it has no clock.")
    return reading(state.clock.facts, state.structure, now, day_ends=state.day_ends)


def registration_open(state: State, now: float) -> bool:
    """Whether a new entry or a re-entry is still accepted at `now`."""
    closes = state.structure.late_registration if state.structure else None
    return closes is None or current_level(state, now) <= closes


# --- the fold ----------------------------------------------------------------------------------


def fold(events: Iterable[Any], state: State | None = None) -> State:
    """The state the events lead to, applied in order (on top of `state` when given)."""
    if state is None:
        state = State()
    for event in events:
        state.plan.begin_change(getattr(event, "change", 0))
        kind = ev.kind_of(event.kind, event.seq)
        reducer = REDUCERS.get(kind)
        if reducer is None:  # an undo record: never among the effective events
            raise InputError(f"Event #{event.seq} ({kind}) cannot be folded into a state.")
        reducer(state, ev.PAYLOADS[kind].from_dict(event.data or {}), event.at)
        state.last_event_at = event.at
    return state


# --- the reducers: one per event kind ----------------------------------------------------------


def _created(state: State, e: ev.TournamentCreated, at: float) -> None:
    state.name = e.name
    state.created_at = at
    state.structure = e.structure
    state.terms = e.terms
    state.seats_per_table = e.seats
    state.tables_available = e.tables
    available = None if e.tables is None else range(1, e.tables + 1)
    state.plan = TablePlan(e.seats, available, break_order=list(e.break_order) or None)


def _registered(state: State, e: ev.PlayerRegistered, at: float) -> None:
    state.players[e.name.casefold()] = Player(
        e.name, bounty=state.terms.bounty * 100, player_id=e.player_id
    )
    state.entries += 1


def _reentered(state: State, e: ev.PlayerReentered, at: float) -> None:
    """A re-entry buys a new bounty."""
    p = state.player(e.name)
    p.busted = False
    p.chips = p.counted_at = None
    p.entries += 1
    p.bounty += state.terms.bounty * 100
    state.entries += 1


def _rebuy(state: State, e: ev.PlayerRebuy, at: float) -> None:
    """A rebuy (adding its bounty part to the player's bounty); by a player who busted during
    the rebuy period it takes the bust back: they are in again and their place is gone (their
    seat is given by the moves recorded next; the bounty they busted with stays collected)."""
    p = state.player(e.name)
    p.rebuys += 1
    p.bounty += state.terms.rebuy_bounty * 100
    state.rebuys += 1
    if p.busted:
        p.busted = False
        group, rank = p.places.pop()
        state.eliminations[group].remove((p.name, rank))
    elif p.chips is not None:
        _set_chips(state, p, p.chips + state.rebuy_chips, p.counted_at)


def _addon(state: State, e: ev.PlayerAddon, at: float) -> None:
    p = state.player(e.name)
    p.addons += 1
    state.addons += 1
    if p.chips is not None:
        _set_chips(state, p, p.chips + state.addon_chips, p.counted_at)


def _chips(state: State, e: ev.PlayerChips, at: float) -> None:
    """Counts recorded: each replaces that player's last count."""
    for count in e.counts:
        _set_chips(state, state.player(count.name), count.chips, at)


def _fresh(state: State, p: Player) -> bool:
    """Whether the player's count was taken since the last bust."""
    last = state.last_bust_at
    return p.chips is not None and (last is None or (p.counted_at or 0) >= last)


def _set_chips(state: State, p: Player, chips: int | None, at: float | None) -> None:
    """Give a player still in (or just busted: `chips` None) a count, keeping the totals."""
    t = state.chip_totals
    was = p.chips
    if was is not None:
        t.counted -= 1
        t.chips -= was
        t.fresh -= _fresh(state, p)
    p.chips, p.counted_at = chips, (at if chips is not None else None)
    if chips is not None:
        t.counted += 1
        t.chips += chips
        t.fresh += _fresh(state, p)
    leader = t.leader
    if leader is not None and leader[0] == p.name:
        if chips is not None and chips >= leader[1]:
            t.leader = (p.name, chips)
        else:
            t.leader = _leader(state)  # the leader lost chips or busted: look again
    elif chips is not None and (leader is None or chips > leader[1]):
        t.leader = (p.name, chips)
    elif chips is not None and leader is not None and chips == leader[1]:
        t.leader = _leader(state)  # equal counts: the first registered leads


def _leader(state: State) -> tuple[str, int] | None:
    """The biggest count of a player left (the first registered of equal ones)."""
    best: tuple[str, int] | None = None
    for q in state.players.values():
        if not q.busted and q.chips is not None and (best is None or q.chips > best[1]):
            best = (q.name, q.chips)
    return best


def _chips_removed(state: State, e: ev.ChipsRemoved, at: float) -> None:
    state.chips_removed += e.chips


def _chips_raced(state: State, e: ev.ChipsRaced, at: float) -> None:
    """A colour-up's race: its chips leave play; each counted player's count follows."""
    state.chips_removed += e.race.removed
    for name, delta in e.race.changes().items():
        p = state.player(name)
        if p.chips is not None and not p.busted:
            _set_chips(state, p, p.chips + delta, p.counted_at)


def _drawn(state: State, e: ev.SeatDrawn, at: float) -> None:
    state.drawn = True
    state.plan.apply_moves(list(e.moves))


def _moved(state: State, e: ev.SeatMoved, at: float) -> None:
    """A batch of moves applied as one (a late entry, a break, a balance move ...)."""
    state.plan.apply_moves(list(e.moves))


def _button(state: State, e: ev.SeatButton, at: float) -> None:
    state.plan.set_button(e.table, e.seat)
    state.button_at[e.table] = at


def _locked(state: State, e: ev.SeatLocked, at: float) -> None:
    state.plan.lock(Seat(e.table, e.seat))


def _unlocked(state: State, e: ev.SeatUnlocked, at: float) -> None:
    state.plan.unlock(Seat(e.table, e.seat))


def _busted(state: State, e: ev.PlayerBusted, at: float) -> None:
    """Players out in one hand; `rank` orders them in that hand (0 best; equal ranks tie)."""
    group = len(state.eliminations)
    state.hand_for_hand_hands = 0  # a bust ends the hand-for-hand hand (or the stretch)
    hand: list[tuple[str, int]] = []
    for entry in e.players:
        p = state.player(entry.name)
        seat = state.plan.seat_of(p.name)
        if seat is not None:
            state.last_seat[p.name] = seat
            state.plan.remove(p.name)
        p.busted = True
        if p.chips is not None:
            _set_chips(state, p, None, None)
        p.places.append((group, entry.rank))
        hand.append((p.name, entry.rank))
        if p.bounty or entry.by:
            _knockout(state, p, entry.by)
    state.eliminations.append(hand)
    state.last_bust_at = at
    state.chip_totals.fresh = 0  # every count left was taken before this bust


def _knockout(state: State, p: Player, by: tuple[str, ...]) -> None:
    """The busted player's bounty collected (tdtool.tournament.bounty): paid or added to
    each eliminator's own per share, or unclaimed when nobody is named (a bust of a file
    written before bounties, or a tournament without them)."""
    if not by:
        state.bounty_unclaimed += p.bounty
        p.bounty = 0
        return
    collected, p.bounty = p.bounty, 0
    out = []
    for name, share in zip(by, shares(collected, len(by)), strict=True):
        winner = state.player(name)
        paid, added = paid_and_added(share, state.terms.pko)
        state.bounty_paid += paid
        winner.bounty_won += paid
        winner.bounty += added
        out.append(Share(winner.name, winner.entries, paid, added))
    state.knockouts.append(Knockout(p.name, collected, tuple(out)))


def _clock(state: State, e: ev.ClockStart, at: float) -> None:
    """Any clock action: its fact joins the clock's list (the reading is computed from it)."""
    state.clock.facts.append(e.fact(at))


def _clock_hand(state: State, e: ev.ClockHand, at: float) -> None:
    """The next hand-for-hand hand: counted, and its fact joins the clock's (its time passes)."""
    state.hand_for_hand_hands += 1
    state.clock.facts.append(e.fact(at))


def _terms_changed(state: State, e: ev.TermsChanged, at: float) -> None:
    """New terms (only before the first bust, so every bounty is still what was bought)."""
    if (e.terms.bounty, e.terms.rebuy_bounty) != (state.terms.bounty, state.terms.rebuy_bounty):
        for p in state.players.values():
            p.bounty = (e.terms.bounty * p.entries + e.terms.rebuy_bounty * p.rebuys) * 100
    state.terms = e.terms
    if e.table_given:
        state.money.table = e.table


def _flights_combined(state: State, e: ev.FlightsCombined, at: float) -> None:
    """The players who advance from the flights are in; the event's money comes along."""
    state.origin = e
    for bag in e.players:
        state.players[bag.name.casefold()] = Player(bag.name, player_id=bag.player_id)
        state.entries += 1
    state.carried = Carried(
        players=len(e.players),
        entries=e.entries,
        rebuys=sum(f.rebuys for f in e.flights),
        addons=sum(f.addons for f in e.flights),
        chips=sum(b.chips for b in e.players),
    )


def _deal_accepted(state: State, e: ev.DealAccepted, at: float) -> None:
    state.money.deal = e
    state.money.deal_after = len(state.eliminations)


def _renamed(state: State, e: ev.PlayerRenamed, at: float) -> None:
    """A name corrected: every record of the player (seat, places, knockouts, the chip lead,
    a deal) names them so from now on; registration order is kept."""
    from dataclasses import replace

    p = state.player(e.old)
    old, new = p.name, e.new
    key = old.casefold()
    state.players = {(new.casefold() if k == key else k): q for k, q in state.players.items()}
    p.name = new
    state.plan.rename(old, new)

    def named(name: str) -> str:
        return new if name == old else name

    state.eliminations = [[(named(n), r) for n, r in hand] for hand in state.eliminations]
    if old in state.last_seat:
        state.last_seat = {named(n): seat for n, seat in state.last_seat.items()}
    state.knockouts = [
        replace(
            k,
            busted=named(k.busted),
            shares=tuple(replace(s, name=named(s.name)) for s in k.shares),
        )
        for k in state.knockouts
    ]
    leader = state.chip_totals.leader
    if leader is not None and leader[0] == old:
        state.chip_totals.leader = (new, leader[1])
    deal = state.money.deal
    if deal is not None and old in deal.players:
        state.money.deal = replace(deal, players=tuple(map(named, deal.players)))


def _removed(state: State, e: ev.PlayerRemoved, at: float) -> None:
    """A registration taken out (entered by mistake, never played): no longer an entry; its
    seat is free (the moves recorded next balance the tables)."""
    p = state.player(e.name)
    del state.players[p.name.casefold()]
    if state.plan.seat_of(p.name) is not None:
        state.plan.remove(p.name)
    state.entries -= 1


def _staff(state: State, e: Any, at: float) -> None:
    """Who may act from a phone changes nothing of the tournament itself: the staff is read
    from its own events (tdtool.app.staff), and the fold only passes over them."""


Reducer = Callable[[State, Any, float], None]

K = ev.EventKind
REDUCERS: dict[ev.EventKind, Reducer] = {
    K.TOURNAMENT_CREATED: _created,
    K.PLAYER_REGISTERED: _registered,
    K.PLAYER_REENTERED: _reentered,
    K.PLAYER_REBUY: _rebuy,
    K.PLAYER_ADDON: _addon,
    K.PLAYER_BUSTED: _busted,
    K.PLAYER_CHIPS: _chips,
    K.CHIPS_REMOVED: _chips_removed,
    K.CHIPS_RACED: _chips_raced,
    K.SEAT_DRAWN: _drawn,
    K.SEAT_MOVED: _moved,
    K.SEAT_BUTTON: _button,
    K.SEAT_LOCKED: _locked,
    K.SEAT_UNLOCKED: _unlocked,
    K.CLOCK_START: _clock,
    K.CLOCK_PAUSE: _clock,
    K.CLOCK_RESUME: _clock,
    K.CLOCK_NEXT: _clock,
    K.CLOCK_PREV: _clock,
    K.CLOCK_SET: _clock,
    K.CLOCK_ADD: _clock,
    K.CLOCK_END_DAY: _clock,
    K.CLOCK_DAY: _clock,
    K.CLOCK_HAND: _clock_hand,
    K.TERMS_CHANGED: _terms_changed,
    K.DEAL_ACCEPTED: _deal_accepted,
    K.FLIGHTS_COMBINED: _flights_combined,
    K.PLAYER_RENAMED: _renamed,
    K.PLAYER_REMOVED: _removed,
    K.STAFF_ADDED: _staff,
    K.STAFF_REVOKED: _staff,
    K.STAFF_SIGNED_IN: _staff,
}
"""Event kind -> the reducer that folds it into the state: every kind but `undo`."""
