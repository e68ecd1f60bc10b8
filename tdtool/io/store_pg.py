"""The tournament store on a PostgreSQL server: many tournaments, several laptops, one log.

A festival runs several tournaments and several laptops (registration, two floor people, the
TV clock). They share one PostgreSQL database; each tournament is an event log exactly like a
tournament file (`tdtool.io.store`), with the same API, the same undo and the same numbers, so
`tdtool db copy` moves a tournament between a file and a server and the logs compare equal.

The target is a URL, given as `--db` or TDTOOL_DB::

    postgresql://USER@HOST[:PORT]/DATABASE?tournament=NAME
    postgresql://USER@HOST/DATABASE#NAME                       (the same)

`tournament=` (or the `#NAME` fragment) picks the tournament; without it a database holding
a single tournament uses that one. Everything else in the URL goes to libpq, so the password
comes from the URL, PGPASSWORD or ~/.pgpass as with psql. A URL is never printed with its
password: `safe_url()` is what messages show.

Guarantees (as for a file, and more):

- Each change locks its tournament's row (`SELECT ... FOR UPDATE`) before it reads the
  state, so the read-decide-append of two laptops is serialized per tournament (other
  tournaments are not held up); the change commits in one transaction or not at all. A
  lost connection rolls the open transaction back on the server.
- Event times come from the server's clock (`clock_timestamp()` once the lock is held), so a
  laptop whose clock is off cannot move the level clock, and times follow the log's order.
  Reads use the server's time too (`now()`: the laptop's clock plus the offset measured
  when connecting).
- `seq` and `change` count per tournament, as in a file, without gaps: a change that
  records nothing ("No moves needed") uses up no number.
- Every wait has an end (a laptop's Wi-Fi dies mid-change; a server stops): the connection
  is given `CONNECT_TIMEOUT`, TCP keepalives on both sides (`KEEPALIVE`), a lock wait, a
  statement timeout and an idle-in-transaction timeout on the server (`SERVER_SETTINGS`),
  and a `Watchdog` gives up a statement unanswered for `ANSWER_WAIT` s (plus the lock's wait
  where it takes the lock). A session lost mid-change is ended from a new connection, so
  the other laptops wait for it no longer, and a change whose COMMIT was sent but whose
  answer was lost is looked up in the log by its last event's chain hash (made before it was
  sent): the error says "the change was recorded" or "nothing was changed", and only says
  it cannot tell when the server cannot be reached at all.
- A URL is read as people type it: a password with `/ ? # @` unencoded still logs in, and a
  URL that is no URL at all (`[::1` unclosed, a port that is no number) is one error that
  never names the password.
- The schema carries named migrations in `tdtool_migrations`, applied on connect under an
  advisory lock, so two laptops starting at once do not both apply them.

psycopg is imported by this module only, so commands on a file never load it.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import SplitResult, parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

from tdtool.errors import InputError, RuleError
from tdtool.io import steady_clock
from tdtool.io.chain import GENESIS, Row, Verdict, chain_of, link
from tdtool.io.store_base import (
    UNDO,
    Event,
    LogRecord,
    check_undo,
    default_operator,
    restored_rows,
    verify_chain,
)

T = TypeVar("T")

CONNECT_TIMEOUT = 5
"""Seconds to wait for the server before saying it cannot be reached."""

LOCK_TIMEOUT_MS = 10_000
"""How long a change waits for another laptop's change to the same tournament."""

STATEMENT_TIMEOUT_MS = LOCK_TIMEOUT_MS + 2_000
"""The server gives up a statement after this long (longer than the lock's wait, so a wait
for another laptop says so)."""

IDLE_IN_TRANSACTION_MS = 5_000
"""The server ends a session that holds a change open this long without a word: a laptop
whose Wi-Fi died mid-change holds the tournament's lock no longer than this."""

ANSWER_WAIT = 6.0
"""Seconds this laptop waits for the server's answer to one statement (a statement that may
wait for the tournament's lock: that wait more) before it gives the connection up."""

KEEPALIVE = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2,
             "keepalives_count": 3, "tcp_user_timeout": 10_000}  # fmt: skip
"""TCP keepalives (libpq's names): a silent peer is found dead in 5 + 3 x 2 s, unanswered
data in 10 s; the server is asked for the same on its side of the connection."""

SERVER_SETTINGS = {
    "lock_timeout": LOCK_TIMEOUT_MS,
    "statement_timeout": STATEMENT_TIMEOUT_MS,
    "idle_in_transaction_session_timeout": IDLE_IN_TRANSACTION_MS,
    "tcp_keepalives_idle": KEEPALIVE["keepalives_idle"],
    "tcp_keepalives_interval": KEEPALIVE["keepalives_interval"],
    "tcp_keepalives_count": KEEPALIVE["keepalives_count"],
    "tcp_user_timeout": KEEPALIVE["tcp_user_timeout"],
}
"""What each session sets on the server: every wait on either side has an end."""

_COLUMNS = "seq, change, kind, data, at, operator"

CHANNEL = "tdtool_change"
"""The NOTIFY channel every change is announced on, with the tournament's id as payload."""

_MIGRATION_LOCK = 0x7464_7431  # pg_advisory_xact_lock key while migrating ('tdt1')

MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "0001_event_log",
        """
        CREATE TABLE tdtool_tournaments (
            id serial PRIMARY KEY,
            name text NOT NULL UNIQUE,
            created_at double precision NOT NULL,
            last_seq bigint NOT NULL DEFAULT 0,
            last_change bigint NOT NULL DEFAULT 0
        );
        CREATE TABLE tdtool_events (
            tournament integer NOT NULL REFERENCES tdtool_tournaments (id) ON DELETE CASCADE,
            seq bigint NOT NULL,
            change bigint NOT NULL,
            kind text NOT NULL,
            data text NOT NULL,
            at double precision NOT NULL,
            undone boolean NOT NULL DEFAULT false,
            operator text NOT NULL DEFAULT '',
            PRIMARY KEY (tournament, seq)
        );
        CREATE INDEX tdtool_events_by_change ON tdtool_events (tournament, change);
        """,
    ),
    (
        # The folded state as of event `upto` (see tdtool.io.store: snapshots), so a command
        # fetches and folds only the events after it instead of the whole log.
        "0002_snapshots",
        """
        CREATE TABLE tdtool_snapshots (
            tournament integer NOT NULL REFERENCES tdtool_tournaments (id) ON DELETE CASCADE,
            upto bigint NOT NULL,
            format text NOT NULL,
            state bytea NOT NULL,
            at double precision NOT NULL,
            PRIMARY KEY (tournament, upto)
        );
        """,
    ),
    ("0003_event_chain", "_m0003_event_chain"),
    (
        # `tdtool serve`: the staff's sign-in links and sessions, each only as the SHA-256 of
        # its secret (see tdtool.io.store: 0007_staff_access).
        "0004_staff_access",
        """
        CREATE TABLE tdtool_access_links (
            tournament integer NOT NULL REFERENCES tdtool_tournaments (id) ON DELETE CASCADE,
            digest text NOT NULL,
            name text NOT NULL,
            expires double precision NOT NULL,
            PRIMARY KEY (tournament, digest)
        );
        CREATE TABLE tdtool_access_sessions (
            tournament integer NOT NULL REFERENCES tdtool_tournaments (id) ON DELETE CASCADE,
            digest text NOT NULL,
            name text NOT NULL,
            expires double precision NOT NULL,
            PRIMARY KEY (tournament, digest)
        );
        """,
    ),
)
"""Every schema change of the server database, in order (its own list: not the file's): SQL,
or the name of a function of this module for a step SQL alone cannot take."""


def _m0003_event_chain(conn: Any) -> None:
    """Each event carries its chain hash (tdtool.io.chain), each tournament the hash of its
    last event; the events written before get theirs now. The snapshots of the releases
    before were pickles, never read again (a forged one could run code): they go."""
    conn.execute("ALTER TABLE tdtool_events ADD COLUMN hash text NOT NULL DEFAULT ''")
    conn.execute("ALTER TABLE tdtool_tournaments ADD COLUMN last_hash text NOT NULL DEFAULT ''")
    conn.execute("DELETE FROM tdtool_snapshots")
    for (tid,) in conn.execute("SELECT id FROM tdtool_tournaments").fetchall():
        rows = conn.execute(
            f"SELECT {_COLUMNS} FROM tdtool_events WHERE tournament = %s ORDER BY seq", (tid,)
        ).fetchall()
        hashes = chain_of(rows)
        with conn.cursor() as cur:
            cur.executemany(
                "UPDATE tdtool_events SET hash = %s WHERE tournament = %s AND seq = %s",
                [(h, tid, r[0]) for h, r in zip(hashes, rows, strict=True)],
            )
        conn.execute(
            "UPDATE tdtool_tournaments SET last_hash = %s WHERE id = %s",
            (hashes[-1] if hashes else GENESIS, tid),
        )


SCHEMA_VERSION = len(MIGRATIONS)


# --- the URL -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A parsed `postgresql://` target: what libpq gets, the tournament, what messages show."""

    conninfo: str
    tournament: str | None
    shown: str
    """The URL without its password (safe to print)."""
    password: str | None


def _split(url: str) -> tuple[str, str | None, str | None, SplitResult]:
    """(scheme, user, password, the rest as a URL without its user and password).

    A password holding `/`, `?`, `#` or `@` unencoded (as people type them) ends the URL's
    authority early by the standard reading, which would then show part of it as a host, a
    path, a query or a tournament in every message. So the user and password run to the last
    `@` whenever the standard reading makes no sense of what follows its authority: a port
    that is no number, or an `@` in the path, in a query item's name or in the fragment.

    >>> _split("postgresql://td:pa/ss@venue:5433/festival")[1:3]
    ('td', 'pa/ss')
    >>> _split("postgresql://td:pa@ss@venue/festival?tournament=x")[3].netloc
    'venue'
    """
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError("no scheme:// at the start")
    end = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    netloc, tail = rest[:end], rest[end:]
    at = netloc.rfind("@")
    if "@" in tail:
        hostport = netloc[at + 1 :]
        port = hostport.rsplit("]", 1)[-1].partition(":")
        before_fragment, _, fragment = tail.partition("#")
        path, _, query = before_fragment.partition("?")
        if (
            (port[1] and not port[2].isdigit())
            or "@" in path
            or "@" in fragment
            or any("@" in item.partition("=")[0] for item in query.split("&"))
        ):
            at = rest.rfind("@")
    user = password = None
    if at >= 0:
        user, colon, secret = rest[:at].partition(":")
        user = unquote(user)
        password = unquote(secret) if colon else None
        rest = rest[at + 1 :]
    return scheme, user, password, urlsplit(f"{scheme}://{rest}")


def _userinfo(user: str | None, password: str | None) -> str:
    if user is None:
        return ""
    shown = quote(user, safe="")
    return f"{shown}:{quote(password, safe='')}@" if password is not None else f"{shown}@"


def parse_url(url: str) -> Target:
    """Split `postgresql://...?tournament=NAME` (or `#NAME`) into libpq's URL and the name.

    InputError (never naming the password) when it is no URL libpq could take.

    >>> t = parse_url("postgresql://td:secret@venue/festival?tournament=friday")
    >>> t.tournament, t.shown
    ('friday', 'postgresql://td@venue/festival?tournament=friday')
    >>> parse_url("postgresql://venue/festival#main-event").tournament
    'main-event'
    >>> t = parse_url("postgresql://td:p@ss/w?rd#1@venue/festival?tournament=friday")
    >>> t.password, t.shown
    ('p@ss/w?rd#1', 'postgresql://td@venue/festival?tournament=friday')
    """
    try:
        scheme, user, password, parts = _split(url)
        parts.port  # noqa: B018  (a port that is no number raises here, not in libpq)
        query = parse_qsl(parts.query, keep_blank_values=True)
    except ValueError as exc:
        raise InputError(
            f"--db is not a PostgreSQL URL tdtool can read ({exc}); write it as"
            " postgresql://USER@HOST[:PORT]/DATABASE?tournament=NAME (a password with"
            " / ? # @ or % in it goes in PGPASSWORD or ~/.pgpass, or percent-encoded)."
        ) from None
    names = [v for k, v in query if k == "tournament"]
    rest = [(k, v) for k, v in query if k != "tournament"]
    tournament = names[-1] if names else unquote(parts.fragment) or None
    if tournament is not None:
        tournament = tournament.strip() or None
    netloc = _userinfo(user, password) + parts.netloc
    conninfo = urlunsplit((scheme, netloc, parts.path, urlencode(rest), ""))
    shown_query = [(k, v) for k, v in rest if k.lower() != "password"]
    if tournament:
        shown_query.append(("tournament", tournament))
    shown_netloc = _userinfo(user, None) + parts.netloc
    shown = urlunsplit((scheme, shown_netloc, parts.path, urlencode(shown_query), ""))
    query_password = [v for k, v in rest if k.lower() == "password"]
    if not password and query_password:
        password = query_password[-1]
    return Target(conninfo, tournament, shown, password or None)


