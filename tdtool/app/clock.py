"""The level clock: record an action, read the clock, and what a clock display shows."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.app.change import read_state_at
from tdtool.tournament.chip_counts import chip_brief
from tdtool.tournament.clock import ClockAction, ClockBase, ClockReading, act, reading, settle
from tdtool.tournament.events import clock_event
from tdtool.tournament.state import State, clock_reading

if TYPE_CHECKING:
    from tdtool.io.store_base import TournamentStore


@dataclass(frozen=True)
class ClockChanged:
    """A clock action recorded and the clock right after it."""

    action: ClockAction
    seconds: float
    reading: ClockReading
    began_day: bool = False
    """The action was the resume that began the next day (the day before had ended)."""
    day_was_over: bool = False
    """The day had ended before the action (a `next` then moves where the next day resumes)."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool clock ACTION --json`: the reading after the action."""
        return self.reading.as_dict()


def perform(store: TournamentStore, action: ClockAction, seconds: float = 0) -> ClockReading:
    """Record `action` as one change of an open file (RuleError if it makes no sense now)."""
    return _perform(store, action, seconds).reading


def _perform(store: TournamentStore, action: ClockAction, seconds: float = 0) -> ClockChanged:
    with store.transaction() as tx:
        state: State = tx.state()
        if state.structure is None:  # pragma: no cover - every file is created with one
            clock_reading(state, tx.now)
        assert state.structure is not None
        over = clock_reading(state, tx.now).day_ended
        began = action is ClockAction.RESUME and over
        _fact, after = act(
            state.clock.facts, state.structure, action, tx.now, seconds, state.day_ends
        )
        tx.append(*clock_event(action, seconds).event())
    return ClockChanged(action, seconds, after, began, over)


def clock_action(db: Path, action: ClockAction, seconds: float = 0) -> ClockChanged:
    """Start, pause, resume, next, prev, set (`seconds` left) or add (`seconds`, may be < 0)."""
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        return _perform(store, action, seconds)


@dataclass(frozen=True)
class HandDealt:
    """`tdtool clock hand`: the next hand-for-hand hand recorded, and the clock after it."""

    hand: int
    """The hand-for-hand hand now being played (1 for the first since the last bust)."""
    seconds: float
    """Clock time the hand took (RP-8's two minutes while the clock stands still; 0: it runs)."""
    paused_now: bool
    """The clock was running and this hand paused it (the first hand, in `pause` mode)."""
    reading: ClockReading

    def to_dict(self) -> dict[str, Any]:
        """`tdtool clock hand --json`: the hand, the clock time it took, and the reading."""
        return {
            "hand_for_hand_hand": self.hand,
            "seconds_taken": self.seconds,
            "paused_now": self.paused_now,
            "clock": self.reading.as_dict(),
        }


def deal_hand(store: TournamentStore) -> HandDealt:
    """Record the next hand-for-hand hand (one change, so `undo` takes it back whole): while
    the terms keep the clock still for hand-for-hand (`hand_for_hand_clock` pause, TDA RP-8),
    a running clock is paused and the hand takes two minutes off it, moving into the next
    level when its time is up; otherwise the clock runs on and the hand is only counted.
    RuleError when the tournament is not hand-for-hand now."""
    from tdtool.errors import RuleError
    from tdtool.tournament.director import hand_for_hand_next
    from tdtool.tournament.terms import HAND_FOR_HAND_PAUSE

    with store.transaction() as tx:
        state: State = tx.state()
        assert state.structure is not None
        if not hand_for_hand_next(state):
            raise RuleError(
                f"The tournament is not hand-for-hand now ({state.players_left} players left);"
                " hand-for-hand is the money bubble, with more than one table in play (RP-8).",
                "After the bubble bursts, resume the clock with {clock:resume}.",
            )
        facts = list(state.clock.facts)
        still = state.terms.hand_for_hand_clock == "pause"
        paused_now = still and clock_reading(state, tx.now).running
        if paused_now:
            fact, _after = act(facts, state.structure, ClockAction.PAUSE, tx.now, 0, state.day_ends)
            facts.append(fact)
            tx.append(*clock_event(ClockAction.PAUSE).event())
        seconds = HAND_FOR_HAND_PAUSE if still else 0
        _fact, after = act(
            facts, state.structure, ClockAction.HAND, tx.now, seconds, state.day_ends
        )
        tx.append(*clock_event(ClockAction.HAND, seconds).event())
    return HandDealt(state.hand_for_hand_hands + 1, seconds, paused_now, after)


