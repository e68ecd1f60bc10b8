"""The tournament file: what one change costs as the field and the log grow.

A change (as every `tdtool` command makes it) opens the file, replays the log into the
state, decides (here: one bust with its balancing moves), appends the events and commits.
The replay reads the whole log, so its cost grows with the log; this prints it for fields
of 200, 2,000 and 10,000 players after the draw and after busting half of them.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from tdtool.io.store_base import create_store, open_store
from tdtool.tournament import director
from tdtool.tournament.state import fold, structure_to_dict
from tdtool.tournament.structure import Level, Structure
from tdtool.tournament.terms import Terms

STRUCTURE = Structure("Bench", 10_000, (Level(1, 50, 100, 20),))


def _change(path: Path, build) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    with open_store(path) as store, store.transaction() as tx:
        for kind, data in build(tx.state(), tx.now):
            tx.append(kind, data)
    return time.perf_counter() - started


def run(players: int, folder: Path) -> tuple[float, float, float, int]:
    """(ms per bust after the draw, ms per bust at half the field, ms per fold, events)."""
    path = folder / f"bench-{players}.tdtool"
    created = {
        "name": "Bench",
        "structure": structure_to_dict(STRUCTURE),
        "terms": Terms().to_dict(),
        "seats": 9,
        "tables": None,
    }
    create_store(path, [("tournament.created", created)]).close()
    rng = random.Random(players)
    names = [f"P{i:05d}" for i in range(players)]
    _change(path, lambda s, now: director.register(s, names, now, rng))
    _change(path, lambda s, now: director.draw(s, rng))
    rng.shuffle(names)
    early = [_change(path, lambda s, now, n=n: director.bust(s, [n], rng)) for n in names[:10]]
    with open_store(path) as store, store.transaction() as tx:  # bust to half in one go
        state = tx.state()
        for n in names[10 : players // 2]:
            for kind, data in director.bust(state, [n], rng):
                event = tx.append(kind, data)
                if kind == "player.busted":  # the plan is current already; mark the bust
                    fold([event], state)
    late = [
        _change(path, lambda s, now, n=n: director.bust(s, [n], rng))
        for n in names[players // 2 : players // 2 + 10]
    ]
    with open_store(path) as store:
        started = time.perf_counter()
        store.state()
        replay = time.perf_counter() - started
        events = len(store.events())
    return statistics.median(early) * 1e3, statistics.median(late) * 1e3, replay * 1e3, events


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        print(
            f"{'players':>8} {'events':>8} {'bust after draw':>16} {'bust at half':>13} "
            f"{'replay':>8}"
        )
        for players in (200, 2_000, 10_000):
            early, late, fold, events = run(players, Path(tmp))
            print(f"{players:>8} {events:>8} {early:>13.1f} ms {late:>10.1f} ms {fold:>5.0f} ms")


if __name__ == "__main__":
    main()