def with_tournament(url: str, name: str) -> str:
    """`url` naming tournament `name` (replacing a name it gave)."""
    try:
        scheme, user, password, parts = _split(url)
    except ValueError:
        parse_url(url)  # the InputError that says why
        raise
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "tournament"]
    query.append(("tournament", name))
    netloc = _userinfo(user, password) + parts.netloc
    return urlunsplit((scheme, netloc, parts.path, urlencode(query), ""))


def safe_url(url: str) -> str:
    """The URL as messages may show it: without a password."""
    try:
        return parse_url(url).shown
    except InputError:
        return "the PostgreSQL URL given"


# --- connecting and errors ---------------------------------------------------------------------


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise InputError(
            "A postgresql:// tournament needs psycopg: pip install 'psycopg[binary]'"
            " (or install tdtool with its [postgresql] extra)."
        ) from None
    return psycopg


def _clean(message: str, target: Target) -> str:
    """libpq's message on one line, without the password should it ever appear."""
    text = " ".join(str(message).split())
    if target.password:
        text = text.replace(target.password, "***").replace(quote(target.password), "***")
    return text.rstrip(".")


def _connect_error(exc: Exception, target: Target) -> InputError:
    text = _clean(str(exc), target)
    low = text.lower()
    where = target.shown.split("?")[0]
    if "password authentication failed" in low or "no password supplied" in low:
        return InputError(
            f"The server at {where} refused the login ({text}); check the user and the password"
            " (in the URL, PGPASSWORD or ~/.pgpass)."
        )
    if "does not exist" in low and "database" in low:
        return InputError(
            f"No such database on the server ({text}); create it (see README: festival setup)"
            " or fix the URL."
        )
    if "role" in low and "does not exist" in low:
        return InputError(f"The server does not know this user ({text}); fix the URL.")
    return InputError(
        f"Cannot reach the tournament server {where} ({text}); check that it is running and"
        " the address, or work on a file."
    )


def _on_interrupt(cut: Callable[[], None]) -> Callable[[], None]:
    """While a statement waits for the server, Ctrl-C (SIGINT) cuts the connection instead of
    psycopg's way (send a cancel, then wait up to 5 s for the server to say so: on a silent
    network, 5 s for nothing). Returns what restores the handler before. The main thread
    only (a handler can be set there alone)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    hit: list[bool] = []

    def handler(signum: int, frame: Any) -> None:
        hit.append(True)
        cut()

    try:
        before = signal.signal(signal.SIGINT, handler)
    except ValueError:  # pragma: no cover - not the main interpreter
        return lambda: None

    def restore() -> None:
        signal.signal(signal.SIGINT, before)
        if hit:
            raise KeyboardInterrupt

    return restore


class Watchdog:
    """Gives up a connection whose server has not answered one statement in time.

    A laptop whose network goes silent (Wi-Fi gone, a switch unplugged) would otherwise wait
    for an answer for as long as TCP does (minutes). One thread per connection sleeps until
    the deadline of the statement in flight, if any, and then shuts the socket down, so the
    wait ends in psycopg's own error for a lost connection. Arming and disarming cost a lock.
    """

    def __init__(self) -> None:
        import threading

        self._cond = threading.Condition()
        self._deadline: float | None = None
        self._socket = -1
        self.fired: float | None = None
        """The wait (seconds) after which it shut the connection down, if it did."""
        self._thread: threading.Thread | None = None

    @contextmanager
    def bounded(self, socket_fd: int, seconds: float) -> Iterator[None]:
        """Shut `socket_fd` down if the block takes longer than `seconds`."""
        import threading

        with self._cond:
            self._socket, self._limit = socket_fd, seconds
            self._deadline = time.monotonic() + seconds
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._watch, name="tdtool-pg-watchdog", daemon=True
                )
                self._thread.start()
            self._cond.notify()
        interrupt = _on_interrupt(lambda: self._cut(socket_fd))
        try:
            yield
        finally:
            interrupt()
            with self._cond:
                self._deadline = None

    @staticmethod
    def _cut(socket_fd: int) -> None:
        """Shut the connection's socket down: the wait on it ends at once in psycopg's error
        for a lost connection (what then happened to the change is asked: see _settle)."""
        import socket

        with contextlib.suppress(OSError):
            cut = socket.socket(fileno=os.dup(socket_fd))
            cut.shutdown(socket.SHUT_RDWR)
            cut.close()

    def stop(self) -> None:
        """End the thread (the connection is closed)."""
        with self._cond:
            self._deadline, self._thread = -1.0, None
            self._cond.notify()

    def _watch(self) -> None:
        import socket

        with self._cond:
            while self._deadline != -1.0:
                if self._deadline is None:
                    self._cond.wait()
                    continue
                left = self._deadline - time.monotonic()
                if left > 0:
                    self._cond.wait(left)
                    continue
                self._deadline, self.fired = None, self._limit
                with contextlib.suppress(OSError):
                    cut = socket.socket(fileno=os.dup(self._socket))
                    cut.shutdown(socket.SHUT_RDWR)
                    cut.close()


_CONNECTION_CLASS: Any = None


def _connection_class() -> Any:
    """psycopg's Connection, each `execute` bounded by a Watchdog (made once, psycopg being
    imported only for a server's tournament)."""
    global _CONNECTION_CLASS
    if _CONNECTION_CLASS is not None:
        return _CONNECTION_CLASS
    psycopg = _psycopg()

    class Connection(psycopg.Connection):  # type: ignore[misc, name-defined]
        watchdog: Watchdog

        def execute(self, query: Any, params: Any = None, *, wait: float | None = None,
                    **kwargs: Any) -> Any:  # fmt: skip
            """psycopg's execute, given up after `wait` seconds (ANSWER_WAIT; plus the lock's
            wait for a statement that takes the tournament's lock)."""
            if wait is None:
                wait = ANSWER_WAIT
                text = query if isinstance(query, str) else ""
                if "FOR UPDATE" in text or "FOR SHARE" in text or "advisory" in text:
                    wait += LOCK_TIMEOUT_MS / 1000
            if self.closed:
                return super().execute(query, params, **kwargs)
            with self.watchdog.bounded(self.fileno(), wait):
                return super().execute(query, params, **kwargs)

        def close(self) -> None:
            self.watchdog.stop()
            super().close()

    _CONNECTION_CLASS = Connection
    return Connection


