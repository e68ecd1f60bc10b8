"""The tournament's current state: the fold of its event log (`state = fold(events)`).

Each event kind has a reducer, a function `(state, event) -> None` that updates the state
being built. The kinds of the tournament itself (creation, players, seats) are registered
here; other modules add theirs with the `reducer` decorator, and the module that defines
them is listed in `REDUCER_MODULES` so that `fold` imports it before folding::

    from tdtool.tournament.state import reducer

    @reducer("clock.start")
    def _clock_start(state, event):
        state.extra.setdefault("clock", {})["started_at"] = event.at

Reducers apply recorded facts only: a draw, a bust and its moves are recorded with their
outcome (who sits where), so replaying the log never needs the RNG and always gives the
same plan. An event kind no reducer knows is refused: the file was written by a newer
tdtool.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from tdtool.errors import InputError
from tdtool.game import Game
from tdtool.tournament.seating import Move, Seat, TablePlan
from tdtool.tournament.structure import Break, Level, Period, Structure
from tdtool.tournament.terms import Terms


class EventLike(Protocol):
    """What a reducer reads from an event (tdtool.io.store.Event has these)."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def data(self) -> dict[str, Any]: ...
    @property
    def at(self) -> float: ...


Reducer = Callable[["State", Any], None]

REDUCERS: dict[str, Reducer] = {}
"""Event kind -> the reducer that folds it into the state."""

REDUCER_MODULES: tuple[str, ...] = ("tdtool.tournament.clock", "tdtool.tournament.money")
"""Modules that register reducers of their own; imported by `fold` before it folds
(e.g. "tdtool.tournament.clock"). A module missing from this install is skipped."""

_loaded = False


def reducer(*kinds: str) -> Callable[[Reducer], Reducer]:
    """Register the decorated function as the reducer of `kinds`."""

    def register(fn: Reducer) -> Reducer:
        for kind in kinds:
            if kind in REDUCERS and REDUCERS[kind] is not fn:
                raise ValueError(f"event kind {kind!r} already has a reducer")
            REDUCERS[kind] = fn
        return fn

    return register


# --- the state ---------------------------------------------------------------------------------


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


@dataclass(frozen=True)
class Place:
    """A finishing place; `tied` players share places `place` .. `place + tied - 1`."""

    place: int
    tied: int = 1


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
    last_event_at: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """State of other modules' event kinds (e.g. "clock"), keyed by module."""

    def player(self, name: str) -> Player:
        """The player called `name` (any capitalisation), or InputError."""
        found = self.players.get(name.casefold())
        if found is None:
            raise InputError(f"No player called {name!r}; `tdtool player list` shows the names.")
        return found

    def seat(self, name: str) -> Seat | None:
        """The player's seat, or None."""
        return self.plan.seat_of(self.player(name).name)

    def status(self, name: str) -> str:
        """`seated`, `unseated` or `busted` (specs/cli.md)."""
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
        return sum(1 for p in self.players.values() if not p.busted)

    def place_of(self, group: int, rank: int) -> Place:
        """The finishing place of the busted entry with this (elimination group, rank)."""
        busted_before = sum(len(g) for g in self.eliminations[:group])
        hand = self.eliminations[group]
        left_before = self.entries - busted_before
        better = sum(1 for _, r in hand if r < rank)
        tied = sum(1 for _, r in hand if r == rank)
        return Place(left_before - len(hand) + 1 + better, tied)

    def place(self, name: str) -> Place | None:
        """The place of the player's last busted entry (1 for the winner), None while they play."""
        p = self.player(name)
        if not p.busted or not p.places:
            return Place(1) if self.winner() == p.name else None
        return self.place_of(*p.places[-1])

    def winner(self) -> str | None:
        """The last player standing once everyone else has busted."""
        if not self.eliminations or self.players_left != 1:
            return None
        return next(p.name for p in self.players.values() if not p.busted)

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
    def total_chips(self) -> int:
        """Chips in play: starting stacks of every entry plus rebuys and add-ons."""
        return (
            self.entries * self.starting_stack
            + self.rebuys * self.rebuy_chips
            + self.addons * self.addon_chips
        )

    @property
    def average_stack(self) -> int:
        """Average chips of the players left (0 when nobody is left)."""
        left = self.players_left
        return round(self.total_chips / left) if left else 0

    @property
    def prize_pool(self) -> int:
        """Entries, rebuys and add-ons times their prize-pool part, topped up to the guarantee."""
        from tdtool.tournament.payouts import prize_pool

        return prize_pool(self.terms, self.entries, self.rebuys, self.addons).total


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
    from tdtool.tournament.clock import state_reading

    return state_reading(state, now).level.number


def registration_open(state: State, now: float) -> bool:
    """Whether a new entry or a re-entry is still accepted at `now`."""
    closes = state.structure.late_registration if state.structure else None
    return closes is None or current_level(state, now) <= closes


