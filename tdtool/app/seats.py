"""Seats: the draw, the table plan, balancing, table breaks, buttons."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tdtool.app.change import Ask, Change, moves_json, read_state, run_change
from tdtool.tournament import director
from tdtool.tournament.seating import Move, Seat
from tdtool.tournament.state import State

_SEAT_KEYS = tuple(str(s) for s in range(100))
"""Seat numbers as JSON keys (22,500 seats at 30,000 entries)."""


@dataclass(frozen=True)
class TableView:
    """One open table: its seats (seat -> player), the button and when it was recorded, and
    its locked seats."""

    table: int
    button: int | None
    button_recorded_at: float | None
    seats: tuple[tuple[int, str], ...]
    locked: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (seats keyed by the seat number as text; `locked` only at a table with
        locked seats, so a plan without locks reads as it did before locks)."""
        out: dict[str, Any] = {
            "table": self.table,
            "button": self.button,
            "button_recorded_at": self.button_recorded_at,
            "seats": {(_SEAT_KEYS[s] if 0 <= s < 100 else str(s)): p for s, p in self.seats},
        }
        if self.locked:
            out["locked"] = list(self.locked)
        return out


@dataclass(frozen=True)
class PlanView:
    """Who sits where, and who is not seated yet."""

    tables: tuple[TableView, ...]
    unseated: tuple[str, ...]
    players_left: int

    def to_dict(self) -> dict[str, Any]:
        """`tdtool seat show --json`."""
        return {"tables": [t.to_dict() for t in self.tables], "unseated": list(self.unseated)}


def plan_of(state: State) -> PlanView:
    """The table plan of a state."""
    plan = state.plan
    recorded_at = state.button_at.get
    tables = []
    locked: dict[int, list[int]] = {}
    for x in plan.locked():
        locked.setdefault(x.table, []).append(x.seat)
    for t, seats in plan.seating():
        button = plan.button(t)
        held = tuple(locked.get(t, ()))
        tables.append(TableView(t, button, recorded_at(t) if button else None, seats, held))
    left = state.players_left
    # Seated players are never busted: when as many sit as are left, nobody waits for a seat
    # (the usual case, and the look-up of every player cost 11 ms at 30,000 entries).
    unseated = (
        ()
        if plan.player_count == left
        else tuple(
            p.name for p in state.players.values() if not p.busted and plan.seat_of(p.name) is None
        )
    )
    return PlanView(tuple(tables), unseated, left)


def plan(db: Path) -> PlanView:
    """The table plan of the tournament in `db`."""
    return plan_of(read_state(db))


@dataclass(frozen=True)
class Seated:
    """A change of seats (draw, balance, break) and the plan after it."""

    moves: tuple[Move, ...]
    plan: PlanView
    language: str = "en"
    """The tournament's language: the moves are read aloud in it (tdtool.i18n)."""
    left_short: int | None = None
    """A table left two short: it breaks next, within two busts (`seating.left_short`)."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool seat balance|break --json`."""
        return {"moves": moves_json(self.moves), **self.plan.to_dict()}


def _seated(change: Change) -> Seated:
    from tdtool.tournament.seating import left_short

    late = director.entries_to_come(change.state, change.now)
    short = left_short(change.state.plan, late_registration=late)
    return Seated(change.moves, plan_of(change.state), change.state.terms.language, short)


def draw(db: Path) -> Seated:
    """The random seat draw for everyone registered, tables filled evenly (TDA 7, 8A)."""
    return _seated(run_change(db, lambda s, now, rng, choose: director.draw(s, rng)))


def balance(db: Path, ask: Ask | None = None) -> Seated:
    """Balance now: breaks, TDA 11 moves and the final table as the plan needs."""
    return _seated(
        run_change(db, lambda s, now, rng, choose: director.balance(s, rng, choose, now), ask)
    )


def break_table(db: Path, table: int, ask: Ask | None = None) -> Seated:
    """Break `table` now: its players draw new seats at the others (TDA 10B, 11C)."""
    return _seated(
        run_change(
            db, lambda s, now, rng, choose: director.break_table(s, table, rng, choose, now), ask
        )
    )


def move(db: Path, name: str, table: int, seat: int, lock: bool = False) -> Seated:
    """Move a seated player to an open seat by hand (recorded; `undo` takes it back), with
    `lock` locking the new seat too."""
    return _seated(
        run_change(
            db, lambda s, now, rng, choose: director.move_by_hand(s, name, table, seat, lock)
        )
    )


