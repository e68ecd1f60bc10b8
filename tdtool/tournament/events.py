"""Every kind of event a tournament file records, and its payload as a typed value.

The log stores an event as its kind (`EventKind`, a string such as "player.busted") and its
payload as a JSON object. Each kind has one frozen dataclass here that reads that object
(`from_dict`) and writes it back (`to_dict`) exactly as tdtool has written it since 0.1.0,
so a file written by an older release folds the same. Keys a payload does not know are
ignored when read (a newer tdtool may add some); keys an old file lacks take their defaults.

Kinds whose payloads share a shape (a name, a batch of moves, a clock action) are plain
subclasses of one frozen dataclass: they add no fields, only their kind and their line (and
cost nothing to define at start-up).

Each payload also says what happened in one line a person reads (`describe`, shown by
`tdtool log`), and `event()` gives the `(kind, data)` pair a change appends to the log.

>>> PlayerBusted.from_dict({"players": [{"name": "Anna", "stack": 1200}]}).describe()
'Busted Anna (1,200 chips)'
>>> ClockAdd(120).event()
('clock.add', {'seconds': 120})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from tdtool.errors import InputError
from tdtool.tournament.clock import ClockAction, ClockFact, format_seconds
from tdtool.tournament.payouts import PayoutTable
from tdtool.tournament.seating import Move
from tdtool.tournament.structure import Structure, structure_from_dict, structure_to_dict
from tdtool.tournament.terms import Terms

if TYPE_CHECKING:
    from tdtool.tournament.chip_race import ChipRace


class EventKind(StrEnum):
    """The kind of an event, as stored in the log's `kind` column."""

    TOURNAMENT_CREATED = "tournament.created"
    PLAYER_REGISTERED = "player.registered"
    PLAYER_REENTERED = "player.reentered"
    PLAYER_REBUY = "player.rebuy"
    PLAYER_ADDON = "player.addon"
    PLAYER_BUSTED = "player.busted"
    PLAYER_CHIPS = "player.chips"
    CHIPS_REMOVED = "chips.removed"
    CHIPS_RACED = "chips.raced"
    SEAT_DRAWN = "seat.drawn"
    SEAT_MOVED = "seat.moved"
    SEAT_BUTTON = "seat.button"
    SEAT_LOCKED = "seat.locked"
    SEAT_UNLOCKED = "seat.unlocked"
    CLOCK_START = "clock.start"
    CLOCK_PAUSE = "clock.pause"
    CLOCK_RESUME = "clock.resume"
    CLOCK_NEXT = "clock.next"
    CLOCK_PREV = "clock.prev"
    CLOCK_SET = "clock.set"
    CLOCK_ADD = "clock.add"
    CLOCK_END_DAY = "clock.end-day"
    CLOCK_DAY = "clock.day"
    CLOCK_HAND = "clock.hand"
    TERMS_CHANGED = "terms.changed"
    DEAL_ACCEPTED = "deal.accepted"
    FLIGHTS_COMBINED = "flights.combined"
    PLAYER_RENAMED = "player.renamed"
    PLAYER_REMOVED = "player.removed"
    STAFF_ADDED = "staff.added"
    STAFF_REVOKED = "staff.revoked"
    STAFF_SIGNED_IN = "staff.signed-in"
    UNDO = "undo"
    """Recorded by the store when a change is taken back; never among the effective events."""


Data = dict[str, Any]


class Payload:
    """What every payload offers (each subclass is a frozen dataclass with a `KIND`)."""

    KIND: ClassVar[EventKind]

    def to_dict(self) -> Data:
        """The JSON object stored in the log."""
        raise NotImplementedError  # pragma: no cover

    def describe(self) -> str:
        """One line a person reads (several for a batch of moves)."""
        raise NotImplementedError  # pragma: no cover

    def event(self) -> tuple[str, Data]:
        """The `(kind, data)` pair a change appends to the log."""
        return str(self.KIND), self.to_dict()


