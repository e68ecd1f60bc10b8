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
from collections.abc import Callable
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.cli.clock_http import TIMEOUT, HttpServer, Reply

if TYPE_CHECKING:
    from tdtool.io.store import Watcher


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


def script_json(value: Any) -> str:
    """`value` as JSON that is safe inside an HTML <script>: no `<`, `>` or `&` (so no
    `</script>`, `<!--` or `<script` can end or change the script, whatever a name holds),
    and no U+2028/U+2029 (line ends to older JavaScript)."""
    text = json.dumps(value, ensure_ascii=False)
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):  # fmt: skip
        text = text.replace(raw, escaped)
    return text


def page(initial: dict[str, Any]) -> str:
    """The whole page, with the current clock built in (it is right before the first poll).

    Every value lands escaped for its place: the title as HTML text (quotes too), the data
    as script-safe JSON; the page's script puts names in with textContent, never as HTML.
    """
    import html

    title = " ".join(str(initial.get("name") or "Tournament clock").split())
    if len(title) > 120:
        title = title[:119] + "…"
    return PAGE.replace("__TITLE__", html.escape(title, quote=True)).replace(
        "__INITIAL__", script_json(initial)
    )


PG_POLL = 0.5
"""Seconds between two questions to a PostgreSQL server about its last change (a round trip)."""
ROUTES = ("/", "/index.html", "/api/clock")


class ClockSource:
    """The tournament as `clock serve` shows it, kept folded in memory.

    One worker thread reads and folds the tournament, and only when it changed: a request
    answers from the folded state in microseconds, and many requests arriving while the
    tournament is read again all wait for that one read. A file is asked at every request
    whether anything was committed (`PRAGMA data_version` on a connection of its own,
    microseconds), so a command shows on the very next poll; a PostgreSQL tournament's last
    change number is asked at most every `PG_POLL` seconds.
    """

    def __init__(self, db: Path) -> None:
        from concurrent.futures import ThreadPoolExecutor

        from tdtool.io.store_base import (
            is_url,
            open_store,
        )

        self._db = db
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

    def _open(self) -> None:
        """Open the tournament, in the worker: the only thread that uses that connection."""
        from tdtool.io.store_base import open_store

        self._view = open_store(self._db, threads=True).view()

    async def data(self) -> dict[str, Any]:
        """The clock display's data, now (raises what reading the tournament raised)."""
        from tdtool.app.clock import view_data

        loop = asyncio.get_running_loop()
        if self._reading is None and self._stale(loop):
            self._reading = loop.create_task(self._read_again(loop))
        if self._reading is not None:
            await asyncio.shield(self._reading)
        if self._error is not None:
            raise self._error
        state, base, now = self._snapshot
        return view_data(state, now(), base).to_dict()

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
        """GET / (the page) and GET /api/clock (the JSON); nothing else, nothing written."""
        route = target.split("?", 1)[0]
        if route not in ROUTES:
            return Reply(HTTPStatus.NOT_FOUND, "text/plain", b"Not found: the clock is at /\n")
        try:
            data = await self.data()
        except Exception as exc:  # the file is busy or gone: tell the page, keep serving
            body = json.dumps({"error": str(exc)}).encode()
            return Reply(HTTPStatus.SERVICE_UNAVAILABLE, "application/json", body)
        if route == "/api/clock":
            return Reply(HTTPStatus.OK, "application/json", json.dumps(data).encode())
        return Reply(HTTPStatus.OK, "text/html; charset=utf-8", page(data).encode())

    def close(self) -> None:
        """Stop the worker and close the tournament."""
        self._pool.shutdown(wait=True)
        for store in (self._poll, self._view.store if self._view is not None else None):
            if store is not None:
                store.close()


class _ClockServer(HttpServer):
    """The HTTP server, closing the tournament it shows when it closes."""

    source: ClockSource

    def server_close(self) -> None:
        super().server_close()
        self.source.close()