def connect(target: Target) -> Any:
    """A psycopg connection (autocommit; transactions explicit), or InputError: every wait
    on it bounded (SERVER_SETTINGS, KEEPALIVE, Watchdog)."""
    psycopg = _psycopg()
    options = " ".join(f"-c {k}={v}" for k, v in SERVER_SETTINGS.items())
    try:
        conn = _connection_class().connect(
            target.conninfo,
            autocommit=True,
            connect_timeout=CONNECT_TIMEOUT,
            application_name="tdtool",
            options=options,
            **KEEPALIVE,
        )
    except psycopg.Error as exc:
        raise _connect_error(exc, target) from None
    conn.watchdog = Watchdog()
    return conn


@contextmanager
def _transaction(conn: Any) -> Iterator[None]:
    """BEGIN ... COMMIT (ROLLBACK on an error) on `conn`, each statement through its
    bounded `execute` (psycopg's `transaction()` would wait for the COMMIT's answer without
    an end)."""
    conn.execute("BEGIN")
    try:
        yield
    except BaseException:
        if not conn.closed:
            with contextlib.suppress(Exception):
                conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _migrate(conn: Any) -> int:
    """Apply the migrations the database lacks; returns the schema version."""
    with _transaction(conn):
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS tdtool_migrations"
            " (number integer PRIMARY KEY, name text NOT NULL, applied_at double precision"
            "  NOT NULL DEFAULT extract(epoch FROM clock_timestamp()))"
        )
        row = conn.execute("SELECT coalesce(max(number), 0) FROM tdtool_migrations").fetchone()
        version = int(row[0])
        if version > SCHEMA_VERSION:
            raise InputError(
                f"This database was set up by a newer tdtool (schema {version}, this tdtool"
                f" knows up to {SCHEMA_VERSION}); upgrade tdtool to use it."
            )
        for number in range(version + 1, SCHEMA_VERSION + 1):
            name, step = MIGRATIONS[number - 1]
            if step.startswith("_m"):
                globals()[step](conn)
            else:
                conn.execute(step)
            conn.execute(
                "INSERT INTO tdtool_migrations (number, name) VALUES (%s, %s)", (number, name)
            )
    return SCHEMA_VERSION


# --- the store ---------------------------------------------------------------------------------


def _claim(conn: Any, name: str) -> tuple[Any, ...] | None:
    """Register a new tournament called `name`: its (id,) row, or None if the name is taken."""
    row: tuple[Any, ...] | None = conn.execute(
        "INSERT INTO tdtool_tournaments (name, created_at)"
        " VALUES (%s, extract(epoch FROM clock_timestamp()))"
        " ON CONFLICT (name) DO NOTHING RETURNING id",
        (name,),
    ).fetchone()
    return row


def _row_event(row: tuple[Any, ...]) -> Event:
    seq, change, kind, data, at, operator = row[:6]
    return Event(int(seq), kind, json.loads(data), float(at), int(change), operator)


class PgTransaction:
    """One change in progress on the server (see `tdtool.io.store.Transaction`)."""

    def __init__(
        self, store: PgStore, change: int, seq: int, last_hash: str, now: float, operator: str
    ) -> None:
        from tdtool.io.snapshots import Pending

        self._store = store
        self.change = change
        self._seq = seq
        self._hash = last_hash
        self._first_hash = last_hash
        self.now = now
        self.operator = operator
        self.appended: list[Event] = []
        self._pending = Pending()

    @property
    def _conn(self) -> Any:
        return self._store._conn

    def keep(self, state: Any) -> None:
        """See `tdtool.io.store.Transaction.keep`."""
        self._pending.keep(state)

    def events(self, kinds: Iterable[str] | None = None) -> list[Event]:
        """The effective events, including those appended so far in this change."""
        return self._store._effective(kinds)

    def state(self) -> Any:
        """The current state, read under this change's lock: the newest snapshot plus the
        events after it (a change that folded SNAPSHOT_EVERY events writes one, as in a
        file)."""
        state, last, folded = self._store._folded()
        self._pending.read(state, last, folded, bool(self.appended), self._store._event_hash)
        return state

    def _write_snapshot(self) -> None:
        from tdtool.io import snapshots

        appended = (self._seq, self._hash) if self.appended else None
        found = self._pending.blob(appended)
        if found is None:
            return
        blob, upto = found
        tid = self._store.tournament_id
        self._conn.execute(
            "INSERT INTO tdtool_snapshots (tournament, upto, format, state, at)"
            " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (tournament, upto) DO UPDATE"
            " SET format = excluded.format, state = excluded.state, at = excluded.at",
            (tid, upto, snapshots.FORMAT_NAME, blob, self.now),
        )
        rows = self._conn.execute(
            "SELECT upto, format FROM tdtool_snapshots WHERE tournament = %s", (tid,)
        ).fetchall()
        stale = snapshots.to_delete([(int(u), str(f)) for u, f in rows])
        if stale:
            self._conn.execute(
                "DELETE FROM tdtool_snapshots WHERE tournament = %s AND upto = ANY(%s)",
                (tid, stale),
            )

    def append(self, kind: str, data: dict[str, Any] | None = None) -> Event:
        """Record one event as part of this change."""
        if kind == UNDO:
            raise ValueError("undo events are recorded by Store.undo() only")
        event = self._insert(kind, dict(data or {}))
        self.appended.append(event)
        return event

    # -- the staff's sign-in links and sessions (see tdtool.io.store.Transaction)

    def grant_link(self, digest: str, name: str, expires: float) -> None:
        """Keep a sign-in link's hash for `name` until `expires` (expired ones go now)."""
        tid = self._store.tournament_id
        self._conn.execute(
            "DELETE FROM tdtool_access_links WHERE tournament = %s AND expires <= %s",
            (tid, self.now),
        )
        self._conn.execute(
            "INSERT INTO tdtool_access_links (tournament, digest, name, expires)"
            " VALUES (%s, %s, %s, %s)",
            (tid, digest, name, expires),
        )

    def take_link(self, digest: str) -> tuple[str, float] | None:
        """(name, expires) of the link with this hash, which is used up now; None: none."""
        row = self._conn.execute(
            "DELETE FROM tdtool_access_links WHERE tournament = %s AND digest = %s"
            " RETURNING name, expires",
            (self._store.tournament_id, digest),
        ).fetchone()
        return None if row is None else (str(row[0]), float(row[1]))

    def open_session(self, digest: str, name: str, expires: float) -> None:
        """Keep a session's hash for `name` until `expires` (expired ones go now)."""
        tid = self._store.tournament_id
        self._conn.execute(
            "DELETE FROM tdtool_access_sessions WHERE tournament = %s AND expires <= %s",
            (tid, self.now),
        )
        self._conn.execute(
            "INSERT INTO tdtool_access_sessions (tournament, digest, name, expires)"
            " VALUES (%s, %s, %s, %s)",
            (tid, digest, name, expires),
        )

    def end_access(self, name: str) -> int:
        """Remove every link and session of `name`; how many sessions ended."""
        tid = self._store.tournament_id
        self._conn.execute(
            "DELETE FROM tdtool_access_links WHERE tournament = %s AND name = %s", (tid, name)
        )
        cur = self._conn.execute(
            "DELETE FROM tdtool_access_sessions WHERE tournament = %s AND name = %s", (tid, name)
        )
        return int(cur.rowcount)

    def _insert(self, kind: str, payload: dict[str, Any]) -> Event:
        seq = self._seq + 1
        text = json.dumps(payload, ensure_ascii=False)
        digest = link(self._hash, seq, self.change, kind, text, self.now, self.operator)
        self._store._conn.execute(
            "INSERT INTO tdtool_events (tournament, seq, change, kind, data, at, operator, hash)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
            (
                self._store.tournament_id,
                seq,
                self.change,
                kind,
                text,
                self.now,
                self.operator,
                digest,
            ),
        )
        self._seq, self._hash = seq, digest
        return Event(seq, kind, payload, self.now, self.change, self.operator)


