"""The tournament file: one SQLite database per tournament holding an append-only event log.

Everything that happens in a tournament (the creation with its structure and terms, each
registration, the draw, a bust with the moves it caused, a clock start, an accepted deal)
is an *event* appended to the log; the current state is the fold of the effective events
(`tdtool.tournament.state.fold`). Nothing is ever updated in place, so a crash can only
lose a change that had not been committed, and `undo` is a flag, not a rewrite.

Public API (what the other modules use)::

    from tdtool.io.store import Store

    with Store.create(path, [("tournament.created", {...})]) as store:   # new file
        ...
    with Store.open(path) as store:               # InputError naming the file if it is
        with store.transaction() as tx:           # missing, corrupt or not a tournament
            state = tx.state()                    # read the current state under the lock
            tx.append("player.busted", {...})     # all appended events form ONE change
            tx.append("seat.moved", {...})        # committed together when the block ends
        store.events()                            # effective events (undone ones left out)
        store.events(kinds={"clock.start"})       # ... of some kinds only
        store.undo()                              # takes back the last change, returns its events
        store.log()                               # every record, undone ones and undos included

`store.change(fn)` is `with store.transaction() as tx: return fn(tx)`.

Guarantees:

- Every change runs in `BEGIN IMMEDIATE`: the state it reads cannot be changed by another
  terminal before it commits, so two terminals on one file never lose an update. A
  terminal that finds the file busy waits up to `BUSY_TIMEOUT` seconds.
- WAL journal with `synchronous=FULL`: a committed change survives a killed process and a
  pulled plug; an uncommitted one leaves no trace.
- The file is always whole: after each change commits, a checkpoint copies it from the
  `-wal` into NAME.tdtool, so when no change is being written the file alone holds every
  committed change, whatever else has it open (`clock run`, the TV page): a plain copy
  of it (how directors back up and move events) is the tournament as it is. Why this and
  not the rollback journal (journal_mode=DELETE), which is always whole too: measured on
  this machine the checkpoint adds about 0.2 ms to a change (0.13 -> 0.32 ms for the
  commit; noise from other disk users reaches several ms either way), less than the
  rollback journal's 0.5 ms, and WAL keeps readers and writers out of each other's way (a TV
  refreshing never holds up a bust). The checkpoint is PASSIVE, retried for up to
  CHECKPOINT_WAIT while a reader is mid-read: a FULL one blocks the other terminal's
  next change, whose busy handler then backs off up to 100 ms at a time (one terminal
  starved the other in the two-terminal test). A reader still busy after that leaves
  the rest to the next change or the last close; the change itself is committed.
- One change = one change id shared by its events; `undo` marks every event of the last
  change undone and records an `undo` event, so the log keeps the whole history.
- `Event.at` is the wall time (unix seconds) at which the change was recorded; every event
  of one change carries the same time. The clock computes from these.
- The schema carries a version (`PRAGMA user_version`) with named migrations recorded in the
  `migrations` table. A newer file is refused; an older one is read through a copy upgraded
  in memory and upgraded on disk by its first change.
- Reading never writes: opening, reading and closing leave the file as it was (no
  migration, no switch to WAL, no snapshot; a checkpoint on close only when this user may
  write the file and another terminal's change left one to finish). A file with no write bit
  (root included), or one this user may not write, is opened read-only; a change to it is
  refused with one message naming the file, and nothing is written.
- Every event records its `operator`: who made the change (`--operator`, TDTOOL_OPERATOR,
  else the login name); events of files written before that carry ''.

Backends: this module is the file backend of `tdtool.io.store_base.TournamentStore`; a
`postgresql://` URL is the server backend (`tdtool.io.store_pg.PgStore`), chosen by
`store_base.open_store`, where one database holds many tournaments, several laptops change
one tournament at once and event times come from the server.

The chain: each event carries the hash of itself and the one before it (`tdtool.io.chain`),
so `tdtool log --verify` finds an event changed, removed or moved after it was written; a
file of the releases before gets its chain when it is upgraded (migration 0005).

Cost (snapshots, `tdtool.io.snapshots`): replaying the whole log made every command grow with
the tournament (1.8 s for a bust at 31,500 entries). The file keeps the folded state in
`snapshots`, keyed by `upto`, the seq of the last event in it, and a read folds only the
effective events after the newest snapshot that checks against the log. A change writes one
when the state it read needed SNAPSHOT_EVERY events folded; the newest SNAPSHOTS_KEPT are
kept, and one anchor a block of events older; `undo` deletes every snapshot holding an event
it undoes (upto >= its first seq). A snapshot is an explicit MessagePack document any
install of its format reads; nothing in it can name code, and one that does not check (its
last event's chain hash, its size, its values) is ignored: the log is folded instead.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

from tdtool.errors import InputError, RuleError
from tdtool.io.chain import GENESIS, Row, Verdict, chain_of, link
from tdtool.io.store_base import (
    UNDO,
    Event,
    LogRecord,
    View,
    check_undo,
    default_operator,
    is_url,
    restored_rows,
    verify_chain,
)

T = TypeVar("T")

BUSY_TIMEOUT = 10.0
"""Seconds a terminal waits for another one's change to finish before giving up."""

CHECKPOINT_WAIT = 0.25
"""Seconds a change waits for readers so that its checkpoint completes (see the docstring)."""

APPLICATION_ID = 0x74647431
"""`PRAGMA application_id` of a tdtool file ('tdt1'): tells a tournament from other SQLite files."""

_COLUMNS = "seq, change, kind, data, at, operator"