def clock_hand(db: Path) -> HandDealt:
    """`deal_hand` on the tournament in `db`."""
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        return deal_hand(store)


def clock_now(db: Path) -> ClockReading:
    """Where the clock of the tournament in `db` stands now."""
    return clock_reading(*read_state_at(db))


@dataclass(frozen=True)
class DisplayBase:
    """What a clock display keeps from one change to the next (`View.derived(display_base)`):
    the figures beside the clock and the clock after its last action. Without it, each
    refresh counted 30,000 players and replayed every pause of the day."""

    figures: dict[str, Any]
    clock: ClockBase | None


def display_base(state: State) -> DisplayBase:
    """The part of a clock display that changes only with the log (the panels' words in
    the tournament's language)."""
    from tdtool.app.panels import panels
    from tdtool.i18n import language_of, words

    winner = state.winner()
    seat_winners = list(state.seats_won())
    results: list[dict[str, Any]] = []
    if winner is not None or seat_winners:
        from tdtool.tournament.money import results as final

        results = [
            {"place": r.place, "name": r.name, "prize": r.prize}
            for r in final(state)
            if r.place is not None and r.place <= 9
        ]
    chips = chip_brief(state)
    return DisplayBase(
        {
            "name": state.name,
            "structure": state.structure.name if state.structure else None,
            "players_left": state.players_left,
            "entries": state.event_entries,
            "average_stack": state.average_stack,
            "chip_leader": chips.leader,
            "counts_before_last_bust": chips.before_last_bust > 0,
            "seats": state.seats_awarded,
            "seat_value": state.terms.satellite_value,
            "prize_pool": state.prize_pool,
            "winner": winner,
            "seat_winners": seat_winners,
            "results": results,
            "bounties": tv_bounties(state),
            "panels": panels(state, words(language_of(state))),
            "hand_for_hand": hand_for_hand(state),
            "final_table": final_table(state),
        },
        settle(state.clock.facts, state.structure, state.day_ends) if state.structure else None,
    )


@dataclass(frozen=True)
class ClockView:
    """Everything a clock display shows (`clock run`, the TV page and its /api/clock): the
    reading and the tournament's figures beside it."""

    reading: ClockReading
    name: str
    structure: str | None
    players_left: int
    entries: int
    average_stack: int
    average_big_blinds: float | None
    """The average stack in big blinds of the level being played (None without blinds)."""
    prize_pool: int
    winner: str | None
    results: tuple[dict[str, Any], ...]
    """Place, name and prize of the first nine once the tournament is over."""
    bounties: dict[str, Any] | None
    """The bounty panel (`tv_bounties`); None without bounties."""
    panels: tuple[dict[str, Any], ...] = ()
    """The side panels (tdtool.app.panels): the money from the bubble on, a deal ..."""
    chip_leader: dict[str, Any] | None = None
    """Name, chips and big blinds of the biggest recorded count; None before any."""
    seat_winners: tuple[str, ...] = ()
    """A satellite whose seats are decided: the players who won them (it is over)."""
    seats: int = 0
    """A satellite's seats (0: not a satellite) and what each is worth."""
    seat_value: int = 0
    seat_bubble: bool = False
    """One player more than the seats is left: the next player out wins no seat."""
    hand_for_hand: dict[str, Any] | None = None
    """Hand-for-hand now (`hand_for_hand`): the hand being played and whether the clock
    stands still; None when play is not hand-for-hand."""
    final_table: bool = False
    """The players left sit at one table, the final one (more than one table was drawn)."""

    def to_dict(self) -> dict[str, Any]:
        """The display data as the TV page and its /api/clock read it (the reading's keys,
        then the figures)."""
        data = self.reading.as_dict()
        data.update(
            name=self.name,
            structure=self.structure,
            players_left=self.players_left,
            entries=self.entries,
            average_stack=self.average_stack,
            average_big_blinds=self.average_big_blinds,
            prize_pool=self.prize_pool,
            winner=self.winner,
            results=list(self.results),
            bounties=self.bounties,
            panels=list(self.panels),
            chip_leader=self.chip_leader,
            seat_winners=list(self.seat_winners),
            seats=self.seats,
            seat_value=self.seat_value,
            seat_bubble=self.seat_bubble,
            hand_for_hand=self.hand_for_hand,
            final_table=self.final_table,
        )
        return data


