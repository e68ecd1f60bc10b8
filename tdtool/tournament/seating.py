"""Seating: the seat draw, late entries, balancing, table breaks, the final table (TDA 7-11, RP-9).

Pure: nothing here reads the clock or draws random numbers itself. Every decision that needs
chance takes an RNG (a `random.Random`), and every decision is returned as a list of `Move`
values. The functions that decide (`draw`, `seat_entry`, `rebalance`, `break_table`) also apply
their moves to the plan they are given, so the caller's plan is current afterwards; replaying the
returned moves on a copy of the earlier plan (`TablePlan.apply_moves`) reproduces it exactly
and needs no RNG. That is how the event store records and replays seating.

API (stable):

- `Seat(table, seat)`, `Move(player, from_seat, to_seat, reason, chosen_by_tool=False)`,
  `MoveReason` (draw, late-entry, balance, table-break, final-table): frozen values with
  `to_dict()` / `from_dict()`.
- `TablePlan(seats=9, tables=None, break_order=None, final_table_seats=None)`: who sits where.
  `tables` is the list of table numbers available (None: 1, 2, 3, ... as many as needed).
  Reading: `seat_of(player)`, `players_at(table)` ({seat: player}), `open_tables()`,
  `count(table)`, `button(table)`, `capacity(table)`, `player_count`, `needed_tables()`.
  Changing: `apply(move)`, `apply_moves(moves)` (a list as returned by the functions below,
  in order; a player may appear twice; a final-table redraw applies as one), `remove(player)`
  (a bust), `set_button(table, seat)` (the seat where the button is now; it is cleared when
  the table breaks or the final table is drawn).
  Whole: `copy()`, `snapshot()` (JSON-able dict), `TablePlan.from_snapshot(d)`.
  Every operation costs O(1) or O(seats per table) (plus a memmove of a list of table numbers):
  the cost of a bust does not grow with the field.
- `draw(plan, players, rng)`: the random seat draw (TDA 7, 8A) at the fewest tables the field
  needs, filled evenly (table sizes differ by at most one).
- `seat_entry(plan, player, rng)`: a late entry or re-entry takes a random open seat at a table
  with the fewest players; if every open table is full a new table opens. Call `rebalance`
  afterwards (a new table with one player must be balanced), with `spread=NEW_TABLE_SPREAD`
  when a table opened.
- `seat_late_entries(plan, players, rng, choose=None)`: `seat_entry` for each, then
  `rebalance`, with `NEW_TABLE_SPREAD` when an entry opened a table.
- `rebalance(plan, rng, choose=None, spread=1, late_registration=False)`: after a bust, an
  entry, or on demand. Repeats
  until the plan is settled:
    1. Final table (RP-9): when the players fit one final table (`final_table_seats`: 9 for 8-
       and 9-handed events, 7 for 6- and 7-handed, else the table size) and more than one table
       is open, everyone draws a new seat at the table that breaks last (reason final-table).
    2. Break (TDA 10B, 11C; WSOP 66): as soon as the players fit in one table fewer, the next
       table in the break order breaks (default: the highest-numbered open table; a given
       `break_order` comes first, in its order). Its players, in random order, each go to a
       random table among those with the fewest players and take a random open seat there.
       With `late_registration=True` (entries are still to come) "fit" means with an open
       seat left at every table that stays (`late_entry_reserve`, TDA 8A's seat pool), so a
       table that breaks stays broken: the next entries sit down in those seats instead of
       opening it again (docs/README.md, "Tables during late registration").
    3. Balance (TDA 11A, 11C; WSOP 67): while the fullest and the shortest table differ by more
       than `spread` players (one, normally), one player moves. Except: when the only
       shortest table is the one that breaks next, it breaks within `BREAK_IN_SIGHT` (2)
       busts and is less than `HALT_SHORT` (3, TDA 11D) short, it is left as it is, so
       nobody is moved there to move again when it breaks. The giving table is fixed by
       this procedure: the fullest table; among several equally full, the next in table-number
       order after the table that gave last (wrapping around), so the moves rotate around the
       room. The receiving table is the shortest; among several, the lowest-numbered that
       is not the table that breaks next (first in the break order): a player moved there
       would move again when it breaks.
       The player moved is the one who would be big blind next hand at the giving table. That
       needs the table's button (`set_button`): the recorded seat is where the button is now;
       the next hand's button goes to the next occupied seat clockwise, the small blind to the
       occupied seat after it (heads-up, the button is the small blind) and the big blind to the
       occupied seat after that. Without a recorded button `choose(table, candidates)` is
       asked (the director names the player); without `choose` the RNG picks and the move has
       `chosen_by_tool=True`. The player takes the worst open seat at the short table: the open
       seat that will post the big blind soonest, i.e. the first open seat clockwise after the
       next hand's small blind there. That may be the big blind, never the small blind. Without
       a recorded button at the short table the seat is drawn at random among its open seats.
       Positions are worked out from the seats occupied now; when one table gives two players
       in one call (a new table opened), the second is the next big blind after the first.
- `NEW_TABLE_SPREAD` (2): how far apart tables may be left when a late entry opens a table.
  TDA 11D halts play at a table 3 or more players short of the fullest, so a new table needs
  at least the fullest table's count less two before it can deal; balancing to within one
  there would move players the next late entries are about to replace (they sit at the
  shortest table first, TDA 8A). So only as many players move as leave no table 3 or more
  short; the next bust balances to within one again.
- `fits_one_table_fewer(plan, late_registration=False)`, `late_entry_reserve(open_tables)`,
  `held_for_late_entries(plan)`: whether the next table breaks now, the seats a break leaves
  for late entries, and the table kept open for them (with the count it breaks at).
- `break_table(plan, table, rng)`: break one table now (the director's call), reseating as in 2.
- `check_invariants(plan)`: the list of broken invariants (empty when all hold).
- Position helpers: `next_small_blind`, `big_blind_next`, `worst_open_seat` (occupants, button,
  seats at the table), `rp9_final_table_seats(seats)`.

Places and hand-for-hand are in `tdtool.tournament.places`.

>>> import random
>>> plan = TablePlan(seats=9)
>>> moves = draw(plan, [f"P{i}" for i in range(20)], random.Random(1))
>>> sorted(plan.count(t) for t in plan.open_tables())
[6, 7, 7]
>>> busted = plan.remove("P0")
>>> len(rebalance(plan, random.Random(2))) <= 1 and check_invariants(plan)
[]
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import chain
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError, RuleError

if TYPE_CHECKING:
    from tdtool.tournament.rng import Rng

Chooser = Callable[[int, list[str]], str]
"""`choose(table, candidates) -> player`: the director names who moves from `table`."""


@dataclass(frozen=True, order=True)
class Seat:
    """A seat: table number and seat number, both from 1."""

    table: int
    seat: int

    def __str__(self) -> str:
        return f"Table {self.table}, seat {self.seat}"

    def to_dict(self) -> dict[str, int]:
        """A JSON-ready dict."""
        return {"table": self.table, "seat": self.seat}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        """Rebuild from `to_dict()` output."""
        return cls(int(data["table"]), int(data["seat"]))


class MoveReason(StrEnum):
    """Why a player takes a seat."""

    DRAW = "draw"
    LATE_ENTRY = "late-entry"
    BALANCE = "balance"
    TABLE_BREAK = "table-break"
    FINAL_TABLE = "final-table"
    BY_HAND = "by-hand"
    """The director moved the player (`seat move`): a broken chair, a wrong seat, a feature
    table."""


@dataclass(frozen=True)
class Move:
    """A player taking a seat: from `from_seat` (None: not seated before) to `to_seat`."""

    player: str
    from_seat: Seat | None
    to_seat: Seat
    reason: MoveReason
    chosen_by_tool: bool = False
    """True when the tool picked the player because no button was recorded and nobody chose."""

    def __str__(self) -> str:
        where = "new entry" if self.from_seat is None else str(self.from_seat)
        return f"{where} ({self.player}) → {self.to_seat}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (stored in the event log)."""
        return {
            "player": self.player,
            "from": None if self.from_seat is None else self.from_seat.to_dict(),
            "to": self.to_seat.to_dict(),
            "reason": str(self.reason),
            "chosen_by_tool": self.chosen_by_tool,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Move:
        """Rebuild from `to_dict()` output."""
        src = data.get("from")
        return cls(
            player=str(data["player"]),
            from_seat=None if src is None else Seat.from_dict(src),
            to_seat=Seat.from_dict(data["to"]),
            reason=MoveReason(data["reason"]),
            chosen_by_tool=bool(data.get("chosen_by_tool", False)),
        )


def rp9_final_table_seats(seats: int) -> int:
    """Players at the final table by RP-9: 9 for 8- and 9-handed events, 7 for 6- and 7-handed.

    >>> [rp9_final_table_seats(n) for n in (10, 9, 8, 7, 6, 5)]
    [10, 9, 9, 7, 7, 5]
    """
    if seats in (8, 9):
        return 9
    if seats in (6, 7):
        return 7
    return seats


class TablePlan:
    """Who sits where: seats per table, tables available, occupants, buttons, open tables.

    A table is open while someone sits at it. Mutable for speed; `copy()` for a snapshot.
    """

    def __init__(
        self,
        seats: int = 9,
        tables: Sequence[int] | None = None,
        *,
        break_order: Sequence[int] | None = None,
        final_table_seats: int | None = None,
    ) -> None:
        if seats < 2:
            raise InputError(
                f"A table needs at least 2 seats, not {seats};", "use {option:seats} 2 or more."
            )
        self.seats = seats
        self.final_seats = (
            rp9_final_table_seats(seats) if final_table_seats is None else final_table_seats
        )
        if self.final_seats < seats:
            raise InputError(
                f"The final table cannot have fewer seats ({self.final_seats}) than the others "
                f"({seats}); give at least {seats}."
            )
        if tables is not None and (len(set(tables)) != len(tables) or any(t < 1 for t in tables)):
            raise InputError("Table numbers must be distinct whole numbers from 1 up.")
        self.tables: tuple[int, ...] | None = None if tables is None else tuple(sorted(tables))
        self._available = None if tables is None else frozenset(tables)
        self.break_order: tuple[int, ...] = tuple(break_order or ())
        if len(set(self.break_order)) != len(self.break_order):
            raise InputError("The break order names a table twice; name each table once.")
        self._break_index = {t: i for i, t in enumerate(self.break_order)}
        self.final_table: int | None = None
        self.last_giver: int | None = None
        self._table: dict[str, int] = {}
        """Player -> the table they sit at (their seat is found among its 10 or so)."""
        self._at: dict[int, dict[int, str]] = {}
        self._buttons: dict[int, int] = {}
        self._locked: set[Seat] = set()
        """Seats whose player the tool never moves (balancing, breaking); see `lock`."""
        self.change: int | None = None
        """The change (one command) the moves below belong to: `begin_change`."""
        self.moved_last: frozenset[str] = frozenset()
        """Players moved in the change before this one and not since had a bust at their
        table: when the tool picks who moves (no button recorded), it picks another player
        while it can, so nobody moves twice in a row (issue 22)."""
        self.moved_now: set[str] = set()
        """Players moved so far in this change."""
        # _by_count[c]: sorted numbers of the open tables with c players.
        self._by_count: list[list[int]] = [[] for _ in range(self.final_seats + 1)]
        # _open: (break key, table) of the open tables, the table that breaks first first.
        self._open: list[tuple[tuple[int, int], int]] = []

    # -- reading ---------------------------------------------------------------------------

    @property
    def player_count(self) -> int:
        """Players seated."""
        return len(self._table)

    def players(self) -> Iterator[str]:
        """Every seated player."""
        return iter(self._table)

    def seat_of(self, player: str) -> Seat | None:
        """The player's seat, or None when not seated."""
        table = self._table.get(player)
        if table is None:
            return None
        for seat, sitter in self._at[table].items():
            if sitter == player:
                return Seat(table, seat)
        raise AssertionError(f"{player} is indexed at table {table} but does not sit there")

    def players_at(self, table: int) -> dict[int, str]:
        """{seat: player} at a table (a copy; empty when the table is not open)."""
        return dict(self._at.get(table, {}))

    def seating(self) -> list[tuple[int, tuple[tuple[int, str], ...]]]:
        """Every open table by number, with its (seat, player) in seat order."""
        at = self._at
        return [(t, tuple(sorted(at[t].items()))) for t in sorted(at)]

    def count(self, table: int) -> int:
        """Players at a table."""
        return len(self._at.get(table, ()))

    def open_tables(self) -> list[int]:
        """Open tables (someone sits there), by number."""
        return sorted(self._at)

    def button(self, table: int) -> int | None:
        """The recorded button seat at a table, or None."""
        return self._buttons.get(table)

    def locked(self) -> list[Seat]:
        """The locked seats, in order: their players stay where they are when the tool
        balances or breaks tables (`lock`)."""
        return sorted(self._locked)

    def is_locked(self, player: str) -> bool:
        """Whether the player sits in a locked seat."""
        seat = self.seat_of(player) if self._locked else None
        return seat is not None and seat in self._locked

    def capacity(self, table: int) -> int:
        """Seats at a table: the final table may have more (RP-9)."""
        return self.final_seats if table == self.final_table else self.seats

    def needed_tables(self, players: int | None = None) -> int:
        """The fewest tables for `players` (default: those seated); one if they fit the final."""
        n = self.player_count if players is None else players
        if n == 0:
            return 0
        if n <= self.final_seats and (n > self.seats or self.final_table is not None):
            return 1
        return math.ceil(n / self.seats)

    def break_key(self, table: int) -> tuple[int, int]:
        """Sort key of the break order: smaller breaks first."""
        i = self._break_index.get(table)
        return (0, i) if i is not None else (1, -table)

    def open_seats(self, table: int) -> list[int]:
        """Open seat numbers at a table."""
        taken = self._at.get(table, {})
        return [s for s in range(1, self.capacity(table) + 1) if s not in taken]

    # -- changing --------------------------------------------------------------------------

    def set_button(self, table: int, seat: int) -> None:
        """Record the seat where the dealer button is now at an open table."""
        if table not in self._at:
            raise InputError(
                f"Table {table} is not in play; open tables: {_listing(self.open_tables())}."
            )
        if not 1 <= seat <= self.capacity(table):
            raise InputError(
                f"Table {table} has seats 1-{self.capacity(table)}; give one of those."
            )
        self._buttons[table] = seat

    def lock(self, seat: Seat) -> str:
        """Lock an occupied seat: its player is not moved to balance the tables, and their
        table does not break while the lock holds (the next in the break order breaks
        instead). The lock ends when the player leaves the seat (a bust, a move by hand) and
        at the final-table draw (RP-9 draws every seat). Returns the player."""
        player = self._at.get(seat.table, {}).get(seat.seat)
        if player is None:
            raise RuleError(
                f"Nobody sits at {seat}: a lock keeps a seated player where they are;",
                "seat the player there first ({seat:move NAME TABLE SEAT}).",
            )
        self._locked.add(seat)
        return player

    def unlock(self, seat: Seat) -> None:
        """Take the lock off a seat."""
        if seat not in self._locked:
            raise RuleError(f"{seat} is not locked; locked: {_seats(self.locked())}.")
        self._locked.discard(seat)

    def rename(self, old: str, new: str) -> None:
        """The player seated as `old` is named `new` (same seat; nothing else moves). The
        order of the seated players is kept, so later draws read them as before."""
        table = self._table.get(old)
        if table is None:
            return
        self._table = {(new if p == old else p): t for p, t in self._table.items()}
        if old in self.moved_last:
            self.moved_last = (self.moved_last - {old}) | {new}
        if old in self.moved_now:
            self.moved_now = (self.moved_now - {old}) | {new}
        at = self._at[table]
        for seat, sitter in at.items():
            if sitter == old:
                at[seat] = new

    def begin_change(self, change: int) -> None:
        """The moves that follow belong to `change`: a new change makes this one's movers
        the last change's (`moved_last`); the same change again changes nothing."""
        if change != self.change:
            self.change = change
            self.moved_last = frozenset(self.moved_now)
            self.moved_now = set()

    def remove(self, player: str) -> Seat:
        """Take a busted player out of their seat; returns the seat. A bust at a table
        frees its players moved in the last change to be moved again."""
        if player not in self._table:
            raise RuleError(f"{player} has no seat; only seated players can be removed.")
        seat = self._vacate(player)
        if self.moved_last:
            table = seat.table
            self.moved_last = frozenset(
                p for p in self.moved_last if p != player and self._table.get(p) != table
            )
        self.moved_now.discard(player)
        return seat

    def apply(self, move: Move) -> None:
        """Apply one recorded move (checked first: nothing changes on an error)."""
        self.apply_moves([move])

    def apply_moves(self, moves: Sequence[Move]) -> None:
        """Apply recorded moves in order, as `rebalance` and friends returned them.

        Moves apply one after the other, except that a run of final-table moves applies as one
        redraw (everyone leaves, then everyone sits), so players may swap seats. A player may
        move more than once in the list (balanced, then reseated by a break). Everything is
        checked first: nothing changes on an error.
        """
        batches = _batches(moves)
        self._check(batches)
        for batch in batches:
            for m in batch:
                if m.from_seat is not None:
                    self._vacate(m.player)
            if batch[0].reason is MoveReason.FINAL_TABLE:
                self.final_table = batch[0].to_seat.table
                self._buttons.pop(self.final_table, None)
                self._locked.clear()
                # The final table's draw (RP-9) is a new draw for everyone, not a move.
                self.moved_last, self.moved_now = frozenset(), set()
            for m in batch:
                self._place(m.player, m.to_seat)
                if m.reason is MoveReason.BALANCE and m.from_seat is not None:
                    self.last_giver = m.from_seat.table
                if (
                    self.change is not None  # kept from the first `begin_change` on
                    and m.from_seat is not None
                    and m.reason is not MoveReason.FINAL_TABLE
                ):
                    self.moved_now.add(m.player)

    def _check(self, batches: list[list[Move]]) -> None:
        """Raise RuleError unless every batch applies after the ones before it."""
        seat_of: dict[str, Seat | None] = {}
        sitter: dict[Seat, str | None] = {}
        final = self.final_table
        for batch in batches:
            movers: set[str] = set()
            targets: set[Seat] = set()
            if batch[0].reason is MoveReason.FINAL_TABLE:
                final = batch[0].to_seat.table
            for m in batch:
                if m.player in movers:
                    raise RuleError(f"{m.player} takes two seats at once; record one move each.")
                movers.add(m.player)
                now = seat_of[m.player] if m.player in seat_of else self.seat_of(m.player)
                if now != m.from_seat:
                    where = "has no seat" if now is None else f"sits at {now}"
                    raise RuleError(
                        f"Cannot move {m.player} from {m.from_seat}: {m.player} {where}."
                    )
            for m in batch:
                to = m.to_seat
                cap = self.final_seats if to.table == final else self.seats
                if not 1 <= to.seat <= cap:
                    raise RuleError(f"{to} does not exist: the table has seats 1-{cap}.")
                if self._available is not None and to.table not in self._available:
                    raise RuleError(
                        f"Table {to.table} is not available: {_listing(self.tables or ())}."
                    )
                if to in targets:
                    raise RuleError(f"Two players move to {to}; give each their own seat.")
                targets.add(to)
                there = sitter[to] if to in sitter else self._at.get(to.table, {}).get(to.seat)
                if there is not None and there not in movers:
                    raise RuleError(f"{to} is taken by {there}; choose an open seat.")
            for m in batch:
                if m.from_seat is not None:
                    sitter[m.from_seat] = None
            for m in batch:
                sitter[m.to_seat] = m.player
                seat_of[m.player] = m.to_seat

    def _place(self, player: str, seat: Seat) -> None:
        table = seat.table
        occupants = self._at.get(table)
        if occupants is None:
            occupants = self._at[table] = {}
            bisect.insort(self._open, (self.break_key(table), table))
        else:
            _discard_sorted(self._by_count[len(occupants)], table)
        occupants[seat.seat] = player
        bisect.insort(self._by_count[len(occupants)], table)
        self._table[player] = table

    def _vacate(self, player: str) -> Seat:
        seat = self.seat_of(player)
        assert seat is not None
        table = seat.table
        del self._table[player]
        if self._locked:
            self._locked.discard(seat)
        occupants = self._at[table]
        _discard_sorted(self._by_count[len(occupants)], table)
        del occupants[seat.seat]
        if occupants:
            bisect.insort(self._by_count[len(occupants)], table)
        else:
            del self._at[table]
            _discard_sorted(self._open, (self.break_key(table), table))
            self._buttons.pop(table, None)
        return seat

    # -- whole plan ------------------------------------------------------------------------

    def copy(self) -> TablePlan:
        """An independent copy."""
        new = TablePlan.__new__(TablePlan)
        new.__dict__.update(self.__dict__)
        new._table = dict(self._table)
        new._at = {t: dict(o) for t, o in self._at.items()}
        new._buttons = dict(self._buttons)
        new._locked = set(self._locked)
        new.moved_now = set(self.moved_now)
        new._by_count = [list(b) for b in self._by_count]
        new._open = list(self._open)
        return new

    def snapshot(self) -> dict[str, Any]:
        """The plan as a JSON-ready dict (`from_snapshot` rebuilds it): who sits where, the
        buttons, locks and the break order. Who moved lately (`moved_last`, a tie-break of
        the tool's own pick) is left out, so plans compare by their seats; the stored
        snapshot (`parts`) keeps it."""
        return {
            "seats": self.seats,
            "tables": None if self.tables is None else list(self.tables),
            "break_order": list(self.break_order),
            "final_table_seats": self.final_seats,
            "final_table": self.final_table,
            "last_giver": self.last_giver,
            "occupants": {
                str(t): {str(s): p for s, p in sorted(self._at[t].items())}
                for t in sorted(self._at)
            },
            "buttons": {str(t): s for t, s in sorted(self._buttons.items())},
            "locked": [[x.table, x.seat] for x in self.locked()],
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> TablePlan:
        """Rebuild a plan from `snapshot()` output."""
        return cls.from_parts(
            int(data["seats"]),
            data.get("tables"),
            list(data.get("break_order") or ()),
            data.get("final_table_seats"),
            data.get("final_table"),
            data.get("last_giver"),
            {
                int(t): {int(s): str(p) for s, p in occupants.items()}
                for t, occupants in data.get("occupants", {}).items()
            },
            {int(t): int(s) for t, s in data.get("buttons", {}).items()},
            [(int(t), int(s)) for t, s in data.get("locked", ())],
            data.get("change"),
            [str(p) for p in data.get("moved_last", ())],
            [str(p) for p in data.get("moved_now", ())],
        )

    def parts(
        self,
    ) -> tuple[
        int,
        list[int] | None,
        list[int],
        int,
        int | None,
        int | None,
        dict[int, dict[int, str]],
        dict[int, int],
        list[tuple[int, int]],
        int | None,
        list[str],
        list[str],
    ]:
        """The plan as plain values (`from_parts` rebuilds it): seats, tables, break order,
        final table seats, final table, last giver, occupants (table -> seat -> player),
        buttons (table -> seat), locked seats (table, seat), the change, the players moved
        in the change before it and in it."""
        return (
            self.seats,
            None if self.tables is None else list(self.tables),
            list(self.break_order),
            self.final_seats,
            self.final_table,
            self.last_giver,
            self._at,
            self._buttons,
            [(x.table, x.seat) for x in self.locked()],
            self.change,
            sorted(self.moved_last),
            sorted(self.moved_now),
        )

    @classmethod
    def from_parts(
        cls,
        seats: int,
        tables: Sequence[int] | None,
        break_order: Sequence[int],
        final_table_seats: int | None,
        final_table: int | None,
        last_giver: int | None,
        occupants: dict[int, dict[int, str]],
        buttons: dict[int, int],
        locked: Iterable[tuple[int, int]] = (),
        change: int | None = None,
        moved_last: Iterable[str] = (),
        moved_now: Iterable[str] = (),
    ) -> TablePlan:
        """Rebuild a plan from `parts()`, its look-ups in one pass (a plan of 30,000 seats
        is read at every command of a big field); the dicts given become the plan's own.
        InputError when it does not hold together: a seat outside its table, a player
        seated twice."""
        plan = cls(
            seats, tables, break_order=break_order or None, final_table_seats=final_table_seats
        )
        plan.final_table = final_table
        plan.last_giver = last_giver
        at = {t: o for t, o in occupants.items() if o}
        table_of: dict[str, int] = {}
        for table, seated in at.items():
            if table < 1 or min(seated) < 1 or max(seated) > plan.capacity(table):
                raise InputError(f"Table {table} of the plan has a seat it does not have.")
            table_of.update(dict.fromkeys(seated.values(), table))
        if len(table_of) != sum(map(len, at.values())):
            raise InputError("The plan seats a player twice.")
        plan._at = at
        plan._table = table_of
        for t in sorted(at):
            plan._by_count[len(at[t])].append(t)
        plan._open = sorted((plan.break_key(t), t) for t in at)
        plan._buttons = dict(buttons)
        plan._locked = {Seat(int(t), int(s)) for t, s in locked}
        if any(x.seat not in at.get(x.table, {}) for x in plan._locked):
            raise InputError("The plan locks a seat nobody sits in.")
        plan.change = change
        plan.moved_last = frozenset(p for p in moved_last if p in table_of)
        plan.moved_now = {p for p in moved_now if p in table_of}
        return plan

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TablePlan) and self.snapshot() == other.snapshot()

    # Mutable, so unhashable; typeshed types object.__hash__ as never None, hence the ignore.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"TablePlan(seats={self.seats}, players={self.player_count}, tables={len(self._at)})"


def _batches(moves: Sequence[Move]) -> list[list[Move]]:
    """Each move alone, except consecutive final-table moves together."""
    batches: list[list[Move]] = []
    for m in moves:
        if batches and m.reason is MoveReason.FINAL_TABLE and batches[-1][-1].reason is m.reason:
            batches[-1].append(m)
        else:
            batches.append([m])
    return batches


def _discard_sorted(items: list[Any], value: Any) -> None:
    i = bisect.bisect_left(items, value)
    if i < len(items) and items[i] == value:
        del items[i]


def _seats(seats: Iterable[Seat]) -> str:
    return "; ".join(str(x) for x in seats) or "none"


def next_to_break(plan: TablePlan) -> int | None:
    """The open table that breaks next: the first in the break order with no locked seat
    (None when every open table has one)."""
    if not plan._locked:
        return plan._open[0][1] if plan._open else None
    held = {x.table for x in plan._locked}
    return next((t for _, t in plan._open if t not in held), None)


def _listing(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers) or "none"


# -- deciding ------------------------------------------------------------------------------


def draw(plan: TablePlan, players: Sequence[str], rng: Rng) -> list[Move]:
    """The random seat draw (TDA 7, 8A): the fewest tables the field needs, filled evenly.

    The tables used are those that break last (by default the lowest numbers). Which tables
    get the extra player and which seats stay empty are drawn at random, then the players are
    dealt the seat cards at random.
    """
    if plan.player_count:
        raise RuleError(
            f"Seats are already drawn ({plan.player_count} players seated); "
            "new players get a seat as late entries instead."
        )
    if len(set(players)) != len(players):
        raise InputError("A player is named twice in the draw; name each player once.")
    n = len(players)
    if n == 0:
        return []
    k = plan.needed_tables(n)
    tables = _tables_to_open(plan, k)
    final = k == 1 and n > plan.seats
    cap = plan.final_seats if final else plan.seats
    base, extra = divmod(n, k)
    bigger = set(rng.sample(tables, extra))
    cards = [
        Seat(t, s)
        for t in tables
        for s in sorted(rng.sample(range(1, cap + 1), base + (t in bigger)))
    ]
    order = list(players)
    rng.shuffle(order)
    reason = MoveReason.FINAL_TABLE if final else MoveReason.DRAW
    moves = [Move(p, None, seat, reason) for p, seat in zip(order, cards, strict=True)]
    plan.apply_moves(moves)
    return moves


def _tables_to_open(plan: TablePlan, k: int) -> list[int]:
    """The k closed tables that break last, by break order; RuleError when too few are available."""
    if plan.tables is None:
        candidates: Iterable[int] = range(1, len(plan._at) + k + 1)
    else:
        candidates = plan.tables
    closed = [t for t in candidates if t not in plan._at]
    if len(closed) < k:
        have = len(plan._at) + len(closed)
        raise RuleError(
            f"The players need {len(plan._at) + k} tables of {plan.seats} seats but only {have} "
            f"{'is' if have == 1 else 'are'} available;",
            "make more tables available ({created:tables N}).",
        )
    closed.sort(key=plan.break_key, reverse=True)
    return sorted(closed[:k])


def seat_entry(plan: TablePlan, player: str, rng: Rng) -> Move:
    """A late entry or re-entry: a random open seat at a random table among those with the fewest
    players (TDA 8A); a new table opens when every open table is full. Call `rebalance` after."""
    if plan.seat_of(player) is not None:
        raise RuleError(
            f"{player} already sits at {plan.seat_of(player)}; bust them first to re-enter."
        )
    low = _fewest(plan)
    if low is not None and low < plan.capacity(plan._by_count[low][0]):
        table = rng.choice(plan._by_count[low])
    elif plan.final_table is not None:
        raise RuleError(
            f"The final table is full ({plan.final_seats} players); no more entries can be seated."
        )
    else:
        table = _tables_to_open(plan, 1)[0]
    seat = Seat(table, rng.choice(plan.open_seats(table)))
    move = Move(player, None, seat, MoveReason.LATE_ENTRY)
    plan.apply(move)
    return move


def seat_late_entries(
    plan: TablePlan,
    players: Sequence[str],
    rng: Rng,
    choose: Chooser | None = None,
    *,
    late_registration: bool = False,
) -> list[Move]:
    """Late entries and re-entries, one after the other (`seat_entry`), then `rebalance`.

    When an entry had to open a table (every open table was full), the tables are settled
    with `spread=NEW_TABLE_SPREAD`: only as many players move to the new table (TDA 11A, the
    player due the big blind next) as leave no table 3 or more players short (TDA 11D).
    Returns the entries' moves then the settling moves, already applied. Nothing changes
    when an entry cannot be seated (RuleError) or `choose` raises. `late_registration`: as
    for `rebalance`.
    """
    was_open = set(plan._at)
    entries: list[Move] = []
    try:
        for player in players:
            entries.append(seat_entry(plan, player, rng))
    except BaseException:
        _take_back(plan, entries)
        raise
    opened = any(m.to_seat.table not in was_open for m in entries)
    try:
        settled = rebalance(
            plan,
            rng,
            choose,
            spread=NEW_TABLE_SPREAD if opened else 1,
            late_registration=late_registration,
        )
    except BaseException:
        _take_back(plan, entries)
        raise
    return entries + settled


def _fewest(plan: TablePlan) -> int | None:
    """The smallest player count of an open table, or None when no table is open."""
    for c in range(1, len(plan._by_count)):
        if plan._by_count[c]:
            return c
    return None


def _most(plan: TablePlan) -> int | None:
    for c in range(len(plan._by_count) - 1, 0, -1):
        if plan._by_count[c]:
            return c
    return None


NEW_TABLE_SPREAD = 2
"""Players the tables may differ by once a late entry has opened a table: one less than the
3 that halts play at the short table (TDA 11D). See the module docstring."""


def rebalance(
    plan: TablePlan,
    rng: Rng,
    choose: Chooser | None = None,
    *,
    spread: int = 1,
    late_registration: bool = False,
) -> list[Move]:
    """Settle the plan after a bust or an entry: final table, table breaks, balancing until
    no two tables differ by more than `spread` players.

    `late_registration`: entries are still to come, so a table breaks (and the final table
    forms) only when its players fit the other tables leaving an open seat at each of them
    (`fits_one_table_fewer`). See the module docstring for the exact procedure. Returns the
    moves, already applied.
    If `choose` raises (the director gave up, or named someone not at the table), the moves
    made so far are taken back and the error propagates: nothing changes.
    """
    moves: list[Move] = []
    saved = (plan.last_giver, plan.final_table, dict(plan._buttons))
    moved = (plan.moved_last, set(plan.moved_now))
    try:
        _settle(plan, rng, choose, moves, spread, late_registration)
    except BaseException:
        _take_back(plan, moves)
        plan.last_giver, plan.final_table, plan._buttons = saved
        plan.moved_last, plan.moved_now = moved
        raise
    return moves


def late_entry_reserve(open_tables: int) -> int:
    """Open seats a table break leaves for late entries while late registration is open: one
    at each table that stays (TDA 8A's seat pool), so the next entries sit down without a table
    opening again; 0 when one table or none is open.

    >>> [late_entry_reserve(n) for n in (0, 1, 2, 6)]
    [0, 0, 1, 5]
    """
    return max(open_tables - 1, 0)


def fits_one_table_fewer(plan: TablePlan, *, late_registration: bool = False) -> bool:
    """Whether the next table in the break order breaks now: the players fit the other
    tables (one final table, RP-9, when they fit it), and while late registration is open
    with an open seat left at each table that stays (`late_entry_reserve`).

    >>> plan = TablePlan(seats=9)
    >>> plan.apply_moves([Move(f"P{i}", None, Seat(1 + i % 3, 1 + i // 3), MoveReason.DRAW)
    ...                   for i in range(18)])
    >>> fits_one_table_fewer(plan), fits_one_table_fewer(plan, late_registration=True)
    (True, False)
    """
    open_count = len(plan._at)
    if open_count <= 1:
        return False
    n = plan.player_count + (late_entry_reserve(open_count) if late_registration else 0)
    return n <= plan.final_seats or n <= plan.seats * (open_count - 1)


def held_for_late_entries(plan: TablePlan) -> tuple[int, int] | None:
    """(table, players) when the players fit one table fewer but the table that breaks next
    stays open for late entries (`fits_one_table_fewer` with `late_registration`): it breaks
    once `players` or fewer are left. None otherwise.

    >>> plan = TablePlan(seats=9)
    >>> plan.apply_moves([Move(f"P{i}", None, Seat(1 + i % 3, 1 + i // 3), MoveReason.DRAW)
    ...                   for i in range(18)])
    >>> held_for_late_entries(plan)
    (3, 16)
    """
    if not fits_one_table_fewer(plan) or fits_one_table_fewer(plan, late_registration=True):
        return None
    open_count = len(plan._at)
    room = max(plan.final_seats, plan.seats * (open_count - 1))
    table = next_to_break(plan)
    return None if table is None else (table, room - late_entry_reserve(open_count))


def _settle(
    plan: TablePlan,
    rng: Rng,
    choose: Chooser | None,
    moves: list[Move],
    spread: int = 1,
    late_registration: bool = False,
) -> None:
    while True:
        open_count = len(plan._at)
        if open_count <= 1:
            return
        if fits_one_table_fewer(plan, late_registration=late_registration):
            reserve = late_entry_reserve(open_count) if late_registration else 0
            if plan.player_count + reserve <= plan.final_seats:
                moves.extend(_form_final_table(plan, rng))
                return
            table = next_to_break(plan)
            if table is not None:
                moves.extend(break_table(plan, table, rng))
                continue
        high, low = _most(plan), _fewest(plan)
        assert high is not None and low is not None
        if high - low <= spread:
            return
        if high - low < HALT_SHORT and _breaks_before_it_needs_a_player(
            plan, low, late_registration
        ):
            return
        move = _balance_move(plan, rng, choose)
        if move is None:  # every player who could move sits in a locked seat
            return
        plan.apply(move)
        moves.append(move)


def _take_back(plan: TablePlan, moves: list[Move]) -> None:
    """Undo applied moves, last first (a final-table redraw as one)."""
    for batch in reversed(_batches(moves)):
        for m in batch:
            plan._vacate(m.player)
        for m in batch:
            if m.from_seat is not None:
                plan._place(m.player, m.from_seat)


def _form_final_table(plan: TablePlan, rng: Rng) -> list[Move]:
    """RP-9: everyone draws a seat at the table that breaks last."""
    final = plan._open[-1][1]
    everyone = [p for t in sorted(plan._at) for _, p in sorted(plan._at[t].items())]
    rng.shuffle(everyone)
    seats = sorted(rng.sample(range(1, plan.final_seats + 1), len(everyone)))
    moves = [
        Move(p, plan.seat_of(p), Seat(final, s), MoveReason.FINAL_TABLE)
        for p, s in zip(everyone, seats, strict=True)
    ]
    plan.apply_moves(moves)
    return moves


def break_table(plan: TablePlan, table: int, rng: Rng) -> list[Move]:
    """Break a table (TDA 10B, 11C): its players, in random order, each take a random open seat
    at a random table among those with the fewest players. Returns the moves, already applied."""
    if table not in plan._at:
        raise InputError(
            f"Table {table} is not in play; open tables: {_listing(plan.open_tables())}."
        )
    held = [x.seat for x in plan.locked() if x.table == table]
    if held:
        one = len(held) == 1
        which = f"seat {held[0]} is" if one else f"seats {_listing(held)} are"
        arg = f"{table} {held[0]}" if one else f"{table} SEAT"
        raise RuleError(
            f"Table {table} cannot break: {which} locked;",
            f"unlock {'it' if one else 'them'} with {{seat:unlock {arg}}} first,"
            " or break another table.",
        )
    leaving = plan._at[table]
    others = [t for t in (plan.final_table,) if t is not None and t in plan._at and t != table]
    room = plan.seats * (len(plan._at) - 1) + len(others) * (plan.final_seats - plan.seats)
    room -= plan.player_count - len(leaving)
    if room < len(leaving):
        raise RuleError(
            f"Table {table} cannot break: its {len(leaving)} players need seats but the other "
            f"tables have {room} open; break it after {len(leaving) - room} more busts."
        )
    players = [p for _, p in sorted(leaving.items())]
    rng.shuffle(players)
    origin = {p: plan._vacate(p) for p in players}
    moves = []
    for p in players:
        low = _fewest(plan)
        assert low is not None
        # Full tables at the lowest count cannot take anyone (only when every table is full).
        target = rng.choice(plan._by_count[low])
        seat = Seat(target, rng.choice(plan.open_seats(target)))
        move = Move(p, origin[p], seat, MoveReason.TABLE_BREAK)
        plan._place(p, move.to_seat)
        if plan.change is not None:  # as apply_moves keeps it
            plan.moved_now.add(p)
        moves.append(move)
    return moves


HALT_SHORT = 3
"""Players short of the fullest table at which play halts at a table (TDA 11D)."""


BREAK_IN_SIGHT = 2
"""Busts within which a table's break is near enough not to balance a player to it."""


def _breaks_before_it_needs_a_player(plan: TablePlan, low: int, late_registration: bool) -> bool:
    """Whether the only table with the fewest players is the one that breaks next and breaks
    within `BREAK_IN_SIGHT` busts: a player moved there would move again at once, so it is left
    short (less than `HALT_SHORT`, which TDA 11D allows)."""
    shortest = plan._by_count[low]
    if len(shortest) != 1 or shortest[0] != next_to_break(plan):
        return False
    open_count = len(plan._at)
    reserve = late_entry_reserve(open_count) if late_registration else 0
    room = max(plan.final_seats, plan.seats * (open_count - 1))
    return plan.player_count + reserve - BREAK_IN_SIGHT <= room


def left_short(plan: TablePlan, *, late_registration: bool = False) -> int | None:
    """The table left two short because it breaks next within `BREAK_IN_SIGHT` busts (see
    `rebalance`), or None when no table is left so."""
    high, low = _most(plan), _fewest(plan)
    if high is None or low is None or not 1 < high - low < HALT_SHORT:
        return None
    if not _breaks_before_it_needs_a_player(plan, low, late_registration):
        return None
    return plan._by_count[low][0]


def _taker(plan: TablePlan, low: int) -> int:
    """The table a balance move goes to: the lowest-numbered of the shortest tables, but not
    the table that breaks next (first in the break order) while another shortest table can
    take the player, who would otherwise move again when it breaks."""
    shortest = plan._by_count[low]
    breaks_next = next_to_break(plan)
    return next((t for t in shortest if t != breaks_next), shortest[0])


def _giver(plan: TablePlan, high: int) -> int | None:
    """The table that gives a player: among the fullest, the next in table-number order
    after the one that gave last (wrapping around), skipping tables where every player sits
    in a locked seat (None when all do)."""
    fullest = plan._by_count[high]
    i = 0 if plan.last_giver is None else bisect.bisect_right(fullest, plan.last_giver)
    for table in fullest[i:] + fullest[:i]:
        if not plan._locked or any(not plan.is_locked(p) for p in plan._at[table].values()):
            return table
    return None


def _balance_move(plan: TablePlan, rng: Rng, choose: Chooser | None) -> Move | None:
    """One TDA 11A move from the fullest table (rotating) to the shortest; None when every
    player at the fullest tables sits in a locked seat. A locked player is passed over: the
    next player due the big blind after them moves."""
    high, low = _most(plan), _fewest(plan)
    assert high is not None and low is not None
    giver = _giver(plan, high)
    if giver is None:
        return None
    taker = _taker(plan, low)
    occupants = plan._at[giver]
    if plan._locked:
        locked = {x.seat for x in plan._locked if x.table == giver}
        movable = {s: p for s, p in occupants.items() if s not in locked}
    else:
        movable = occupants
    chosen_by_tool = False
    button = plan._buttons.get(giver)
    if button is not None:
        player = _due_big_blind_unlocked(occupants, movable, button, plan.capacity(giver))
    else:
        candidates = [p for _, p in sorted(movable.items())]
        if choose is not None:
            player = choose(giver, candidates)
            if player not in candidates:
                raise InputError(
                    f"{player} does not sit at table {giver}"
                    + (" or sits in a locked seat" if len(movable) < len(occupants) else "")
                    + f"; name one of: {', '.join(candidates)}."
                )
        else:
            # Nobody moved in the last change or earlier in this one, while another can go.
            fresh = [p for p in candidates if p not in plan.moved_last and p not in plan.moved_now]
            player = rng.choice(fresh or candidates)
            chosen_by_tool = True
    target_button = plan._buttons.get(taker)
    if target_button is not None:
        seat = worst_open_seat(plan._at[taker], target_button, plan.capacity(taker))
    else:
        seat = rng.choice(plan.open_seats(taker))
    return Move(player, plan.seat_of(player), Seat(taker, seat), MoveReason.BALANCE, chosen_by_tool)


def _due_big_blind_unlocked(
    occupants: dict[int, str], movable: dict[int, str], button: int, capacity: int
) -> str:
    """The player due the big blind next hand, or when they sit in a locked seat the next
    one due it after them who does not (the big blind passes clockwise)."""
    seat = big_blind_next(occupants, button, capacity)
    while seat not in movable:
        seat = _next_occupied(occupants, seat, capacity)
    return movable[seat]


# -- positions -----------------------------------------------------------------------------


def _clockwise(after: int, capacity: int) -> Iterator[int]:
    """Seats clockwise after `after`, ending with `after` itself."""
    return chain(range(after + 1, capacity + 1), range(1, after + 1))


def _next_occupied(occupants: dict[int, str], after: int, capacity: int) -> int:
    return next(s for s in _clockwise(after, capacity) if s in occupants)


def next_small_blind(occupants: dict[int, str], button: int, capacity: int) -> int:
    """The seat posting the small blind next hand, the button being at `button` now.

    The button moves to the next occupied seat; the small blind is the occupied seat after
    it, except heads-up (or alone), where the button posts it.

    >>> next_small_blind({1: "a", 3: "b", 5: "c", 8: "d"}, 1, 9)
    5
    >>> next_small_blind({2: "a", 7: "b"}, 2, 9)
    7
    """
    if not occupants:
        raise RuleError("An empty table has no blinds.")
    nxt = _next_occupied(occupants, button, capacity)
    return nxt if len(occupants) <= 2 else _next_occupied(occupants, nxt, capacity)


def big_blind_next(occupants: dict[int, str], button: int, capacity: int) -> int:
    """The seat of the player who will be big blind next hand, the button being at `button` now.

    >>> big_blind_next({1: "a", 3: "b", 5: "c", 8: "d"}, 1, 9)
    8
    >>> big_blind_next({1: "a", 3: "b", 5: "c"}, 1, 9)
    1
    """
    return _next_occupied(occupants, next_small_blind(occupants, button, capacity), capacity)


def worst_open_seat(occupants: dict[int, str], button: int, capacity: int) -> int:
    """TDA 11A's worst position: the open seat that posts the big blind soonest.

    That is the first open seat clockwise after next hand's small blind: between it and the
    big blind the newcomer is big blind next hand; never the small blind.

    >>> worst_open_seat({1: "a", 2: "b", 3: "c", 5: "d", 6: "e", 7: "f"}, 1, 9)
    4
    >>> worst_open_seat({1: "a", 2: "b", 3: "c", 4: "d", 5: "e", 6: "f", 7: "g"}, 1, 9)
    8
    """
    if len(occupants) >= capacity:
        raise RuleError("The table is full: there is no open seat to move to.")
    if not occupants:
        return 1
    sb = next_small_blind(occupants, button, capacity)
    return next(s for s in _clockwise(sb, capacity) if s not in occupants)


# -- invariants ----------------------------------------------------------------------------


def check_invariants(
    plan: TablePlan, spread: int = 1, *, late_registration: bool = False
) -> list[str]:
    """What is wrong with the plan: everyone seated once, no seat used twice, open tables
    differing by at most `spread` players (one; `NEW_TABLE_SPREAD` right after a late entry
    opened a table), except that the table that breaks next may be two short when it breaks
    within `BREAK_IN_SIGHT` busts; no more tables open than needed (with `late_registration`:
    than leave an open seat at each table, `fits_one_table_fewer`). Empty when all hold.

    With the final table formed (RP-9) one table is open and may seat `final_table_seats`.
    """
    problems: list[str] = []
    seen: dict[Seat, str] = {}
    for t, occupants in plan._at.items():
        if not occupants:
            problems.append(f"table {t} is open but empty")
        for s, p in occupants.items():
            seat = Seat(t, s)
            if not 1 <= s <= plan.capacity(t):
                problems.append(f"{p} sits at {seat}, which does not exist")
            if plan._table.get(p) != t:
                problems.append(f"{p} sits at {seat} but is indexed at table {plan._table.get(p)}")
            seen[seat] = p
    if len(seen) != len(plan._table):
        problems.append(f"{len(plan._table)} players seated but {len(seen)} seats used")
    counts = sorted(len(o) for o in plan._at.values())
    if counts and counts[-1] - counts[0] > spread:
        # The table that breaks next, within BREAK_IN_SIGHT busts, may be left two short.
        near = (
            counts[-1] - counts[0] < HALT_SHORT
            and counts[-1] - counts[1] <= spread
            and _breaks_before_it_needs_a_player(plan, counts[0], late_registration)
        )
        high = _most(plan)
        stuck = high is not None and _giver(plan, high) is None  # only locked players there
        if not near and not stuck:
            problems.append(f"tables differ by {counts[-1] - counts[0]} players")
    if next_to_break(plan) is None:
        pass  # every open table holds a locked seat: none breaks until one is unlocked
    elif late_registration:
        if fits_one_table_fewer(plan, late_registration=True):
            problems.append(
                f"{len(plan._at)} tables open where one fewer leaves an open seat at each"
            )
    elif len(plan._at) > plan.needed_tables():
        problems.append(f"{len(plan._at)} tables open where {plan.needed_tables()} are needed")
    for c, tables in enumerate(plan._by_count):
        if tables != sorted(t for t, o in plan._at.items() if len(o) == c and c):
            problems.append(f"the index of tables with {c} players is stale")
    if [t for _, t in plan._open] != sorted(plan._at, key=plan.break_key):
        problems.append("the break-order index is stale")
    for x in plan._locked:
        if x.seat not in plan._at.get(x.table, {}):
            problems.append(f"{x} is locked but nobody sits there")
    return problems
