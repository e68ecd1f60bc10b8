"""`tdtool clock serve`: the clock as a web page for a TV or projector (standard library only).

The page is plain HTML, CSS and a little JavaScript: it asks `/api/clock` for the clock
every second and counts down on its own in between, so a slow network never makes the
seconds stutter. A poll unanswered in 3 s, or answered with an error, shows "offline, last
update HH:MM:SS" in the corner while the clock counts on; the next poll that is answered
takes it away (one poll at a time, a second after the last). The server is read-only (GET
and HEAD only), answers only the Host names it serves (`served_hosts`: DNS rebinding) and
listens on 127.0.0.1 unless told otherwise. It keeps the tournament folded in memory
(`ClockSource`) and folds it again only when it changed: commands typed in any terminal
show on the TV within a second, and a request on an unchanged tournament costs
microseconds whatever its size. The HTTP side (one event loop, timeouts, keep-alive, no
tracebacks) is `clock_http`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.cli.clock_http import TIMEOUT, HttpServer, Reply
from tdtool.io.hosts import served_hosts
from tdtool.io.pages import script_json

if TYPE_CHECKING:
    from tdtool.app.league import LeagueView
    from tdtool.io.pages import Theme
    from tdtool.io.store import Watcher

__all__ = [
    "ClockSource", "clock_json", "make_server", "page", "screen_page", "script_json",
    "served_hosts",
]  # fmt: skip


def clock_json(path: Path, watcher: Watcher | None = None) -> dict[str, Any]:
    """The display data of the tournament file at `path`, now (from `watcher` when given)."""
    from tdtool.app.clock import display_base, view_data
    from tdtool.io.store_base import open_store

    if watcher is not None:
        state, base = watcher.derived(display_base)
        return view_data(state, watcher.store.now(), base).to_dict()
    with open_store(path) as store:
        state = store.state()
        now = store.now()  # the server's time on a PostgreSQL tournament
    return view_data(state, now).to_dict()


def page(
    initial: dict[str, Any], theme: Theme | None = None, lang: str = "en", qr: str | None = None
) -> str:
    """The whole page, with the current clock built in (it is right before the first poll):
    the template `clock.html` on the screen base, in `theme`'s templates when given, in the
    language `lang` (tdtool.i18n); with `qr` (a URL: the players' page), a QR code to it in
    a corner, the URL beside it.

    Every value lands escaped for its place: the title as HTML text (quotes too), the data
    as script-safe JSON; the page's script puts names in with textContent, never as HTML.
    """
    from tdtool.io import pages

    title = " ".join(str(initial.get("name") or "Tournament clock").split())
    if len(title) > 120:
        title = title[:119] + "…"
    words = pages.render_once("clock_words.html", theme, lang)  # made once per language
    code = ""
    if qr:
        from markupsafe import Markup

        from tdtool.io.qr import svg

        code = Markup(svg(qr))  # noqa: S704 - segno's own SVG, no text of ours in it
    return pages.render(
        "clock.html",
        theme,
        lang,
        title=title,
        initial=initial,
        page_words=words,
        qr_svg=code,
        qr_url=qr or "",
    )


def screen_page(
    screen: str,
    clock: dict[str, Any],
    initial: dict[str, Any],
    theme: Theme | None = None,
    lang: str = "en",
    asked: str | None = None,
    rotation: tuple[tuple[str, ...], int] | None = None,
) -> str:
    """A screen other than the clock (`screen_NAME.html` on the screen base), or the
    rotation (`screen_rotate.html`) when `rotation` gives its screens and seconds each:
    `initial` is the screen's data as its poll will get it, `asked` the language the URL
    asked for (the frames and polls ask it again), `clock` the clock's data (the title)."""
    from tdtool.io import pages

    title = " ".join(str(clock.get("name") or "Tournament clock").split())
    if len(title) > 120:
        title = title[:119] + "…"
    query = f"?lang={asked}" if asked else ""
    if rotation is not None:
        names, every = rotation
        frames = [{"name": n, "src": screen_url(n) + query} for n in names]
        return pages.render(
            "screen_rotate.html", theme, lang, title=title, frames=frames, every=every
        )
    template = "screen_" + screen.replace("-", "_") + ".html"
    return pages.render(
        template, theme, lang, title=title, initial=initial, query=query,
        clock_url=screen_url("clock") + query, payouts_url=screen_url("payouts") + query,
    )  # fmt: skip


def screen_url(name: str) -> str:
    """Where the screen `name` is served: the clock at /, the others at /screen/NAME."""
    return "/" if name == "clock" else "/screen/" + name


ROTATE_EVERY = (5, 3600, 20)
"""Seconds each screen of a rotation shows: at least, at most, and when `every` is not given."""


UNCHANGED = b'{"unchanged": true}'
"""The answer to a screen's poll that has the data already (`?seen=VERSION`)."""


def asked_version(query: str) -> int | None:
    """The version of a screen's data its poll has (`?seen=3`), None when it says none.

    >>> asked_version("lang=de&seen=3"), asked_version("seen=x"), asked_version("")
    (3, None, None)
    """
    from urllib.parse import parse_qs

    seen = parse_qs(query).get("seen")
    return int(seen[-1]) if seen and seen[-1].isdigit() and len(seen[-1]) < 19 else None


HOLD = 2.0
"""Seconds a screen's poll that has the data and asks to wait (`?seen=3&wait=1`) is held open
for a change: the change is answered as soon as it is read, not at the page's next poll."""
WATCH = 0.1
"""Seconds between two looks at a file tournament while polls are held (microseconds each;
one look for every held poll together)."""


def asked_to_wait(query: str) -> bool:
    """Whether a screen's poll asks to be held until a change (`wait=1`).

    >>> asked_to_wait("seen=3&wait=1"), asked_to_wait("seen=3")
    (True, False)
    """
    from urllib.parse import parse_qs

    return parse_qs(query).get("wait", [""])[-1] == "1"


def asked_rotation(query: str) -> tuple[tuple[str, ...], int] | None:
    """The screens a rotation asks for (`?rotate=clock,payouts&every=20`) and the seconds
    each shows, None without `rotate`; a ValueError naming an unknown screen or a bad
    `every`.

    >>> asked_rotation("rotate=clock,seats&every=30"), asked_rotation("lang=de")
    ((('clock', 'seats'), 30), None)
    >>> asked_rotation("rotate=clock,bar")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: ?rotate=: no screen 'bar'; the screens are clock, payouts, seats, ..., house
    """
    from urllib.parse import parse_qs

    from tdtool.app.screens import SCREENS

    asked = parse_qs(query, keep_blank_values=True)
    if "rotate" not in asked:
        return None
    names = tuple(n.strip().lower() for n in asked["rotate"][-1].split(",") if n.strip())
    for name in names:
        if name not in SCREENS:
            shown = name[:40]
            raise ValueError(f"?rotate=: no screen {shown!r}; the screens are {', '.join(SCREENS)}")
    if not names:
        raise ValueError(f"?rotate= names no screen; the screens are {', '.join(SCREENS)}")
    low, high, every = ROTATE_EVERY
    if "every" in asked:
        text = asked["every"][-1].strip()
        if not text.isdigit() or not low <= int(text) <= high:
            raise ValueError(f"?every= is seconds from {low} to {high}, not {text[:20]!r}")
        every = int(text)
    return names, every


PG_POLL = 0.5
"""Seconds between two questions to a PostgreSQL server about its last change (a round trip)."""
ROUTES = (
    "/", "/index.html", "/api/clock",
    "/screen/payouts", "/screen/seats", "/screen/clock-payouts", "/screen/chips",
    "/screen/results", "/screen/bounties",
    "/api/screen/payouts", "/api/screen/seats", "/api/screen/chips", "/api/screen/results",
    "/api/screen/bounties", "/screen/house", "/screen/standings", "/api/screen/standings",
)  # fmt: skip
NOT_FOUND = (
    b"Not found: the clock is at /, the other screens at /screen/payouts, /screen/seats,"
    b" /screen/clock-payouts, /screen/chips, /screen/results, /screen/bounties and"
    b" /screen/standings\n"
)
NO_HOUSE = (
    "Not found: no house slide; a theme (--theme DIR) gives one in its theme.yaml"
    " (house: title, lines, image) or as its screen_house.html (docs/cli.md)"
)
NO_LEAGUE = (
    "Not found: no league standings; start the clock with its league:"
    " tdtool clock serve --league spring.league (docs/web.md)"
)


class ClockSource:
    """The tournament as `clock serve` shows it, kept folded in memory.

    One worker thread reads and folds the tournament, and only when it changed: a request
    answers from the folded state in microseconds, and many requests arriving while the
    tournament is read again all wait for that one read. A file is asked at every request
    whether anything was committed (`PRAGMA data_version` on a connection of its own,
    microseconds), so a command shows on the very next poll; a PostgreSQL tournament's last
    change number is asked at most every `PG_POLL` seconds.
    """

    def __init__(
        self,
        db: Path,
        theme: Theme | None = None,
        qr: str | None = None,
        league: LeagueView | None = None,
    ) -> None:
        from concurrent.futures import ThreadPoolExecutor

        from tdtool.io.store_base import (
            is_url,
            open_store,
        )

        self._db = db
        self._theme = theme
        self._qr = qr
        self._league = league  # the league whose standings /screen/standings shows
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="tdtool-clock-read")
        self._poll: Any = None
        self._view: Any = None
        try:
            if not is_url(db):
                self._poll = open_store(db, threads=True)
            self._pool.submit(self._open).result()  # refused here, before anything is served
        except BaseException:
            self.close()
            raise
        self._snapshot: Any = None  # (state, display base, the store's clock)
        self._seen: Any = None  # the file's data_version the snapshot was read at
        self._error: Exception | None = None  # the last read failed: why
        self._read_at = 0.0
        self._reading: asyncio.Task[None] | None = None
        self._screens_of: Any = None  # the snapshot the screens' data below is of
        self._screens: dict[tuple[str, str], asyncio.Future[dict[str, Any]]] = {}
        # The version of the screens' data, one up for each snapshot: started from the
        # time in ms, so a restarted server never reuses a version a page saw before.
        self._generation = int(time.time() * 1000)
        self._change: asyncio.Future[None] | None = None  # done at the next change, if watched
        self._watcher: asyncio.Task[None] | None = None

    def _open(self) -> None:
        """Open the tournament, in the worker: the only thread that uses that connection."""
        from tdtool.io.store_base import open_store

        self._view = open_store(self._db, threads=True).view()

    async def data(self, lang: str | None = None) -> tuple[dict[str, Any], str]:
        """The clock display's data, now, with the side panels in `lang` (None: the
        tournament's language), and that language (raises what reading the tournament
        raised)."""
        from tdtool.app.clock import view_data
        from tdtool.i18n import language_of

        state, base, now = await self._fresh()
        data = view_data(state, now(), base).to_dict()
        own = language_of(state)
        if lang is not None and lang != own:  # a screen in a language of its own: ?lang=de
            from tdtool.app.panels import panels
            from tdtool.i18n import words

            data["panels"] = panels(state, words(lang))
        return data, lang or own

    async def _fresh(self) -> tuple[Any, Any, Any]:
        """The snapshot (state, display base, the store's clock), read again first when the
        tournament changed (raises what reading it raised)."""
        loop = asyncio.get_running_loop()
        if self._reading is None and self._stale(loop):
            self._reading = loop.create_task(self._read_again(loop))
        if self._reading is not None:
            await asyncio.shield(self._reading)
        if self._error is not None:
            raise self._error
        snapshot: tuple[Any, Any, Any] = self._snapshot
        return snapshot

    async def screen(self, name: str, lang: str | None = None) -> tuple[dict[str, Any], str]:
        """The data of the screen `name` (tdtool.app.screens.DATA) and its language, worked
        out once per change of the tournament and language, in the worker thread (the
        requests go on being answered meanwhile; the ones for this screen wait for it)."""
        from tdtool.app.screens import screen_data
        from tdtool.i18n import language_of

        snapshot = await self._fresh()
        state = snapshot[0]
        lang = lang or language_of(state)
        if name == "standings":  # read from the league's events, in the worker too
            if self._league is None:
                raise LookupError(NO_LEAGUE)
            loop = asyncio.get_running_loop()
            standings = await loop.run_in_executor(self._pool, self._league.screen, state, lang)
            return standings, lang
        if self._screens_of is not state:  # the log changed (a read of the same log: no)
            self._screens_of, self._screens = state, {}
            self._generation += 1
        key = (name, lang)
        made = self._screens.get(key)
        if made is None:  # in the worker, as the folds are: 0.4 s for 30,000 seats
            version = self._generation  # a poll that saw it is told "unchanged"
            made = asyncio.get_running_loop().run_in_executor(
                self._pool, _screen_data, screen_data, name, state, lang, version
            )
            self._screens[key] = made
        try:
            data: dict[str, Any] = await asyncio.shield(made)
        except Exception:
            self._screens.pop(key, None)  # tried again at the next poll
            raise
        return data, lang

    async def next_change(self, timeout: float) -> None:
        """Return when the tournament may have changed (then read it again), or after
        `timeout` seconds. Every poll held meanwhile waits on one watcher, so a hundred
        phones cost one look at the file every WATCH seconds, not a hundred."""
        loop = asyncio.get_running_loop()
        if self._change is None or self._change.done():
            self._change = loop.create_future()
            # Kept: the loop holds only a weak reference to a task, which could be collected.
            self._watcher = loop.create_task(self._watch(self._change))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._change), timeout)

    async def _watch(self, change: asyncio.Future[None]) -> None:
        loop = asyncio.get_running_loop()
        try:
            while not self._stale(loop):
                await asyncio.sleep(WATCH)
        finally:
            if not change.done():
                change.set_result(None)

    def _stale(self, loop: asyncio.AbstractEventLoop) -> bool:
        if self._snapshot is None:
            return True
        if self._poll is not None:
            return self._error is not None or bool(self._poll.version() != self._seen)
        return loop.time() - self._read_at >= PG_POLL  # a failed read too: not at once

    async def _read_again(self, loop: asyncio.AbstractEventLoop) -> None:
        try:
            seen = self._poll.version() if self._poll is not None else None
            self._snapshot = await loop.run_in_executor(self._pool, self._read)
            self._seen, self._error = seen, None
        except Exception as exc:  # the file is busy or gone: say so, try again next time
            self._error = exc
        finally:
            self._read_at = loop.time()
            self._reading = None
            # Every held poll looks again: a read that another request started may have
            # taken the change before the watcher saw it (it would then wait on to the
            # end of the hold, as a payouts screen did beside a seats screen).
            if self._change is not None and not self._change.done():
                self._change.set_result(None)

    def _read(self) -> tuple[Any, Any, Any]:
        from tdtool.app.clock import display_base

        if self._view is None:  # the server's connection was lost: connect again
            self._open()
        try:
            state, base = self._view.derived(display_base)  # folds only if the log changed
        except Exception:
            if self._poll is None:  # PostgreSQL: a new connection next time
                store, self._view = self._view.store, None
                with contextlib.suppress(Exception):  # broken already; dropped either way
                    store.close()
            raise
        return state, base, self._view.store.now  # the server's time on PostgreSQL

    async def answer(self, target: str) -> Reply:
        """GET / (the clock, or the rotation `?rotate=`), /screen/NAME (another screen),
        /api/clock and /api/screen/NAME (their JSON), each in the tournament's language or
        the one `?lang=` asks for; nothing else, nothing written."""
        route, _, query = target.partition("?")
        if route not in ROUTES:
            return Reply(HTTPStatus.NOT_FOUND, "text/plain", NOT_FOUND)
        if route == "/screen/house" and not self.has_house():
            return Reply(HTTPStatus.NOT_FOUND, "text/plain", f"{NO_HOUSE}\n".encode())
        if route.endswith("/screen/standings") and self._league is None:
            return await self._no_league(route, query)
        try:
            lang = asked_language(query)
            rotation = asked_rotation(query) if route in ("/", "/index.html") else None
        except ValueError as exc:
            return Reply(HTTPStatus.BAD_REQUEST, "text/plain", f"{exc}\n".encode())
        if rotation is not None and "house" in rotation[0] and not self.has_house():
            said = "?rotate=: " + NO_HOUSE.removeprefix("Not found: ")
            return Reply(HTTPStatus.BAD_REQUEST, "text/plain", f"{said}\n".encode())
        if rotation is not None and "standings" in rotation[0] and self._league is None:
            said = "?rotate=: " + NO_LEAGUE.removeprefix("Not found: ")
            return Reply(HTTPStatus.BAD_REQUEST, "text/plain", f"{said}\n".encode())
        screen = route.rpartition("/")[2]
        try:
            if route.startswith("/api/screen/"):
                data, lang = await self.screen(screen, lang)
                seen = asked_version(query)
                if seen == data["version"] and asked_to_wait(query):
                    # Held until the next change, or HOLD s; a read of an unchanged log
                    # (PostgreSQL's, every PG_POLL s) keeps the version: held on.
                    end = asyncio.get_running_loop().time() + HOLD
                    while (
                        seen == data["version"]
                        and (left := end - asyncio.get_running_loop().time()) > 0
                    ):
                        await self.next_change(left)
                        data, lang = await self.screen(screen, lang)
                if seen == data["version"]:  # the wall of 30,000 names: once
                    return Reply(HTTPStatus.OK, "application/json", UNCHANGED)
                return Reply(HTTPStatus.OK, "application/json", json.dumps(data).encode())
            data, own = await self.data(lang)
            initial: dict[str, Any] = {}
            if rotation is None and route.startswith("/screen/"):
                from tdtool.app.screens import DATA

                if screen in DATA or screen == "standings":
                    initial = (await self.screen(screen, own))[0]
        except Exception as exc:  # the file is busy or gone: tell the page, keep serving
            body = json.dumps({"error": str(exc)}).encode()
            return Reply(HTTPStatus.SERVICE_UNAVAILABLE, "application/json", body)
        if route == "/api/clock":
            return Reply(HTTPStatus.OK, "application/json", json.dumps(data).encode())
        if rotation is not None or route.startswith("/screen/"):
            text = screen_page(screen, data, initial, self._theme, own, lang, rotation)
        else:
            text = page(data, self._theme, own, self._qr)
        return Reply(HTTPStatus.OK, "text/html; charset=utf-8", text.encode())

    async def _no_league(self, route: str, query: str) -> Reply:
        """/screen/standings (or its JSON) of a clock served without --league: 404, with a
        page in the room's language saying how to start it."""
        if route.startswith("/api/"):
            body = json.dumps({"error": NO_LEAGUE}).encode()
            return Reply(HTTPStatus.NOT_FOUND, "application/json", body)
        from tdtool.i18n import language_of
        from tdtool.io import pages

        try:
            lang = asked_language(query)
        except ValueError:
            lang = None
        if lang is None:
            try:
                lang = language_of((await self._fresh())[0])
            except Exception:  # the file is busy or gone: the page is still said, in English
                lang = "en"
        text = pages.render("screen_no_league.html", self._theme, lang)
        return Reply(HTTPStatus.NOT_FOUND, "text/html; charset=utf-8", text.encode())

    def has_house(self) -> bool:
        """Whether the theme gives a house or sponsor slide: theme.yaml's `house:` or its
        own template (tdtool.app.screens.HOUSE)."""
        from tdtool.app.screens import HOUSE

        if self._theme is None:
            return False
        folder = self._theme.folder
        return self._theme.house is not None or (folder is not None and (folder / HOUSE).is_file())

    def close(self) -> None:
        """Stop the worker and close the tournament."""
        self._pool.shutdown(wait=True)
        for store in (self._poll, self._view.store if self._view is not None else None):
            if store is not None:
                store.close()