class PgStore:
    """One tournament on a PostgreSQL server: the API of `tdtool.io.store.Store`."""

    def __init__(
        self, target: Target, conn: Any, tournament_id: int, name: str, operator: str | None
    ) -> None:
        self.target = target
        self._conn = conn
        self.tournament_id = tournament_id
        self.tournament = name
        self.operator = operator or default_operator()
        self.path = target.shown
        """What messages name (never the password)."""
        self._offset, self._backend = _session(conn)
        self._in_flight: tuple[PgTransaction, bool] | None = None
        """The change in progress, and whether its COMMIT was sent (see `transaction`)."""

    @property
    def label(self) -> str:
        """How messages name this tournament."""
        return f"tournament {self.tournament} on {self.target.shown.split('?')[0]}"

    # -- opening and creating

    @classmethod
    def open(cls, url: str, operator: str | None = None) -> PgStore:
        """Connect and select the tournament the URL names (or the database's only one)."""
        target = parse_url(url)
        conn = connect(target)
        try:
            with _errors(target, reading=True, conn=conn):
                _migrate(conn)
                tid, name = _select(conn, target)
                return cls(target, conn, tid, name, operator)
        except BaseException:
            conn.close()
            raise

    @classmethod
    def create(
        cls,
        url: str,
        events: Iterable[tuple[str, dict[str, Any]]] = (),
        now: float | None = None,
        operator: str | None = None,
    ) -> PgStore:
        """Create the tournament the URL names, holding `events` as its first change."""
        target = parse_url(url)
        if not target.tournament:
            raise InputError(
                "Name the new tournament in the URL: postgresql://HOST/DB?tournament=NAME."
            )
        psycopg = _psycopg()
        conn = connect(target)
        store: PgStore | None = None
        try:
            with _errors(target, conn=conn):
                _migrate(conn)
                try:
                    with _transaction(conn):
                        row = _claim(conn, target.tournament)
                        if row is None:
                            raise InputError(
                                f"Tournament {target.tournament} already exists on"
                                f" {target.shown.split('?')[0]}; choose another name"
                                " (`tdtool db list` shows those there)."
                            )
                        store = cls(target, conn, int(row[0]), target.tournament, operator)
                        with store._change(now, nested=True) as tx:
                            for kind, data in events:
                                tx.append(kind, data)
                        store._in_flight = (tx, True)  # the COMMIT goes as the block ends
                except psycopg.OperationalError as exc:
                    if store is None or store._in_flight is None or not conn.broken:
                        raise
                    lost = store._lost(exc, *store._in_flight)
                    raise InputError(
                        str(lost).replace("the change was", "the new tournament was", 1)
                    ) from None
                store._in_flight = None
            return store
        except BaseException:
            conn.close()
            raise

    @classmethod
    def restore(cls, url: str, records: Iterable[LogRecord], force: bool = False) -> None:
        """Write the tournament the URL names holding exactly `records` (see Store.restore)."""
        target = parse_url(url)
        if not target.tournament:
            raise InputError(
                "Name the tournament to copy to in the URL: postgresql://HOST/DB?tournament=NAME."
            )
        rows = list(records)
        conn = connect(target)
        try:
            with _errors(target):
                _migrate(conn)
                with _transaction(conn):
                    row = _claim(conn, target.tournament)
                    if row is None:
                        if not force:
                            raise InputError(
                                f"Tournament {target.tournament} already exists on"
                                f" {target.shown.split('?')[0]}; pass --force to replace it."
                            )
                        row = conn.execute(
                            "SELECT id FROM tdtool_tournaments WHERE name = %s FOR UPDATE",
                            (target.tournament,),
                        ).fetchone()
                        conn.execute("DELETE FROM tdtool_events WHERE tournament = %s", (row[0],))
                        for table in ("snapshots", "access_links", "access_sessions"):
                            conn.execute(
                                f"DELETE FROM tdtool_{table} WHERE tournament = %s", (row[0],)
                            )
                    tid = int(row[0])
                    copied = restored_rows(rows)
                    with conn.cursor() as cur:
                        cur.executemany(
                            "INSERT INTO tdtool_events (tournament, seq, change, kind, data, at,"
                            " undone, operator, hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                            [(tid, *r[:5], bool(r[5]), *r[6:]) for r in copied],
                        )
                    conn.execute(
                        "UPDATE tdtool_tournaments SET last_seq = %s, last_change = %s,"
                        " last_hash = %s WHERE id = %s",
                        (
                            max((r.event.seq for r in rows), default=0),
                            max((r.event.change for r in rows), default=0),
                            copied[-1][7] if copied else GENESIS,
                            tid,
                        ),
                    )
        finally:
            conn.close()

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    def __enter__(self) -> PgStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The schema version of the database."""
        row = self._conn.execute("SELECT max(number) FROM tdtool_migrations").fetchone()
        return int(row[0])

    def migrations(self) -> list[str]:
        """Names of the migrations applied to the database, in order."""
        rows = self._conn.execute("SELECT name FROM tdtool_migrations ORDER BY number")
        return [r[0] for r in rows]

    # -- changing

    @contextmanager
    def _change(self, now: float | None, nested: bool = False) -> Iterator[PgTransaction]:
        conn = self._conn
        if not nested:
            conn.execute("BEGIN")
        try:
            row = conn.execute(
                "SELECT last_seq, last_change, extract(epoch FROM clock_timestamp()), last_hash,"
                " (SELECT e.at FROM tdtool_events e WHERE e.tournament = t.id"
                "  AND e.seq = t.last_seq)"
                " FROM tdtool_tournaments t WHERE id = %s FOR UPDATE",
                (self.tournament_id,),
            ).fetchone()
            if row is None:
                raise InputError(f"The {self.label} was deleted; nothing was changed.")
            at = float(row[2]) if now is None else now
            if now is None and row[4] is not None:
                # A server whose clock was set back (or a database restored on another
                # server): said once, and the log's times still never run backwards.
                last = float(row[4])
                steady_clock.warn_behind(last - at, "the server's clock")
                at = max(at, last)
            tx = PgTransaction(self, int(row[1]) + 1, int(row[0]), str(row[3]), at, self.operator)
            self._in_flight = (tx, False)
            yield tx
            tx._write_snapshot()
            if tx._seq != int(row[0]):  # a change that wrote no event uses up no number
                conn.execute(
                    "UPDATE tdtool_tournaments SET last_seq = %s, last_change = %s,"
                    " last_hash = %s WHERE id = %s",
                    (tx._seq, tx.change, tx._hash, self.tournament_id),
                )
                # Sent at the COMMIT (NOTIFY is transactional): every `tdtool serve` on this
                # database that LISTENs reads the change at once (tdtool.web.notify).
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, str(self.tournament_id)))
            if not nested:
                self._in_flight = (tx, True)
                conn.execute("COMMIT")
        except BaseException:
            if not nested and not conn.closed:
                # A connection that is gone was rolled back by the server.
                with contextlib.suppress(Exception):
                    conn.execute("ROLLBACK")
            raise

    @contextmanager
    def transaction(self, now: float | None = None) -> Iterator[PgTransaction]:
        """One change: locks the tournament, commits everything appended together or nothing.

        A connection lost mid-change is settled before the error says anything: from a new
        connection, the lost session is ended on the server (so it holds the tournament's
        lock no longer), and when the COMMIT had been sent, the log is asked whether the
        change's last event (its chain hash, made before it was sent, is the change's id) is
        there: the error then says "the change was recorded" or "nothing was changed".
        """
        psycopg = _psycopg()
        self._in_flight = None
        with _errors(self.target, conn=self._conn):
            try:
                with self._change(now) as tx:
                    yield tx
            except psycopg.OperationalError as exc:
                if not self._conn.broken or self._in_flight is None:
                    raise
                raise self._lost(exc, *self._in_flight) from None
            finally:
                self._in_flight = None

    def _lost(self, exc: Exception, tx: PgTransaction, committing: bool) -> InputError:
        """The error for a change whose connection was lost, once settled (see transaction)."""
        where = self.target.shown.split("?")[0]
        why = _why(exc, self._conn, self.target)
        wrote = tx._hash != tx._first_hash  # an event appended (or an undo recorded)
        landed = _settle(
            self.target, self._backend, (self.tournament_id, tx._seq, tx._hash)
            if committing and wrote else None
        )  # fmt: skip
        if landed:
            return InputError(
                f"Lost the connection to the tournament server {where} ({why}) as the change"
                f" was committed: the change was recorded (change {tx.change}); do not run the"
                " command again (`tdtool log` shows it)."
            )
        if landed is None:
            return InputError(
                f"Lost the connection to the tournament server {where} ({why}) as the change"
                " was committed, and the server cannot be asked now whether it was recorded:"
                f" when it answers again, `tdtool log` shows whether change {tx.change} is"
                " there; run the command again only if it is not."
            )
        return InputError(
            f"Lost the connection to the tournament server {where} ({why}); nothing was"
            " changed. Check the network and run the command again (`tdtool log` shows the"
            " last change recorded)."
        )

    def change(self, fn: Callable[[PgTransaction], T], now: float | None = None) -> T:
        """Run `fn(tx)` as one change and return its result."""
        with self.transaction(now=now) as tx:
            return fn(tx)

    def check_writable(self) -> None:
        """Nothing to check: a refused write is the server's answer, at the change itself."""

    def last_change(self) -> tuple[Event, ...]:
        """The events of the change `undo` would take back now (empty: nothing to undo)."""
        with _errors(self.target, reading=True, conn=self._conn):
            return self._last_change()

    def _last_change(self) -> tuple[Event, ...]:
        row = self._conn.execute(
            "SELECT max(change) FILTER (WHERE NOT undone AND kind != %s), min(change)"
            " FROM tdtool_events WHERE tournament = %s",
            (UNDO, self.tournament_id),
        ).fetchone()
        if row[0] is None or row[0] == row[1]:
            return ()
        rows = self._conn.execute(
            f"SELECT {_COLUMNS} FROM tdtool_events WHERE tournament = %s AND change = %s"
            " ORDER BY seq",
            (self.tournament_id, row[0]),
        ).fetchall()
        return tuple(_row_event(r) for r in rows)

    def undo(self, now: float | None = None, change: int | None = None) -> tuple[Event, ...]:
        """Take back the last change (all its events) and return the events it undid."""
        with self.transaction(now=now) as tx:
            undone = self._last_change()
            check_undo(undone, change)
            self._conn.execute(
                "UPDATE tdtool_events SET undone = true WHERE tournament = %s AND change = %s",
                (self.tournament_id, undone[0].change),
            )
            # A snapshot holding the undone events is no longer the fold of the log.
            self._conn.execute(
                "DELETE FROM tdtool_snapshots WHERE tournament = %s AND upto >= %s",
                (self.tournament_id, undone[0].seq),
            )
            tx._insert(UNDO, {"change": undone[0].change})
            return undone

    # -- reading

    def _effective(self, kinds: Iterable[str] | None, after: int = 0) -> list[Event]:
        sql = (
            f"SELECT {_COLUMNS} FROM tdtool_events"
            " WHERE tournament = %s AND seq > %s AND NOT undone AND kind != %s"
        )
        params: list[Any] = [self.tournament_id, after, UNDO]
        if kinds is not None:
            sql += " AND kind = ANY(%s)"
            params.append(list(kinds))
        rows = self._conn.execute(sql + " ORDER BY seq", params).fetchall()
        return [_row_event(r) for r in rows]

    def events(self, kinds: Iterable[str] | None = None) -> list[Event]:
        """The effective events in log order: undone events and undo records left out."""
        with _errors(self.target, reading=True, conn=self._conn):
            return self._effective(kinds)

    def _event_hash(self, seq: int) -> str | None:
        row = self._conn.execute(
            "SELECT hash FROM tdtool_events WHERE tournament = %s AND seq = %s",
            (self.tournament_id, seq),
        ).fetchone()
        return None if row is None else str(row[0])

    def _folded(self) -> tuple[Any, int, int]:
        """(state, seq of its last event, events folded on the snapshot): see store._folded."""
        from tdtool.io import snapshots

        tid = self.tournament_id
        kept = self._conn.execute(
            "SELECT upto, format, length(state) FROM tdtool_snapshots WHERE tournament = %s",
            (tid,),
        ).fetchall()
        found = None
        if kept:
            created = self._conn.execute(
                "SELECT length(data) FROM tdtool_events WHERE tournament = %s ORDER BY seq LIMIT 1",
                (tid,),
            ).fetchone()

            def fetch(upto: int) -> bytes:
                row = self._conn.execute(
                    "SELECT state FROM tdtool_snapshots WHERE tournament = %s AND upto = %s",
                    (tid, upto),
                ).fetchone()
                return bytes(row[0])

            found = snapshots.newest(
                [(int(u), str(f), int(n)) for u, f, n in kept],
                self._event_hash,
                int(created[0]) if created else 0,
                fetch,
            )
        state, upto = found if found is not None else (None, 0)
        events = self._effective(None, after=upto)
        state = snapshots.fold_on(state, events)
        return state, (events[-1].seq if events else upto), len(events)

    def state(self) -> Any:
        """The current state (a read outside any change): the newest snapshot plus the events
        after it, both read as of one moment (a repeatable-read transaction). Never writes."""
        with _errors(self.target, reading=True, conn=self._conn):
            if self._conn.info.transaction_status != 0:  # inside this store's own change
                return self._folded()[0]
            self._conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                return self._folded()[0]
            finally:
                self._conn.execute("COMMIT")

    def log(self, last: int | None = None) -> list[LogRecord]:
        """Every record in the log, in order, with whether it was undone (the `last` only)."""
        with _errors(self.target, reading=True, conn=self._conn):
            rows = self._log_rows(last)
        return [LogRecord(_row_event(r), bool(r[6]), r[3], r[7]) for r in rows]

    def _log_rows(self, last: int | None = None) -> list[tuple[Any, ...]]:
        sql = (
            f"SELECT {_COLUMNS}, undone, hash FROM tdtool_events WHERE tournament = %s ORDER BY seq"
        )
        if last is None:
            rows: list[tuple[Any, ...]] = self._conn.execute(sql, (self.tournament_id,)).fetchall()
            return rows
        rows = self._conn.execute(sql + " DESC LIMIT %s", (self.tournament_id, last)).fetchall()
        rows.reverse()
        return rows

    def verify(self, repair: bool = True) -> tuple[Verdict, list[int]]:
        """The chain's verdict and the snapshots that are not the fold of their log (see
        `tdtool.io.store.Store.verify`); the tournament's own count of events finds events
        removed from the end of the log."""
        from tdtool.io import snapshots

        with _errors(self.target, reading=True, conn=self._conn):
            rows = self._log_rows()
            kept = self._conn.execute(
                "SELECT upto, format, state FROM tdtool_snapshots WHERE tournament = %s",
                (self.tournament_id,),
            ).fetchall()
            last = self._conn.execute(
                "SELECT last_seq FROM tdtool_tournaments WHERE id = %s", (self.tournament_id,)
            ).fetchone()
        chain_rows = [
            Row(int(r[0]), int(r[1]), r[2], r[3], float(r[4]), r[5], bool(r[6]), r[7]) for r in rows
        ]
        expected = max([int(k[0]) for k in kept] + [int(last[0]) if last else 0], default=None)
        verdict = verify_chain(chain_rows, expected)
        bad = snapshots.mismatched(
            [(int(u), str(f), bytes(b)) for u, f, b in kept], chain_rows, _row_event
        )
        if bad and repair:
            with self.transaction() as tx:
                tx._conn.execute(
                    "DELETE FROM tdtool_snapshots WHERE tournament = %s AND upto = ANY(%s)",
                    (self.tournament_id, bad),
                )
        return verdict, bad

    def backup(self, dest: str | os.PathLike[str], *, force: bool = False) -> Path:
        """Write the tournament to the tournament file `dest` (what `tdtool db copy` does):
        its whole log as of one moment, chain included. An existing `dest` is refused
        unless `force`. Returns the path written."""
        from tdtool.io.store import Store

        dest = Path(dest)
        if dest.is_dir():
            raise InputError(
                f"{dest} is a folder; name the backup file, e.g. {dest / 'copy.tdtool'}."
            )
        if dest.exists() and not force:
            raise InputError(
                f"{dest} already exists; pass --force to overwrite it, or name another file."
            )
        with _errors(self.target, reading=True, conn=self._conn):
            self._conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                records = self.log()
            finally:
                self._conn.execute("COMMIT")
        Store.restore(dest, records, force=force)
        return dest

    def version(self) -> int:
        """A number that changes with every change (the last event's seq): a cheap poll."""
        with _errors(self.target, reading=True, conn=self._conn):
            row = self._conn.execute(
                "SELECT last_seq FROM tdtool_tournaments WHERE id = %s", (self.tournament_id,)
            ).fetchone()
        return int(row[0]) if row else -1

    def session(self, digest: str) -> tuple[str, float] | None:
        """(name, expires) of the staff session with this hash; None: no such session."""
        with _errors(self.target, reading=True, conn=self._conn):
            row = self._conn.execute(
                "SELECT name, expires FROM tdtool_access_sessions"
                " WHERE tournament = %s AND digest = %s",
                (self.tournament_id, digest),
            ).fetchone()
        return None if row is None else (str(row[0]), float(row[1]))

    def view(self) -> Any:
        """A `tdtool.io.store.View`: the state, folded again only after a change (by anyone)."""
        from tdtool.io.store_base import View

        return View(self)

    def now(self) -> float:
        """The server's time (unix seconds): this laptop's clock plus the measured offset."""
        return time.time() + self._offset


