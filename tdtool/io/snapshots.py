"""Snapshots: the folded state of a tournament written down, so a command folds only the
events after it. One encoding for both backends (a file, PostgreSQL), read by every install.

A snapshot is a MessagePack document (msgspec) laid out explicitly below: plain numbers,
text, lists and maps, in a layout this module names field by field. Nothing in it names a
Python type or callable: the reader decides every type from `_Doc`, and the parts that
events also carry (the structure, the terms, a payout table, a deal, the flights) are read
back by the very readers the log's events go through, so a snapshot can say nothing an event
could not. Why msgspec and not pickle (what the store used before): a pickle names the
classes to build, and a forged one ran code on every laptop that read the tournament;
msgspec decodes into declared types only, refuses a length longer than the input, bounds
nesting, and reads 30,000 players as columns in a few milliseconds (json would take ten
times that).

Rules that keep it sound:

- `FORMAT` is a number a person bumps when the layout changes in a way an older reader would
  misread; an older format is read through `UPGRADES` (one step per format), so an upgrade
  keeps the snapshots. Any install of the same format reads every other's: nothing in the
  format depends on the install (the last release fingerprinted its source files' times).
- A snapshot is bound to its log: it carries the seq and the chain hash of its last event
  (`tdtool.io.chain`); a snapshot whose event is missing or has another hash (another
  history, a log cut short, a snapshot pointing past the log's end) is ignored.
- A snapshot larger than `size_limit` of its log, or that fails to decode or to check, is
  ignored: the state is then folded from the whole log. A snapshot is never trusted over
  the log; `tdtool log --verify` folds the log and compares each snapshot with it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import fields
from typing import Any

import msgspec

from tdtool.tournament import events as ev
from tdtool.tournament.bounty import Knockout, Share
from tdtool.tournament.clock import ClockAction, ClockFact
from tdtool.tournament.payouts import PayoutTable
from tdtool.tournament.seating import Seat, TablePlan
from tdtool.tournament.state import (
    Carried,
    ChipTotals,
    ClockState,
    MoneyState,
    Player,
    State,
)
from tdtool.tournament.structure import structure_from_dict, structure_to_dict
from tdtool.tournament.terms import Terms

FORMAT = 2
"""The layout of `_Doc`. Bump it (and add the step from the old one to UPGRADES) whenever a
change to it would make an older reader misread a snapshot; adding a field at the end with a
default needs no bump (older readers ignore it, newer ones take the default)."""

FORMAT_NAME = f"msgpack-{FORMAT}"
"""What the store's `format` column says of a snapshot of this format."""

SNAPSHOT_EVERY = 256
"""A change writes a snapshot of the state it read when that state needed this many events
folded on top of the last snapshot; below that, folding them is cheaper than writing one."""

SNAPSHOTS_KEPT = 2
"""Snapshots kept (the newest): undoing the last change never leaves a command without one."""

BYTES_PER_EVENT = 256
"""A snapshot is refused when larger than this many bytes per event it folds (plus the
tournament's creation, which holds the structure, and a margin): a real one takes about 25
(30,000 players and their seats in 1.1 MB at 52,000 events), so a forged one cannot make a
command read and decode more than a few times what the log itself holds."""


def size_limit(upto: int, created_bytes: int) -> int:
    """The largest snapshot accepted for a log of `upto` events whose first (the creation)
    holds `created_bytes` of data."""
    return 64 * 1024 + 4 * created_bytes + BYTES_PER_EVENT * upto


def format_number(name: str) -> int | None:
    """The format number of a `format` column (`msgpack-N`); None for a snapshot of the
    pickle releases (a fingerprint) or anything else this build cannot read."""
    prefix, _, number = name.partition("-")
    return int(number) if prefix == "msgpack" and number.isdigit() else None