# --- migrations: named, applied in order, recorded -------------------------------------------


def _m0001_event_log(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute(
        "CREATE TABLE events ("
        " seq INTEGER PRIMARY KEY AUTOINCREMENT,"
        " change INTEGER NOT NULL,"
        " kind TEXT NOT NULL,"
        " data TEXT NOT NULL,"
        " at REAL NOT NULL,"
        " undone INTEGER NOT NULL DEFAULT 0)"
    )


def _m0002_index_events_by_change(conn: sqlite3.Connection) -> None:
    # undo looks up the last change and all its events; the index keeps that instant.
    conn.execute("CREATE INDEX events_by_change ON events (change)")


def _m0003_snapshots(conn: sqlite3.Connection) -> None:
    # The folded state as of event `upto`, so a command folds only the events after it.
    # `format` fingerprints the tdtool build that wrote it: another build ignores the row.
    conn.execute(
        "CREATE TABLE snapshots ("
        " upto INTEGER PRIMARY KEY,"
        " format TEXT NOT NULL,"
        " state BLOB NOT NULL,"
        " at REAL NOT NULL)"
    )


def _m0004_event_operator(conn: sqlite3.Connection) -> None:
    # Who made each change (several laptops, one log); '' for the changes made before.
    conn.execute("ALTER TABLE events ADD COLUMN operator TEXT NOT NULL DEFAULT ''")


def _m0005_event_chain(conn: sqlite3.Connection) -> None:
    # Each event carries the hash of itself and the one before (tdtool.io.chain); the events
    # written before get theirs now, in log order. The snapshots of the releases before were
    # pickles, never read again (a forged one could run code): they go.
    conn.execute("ALTER TABLE events ADD COLUMN hash TEXT NOT NULL DEFAULT ''")
    rows = conn.execute(f"SELECT {_COLUMNS} FROM events ORDER BY seq").fetchall()
    hashes = chain_of(rows)
    conn.executemany(
        "UPDATE events SET hash = ? WHERE seq = ?", zip(hashes, (r[0] for r in rows), strict=True)
    )
    conn.execute("DELETE FROM snapshots")


def _m0006_event_steady_clock(conn: sqlite3.Connection) -> None:
    # Where the boot-time clock stood at each change (tdtool.io.steady_clock): the time of
    # the next change on this laptop is measured from it, whatever its wall clock does.
    conn.execute("ALTER TABLE events ADD COLUMN boot TEXT NOT NULL DEFAULT ''")


def _m0007_staff_access(conn: sqlite3.Connection) -> None:
    # `tdtool serve`: the sign-in links and the sessions of the staff, each kept only as the
    # SHA-256 of its secret (tdtool.app.staff). Not events: a secret's hash has no place in a
    # log that is copied and shown; the staff themselves are events (staff.added ...).
    conn.execute(
        "CREATE TABLE access_links (digest TEXT PRIMARY KEY, name TEXT NOT NULL,"
        " expires REAL NOT NULL)"
    )
    conn.execute(
        "CREATE TABLE access_sessions (digest TEXT PRIMARY KEY, name TEXT NOT NULL,"
        " expires REAL NOT NULL)"
    )


MIGRATIONS: tuple[tuple[str, Callable[[sqlite3.Connection], None]], ...] = (
    ("0001_event_log", _m0001_event_log),
    ("0002_index_events_by_change", _m0002_index_events_by_change),
    ("0003_snapshots", _m0003_snapshots),
    ("0004_event_operator", _m0004_event_operator),
    ("0005_event_chain", _m0005_event_chain),
    ("0006_event_steady_clock", _m0006_event_steady_clock),
    ("0007_staff_access", _m0007_staff_access),
)
"""Every schema change ever made, in order; the file's `user_version` counts those applied."""

SCHEMA_VERSION = len(MIGRATIONS)


def _migrate(conn: sqlite3.Connection, path: Path, upto: int = SCHEMA_VERSION) -> None:
    """Apply the migrations the file lacks, up to `upto`, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise InputError(_newer(path, version))
        if version == 0:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS migrations"
                " (number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
            )
        for number in range(version + 1, upto + 1):
            name, step = MIGRATIONS[number - 1]
            step(conn)
            conn.execute(
                "INSERT INTO migrations (number, name, applied_at) VALUES (?, ?, ?)",
                (number, name, time.time()),
            )
            conn.execute(f"PRAGMA user_version = {number}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _newer(path: Path, version: int) -> str:
    return (
        f"{path} was written by a newer tdtool (file schema {version}, this tdtool knows"
        f" up to {SCHEMA_VERSION}); upgrade tdtool to use it."
    )


def _not_saved(path: Path, exc: sqlite3.Error) -> InputError:
    """The error for a change SQLite refused to write (nothing of it was written)."""
    fix = (
        " Make the file and its folder writable (or work on a copy)."
        if "readonly" in str(exc) or "unable to open" in str(exc)
        else ""
    )
    return InputError(f"Could not save the change to {path}: {exc}; nothing was changed.{fix}")


def _write_refusal(path: Path) -> str | None:
    """Why this user may not write the tournament file `path` (None: it may).

    The mode bits decide, not the system's answer alone: root may write a file of mode 0444,
    but a director who made it read-only meant it (an archived tournament), so a file with no
    write bit is read-only for everybody. A file (or folder, where the -wal goes) this user
    may not write, e.g. another user's, is read-only too.
    """
    import stat

    try:
        info = path.stat()
    except OSError as exc:
        raise InputError(f"Cannot open {path}: {exc.strerror or exc}.") from None
    mode = stat.S_IMODE(info.st_mode)
    if not mode & 0o222:
        return (
            f"{path} is read-only (mode {mode:04o}): nothing was changed; make it writable"
            f" (chmod u+w {path.name}) or work on a copy."
        )
    effective = os.access in os.supports_effective_ids
    if not os.access(path, os.W_OK, effective_ids=effective):
        if info.st_uid != os.geteuid():
            owner = _owner(info.st_uid)
            return (
                f"{path} is read-only for this user: it belongs to {owner}. Nothing was"
                f" changed; work on a copy, or as {owner}."
            )
        return (
            f"{path} is read-only: it cannot be written here (a read-only disk or a locked"
            " file). Nothing was changed; work on a copy."
        )
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK, effective_ids=effective):
        return (
            f"{path} is in a folder this user cannot write ({folder}), where its changes"
            " are journaled: nothing was changed; work on a copy elsewhere."
        )
    return None


FREE_TO_READ = 256 << 10
"""Bytes free on a tournament file's disk below which it is read without side files: a
WAL file's reader creates NAME.tdtool-shm (32 KiB) and -wal, which a full disk refuses."""


def _disk_full(folder: Path, need: int = FREE_TO_READ) -> bool:
    """Whether the disk holding `folder` has less than `need` bytes free for this user."""
    try:
        info = os.statvfs(folder)
    except (OSError, AttributeError):
        return False
    return info.f_bavail * info.f_frsize < need


def _full_refusal(path: Path) -> str:
    return (
        f"The disk holding {path} is full: nothing was changed. Free some space on it (or"
        " copy the file elsewhere) and run the command again; reading it works meanwhile."
    )


def _owner(uid: int) -> str:
    try:
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return f"user {uid}"


def _connect_read_only(path: Path, threads: bool = False) -> sqlite3.Connection:
    """A connection that cannot write `path` (nor checkpoint it on close).

    `mode=ro` reads a WAL file like any reader, but creates the -wal and -shm beside it (and,
    read-only, cannot remove them: they stay, owned by this user, in the owner's way) or
    fails where the folder cannot be written. So when there is no -wal, whose absence means
    the file alone holds every committed change, it is read as `immutable`: no lock, no side
    file. Always so for a file with no write bit (no tdtool writes it), and for a command that
    reads once (a change another user begins within the milliseconds of that read is the one
    risk: a read that fails, never a write). A display (`threads`) must see later changes:
    it reads with `mode=ro`, as does anyone when a -wal is there (another terminal has the
    file open); `immutable` again where `mode=ro` cannot start (a folder it cannot write).
    """
    import stat

    uri = path.absolute().as_uri()
    has_wal = Path(f"{path}-wal").exists()
    no_write_bits = not stat.S_IMODE(path.stat().st_mode) & 0o222

    def connect(query: str) -> sqlite3.Connection:
        conn = sqlite3.connect(
            f"{uri}?{query}",
            uri=True,
            timeout=BUSY_TIMEOUT,
            isolation_level=None,
            check_same_thread=not threads,
        )
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        return conn

    if not has_wal and (no_write_bits or not threads):
        return connect("immutable=1")
    conn = connect("mode=ro")
    try:
        conn.execute("PRAGMA application_id").fetchone()
    except sqlite3.OperationalError:
        conn.close()
        if has_wal:
            raise
        return connect("immutable=1")
    return conn


def _data_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA data_version").fetchone()[0])


def _upgraded_copy(conn: sqlite3.Connection, path: Path, threads: bool) -> sqlite3.Connection:
    """An in-memory copy of the older file open on `conn`, upgraded to this schema: how a
    file is read before its first change upgrades it on disk (a read never writes)."""
    memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=not threads)
    try:
        conn.backup(memory)
        _migrate(memory, path)
    except BaseException:
        memory.close()
        raise
    return memory