def _session(conn: Any) -> tuple[float, tuple[int, str]]:
    """(server time minus this laptop's time, measured once with half the round trip's
    error; this session on the server: its process id and start, to end it from another
    connection should this one be lost mid-change)."""
    before = time.time()
    row = conn.execute(
        "SELECT extract(epoch FROM clock_timestamp()), pg_backend_pid(),"
        " (SELECT backend_start::text FROM pg_stat_activity WHERE pid = pg_backend_pid())"
    ).fetchone()
    after = time.time()
    return float(row[0]) - (before + after) / 2, (int(row[1]), str(row[2]))


def _select(conn: Any, target: Target) -> tuple[int, str]:
    """(id, name) of the tournament the URL names, or its database's only one."""
    where = target.shown.split("?")[0]
    if target.tournament:
        row = conn.execute(
            "SELECT id, name FROM tdtool_tournaments WHERE name = %s", (target.tournament,)
        ).fetchone()
        if row is None:
            raise InputError(
                f"No tournament {target.tournament} on {where}; `tdtool db list` shows those"
                " there, `tdtool new NAME` creates one."
            )
        return int(row[0]), str(row[1])
    rows = conn.execute("SELECT id, name FROM tdtool_tournaments ORDER BY name").fetchall()
    if len(rows) == 1:
        return int(rows[0][0]), str(rows[0][1])
    if not rows:
        raise InputError(
            f"No tournament on {where} yet; create one with"
            " `tdtool --db URL?tournament=NAME new NAME --structure S`."
        )
    names = ", ".join(r[1] for r in rows)
    raise InputError(
        f"{where} holds several tournaments ({names}); pick one with ?tournament=NAME at the"
        " end of the URL (e.g. in TDTOOL_DB)."
    )