def anchor_below(upto: int) -> int:
    """Besides the newest SNAPSHOTS_KEPT, the newest snapshot before the SNAPSHOT_EVERY
    events block of `upto` is kept: undoing several changes then folds at most a few
    hundred events, not the whole log."""
    return (upto // SNAPSHOT_EVERY) * SNAPSHOT_EVERY


# --- the layout ----------------------------------------------------------------------------


class _Players(msgspec.Struct, array_like=True):
    """The players as one list per field of `Player`, in registration order."""

    name: list[str]
    entries: list[int]
    rebuys: list[int]
    addons: list[int]
    busted: list[bool]
    places: list[list[tuple[int, int]]]
    bounty: list[int]
    bounty_won: list[int]
    chips: list[int | None]
    counted_at: list[float | None]
    player_id: list[int | None] = []
    """Added at the end with a default (no format bump): a snapshot written before the
    registry has no ids, and every player there is unlinked."""


class _Plan(msgspec.Struct, array_like=True):
    """The table plan (tdtool.tournament.seating.TablePlan.parts)."""

    seats: int
    tables: list[int] | None
    break_order: list[int]
    final_table_seats: int
    final_table: int | None
    last_giver: int | None
    occupants: dict[int, dict[int, str]]
    buttons: dict[int, int]
    locked: list[tuple[int, int]]
    """Locked seats (table, seat): format 2. An older reader would have ignored them and moved
    the players in them, hence the new format."""
    change: int | None = None
    moved_last: list[str] = []
    moved_now: list[str] = []
    """The change of the last moves and who moved in it and the change before (TablePlan's
    `begin_change`): added at the end with defaults (no format bump); a snapshot written
    before them reads as nobody moved lately, which only widens the tool's next pick."""


class _Share(msgspec.Struct, array_like=True):
    name: str
    entry: int
    paid: int
    added: int


class _Knockout(msgspec.Struct, array_like=True):
    busted: str
    collected: int
    shares: list[_Share]


class _Fact(msgspec.Struct, array_like=True):
    action: str
    at: float
    seconds: float
    level: int
    day: int


class _Doc(msgspec.Struct, array_like=True):
    """One snapshot. Every field of `State` has its place here (a test holds them equal)."""

    upto: int
    """Seq of the last event folded in."""
    chain: str
    """The chain hash of that event: binds the snapshot to its log."""
    name: str
    structure: dict[str, Any] | None
    terms: dict[str, Any]
    seats_per_table: int
    tables_available: int | None
    players: _Players
    entries: int
    rebuys: int
    addons: int
    drawn: bool
    plan: _Plan
    button_at: list[tuple[int, float]]
    eliminations: list[list[tuple[str, int]]]
    last_event_at: float | None
    created_at: float | None
    last_seat: list[tuple[str, int, int]]
    clock: list[_Fact]
    payout_table: dict[str, Any] | None
    deal: dict[str, Any] | None
    deal_after: int
    knockouts: list[_Knockout]
    bounty_unclaimed: int
    bounty_paid: int
    origin: dict[str, Any] | None
    carried: tuple[int, int, int, int, int]
    chips_removed: int
    last_bust_at: float | None
    chip_totals: tuple[int, int, int, tuple[str, int] | None]
    hand_for_hand_hands: int = 0
    """Hands dealt hand-for-hand since the last bust (`clock hand`): added at the end with a
    default (no format bump); a snapshot written before it has none."""


_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(_Doc)

STATE_FIELDS = frozenset(
    {
        "name",
        "structure",
        "terms",
        "seats_per_table",
        "tables_available",
        "players",
        "entries",
        "rebuys",
        "addons",
        "drawn",
        "plan",
        "button_at",
        "eliminations",
        "last_event_at",
        "created_at",
        "last_seat",
        "clock",
        "money",
        "knockouts",
        "bounty_unclaimed",
        "bounty_paid",
        "origin",
        "carried",
        "chips_removed",
        "last_bust_at",
        "chip_totals",
        "hand_for_hand_hands",
    }
)
"""The fields of `State` this layout writes: a new field of State fails a test until it has
its place in `_Doc` (and the format its number)."""


@contextmanager
def _no_collection() -> Iterator[None]:
    """The collector off while tens of thousands of small objects are built that all live
    on (a third of the time at 30,000 players goes to collections that free nothing)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def encode(state: State, upto: int, chain: str) -> bytes:
    """The snapshot of `state`, the fold of the log up to event `upto` whose chain hash is
    `chain`."""
    players = list(state.players.values())
    rows = [
        (
            p.name,
            p.entries,
            p.rebuys,
            p.addons,
            p.busted,
            p.places,
            p.bounty,
            p.bounty_won,
            p.chips,
            p.counted_at,
            p.player_id,
        )
        for p in players
    ]
    columns = [list(c) for c in zip(*rows, strict=True)] if rows else [[] for _ in range(11)]
    money = state.money
    totals = state.chip_totals
    carried = state.carried
    doc = _Doc(
        upto=upto,
        chain=chain,
        name=state.name,
        structure=None if state.structure is None else structure_to_dict(state.structure),
        terms=state.terms.to_dict(),
        seats_per_table=state.seats_per_table,
        tables_available=state.tables_available,
        players=_Players(*columns),
        entries=state.entries,
        rebuys=state.rebuys,
        addons=state.addons,
        drawn=state.drawn,
        plan=_Plan(*state.plan.parts()),
        button_at=sorted(state.button_at.items()),
        eliminations=state.eliminations,
        last_event_at=state.last_event_at,
        created_at=state.created_at,
        last_seat=[(name, s.table, s.seat) for name, s in state.last_seat.items()],
        clock=[_Fact(str(f.action), f.at, f.seconds, f.level, f.day) for f in state.clock.facts],
        payout_table=None if money.table is None else money.table.to_dict(),
        deal=None if money.deal is None else money.deal.to_dict(),
        deal_after=money.deal_after,
        knockouts=[
            _Knockout(
                k.busted, k.collected, [_Share(s.name, s.entry, s.paid, s.added) for s in k.shares]
            )
            for k in state.knockouts
        ],
        bounty_unclaimed=state.bounty_unclaimed,
        bounty_paid=state.bounty_paid,
        origin=None if state.origin is None else state.origin.to_dict(),
        carried=(carried.players, carried.entries, carried.rebuys, carried.addons, carried.chips),
        chips_removed=state.chips_removed,
        last_bust_at=state.last_bust_at,
        chip_totals=(totals.counted, totals.chips, totals.fresh, totals.leader),
        hand_for_hand_hands=state.hand_for_hand_hands,
    )
    with _no_collection():
        return _ENCODER.encode(doc)


class SnapshotError(ValueError):
    """A snapshot that cannot be read or does not check (it is then ignored)."""


Upgrade = Callable[[list[Any]], list[Any]]
"""One format's document (as plain lists and maps) made into the next format's."""


def _plan_with_no_locks(doc: list[Any]) -> list[Any]:
    """Format 1 -> 2: the plan gains its locked seats (none)."""
    plan = doc[_Doc.__struct_fields__.index("plan")]
    plan.append([])
    return doc


UPGRADES: dict[int, Upgrade] = {1: _plan_with_no_locks}
"""format N -> the step from N to N + 1. Format 1 was the first explicit format (the releases
before wrote pickles, which are never read); 2 added the plan's locked seats."""


def decode(blob: bytes, form: int = FORMAT) -> tuple[State, int, str]:
    """(state, upto, chain) of a snapshot of format `form`; SnapshotError when it cannot be
    read, names an unknown value, or holds values that do not fit together."""
    try:
        with _no_collection():
            if form != FORMAT:
                doc = _DECODER.decode(_ENCODER.encode(_upgraded(blob, form)))
            else:
                doc = _DECODER.decode(blob)
            return _state(doc), doc.upto, doc.chain
    except SnapshotError:
        raise
    except Exception as exc:  # msgspec's, or the readers' own (InputError ...): never trusted
        raise SnapshotError(f"unreadable snapshot: {exc}") from None


def _upgraded(blob: bytes, form: int) -> Any:
    if form > FORMAT or form < 1:
        raise SnapshotError(f"snapshot format {form} is not one this tdtool reads")
    doc: Any = msgspec.msgpack.decode(blob)
    while form < FORMAT:
        step = UPGRADES.get(form)
        if step is None:
            raise SnapshotError(f"no upgrade from snapshot format {form}")
        doc = step(doc)
        form += 1
    return doc


def _state(doc: _Doc) -> State:
    cols = doc.players
    n = len(cols.name)
    columns: list[list[Any]] = [
        cols.name,
        cols.entries,
        cols.rebuys,
        cols.addons,
        cols.busted,
        cols.places,
        cols.bounty,
        cols.bounty_won,
        cols.chips,
        cols.counted_at,
        cols.player_id or [None] * n,
    ]
    if any(len(c) != n for c in columns):
        raise SnapshotError("the players' columns differ in length")
    players = dict(zip(map(str.casefold, cols.name), map(Player, *columns), strict=True))
    if len(players) != n:
        raise SnapshotError("a player is listed twice")
    plan = TablePlan.from_parts(*msgspec.structs.astuple(doc.plan))
    table = None if doc.payout_table is None else PayoutTable.from_dict(doc.payout_table)
    deal = None if doc.deal is None else ev.DealAccepted.from_dict(doc.deal)
    origin = None if doc.origin is None else ev.FlightsCombined.from_dict(doc.origin)
    counted, chips, fresh, leader = doc.chip_totals
    state = State(
        name=doc.name,
        structure=None if doc.structure is None else structure_from_dict(doc.structure),
        terms=Terms.from_dict(doc.terms),
        seats_per_table=doc.seats_per_table,
        tables_available=doc.tables_available,
        players=players,
        entries=doc.entries,
        rebuys=doc.rebuys,
        addons=doc.addons,
        drawn=doc.drawn,
        plan=plan,
        button_at=dict(doc.button_at),
        eliminations=[list(hand) for hand in doc.eliminations],
        last_event_at=doc.last_event_at,
        created_at=doc.created_at,
        last_seat={name: Seat(t, s) for name, t, s in doc.last_seat},
        clock=ClockState(
            [ClockFact(ClockAction(f.action), f.at, f.seconds, f.level, f.day) for f in doc.clock]
        ),
        money=MoneyState(table, deal, doc.deal_after),
        knockouts=[
            Knockout(
                k.busted,
                k.collected,
                tuple(Share(s.name, s.entry, s.paid, s.added) for s in k.shares),
            )
            for k in doc.knockouts
        ],
        bounty_unclaimed=doc.bounty_unclaimed,
        bounty_paid=doc.bounty_paid,
        origin=origin,
        carried=Carried(*doc.carried),
        chips_removed=doc.chips_removed,
        last_bust_at=doc.last_bust_at,
        chip_totals=ChipTotals(counted, chips, fresh, leader),
        hand_for_hand_hands=doc.hand_for_hand_hands,
    )
    return state


def state_fields() -> frozenset[str]:
    """The fields `State` has (for the test that holds them equal to STATE_FIELDS)."""
    return frozenset(f.name for f in fields(State))


# --- choosing, checking and keeping snapshots (both backends) ------------------------------


def newest(
    kept: list[tuple[int, str, int]],
    event_hash: Callable[[int], str | None],
    created_bytes: int,
    fetch: Callable[[int], bytes],
) -> tuple[State, int] | None:
    """(state, upto) of the newest snapshot among `kept` (upto, format, bytes) that this
    build reads and that checks against its log, or None: the log is then folded whole.

    `event_hash(seq)` is the stored chain hash of event `seq` (None: no such event),
    `created_bytes` the size of the tournament's first event, `fetch(upto)` the blob."""
    for upto, name, size in sorted(kept, reverse=True):
        form = format_number(name)
        if form is None or form > FORMAT or size > size_limit(upto, created_bytes):
            continue
        chain = event_hash(upto)
        if not chain:
            continue
        try:
            state, doc_upto, doc_chain = decode(fetch(upto), form)
        except SnapshotError:
            continue
        if (doc_upto, doc_chain) == (upto, chain):
            return state, upto
    return None


def fold_on(state: State | None, events: list[Any]) -> State:
    """The state `events` lead to from `state` (None: from the start)."""
    from tdtool.tournament.state import fold

    with _no_collection():
        return fold(events, state)


def to_delete(rows: list[tuple[int, str]]) -> list[int]:
    """The snapshots (upto, format) to delete once one of this format is written: the
    older formats' (the pickle releases' above all: never read again) and, of this format,
    all but the newest SNAPSHOTS_KEPT and the anchor below them. A newer format's are left
    to the newer build that wrote them."""
    mine = sorted((u for u, f in rows if format_number(f) == FORMAT), reverse=True)
    older = [u for u, f in rows if (format_number(f) or 0) < FORMAT]
    if not mine:
        return older
    keep = set(mine[:SNAPSHOTS_KEPT])
    anchor = [u for u in mine if u < anchor_below(mine[0])]
    keep.update(anchor[:1])
    return older + [u for u in mine if u not in keep]


class Pending:
    """What one change may leave as a snapshot: decided as the change reads and commits."""

    def __init__(self) -> None:
        self._read: tuple[State, int, bytes | None] | None = None
        self._kept: State | None = None

    def read(
        self,
        state: State,
        last: int,
        folded: int,
        appended: bool,
        hash_of: Callable[[int], str | None],
    ) -> None:
        """The change read `state` (the fold up to `last`, `folded` events past its
        snapshot): worth a snapshot when that took SNAPSHOT_EVERY events or more. It is
        encoded now, as read: a decision may change the state it was given."""
        if folded >= SNAPSHOT_EVERY and not appended:
            chain = hash_of(last) if last else None
            self._read = (state, last, None if not chain else encode(state, last, chain))

    def keep(self, state: State) -> None:
        """The application folded the change's events onto the state it read."""
        self._kept = state

    def blob(self, appended: tuple[int, str] | None) -> tuple[bytes, int] | None:
        """(snapshot, upto) to write with the change, or None: the state after the change
        when the application kept it (`appended`: seq and chain hash of the change's last
        event), else the state it read."""
        if self._read is None:
            return None
        if self._kept is not None and appended is not None:
            return encode(self._kept, *appended), appended[0]
        _state, upto, blob = self._read
        return None if blob is None else (blob, upto)


def mismatched(
    kept: list[tuple[int, str, bytes]], rows: list[Any], row_event: Callable[[Any], Any]
) -> list[int]:
    """The upto of each snapshot among `kept` (upto, format, blob) of this build's formats
    that is not the fold of its log: unreadable, bound to another history, or holding another
    state than the log's events up to it. `rows`: the whole log (tdtool.io.chain.Row, in
    order); `row_event`: makes an event of (seq, change, kind, data, at, operator)."""
    from tdtool.tournament.state import fold

    wanted = sorted((u, f, b) for u, f, b in kept if format_number(f) is not None)
    if not wanted:
        return []
    undo_rows = {r.seq for r in rows if r.undone}
    bad: list[int] = []
    state: State | None = None
    done = 0
    with _no_collection():
        for upto, name, blob in wanted:
            form = format_number(name) or 0
            if form > FORMAT:
                continue  # a newer build's: for it to check
            events = [
                row_event((r.seq, r.change, r.kind, r.data, r.at, r.operator))
                for r in rows
                if done < r.seq <= upto and r.seq not in undo_rows and r.kind != "undo"
            ]
            state = fold(events, state)
            done = upto
            chain = next((r.hash for r in rows if r.seq == upto), None)
            try:
                found, doc_upto, doc_chain = decode(blob, form)
            except SnapshotError:
                bad.append(upto)
                continue
            if (doc_upto, doc_chain) != (upto, chain) or encode(found, upto, doc_chain) != encode(
                state, upto, doc_chain
            ):
                bad.append(upto)
    return bad