def _connect(path: Path, threads: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=not threads
    )
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    return conn


# --- snapshots: the folded state kept in the file (tdtool.io.snapshots) ---------------------


def _snapshot_rows(conn: sqlite3.Connection) -> list[tuple[int, str, int]]:
    rows = conn.execute("SELECT upto, format, length(state) FROM snapshots").fetchall()
    return [(int(u), str(f), int(n)) for u, f, n in rows]


def _event_hash(conn: sqlite3.Connection, seq: int) -> str | None:
    row = conn.execute("SELECT hash FROM events WHERE seq = ?", (seq,)).fetchone()
    return None if row is None else str(row[0])


def _created_bytes(conn: sqlite3.Connection) -> int:
    row = conn.execute("SELECT length(data) FROM events ORDER BY seq LIMIT 1").fetchone()
    return int(row[0]) if row else 0


def _newest_snapshot(conn: sqlite3.Connection) -> tuple[Any, int] | None:
    """(state, upto) of the newest snapshot that checks against the log, or None."""
    from tdtool.io import snapshots

    kept = _snapshot_rows(conn)
    if not kept:  # a small tournament has none: it pays for nothing more
        return None
    return snapshots.newest(
        kept,
        lambda seq: _event_hash(conn, seq),
        _created_bytes(conn),
        lambda upto: bytes(
            conn.execute("SELECT state FROM snapshots WHERE upto = ?", (upto,)).fetchone()[0]
        ),
    )


def _steady_now(conn: sqlite3.Connection) -> float:
    """The time now for this file (tdtool.io.steady_clock): measured on this laptop's
    boot-time clock from its last change on this boot, never before the log's last event."""
    from tdtool.io import steady_clock

    return steady_clock.now(*_steady_base(conn))


