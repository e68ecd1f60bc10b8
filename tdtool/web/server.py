"""The web application of `tdtool serve`: pages, sign-in and the JSON API (docs/web.md).

Every change is a POST that needs a session cookie (HttpOnly, SameSite=Strict, Secure under
TLS) and its CSRF token in `X-CSRF-Token`: 401 without a session, 403 with a missing or
wrong token or a role that may not take the action, and nothing changed. The action is the
application function the CLI's command calls (tdtool.app), run as the signed-in person, so
`tdtool log` reads the same; a refusal is the CLI's sentence, as `{"error": ...}` with 400
(bad input) or 409 (refused by the rules or the tournament's state). Pages are Jinja2
templates (tdtool/templates/web/, autoescaped, every string through `_()`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from tdtool.app.staff import Person, csrf_of, csrf_ok, may
from tdtool.errors import InputError, RuleError, TdtoolError
from tdtool.web.reader import POLL, Feed, Reader

API_VERSION = 1
COOKIE = "tdtool_session"
MAX_BODY = 256 * 1024
"""Bytes of a POST body read at most (a hand file's text is a few KiB)."""
MAX_NAMES = 100
LEAGUE_COMMAND = "tdtool serve --league spring.league"
NO_LEAGUE = "No league standings: start the server with its league (tdtool serve --league FILE)."
SIGN_IN_TRIES = 10
SIGN_IN_WINDOW = 300.0
"""At most SIGN_IN_TRIES sign-in attempts per client address in SIGN_IN_WINDOW seconds."""
STATIC = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        " frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # a sign-in link's code never leaves in a Referer
    "Cache-Control": "no-store",
}


@dataclass
class Settings:
    """How the application was started."""

    target: Any
    """The tournament file, or a `postgresql://` URL."""
    secure: bool = False
    """Served over TLS: cookies are `Secure`."""
    host: str = "127.0.0.1"
    allowed_hosts: tuple[str, ...] = ()
    poll: float = POLL
    league: Any = None
    """A tdtool.app.league.LeagueView: its standings at /standings (`serve --league`)."""
    registry: Any = None
    """The player registry registration is matched against (--registry, TDTOOL_REGISTRY);
    None: where `tdtool player add` looks (tdtool.io.registry_where.default_target)."""


class RateLimit:
    """At most `tries` attempts per client address in `window` seconds."""

    def __init__(self, tries: int = SIGN_IN_TRIES, window: float = SIGN_IN_WINDOW) -> None:
        self.tries = tries
        self.window = window
        self._seen: dict[str, deque[float]] = {}

    def allow(self, who: str, now: float) -> float:
        """0 when `who` may try now (the try is counted), else seconds to wait."""
        seen = self._seen.setdefault(who, deque())
        while seen and now - seen[0] >= self.window:  # the form the window is measured in
            seen.popleft()
        if len(seen) >= self.tries:
            return seen[0] + self.window - now
        seen.append(now)
        if len(self._seen) > 10_000:  # forget the addresses that stopped trying
            self._seen = {k: v for k, v in self._seen.items() if v and v[-1] > now - self.window}
        return 0.0


def _templates(lang: str = "en") -> Any:
    """The pages' templates with the words of `lang` (tdtool.i18n's catalogues)."""
    import jinja2

    from tdtool import i18n

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("tdtool", "templates/web"),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
    )
    env.install_gettext_translations(i18n.translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return env


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status, headers=HEADERS)


def _refusal(exc: TdtoolError) -> JSONResponse:
    """A refusal in the CLI's words: 400 for bad input, 409 refused by the rules or state."""
    from tdtool.app.hints import ACTIONS

    return _error(409 if isinstance(exc, RuleError) else 400, exc.worded(ACTIONS))


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