# --- the tournament ------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentCreated(Payload):
    """The first event of every file: name, structure (copied in whole), terms, tables."""

    KIND: ClassVar[EventKind] = EventKind.TOURNAMENT_CREATED
    name: str
    structure: Structure
    terms: Terms = field(default_factory=Terms)
    seats: int = 9
    tables: int | None = None
    """Tables the room has for this tournament; None: as many as the field needs."""
    break_order: tuple[int, ...] = ()
    """Tables in the order they break; empty: highest number first."""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TournamentCreated:
        """Read the stored form."""
        return cls(
            name=str(d["name"]),
            structure=structure_from_dict(d["structure"]),
            terms=Terms.from_dict(d.get("terms", {})),
            seats=int(d.get("seats", 9)),
            tables=d.get("tables"),
            break_order=tuple(d.get("break_order") or ()),
        )

    def to_dict(self) -> Data:
        """The stored form."""
        return {
            "name": self.name,
            "structure": structure_to_dict(self.structure),
            "terms": self.terms.to_dict(),
            "seats": self.seats,
            "tables": self.tables,
            "break_order": list(self.break_order),
        }

    def describe(self) -> str:
        """One line for the log."""
        return f"Created {self.name} ({self.structure.name})"


# --- players -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Named(Payload):
    """A payload that names one player."""

    name: str

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Any:
        """Read the stored form."""
        return cls(str(d["name"]))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"name": self.name}


@dataclass(frozen=True)
class PlayerRegistered(_Named):
    """A new entry; `player_id` links it to the player registry (`#104`), None: not linked.

    >>> PlayerRegistered("José García", 104).to_dict()
    {'name': 'José García', 'player_id': 104}
    >>> PlayerRegistered.from_dict({"name": "Anna"}).describe()
    'Registered Anna'
    """

    KIND: ClassVar[EventKind] = EventKind.PLAYER_REGISTERED
    player_id: int | None = None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PlayerRegistered:
        """Read the stored form (files before the registry have no `player_id`)."""
        linked = d.get("player_id")
        return cls(str(d["name"]), linked if isinstance(linked, int) else None)

    def to_dict(self) -> Data:
        """The stored form: `player_id` only when linked, so an entry typed without a
        registry is stored as it always was."""
        if self.player_id is None:
            return {"name": self.name}
        return {"name": self.name, "player_id": self.player_id}

    def describe(self) -> str:
        """One line for the log."""
        linked = "" if self.player_id is None else f" (#{self.player_id})"
        return f"Registered {self.name}{linked}"


class PlayerReentered(_Named):
    """A busted player entered again."""

    KIND: ClassVar[EventKind] = EventKind.PLAYER_REENTERED

    def describe(self) -> str:
        """One line for the log."""
        return f"{self.name} re-entered"


class PlayerRebuy(_Named):
    """A player still in bought a rebuy."""

    KIND: ClassVar[EventKind] = EventKind.PLAYER_REBUY

    def describe(self) -> str:
        """One line for the log."""
        return f"{self.name} rebought"


class PlayerAddon(_Named):
    """A player still in took the add-on."""

    KIND: ClassVar[EventKind] = EventKind.PLAYER_ADDON

    def describe(self) -> str:
        """One line for the log."""
        return f"{self.name} took the add-on"


@dataclass(frozen=True)
class PlayerRenamed(Payload):
    """A player's name corrected (a typo at registration): the same person, with their
    entries, seat, places, knockouts and chips, named `new` from now on."""

    KIND: ClassVar[EventKind] = EventKind.PLAYER_RENAMED
    old: str
    new: str

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PlayerRenamed:
        """Read the stored form."""
        return cls(str(d["old"]), str(d["new"]))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"old": self.old, "new": self.new}

    def describe(self) -> str:
        """One line for the log."""
        return f"Renamed {self.old} to {self.new}"


@dataclass(frozen=True)
class PlayerRemoved(Payload):
    """A registration entered by mistake, taken out before it played (not a bust: no place):
    the entry is gone from the entries and the prize pool, and `refund` (buy-in, bounty and
    fee, in currency units) is handed back."""

    KIND: ClassVar[EventKind] = EventKind.PLAYER_REMOVED
    name: str
    refund: int = 0

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PlayerRemoved:
        """Read the stored form."""
        return cls(str(d["name"]), int(d.get("refund", 0)))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"name": self.name, "refund": self.refund}

    def describe(self) -> str:
        """One line for the log."""
        refund = f"; refund {self.refund:,}" if self.refund else ""
        return f"Removed {self.name}'s registration (entered by mistake{refund})"


