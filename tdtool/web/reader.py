"""The tournament as `tdtool serve` reads it, and the push of each change to the open pages.

One worker thread owns the read connection (a SQLite connection, or a PostgreSQL session, is
used by one thread at a time) and keeps the state folded in memory (`View`): it is folded
again only after a change. `Feed` asks the store for its newest change every `poll` seconds
(on a file `PRAGMA data_version`, microseconds; on PostgreSQL one small query), or at once
when woken (a change made here, or on PostgreSQL a NOTIFY from any laptop or other `serve`:
tdtool.web.notify), and, when
something changed or the clock moved to another level, sends the players' page data to
every open page at once as a server-sent event: 300 phones cost one read, not 300 polls.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

T = TypeVar("T")

POLL = 0.5
"""Seconds between two questions to the store about its newest change."""
KEEP_ALIVE = 15.0
"""Seconds between two comments on an idle event stream (proxies close silent ones)."""


class Reader:
    """The tournament, folded in memory, read by one worker thread."""

    def __init__(self, target: Any) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self._target = target
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="tdtool-serve-read")
        self._view: Any = None
        try:
            self._pool.submit(self._open).result()  # refused here, before anything is served
        except BaseException:
            self._pool.shutdown(wait=False)
            raise

    def _open(self) -> None:
        from tdtool.io.store_base import open_store

        self._view = open_store(self._target, threads=True).view()

    def _store(self) -> Any:
        if self._view is None:  # the server's connection was lost: connect again
            self._open()
        return self._view.store

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in the worker thread; a connection that failed is opened again next time."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._guarded, fn, args)

    def _guarded(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        self._store()
        try:
            return fn(*args)
        except Exception:
            from tdtool.io.store_base import is_url

            if is_url(self._target):  # PostgreSQL: a new connection next time
                view, self._view = self._view, None
                with contextlib.suppress(Exception):
                    view.store.close()
            raise

    # -- what the pages read (run in the worker, through `call`)

    def version(self) -> Any:
        """A value that changes with every change (by anyone)."""
        return self._store().version()

    def channel(self) -> tuple[Any, int] | None:
        """(the server's target, the tournament's id) to LISTEN for its changes on
        (tdtool.web.notify); None on a tournament file."""
        store = self._store()
        tournament_id = getattr(store, "tournament_id", None)
        return None if tournament_id is None else (store.target, int(tournament_id))

    def public(self) -> dict[str, Any]:
        """The players' page data now (tdtool.app.public)."""
        from tdtool.app.public import public_base, public_view

        state, base = self._view.derived(public_base)
        return public_view(state, self._view.store.now(), base)

    def standings(self, league: Any, lang: str) -> dict[str, Any]:
        """The league standings' data in `lang` (a tdtool.app.league.LeagueView), this
        tournament read from memory when it is one of the league's events."""
        data: dict[str, Any] = league.screen(self._view.state(), lang)
        return data

    def language(self) -> str:
        """The tournament's language (its terms; 'en' for files made before languages)."""
        return str(self._view.state().terms.language)

    def person(self, token: str | None) -> Any:
        """The staff person of the session `token` (None: no valid session)."""
        from tdtool.app.staff import session_person

        return session_person(self._store(), token)

    def seat(self, typed: str) -> list[dict[str, Any]]:
        """ "Find my seat" for the name typed."""
        from tdtool.app.public import find_seat

        return find_seat(self._view.state(), typed)

    def players(self) -> list[dict[str, Any]]:
        """The players still in, with their seats (the staff's forms)."""
        from tdtool.app.public import players_in

        return list(self._view.derived(players_in)[1])

    def close(self) -> None:
        """Stop the worker and close the tournament."""
        with contextlib.suppress(Exception):
            self._pool.submit(self._close).result()
        self._pool.shutdown(wait=True)

    def _close(self) -> None:
        if self._view is not None:
            self._view.store.close()
            self._view = None


def _key(version: Any, data: dict[str, Any]) -> tuple[Any, ...]:
    """What, changed, makes the pages redraw: the log, or the clock at another level, break,
    state (the seconds count down on the page itself)."""
    return (version, data.get("level"), data.get("on_break"), data.get("status"))


class Feed:
    """The players' page data, read once per change and sent to every open page."""

    def __init__(self, reader: Reader, poll: float = POLL) -> None:
        self.reader = reader
        self.poll = poll
        self.text = ""
        """The newest data, as the JSON text the pages get."""
        self.error = ""
        self._key: Any = None
        self._listeners: set[asyncio.Queue[str | None]] = set()
        self._wake = asyncio.Event()
        self._first = asyncio.Event()
        self._closed = False

    @property
    def listeners(self) -> int:
        """How many pages follow the push now."""
        return len(self._listeners)

    def wake(self) -> None:
        """Read at once (a change was just made here) instead of at the next poll."""
        self._wake.set()

    async def run(self) -> None:
        """Poll the store until cancelled."""
        while True:
            await self._read()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll)
            self._wake.clear()

    async def _read(self) -> None:
        try:
            version, data = await self.reader.call(self._both)
            self.error = ""
        except Exception as exc:  # the file is busy or the server gone: try again next poll
            self.error = str(exc)
            return
        key = _key(version, data)
        if key != self._key:
            self._key = key
            self.text = json.dumps(data, ensure_ascii=False)
            self._send(self.text)
        self._first.set()

    def _both(self) -> tuple[Any, dict[str, Any]]:
        return self.reader.version(), self.reader.public()

    def close(self) -> None:
        """End every open event stream now, and any opened later at once: the server is
        stopping. A stream never ends by itself, so the server would otherwise wait out its
        graceful shutdown for each open page and then cancel it with an error."""
        self._closed = True
        self._send(None)

    def _send(self, text: str | None) -> None:
        for queue in self._listeners:
            if queue.full():  # a page that has not taken the last one gets the newest only
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(text)

    async def current(self) -> str:
        """The newest data (waits for the first read)."""
        if not self._first.is_set():
            await self._read()
        return self.text

    async def stream(self) -> AsyncIterator[str]:
        """Server-sent events for one page: the data now, then each change."""
        queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=1)
        await self.current()
        self._listeners.add(queue)  # with the data now, at once: no change falls between
        try:
            yield f"retry: 2000\nevent: state\ndata: {self.text}\n\n"
            while not self._closed:
                try:
                    text = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if text is None:  # the server is stopping (`close`)
                    return
                yield f"event: state\ndata: {text}\n\n"
        finally:
            self._listeners.discard(queue)
