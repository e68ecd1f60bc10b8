"""The player registry's store: one SQLite file (`players.tdreg` beside the tournaments) or
tables in the festival's PostgreSQL database (tdtool.io.registry_pg), behind one contract.

Both backends run the same SQL (`?` placeholders; the PostgreSQL one turns them into `%s`)
on the same tables:

- `tdtool_registry_players`: id, name, email, phone, merged_into (the id a merged player now
  means), created_at;
- `tdtool_registry_aliases`: (player_id, alias);
- `tdtool_registry_events`: the tournaments whose entries were linked to the registry
  (identity = the tournament's name and creation time, as in a league file; source = where
  it is: a file's absolute path, or the tournament's name in the same PostgreSQL database);
- `tdtool_registry_log`: every change, with its time, operator, kind and data (JSON);
- `tdtool_registry_meta`: the format and its version.

Every change is one transaction that takes the write lock first (SQLite: BEGIN IMMEDIATE, in
WAL mode with synchronous=FULL; PostgreSQL: a transaction-scoped advisory lock), so what a
change reads (is this name already there? the next id) stays true until it commits, two
terminals never hand out one id twice, and a killed process leaves the last committed state.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tdtool.errors import InputError, RuleError
from tdtool.tournament.registry import RegistryPlayer

FORMAT = "tdtool-registry"
VERSION = 1
BUSY_TIMEOUT = 10.0
"""Seconds a change waits for another terminal's change to the registry file to finish."""

TABLES = (
    "CREATE TABLE IF NOT EXISTS tdtool_registry_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS tdtool_registry_players (id INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL, email TEXT, phone TEXT, merged_into INTEGER,"
    " created_at DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS tdtool_registry_aliases (player_id INTEGER NOT NULL,"
    " alias TEXT NOT NULL, PRIMARY KEY (player_id, alias))",
    "CREATE TABLE IF NOT EXISTS tdtool_registry_events (identity TEXT PRIMARY KEY,"
    " source TEXT NOT NULL, name TEXT NOT NULL, added_at DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS tdtool_registry_log (seq INTEGER PRIMARY KEY,"
    " at DOUBLE PRECISION NOT NULL, operator TEXT NOT NULL, kind TEXT NOT NULL,"
    " data TEXT NOT NULL)",
)


@dataclass(frozen=True)
class KnownEvent:
    """A tournament with entries linked to the registry."""

    identity: str
    source: str
    name: str


@dataclass(frozen=True)
class LogLine:
    """One recorded change of the registry."""

    seq: int
    at: float
    operator: str
    kind: str
    data: dict[str, Any]


class Registry(Protocol):
    """What every registry backend offers (the file and PostgreSQL ones alike)."""

    shown: str
    """How messages name the registry (a file name, or a URL without its password)."""

    def players(self) -> list[RegistryPlayer]:
        """Every player, merged ones included, by id."""
        ...

    def events(self) -> list[KnownEvent]:
        """The tournaments with linked entries, in the order they were first linked."""
        ...

    def log(self) -> list[LogLine]:
        """Every change, oldest first."""
        ...

    def change(self) -> Any:
        """A context manager: one transaction holding the write lock, yielding a `Writer`."""
        ...

    def close(self) -> None: ...