class Web:
    """The application's parts: the reader, the push, the templates, the limits."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        from pathlib import Path

        from tdtool.io.registry_where import default_target
        from tdtool.io.store_base import target_of

        self.registry = default_target(settings.registry, target_of(settings.target), Path.cwd())
        """Where the player registry is (there may be none: registration as typed)."""
        self.reader = Reader(settings.target)
        self.feed = Feed(self.reader, settings.poll)
        self.envs: dict[str, Any] = {}
        """The templates of each language a page was asked in (made once each)."""
        self.sign_ins = RateLimit()
        self.listener: Any = None
        """The PostgreSQL change listener (tdtool.web.notify), once started."""
        self.stopping: Callable[[], bool] = lambda: False
        """Whether the server has been asked to stop (`when_stopping`): the open event
        streams then end at once."""

    async def listen(self) -> Any:
        """On PostgreSQL, a `Listener` that wakes the push at each change by anyone (None on
        a file: the poll finds those in microseconds)."""
        channel = await self.reader.call(self.reader.channel)
        if channel is None:
            return None
        from tdtool.web.notify import Listener

        loop = asyncio.get_running_loop()

        def wake() -> None:  # from the listener's thread
            loop.call_soon_threadsafe(self.feed.wake)

        self.listener = Listener(*channel, wake)
        self.listener.start()
        return self.listener

    # -- pages

    async def language(self, request: Request) -> str:
        """The page's language: `?lang=` when it is one tdtool ships, else the tournament's."""
        from tdtool.i18n import LANGUAGES

        asked = request.query_params.get("lang", "")
        if asked in LANGUAGES:
            return asked
        return str(await self.reader.call(self.reader.language))

    def page(
        self, name: str, status: int = 200, *, lang: str = "en", **values: Any
    ) -> HTMLResponse:
        values.setdefault("initial", {})
        if lang not in self.envs:
            self.envs[lang] = _templates(lang)
        html = self.envs[lang].get_template(name).render(**values)
        return HTMLResponse(html, status, headers=HEADERS)

    async def players_page(self, request: Request) -> Response:
        return self.page(
            "players.html",
            lang=await self.language(request),
            initial=json.loads(await self.feed.current()),
            league=self.settings.league is not None,
        )

    async def standings_page(self, request: Request) -> Response:
        """The league's standings for the players' phones: rank, name, events, points, the
        provisional ones marked (nothing else of the league or the registry)."""
        lang = await self.language(request)
        if self.settings.league is None:
            return self.page("no_league.html", 404, lang=lang, error="", command=LEAGUE_COMMAND)
        try:
            data = await self.reader.call(self.reader.standings, self.settings.league, lang)
        except TdtoolError as exc:
            return self.page("no_league.html", 503, lang=lang, error=str(exc), command="")
        return self.page("standings.html", lang=lang, initial=data)

    async def standings(self, request: Request) -> Response:
        if self.settings.league is None:
            return _error(404, NO_LEAGUE)
        lang = await self.language(request)
        try:
            data = await self.reader.call(self.reader.standings, self.settings.league, lang)
        except TdtoolError as exc:
            return _error(503, str(exc))
        return JSONResponse(data, headers=HEADERS)

    async def staff_page(self, request: Request) -> Response:
        token = request.cookies.get(COOKIE)
        person = await self.reader.call(self.reader.person, token)
        if person is None or token is None:
            return self.page("signed_out.html", 401, lang=await self.language(request))
        return self.page(
            "staff.html",
            lang=await self.language(request),
            person=person,
            csrf=csrf_of(token),
            may={action: may(person.role, action) for action in _ACTIONS},
            initial=json.loads(await self.feed.current()),
        )

    async def sign_in_page(self, request: Request) -> Response:
        # Opening the link does nothing by itself (a chat app's preview opens links too):
        # the button on the page posts it.
        return self.page("signin.html", lang=await self.language(request), error="")

    async def sign_in(self, request: Request) -> Response:
        from tdtool.app.staff import SESSION_HOURS, sign_in

        wait = self.sign_ins.allow(_client(request), time.monotonic())
        if wait:
            refused = self.page(
                "signin.html", 429, lang=await self.language(request), error="too many"
            )
            refused.headers["Retry-After"] = str(int(wait) + 1)
            return refused
        code = str(request.path_params["code"])
        try:
            signed = await run_in_threadpool(sign_in, self.settings.target, code)
        except TdtoolError as exc:
            return self.page("signin.html", 400, lang=await self.language(request), error=str(exc))
        self.feed.wake()
        response = RedirectResponse("/staff", 303, headers=HEADERS)
        response.set_cookie(
            COOKIE,
            signed.token,
            max_age=SESSION_HOURS * 3600,
            path="/",
            secure=self.settings.secure,
            httponly=True,
            samesite="strict",
        )
        return response

    async def static(self, request: Request) -> Response:
        name = str(request.path_params["name"])
        if name not in STATIC:
            return Response("Not found", 404, headers=HEADERS)
        body = resources.files("tdtool").joinpath("templates", "web", name).read_bytes()
        return Response(body, 200, media_type=STATIC[name], headers=HEADERS)

    # -- reading

    async def session(self, request: Request) -> Response:
        token = request.cookies.get(COOKIE)
        person = await self.reader.call(self.reader.person, token)
        if person is None or token is None:
            return _error(401, "Not signed in: open your sign-in link (tdtool staff add).")
        return JSONResponse(
            {
                "version": API_VERSION,
                "name": person.name,
                "role": person.role,
                "csrf": csrf_of(token),
            },
            headers=HEADERS,
        )

    async def public(self, request: Request) -> Response:
        return Response(await self.feed.current(), media_type="application/json", headers=HEADERS)

    async def seat(self, request: Request) -> Response:
        typed = request.query_params.get("name", "")[:100]
        found = await self.reader.call(self.reader.seat, typed)
        return JSONResponse({"found": found}, headers=HEADERS)

    async def events(self, request: Request) -> Response:
        headers = dict(HEADERS, **{"X-Accel-Buffering": "no"})
        return StreamingResponse(
            self.feed.stream(), media_type="text/event-stream", headers=headers
        )

    async def staff_players(self, request: Request) -> Response:
        person = await self.reader.call(self.reader.person, request.cookies.get(COOKIE))
        if person is None:
            return _error(401, "Not signed in: open your sign-in link (tdtool staff add).")
        if person.role == "dealer":
            return _error(403, f"{person.name} is a dealer: the player list is for the desk.")
        players = await self.reader.call(self.reader.players)
        return JSONResponse({"players": players}, headers=HEADERS)

    async def staff_list(self, request: Request) -> Response:
        person = await self.reader.call(self.reader.person, request.cookies.get(COOKIE))
        if person is None:
            return _error(401, "Not signed in: open your sign-in link (tdtool staff add).")
        if not may(person.role, "staff.list"):
            return _error(403, f"{person.name} is {person.role}: {_WHO_MAY['staff.list']}.")
        from tdtool.app.staff import people

        found = await run_in_threadpool(people, self.handle(person))
        return JSONResponse({"staff": [p.to_dict() for p in found]}, headers=HEADERS)

    async def terms_now(self, request: Request) -> Response:
        person = await self.reader.call(self.reader.person, request.cookies.get(COOKIE))
        if person is None:
            return _error(401, "Not signed in: open your sign-in link (tdtool staff add).")
        if not may(person.role, "terms"):
            return _error(403, f"{person.name} is {person.role}: {_WHO_MAY['terms']}.")
        from tdtool.app.money import terms

        view = await run_in_threadpool(terms, self.handle(person))
        return JSONResponse(dict(view.to_dict(), fixed=view.fixed), headers=HEADERS)

    async def rulings(self, request: Request) -> Response:
        person = await self.reader.call(self.reader.person, request.cookies.get(COOKIE))
        if person is None:
            return _error(401, "Not signed in: open your sign-in link (tdtool staff add).")
        from tdtool.app.ruling_ask import menu_json

        return JSONResponse(menu_json(), headers=HEADERS)

    async def staff_add_route(self, request: Request) -> Response:
        base = str(request.base_url)  # the address this phone reached (its Host was checked)
        return await self.guarded(
            request, "staff.add", lambda person, body: self.staff_add(person, body, base)
        )

    # -- changing

    async def guarded(
        self, request: Request, action: str, run: Callable[[Person, dict[str, Any]], Any]
    ) -> Response:
        """Check the session, the CSRF token and the role, read the JSON body, then `run`
        it in a worker thread (the application function): its result as JSON, or the
        refusal. Nothing runs, so nothing changes, unless every check passed."""
        token = request.cookies.get(COOKIE)
        person = await self.reader.call(self.reader.person, token)
        if person is None or token is None:
            return _error(401, "Not signed in: open your sign-in link (tdtool staff add).")
        if not csrf_ok(token, request.headers.get("x-csrf-token")):
            return _error(403, "Missing or wrong X-CSRF-Token header: reload the page.")
        if not may(person.role, action):
            return _error(403, f"{person.name} is {person.role}: {_WHO_MAY[action]}.")
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        try:
            result = await run_in_threadpool(run, person, body)
        except TdtoolError as exc:
            return _refusal(exc)
        self.feed.wake()
        return JSONResponse(result, headers=HEADERS)

    def handle(self, person: Person) -> Any:
        from tdtool.io.store_base import Tournament, target_of

        return Tournament(target_of(self.settings.target), person.name)

    def add_players(self, person: Person, body: dict[str, Any]) -> Any:
        """As `tdtool player add` (`--new`: `"new": true`), the names matched against the
        player registry; a name it cannot settle alone comes back in `ask`, with nothing
        registered, until `chosen` answers it (`{"jose": 104}`, or null for a new player)."""
        from tdtool.app.players import register
        from tdtool.app.registry import link_chosen

        names = _names(body, "names")
        new, chosen = body.get("new", False), body.get("chosen", {})
        if not isinstance(new, bool):
            raise InputError('"new": true or false.')
        if not isinstance(chosen, dict) or not all(
            isinstance(k, str) and (v is None or (isinstance(v, int) and _whole(v)))
            for k, v in chosen.items()
        ):
            raise InputError(
                '"chosen": give {"typed name": registry id, or null for a new player}.'
            )
        handle = self.handle(person)
        linking = None
        if not new:
            clean = {" ".join(k.split()): v for k, v in chosen.items()}
            linking = link_chosen(handle, self.registry, names, clean, person.name)
        if isinstance(linking, tuple):
            return {"ask": [a.to_dict() for a in linking], "added": []}
        if linking is None:
            return register(handle, names).to_dict()
        out = register(handle, linking.names, None, linking.ids).to_dict()
        out["registry"] = [link.to_dict() for link in linking.links]
        return out

    def bust(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.players import bust, eliminators
        from tdtool.app.slips import bounty_lines, move_lines

        names = _names(body, "names")
        by = _strings(body, "by")
        stacks = body.get("stacks")
        if stacks is not None and (
            not isinstance(stacks, list)
            or len(stacks) != len(names)
            or not all(isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in stacks)
        ):
            raise InputError('"stacks": give one whole number of chips for each name, in order.')
        result = bust(
            self.handle(person),
            names,
            stacks,
            bool(body.get("hand_for_hand", False)),
            None,
            eliminators(names, by) if by else None,
            bool(body.get("anywhere", False)),
        )
        from tdtool.i18n import words

        _ = words(result.language)  # read aloud in the tournament's language, as the CLI does
        out = result.to_dict()
        out["lines"] = bounty_lines(result, _)
        out["slips"] = move_lines(result.moves, _)
        return out

    def chips(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.chips import record

        names, chips = _counts(body.get("counts"), "counts")
        return record(self.handle(person), list(zip(names, chips, strict=True))).to_dict()

    def balance(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.seats import balance

        return _seated(balance(self.handle(person), None))  # the tool chooses who moves

    def move(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.seats import move

        table, seat = body.get("table"), body.get("seat")
        if not (isinstance(table, int) and _whole(table) and table >= 1) or not (
            isinstance(seat, int) and _whole(seat) and seat >= 1
        ):
            raise InputError('"table", "seat": give the table and the open seat, as numbers.')
        lock = body.get("lock", False)
        if not isinstance(lock, bool):
            raise InputError('"lock": true or false.')
        return _seated(move(self.handle(person), _name(body), table, seat, lock))

    def deal(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.deals import deal, deal_table
        from tdtool.tournament.icm import DealMethod

        method = body.get("method")
        if method not in ("icm", "chip-chop"):
            raise InputError('"method": give icm or chip-chop.')
        given = body.get("stacks")
        names: list[str] | None = None
        stacks: list[int] | None = None
        if given is not None:  # else the chip counts recorded, as the CLI without --stacks
            names, stacks = _counts(given, "stacks")
        hold_back, accept = body.get("hold_back", 0), body.get("accept", False)
        if not (isinstance(hold_back, int) and _whole(hold_back)) or not isinstance(accept, bool):
            raise InputError('"hold_back": a whole amount; "accept": true or false.')
        handle = self.handle(person)
        result = deal(
            DealMethod(method),
            stacks,
            names=names,
            hold_back=hold_back,
            samples=50_000 if method == "icm" else 0,
            seed=0,  # the deal accepted is the deal proposed, to the cent
            accept=accept,
            db=lambda: handle,
        )
        table = deal_table(result.deal, result.bounties, result.language)  # the room's words
        out = result.to_dict()
        out["title"] = table.title
        out["prizes_line"] = table.prizes_line
        out["headers"] = list(table.headers)
        out["rows"] = [list(r) for r in table.rows]
        out["total"] = list(table.total)
        out["notes"] = [table.paid_line, *table.notes] + (
            [table.bounties_line] if table.bounties_line else []
        )
        return out

    def terms(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.money import terms

        changes = body.get("changes")
        if not isinstance(changes, dict) or not changes:
            raise InputError('"changes": give {"term": value, ...}, e.g. {"guarantee": 5000}.')
        for field, value in changes.items():
            kind = COMMON_TERMS.get(field)
            if kind is None:
                raise InputError(
                    f'"changes": {field!r} is not one of {", ".join(COMMON_TERMS)} (the'
                    " others: `tdtool terms`)."
                )
            if not _of_kind(value, kind):
                wanted = "true or false" if kind is bool else "a whole number"
                raise InputError(f'"changes": {field} takes {wanted}.')
        view = terms(self.handle(person), changes)
        return dict(view.to_dict(), fixed=view.fixed)

    def staff_add(self, person: Person, body: dict[str, Any], base: str) -> Any:
        from tdtool.app.staff import LINK_MINUTES, add
        from tdtool.io.qr import svg

        role, minutes = body.get("role"), body.get("minutes", LINK_MINUTES)
        if not isinstance(role, str):
            raise InputError('"role": give one of desk, floor, director, dealer.')
        if not (isinstance(minutes, int) and _whole(minutes)):
            raise InputError('"minutes": give how many minutes the link is valid.')
        issued = add(self.handle(person), _name(body), role, minutes)
        out = issued.to_dict(base)
        out["again"] = issued.again
        drawn = svg(out["link"])  # drawn in an <img>, so a document of its own: it names SVG
        if "xmlns=" not in drawn.split(">", 1)[0]:
            drawn = drawn.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
        out["qr"] = drawn
        return out

    def staff_revoke(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.staff import revoke

        return revoke(self.handle(person), _name(body)).to_dict()

    def reenter(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.players import reenter
        from tdtool.app.slips import move_lines, opened_lines
        from tdtool.i18n import words

        result = reenter(self.handle(person), _name(body), None)  # the tool chooses who moves
        _ = words(result.language)
        out = result.to_dict()
        out["slips"] = opened_lines(result.opened, result.moves, _) + move_lines(result.moves, _)
        return out

    def rebuy(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.players import rebuy
        from tdtool.app.slips import move_lines, opened_lines
        from tdtool.i18n import words

        result = rebuy(self.handle(person), _name(body), None)
        _ = words(result.language)
        others = [m for m in result.moves if m.player != result.name]
        out = result.to_dict()
        out["slips"] = (
            opened_lines(result.opened, result.moves, _) + move_lines(others, _) if others else []
        )
        return out

    def addon(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.players import addon

        return addon(self.handle(person), _name(body)).to_dict()

    def clock(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.clock import clock_action
        from tdtool.tournament.clock import ClockAction

        action = body.get("action")
        if action not in ("pause", "resume", "next", "prev"):
            raise InputError('"action": give one of pause, resume, next, prev.')
        return clock_action(self.handle(person), ClockAction(action)).to_dict()

    def undo(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.tournament import undo

        change = body.get("change")
        if change is not None and (not isinstance(change, int) or isinstance(change, bool)):
            raise InputError('"change": give the number of the change to take back.')
        from tdtool.tournament.events import describe

        undone = undo(self.handle(person), change).to_list()
        return {"undone": [dict(e, text=describe(e["kind"], e["data"])) for e in undone]}

    def ruling_ask(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.ruling_ask import ask
        from tdtool.rules.rulings import Profile

        what, answers = body.get("what"), body.get("answers", {})
        if not isinstance(what, str) or not what.strip():
            raise InputError('"what": give the irregularity\'s id, as `tdtool ruling list` shows.')
        if not isinstance(answers, dict):
            raise InputError('"answers": give {"question": answer, ...} (GET /api/rulings).')
        rules = body.get("rules", "tda")
        if rules not in ("tda", "robert"):
            raise InputError('"rules": give tda (Poker TDA) or robert (Robert\'s Rules).')
        return ask(what, answers, Profile(rules))

    def hand_check(self, person: Person, body: dict[str, Any]) -> Any:
        from tdtool.app.hands import check_text

        text = body.get("hand")
        if not isinstance(text, str):
            raise InputError('"hand": give the hand file\'s YAML text.')
        return check_text(text, "hand")


_ACTIONS = (
    "players.add",
    "players.reenter",
    "players.rebuy",
    "players.addon",
    "players.bust",
    "players.chips",
    "seats.balance",
    "seats.move",
    "deal",
    "terms",
    "staff.add",
    "staff.revoke",
    "clock",
    "undo",
    "hand.check",
    "ruling.ask",
)
_WHO_MAY = {
    "players.add": "only the desk, the floor and the director register players",
    "players.reenter": "only the desk, the floor and the director re-enter players",
    "players.rebuy": "only the desk, the floor and the director sell rebuys",
    "players.addon": "only the desk, the floor and the director sell add-ons",
    "players.bust": "only the floor and the director bust players",
    "players.chips": "only the floor and the director record chip counts",
    "seats.balance": "only the floor and the director balance the tables",
    "seats.move": "only the floor and the director move players",
    "clock": "only the director runs the clock",
    "deal": "only the director works out deals",
    "terms": "only the director changes the terms",
    "staff.list": "only the director sees the staff",
    "staff.add": "only the director adds staff",
    "staff.revoke": "only the director takes staff off",
    "undo": "only the director takes back a change",
    "hand.check": "only the staff check hands",
    "ruling.ask": "only the staff ask for rulings",
}


COMMON_TERMS: dict[str, type] = {
    "buy_in": int,
    "fee": int,
    "reentry": bool,
    "max_entries": int,
    "rebuy_price": int,
    "addon_price": int,
    "bounty": int,
    "pko": bool,
    "guarantee": int,
    "rounding": int,
    "places_paid": int,
}
"""The terms a director changes from the phone (`Terms` field -> its JSON type); every other
is `tdtool terms`'s. The core checks each value's bounds, as for the CLI."""


def _of_kind(value: Any, kind: type) -> bool:
    if kind is bool:
        return isinstance(value, bool)
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value: Any) -> bool:
    """A whole number of chips, a table, a seat (JSON's true is no number)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _counts(counts: Any, key: str) -> tuple[list[str], list[int]]:
    """`[{"name": ..., "chips": ...}, ...]` as (names, chips), or the one line saying how."""
    if (
        not isinstance(counts, list)
        or not counts
        or len(counts) > MAX_NAMES
        or not all(
            isinstance(c, dict)
            and isinstance(c.get("name"), str)
            and c["name"].strip()
            and _whole(c.get("chips"))
            for c in counts
        )
    ):
        raise InputError(
            f'"{key}": give [{{"name": ..., "chips": ...}}, ...], a whole number of chips'
            f" for each player (at most {MAX_NAMES})."
        )
    return [" ".join(c["name"].split()) for c in counts], [int(c["chips"]) for c in counts]


def _seated(result: Any) -> dict[str, Any]:
    """A change of seats as `seat balance|move --json` gives it, with the slips to read out
    (in the tournament's language, as the CLI prints them)."""
    from tdtool.app.slips import left_short_line, move_lines
    from tdtool.i18n import words

    _ = words(result.language)
    slips = move_lines(result.moves, _)
    if not slips and result.left_short is None:
        slips = [_("No moves needed: the tables are even.")]
    if result.left_short is not None:
        slips.append(left_short_line(result.left_short, _))
    return dict(result.to_dict(), slips=slips)


def _strings(body: dict[str, Any], key: str) -> list[str]:
    value = body.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f'"{key}": give a list of names.')
    if len(value) > MAX_NAMES:
        raise InputError(f'"{key}": at most {MAX_NAMES} names at once.')
    return [" ".join(v.split()) for v in value if v.strip()]