def _steady_base(
    conn: sqlite3.Connection,
) -> tuple[tuple[float, str] | None, tuple[float, str] | None]:
    """(the log's last event, its newest event on this boot), each (wall time, mark)."""
    from tdtool.io import steady_clock

    row = conn.execute("SELECT at, boot FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    last = None if row is None else (float(row[0]), str(row[1]))
    anchor = last if last is not None and steady_clock.same_boot(last[1]) else None
    boot = steady_clock.boot_id()
    if anchor is None and boot is not None and last is not None:
        row = conn.execute(
            "SELECT at, boot FROM events WHERE boot LIKE ? ORDER BY seq DESC LIMIT 1",
            (boot + " %",),
        ).fetchone()
        anchor = None if row is None else (float(row[0]), str(row[1]))
    return last, anchor


def _folded(conn: sqlite3.Connection) -> tuple[Any, int, int]:
    """(state, seq of the last event in it, events folded on top of the snapshot used).

    Reads the newest snapshot that checks against the log and folds the effective events
    after it; without one folds the whole log. Run it inside a transaction so the snapshot
    and the events are of one moment.
    """
    from tdtool.io import snapshots

    found = _newest_snapshot(conn)
    state, upto = found if found is not None else (None, 0)
    events = _effective(conn, None, after=upto)
    state = snapshots.fold_on(state, events)
    return state, (events[-1].seq if events else upto), len(events)


def _write_snapshot(conn: sqlite3.Connection, blob: bytes, upto: int, now: float) -> None:
    from tdtool.io import snapshots

    conn.execute(
        "INSERT OR REPLACE INTO snapshots (upto, format, state, at) VALUES (?, ?, ?, ?)",
        (upto, snapshots.FORMAT_NAME, blob, now),
    )
    stale = snapshots.to_delete(conn.execute("SELECT upto, format FROM snapshots").fetchall())
    conn.executemany("DELETE FROM snapshots WHERE upto = ?", [(u,) for u in stale])


@contextmanager
def _target_full(dest: Path) -> Iterator[None]:
    """A copy to `dest` that fails for want of space there says so (SQLite's SQLITE_FULL is
    a write's, and a copy writes only `dest`): not that the tournament is damaged."""
    try:
        yield
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL" or _disk_full(dest.parent, 1):
            raise InputError(
                f"The disk holding {dest} is full ({exc}); nothing was written and the"
                " tournament is as it was. Free some space there or back up to another disk."
            ) from None
        raise


# --- the store ---------------------------------------------------------------------------------


class Transaction:
    """One change in progress: read the current events and append new ones atomically."""

    def __init__(
        self, conn: sqlite3.Connection, change: int, now: float, operator: str = ""
    ) -> None:
        from tdtool.io.snapshots import Pending

        self._conn = conn
        self.change = change
        self.now = now
        """The wall time this change is recorded at (unix seconds)."""
        self.operator = operator
        """Who makes this change (recorded with each of its events)."""
        self.appended: list[Event] = []
        last = conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        self._seq, self._hash = (int(last[0]), str(last[1])) if last else (0, GENESIS)
        """The seq and chain hash of the log's last event (this change's once it appends)."""
        self._pending = Pending()
        from tdtool.io.steady_clock import mark

        self._mark = mark()
        """Where the boot-time clock stands (recorded with each event: steady_clock), with
        the time this change is recorded at; '' when the time was given, not read."""

    def events(self, kinds: Iterable[str] | None = None) -> list[Event]:
        """The effective events, including those appended so far in this change."""
        return _effective(self._conn, kinds)

    def keep(self, state: Any) -> None:
        """Say that `state` (read by `state()`) now has this change's events folded in: when
        the change writes a snapshot, it is of this state (see snapshots.Pending)."""
        self._pending.keep(state)

    def state(self) -> Any:
        """The current state: the fold of the effective events (see tdtool.tournament.state).

        Read from the last snapshot plus the events after it. When that took SNAPSHOT_EVERY
        events or more, the change writes a new snapshot as it commits.
        """
        state, last, folded = _folded(self._conn)
        self._pending.read(
            state, last, folded, bool(self.appended), lambda seq: _event_hash(self._conn, seq)
        )
        return state

    def _write_snapshot(self) -> None:
        appended = (self._seq, self._hash) if self.appended else None
        found = self._pending.blob(appended)
        if found is not None:
            _write_snapshot(self._conn, found[0], found[1], self.now)

    def append(self, kind: str, data: dict[str, Any] | None = None) -> Event:
        """Record one event as part of this change."""
        if kind == UNDO:
            raise ValueError("undo events are recorded by Store.undo() only")
        payload = dict(data or {})
        event = self._insert(kind, payload)
        self.appended.append(event)
        return event

    # -- the staff's sign-in links and sessions (hashes only; see tdtool.app.staff)

    def grant_link(self, digest: str, name: str, expires: float) -> None:
        """Keep a sign-in link's hash for `name` until `expires` (expired ones go now)."""
        self._conn.execute("DELETE FROM access_links WHERE expires <= ?", (self.now,))
        self._conn.execute(
            "INSERT INTO access_links (digest, name, expires) VALUES (?, ?, ?)",
            (digest, name, expires),
        )

    def take_link(self, digest: str) -> tuple[str, float] | None:
        """(name, expires) of the link with this hash, which is used up now; None: none."""
        row = self._conn.execute(
            "SELECT name, expires FROM access_links WHERE digest = ?", (digest,)
        ).fetchone()
        if row is None:
            return None
        self._conn.execute("DELETE FROM access_links WHERE digest = ?", (digest,))
        return str(row[0]), float(row[1])

    def open_session(self, digest: str, name: str, expires: float) -> None:
        """Keep a session's hash for `name` until `expires` (expired ones go now)."""
        self._conn.execute("DELETE FROM access_sessions WHERE expires <= ?", (self.now,))
        self._conn.execute(
            "INSERT INTO access_sessions (digest, name, expires) VALUES (?, ?, ?)",
            (digest, name, expires),
        )

    def end_access(self, name: str) -> int:
        """Remove every link and session of `name`; how many sessions ended."""
        self._conn.execute("DELETE FROM access_links WHERE name = ?", (name,))
        cur = self._conn.execute("DELETE FROM access_sessions WHERE name = ?", (name,))
        return int(cur.rowcount)

    def _insert(self, kind: str, payload: dict[str, Any]) -> Event:
        """Write one event (the next seq, chained to the one before it)."""
        seq = self._seq + 1
        text = json.dumps(payload, ensure_ascii=False)
        digest = link(self._hash, seq, self.change, kind, text, self.now, self.operator)
        self._conn.execute(
            "INSERT INTO events (seq, change, kind, data, at, operator, hash, boot)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (seq, self.change, kind, text, self.now, self.operator, digest, self._mark),
        )
        self._seq, self._hash = seq, digest
        return Event(seq, kind, payload, self.now, self.change, self.operator)


def _row_event(row: tuple[Any, ...]) -> Event:
    seq, change, kind, data, at, operator = row[:6]
    try:
        payload = json.loads(data)
    except (TypeError, ValueError):
        # Reported like any other damage to the file (see Store._reading).
        raise sqlite3.DatabaseError(f"event {seq} holds unreadable data") from None
    return Event(seq, kind, payload, at, change, operator)


def _damaged(path: Path, exc: sqlite3.Error) -> InputError:
    """The error for a tournament file SQLite cannot read any more."""
    return InputError(
        f"{path} is damaged ({exc}); tdtool cannot read it and nothing was changed."
        " Use a copy of the file if you have one."
    )


def _effective(
    conn: sqlite3.Connection, kinds: Iterable[str] | None, after: int = 0
) -> list[Event]:
    sql = f"SELECT {_COLUMNS} FROM events WHERE seq > ? AND undone = 0 AND kind != ?"
    params: list[Any] = [after, UNDO]
    if kinds is not None:
        wanted = list(kinds)
        sql += f" AND kind IN ({', '.join('?' * len(wanted))})"
        params += wanted
    return [_row_event(r) for r in conn.execute(sql + " ORDER BY seq", params)]


def _last_change(conn: sqlite3.Connection) -> tuple[Event, ...]:
    row = conn.execute(
        "SELECT MAX(change) FROM events WHERE undone = 0 AND kind != ?", (UNDO,)
    ).fetchone()
    first = conn.execute("SELECT MIN(change) FROM events").fetchone()[0]
    if row[0] is None or row[0] == first:
        return ()
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM events WHERE change = ? ORDER BY seq", (row[0],)
    ).fetchall()
    return tuple(_row_event(r) for r in rows)