class Writer:
    """The statements of one change, run inside its transaction (`Registry.change`)."""

    def __init__(self, run: Any, now: float, operator: str) -> None:
        self._run = run
        self.now = now
        self.operator = operator

    def players(self) -> list[RegistryPlayer]:
        """Every player as the change sees them (under the write lock)."""
        return read_players(self._run)

    def add(self, name: str, email: str | None, phone: str | None,
            aliases: Sequence[str] = ()) -> int:  # fmt: skip
        """A new player; returns their id (one more than the highest ever given)."""
        row = self._run("SELECT coalesce(max(id), 0) FROM tdtool_registry_players").fetchone()
        player_id = int(row[0]) + 1
        self._run(
            "INSERT INTO tdtool_registry_players (id, name, email, phone, merged_into,"
            " created_at) VALUES (?, ?, ?, ?, NULL, ?)",
            (player_id, name, email, phone, self.now),
        )
        for alias in aliases:
            self.add_alias(player_id, alias)
        return player_id

    def add_alias(self, player_id: int, alias: str) -> None:
        """Another name the player is known by (kept once, whatever is there already)."""
        self._run(
            "INSERT INTO tdtool_registry_aliases (player_id, alias) VALUES (?, ?)"
            " ON CONFLICT DO NOTHING",
            (player_id, alias),
        )

    def remove_alias(self, player_id: int, alias: str) -> None:
        self._run(
            "DELETE FROM tdtool_registry_aliases WHERE player_id = ? AND alias = ?",
            (player_id, alias),
        )

    def update(self, player: RegistryPlayer) -> None:
        """Write `player`'s name, contact fields, merge and aliases as given."""
        self._run(
            "UPDATE tdtool_registry_players SET name = ?, email = ?, phone = ?, merged_into = ?"
            " WHERE id = ?",
            (player.name, player.email, player.phone, player.merged_into, player.id),
        )
        self._run("DELETE FROM tdtool_registry_aliases WHERE player_id = ?", (player.id,))
        for alias in player.aliases:
            self.add_alias(player.id, alias)

    def note_event(self, event: KnownEvent) -> None:
        """Remember a tournament with linked entries (once; its source kept up to date)."""
        self._run(
            "INSERT INTO tdtool_registry_events (identity, source, name, added_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (identity) DO UPDATE SET source = excluded.source",
            (event.identity, event.source, event.name, self.now),
        )

    def record(self, kind: str, data: dict[str, Any]) -> None:
        """The change in the registry's log, with who made it."""
        row = self._run("SELECT coalesce(max(seq), 0) FROM tdtool_registry_log").fetchone()
        self._run(
            "INSERT INTO tdtool_registry_log (seq, at, operator, kind, data)"
            " VALUES (?, ?, ?, ?, ?)",
            (int(row[0]) + 1, self.now, self.operator, kind,
             json.dumps(data, ensure_ascii=False, sort_keys=True)),
        )  # fmt: skip


def read_players(run: Any) -> list[RegistryPlayer]:
    """Every player with their aliases, by id, through `run(sql, params)`."""
    aliases: dict[int, list[str]] = {}
    for player_id, alias in run(
        "SELECT player_id, alias FROM tdtool_registry_aliases ORDER BY player_id, alias"
    ).fetchall():
        aliases.setdefault(int(player_id), []).append(str(alias))
    rows = run(
        "SELECT id, name, email, phone, merged_into FROM tdtool_registry_players ORDER BY id"
    ).fetchall()
    return [
        RegistryPlayer(
            int(i),
            str(name),
            tuple(aliases.get(int(i), ())),
            email,
            phone,
            None if merged is None else int(merged),
        )
        for i, name, email, phone, merged in rows
    ]


def read_events(run: Any) -> list[KnownEvent]:
    return [
        KnownEvent(str(i), str(s), str(n))
        for i, s, n in run(
            "SELECT identity, source, name FROM tdtool_registry_events ORDER BY added_at, identity"
        ).fetchall()
    ]


def read_log(run: Any) -> list[LogLine]:
    return [
        LogLine(int(seq), float(at), str(op), str(kind), json.loads(data))
        for seq, at, op, kind, data in run(
            "SELECT seq, at, operator, kind, data FROM tdtool_registry_log ORDER BY seq"
        ).fetchall()
    ]


# --- the file ------------------------------------------------------------------------------