def _name(body: dict[str, Any]) -> str:
    value = body.get("name")
    clean = " ".join(value.split()) if isinstance(value, str) else ""
    if not clean or len(clean) > 200:
        raise InputError('"name": give the player\'s name.')
    return clean


def _names(body: dict[str, Any], key: str) -> list[str]:
    names = _strings(body, key)
    if not names:
        raise InputError(f'"{key}": give at least one name.')
    return names


async def _json_body(request: Request) -> dict[str, Any] | Response:
    if "application/json" not in request.headers.get("content-type", ""):
        return _error(415, "Send the body as JSON (Content-Type: application/json).")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            return _error(413, f"The body is longer than {MAX_BODY:,} bytes.")
    try:
        body = json.loads(raw or b"{}")
    except ValueError as exc:
        return _error(400, f"The body is not JSON: {exc}.")
    if not isinstance(body, dict):
        return _error(400, "The body must be a JSON object.")
    return body


class HostCheck:
    """Answer only the Host names this server serves (a DNS-rebinding page comes under
    another name): tdtool.io.hosts.served_hosts, as `clock serve` does."""

    def __init__(self, app: Any, host: str, allowed: tuple[str, ...]) -> None:
        from tdtool.io.hosts import served_hosts

        self.app = app
        self.accepts = served_hosts(host, allowed)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = dict(scope.get("headers") or ())
            host = headers.get(b"host", b"").decode("latin-1")
            origin = headers.get(b"origin", b"").decode("latin-1")
            refused = None
            if not self.accepts(host):
                refused = Response("Unknown host\n", 400, media_type="text/plain")
            elif scope["method"] == "POST" and origin and origin.split("://", 1)[-1] != host:
                # A form or script of another site posting here (the cookie is SameSite=Strict
                # already; this holds for the sign-in too, which has no cookie yet).
                refused = JSONResponse({"error": "Posted from another site."}, 403)
            if refused is not None:
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


