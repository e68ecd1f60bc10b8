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

Backends: a target that is a `postgresql://` URL opens the same API on a PostgreSQL server
(`tdtool.io.store_pg.PgStore`, imported only then), where one database holds many
tournaments, several laptops change one tournament at once and event times come from the
server. `Store.open(target)` and `Store.create(target, ...)` choose the backend.

Cost (snapshots): replaying the whole log made every command grow with the tournament
(1.8 s for a bust at 31,500 entries). The file keeps the folded state in `snapshots`, keyed
by `upto`, the seq of the last event in it, and a read folds only the effective events
after the newest snapshot. A snapshot holds each field of the state as a blob of its own,
decoded when a command first reads that field (`_dumps`, `_loads`): `status` never decodes
the players (the players left are kept beside the fields), `clock pause` only the clock.
The players are stored as columns (one list per field, the class mapped over them), the
table plan without its look-ups (rebuilt when a seat is looked up). A change that names a
few players (a bust, a count) reads only their rows (`_player_rows`, tdtool.tournament.
state.PlayerRows) and its snapshot keeps the players' blob it read as it was plus the rows
read since (`_encode_players`): a bust at 30,000 entries neither builds nor encodes 30,000
players; past one player in ROWS_CHANGED_SHARE changed, they are encoded again whole.
Rules that keep it sound:

- A row never read cannot have changed: every row read is kept with the rows changed, and
  the players decoded whole are built with the very rows read.
- Written inside a change, never by a read. A change that decoded the big fields (a bust
  reads the players and the plan: KEEP_AFTER_CHANGE_BYTES) writes the state after it
  (`Transaction.keep`), so the commands after it fold nothing; a change whose read needed
  SNAPSHOT_EVERY events folded writes one too. Fields never read keep their blob as it is.
  The newest SNAPSHOTS_KEPT are kept, and one anchor a block of events older.
- `undo` deletes every snapshot holding an event it undoes (upto >= its first seq).
- Each snapshot carries `state_format()`, a fingerprint of this build's state classes and
  reducers; a snapshot of another build (or one that does not unpickle) is ignored, and the
  log is folded instead. The unpickler builds only builtin containers and classes of the
  tdtool core, so a forged snapshot in a file from elsewhere cannot run code.
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tdtool.errors import InputError, RuleError

T = TypeVar("T")

BUSY_TIMEOUT = 10.0
"""Seconds a terminal waits for another one's change to finish before giving up."""

CHECKPOINT_WAIT = 0.25
"""Seconds a change waits for readers so that its checkpoint completes (see the docstring)."""

APPLICATION_ID = 0x74647431
"""`PRAGMA application_id` of a tdtool file ('tdt1'): tells a tournament from other SQLite files."""

UNDO = "undo"
"""Kind of the event that records an undo; never part of the effective events."""


@dataclass(frozen=True)
class Event:
    """One recorded fact: its place in the log, its kind, its data and when it was recorded."""

    seq: int
    kind: str
    data: dict[str, Any]
    at: float
    change: int = 0
    """The change (one command) this event belongs to; undo takes back a whole change."""
    operator: str = ""
    """Who made the change ('' in files written before operators were recorded)."""


@dataclass(frozen=True)
class LogRecord:
    """One row of the log as `tdtool log` shows it: an event and whether it was undone."""

    event: Event
    undone: bool


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


