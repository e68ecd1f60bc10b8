"""`tdtool serve` under an evening's load: 300 players' pages following the push, 10 staff acting.

The real command in a subprocess (its terminal kept in a file) on a tournament of 300 entries
seated, the clock running. For 60 s (TDTOOL_BENCH_WEB_SECONDS):

- 300 players' pages hold `GET /api/events` open (server-sent events), in one asyncio loop;
- 10 staff, each signed in from their own link, act as people do, 1-3 s apart: 5 at the
  desk register a late entry each time, 2 directors pause and resume the clock, 3 dealers
  check a hand; each in a thread of its own, on a kept-alive connection.

Then one last change (a pause), made with every page listening: how long until each of the
300 pages had it. Figures: staff actions answered (any HTTP answer within 30 s: a 409, a
clock already paused, is an answer) and their latency p50/p99/max; events each page got;
the last change's push delay p50/p99/max and how many pages had it; "Traceback" lines.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tdtool.app import staff
from tdtool.io.store_base import open_store
from tests.serve_load import ROOT
from tests.tournament_fixtures import make

SECONDS = float(os.environ.get("TDTOOL_BENCH_WEB_SECONDS", "60"))
PAGES = int(os.environ.get("TDTOOL_BENCH_WEB_PAGES", "300"))
HAND = (ROOT / "examples" / "hands" / "side-pots.yaml").read_text()


def _tournament(folder: Path) -> Path | str:
    return seated(make(folder / "bench.tdtool", buy_in=100))


def seated(db: Path | str) -> Path | str:
    """300 entries registered at `db` (a created tournament), drawn, the clock running."""
    from tdtool.app.players import register

    register(db, [f"Player {i}" for i in range(300)])  # type: ignore[arg-type]
    from tdtool.app.seats import draw

    draw(db)  # type: ignore[arg-type]
    with open_store(db) as store:
        store.change(lambda tx: tx.append("clock.start", {}))
    return db


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(values: list[float]) -> str:
    return (
        f"p50 {_pct(values, 0.5) * 1000:.0f} ms, p99 {_pct(values, 0.99) * 1000:.0f} ms,"
        f" max {max(values, default=float('nan')) * 1000:.0f} ms"
    )


class Page:
    """One player's page: the times its events arrived."""

    def __init__(self) -> None:
        self.arrivals: list[float] = []
        self.failed = ""


async def _follow(host: str, port: int, page: Page, stop: asyncio.Event) -> None:
    try:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(f"GET /api/events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        await writer.drain()
        while not stop.is_set():
            line = await asyncio.wait_for(reader.readline(), 30)
            if not line:
                page.failed = "closed"
                return
            if line.startswith(b"event: state"):
                page.arrivals.append(time.monotonic())
        writer.close()
    except Exception as exc:  # counted, not raised: the figures say how many
        page.failed = f"{type(exc).__name__}: {exc}"


def _pages(addresses: list[tuple[str, int]], where: list[int], pages: list[Page],
           stop: asyncio.Event, ready: threading.Event,
           loop_box: list[asyncio.AbstractEventLoop]) -> None:  # fmt: skip
    """Every page follows the push of the server `addresses[where[i]]`, in one loop."""

    async def main() -> None:
        loop_box.append(asyncio.get_running_loop())
        tasks = []
        for page, n in zip(pages, where, strict=True):
            tasks.append(asyncio.create_task(_follow(*addresses[n], page, stop)))
            await asyncio.sleep(0.005)  # phones arrive over a few seconds, not at once
        ready.set()
        await stop.wait()
        await asyncio.sleep(0.2)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())


class Staff(threading.Thread):
    """One person acting from a phone: signed in, then an action every 1-3 s."""

    def __init__(
        self, host: str, port: int, db: Path | str, name: str, role: str, until: float
    ) -> None:
        super().__init__(daemon=True)
        self.host, self.port, self.name, self.role, self.until = host, port, name, role, until
        self.code = staff.add(db, name, role).code
        self.latencies: list[float] = []
        self.statuses: dict[int, int] = {}
        self.unanswered = 0

    def _request(
        self,
        conn: http.client.HTTPConnection,
        method: str,
        path: str,
        body: dict | None = None,
        headers: dict | None = None,
    ) -> tuple[int, dict, str]:
        conn.request(method, path, json.dumps(body) if body is not None else None, headers or {})
        answer = conn.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read().decode()

    def run(self) -> None:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        status, headers, _ = self._request(conn, "POST", f"/signin/{self.code}")
        cookie = headers.get("set-cookie", "").split(";")[0]
        _, _, text = self._request(conn, "GET", "/api/session", headers={"Cookie": cookie})
        csrf = json.loads(text)["csrf"]
        head = {"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json"}
        rng = random.Random(self.name)
        count = 0
        paused = False
        while time.monotonic() < self.until:
            time.sleep(rng.uniform(1, 3))
            count += 1
            if self.role == "desk":
                path, body = "/api/players/add", {"names": [f"Late {self.name} {count}"]}
            elif self.role == "director":
                path, body = "/api/clock", {"action": "resume" if paused else "pause"}
                paused = not paused
            else:
                path, body = "/api/hand/check", {"hand": HAND}
            started = time.monotonic()
            try:
                status, _, _ = self._request(conn, "POST", path, body, head)
            except (OSError, http.client.HTTPException):
                self.unanswered += 1
                conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
                continue
            self.latencies.append(time.monotonic() - started)
            self.statuses[status] = self.statuses.get(status, 0) + 1


