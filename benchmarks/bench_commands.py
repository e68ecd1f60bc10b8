"""Commands as a director meets them: whole processes on tournaments of every size.

Times `player bust`, `clock pause`, `status --json` and `seat show --json` (each a fresh
`python -m tdtool` process) on tournaments of 100, 1,000, 10,000 and 30,000 entries and on a
festival-sized file (10,000 entries, 50,000 events), plus one poll of an unchanged tournament
(what `clock run` and each TV request do between changes), and prints each figure against the
same command at 100 entries. Target (issue 10): every ratio within 1.5x.

The files are built through the store API (registrations, the draw, busts with their moves,
buttons, clock pauses and resumes, re-entries), not through thousands of CLI calls, so the
whole benchmark takes a couple of minutes:

    python benchmarks/bench_commands.py            # or: python benchmarks/run.py commands
    python benchmarks/bench_commands.py --quick    # 100 and 10,000 entries only
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

REPEAT = 9
"""Runs of each command per file; the median is printed."""

PYCACHE = os.path.join(tempfile.gettempdir(), "tdtool-bench-pycache")
"""Every process runs with a bytecode cache, as an installed tdtool does (pip compiles the
.pyc files at install): without one (PYTHONDONTWRITEBYTECODE=1) each run would also compile
tdtool's modules, a fixed cost that hides how a command grows with the tournament."""


def build(path: Path, entries: int, events: int | None = None, seed: int = 1) -> int:
    """Write a tournament of `entries` entries to `path`; return the number of events.

    Registrations, the draw, the clock started, then busts (each with its balancing moves),
    buttons recorded and clock pauses/resumes until a quarter of the field is out. With
    `events`, re-entries stand for part of the entries and buttons and clock actions fill the
    log up to that many events.
    """
    from tdtool.io.store_base import create_store, open_store
    from tdtool.tournament import director
    from tdtool.tournament.state import fold, structure_to_dict
    from tdtool.tournament.structure import Level, Structure
    from tdtool.tournament.terms import Terms

    rng = random.Random(seed)
    structure = Structure(
        "Bench", 20_000, tuple(Level(i, 100 * i, 200 * i, 30) for i in range(1, 31))
    )
    created = {
        "name": "Bench",
        "structure": structure_to_dict(structure),
        "terms": Terms(reentry=True, buy_in=100, fee=10).to_dict(),
        "seats": 9,
        "tables": None,
    }
    now = time.time() - 3600
    create_store(path, [("tournament.created", created)], now=now).close()
    reentries = 0 if events is None else entries // 5
    names = [f"Player {i:05d}" for i in range(entries - reentries)]
    with open_store(path) as store:
        with store.transaction(now=now) as tx:
            for n in names:
                tx.append("player.registered", {"name": n})
        with store.transaction(now=now) as tx:
            state = tx.state()
            for kind, data in director.draw(state, rng):
                tx.append(kind, data)
        with store.transaction(now=now) as tx:
            tx.append("clock.start", {})
        state = store.state()
        seated = list(names)
        rng.shuffle(seated)
        busts = entries // 4 + reentries
        count = len(store.events())
        target = events if events is not None else count + busts * 3
        done = 0
        while count < target:
            with store.transaction(now=now) as tx:
                for _ in range(500):
                    if done < busts and len(seated) > 10:
                        name = seated.pop()
                        for kind, data in director.bust(state, [name], rng):
                            event = tx.append(kind, data)
                            count += 1
                            if kind == "player.busted":  # the moves are in the plan already
                                fold([event], state)
                        done += 1
                        if reentries and done % 4 == 0 and reentries > 0:
                            reentries -= 1
                            for kind, data in director.reenter(state, name, now, rng):
                                event = tx.append(kind, data)
                                count += 1
                                if kind == "player.reentered":
                                    fold([event], state)
                            seated.insert(0, name)
                    table = rng.choice(sorted(state.plan.open_tables()))
                    seat = rng.choice(sorted(state.plan.players_at(table)))
                    for kind, data in director.button(state, table, seat):
                        fold([tx.append(kind, data)], state)
                        count += 1
                    if rng.random() < 0.02:
                        tx.append("clock.pause", {})
                        tx.append("clock.resume", {})
                        count += 2
                    if count >= target and done >= busts:
                        break
        while reentries > 0:  # a festival file: the entries it promises
            with store.transaction(now=now) as tx:
                name = next(p.name for p in state.players.values() if p.busted)
                for kind, data in director.reenter(state, name, now, rng):
                    event = tx.append(kind, data)
                    if kind == "player.reentered":
                        fold([event], state)
                reentries -= 1
        return len(store.events())


def _tdtool(db: Path, *args: str) -> tuple[float, float]:
    """(wall, CPU) seconds one `python -m tdtool --db DB ARGS` process takes (it must succeed).

    CPU time (user + system of the process) is what the command costs; wall-clock time also
    counts waiting for a busy machine, so on a shared one the CPU ratios are the steadier."""
    import resource

    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100", PYTHONPYCACHEPREFIX=PYCACHE)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _COUNTING, "--db", str(db), *args],
        capture_output=True,
        env=env,
        cwd=ROOT,
    )
    took = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"tdtool {' '.join(args)} failed: {done.stdout!r}{done.stderr!r}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    stderr = done.stderr.decode(errors="replace")
    wrote = int(stderr.rsplit("WCHAR ", 1)[1]) if "WCHAR " in stderr else 0
    WRITTEN.setdefault((str(db), " ".join(args[:2])), []).append(max(0, wrote - len(done.stdout)))
    return took, cpu