@dataclass(frozen=True)
class Lock:
    """A seat locked or unlocked, who sits there, and the moves an unlock set off."""

    table: int
    seat: int
    player: str | None
    locked: bool
    moves: tuple[Move, ...] = ()
    """What the plan did once the lock was off: the table it kept open breaks, or tables it
    kept uneven balance (`director.unlock`); empty for a lock."""
    language: str = "en"

    def to_dict(self) -> dict[str, Any]:
        """`tdtool seat lock|unlock --json`."""
        return {"table": self.table, "seat": self.seat, "player": self.player,
                "locked": self.locked, "moves": moves_json(self.moves)}  # fmt: skip


def lock(db: Path, table: int, seat: int, on: bool = True, ask: Ask | None = None) -> Lock:
    """Lock a seat (its player stays put when the tool balances or breaks), or unlock it (and
    settle the plan the lock held back)."""

    def act(s: State, now: float, rng: Any, choose: Any) -> Any:
        if on:
            return director.lock(s, table, seat)
        return director.unlock(s, table, seat, rng, choose, now)

    change = run_change(db, act, ask)
    moves = change.moves
    # The player unlocked, even when the settling moved them on (the table broke).
    left = [m.player for m in moves if m.from_seat == Seat(table, seat)]
    player = left[0] if left else change.state.plan.players_at(table).get(seat)
    return Lock(table, seat, player, on, moves, change.state.terms.language)


@dataclass(frozen=True)
class ButtonRecorded:
    """Where the button is at a table, and who sits there (None: a dead button)."""

    table: int
    seat: int
    player: str | None

    def to_dict(self) -> dict[str, Any]:
        """`tdtool seat button --json`."""
        return {"table": self.table, "button": self.seat, "player": self.player}


def button(db: Path, table: int, seat: int) -> ButtonRecorded:
    """Record where the button is at a table (TDA 11A moves then follow it exactly)."""
    change = run_change(db, lambda s, now, rng, choose: director.button(s, table, seat))
    return ButtonRecorded(table, seat, change.state.plan.players_at(table).get(seat))


@dataclass(frozen=True)
class SeatPaper:
    """What `tdtool seat print` puts on paper: who sits where, who waits for a seat, and
    table moves (each with the change that recorded it and when)."""

    tournament: str
    seated: tuple[tuple[str, int, int], ...]
    """(player, table, seat) for every seated player, in no particular order."""
    waiting: tuple[str, ...]
    moves: tuple[tuple[int, float, Move], ...]
    """(change, at, move): table moves (from one seat to another), in the order recorded."""
    entered: tuple[tuple[str, int], ...] = ()
    """(player, change): the change in which each seated player last sat down as an entry
    (the draw, a late entry, a re-entry), named as called now."""
    seats_change: int = 0
    """The last change that drew, moved or seated players (0: none): what the paper shows."""
    language: str = "en"
    """The tournament's language (its terms'): the paper is printed in it."""


def _now_called(move: Move, seq: int, renames: list[Any]) -> Move:
    """`move` (recorded as event `seq`) naming its player as the renames since call them."""
    name = move.player
    for e in renames:
        if e.seq > seq and e.data["old"] == name:
            name = e.data["new"]
    return move if name == move.player else replace(move, player=name)


def paper(db: Path, every_move: bool = False) -> SeatPaper:
    """The seats and the table moves of the last change that moved players (with
    `every_move`: every table move still in effect, in order)."""
    from tdtool.i18n import language_of
    from tdtool.io.store_base import open_store
    from tdtool.tournament.events import EventKind

    kinds = {EventKind.SEAT_MOVED.value, EventKind.SEAT_DRAWN.value, EventKind.PLAYER_RENAMED.value}
    with open_store(db) as store:
        state: State = store.state()
        events = store.events(kinds=kinds)
    renames = [e for e in events if e.kind == EventKind.PLAYER_RENAMED]
    entered: dict[str, int] = {}
    seats_change = 0
    for e in events:
        if e.kind == EventKind.PLAYER_RENAMED:
            continue
        seats_change = max(seats_change, e.change)
        for d in e.data["moves"]:
            m = Move.from_dict(d)
            if m.from_seat is None:
                entered[_now_called(m, e.seq, renames).player] = e.change
    moves = [
        (e.change, e.at, _now_called(m, e.seq, renames))  # a slip names them as called now
        for e in events
        if e.kind == EventKind.SEAT_MOVED
        for m in (Move.from_dict(d) for d in e.data["moves"])
        if m.from_seat is not None
    ]
    if moves and not every_move:
        last = moves[-1][0]
        moves = [m for m in moves if m[0] == last]
    view = plan_of(state)
    seated = tuple((p, t.table, s) for t in view.tables for s, p in t.seats)
    on = {p for p, _, _ in seated}
    return SeatPaper(
        state.name,
        seated,
        view.unseated,
        tuple(moves),
        tuple((p, c) for p, c in entered.items() if p in on),
        seats_change,
        language_of(state),
    )