def _remove_stale_temporaries(path: Path) -> None:
    """Delete what a `Store.create` of `path` killed mid-way left: `.NAME.PID.tmp` (and its
    -wal, -shm) whose process is gone. They never hold a tournament anyone was told exists."""
    import re

    # This file's, and any tournament file's (*.tdtool) in the folder: the next `new` there
    # cleans up after an earlier one, whatever its name.
    names = rf"{re.escape(path.name)}|.+\.tdtool"
    pattern = re.compile(rf"^\.(?:{names})\.(\d+)\.tmp(-wal|-shm|-journal)?$")
    try:
        candidates = list(path.parent.iterdir())
    except OSError:
        return
    for leftover in candidates:
        found = pattern.match(leftover.name)
        if found is None:
            continue
        pid = int(found.group(1))
        try:
            if pid == os.getpid():
                continue
            os.kill(pid, 0)  # still running (another `new` at this moment): leave it
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                leftover.unlink()
        except (PermissionError, OverflowError):
            continue


def _write_new(
    path: Path,
    fill: Callable[[Store], None],
    operator: str | None,
    replace: bool = False,
    hint: str = "choose another name or pass another --db",
) -> None:
    """Write a new tournament file at `path`: complete or not at all.

    It is built under a temporary name by `fill(store)` and linked into place; an existing
    file is refused, or with `replace` swapped for the new one in one rename.
    """
    if path.exists() and not replace:
        raise InputError(f"{path} already exists; {hint}.")
    if path.is_dir():
        raise InputError(f"{path} is a folder, not a tournament file.")
    if not path.parent.is_dir():
        raise InputError(f"Cannot create {path}: the folder {path.parent} does not exist.")
    _remove_stale_temporaries(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        conn = _connect(tmp)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        _migrate(conn, tmp)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('created_by', ?)",
            (f"tdtool schema {SCHEMA_VERSION}",),
        )
        fill(Store(tmp, conn, operator))
        conn.close()
        if replace:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise InputError(f"{path} already exists; {hint}.") from None
    except (sqlite3.OperationalError, PermissionError) as exc:
        # The folder cannot be written (or the disk is full): nothing was created.
        if getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL":
            raise InputError(
                f"The disk holding {path} is full ({exc}): nothing was created. Free some"
                " space there or choose another disk."
            ) from None
        raise InputError(
            f"Cannot create {path}: {exc}; choose a folder you can write to"
            " (or pass --db with a path there). Nothing was created."
        ) from None
    finally:
        for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
            leftover.unlink(missing_ok=True)