MIGRATIONS: tuple[tuple[str, Callable[[sqlite3.Connection], None]], ...] = (
    ("0001_event_log", _m0001_event_log),
    ("0002_index_events_by_change", _m0002_index_events_by_change),
    ("0003_snapshots", _m0003_snapshots),
    ("0004_event_operator", _m0004_event_operator),
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


def is_url(target: object) -> bool:
    """Whether `target` names a PostgreSQL tournament (`postgresql://...`) rather than a file."""
    return str(target).startswith(("postgresql://", "postgres://"))


def default_operator() -> str:
    """Who is making changes when no --operator is given: TDTOOL_OPERATOR, else the login."""
    name = os.environ.get("TDTOOL_OPERATOR", "").strip()
    if name:
        return name
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "unknown"


def _connect(path: Path, threads: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=not threads
    )
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    return conn


# --- snapshots: the folded state kept in the file ---------------------------------------------

SNAPSHOT_EVERY = 256
"""A change writes a snapshot of the state it read when that state needed this many events
folded on top of the last snapshot; below that, folding them is cheaper than writing one."""

SNAPSHOTS_KEPT = 2
"""Snapshots kept (the newest): undoing the last change never leaves a command without one."""

KEEP_AFTER_CHANGE_BYTES = 64 * 1024
"""A change whose state decoded fields of the snapshot this large (the players, the plan)
keeps the state after it as the new snapshot: the commands after it then decode only what
they read (`status` reads no player), where folding this change's events on the old one
would decode them all again."""


def _anchor_below(upto: int) -> int:
    """Besides the newest SNAPSHOTS_KEPT, the newest snapshot before the SNAPSHOT_EVERY
    events block of `upto` is kept: undoing several changes then folds at most a few
    hundred events, not the whole log."""
    return (upto // SNAPSHOT_EVERY) * SNAPSHOT_EVERY


def _after_change(
    before: tuple[int, bytes] | None, kept: Any, appended: list[Event]
) -> tuple[int, bytes] | None:
    """The snapshot a change writes: the state after it when the application kept it
    (`Transaction.keep`) and it decoded KEEP_AFTER_CHANGE_BYTES or more of its snapshot
    or needed SNAPSHOT_EVERY events folded (`before`, the state before it, is then
    written if the application kept none); else none."""
    if kept is not None and appended and state_format() is not None:
        from tdtool.tournament.state import decoded_bytes

        if before is not None or decoded_bytes(kept) >= KEEP_AFTER_CHANGE_BYTES:
            return (appended[-1].seq, _dumps(kept))
    return before


_SNAPSHOT_LAYOUT = "tdtool-state-pickle-3"
_format: str | None = None
_format_known = False


def state_format() -> str | None:
    """Fingerprint of the state format of this build of tdtool (None: snapshots unused).

    A snapshot is a pickle of the `State` classes and of the reducers' results, so it is only
    trusted by the very build that wrote it: the fingerprint covers every module of the
    package below the CLI (the state classes, the reducers and what they use), by name,
    size and modification time (what Python itself checks before it trusts a cached .pyc),
    and the Python version. Any edit to them, an upgrade or another checkout, makes the old
    snapshots invisible; commands then fold the log and a change writes a new one. Without
    readable sources (e.g. a zipped install) snapshots are not used at all.
    """
    global _format, _format_known
    if _format_known:
        return _format
    import os
    import sys

    import tdtool

    try:  # hashlib's own blake2b, without loading OpenSSL (2-10 ms) for it
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - every CPython 3.11+ has it
        from hashlib import blake2b

    root = os.path.dirname(tdtool.__file__)
    digest = blake2b(f"{_SNAPSHOT_LAYOUT} {sys.version_info[:2]}".encode(), digest_size=16)
    found = False
    try:
        folders = [""]
        while folders:
            rel = folders.pop()
            with os.scandir(os.path.join(root, rel)) as entries:
                listed = sorted(entries, key=lambda e: e.name)
            for entry in listed:
                name = os.path.join(rel, entry.name)
                if entry.is_dir():
                    if name != "cli" and entry.name != "__pycache__":
                        folders.append(name)
                elif entry.name.endswith(".py"):
                    info = entry.stat()
                    digest.update(f"{name}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
                    found = True
    except OSError:
        found = False
    _format = digest.hexdigest() if found else None
    _format_known = True
    return _format


_SAFE_BUILTINS = frozenset(
    {
        "dict",
        "list",
        "set",
        "frozenset",
        "tuple",
        "int",
        "float",
        "str",
        "bool",
        "bytes",
        "complex",
        "slice",
        "range",
        "bytearray",
    }
)


def _unpickler(data: bytes) -> Any:
    """A pickle.Unpickler that builds only plain values and tdtool's own state classes.

    The tournament file may come from anyone; a snapshot must never run code, so globals
    other than builtin containers and classes of the tdtool core are refused.
    """
    import io
    import pickle

    class Restricted(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            if module == "builtins" and name in _SAFE_BUILTINS:
                return super().find_class(module, name)
            if module == "collections" and name in ("OrderedDict", "defaultdict", "deque"):
                return super().find_class(module, name)
            if (module, name) == ("fractions", "Fraction"):  # a payout table's percents
                return super().find_class(module, name)
            if (module == "tdtool" or module.startswith("tdtool.")) and not module.startswith(
                ("tdtool.cli", "tdtool.io")
            ):
                found = super().find_class(module, name)
                if isinstance(found, type):
                    return found
            raise pickle.UnpicklingError(f"{module}.{name} is not part of a tournament state")

    return Restricted(io.BytesIO(data))


_plain: dict[type, tuple[str, ...] | None] = {}


def _plain_fields(cls: type) -> tuple[str, ...] | None:
    """The fields of `cls` when it is a plain dataclass that `cls(*values)` rebuilds (its
    generated `__init__` takes every field in order, nothing runs after it), else None."""
    if cls not in _plain:
        import dataclasses

        init = getattr(cls, "__init__", None)
        ok = (
            dataclasses.is_dataclass(cls)
            and not hasattr(cls, "__post_init__")
            and not hasattr(cls, "__slots__")
            and getattr(init, "__code__", None) is not None
            and init.__code__.co_filename == "<string>"  # type: ignore[union-attr]
            and all(f.init and not f.kw_only for f in dataclasses.fields(cls))
            and bool(dataclasses.fields(cls))
        )
        _plain[cls] = tuple(f.name for f in dataclasses.fields(cls)) if ok else None
    return _plain[cls]


def _pickled(value: Any, fast: bool = False) -> bytes:
    """A pickle of `value` in which plain dataclasses are built by their generated
    `__init__` from a tuple of their fields, which loads a third faster than pickle's
    default (a dict per object). `fast`: without pickle's memo (a third of the time for
    columns of 30,000 names and numbers), for values that share and contain no object."""
    import io
    import pickle

    class Pickler(pickle.Pickler):
        def reducer_override(self, obj: Any) -> Any:
            cls = type(obj)
            names = None if isinstance(obj, type) else _plain_fields(cls)
            if names is None:
                return NotImplemented
            values = obj.__dict__
            return (cls, tuple(values[n] for n in names))

    out = io.BytesIO()
    pickler = Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = fast
    pickler.dump(value)
    return out.getvalue()


_ATOMS = frozenset({str, int, float, bool, type(None)})


def _atoms(values: list[Any]) -> bool:
    """Whether `values` are all numbers, text or None: a pickle without memo is safe."""
    return set(map(type, values)) <= _ATOMS


def _small(column: list[Any], kinds: set[type]) -> Any:
    """A column of flags or of whole numbers from 0 to 255 (entries, rebuys, busted ...) as
    one byte each (`_unsmall` reads it back); any other column as it is. `kinds`: the
    types of its values."""
    if kinds == {bool}:
        return ("flags", bytes(column))
    if kinds == {int} and min(column) >= 0 and max(column) < 256:
        return ("bytes", bytes(column))
    return ("list", column)


def _unsmall(stored: Any) -> list[Any]:
    kind, data = stored
    if kind == "flags":
        return list(map(bool, data))
    if kind == "bytes":
        return list(data)
    column: list[Any] = data
    return column


_ROWS_FROM = 64
"""A dict of at least this many objects of one plain dataclass is kept as columns."""


def _encode_field(value: Any) -> bytes:
    """One field of the state as a snapshot keeps it. A dict of objects of one plain
    dataclass (the players, the seats busted players left) is stored as its keys and one
    list per field: loading it builds no object per value, and rebuilding them is one
    `map` of the class over the columns. The keys and the columns of numbers and text are
    pickled without memo (a third of the time), the other columns with it."""
    if type(value) is dict and len(value) >= _ROWS_FROM:
        from operator import attrgetter

        kinds = set(map(type, value.values()))
        cls = kinds.pop()
        names = None if kinds else _plain_fields(cls)
        if names is not None:
            keys: list[Any] | None = list(value)
            columns = [list(map(attrgetter(n), value.values())) for n in names]
            first = columns[0]
            if set(map(type, first)) == {str} and keys == list(map(str.casefold, first)):
                keys = None  # the players, by their folded name: folded again when read
            types = [set(map(type, c)) for c in columns]
            plain = {i: _small(c, types[i]) for i, c in enumerate(columns) if types[i] <= _ATOMS}
            other = {i: c for i, c in enumerate(columns) if i not in plain}
            simple_keys = keys is None or _atoms(keys)
            fast = _pickled((keys if simple_keys else None, plain), fast=True)
            return _pickled((1, cls, keys is None, None if simple_keys else keys, other, fast))
    return _pickled((0, value))


def _decode_field(blob: bytes) -> Any:
    """The value `_encode_field` stored (decoded when a command first reads the field)."""
    import gc

    enabled = gc.isenabled()
    gc.disable()  # many small objects that live as long as the command: see _folded
    try:
        found = _unpickler(blob).load()
        if found[0] == 2:  # the players' blob of an earlier snapshot and the rows changed
            _, base, changed = found
            value = _decode_field(base)
            value.update(changed)
            return value
        if found[0] == 1:
            _, cls, folded, keys, columns, fast = found
            simple_keys, plain = _unpickler(fast).load()
            columns.update((i, _unsmall(c)) for i, c in plain.items())
            ordered = [columns[i] for i in range(len(columns))]
            if folded:
                keys = list(map(str.casefold, ordered[0]))
            elif keys is None:
                keys = simple_keys
            return dict(zip(keys, map(cls, *ordered), strict=True))
        return found[1]
    finally:
        if enabled:
            gc.freeze()
            gc.enable()


def _player_rows(blob: bytes) -> Any:
    """(class, columns, rows changed, base blob) of the players' blob of a snapshot, for
    reading them one row at a time (tdtool.tournament.state.PlayerRows); None when the
    players are not kept as columns by their folded names (fewer than _ROWS_FROM)."""
    import gc

    enabled = gc.isenabled()
    gc.disable()
    try:
        found = _unpickler(blob).load()
        changed: dict[str, Any] = {}
        base = blob
        if found[0] == 2:
            _, base, changed = found
            found = _unpickler(base).load()
        if found[0] != 1 or not found[2]:
            return None
        _, cls, _folded_keys, _keys, columns, fast = found
        _, plain = _unpickler(fast).load()
        columns.update((i, _unsmall(c)) for i, c in plain.items())
        return cls, [columns[i] for i in range(len(columns))], changed, base
    finally:
        if enabled:
            gc.freeze()
            gc.enable()


ROWS_CHANGED_SHARE = 32
"""A snapshot keeps the players' blob of an earlier one plus the rows changed since, until
more than one player in this many has changed (at least _ROWS_FROM): then it encodes them
all again, so reading the changed rows stays a small part of reading the players."""


def _encode_players(rows: Any) -> bytes:
    """The players of a state that read only some of them (`PlayerRows`): the blob they
    were read from as it is, and every row changed since it was written."""
    changed = rows.changed_rows()
    if len(changed) > max(_ROWS_FROM, len(rows.columns[0]) // ROWS_CHANGED_SHARE):
        return _encode_field(rows.full())
    return _pickled((2, rows.base, changed))


def _dumps(state: Any) -> bytes:
    """The snapshot of `state`: its fields with a class-level default (a name, numbers)
    as values, every other field (players, table plan, eliminations, clock ...) as a blob
    of its own, decoded only when a command reads that field (tdtool.tournament.state.
    deferred_state). Fields of a state read from a snapshot that were never read keep
    their blob as it is."""
    import dataclasses

    from tdtool.tournament.state import State, players_read, snapshot_figures, still_encoded

    kept = still_encoded(state)
    known = snapshot_figures(state)
    rows = players_read(state)
    if rows is not None:
        kept["players"] = _encode_players(rows)
    values: dict[str, Any] = {}
    deferred: dict[str, bytes] = {}
    for f in dataclasses.fields(State):
        if f.name in vars(State):
            values[f.name] = getattr(state, f.name)
        else:
            deferred[f.name] = kept.get(f.name) or _encode_field(getattr(state, f.name))
    return _pickled((values, deferred, known))


def _loads(blob: bytes) -> Any:
    """The state in a snapshot `_dumps` wrote (its deferred fields decoded when read)."""
    from tdtool.tournament.state import deferred_state

    values, deferred, known = _unpickler(blob).load()
    encoded: dict[str, tuple[Callable[[bytes], Any], bytes]] = {
        name: (_decode_field, b) for name, b in deferred.items()
    }
    return deferred_state(values, encoded, known, _player_rows)


def _folded(conn: sqlite3.Connection) -> tuple[Any, int, int]:
    """(state, seq of the last event in it, events folded on top of the snapshot used).

    Reads the newest snapshot this build wrote and folds the effective events after it;
    without one (or if it cannot be read) folds the whole log. Run it inside a transaction
    so the snapshot and the events are of one moment.
    """
    import gc

    from tdtool.tournament.state import fold

    state = None
    upto = 0
    enabled = gc.isenabled()
    gc.disable()  # folding builds many small objects that all live on: no use collecting
    try:
        # A small tournament has no snapshot: it never pays for the fingerprint.
        kept = conn.execute("SELECT format FROM snapshots").fetchall()
        fmt = state_format() if kept else None
        if fmt is not None and (fmt,) in kept:
            row = conn.execute(
                "SELECT upto, state FROM snapshots WHERE format = ? ORDER BY upto DESC LIMIT 1",
                (fmt,),
            ).fetchone()
            if row is not None:
                try:
                    state = _loads(row[1])
                    upto = int(row[0])
                except Exception:  # never trusted: any doubt means folding the whole log
                    state, upto = None, 0
        events = _effective(conn, None, after=upto)
        state = fold(events, state)
    finally:
        if enabled:
            # The state lives as long as the command: move it out of the collector's sight,
            # or the first collections would walk every object just built (20 ms at 30,000).
            gc.freeze()
            gc.enable()
    return state, (events[-1].seq if events else upto), len(events)


# --- the store ---------------------------------------------------------------------------------


class Transaction:
    """One change in progress: read the current events and append new ones atomically."""

    def __init__(
        self, conn: sqlite3.Connection, change: int, now: float, operator: str = ""
    ) -> None:
        self._conn = conn
        self.change = change
        self.now = now
        """The wall time this change is recorded at (unix seconds)."""
        self.operator = operator
        """Who makes this change (recorded with each of its events)."""
        self.appended: list[Event] = []
        self._snapshot: tuple[int, bytes] | None = None
        self._kept: Any = None

    def events(self, kinds: Iterable[str] | None = None) -> list[Event]:
        """The effective events, including those appended so far in this change."""
        return _effective(self._conn, kinds)

    def keep(self, state: Any) -> None:
        """Say that `state` (read by `state()`) now has this change's events folded in: the
        store may keep it as the snapshot, so the commands after this change fold nothing
        (see `_after_change`)."""
        self._kept = state

    def state(self) -> Any:
        """The current state: the fold of the effective events (see tdtool.tournament.state).

        Read from the last snapshot plus the events after it. When that took SNAPSHOT_EVERY
        events or more, the state read (before this change's events) is kept as the new
        snapshot, written with the change.
        """
        state, last, folded = _folded(self._conn)
        if folded >= SNAPSHOT_EVERY and not self.appended and state_format() is not None:
            self._snapshot = (last, _dumps(state))
        return state

    def _write_snapshot(self) -> None:
        self._snapshot = _after_change(self._snapshot, self._kept, self.appended)
        if self._snapshot is None:
            return
        upto, blob = self._snapshot
        fmt = state_format()
        self._conn.execute(
            "INSERT OR REPLACE INTO snapshots (upto, format, state, at) VALUES (?, ?, ?, ?)",
            (upto, fmt, blob, self.now),
        )
        self._conn.execute(
            "DELETE FROM snapshots WHERE format != ? OR (upto NOT IN"
            " (SELECT upto FROM snapshots WHERE format = ? ORDER BY upto DESC LIMIT ?)"
            " AND upto IS NOT (SELECT MAX(upto) FROM snapshots WHERE format = ? AND upto < ?))",
            (fmt, fmt, SNAPSHOTS_KEPT, fmt, _anchor_below(upto)),
        )

    def append(self, kind: str, data: dict[str, Any] | None = None) -> Event:
        """Record one event as part of this change."""
        if kind == UNDO:
            raise ValueError("undo events are recorded by Store.undo() only")
        payload = dict(data or {})
        cur = self._conn.execute(
            "INSERT INTO events (change, kind, data, at, operator) VALUES (?, ?, ?, ?, ?)",
            (self.change, kind, json.dumps(payload, ensure_ascii=False), self.now, self.operator),
        )
        event = Event(cur.lastrowid or 0, kind, payload, self.now, self.change, self.operator)
        self.appended.append(event)
        return event


_COLUMNS = "seq, change, kind, data, at, operator"


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


def _check_undo(undone: tuple[Event, ...], change: int | None) -> None:
    """Refuse an undo with nothing to take back, or whose change is no longer the last one."""
    if not undone:
        raise RuleError(
            "Nothing to undo: the log holds only the tournament's creation"
            " (to start over, delete the file)."
        )
    if change is not None and undone[0].change != change:
        raise RuleError(
            f"Change {change} is no longer the last one (change {undone[0].change} was made"
            " since, by another terminal); nothing was undone: run `tdtool undo` again."
        )


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
        raise InputError(
            f"Cannot create {path}: {exc}; choose a folder you can write to"
            " (or pass --db with a path there). Nothing was created."
        ) from None
    finally:
        for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
            leftover.unlink(missing_ok=True)


class Store:
    """An open tournament file. Use `Store.create` or `Store.open`; close it (or use `with`).

    `Store.open`/`Store.create` given a `postgresql://` URL return a
    `tdtool.io.store_pg.PgStore` instead: the same methods on a PostgreSQL server.
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
        if is_url(path):
            from tdtool.io.store_pg import PgStore

            return PgStore.create(str(path), events, now=now, operator=operator)  # type: ignore[return-value]
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
        if is_url(path):
            from tdtool.io.store_pg import PgStore

            PgStore.restore(str(path), records, force=force)
            return
        rows = [
            (
                r.event.seq,
                r.event.change,
                r.event.kind,
                json.dumps(r.event.data, ensure_ascii=False),
                r.event.at,
                int(r.undone),
                r.event.operator,
            )
            for r in records
        ]

        def fill(store: Store) -> None:
            conn = store._conn
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(
                "INSERT INTO events (seq, change, kind, data, at, undone, operator)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
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
            from tdtool.io.store_pg import PgStore

            return PgStore.open(str(path), operator=operator)  # type: ignore[return-value]
        path = Path(path)
        if path.is_dir():
            raise InputError(f"{path} is a folder, not a tournament file; pass --db FILE.")
        if not path.is_file():
            raise InputError(
                f"No tournament file {path}; create one with `tdtool new NAME` or pass --db FILE."
            )
        refusal = _write_refusal(path)
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
            tx = Transaction(
                self._conn, (last or 0) + 1, time.time() if now is None else now, self.operator
            )
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
            _check_undo(undone, change)
            last = undone[0].change
            self._conn.execute("UPDATE events SET undone = 1 WHERE change = ?", (last,))
            # A snapshot holding the undone events is no longer the fold of the log.
            self._conn.execute("DELETE FROM snapshots WHERE upto >= ?", (undone[0].seq,))
            self._conn.execute(
                "INSERT INTO events (change, kind, data, at, operator) VALUES (?, ?, ?, ?, ?)",
                (tx.change, UNDO, json.dumps({"change": last}), tx.now, tx.operator),
            )
            return undone

    def now(self) -> float:
        """The time changes are recorded at, for reading the clock (unix seconds)."""
        return time.time()

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
                    with self._reading():
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

    def log(self) -> list[LogRecord]:
        """Every record in the log, in order, with whether it was undone."""
        with self._reading():
            rows = self._conn.execute(f"SELECT {_COLUMNS}, undone FROM events ORDER BY seq")
            return [LogRecord(_row_event(r), bool(r[6])) for r in rows]


class View:
    """The state of a tournament kept in memory, folded again only when the file changed.

    For displays that refresh (`clock run`, the TV page): `state()` asks SQLite whether
    anything was committed since the last read (`PRAGMA data_version` for other
    connections, a counter for this one), which costs microseconds, and folds again only
    then. Thread-safe; the state returned is shared: read it, never change it.
    """

    def __init__(self, store: Store) -> None:
        import threading

        self.store = store
        self._lock = threading.Lock()
        self._key: Any = None
        self._state: Any = None
        self._derived: dict[Callable[[Any], Any], Any] = {}

    def _version(self) -> Any:
        return self.store.version()

    def changed(self) -> bool:
        """Whether the file changed since the last `state()` (True before the first)."""
        with self._lock:
            return self._state is None or self._version() != self._key

    def _current(self) -> Any:
        key = self._version()
        if self._state is None or key != self._key:
            self._state = self.store.state()
            self._key = key
            self._derived = {}
        return self._state

    def state(self) -> Any:
        """The current state: the one read last unless the file changed since."""
        with self._lock:
            return self._current()

    def derived(self, fn: Callable[[Any], T]) -> tuple[Any, T]:
        """(state, fn(state)), `fn` run once per state read: figures a display shows that
        change only with the log (players left, prize pool ...), not at every refresh."""
        with self._lock:
            state = self._current()
            if fn not in self._derived:
                self._derived[fn] = fn(state)
            return state, self._derived[fn]


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