STOP_LOOK = 0.1
"""Seconds between two looks at whether the server has been asked to stop."""


def when_stopping(app: Any, stopping: Callable[[], bool]) -> None:
    """Tell the application built by `build` how to know that its server is stopping (for
    uvicorn: `lambda: server.should_exit`); its event streams then end within `STOP_LOOK`,
    so Ctrl-C stops at once with phones connected."""
    app.app.state.web.stopping = stopping


def build(settings: Settings) -> Any:
    """The ASGI application for `settings` (the tournament is opened here: a bad --db is
    refused before anything is served)."""
    web = Web(settings)

    def post(action: str, run: Callable[[Person, dict[str, Any]], Any]) -> Any:
        async def endpoint(request: Request) -> Response:
            return await web.guarded(request, action, run)

        return endpoint

    async def watch_stop() -> None:
        while not web.stopping():
            await asyncio.sleep(STOP_LOOK)
        web.feed.close()

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        tasks = [asyncio.create_task(web.feed.run()), asyncio.create_task(watch_stop())]
        listener = await web.listen()
        try:
            yield
        finally:
            if listener is not None:
                await run_in_threadpool(listener.stop)
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            web.reader.close()

    routes = [
        Route("/", web.players_page),
        Route("/staff", web.staff_page),
        Route("/signin/{code}", web.sign_in_page, methods=["GET"]),
        Route("/signin/{code}", web.sign_in, methods=["POST"]),
        Route("/static/{name}", web.static),
        Route("/api/session", web.session),
        Route("/api/public", web.public),
        Route("/standings", web.standings_page),
        Route("/api/standings", web.standings),
        Route("/api/seat", web.seat),
        Route("/api/events", web.events),
        Route("/api/players", web.staff_players),
        Route("/api/players/add", post("players.add", web.add_players), methods=["POST"]),
        Route("/api/players/bust", post("players.bust", web.bust), methods=["POST"]),
        Route("/api/players/reenter", post("players.reenter", web.reenter), methods=["POST"]),
        Route("/api/players/rebuy", post("players.rebuy", web.rebuy), methods=["POST"]),
        Route("/api/players/addon", post("players.addon", web.addon), methods=["POST"]),
        Route("/api/players/chips", post("players.chips", web.chips), methods=["POST"]),
        Route("/api/seats/balance", post("seats.balance", web.balance), methods=["POST"]),
        Route("/api/seats/move", post("seats.move", web.move), methods=["POST"]),
        Route("/api/deal", post("deal", web.deal), methods=["POST"]),
        Route("/api/terms", web.terms_now, methods=["GET"]),
        Route("/api/terms", post("terms", web.terms), methods=["POST"]),
        Route("/api/staff", web.staff_list),
        Route("/api/staff/add", web.staff_add_route, methods=["POST"]),
        Route("/api/staff/revoke", post("staff.revoke", web.staff_revoke), methods=["POST"]),
        Route("/api/clock", post("clock", web.clock), methods=["POST"]),
        Route("/api/undo", post("undo", web.undo), methods=["POST"]),
        Route("/api/hand/check", post("hand.check", web.hand_check), methods=["POST"]),
        Route("/api/rulings", web.rulings),
        Route("/api/ruling/ask", post("ruling.ask", web.ruling_ask), methods=["POST"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.web = web
    return HostCheck(app, settings.host, settings.allowed_hosts)