class Store:
    """An open tournament file. Use `Store.create` or `Store.open`; close it (or use `with`).

    The file backend of `tdtool.io.store_base.TournamentStore` (`open_store` chooses it for
    a path, `tdtool.io.store_pg.PgStore` for a server's URL).
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, operator: str | None = None) -> None:
        self.path = path
        self._conn = conn
        self._commits = 0
        """Changes committed through this Store (`PRAGMA data_version` counts the others')."""
        self.operator = operator or default_operator()
        """Who the changes made through this store are recorded as made by."""
        self._ready = True
        """Migrated and in WAL mode: a change may be written (`Store.open` defers this)."""
        self._refusal: str | None = None
        """Why this user may not write the file (None: it may be written)."""
        self._file: sqlite3.Connection | None = None
        """When `_conn` is an upgraded in-memory copy of an older file: the file's connection."""
        self._copied = 0
        """The file's data_version when the copy was made."""
        self._clock_key: Any = None
        self._steady_base: tuple[Any, Any] = (None, None)
        self._same_thread = True

    @property
    def label(self) -> str:
        """How messages name this tournament: the file's name."""
        return self.path.name

    # -- opening and creating

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        events: Iterable[tuple[str, dict[str, Any]]] = (),
        now: float | None = None,
        operator: str | None = None,
    ) -> Store:
        """Create a new tournament file holding `events` as its first change.

        The file appears complete or not at all: it is written under a temporary name and
        linked into place, and an existing file is never overwritten.
        """
        path = Path(path)

        def fill(store: Store) -> None:
            with store.transaction(now=now) as tx:
                for kind, data in events:
                    tx.append(kind, data)

        _write_new(path, fill, operator)
        return cls.open(path, operator=operator)

    @classmethod
    def restore(
        cls,
        path: str | os.PathLike[str],
        records: Iterable[LogRecord],
        force: bool = False,
    ) -> None:
        """Write a tournament holding exactly `records` (another store's `log()`).

        For `tdtool db copy`: numbers, times, operators and undone marks are kept, so the
        copy's log compares equal. An existing tournament is refused unless `force`, and is
        then replaced whole (the new file is renamed into place in one step).
        """
        rows = restored_rows(list(records))

        def fill(store: Store) -> None:
            conn = store._conn
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(
                "INSERT INTO events (seq, change, kind, data, at, undone, operator, hash)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            conn.execute("COMMIT")

        _write_new(Path(path), fill, None, replace=force, hint="pass --force to replace it")

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], *, threads: bool = False, operator: str | None = None
    ) -> Store:
        """Open an existing tournament file for reading; the first change makes it writable.

        Opening writes nothing: a file of an older schema is read through a copy upgraded in
        memory, and the upgrade on disk (and the switch to WAL) waits for the first change.
        A file this user may not write (no write bits, root included, or another user's) is
        opened read-only, and a change to it is refused, naming the file (see `_writer`).

        With `threads`, the Store may be used from several threads (one at a time: a
        `Watcher` serialises them), as the TV page's server does.
        """
        if is_url(path):
            raise InputError(f"{path} is a server's URL: open it with tdtool.io.store_base.")
        path = Path(path)
        if path.is_dir():
            raise InputError(f"{path} is a folder, not a tournament file; pass --db FILE.")
        if not path.is_file():
            raise InputError(
                f"No tournament file {path}; create one with `tdtool new NAME` or pass --db FILE."
            )
        refusal = _write_refusal(path)
        wal = Path(f"{path}-wal")
        if (
            refusal is None
            and _disk_full(path.parent)
            and (not wal.exists() or not wal.stat().st_size)
        ):
            # The file alone holds every committed change: read it as it is, creating nothing.
            refusal = _full_refusal(path)
        try:
            connect = _connect if refusal is None else _connect_read_only
            conn = connect(path, threads)
        except sqlite3.Error as exc:
            raise InputError(f"Cannot open {path}: {exc}; nothing was changed.") from None
        memory = None
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            if app_id != APPLICATION_ID:
                raise InputError(f"{path} is not a tdtool tournament file.")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise InputError(_newer(path, version))
            if version == 0:
                raise InputError(
                    f"{path} carries tdtool's mark but holds no tournament (no event log);"
                    " nothing was changed. Create one with `tdtool new NAME`."
                )
            conn.execute("PRAGMA synchronous = FULL")  # this connection's setting: no write
            if version < SCHEMA_VERSION:
                memory = _upgraded_copy(conn, path, threads)
        except sqlite3.OperationalError as exc:
            conn.close()
            raise InputError(f"Cannot read {path}: {exc}; nothing was changed.") from None
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise InputError(
                f"{path} is not a tdtool tournament file or is damaged ({exc})."
            ) from None
        except BaseException:
            conn.close()
            raise
        store = cls(path, memory or conn, operator)
        store._ready = False
        store._refusal = refusal
        store._same_thread = not threads
        if memory is not None:
            store._file = conn
            store._copied = _data_version(conn)
        return store

    def close(self) -> None:
        """Close the file."""
        self._conn.close()
        if self._file is not None:
            self._file.close()

    def check_writable(self) -> None:
        """InputError naming the file when this user may not write it: what a command that
        asks the director something first checks, so nobody answers for nothing."""
        if self._refusal is not None:
            raise InputError(self._refusal)

    def _writer(self) -> None:
        """Make the file ready for a change: refuse a read-only one (InputError naming it,
        nothing written), upgrade an older schema on disk, switch to WAL. Run before a change
        takes the write lock; opening and reading never do any of this."""
        if self._ready:
            return
        self.check_writable()
        conn = self._file or self._conn
        try:
            if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                _migrate(conn, self.path)
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
        except sqlite3.Error as exc:
            raise _not_saved(self.path, exc) from None
        if self._file is not None:  # the upgraded file now reads as the copy did
            self._conn.close()
            self._conn, self._file = self._file, None
        self._ready = True

    def _follow(self) -> None:
        """Reading through an upgraded copy: copy again when another terminal changed the file
        (a display stays current); once the file itself is upgraded, read it directly."""
        if self._file is None:
            return
        version = _data_version(self._file)
        if version == self._copied:
            return
        if self._file.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            self._conn.close()
            self._conn, self._file = self._file, None
            return
        fresh = _upgraded_copy(self._file, self.path, not self._same_thread)
        self._conn.close()
        self._conn, self._copied = fresh, version

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The schema version of the open file."""
        return int(self._conn.execute("PRAGMA user_version").fetchone()[0])

    def migrations(self) -> list[str]:
        """Names of the migrations applied to this file, in order."""
        rows = self._conn.execute("SELECT name FROM migrations ORDER BY number")
        return [r[0] for r in rows]

    # -- changing

    @contextmanager
    def transaction(self, now: float | None = None) -> Iterator[Transaction]:
        """One change: everything appended in the block commits together, or nothing does.

        The write lock is taken at the start, so what the block reads stays current until
        it commits. An exception inside the block rolls the change back.
        """
        self._writer()
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise _not_saved(self.path, exc) from None
            raise RuleError(
                f"{self.path} is busy (another terminal has held it for over"
                f" {BUSY_TIMEOUT:g} s): {exc}; try again."
            ) from None
        try:
            last = self._conn.execute("SELECT MAX(change) FROM events").fetchone()[0]
            if last is not None and type(last) is not int:  # a damaged page read as data
                raise sqlite3.DatabaseError(f"the last change number reads {last!r:.40}")
            tx = Transaction(
                self._conn,
                (last or 0) + 1,
                _steady_now(self._conn) if now is None else now,
                self.operator,
            )
            if now is not None:  # a time given (a copy, a test): no steady-clock anchor
                tx._mark = ""
            yield tx
            tx._write_snapshot()
            self._conn.execute("COMMIT")
            self._commits += 1
            self._checkpoint()
        except BaseException as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.DatabaseError) and not isinstance(
                exc, sqlite3.OperationalError
            ):
                raise _damaged(self.path, exc) from None
            if isinstance(exc, sqlite3.Error):
                raise _not_saved(self.path, exc) from None
            raise

    def _checkpoint(self) -> None:
        """Copy the committed changes from the -wal into the file itself (see the docstring)."""
        # On failure the change is committed all the same; the next change or close finishes.
        deadline = time.monotonic() + CHECKPOINT_WAIT
        target = None  # the frames in the -wal at our commit (another writer may add more)
        with suppress(sqlite3.Error):
            while True:
                _busy, log, done = self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                target = log if target is None else target
                if done >= target or time.monotonic() >= deadline:
                    return
                time.sleep(0.002)  # a reader is mid-read (a few ms): let it finish

    def change(self, fn: Callable[[Transaction], T], now: float | None = None) -> T:
        """Run `fn(tx)` as one change and return its result."""
        with self.transaction(now=now) as tx:
            return fn(tx)

    def last_change(self) -> tuple[Event, ...]:
        """The events of the change `undo` would take back now (empty: nothing to undo)."""
        with self._reading():
            return _last_change(self._conn)

    def undo(self, now: float | None = None, change: int | None = None) -> tuple[Event, ...]:
        """Take back the last change (all its events) and return the events it undid.

        With `change`, only if that is still the last change (RuleError otherwise): what
        the director confirmed is what is taken back, even with another laptop at work.
        """
        with self.transaction(now=now) as tx:
            undone = _last_change(self._conn)
            check_undo(undone, change)
            last = undone[0].change
            self._conn.execute("UPDATE events SET undone = 1 WHERE change = ?", (last,))
            # A snapshot holding the undone events is no longer the fold of the log.
            self._conn.execute("DELETE FROM snapshots WHERE upto >= ?", (undone[0].seq,))
            tx._insert(UNDO, {"change": last})
            return undone

    def now(self) -> float:
        """The time changes are recorded at, for reading the clock (unix seconds): the wall
        clock as this laptop's boot-time clock carries it on from its last change
        (tdtool.io.steady_clock), so a jump of the wall clock moves no level clock."""
        from tdtool.io import steady_clock

        key = self.version()
        if key != self._clock_key:  # the last event and the anchor, read once a change
            with self._reading():
                self._steady_base = _steady_base(self._conn)
            self._clock_key = key
        return steady_clock.now(*self._steady_base)

    # -- copying

    def backup(self, dest: str | os.PathLike[str], *, force: bool = False) -> Path:
        """Write a consistent copy of the tournament to `dest`, while it is in use.

        SQLite's online backup copies the file as of one moment (changes committed by
        other terminals meanwhile are in the next backup, never half in this one). The copy
        is written under a temporary name, checked, and then put in place: an existing
        `dest` is refused unless `force`. Returns the path written.
        """
        dest = Path(dest)
        if dest.is_dir():
            raise InputError(
                f"{dest} is a folder; name the backup file, e.g. {dest / self.path.name}."
            )
        if dest.exists() and dest.resolve() == self.path.resolve():
            raise InputError(f"{dest} is the tournament file itself; name another file.")
        if dest.exists() and not force:
            raise InputError(
                f"{dest} already exists; pass --force to overwrite it, or name another file."
            )
        if not dest.parent.is_dir():
            raise InputError(f"Cannot write {dest}: the folder {dest.parent} does not exist.")
        tmp = dest.with_name(f".{dest.name}.{os.getpid()}.tmp")
        try:
            try:
                target = sqlite3.connect(tmp, isolation_level=None)
                try:
                    with self._reading(), _target_full(dest):
                        self._conn.backup(target)
                    check = target.execute("PRAGMA quick_check").fetchone()[0]
                    if check != "ok":
                        raise InputError(
                            f"The copy in {dest} did not check out ({check}); nothing was written."
                        )
                finally:
                    target.close()
                with open(tmp, "rb") as written:
                    os.fsync(written.fileno())
                if force:
                    os.replace(tmp, dest)
                else:
                    os.link(tmp, dest)
            except FileExistsError:
                raise InputError(
                    f"{dest} already exists; pass --force to overwrite it, or name another file."
                ) from None
            except sqlite3.Error as exc:
                raise InputError(f"Could not write the backup {dest}: {exc}.") from None
            except OSError as exc:
                raise InputError(f"Cannot write {dest}: {exc.strerror or exc}.") from None
        finally:
            for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm"), Path(f"{tmp}-journal")):
                leftover.unlink(missing_ok=True)
        return dest

    # -- reading

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """Turn SQLite's complaints about a damaged file into one InputError naming it."""
        try:
            self._follow()
            yield
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc):
                raise _damaged(self.path, exc) from None
            raise RuleError(f"{self.path} is busy ({exc}); try again.") from None
        except sqlite3.DatabaseError as exc:
            raise _damaged(self.path, exc) from None

    def events(self, kinds: Iterable[str] | None = None) -> list[Event]:
        """The effective events in log order: undone events and undo records left out."""
        with self._reading():
            return _effective(self._conn, kinds)

    def state(self) -> Any:
        """The current state (a read outside any change; use `transaction` to change it).

        The newest snapshot plus the events after it, read as of one moment. Never writes.
        """
        with self._reading():
            if self._conn.in_transaction:  # inside this store's own change
                return _folded(self._conn)[0]
            self._conn.execute("BEGIN")
            try:
                return _folded(self._conn)[0]
            finally:
                self._conn.execute("COMMIT")

    def version(self) -> tuple[int, int]:
        """A value that changes with every change committed (by anyone): a cheap poll.

        `PRAGMA data_version` moves with other connections' commits, the counter with this
        one's.
        """
        with self._reading():
            row = (self._file or self._conn).execute("PRAGMA data_version").fetchone()
        return (int(row[0]), self._commits)

    def view(self) -> View:
        """A `View` of this store: its state, folded again only after a change."""
        return View(self)

    def session(self, digest: str) -> tuple[str, float] | None:
        """(name, expires) of the staff session with this hash; None: no such session."""
        with self._reading():
            row = self._conn.execute(
                "SELECT name, expires FROM access_sessions WHERE digest = ?", (digest,)
            ).fetchone()
        return None if row is None else (str(row[0]), float(row[1]))

    def log(self, last: int | None = None) -> list[LogRecord]:
        """Every record in the log, in order, with whether it was undone (the `last` only)."""
        with self._reading():
            sql = f"SELECT {_COLUMNS}, undone, hash FROM events"
            if last is None:
                rows = self._conn.execute(sql + " ORDER BY seq").fetchall()
            else:
                rows = self._conn.execute(sql + " ORDER BY seq DESC LIMIT ?", (last,)).fetchall()
                rows.reverse()
            return [LogRecord(_row_event(r), bool(r[6]), r[3], r[7]) for r in rows]

    def verify(self, repair: bool = True) -> tuple[Verdict, list[int]]:
        """Check the log's chain (tdtool.io.chain) and every snapshot against the log:
        (the chain's verdict, the upto of each snapshot that is not the fold of its log).
        With `repair`, such snapshots are deleted when the file may be written (they are
        a cache: the next change writes a good one); nothing else is ever changed."""
        with self._reading():
            rows = self._conn.execute(
                f"SELECT {_COLUMNS}, undone, hash FROM events ORDER BY seq"
            ).fetchall()
            kept = self._conn.execute("SELECT upto, format, state FROM snapshots").fetchall()
        chain_rows = [Row(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), r[7]) for r in rows]
        from tdtool.io import snapshots

        verdict = verify_chain(chain_rows, max((int(k[0]) for k in kept), default=None))
        bad = snapshots.mismatched(
            [(int(u), str(f), bytes(b)) for u, f, b in kept], chain_rows, _row_event
        )
        if bad and repair and self._refusal is None and self._file is None:
            with self.transaction() as tx:
                tx._conn.executemany("DELETE FROM snapshots WHERE upto = ?", [(u,) for u in bad])
        return verdict, bad


class Watcher(View):
    """A View over its own connection to `path`, for a server answering from many threads."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(Store.open(path, threads=True))

    def close(self) -> None:
        """Close the file."""
        self.store.close()

    def __enter__(self) -> Watcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