def list_tournaments(url: str) -> list[dict[str, Any]]:
    """The tournaments in the database: key, name, entries left..., for `tdtool db list`."""
    target = parse_url(url)
    conn = connect(target)
    try:
        with _errors(target, reading=True):
            _migrate(conn)
            rows = conn.execute(
                "SELECT t.name, t.last_change, t.last_seq,"
                " (SELECT data FROM tdtool_events e WHERE e.tournament = t.id AND e.seq = 1),"
                " (SELECT max(at) FROM tdtool_events e WHERE e.tournament = t.id)"
                " FROM tdtool_tournaments t ORDER BY t.name"
            ).fetchall()
    finally:
        conn.close()
    out = []
    for key, changes, events, created, last in rows:
        try:
            title = json.loads(created).get("name", "") if created else ""
        except ValueError:
            title = ""
        out.append(
            {
                "tournament": key,
                "name": title,
                "changes": int(changes),
                "events": int(events),
                "last_change_at": None if last is None else float(last),
                "db": with_tournament(target.shown, key),
            }
        )
    return out


def _why(exc: Exception, conn: Any, target: Target) -> str:
    """What happened to a lost connection, in a few words (never the password)."""
    fired = getattr(getattr(conn, "watchdog", None), "fired", None)
    if fired is not None:
        return f"no answer for {fired:g} s"
    text = _clean(str(exc), target).split(" This probably means")[0]
    return text or type(exc).__name__


