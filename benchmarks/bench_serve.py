"""`tdtool clock serve` under load: the figures of issue 15 (a clock server that stays up).

Three loads on the real command (a subprocess, its terminal kept in a file), a tournament
of 300 entries with a running clock:

- polling: 200 clients for 30 s (TDTOOL_BENCH_SERVE_SECONDS), each asking every 0.1-0.3 s
  (a TV asks once a second), half keeping their connection, one in twenty resetting it
  before the answer, plus 50 half-open connections throughout (tests/serve_load.py);
- flat out: 200 clients asking again as soon as answered, for 10 s: what the server does
  at most on this machine (the load generator in this process shares its CPU);
- idle: 1,300 connections opened and left silent, then one request: its time, and the
  server's threads.

Figures: requests answered/unanswered (a whole 200 within 30 s), latency p50/p99/max,
the server's threads at most, and "Traceback" lines on its terminal.
`TDTOOL_BENCH_SERVE_BEFORE=DIR` measures the checkout in DIR too (e.g. `git archive` of
an older commit), for a before/after table.
"""

from __future__ import annotations

import os
import socket
import tempfile
import time
from pathlib import Path

from tdtool.io.store_base import open_store
from tests.serve_load import ROOT, Server, load, served
from tests.tournament_fixtures import make

SECONDS = float(os.environ.get("TDTOOL_BENCH_SERVE_SECONDS", "30"))


def _tournament(folder: Path) -> Path:
    path = make(folder / "bench.tdtool", buy_in=100)
    with open_store(path) as store:
        with store.transaction() as tx:
            for i in range(300):
                tx.append("player.registered", {"name": f"Player {i}"})
        store.change(lambda tx: tx.append("clock.start", {}))
    return path


def _idle(server: Server, count: int = 1300) -> str:
    held = []
    try:
        for _ in range(count):
            held.append(socket.create_connection((server.host, server.port), timeout=30))
        time.sleep(1.0)
        threads = server.threads()
        started = time.perf_counter()
        with socket.create_connection((server.host, server.port), timeout=30) as sock:
            sock.sendall(b"GET /api/clock HTTP/1.0\r\n\r\n")
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        took = time.perf_counter() - started
        ok = answer.startswith(b"HTTP/1.") and b" 200 " in answer[:16]
        return (
            f"{count} idle connections: server threads {threads};"
            f" one more request {'answered' if ok else 'NOT answered'} in {took * 1000:.1f} ms"
        )
    except OSError as exc:
        return f"{count} idle connections: {type(exc).__name__} after {len(held)}: {exc}"
    finally:
        for sock in held:
            sock.close()


def _measure(label: str, source: Path, db: Path) -> None:
    print(f"-- {label} ({source})", flush=True)
    with served(db, source) as server:
        polling = load(server.host, server.port, seconds=SECONDS, think=0.2, server=server)
        print(f"polling:  {polling.summary()}", flush=True)
        flat = load(server.host, server.port, seconds=10, think=0.0, half_open=0, server=server)
        print(f"flat out: {flat.summary()}", flush=True)
        print(f"idle:     {_idle(server)}", flush=True)
        errors = server.errors()
    print(
        f"terminal: {errors.count('Traceback')} tracebacks,"
        f" {len(errors.splitlines())} lines written",
        flush=True,
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = _tournament(Path(tmp))
        before = os.environ.get("TDTOOL_BENCH_SERVE_BEFORE")
        if before:
            _measure("before", Path(before), db)
        _measure("this checkout", ROOT, db)