@dataclass(frozen=True)
class BustedEntry:
    """One player out in a hand: `rank` orders the players out in that hand (0 best; equal
    ranks tie); stack, table, place and through are recorded for the log and reports; `by`
    names who knocked them out (several: a split pot, they share the bounty), stored only
    when given (a bust written before bounties has none)."""

    name: str
    rank: int = 0
    stack: int | None = None
    table: int | None = None
    place: int | None = None
    through: int | None = None
    by: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> BustedEntry:
        """Read the stored form."""
        return cls(
            name=str(d["name"]),
            rank=int(d.get("rank", 0)),
            stack=d.get("stack"),
            table=d.get("table"),
            place=d.get("place"),
            through=d.get("through"),
            by=tuple(str(n) for n in d.get("by") or ()),
        )

    def to_dict(self) -> Data:
        """The stored form ("by" only when someone is named)."""
        data: Data = {
            "name": self.name,
            "rank": self.rank,
            "stack": self.stack,
            "table": self.table,
            "place": self.place,
            "through": self.through,
        }
        if self.by:
            data["by"] = list(self.by)
        return data


@dataclass(frozen=True)
class PlayerBusted(Payload):
    """Players out in one hand."""

    KIND: ClassVar[EventKind] = EventKind.PLAYER_BUSTED
    players: tuple[BustedEntry, ...]
    hand_for_hand: bool = False

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PlayerBusted:
        """Read the stored form."""
        return cls(
            tuple(BustedEntry.from_dict(p) for p in d["players"]),
            bool(d.get("hand_for_hand", False)),
        )

    def to_dict(self) -> Data:
        """The stored form."""
        return {
            "players": [p.to_dict() for p in self.players],
            "hand_for_hand": self.hand_for_hand,
        }

    def describe(self) -> str:
        """One line for the log."""
        return "Busted " + ", ".join(
            p.name
            + (f" ({p.stack:,} chips)" if p.stack is not None else "")
            + (f" by {' and '.join(p.by)}" if p.by else "")
            for p in self.players
        )


@dataclass(frozen=True)
class ChipCount:
    """One player's chips as counted (at the table, or bagged at the end of a day)."""

    name: str
    chips: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ChipCount:
        """Read the stored form."""
        return cls(str(d["name"]), int(d["chips"]))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"name": self.name, "chips": self.chips}


@dataclass(frozen=True)
class PlayerChips(Payload):
    """Chip counts recorded together (one or several players, or a whole CSV of bagged
    counts); each replaces that player's last count. `source` names where they came from
    (the CSV file's name; empty when typed)."""

    KIND: ClassVar[EventKind] = EventKind.PLAYER_CHIPS
    counts: tuple[ChipCount, ...]
    source: str = ""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PlayerChips:
        """Read the stored form."""
        return cls(tuple(ChipCount.from_dict(c) for c in d["counts"]), str(d.get("source", "")))

    def to_dict(self) -> Data:
        """The stored form."""
        data: Data = {"counts": [c.to_dict() for c in self.counts]}
        if self.source:
            data["source"] = self.source
        return data

    def describe(self) -> str:
        """One line for the log (the first few counts, then how many more)."""
        shown = ", ".join(f"{c.name} {c.chips:,}" for c in self.counts[:4])
        more = len(self.counts) - 4
        if more > 0:
            shown += f" and {more} more"
        source = f" from {self.source}" if self.source else ""
        return f"Chip counts{source}: {shown}"


@dataclass(frozen=True)
class ChipsRemoved(Payload):
    """Chips taken out of play: a colour-up's race-off (the odd low chips rounded away) or
    chips removed by a ruling. `chips` is their value; `reason` says why, as the director
    gave it."""

    KIND: ClassVar[EventKind] = EventKind.CHIPS_REMOVED
    chips: int
    reason: str = ""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ChipsRemoved:
        """Read the stored form."""
        return cls(int(d["chips"]), str(d.get("reason", "")))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"chips": self.chips, "reason": self.reason}

    def describe(self) -> str:
        """One line for the log."""
        line = f"{self.chips:,} chips taken out of play"
        return line + (f" ({self.reason})" if self.reason else "")