def _serve(db: Path | str, folder: Path, n: int) -> tuple[subprocess.Popen[str], Path, str, int]:
    """`tdtool serve` on `db` in a subprocess (its terminal kept in a file): the process,
    that file, and the address it listens on."""
    err_path = folder / f"stderr-{n}.txt"
    with open(err_path, "w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tdtool", "--db", str(db), "serve", "--port", "0"],
            stdout=subprocess.PIPE, stderr=err, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
    first = proc.stdout.readline() if proc.stdout else ""
    found = re.search(r"http://(127\.0\.0\.1):(\d+)", first)
    assert found, first
    return proc, err_path, found.group(1), int(found.group(2))


def run(db: Path | str, folder: Path, serves: int = 1) -> None:
    """The load on `serves` processes of `tdtool serve` on the tournament `db` (a file, or a
    PostgreSQL tournament when more than one): the players' pages and the staff are dealt
    out among them in turn; print the figures, with the last change's delay per process."""
    started = [_serve(db, folder, n) for n in range(serves)]
    procs = [s[0] for s in started]
    addresses = [(s[2], s[3]) for s in started]
    try:
        pages = [Page() for _ in range(PAGES)]
        where = [i % serves for i in range(PAGES)]
        loops: list[asyncio.AbstractEventLoop] = []
        ready = threading.Event()
        stop = asyncio.Event()
        follower = threading.Thread(
            target=_pages, args=(addresses, where, pages, stop, ready, loops), daemon=True
        )
        follower.start()
        ready.wait(60)
        time.sleep(1.0)
        until = time.monotonic() + SECONDS
        roles = ["desk"] * 5 + ["director"] * 2 + ["dealer"] * 3
        people = [
            Staff(*addresses[i % serves], db, f"Staff {i}", role, until)
            for i, role in enumerate(roles)
        ]
        for person in people:
            person.start()
        for person in people:
            person.join(SECONDS + 60)
        time.sleep(1.0)
        # The last change, every page listening: how long until each one had it.
        before = [len(p.arrivals) for p in pages]
        from tdtool.app.clock import clock_action
        from tdtool.tournament.clock import ClockAction

        try:
            clock_action(db, ClockAction.PAUSE)  # type: ignore[arg-type]
        except Exception:
            clock_action(db, ClockAction.RESUME)  # type: ignore[arg-type]
        changed = time.monotonic()
        time.sleep(3.0)
        delays: list[list[float]] = [[] for _ in range(serves)]
        for p, b, n in zip(pages, before, where, strict=True):
            if len(p.arrivals) > b:
                delays[n].append(p.arrivals[b] - changed)
        loops[0].call_soon_threadsafe(stop.set)
        follower.join(30)
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=20)
    latencies = [x for p in people for x in p.latencies]
    statuses: dict[int, int] = {}
    for p in people:
        for code, count in p.statuses.items():
            statuses[code] = statuses.get(code, 0) + count
    events = sorted(len(p.arrivals) for p in pages)
    failed = [p.failed for p in pages if p.failed]
    tracebacks = sum(s[1].read_text().count("Traceback") for s in started)
    on = f" on {serves} serve processes" if serves > 1 else ""
    print(f"{PAGES} pages following the push, 10 staff acting for {SECONDS:.0f} s{on}")
    print(
        f"staff actions: {len(latencies)} answered, {sum(p.unanswered for p in people)}"
        f" unanswered; statuses {dict(sorted(statuses.items()))}; {_ms(latencies)}"
    )
    for n in range(serves) if serves > 1 else ():
        mine = [x for i, p in enumerate(people) if i % serves == n for x in p.latencies]
        print(f"  process {n + 1}: {sum(where[i] == n for i in range(PAGES))} pages,"
              f" {len(range(n, len(people), serves))} staff: {_ms(mine)}")  # fmt: skip
    print(
        f"events per page: min {events[0]}, median {events[len(events) // 2]},"
        f" max {events[-1]}; pages that failed: {len(failed)} {failed[:3]}"
    )
    reached = [x for d in delays for x in d]
    print(f"the last change reached {len(reached)} of {PAGES} pages: {_ms(reached)}")
    for n in range(serves) if serves > 1 else ():
        print(f"  through process {n + 1}: {len(delays[n])} pages, {_ms(delays[n])}")
    print(f"tracebacks on the servers' terminals: {tracebacks}")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        run(_tournament(folder), folder)
