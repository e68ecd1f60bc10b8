"""Command latency on a PostgreSQL server (localhost) against the same command on a file.

For a 1,000- and a 10,000-entry tournament (registered, drawn, a tenth of the field busted
one change at a time), each command runs as a director runs it, as a whole process
(`python -m tdtool --db TARGET ...`), 5 times; the median is printed for the file, for the
server, and their ratio. The server is a throw-away PostgreSQL 15 in a temporary folder
(tests/pg_server.py), or the one in TDTOOL_BENCH_PG (a postgresql:// URL of a database the
benchmark may add tournaments to).

    python benchmarks/run.py pg
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from tdtool.io.store_base import create_store, open_store
from tdtool.tournament import director
from tdtool.tournament.state import fold, structure_to_dict
from tdtool.tournament.structure import Level, Structure
from tdtool.tournament.terms import Terms

ROOT = Path(__file__).resolve().parent.parent
STRUCTURE = Structure("Bench", 10_000, tuple(Level(i, 50 * i, 100 * i, 20) for i in range(1, 30)))
RUNS = 5


def build(target: str | Path, entries: int) -> list[str]:
    """A tournament of `entries` at `target`; returns the names still in."""
    created = {
        "name": f"Bench {entries:,}",
        "structure": structure_to_dict(STRUCTURE),
        "terms": Terms(buy_in=100, reentry=True).to_dict(),
        "seats": 9,
        "tables": None,
    }
    create_store(target, [("tournament.created", created)]).close()
    rng = random.Random(entries)
    names = [f"P{i:05d}" for i in range(entries)]
    with open_store(target, operator="bench") as store:
        with store.transaction() as tx:
            for kind, data in director.register(tx.state(), names, tx.now, rng):
                tx.append(kind, data)
        with store.transaction() as tx:
            for kind, data in director.draw(tx.state(), rng):
                tx.append(kind, data)
            tx.append("clock.start", {})
        state = store.state()
        rng.shuffle(names)
        busted = names[: entries // 10]
        for start in range(0, len(busted), 50):  # one change per bust, as at the table
            with store.transaction() as tx:  # (50 changes per transaction: the setup's speed)
                for name in busted[start : start + 50]:
                    for kind, data in director.bust(state, [name], rng):
                        event = tx.append(kind, data)
                        if kind == "player.busted":
                            fold([event], state)
    return names[entries // 10 :]


def timed(target: str | Path, *args: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TDTOOL_OPERATOR": "bench"}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "tdtool", "--db", str(target), *args],
        env=env,
        capture_output=True,
        text=True,
    )
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"tdtool {' '.join(args)} failed: {done.stderr.strip()}")
    return took


def commands(alive: list[str]) -> list[tuple[str, list[list[str]]]]:
    """(label, the argument lists of its RUNS runs); changes use a new name each run."""
    left = iter(alive)
    return [
        ("status --json", [["status", "--json"]] * RUNS),
        ("clock status", [["clock", "status"]] * RUNS),
        ("player list --json", [["player", "list", "--json"]] * RUNS),
        ("player add NAME", [["player", "add", f"New{i}", "--yes"] for i in range(RUNS)]),
        ("player bust NAME", [["player", "bust", next(left), "--yes"] for _ in range(RUNS)]),
        ("log --last 20", [["log", "--last", "20"]] * RUNS),
    ]


def main() -> None:
    server = None
    url = os.environ.get("TDTOOL_BENCH_PG")
    if not url:
        sys.path.insert(0, str(ROOT))
        from tests import pg_server

        server = pg_server.start()
        url = server.url()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            print(f"{'entries':>8}  {'command':<20} {'file':>9} {'server':>9} {'ratio':>6}")
            for entries in (1_000, 10_000):
                key = f"bench-{entries}-{uuid.uuid4().hex[:6]}"
                targets = {
                    "file": Path(tmp) / f"bench-{entries}.tdtool",
                    "pg": f"{url}?tournament={key}",
                }
                alive = {}
                for name, target in targets.items():
                    alive[name] = build(target, entries)
                    timed(target, "status")  # the first read after the build (snapshot)
                for label, runs in commands(alive["file"]):
                    med = {}
                    for name, target in targets.items():
                        med[name] = statistics.median(timed(target, *args) for args in runs)
                    print(
                        f"{entries:>8,}  {label:<20} {med['file'] * 1e3:>6.0f} ms"
                        f" {med['pg'] * 1e3:>6.0f} ms {med['pg'] / med['file']:>5.2f}x",
                        flush=True,
                    )
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