@dataclass(frozen=True)
class ChipsRaced(Payload):
    """A colour-up with its chip race (TDA 24) at every table: who coloured up what, the
    cards dealt, who won the race chips. Its `removed` chips leave play (negative: a player
    kept in added one), and each counted player's count follows their change."""

    KIND: ClassVar[EventKind] = EventKind.CHIPS_RACED
    race: ChipRace

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ChipsRaced:
        """Read the stored form."""
        from tdtool.cards import parse_card
        from tdtool.tournament.chip_race import ChipRace, RaceEntry, TableRace

        r, up = int(d["race"]), int(d["up"])
        tables = tuple(
            TableRace(
                int(t["table"]),
                tuple(
                    RaceEntry(
                        str(e["player"]),
                        int(e["seat"]),
                        int(e["held"]),
                        int(e["coloured"]),
                        int(e["odd"]),
                        tuple(parse_card(c) for c in e["cards"]),
                        bool(e["won"]),
                        bool(e.get("kept_in", False)),
                    )
                    for e in t["players"]
                ),
                r,
                up,
            )
            for t in d["tables"]
        )
        return cls(ChipRace(r, up, tables))

    def to_dict(self) -> Data:
        """The stored form."""
        r = self.race
        return {
            "race": r.race,
            "up": r.up,
            "tables": [
                {"table": t.table, "players": [e.to_dict() for e in t.entries]} for t in r.tables
            ],
        }

    def describe(self) -> str:
        """One line for the log."""
        r = self.race
        won = sum(e.won for t in r.tables for e in t.entries)
        removed = r.removed
        net = (
            f"{removed:,} chips taken out of play"
            if removed >= 0
            else f"{-removed:,} chips added to play"
        )
        tables = sum(1 for t in r.tables if any(e.held for e in t.entries))
        return (
            f"Colour-up of the {r.race:,}s into {r.up:,}s at {tables}"
            f" table{'s' * (tables != 1)}: {won} race chip{'s' * (won != 1)} won; {net}"
        )


# --- seats ---------------------------------------------------------------------------------


def move_line(m: Move) -> str:
    """'Table 3, seat 7 (Anna) → Table 1, seat 4'; a new entry: 'Anna → Table 1, seat 4'."""
    to = f"Table {m.to_seat.table}, seat {m.to_seat.seat}"
    if m.from_seat is None:
        line = f"{m.player} → {to}"
    else:
        line = f"Table {m.from_seat.table}, seat {m.from_seat.seat} ({m.player}) → {to}"
    if m.chosen_by_tool:
        line += "   (the tool chose who moves: no button recorded)"
    return line


@dataclass(frozen=True)
class _Moves(Payload):
    moves: tuple[Move, ...]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Any:
        """Read the stored form."""
        return cls(tuple(Move.from_dict(m) for m in d["moves"]))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"moves": [m.to_dict() for m in self.moves]}


class SeatDrawn(_Moves):
    """The seat draw: every registered player's first seat."""

    KIND: ClassVar[EventKind] = EventKind.SEAT_DRAWN

    def describe(self) -> str:
        """One line for the log."""
        return f"Seats drawn for {len(self.moves)} players"


class SeatMoved(_Moves):
    """A batch of moves taken as one (a late entry, a balance move, a table break ...)."""

    KIND: ClassVar[EventKind] = EventKind.SEAT_MOVED

    def describe(self) -> str:
        """One line per move."""
        return "\n".join(move_line(m) for m in self.moves)


@dataclass(frozen=True)
class SeatButton(Payload):
    """Where the button is at a table."""

    KIND: ClassVar[EventKind] = EventKind.SEAT_BUTTON
    table: int
    seat: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SeatButton:
        """Read the stored form."""
        return cls(int(d["table"]), int(d["seat"]))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"table": self.table, "seat": self.seat}

    def describe(self) -> str:
        """One line for the log."""
        return f"Button at Table {self.table}, seat {self.seat}"


@dataclass(frozen=True)
class SeatLocked(Payload):
    """A seat locked: the tool does not move its player to balance or break tables."""

    KIND: ClassVar[EventKind] = EventKind.SEAT_LOCKED
    table: int
    seat: int
    player: str = ""
    """Who sat there when it was locked (for the log)."""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SeatLocked:
        """Read the stored form."""
        return cls(int(d["table"]), int(d["seat"]), str(d.get("player", "")))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"table": self.table, "seat": self.seat, "player": self.player}

    def describe(self) -> str:
        """One line for the log."""
        who = f" ({self.player})" if self.player else ""
        return f"Locked Table {self.table}, seat {self.seat}{who}"


