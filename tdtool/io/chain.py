"""The log's hash chain: each event carries the hash of itself and of the one before it.

`link(before, seq, change, kind, data, at, operator)` is the hash of one event: BLAKE2b (128
bits, as hex) of the previous event's hash and the event's fields, the payload as the very
text stored. Editing any field of an event, removing one, or swapping two breaks the chain
at that event and every hash after it; `verify(rows)` names the first event where it breaks.

What it shows and what it cannot: an event changed in the database (or the file) without
recomputing every later hash is found. Someone who rewrites the whole chain after an edit is
found only by comparing the chain's head with one noted before (`tdtool log --verify` prints
it: note it on the results sheet, or keep a backup); a log cut short after its last snapshot
is found from the snapshot, and on PostgreSQL from the tournament's own count of events.

The `undone` mark is not part of an event's hash (undo sets it in place); the undo records
are, and `verify` checks that the marks are exactly those the undo records say.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

try:  # hashlib's own BLAKE2b without loading OpenSSL (2-10 ms of start-up) for it
    from _blake2 import blake2b as blake2b  # (also the seed of a change: tdtool.app.change)
except ImportError:  # pragma: no cover - every CPython 3.11+ has it
    from hashlib import blake2b as blake2b

GENESIS = ""
"""The hash before the first event."""


def link(before: str, seq: int, change: int, kind: str, data: str, at: float, operator: str) -> str:
    """The chain hash of one event (`data`: the payload as stored, JSON text)."""
    fields = json.dumps(
        [before, int(seq), int(change), kind, repr(float(at)), operator, data],
        ensure_ascii=False,
    )
    return blake2b(fields.encode(), digest_size=16).hexdigest()


@dataclass(frozen=True)
class Row:
    """One stored event as the chain reads it."""

    seq: int
    change: int
    kind: str
    data: str
    at: float
    operator: str
    undone: bool
    hash: str


@dataclass(frozen=True)
class Verdict:
    """What `verify` found: the first break (None: the chain holds), and the head."""

    events: int
    head: str
    """The hash of the last event (the chain's head), to note and compare later."""
    broken_at: int | None = None
    """The seq of the first event where the chain breaks."""
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.broken_at is None


def chain_of(
    rows: Iterable[tuple[int, int, str, str, float, str]], before: str = GENESIS
) -> list[str]:
    """The hashes of `rows` (seq, change, kind, data, at, operator) in order, after `before`."""
    out = []
    for seq, change, kind, data, at, operator in rows:
        before = link(before, seq, change, kind, data, at, operator)
        out.append(before)
    return out


def verify(rows: Iterable[Row], undo_kind: str, expected_last: int | None = None) -> Verdict:
    """Check the stored hashes of `rows` (the whole log, in seq order) and the undone marks.

    `expected_last`: the seq the log should end at (a snapshot or the server's count says
    so), to find events removed from its end."""
    before = GENESIS
    last_seq = 0
    count = 0
    undone_changes: set[int] = set()
    marked: dict[int, int] = {}  # change -> first seq marked undone
    kept: dict[int, int] = {}  # change -> first seq not marked undone
    for row in rows:
        count += 1
        if row.seq != last_seq + 1:
            what = (
                f"events {last_seq + 1} to {row.seq - 1} are missing"
                if row.seq > last_seq + 1
                else f"event {row.seq} is out of order (after event {last_seq})"
            )
            return Verdict(
                count, before, row.seq, f"{what}: the log jumps from {last_seq} to {row.seq}."
            )
        expected = link(before, row.seq, row.change, row.kind, row.data, row.at, row.operator)
        if row.hash != expected:
            return Verdict(
                count,
                before,
                row.seq,
                f"event {row.seq} ({row.kind}, change {row.change}) is not what was recorded:"
                " its content, time or operator was changed after it was written.",
            )
        before = expected
        last_seq = row.seq
        if row.kind == undo_kind:
            try:
                undone_changes.add(int(json.loads(row.data)["change"]))
            except (ValueError, KeyError, TypeError):
                return Verdict(count, before, row.seq, f"undo record {row.seq} names no change.")
        elif row.undone:
            marked.setdefault(row.change, row.seq)
        else:
            kept.setdefault(row.change, row.seq)
    if expected_last is not None and last_seq < expected_last:
        return Verdict(
            count,
            before,
            last_seq + 1,
            f"events {last_seq + 1} to {expected_last} are missing from the end of the log.",
        )
    for change, seq in sorted(marked.items()):
        if change not in undone_changes:
            return Verdict(
                count,
                before,
                seq,
                f"event {seq} is marked undone, but no undo took back change {change}.",
            )
    for change in sorted(undone_changes & kept.keys()):
        seq = kept[change]
        return Verdict(
            count, before, seq, f"change {change} was undone, but event {seq} is not marked undone."
        )
    return Verdict(count, before)