def _screen_data(
    make: Callable[[str, Any, str], dict[str, Any]], name: str, state: Any, lang: str, version: int
) -> dict[str, Any]:
    """A screen's data (`make`: tdtool.app.screens.screen_data) with its version."""
    data = make(name, state, lang)
    data["version"] = version
    return data


def asked_language(query: str) -> str | None:
    """The language a screen asks for (`?lang=de`), None for the tournament's own; a
    ValueError naming the shipped ones for another.

    >>> asked_language("lang=de"), asked_language(""), asked_language("x=1&lang=RO")
    ('de', None, 'ro')
    """
    from urllib.parse import parse_qs

    from tdtool.errors import InputError
    from tdtool.i18n import check

    asked = parse_qs(query).get("lang")
    if not asked or not asked[-1]:
        return None
    try:
        return check(asked[-1])
    except InputError as exc:
        raise ValueError(str(exc)) from None


class _ClockServer(HttpServer):
    """The HTTP server, closing the tournament it shows when it closes."""

    source: ClockSource

    def server_close(self) -> None:
        super().server_close()
        self.source.close()


def make_server(
    db: Path,
    host: str,
    port: int,
    *,
    timeout: float = TIMEOUT,
    max_connections: int | None = None,
    allowed_hosts: tuple[str, ...] = (),
    theme: Theme | None = None,
    qr: str | None = None,
    league: LeagueView | None = None,
) -> HttpServer:
    """A server for the clock of `db` (a file or a PostgreSQL URL) on host:port (port 0: any
    free port); `timeout`: seconds a connection may take to send a request;
    `max_connections`: held at most (by default well inside the process's file limit);
    `allowed_hosts`: Host names it answers beyond those of `served_hosts`; `theme`: a house
    theme whose templates the page is made of; `qr`: a URL the page shows as a QR code;
    `league`: the league whose standings /screen/standings shows."""
    source = ClockSource(db, theme, qr, league)
    try:
        server = _ClockServer(
            host, port, source.answer, name="tdtool-clock", timeout=timeout,
            max_connections=max_connections, hosts=served_hosts(host, allowed_hosts),
        )  # fmt: skip
    except BaseException:
        source.close()
        raise
    server.source = source
    return server