# --- structure <-> JSON (the structure is stored in the log, so the file stands alone) ----------


def structure_to_dict(s: Structure) -> dict[str, Any]:
    """A JSON-ready dict of the structure."""
    periods: list[dict[str, Any]] = []
    for p in s.periods:
        if isinstance(p, Level):
            d: dict[str, Any] = {
                "level": p.number,
                "small_blind": p.small_blind,
                "big_blind": p.big_blind,
                "minutes": p.minutes,
                "ante": p.ante,
                "bb_ante": p.bb_ante,
            }
            if p.bets is not None:
                d["bets"] = list(p.bets)
            periods.append(d)
        else:
            periods.append({"break": p.minutes, "color_up": list(p.color_up)})
    return {
        "name": s.name,
        "starting_stack": s.starting_stack,
        "game": str(s.game),
        "chips": list(s.chips),
        "late_registration": s.late_registration,
        "periods": periods,
    }


def structure_from_dict(d: dict[str, Any]) -> Structure:
    """Rebuild a structure from `structure_to_dict` output."""
    periods: list[Period] = []
    for p in d["periods"]:
        if "break" in p:
            periods.append(Break(p["break"], tuple(p.get("color_up", ()))))
        else:
            bets = p.get("bets")
            periods.append(
                Level(
                    p["level"],
                    p["small_blind"],
                    p["big_blind"],
                    p["minutes"],
                    p.get("ante", 0),
                    p.get("bb_ante", 0),
                    (bets[0], bets[1]) if bets else None,
                )
            )
    return Structure(
        name=d["name"],
        starting_stack=d["starting_stack"],
        periods=tuple(periods),
        game=Game(d.get("game", "no-limit")),
        chips=tuple(d.get("chips", ())),
        late_registration=d.get("late_registration"),
    )


# --- the fold ----------------------------------------------------------------------------------


def _load_reducer_modules() -> None:
    global _loaded
    if _loaded:
        return
    for name in REDUCER_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    _loaded = True


def fold(events: Iterable[Any], state: State | None = None) -> State:
    """The state the events lead to, applied in order (on top of `state` when given)."""
    _load_reducer_modules()
    if state is None:
        state = State()
    for event in events:
        fn = REDUCERS.get(event.kind)
        if fn is None:
            raise InputError(
                f"The tournament's log holds an event of kind {event.kind!r} (#{event.seq})"
                " that this tdtool does not know; upgrade tdtool."
            )
        fn(state, event)
        state.last_event_at = event.at
    return state


# --- reducers of the tournament's own kinds -----------------------------------------------------


@reducer("tournament.created")
def _created(state: State, event: Any) -> None:
    d = event.data
    state.name = d["name"]
    state.structure = structure_from_dict(d["structure"])
    state.terms = Terms.from_dict(d.get("terms", {}))
    state.seats_per_table = d.get("seats", 9)
    state.tables_available = d.get("tables")
    available = None if state.tables_available is None else range(1, state.tables_available + 1)
    state.plan = TablePlan(
        state.seats_per_table, available, break_order=d.get("break_order") or None
    )


@reducer("player.registered")
def _registered(state: State, event: Any) -> None:
    name = event.data["name"]
    state.players[name.casefold()] = Player(name)
    state.entries += 1


@reducer("player.reentered")
def _reentered(state: State, event: Any) -> None:
    p = state.player(event.data["name"])
    p.busted = False
    p.entries += 1
    state.entries += 1


@reducer("player.rebuy")
def _rebuy(state: State, event: Any) -> None:
    state.player(event.data["name"]).rebuys += 1
    state.rebuys += 1


@reducer("player.addon")
def _addon(state: State, event: Any) -> None:
    state.player(event.data["name"]).addons += 1
    state.addons += 1


@reducer("seat.drawn", "seat.moved")
def _moved(state: State, event: Any) -> None:
    """A batch of moves applied as one (a draw, a late entry, a break, a balance move ...)."""
    if event.kind == "seat.drawn":
        state.drawn = True
    state.plan.apply_moves([Move.from_dict(m) for m in event.data["moves"]])


@reducer("seat.button")
def _button(state: State, event: Any) -> None:
    state.plan.set_button(event.data["table"], event.data["seat"])
    state.button_at[event.data["table"]] = event.at


@reducer("player.busted")
def _busted(state: State, event: Any) -> None:
    """Players out in one hand; `rank` orders them in that hand (0 best; equal ranks tie)."""
    group = len(state.eliminations)
    hand: list[tuple[str, int]] = []
    for entry in event.data["players"]:
        p = state.player(entry["name"])
        if state.plan.seat_of(p.name) is not None:
            state.plan.remove(p.name)
        p.busted = True
        p.places.append((group, entry.get("rank", 0)))
        hand.append((p.name, entry.get("rank", 0)))
    state.eliminations.append(hand)
