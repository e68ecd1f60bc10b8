"""What every tournament store is, whichever backend keeps it: the contract and its values.

`TournamentStore` is what the application needs of a tournament's store: changes in one
transaction, the state, undo, the log and its chain. Two backends implement it, each in its
own module: a SQLite file (`tdtool.io.store.Store`) and a tournament on a PostgreSQL server
(`tdtool.io.store_pg.PgStore`, which alone imports psycopg). `open_store` and `create_store`
choose one from a target (a path, or a `postgresql://` URL), parsed once (`Target`). What both
need is written once: here (the log's values, undo's check, the copy's rows), in
`tdtool.io.snapshots` (snapshots chosen, checked, written) and `tdtool.io.chain` (the chain).
Neither backend module imports the other.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from tdtool.errors import RuleError
from tdtool.io.targets import (
    is_url as is_url,
)  # re-exported: the stores and the CLI ask it here too

if TYPE_CHECKING:
    from tdtool.io.chain import Row, Verdict
    from tdtool.tournament.state import State

T = TypeVar("T")

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
    text: str = ""
    """The payload as stored (JSON text): what the chain hashes, copied as it is."""
    hash: str = ""
    """The event's chain hash as stored ('' when not known)."""


class Changing(Protocol):
    """One change in progress (a backend's transaction)."""

    change: int
    now: float
    operator: str
    appended: list[Event]

    def state(self) -> State: ...
    def keep(self, state: State) -> None: ...
    def events(self, kinds: Iterable[str] | None = None) -> list[Event]: ...
    def append(self, kind: str, data: dict[str, Any] | None = None) -> Event: ...
    def grant_link(self, digest: str, name: str, expires: float) -> None: ...
    def take_link(self, digest: str) -> tuple[str, float] | None: ...
    def open_session(self, digest: str, name: str, expires: float) -> None: ...
    def end_access(self, name: str) -> int: ...


class TournamentStore(Protocol):
    """What the application needs of a tournament's store, on a file or a server."""

    operator: str
    path: Any
    """What messages name: the file's path, or the server's URL without its password."""

    @property
    def label(self) -> str: ...
    def view(self) -> View: ...
    def close(self) -> None: ...
    def __enter__(self) -> TournamentStore: ...
    def __exit__(self, *exc: object) -> None: ...
    def check_writable(self) -> None: ...
    def transaction(self, now: float | None = None) -> AbstractContextManager[Any]: ...
    def change(self, fn: Callable[[Any], T], now: float | None = None) -> T: ...
    def last_change(self) -> tuple[Event, ...]: ...
    def undo(self, now: float | None = None, change: int | None = None) -> tuple[Event, ...]: ...
    def events(self, kinds: Iterable[str] | None = None) -> list[Event]: ...
    def state(self) -> State: ...
    def log(self, last: int | None = None) -> list[LogRecord]: ...
    def verify(self, repair: bool = True) -> tuple[Verdict, list[int]]: ...
    def version(self) -> Any: ...
    def now(self) -> float: ...
    def session(self, digest: str) -> tuple[str, float] | None: ...
    def backup(self, dest: str | os.PathLike[str], *, force: bool = False) -> Path: ...
    @property
    def schema_version(self) -> int: ...
    def migrations(self) -> list[str]: ...


@dataclass(frozen=True)
class Tournament:
    """Which tournament a command works on and who acts: built once at the edge (the CLI,
    from --db and --operator) and handed to every application function, which open its
    store with `open_store(handle)`. The time of a change is the store's (`tx.now`: the
    server's clock on PostgreSQL), read once per change, and used for all it decides."""

    target: Path | str
    """A tournament file, or a `postgresql://` URL."""
    operator: str | None = None
    """Who the changes are recorded as made by (None: TDTOOL_OPERATOR, else the login)."""

    def __str__(self) -> str:
        return str(self.target)


Target = Tournament | Path | str
"""What names a tournament: a handle, a file's path, or a server's URL."""


def target_of(target: object) -> Path | str:
    """The file or URL a handle (or a path, or a URL) names."""
    if isinstance(target, Tournament):
        return target.target
    return target if isinstance(target, Path | str) else Path(str(target))


def default_operator() -> str:
    """Who is making changes when no --operator is given: TDTOOL_OPERATOR, else the login."""
    name = os.environ.get("TDTOOL_OPERATOR", "").strip()
    if name:
        return name
    import getpass

    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "unknown"


def check_undo(undone: tuple[Event, ...], change: int | None) -> None:
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


def restored_rows(
    records: Sequence[LogRecord],
) -> list[tuple[int, int, str, str, float, int, str, str]]:
    """(seq, change, kind, data, at, undone, operator, hash) of `records` (another store's
    `log()`), for writing a copy: the payloads as stored and the chain as stored, so the
    copy's chain is the original's, breaks included; a log with no chain gets one."""
    from tdtool.io.chain import chain_of

    texts = [r.text or json.dumps(r.event.data, ensure_ascii=False) for r in records]
    if all(r.hash for r in records):
        hashes = [r.hash for r in records]
    else:
        hashes = chain_of(
            (r.event.seq, r.event.change, r.event.kind, text, r.event.at, r.event.operator)
            for r, text in zip(records, texts, strict=True)
        )
    return [
        (e.seq, e.change, e.kind, text, e.at, int(r.undone), e.operator, digest)
        for r, e, text, digest in zip(
            records, (r.event for r in records), texts, hashes, strict=True
        )
    ]


def verify_chain(rows: Iterable[Row], expected_last: int | None) -> Verdict:
    """The chain's verdict on the log `rows` (see tdtool.io.chain.verify)."""
    from tdtool.io.chain import verify

    return verify(rows, UNDO, expected_last)


def open_store(
    target: Target | os.PathLike[str], *, operator: str | None = None, threads: bool = False
) -> TournamentStore:
    """The store of the tournament `target` names: a file, or a tournament on a server
    (a `Tournament` handle brings who acts)."""
    if isinstance(target, Tournament):
        operator = operator or target.operator
    target = target_of(target)
    if is_url(target):
        from tdtool.io.store_pg import PgStore

        return PgStore.open(str(target), operator=operator)
    from tdtool.io.store import Store

    return Store.open(target, operator=operator, threads=threads)


def create_store(
    target: Target | os.PathLike[str],
    events: Iterable[tuple[str, dict[str, Any]]] = (),
    now: float | None = None,
    operator: str | None = None,
) -> TournamentStore:
    """A new tournament at `target` holding `events` as its first change."""
    if isinstance(target, Tournament):
        operator = operator or target.operator
    target = target_of(target)
    if is_url(target):
        from tdtool.io.store_pg import PgStore

        return PgStore.create(str(target), events, now=now, operator=operator)
    from tdtool.io.store import Store

    return Store.create(target, events, now=now, operator=operator)


def restore_store(
    target: Target | os.PathLike[str], records: Iterable[LogRecord], force: bool = False
) -> None:
    """Write a tournament at `target` holding exactly `records` (`tdtool db copy`)."""
    target = target_of(target)
    if is_url(target):
        from tdtool.io.store_pg import PgStore

        PgStore.restore(str(target), records, force=force)
        return
    from tdtool.io.store import Store

    Store.restore(target, records, force=force)


class View:
    """The state of a tournament kept in memory, folded again only when the file changed.

    For displays that refresh (`clock run`, the TV page): `state()` asks SQLite whether
    anything was committed since the last read (`PRAGMA data_version` for other
    connections, a counter for this one), which costs microseconds, and folds again only
    then. Thread-safe; the state returned is shared: read it, never change it.
    """

    def __init__(self, store: TournamentStore) -> None:
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