@dataclass(frozen=True)
class SeatUnlocked(Payload):
    """A seat's lock taken off."""

    KIND: ClassVar[EventKind] = EventKind.SEAT_UNLOCKED
    table: int
    seat: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SeatUnlocked:
        """Read the stored form."""
        return cls(int(d["table"]), int(d["seat"]))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"table": self.table, "seat": self.seat}

    def describe(self) -> str:
        """One line for the log."""
        return f"Unlocked Table {self.table}, seat {self.seat}"


# --- the clock -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _ClockPayload(Payload):
    """A clock action; `seconds` for set (the time left) and add (negative takes off)."""

    ACTION: ClassVar[ClockAction]
    seconds: float = 0

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Any:
        """Read the stored form."""
        return cls(d.get("seconds", 0) if d else 0)

    def to_dict(self) -> Data:
        """The stored form: `{}` unless seconds are given."""
        return {"seconds": self.seconds} if self.seconds else {}

    def fact(self, at: float) -> ClockFact:
        """The clock fact this event records at wall time `at`."""
        return ClockFact(self.ACTION, float(at), float(self.seconds))

    def describe(self) -> str:
        """One line for the log."""
        word = {"start": "started", "pause": "paused", "resume": "resumed"}
        return f"Clock {word[self.ACTION.value]}"


class ClockStart(_ClockPayload):
    """The clock started at level 1."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_START
    ACTION: ClassVar[ClockAction] = ClockAction.START


class ClockPause(_ClockPayload):
    """The clock paused."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_PAUSE
    ACTION: ClassVar[ClockAction] = ClockAction.PAUSE


class ClockResume(_ClockPayload):
    """The clock resumed."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_RESUME
    ACTION: ClassVar[ClockAction] = ClockAction.RESUME


class ClockNext(_ClockPayload):
    """The clock moved on to the next period in full."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_NEXT
    ACTION: ClassVar[ClockAction] = ClockAction.NEXT

    def describe(self) -> str:
        """One line for the log."""
        return "Clock moved to the next level or break"


class ClockPrev(_ClockPayload):
    """The clock moved back to the previous period in full."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_PREV
    ACTION: ClassVar[ClockAction] = ClockAction.PREV

    def describe(self) -> str:
        """One line for the log."""
        return "Clock moved back a level or break"


class ClockSet(_ClockPayload):
    """The time left in the current period set to `seconds`."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_SET
    ACTION: ClassVar[ClockAction] = ClockAction.SET

    def describe(self) -> str:
        """One line for the log."""
        return f"Clock set to {format_seconds(self.seconds)} left"