def _settle(
    target: Target, backend: tuple[int, str], change: tuple[int, int, str] | None
) -> bool | None:
    """After a connection lost mid-change: end its session on the server from a new
    connection (its transaction is rolled back and the tournament's lock freed at once,
    not when the server notices), then, for `change` = (tournament id, seq, chain hash of
    its last event) whose COMMIT was sent, whether it is in the log. None: cannot tell (the
    server cannot be reached); False for no `change`."""
    psycopg = _psycopg()
    try:
        conn = connect(target)
    except InputError:
        return None if change is not None else False
    try:
        pid, started = backend
        conn.execute(
            "SELECT pg_terminate_backend(pid, %s) FROM pg_stat_activity"
            " WHERE pid = %s AND backend_start::text = %s",
            (int(ANSWER_WAIT * 1000), pid, started),
            wait=2 * ANSWER_WAIT,
        )
        if change is None:
            return False
        tournament, seq, digest = change
        with _transaction(conn):
            # Taking the lock waits for the lost session's transaction to be over, whatever
            # became of it: what the log holds then is final.
            conn.execute("SELECT 1 FROM tdtool_tournaments WHERE id = %s FOR SHARE", (tournament,))
            row = conn.execute(
                "SELECT hash FROM tdtool_events WHERE tournament = %s AND seq = %s",
                (tournament, seq),
            ).fetchone()
        return row is not None and row[0] == digest
    except psycopg.Error:
        return None if change is not None else False
    finally:
        conn.close()


@contextmanager
def _errors(target: Target, reading: bool = False, conn: Any = None) -> Iterator[None]:
    """Turn psycopg's errors into one InputError (exit 2); nothing was written."""
    psycopg = _psycopg()
    try:
        yield
    except psycopg.errors.LockNotAvailable:
        raise RuleError(
            "Another laptop has held this tournament for over"
            f" {LOCK_TIMEOUT_MS // 1000} s; nothing was changed: try again."
        ) from None
    except psycopg.OperationalError as exc:
        what = "nothing was read" if reading else "nothing was changed"
        raise InputError(
            f"Lost the connection to the tournament server {target.shown.split('?')[0]}"
            f" ({_why(exc, conn, target)}); {what}. Check the network and run the command"
            " again (`tdtool log` shows the last change recorded)."
        ) from None
    except psycopg.Error as exc:
        raise InputError(
            f"Could not save the change to the tournament server {target.shown.split('?')[0]}"
            f" ({_clean(str(exc), target)}); nothing was changed."
        ) from None