_COUNTING = """
import atexit, os, runpy, sys
def _report():
    with open("/proc/self/io") as io:
        wchar = next(int(line.split()[1]) for line in io if line.startswith("wchar"))
    os.write(2, f"\\nWCHAR {wchar}".encode())
if os.path.exists("/proc/self/io"):
    atexit.register(_report)
sys.argv[0] = "tdtool"
runpy.run_module("tdtool", run_name="__main__")
"""
"""`python -m tdtool ARGS` that, as it exits, reports the bytes it wrote (Linux's wchar):
the file, its -wal and the checkpoint, and what it printed (taken off again)."""

WRITTEN: dict[tuple[str, str], list[int]] = {}
"""Bytes each run wrote, by file and command."""


def _poll(db: Path) -> float:
    """Seconds of work one refresh of an unchanged tournament costs (median of 200): what
    `clock run` draws and a TV request answers, the display data from the cached view."""
    from tdtool.app.clock import display_base, view_data
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        view = store.view()
        state, base = view.derived(display_base)
        view_data(state, time.time(), base).to_dict()
        times = []
        for _ in range(200):
            started = time.perf_counter()
            state, base = view.derived(display_base)
            view_data(state, time.time(), base).to_dict()
            times.append(time.perf_counter() - started)
    return statistics.median(times)


COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("player bust", ("player", "bust", "--yes")),
    ("clock pause", ("clock", "pause")),
    ("status --json", ("status", "--json")),
    ("seat show --json", ("seat", "show", "--json")),
)


def measure(dbs: list[Path]) -> list[dict[str, tuple[float, float]]]:
    """Median (wall, CPU) seconds of each command on each file (busts pick seated players;
    each pause is followed by a resume), and of a poll of the unchanged tournament.

    The runs are interleaved: each round runs every command on every file, so a machine
    that gets busier during the benchmark slows the small and the big files alike."""
    from tdtool.io.store_base import open_store

    seated: list[list[str]] = []
    for db in dbs:
        _tdtool(db, "clock", "pause")  # a change first: it writes the snapshot a real file has
        _tdtool(db, "clock", "resume")
        with open_store(db) as store:
            state = store.state()
        names = [p.name for p in state.players.values() if not p.busted]
        random.Random(7).shuffle(names)
        seated.append(names)
    runs: list[dict[str, list[tuple[float, float]]]] = [{} for _ in dbs]
    for _ in range(REPEAT):
        for label, args in COMMANDS:
            for i, db in enumerate(dbs):
                extra = (seated[i].pop(),) if label == "player bust" else ()
                runs[i].setdefault(label, []).append(_tdtool(db, *args, *extra))
                if label == "clock pause":
                    _tdtool(db, "clock", "resume")
    out: list[dict[str, tuple[float, float]]] = []
    for i, db in enumerate(dbs):
        figures = {
            label: (
                statistics.median(r[0] for r in times),
                statistics.median(r[1] for r in times),
            )
            for label, times in runs[i].items()
        }
        poll = _poll(db)
        figures["poll (unchanged)"] = (poll, poll)
        out.append(figures)
    return out


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    quick = "--quick" in argv
    sizes: list[tuple[str, int, int | None]] = [
        ("100", 100, None),
        ("1,000", 1_000, None),
        ("10,000", 10_000, None),
        ("30,000", 30_000, None),
        ("10,000 / 50k events", 10_000, 50_000),
    ]
    if quick:
        sizes = [sizes[0], sizes[2]]
    folder = Path(tempfile.mkdtemp(prefix="tdtool-bench-"))
    try:
        built_files: list[tuple[str, int, int, Path]] = []
        for label, entries, events in sizes:
            path = folder / f"bench-{entries}-{events or 0}.tdtool"
            started = time.perf_counter()
            count = build(path, entries, events)
            took = time.perf_counter() - started
            size = path.stat().st_size
            print(
                f"built {label}: {count:,} events, {size / 1e6:.1f} MB in {took:.0f} s",
                flush=True,
            )
            built_files.append((label, count, size, path))
        measured = measure([path for *_, path in built_files])
        results = [
            (label, count, size, figures)
            for (label, count, size, _), figures in zip(built_files, measured, strict=True)
        ]
        base = results[0][3]
        labels = [c for c, _ in COMMANDS]
        for which, title in ((1, "CPU time (user + system)"), (0, "wall-clock time")):
            print(f"\n{title}, median of {REPEAT} processes; ratio against 100 entries")
            print(f"{'entries':<20}{'events':>8}" + "".join(f"{c:>20}" for c in labels))
            for label, count, _size, figures in results:
                cells = []
                for c in labels:
                    value, ratio = figures[c][which], figures[c][which] / base[c][which]
                    cells.append(f"{value * 1e3:>7.0f} ms {ratio:>5.2f}x")
                print(f"{label:<20}{count:>8,}" + "".join(f"{c:>20}" for c in cells))
            worst = max(r[3][c][which] / base[c][which] for r in results for c in labels)
            print(f"worst ratio: {worst:.2f}x (target: 1.5x)")
        print(f"\nbytes a `player bust` writes (file, -wal, checkpoint), over {REPEAT} busts:")
        for label, _count, _size, path in built_files:
            wrote = WRITTEN.get((str(path), "player bust"), [0])
            print(
                f"  {label:<20} mean {statistics.mean(wrote) / 1024:>8.1f} KiB,"
                f" median {statistics.median(wrote) / 1024:>7.1f} KiB,"
                f" max {max(wrote) / 1024:>8.1f} KiB (target: 64 KiB)"
            )
        print("\npoll of an unchanged tournament (clock run / TV refresh), median of 200:")
        for label, _count, _size, figures in results:
            print(f"  {label:<20}{figures['poll (unchanged)'][0] * 1e3:>8.3f} ms (target: 10 ms)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
