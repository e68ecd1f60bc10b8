"""What one tick of a clock display costs, against the tick it has to fit in.

The displays (`clock run`, `clock serve`) fold the whole tournament file on every tick
(every 0.5 s for the terminal; every poll, once a second per TV, for the web page), so
commands from other terminals show at once. Target: a tick of a big tournament (300
entries, a full day of clock commands) well under 5% of the terminal's 0.5 s tick.
Figures are CPU time, best of a few runs (the machine is shared).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from tdtool.app.clock import view_data
from tdtool.io.store_base import create_store
from tdtool.tournament.clock import ClockAction, ClockFact, reading
from tdtool.tournament.state import structure_to_dict
from tdtool.tournament.structure import Break, Level, Structure
from tdtool.tournament.terms import Terms

TICK = 0.5
STRUCTURE = Structure(
    "bench",
    20_000,
    tuple(
        p
        for n in range(1, 31)
        for p in ((Level(n, 25 * n, 50 * n, 20),) + ((Break(10, (25,)),) if n % 4 == 0 else ()))
    ),
    late_registration=8,
)


def _best(fn, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        fn()
        best = min(best, time.process_time() - started)
    return best


def _facts(count: int) -> list[ClockFact]:
    kinds = [ClockAction.PAUSE, ClockAction.RESUME, ClockAction.ADD, ClockAction.NEXT]
    facts = [ClockFact(ClockAction.START, 0.0)]
    facts += [ClockFact(kinds[i % 4], 10.0 * i, 60) for i in range(1, count)]
    return facts


def main() -> None:
    for count in (10, 100, 1000):
        facts = _facts(count)
        per = _best(lambda f=facts: [reading(f, STRUCTURE, 99_999.0) for _ in range(100)]) / 100
        print(f"reading() with {count:>4} clock facts: {per * 1e6:8.1f} µs")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.tdtool"
        created = {
            "name": "Bench Cup",
            "structure": structure_to_dict(STRUCTURE),
            "terms": Terms(buy_in=100).to_dict(),
            "seats": 9,
            "tables": None,
        }
        with create_store(path, [("tournament.created", created)]) as store:
            with store.transaction() as tx:
                for i in range(300):
                    tx.append("player.registered", {"name": f"Player {i}"})
            with store.transaction() as tx:
                tx.append("clock.start", {})
            for i in range(400):
                with store.transaction() as tx:
                    tx.append(["clock.pause", "clock.resume"][i % 2], {})
            events = len(store.events())
            tick = _best(lambda: view_data(store.state(), time.time()).to_dict(), repeat=10)
        share = tick / TICK * 100
        print(
            f"display tick, {events} events (300 entries, 401 clock commands):"
            f" {tick * 1e3:.1f} ms = {share:.1f}% of the {TICK:g} s tick"
        )


if __name__ == "__main__":
    main()