def _leader(
    leader: tuple[str, int] | None, big_blind: int, at_last_count: bool = False
) -> dict[str, Any] | None:
    """The chip leader as the displays show it: name, chips and big blinds, and whether
    counts were taken before the last bust (`at_last_count`: the chips won since are missing,
    so the displays say "at the last count")."""
    if leader is None:
        return None
    from tdtool.tournament.chip_counts import in_big_blinds

    name, chips = leader
    return {
        "name": name,
        "chips": chips,
        "big_blinds": in_big_blinds(chips, big_blind),
        "at_last_count": at_last_count,
    }


def view_data(state: State, now: float, base: DisplayBase | None = None) -> ClockView:
    """Everything a clock display shows: the reading plus the tournament's figures
    (`base`: `display_base(state)` worked out before)."""
    if base is None:
        base = display_base(state)
    if state.structure is None or base.clock is None:
        r = clock_reading(state, now)  # says there is no clock
    else:
        r = reading(state.clock.facts, state.structure, now, base.clock)
    f = base.figures
    average = f["average_stack"]
    return ClockView(
        reading=r,
        name=f["name"],
        structure=f["structure"],
        players_left=f["players_left"],
        entries=f["entries"],
        average_stack=average,
        average_big_blinds=round(average / r.level.big_blind, 1) if r.level.big_blind else None,
        chip_leader=_leader(
            f["chip_leader"], r.level.big_blind, f.get("counts_before_last_bust", False)
        ),
        seats=f["seats"],
        seat_value=f["seat_value"],
        seat_bubble=bool(f["seats"]) and f["players_left"] == f["seats"] + 1,
        prize_pool=f["prize_pool"],
        winner=f["winner"],
        seat_winners=tuple(f["seat_winners"]),
        results=tuple(f["results"]),
        bounties=f["bounties"],
        panels=tuple(f["panels"]),
        hand_for_hand=f.get("hand_for_hand"),
        final_table=f.get("final_table", False),
    )


def hand_for_hand(state: State) -> dict[str, Any] | None:
    """The displays' hand-for-hand: `hand`, the hand being played (0 before the first `clock
    hand`), and `clock_stops` (the terms keep the clock still, TDA RP-8); None when the next
    hand is not played hand-for-hand."""
    from tdtool.tournament.director import hand_for_hand_next

    if not hand_for_hand_next(state):
        return None
    return {
        "hand": state.hand_for_hand_hands,
        "clock_stops": state.terms.hand_for_hand_clock == "pause",
    }


def final_table(state: State) -> bool:
    """Whether the field has come down to its final table: one table in play, the players
    left at it, in a tournament that was drawn at more than one (a one-table game starts
    there, nothing is announced)."""
    plan = state.plan
    if not state.drawn or state.players_left <= 1 or len(plan.open_tables()) != 1:
        return False
    return plan.final_table is not None or state.event_entries > plan.seats


TV_BOUNTIES = 3
"""How many of the biggest bounties the TV page shows."""


def tv_bounties(state: State) -> dict[str, Any] | None:
    """The TV page's bounty panel: the kind and the biggest bounties of the players still in,
    each with its amount as read aloud ('87.50'); None when the terms have no bounties."""
    from tdtool.tournament.bounty import biggest, money

    if not state.terms.bounties:
        return None
    return {
        "kind": "pko" if state.terms.pko else "fixed",
        "biggest": [
            {"name": n, "bounty_cents": c, "bounty": money(c)}
            for n, c in biggest(state, TV_BOUNTIES)
        ],
    }