class ClockAdd(_ClockPayload):
    """`seconds` added to the time left (negative: taken off)."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_ADD
    ACTION: ClassVar[ClockAction] = ClockAction.ADD

    def describe(self) -> str:
        """One line for the log."""
        verb = "added to" if self.seconds > 0 else "taken off"
        return f"{abs(self.seconds) / 60:g} min {verb} the clock"


class ClockEndDay(_ClockPayload):
    """The day ended now (a player count reached, or the director's call): the clock stops
    and keeps the time left for the next day."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_END_DAY
    ACTION: ClassVar[ClockAction] = ClockAction.END_DAY

    def describe(self) -> str:
        """One line for the log."""
        return "End of the day: the clock stopped, players bag and tag"


@dataclass(frozen=True)
class ClockDay(_ClockPayload):
    """A new day's tournament: its clock, not started, at `level` with `seconds` left."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_DAY
    ACTION: ClassVar[ClockAction] = ClockAction.DAY
    level: int = 1
    day: int = 1

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ClockDay:
        """Read the stored form."""
        return cls(d.get("seconds", 0), int(d.get("level", 1)), int(d.get("day", 1)))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"day": self.day, "level": self.level, "seconds": self.seconds}

    def fact(self, at: float) -> ClockFact:
        """The clock fact this event records at wall time `at`."""
        return ClockFact(self.ACTION, float(at), float(self.seconds), self.level, self.day)

    def describe(self) -> str:
        """One line for the log."""
        return (
            f"Day {self.day} begins at level {self.level} with"
            f" {format_seconds(self.seconds)} left (clock not started)"
        )


class ClockHand(_ClockPayload):
    """The next hand-for-hand hand is dealt; `seconds` of clock time pass with it (the clock
    stands still for hand-for-hand: RP-8's two minutes a hand; 0: the clock runs on)."""

    KIND: ClassVar[EventKind] = EventKind.CLOCK_HAND
    ACTION: ClassVar[ClockAction] = ClockAction.HAND

    def describe(self) -> str:
        """One line for the log."""
        if self.seconds:
            return f"Next hand-for-hand hand: {self.seconds / 60:g} min off the clock"
        return "Next hand-for-hand hand"


CLOCK_PAYLOADS: dict[ClockAction, type[_ClockPayload]] = {
    p.ACTION: p
    for p in (
        ClockStart,
        ClockPause,
        ClockResume,
        ClockNext,
        ClockPrev,
        ClockSet,
        ClockAdd,
        ClockEndDay,
        ClockDay,
        ClockHand,
    )
}


def clock_event(action: ClockAction, seconds: float = 0) -> _ClockPayload:
    """The payload recording `action` (with its seconds for set and add)."""
    return CLOCK_PAYLOADS[action](seconds)


# --- money ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TermsChanged(Payload):
    """New money terms; the payout table too when `table_given` (None: the default curve)."""

    KIND: ClassVar[EventKind] = EventKind.TERMS_CHANGED
    terms: Terms
    table: PayoutTable | None = None
    table_given: bool = False
    """False: the payout table stays as it was (the stored form has no "table" key)."""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TermsChanged:
        """Read the stored form."""
        given = "table" in d
        raw = d.get("table")
        return cls(Terms.from_dict(d["terms"]), PayoutTable.from_dict(raw) if raw else None, given)

    def to_dict(self) -> Data:
        """The stored form."""
        data: Data = {"terms": self.terms.to_dict()}
        if self.table_given:
            data["table"] = None if self.table is None else self.table.to_dict()
        return data

    def describe(self) -> str:
        """One line for the log."""
        if not self.table_given:
            return "Terms changed"
        return f"Terms changed, payout table {self.table.name if self.table else 'default curve'}"


@dataclass(frozen=True)
class DealAccepted(Payload):
    """A deal every player left agreed to (the fields of `tdtool.tournament.icm.Deal`)."""

    KIND: ClassVar[EventKind] = EventKind.DEAL_ACCEPTED
    method: str
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    prizes: tuple[int, ...]
    amounts: tuple[int, ...]
    hold_back: int = 0
    equities: tuple[float, ...] = ()
    unit: int = 1
    computation: str = "exact"
    standard_error: float = 0.0
    samples: int = 0
    notes: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> DealAccepted:
        """Read the stored form (`Deal.to_dict()`)."""
        return cls(
            method=str(d["method"]),
            players=tuple(d["players"]),
            stacks=tuple(d["stacks"]),
            prizes=tuple(d.get("prizes", ())),
            amounts=tuple(d["amounts"]),
            hold_back=int(d.get("hold_back", 0)),
            equities=tuple(d.get("equities", ())),
            unit=int(d.get("unit", 1)),
            computation=str(d.get("computation", "exact")),
            standard_error=float(d.get("standard_error", 0.0)),
            samples=int(d.get("samples", 0)),
            notes=tuple(d.get("notes", ())),
        )

    def to_dict(self) -> Data:
        """The stored form, key for key as `Deal.to_dict()` writes it."""
        return {
            "method": self.method,
            "players": list(self.players),
            "stacks": list(self.stacks),
            "prizes": list(self.prizes),
            "hold_back": self.hold_back,
            "equities": list(self.equities),
            "amounts": list(self.amounts),
            "unit": self.unit,
            "computation": self.computation,
            "standard_error": self.standard_error,
            "samples": self.samples,
            "notes": list(self.notes),
        }

    def describe(self) -> str:
        """One line for the log."""
        paid = ", ".join(f"{n} {a:,}" for n, a in zip(self.players, self.amounts, strict=True))
        held = f"; {self.hold_back:,} held back" if self.hold_back else ""
        return f"{self.method.upper()} deal accepted: {paid}{held}"


# --- flights ------------------------------------------------------------------------------


@dataclass(frozen=True)
class FlightRecord:
    """One flight a day was combined from, as it ended: its figures and where its clock was."""

    name: str
    source: str
    """The flight's tournament as the director gave it (a file or a URL without password)."""
    entries: int
    rebuys: int
    addons: int
    survivors: int
    """Players who bagged chips in it."""
    level: int
    seconds_left: float

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> FlightRecord:
        """Read the stored form."""
        return cls(
            str(d["name"]),
            str(d.get("source", "")),
            int(d.get("entries", 0)),
            int(d.get("rebuys", 0)),
            int(d.get("addons", 0)),
            int(d.get("survivors", 0)),
            int(d.get("level", 1)),
            float(d.get("seconds_left", 0)),
        )

    def to_dict(self) -> Data:
        """The stored form."""
        return {
            "name": self.name,
            "source": self.source,
            "entries": self.entries,
            "rebuys": self.rebuys,
            "addons": self.addons,
            "survivors": self.survivors,
            "level": self.level,
            "seconds_left": self.seconds_left,
        }


@dataclass(frozen=True)
class CarriedBag:
    """A player's bag from a flight: the chips, the flight's name, and the player's registry
    id there (None: not linked; stored only when linked)."""

    name: str
    chips: int
    flight: str
    player_id: int | None = None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CarriedBag:
        """Read the stored form."""
        linked = d.get("player_id")
        return cls(
            str(d["name"]),
            int(d["chips"]),
            str(d.get("flight", "")),
            linked if isinstance(linked, int) else None,
        )

    def to_dict(self) -> Data:
        """The stored form."""
        out: Data = {"name": self.name, "chips": self.chips, "flight": self.flight}
        if self.player_id is not None:
            out["player_id"] = self.player_id
        return out


def with_source(name: str, source: str) -> str:
    """A flight as messages name it: 'Main Day 1A (day-1a.tdtool)'; once only when its name
    already ends with its file (flights of one name are told apart so)."""
    suffix = f"({source})"
    return name if name.endswith(suffix) else f"{name} {suffix}"


@dataclass(frozen=True)
class FlightsCombined(Payload):
    """This tournament is the next day of an event played in flights: where it came from
    (the flights and their figures), the rule for players who bagged in several, the players
    who advance (each is registered here; their counts follow as `player.chips`) and the bags
    that do not advance. The event's entries, rebuys and add-ons are every flight's."""

    KIND: ClassVar[EventKind] = EventKind.FLIGHTS_COMBINED
    day: int
    rule: str
    flights: tuple[FlightRecord, ...]
    players: tuple[CarriedBag, ...]
    forfeited: tuple[CarriedBag, ...] = ()

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> FlightsCombined:
        """Read the stored form."""
        return cls(
            int(d["day"]),
            str(d.get("rule", "best")),
            tuple(FlightRecord.from_dict(f) for f in d["flights"]),
            tuple(CarriedBag.from_dict(p) for p in d["players"]),
            tuple(CarriedBag.from_dict(p) for p in d.get("forfeited", ())),
        )

    def to_dict(self) -> Data:
        """The stored form."""
        return {
            "day": self.day,
            "rule": self.rule,
            "flights": [f.to_dict() for f in self.flights],
            "players": [p.to_dict() for p in self.players],
            "forfeited": [p.to_dict() for p in self.forfeited],
        }

    @property
    def entries(self) -> int:
        """Entries of the whole event (every flight)."""
        return sum(f.entries for f in self.flights)

    def describe(self) -> str:
        """One line for the log (the flights, then the bags that do not advance)."""
        flights = "; ".join(
            f"{with_source(f.name, f.source)}: {f.entries:,} entries, {f.survivors:,} bagged"
            for f in self.flights
        )
        line = (
            f"Day {self.day} from {len(self.flights)} flights, {self.entries:,} entries in all"
            f" — {flights}. {len(self.players):,} players advance"
        )
        if self.forfeited:
            shown = ", ".join(f"{b.name} ({b.flight} {b.chips:,})" for b in self.forfeited[:4])
            more = len(self.forfeited) - 4
            rule = {
                "best": "the best stack advances",
                "last": "the last flight's stack advances",
                "first": "the first bag advances",
            }.get(self.rule, self.rule)
            line += f"; bags that do not advance ({rule}): {shown}" + (
                f" and {more} more" if more > 0 else ""
            )
        return line


# --- the log's own records -----------------------------------------------------------------


@dataclass(frozen=True)
class Undo(Payload):
    """Change `change` was taken back."""

    KIND: ClassVar[EventKind] = EventKind.UNDO
    change: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Undo:
        """Read the stored form."""
        return cls(int(d["change"]))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"change": self.change}

    def describe(self) -> str:
        """One line for the log."""
        return f"Undo of change {self.change}"


# --- the staff (tdtool serve) ------------------------------------------------------------


STAFF_ROLES = ("desk", "floor", "director", "dealer")
"""The roles a person of the staff may have on `tdtool serve` (what each may do: docs/web.md)."""


@dataclass(frozen=True)
class StaffAdded(Payload):
    """A person who may act from a phone, with their role; given again, the role changes.
    The sign-in link is never in the log (only its hash is kept, outside the log)."""

    KIND: ClassVar[EventKind] = EventKind.STAFF_ADDED
    name: str
    role: str
    minutes: int = 0
    """How long the sign-in link issued with it is valid."""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> StaffAdded:
        """Read the stored form."""
        return cls(str(d["name"]), str(d["role"]), int(d.get("minutes", 0)))

    def to_dict(self) -> Data:
        """The stored form."""
        return {"name": self.name, "role": self.role, "minutes": self.minutes}

    def describe(self) -> str:
        """One line for the log."""
        link = f", sign-in link valid {self.minutes} min" if self.minutes else ""
        return f"Staff: {self.name} ({self.role}){link}"


class StaffRevoked(_Named):
    """A person of the staff taken off: their link and every session end at once."""

    KIND: ClassVar[EventKind] = EventKind.STAFF_REVOKED

    def describe(self) -> str:
        """One line for the log."""
        return f"Staff: {self.name} revoked (signed out everywhere)"


class StaffSignedIn(_Named):
    """A person of the staff signed in from their link (a new session on a phone)."""

    KIND: ClassVar[EventKind] = EventKind.STAFF_SIGNED_IN

    def describe(self) -> str:
        """One line for the log."""
        return f"Staff: {self.name} signed in"


# --- reading a stored event ----------------------------------------------------------------

_ALL: tuple[Any, ...] = (
    TournamentCreated,
    PlayerRegistered,
    PlayerReentered,
    PlayerRebuy,
    PlayerAddon,
    PlayerBusted,
    PlayerChips,
    ChipsRemoved,
    ChipsRaced,
    SeatDrawn,
    SeatMoved,
    SeatButton,
    SeatLocked,
    SeatUnlocked,
    *CLOCK_PAYLOADS.values(),
    TermsChanged,
    DealAccepted,
    FlightsCombined,
    PlayerRenamed,
    PlayerRemoved,
    StaffAdded,
    StaffRevoked,
    StaffSignedIn,
    Undo,
)
PAYLOADS: dict[EventKind, Any] = {p.KIND: p for p in _ALL}
"""Event kind -> its payload class (every kind has one)."""


def kind_of(kind: str, seq: int = 0) -> EventKind:
    """The EventKind of a stored kind; InputError when this tdtool does not know it."""
    try:
        return EventKind(kind)
    except ValueError:
        raise InputError(
            f"The tournament's log holds an event of kind {kind!r} (#{seq})"
            " that this tdtool does not know; upgrade tdtool."
        ) from None


def payload(kind: str, data: Mapping[str, Any] | None, seq: int = 0) -> Payload:
    """The typed payload of a stored event (InputError for a kind this tdtool does not know)."""
    cls = PAYLOADS[kind_of(kind, seq)]
    result: Payload = cls.from_dict(data or {})
    return result


def describe(kind: str, data: Mapping[str, Any] | None) -> str:
    """The log line of a stored event; an unknown or unreadable one shows its raw JSON."""
    try:
        return payload(kind, data).describe()
    except (InputError, KeyError, TypeError, ValueError):
        import json

        return f"{kind} {json.dumps(data, ensure_ascii=False, sort_keys=True)}"