class FileRegistry:
    """The registry in one SQLite file."""

    def __init__(self, path: Path, conn: sqlite3.Connection, operator: str) -> None:
        self.path = path
        self.shown = str(path)
        self._conn = conn
        self._operator = operator

    def _run(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._conn.execute(sql, params)

    def _read(self, fn: Any) -> Any:
        try:
            return fn(self._run)
        except sqlite3.DatabaseError as exc:
            raise InputError(f"{self.shown} is damaged or not a registry file ({exc}).") from None

    def players(self) -> list[RegistryPlayer]:
        return list(self._read(read_players))

    def events(self) -> list[KnownEvent]:
        return list(self._read(read_events))

    def log(self) -> list[LogLine]:
        return list(self._read(read_log))

    @contextmanager
    def change(self) -> Iterator[Writer]:
        import time

        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise RuleError(
                f"{self.shown} is busy (another terminal has held it for over"
                f" {BUSY_TIMEOUT:g} s): {exc}; try again."
            ) from None
        try:
            yield Writer(self._run, time.time(), self._operator)
            self._conn.execute("COMMIT")
        except BaseException as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise InputError(
                    f"Could not save the change to {self.shown}: {exc}; nothing was changed."
                ) from None
            raise

    def close(self) -> None:
        self._conn.close()


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    return conn


def _check_format(run: Any, shown: str) -> None:
    """InputError unless the database holds a registry this tdtool reads."""
    try:
        rows = dict(run("SELECT key, value FROM tdtool_registry_meta").fetchall())
    except Exception:
        raise InputError(
            f"{shown} is not a player registry (made by `tdtool players add`)."
        ) from None
    if rows.get("format") != FORMAT:
        raise InputError(f"{shown} is not a player registry (made by `tdtool players add`).")
    version = int(rows.get("version", "0") or 0)
    if version > VERSION:
        raise InputError(
            f"{shown} was written by a newer tdtool (registry version {version});"
            " upgrade tdtool to use it."
        )


def _create_tables(run: Any) -> None:
    for sql in TABLES:
        run(sql)
    run(
        "INSERT INTO tdtool_registry_meta (key, value) VALUES ('format', ?), ('version', ?)"
        " ON CONFLICT (key) DO NOTHING",
        (FORMAT, str(VERSION)),
    )


class NoRegistry(InputError):
    """There is no registry where one was looked for (and none was to be made)."""


def open_file(path: Path, operator: str, create: bool = False) -> FileRegistry:
    """The registry file at `path`; `create`: make it when missing. InputError when it is
    missing (and not to be created), a folder, or not a registry."""
    if path.is_dir():
        raise InputError(f"{path} is a folder, not a player registry.")
    if not path.exists():
        if not create:
            raise NoRegistry(
                f"No player registry {path}; start one with `tdtool players add NAME`"
                " (or give --registry FILE)."
            )
        if not path.parent.is_dir():
            raise InputError(f"Cannot create {path}: the folder {path.parent} does not exist.")
        try:
            conn = _connect(path)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("BEGIN IMMEDIATE")
            _create_tables(conn.execute)
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise InputError(f"Cannot create {path}: {exc}; nothing was created.") from None
    else:
        try:
            conn = _connect(path)
        except sqlite3.Error as exc:
            raise InputError(f"Cannot open {path}: {exc}.") from None
    try:
        conn.execute("PRAGMA synchronous = FULL")
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise InputError(f"{path} is not a player registry ({exc}).") from None
    try:
        _check_format(conn.execute, str(path))
    except InputError:
        conn.close()
        raise
    return FileRegistry(path, conn, operator)


# --- choosing one ----------------------------------------------------------------------------


def open_registry(target: Path | str, operator: str | None = None,
                  create: bool = False) -> Registry:  # fmt: skip
    """The registry at `target` (a file, or a postgresql:// URL); `create`: make it when
    there is none yet. `operator`: who makes the changes (None: TDTOOL_OPERATOR or the login)."""
    from tdtool.io.store_base import default_operator

    who = operator or default_operator()
    if isinstance(target, Path):
        return open_file(target, who, create)
    from tdtool.io import registry_pg

    return registry_pg.open_pg(target, who, create)