def served_hosts(host: str, allowed: tuple[str, ...] = ()) -> Callable[[str], bool]:
    """Whether a request's Host header names this clock: any IP address (a rebinding page
    always comes under a name), localhost and *.localhost, this computer's name (and its
    .local name), the --host it listens on and the names given with --allow-host.

    >>> ok = served_hosts("0.0.0.0", ("clock.venue.lan",))
    >>> [ok(h) for h in ("192.168.1.20:8765", "[::1]:8765", "localhost", "Clock.Venue.Lan.")]
    [True, True, True, True]
    >>> [ok(h) for h in ("evil.example", "clock.venue.lan.evil.example", "")]
    [False, False, False]
    """
    import ipaddress
    import socket

    names = {n.lower().rstrip(".") for n in (host, *allowed)}
    with contextlib.suppress(OSError):
        me = socket.gethostname().lower()
        names |= {me, f"{me}.local"}

    def accepts(value: str) -> bool:
        value = value.strip().lower()
        if value.startswith("["):  # [IPv6]:port
            name = value[1 : value.find("]")] if "]" in value else ""
        else:
            name, colon, port = value.rpartition(":")
            if not colon or not port.isdigit():
                name = value
        name = name.rstrip(".")
        if not name:
            return False
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            pass
        return name == "localhost" or name.endswith(".localhost") or name in names

    return accepts


def make_server(
    db: Path,
    host: str,
    port: int,
    *,
    timeout: float = TIMEOUT,
    max_connections: int | None = None,
    allowed_hosts: tuple[str, ...] = (),
) -> HttpServer:
    """A server for the clock of `db` (a file or a PostgreSQL URL) on host:port (port 0: any
    free port); `timeout`: seconds a connection may take to send a request;
    `max_connections`: held at most (by default well inside the process's file limit);
    `allowed_hosts`: Host names it answers beyond those of `served_hosts`."""
    source = ClockSource(db)
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


PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__ · clock</title>
<style>
  :root { --fg: #ffffff; --dim: #a9b4c2; --bg: #05070a; --accent: #2ecc40; }
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { height: 100%; background: var(--bg); color: var(--fg); overflow: hidden;
    font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; }
  body { display: flex; flex-direction: column; height: 100vh; padding: 1.5vh 2vw;
    transition: background-color 0.6s; }
  body.break { --bg: #0b3fa8; --accent: #ffffff; }
  body.paused #time { color: #ffd400; }
  body.lastminute #time { color: #ff3b30; }
  #top { display: flex; justify-content: space-between; align-items: center; gap: 2vw;
    font-size: min(3.2vh, 2.4vw); color: var(--dim); min-height: 5vh; white-space: nowrap; }
  #top > div:first-child { overflow: hidden; text-overflow: ellipsis; min-width: 0; }
  #name { font-weight: bold; color: var(--fg); }
  #clock-time { font-variant-numeric: tabular-nums; }
  #badge { display: none; margin-left: 0.4em; }
  #level #badge { font-size: 0.6em; line-height: 1.3; padding: 0.05em 0.5em;
    vertical-align: middle; border-radius: 0.2em; overflow: hidden; }
  #level .bars { display: inline-block; width: 0.7em; height: 0.8em; margin-right: 0.35em;
    padding: 0; border-radius: 0; vertical-align: -0.05em;
    background: linear-gradient(90deg, #000 0 35%, transparent 35% 65%, #000 65% 100%); }
  body.paused #badge { display: inline-block; background: #ffd400; color: #000; }
  body.notstarted #badge { display: inline-block; background: #dfe6ee; color: #000; }
  #sound { font: inherit; color: var(--dim); background: none; border: 0.15vh solid #33404f;
    border-radius: 0.3em; padding: 0 0.5em; margin-right: 1vw; cursor: pointer; }
  body.muted #sound { color: #ff8c00; border-color: #ff8c00; }
  body.paused #time { animation: pulse 2s ease-in-out infinite; }
  @keyframes pulse { 50% { opacity: 0.45; } }
  #level { text-align: center; font-weight: 900; letter-spacing: 0.06em;
    font-size: min(10vh, 8vw); line-height: 1.1; }
  #level span { white-space: nowrap; padding: 0 0.4em; border-radius: 0.15em;
    background: var(--accent); color: #000; }
  #time { text-align: center; font-weight: 900; font-variant-numeric: tabular-nums;
    font-size: min(33vh, 27vw); line-height: 1.0; letter-spacing: -0.02em;
    font-family: "DejaVu Sans Mono", "Menlo", "Consolas", monospace; }
  #blinds { text-align: center; font-weight: 900; font-size: min(12vh, 9vw); line-height: 1.1; }
  #blinds small { font-size: 0.45em; color: var(--dim); font-weight: bold;
    vertical-align: middle; }
  #ante { text-align: center; font-weight: bold; font-size: min(6vh, 5vw); line-height: 1.2; }
  #notes { display: flex; justify-content: center; gap: 1vh 1.5vw; flex-wrap: wrap;
    align-items: center; margin: 1vh 0; }
  .note.result { display: block; background: none; color: #fff; }
  .note { font-weight: 900; font-size: min(3.8vh, 2.2vw); padding: 0.15em 0.6em;
    border-radius: 0.3em; white-space: nowrap; }
  .colorup { background: #d0178f; color: #fff; }
  .late { background: #ff8c00; color: #000; }
  .last { background: #ff3b30; color: #fff; }
  #figures { display: flex; flex-wrap: wrap; justify-content: space-around; gap: 0.5vh 3vw;
    margin-top: auto; border-top: 0.3vh solid #33404f; padding-top: 1vh; }
  .fig { text-align: center; }
  .fig .k { font-size: min(2.6vh, 1.7vw); color: var(--dim); letter-spacing: 0.12em;
    text-transform: uppercase; }
  .fig .v { font-size: min(4.8vh, 2.6vw); font-weight: bold; white-space: nowrap; }
  #flash { position: fixed; inset: 0; background: #fff; opacity: 0; pointer-events: none; }
  #flash.on { animation: flash 3s ease-out; }
  @keyframes flash { 0%, 20%, 40% { opacity: 0.9; } 10%, 30% { opacity: 0.1; }
    100% { opacity: 0; } }
  #bounties { display: flex; justify-content: center; align-items: baseline; gap: 0 2vw;
    flex-wrap: wrap; font-size: min(4.2vh, 2.6vw); font-weight: bold; margin: 0.5vh 0; }
  #bounties:empty { display: none; }
  #bounties .k { color: #ffb000; letter-spacing: 0.12em; font-size: 0.7em; }
  #bounties .b { white-space: nowrap; }
  #bounties .b .amt { color: #ffb000; margin-left: 0.35em; }
  /* A long name is cut with an ellipsis, never the amount after it nor the screen's edge. */
  .nm { display: inline-block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
    vertical-align: bottom; max-width: 26vw; }
  .fig .nm { max-width: 42vw; }
  #offline { position: fixed; right: 1vw; bottom: 1vh; color: #ff3b30;
    font-size: min(2.5vh, 2vw); display: none; }
  /* Side panels (the money from the bubble on, a deal ...): a column right of the clock. */
  #row { flex: 1 1 auto; display: flex; min-height: 0; gap: 2vw; }
  #main { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; }
  #side { display: none; flex: 0 0 34vw; flex-direction: column; justify-content: center;
    gap: 1.5vh; min-height: 0; --ps: 1; }
  body.side #side { display: flex; }
  body.side #level { font-size: min(10vh, 5.6vw); }
  body.side #blinds { font-size: min(12vh, 6.2vw); }
  body.side #ante { font-size: min(6vh, 3.4vw); }
  body.side .note { font-size: min(3.8vh, 1.6vw); }
  .panel { border: 0.35vh solid #33404f; border-radius: 1.2vh; background: #0c1219;
    padding: 1vh 1.2vw 1.2vh; font-size: calc(var(--ps) * min(4.6vh, 2.5vw)); }
  .panel h2 { text-align: center; font-weight: 900; letter-spacing: 0.08em; font-size: 1.25em;
    line-height: 1.2; border-radius: 0.2em; background: var(--accent); color: #000; }
  .panel.money.bubble h2 { background: #ff3b30; color: #fff; }
  .panel.deal h2 { background: #d0178f; color: #fff; }
  .panel .lead { text-align: center; font-weight: bold; font-size: 0.95em; margin: 0.25em 0; }
  .panel .rows { display: grid; grid-template-columns: auto 1fr; }
  .panel .rows div { padding: 0.04em 0.35em; line-height: 1.22; white-space: nowrap;
    overflow: hidden; text-overflow: ellipsis; }
  .panel .rows .k { padding-right: 1em; }
  .panel .rows .v { text-align: right; font-weight: bold; font-variant-numeric: tabular-nums; }
  .panel .rows .next { background: #ffd400; color: #000; font-weight: 900; }
  .panel .rows .gap, .panel .rows .out { color: var(--dim); }
  .panel .rows .out { text-decoration: line-through; }
  .panel .alert { text-align: center; font-weight: 900; letter-spacing: 0.06em;
    margin-top: 0.3em; border-radius: 0.2em; background: #ff3b30; color: #fff;
    animation: pulse 2s ease-in-out infinite; }
  .panel .foot { text-align: center; color: var(--dim); font-size: 0.72em; font-weight: bold;
    margin-top: 0.35em; }
</style>
</head>
<body>
<div id="top"><div><span id="name"></span> <span id="structure"></span></div>
  <div><button id="sound" type="button"
    title="Tones a minute before and at each level change and break">SOUND ON</button>
  <span id="clock-time"></span></div></div>
<div id="row"><div id="main">
<div id="level"><span id="label"></span><span id="badge"></span></div>
<div id="time"></div>
<div id="blinds"></div>
<div id="ante"></div>
<div id="notes"></div>
<div id="bounties"></div>
</div><aside id="side"></aside></div>
<div id="figures"></div>
<div id="flash"></div>
<div id="offline">offline</div>
<script>
"use strict";
let data = __INITIAL__;
let got = performance.now();
const $ = (id) => document.getElementById(id);
const num = (n) => Number(n).toLocaleString("en-US");
function mmss(s) {
  s = Math.max(0, Math.floor(s));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), x = s % 60;
  const p = (n) => String(n).padStart(2, "0");
  return h ? h + ":" + p(m) + ":" + p(x) : p(m) + ":" + p(x);
}
function down(s) { return mmss(Math.ceil(Math.max(0, s) - 1e-6)); }
function blinds(l) { return num(l.small_blind) + " / " + num(l.big_blind); }
function antes(l) {
  if (l.ante) return "ANTE " + num(l.ante);
  if (l.bb_ante) return "BIG BLIND ANTE " + num(l.bb_ante);
  return "";
}
function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
}
function fig(k, v) {
  return '<div class="fig"><div class="k">' + k + '</div><div class="v">' + v + "</div></div>";
}
function showBounties(d) {
  // The biggest bounties of the players still in (names as text, never as HTML).
  const box = $("bounties");
  const list = (d.bounties && !d.winner) ? d.bounties.biggest : [];
  const now = JSON.stringify(list);
  if (box.dataset.shown === now) return;
  box.dataset.shown = now;
  box.textContent = "";
  if (!list.length) return;
  const k = document.createElement("span");
  k.className = "k";
  k.textContent = d.bounties.kind === "pko" ? "BIGGEST BOUNTIES (PKO)" : "BIGGEST BOUNTIES";
  box.appendChild(k);
  for (const r of list) {
    const b = document.createElement("span"), a = document.createElement("span");
    const n = document.createElement("span");
    b.className = "b";
    n.className = "nm";
    n.textContent = r.name;
    b.appendChild(n);
    a.className = "amt";
    a.textContent = r.bounty;
    b.appendChild(a);
    box.appendChild(b);
  }
}
let drawn = "";
function sidePanels(list) {
  // Each panel as it comes from the server (see tdtool/app/panels.py); text only, no HTML.
  const now = JSON.stringify(list);
  if (now === drawn) return;
  drawn = now;
  const side = $("side");
  side.textContent = "";
  const add = (parent, tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  };
  for (const p of list) {
    const box = add(side, "section", "panel " + String(p.id || "") +
      (p.title.endsWith("BUBBLE") ? " bubble" : ""));
    add(box, "h2", "", p.title || "");
    if (p.lead) add(box, "div", "lead", p.lead);
    const rows = add(box, "div", "rows");
    for (const r of p.rows || []) {
      const mark = r.mark ? " " + r.mark : "";
      add(rows, "div", "k" + mark, r.label);
      add(rows, "div", "v" + mark, r.value);
    }
    if (p.foot) add(box, "div", "foot", p.foot);
    if (p.alert) add(box, "div", "alert", p.alert);
  }
  document.body.classList.toggle("side", list.length > 0);
  shape = "";
}
function finished(d) {
  // The tournament is over: the winner where the time was, the results under it.
  sidePanels([]);
  const b = document.body.classList;
  showBounties(d);
  ["break", "paused", "notstarted", "lastminute"].forEach((c) => b.remove(c));
  b.add("finished");
  $("name").textContent = d.name || "";
  const seats = d.seat_winners || [];
  const winner = seats.length ? seats.join(" · ") : d.winner;
  $("label").textContent = seats.length ? "SEATS WON" : "WINNER";
  $("time").textContent = winner;
  $("blinds").textContent = "";
  $("ante").textContent = "";
  const notes = $("notes");
  notes.textContent = "";
  for (const r of d.results || []) {
    const span = document.createElement("span");
    span.className = "note result";
    const prize = seats.includes(r.name) ? "  SEAT" : r.prize ? "  " + num(r.prize) : "";
    span.textContent = r.place + ". " + r.name + prize;
    notes.appendChild(span);
  }
  $("figures").innerHTML = fig("Entries", num(d.entries)) +
    (d.prize_pool ? fig("Prize pool", num(d.prize_pool)) : "");
  document.title = (seats.length ? "SEATS WON " : "WINNER ") + winner;
  const now = ["finished", winner, (d.results || []).length, innerWidth, innerHeight].join("|");
  if (now !== shape) { shape = now; fit(); }
}
// Sound: a short tone a minute before the end of each level or break, three rising tones
// when it ends (Web Audio, no files); on unless muted from the page (kept in localStorage).
let muted = false;
try { muted = localStorage.getItem("tdtool-muted") === "1"; } catch (e) {}
let audio = null, lastLeft = null, lastKey = null, lastChange = -1e9, warned = null;
const played = [];
function tone(kind) {
  if (kind === "change") lastChange = performance.now();
  if (muted) return;
  played.push(kind);
  document.body.dataset.sounds = played.join(" ");
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    const beeps = kind === "minute" ? [[880, 0, 0.25]]
      : [[660, 0, 0.3], [880, 0.35, 0.3], [1100, 0.7, 0.5]];
    for (const [freq, at, len] of beeps) {
      const o = audio.createOscillator(), g = audio.createGain();
      const t = audio.currentTime + at;
      o.frequency.value = freq;
      g.gain.setValueAtTime(0.0001, t);
      g.gain.exponentialRampToValueAtTime(0.5, t + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + len);
      o.connect(g).connect(audio.destination);
      o.start(t);
      o.stop(t + len + 0.05);
    }
  } catch (e) { /* no audio device: the page still shows the change */ }
}
function showSound() {
  document.body.classList.toggle("muted", muted);
  $("sound").textContent = muted ? "MUTED" : "SOUND ON";
}
$("sound").addEventListener("click", () => {
  muted = !muted;
  try { localStorage.setItem("tdtool-muted", muted ? "1" : "0"); } catch (e) {}
  if (!muted) {  // a click lets the browser play sound: unlock it now
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      audio.resume();
    } catch (e) {}
  }
  showSound();
});
showSound();
function listen(d, left) {
  const k = key(d);
  if (d.running && !d.past_last_level && k === lastKey && lastLeft !== null) {
    if (lastLeft > 60 && left <= 60 && warned !== k) { warned = k; tone("minute"); }
    if (lastLeft > 0 && left <= 0) tone("change");
  }
  lastLeft = left; lastKey = k;
}
function render() {
  const d = data;
  if (d.winner || (d.seat_winners || []).length) return finished(d);
  document.body.classList.remove("finished");
  sidePanels(d.panels || []);
  const passed = d.running ? (performance.now() - got) / 1000 : 0;
  const left = Math.max(0, d.remaining_seconds - passed);
  const b = document.body.classList;
  b.toggle("break", d.on_break);
  b.toggle("paused", d.status === "paused");
  b.toggle("notstarted", d.status === "not started");
  b.toggle("lastminute", d.running && !d.on_break && !d.past_last_level && left <= 60);
  listen(d, left);
  $("name").textContent = d.name || "";
  $("structure").textContent = d.structure ? "· " + d.structure : "";
  if (d.day_ended) $("badge").textContent = "END OF DAY " + d.day + " \u2014 BAG AND TAG";
  else if (d.status === "paused") $("badge").innerHTML = '<span class="bars"></span>PAUSED';
  else $("badge").textContent = "NOT STARTED";
  const hhmm = {hour: "2-digit", minute: "2-digit"};
  $("clock-time").textContent = new Date().toLocaleTimeString([], hhmm);
  let label = d.on_break ? (d.break_name || "BREAK").toUpperCase() : "LEVEL " + d.level;
  if (d.past_last_level) label += " · LAST LEVEL";
  $("label").textContent = label;
  $("time").textContent = d.past_last_level
    ? "+" + mmss(d.overtime_seconds + passed) : down(left);
  // At the end of a day the blinds shown are the next day's: say so, or the room reads
  // them as the level being played.
  $("blinds").innerHTML = d.on_break
    ? "<small>NEXT: LEVEL " + d.level + "</small> " + blinds(d)
    : d.day_ended ? "<small>DAY " + (d.day + 1) + ":</small> " + blinds(d) : blinds(d);
  $("ante").textContent = antes(d);
  const notes = [];
  const chips = (list) => list.map(num).join(", ");
  if (d.color_up.length)
    notes.push(["colorup", "COLOR-UP NOW: " + chips(d.color_up) + " CHIPS LEAVE PLAY"]);
  else if (d.next_color_up.length && d.seconds_to_break !== null)
    notes.push(["colorup", "COLOR-UP OF " + chips(d.next_color_up) + " AT THE NEXT BREAK"]);
  const laterDay = d.day_last_level !== null && d.day_last_level !== undefined &&
    d.late_registration_level > d.day_last_level;  // closes on a later day: name the level
  if (d.late_registration === "open" && laterDay) {
    notes.push(["late", "LATE REGISTRATION OPEN THROUGH LEVEL " + d.late_registration_level]);
  } else if (d.late_registration === "open") {
    const l = d.seconds_to_late_registration_end - passed;
    notes.push(["late", "LATE REGISTRATION CLOSES IN " + down(l)]);
  } else if (d.late_registration === "closed" && d.level === d.late_registration_level + 1) {
    notes.push(["late", "LATE REGISTRATION IS CLOSED"]);
  }
  if (d.past_last_level) notes.push(["last", "THE LAST LEVEL CONTINUES"]);
  if (d.day_ended) {
    notes.push(["day", "DAY " + (d.day + 1) + (d.on_break
      ? " RESUMES WITH THE BREAK (" + down(d.remaining_seconds) + " LEFT), THEN LEVEL " + d.level
      : " RESUMES AT LEVEL " + d.level + " WITH " + down(d.remaining_seconds) + " LEFT")]);
  } else if (d.day_last_level !== null && d.day_last_level !== undefined) {
    notes.push(["day", "DAY " + d.day + " ENDS AFTER LEVEL " + d.day_last_level +
      " \u00b7 IN " + down(d.seconds_to_day_end - passed)]);
  }
  if (d.seat_bubble)
    notes.push(["last", "SEAT BUBBLE: " + d.players_left + " PLAYERS FOR " + d.seats +
      (d.seats === 1 ? " SEAT" : " SEATS")]);
  $("notes").innerHTML = notes
    .map((n) => '<span class="note ' + n[0] + '">' + n[1] + "</span>").join("");
  showBounties(d);
  const figs = [];
  if (d.next_level && !d.on_break) {
    const n = d.next_level;
    let t = "L" + n.level + " " + blinds(n);
    if (n.ante) t += " · ante " + num(n.ante);
    else if (n.bb_ante) t += " · BB ante " + num(n.bb_ante);
    figs.push(fig("Next level", t));
  }
  if (d.seconds_to_break !== null)
    figs.push(fig("Next break in", down(d.seconds_to_break - passed)));
  if (d.entries) figs.push(fig("Players left", d.players_left + " of " + d.entries + " entries"));
  if (d.entries && d.average_stack) {
    figs.push(fig("Average stack", num(d.average_stack) +
      (d.average_big_blinds ? " · " + num(d.average_big_blinds) + " BB" : "")));
  }
  if (d.chip_leader) {
    const c = d.chip_leader;
    figs.push(fig(c.at_last_count ? "Chip leader at the last count" : "Chip leader",
      '<span class="nm">' + esc(c.name) + "</span> · " + num(c.chips) +
      (c.big_blinds ? " · " + num(c.big_blinds) + " BB" : "")));
  }
  if (d.prize_pool) figs.push(fig("Prize pool", num(d.prize_pool)));
  if (d.seats) figs.push(fig("Seats", d.seats + " × " + num(d.seat_value)));
  $("figures").innerHTML = figs.join("");
  document.title = label + " " + $("time").textContent;
  const now = [$("time").textContent.length, notes.length, figs.join("").length, innerWidth,
    innerHeight, $("blinds").textContent, $("ante").textContent,
    $("bounties").textContent].join("|");
  if (now !== shape) { shape = now; fit(); }
}
let shape = "";
function fit() {
  // The time as large as the screen allows: its width by its length, then smaller until
  // everything else fits under it. The side panels shrink until they fit their column.
  const t = $("time"), body = document.body, main = $("main"), side = $("side");
  const wide = main.clientWidth || innerWidth;
  let size = Math.min(innerHeight * 0.33, (wide * 0.94) / (t.textContent.length * 0.6));
  t.style.fontSize = size + "px";
  const over = (e) => e.scrollHeight > e.clientHeight + 1;
  for (let i = 0; i < 25 && (over(body) || over(main)); i++) {
    size *= 0.93;
    t.style.fontSize = size + "px";
  }
  let scale = 1;
  side.style.setProperty("--ps", "1");
  for (let i = 0; i < 20 && over(side); i++) {
    scale *= 0.93;
    side.style.setProperty("--ps", String(scale));
  }
  // What the page could not fit (the tests read it): "yes" when nothing overflows.
  const wider = (e) => e.scrollWidth > e.clientWidth + 1;
  body.dataset.fits = over(body) || over(main) || over(side) || wider(body) ? "no" : "yes";
}
addEventListener("resize", () => { shape = ""; render(); });
function key(d) { return [d.level, d.on_break, d.past_last_level].join("|"); }
const POLL_WAIT = 3000;  // ms a poll may take: a server that does not answer is offline
let lastUpdate = new Date();  // the data built into the page is of this moment
function hms(t) {
  return [t.getHours(), t.getMinutes(), t.getSeconds()]
    .map((n) => String(n).padStart(2, "0")).join(":");
}
async function poll() {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), POLL_WAIT);
  try {
    const r = await fetch("/api/clock", {cache: "no-store", signal: stop.signal});
    const d = await r.json();
    if (!r.ok || d.error) throw new Error(d.error || r.status);
    if (key(d) !== key(data)) {
      // A level change the countdown did not reach here (clock next, a paused page ...).
      if (performance.now() - lastChange > 5000 && !d.winner && !(d.seat_winners || []).length)
        tone("change");
      const f = $("flash");
      f.classList.remove("on"); void f.offsetWidth; f.classList.add("on");
    }
    data = d; got = performance.now(); lastUpdate = new Date();
    $("offline").style.display = "none";
  } catch (e) {
    // Unreachable, too slow, or the tournament could not be read: the clock counts on from
    // the last data, and says since when.
    $("offline").textContent = "offline, last update " + hms(lastUpdate);
    $("offline").style.display = "block";
  } finally {
    clearTimeout(timer);
  }
  render();
  setTimeout(poll, 1000);  // the next poll once this one is over: never several at once
}
render();
setInterval(render, 200);
setTimeout(poll, 1000);
</script>
</body>
</html>
"""
