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
    seat: tuple[int, int] | None = None
    """(table, seat) while seated."""
    busted: bool = False
    places: list[tuple[int, int]] = field(default_factory=list)
    """(elimination group, rank in that hand) of each busted entry, in order."""

    @property
    def status(self) -> str:
        """`seated`, `unseated` or `busted` (specs/cli.md)."""
        if self.busted:
            return "busted"
        return "seated" if self.seat is not None else "unseated"


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
    tables: dict[int, dict[int, str]] = field(default_factory=dict)
    """Open tables: table number -> seat number -> player name."""
    buttons: dict[int, int] = field(default_factory=dict)
    """Recorded button seat of each open table (TDA 11 needs it to move the right player)."""
    broken: list[int] = field(default_factory=list)
    """Tables broken so far, in order."""
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
        """The place of the player's last busted entry, or None while they play."""
        p = self.player(name)
        if not p.busted or not p.places:
            return None
        return self.place_of(*p.places[-1])

    @property
    def total_chips(self) -> int:
        """Chips in play: starting stacks of every entry plus rebuys and add-ons."""
        start = self.structure.starting_stack if self.structure else 0
        rebuy = self.terms.rebuy_chips or start
        addon = self.terms.addon_chips or start
        return self.entries * start + self.rebuys * rebuy + self.addons * addon

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


def fold(events: Iterable[Any]) -> State:
    """The state the events lead to, applied in order."""
    _load_reducer_modules()
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


def _seat(state: State, name: str, table: int, seat: int) -> None:
    p = state.player(name)
    if p.seat is not None:
        state.tables[p.seat[0]].pop(p.seat[1], None)
    state.tables.setdefault(table, {})[seat] = p.name
    p.seat = (table, seat)


def _unseat(state: State, p: Player) -> None:
    if p.seat is not None:
        state.tables[p.seat[0]].pop(p.seat[1], None)
        p.seat = None


@reducer("tournament.created")
def _created(state: State, event: Any) -> None:
    d = event.data
    state.name = d["name"]
    state.structure = structure_from_dict(d["structure"])
    state.terms = Terms.from_dict(d.get("terms", {}))
    state.seats_per_table = d.get("seats", 9)
    state.tables_available = d.get("tables")


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


@reducer("seat.drawn")
def _drawn(state: State, event: Any) -> None:
    state.drawn = True
    for table in event.data.get("tables", []):
        state.tables.setdefault(int(table), {})
    for name, (table, seat) in event.data["seats"].items():
        _seat(state, name, table, seat)


@reducer("player.seated")
def _seated(state: State, event: Any) -> None:
    d = event.data
    state.tables.setdefault(d["table"], {})
    _seat(state, d["name"], d["table"], d["seat"])


@reducer("seat.moved")
def _moved(state: State, event: Any) -> None:
    d = event.data
    _seat(state, d["name"], d["to"][0], d["to"][1])


@reducer("table.opened")
def _opened(state: State, event: Any) -> None:
    state.tables.setdefault(event.data["table"], {})


@reducer("table.closed")
def _closed(state: State, event: Any) -> None:
    table = event.data["table"]
    for name in list(state.tables.get(table, {}).values()):
        _unseat(state, state.player(name))
    state.tables.pop(table, None)
    state.buttons.pop(table, None)
    state.broken.append(table)


@reducer("seat.button")
def _button(state: State, event: Any) -> None:
    state.buttons[event.data["table"]] = event.data["seat"]


@reducer("player.busted")
def _busted(state: State, event: Any) -> None:
    group = len(state.eliminations)
    hand: list[tuple[str, int]] = []
    for entry in event.data["players"]:
        p = state.player(entry["name"])
        _unseat(state, p)
        p.busted = True
        p.places.append((group, entry.get("rank", 0)))
        hand.append((p.name, entry.get("rank", 0)))
    state.eliminations.append(hand)
