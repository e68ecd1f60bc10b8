"""The player registry in the festival's PostgreSQL database: the same tables and SQL as the
file (tdtool.io.registry_store), beside the tournaments' tables, so every laptop of the
festival registers against one registry. A change takes a transaction-scoped advisory lock
first; connections are tdtool.io.store_pg's (every wait bounded, no password in a message).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from tdtool.io.registry_store import (
    KnownEvent,
    LogLine,
    Writer,
    _check_format,
    _create_tables,
    read_events,
    read_log,
    read_players,
)
from tdtool.tournament.registry import RegistryPlayer

LOCK = 0x7464_7265_6700
"""The advisory lock every registry change takes (the tournaments' locks are rows)."""

_PLACEHOLDER = re.compile(r"\?")


def _sql(text: str) -> str:
    """The shared SQL with psycopg's placeholders (no `?` appears in it otherwise)."""
    return _PLACEHOLDER.sub("%s", text)


class PgRegistry:
    """The registry in a PostgreSQL database."""

    def __init__(self, target: Any, conn: Any, operator: str) -> None:
        self._target = target
        self.shown = target.shown.split("?")[0]
        self._conn = conn
        self._operator = operator

    def _run(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._conn.execute(_sql(sql), tuple(params))

    def _read(self, fn: Any) -> Any:
        from tdtool.io.store_pg import _errors

        with _errors(self._target, reading=True, conn=self._conn):
            return fn(self._run)

    def players(self) -> list[RegistryPlayer]:
        return list(self._read(read_players))

    def events(self) -> list[KnownEvent]:
        return list(self._read(read_events))

    def log(self) -> list[LogLine]:
        return list(self._read(read_log))

    @contextmanager
    def change(self) -> Iterator[Writer]:
        from tdtool.io.store_pg import _errors, _transaction

        with _errors(self._target, conn=self._conn), _transaction(self._conn):
            self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
            now = self._conn.execute("SELECT extract(epoch FROM clock_timestamp())").fetchone()
            yield Writer(self._run, float(now[0]), self._operator)

    def close(self) -> None:
        self._conn.close()


def exists(url: str) -> bool:
    """Whether the database the URL names holds a registry."""
    from tdtool.io.store_pg import _errors, connect, parse_url

    target = parse_url(url)
    conn = connect(target)
    try:
        with _errors(target, reading=True, conn=conn):
            row = conn.execute("SELECT to_regclass('tdtool_registry_meta')").fetchone()
        return row is not None and row[0] is not None
    finally:
        conn.close()


def open_pg(url: str, operator: str, create: bool = False) -> PgRegistry:
    """The registry in the database the URL names (its `tournament=` aside); `create`: set
    up its tables when there are none. InputError when there is none and not to create."""
    from tdtool.io.registry_store import NoRegistry
    from tdtool.io.store_pg import _errors, _transaction, connect, parse_url

    target = parse_url(url)
    conn = connect(target)
    try:
        registry = PgRegistry(target, conn, operator)
        with _errors(target, conn=conn):
            row = conn.execute("SELECT to_regclass('tdtool_registry_meta')").fetchone()
            if row is None or row[0] is None:
                if not create:
                    raise NoRegistry(
                        f"No player registry in {registry.shown}; start one with"
                        " `tdtool players add NAME`."
                    )
                with _transaction(conn):
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
                    _create_tables(registry._run)
            _check_format(registry._run, registry.shown)
        return registry
    except BaseException:
        conn.close()
        raise
