"""Two laptops, two installs of one version, taking turns on one PostgreSQL tournament.

Issue 19: a snapshot was trusted only by the install that wrote it, and each change deleted
the other install's, so two laptops taking turns on 30,000 entries each folded the whole
log (a bust 2.7x, `status` after the other laptop's change 3.2x). Here two virtual
environments each get their own install of this checkout (as two laptops would); the same
commands run on one tournament of 30,000 entries by one install alone, then by the two in
turn (each command after the other install's change). Whole processes, median CPU time of
RUNS each; target: every command taking turns within 1.2x of one install alone.

    python benchmarks/run.py installs
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7
ENTRIES = 30_000


def _install(venv: Path) -> Path:
    from tests.venvs import install_checkout

    return install_checkout(venv)


def _cpu(tdtool: Path, target: str, *args: str) -> float:
    """CPU seconds (user + system) of one `tdtool --db TARGET ARGS` process."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TDTOOL_")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [str(tdtool), "--db", target, *args], capture_output=True, text=True, env=env
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"tdtool {' '.join(args)} failed: {done.stdout}{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


COMMANDS = ("player bust", "status --json", "clock pause", "clock resume", "seat show --json")


def _round(
    first: Path, second: Path, target: str, names: list[str], turns: bool
) -> dict[str, float]:
    """Each command once: by `first` alone, or each by the install that did not make the
    change before it (with `turns`)."""
    out = {}
    laptops = [first, second] if turns else [first, first]
    for i, label in enumerate(COMMANDS):
        args = label.split()
        if label == "player bust":
            args = [*args, names.pop(), "--yes"]
        out[label] = _cpu(laptops[i % 2], target, *args)
    return out


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from benchmarks.bench_commands import build
    from tests import pg_server

    server = pg_server.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            started = time.perf_counter()
            first = _install(Path(tmp) / "laptop-a")
            second = _install(Path(tmp) / "laptop-b")
            print(f"two installs made in {time.perf_counter() - started:.0f} s", flush=True)
            target = server.url(f"installs-{uuid.uuid4().hex[:8]}")
            started = time.perf_counter()
            build(target, ENTRIES)  # type: ignore[arg-type]
            _cpu(first, target, "clock", "pause")  # the first read: writes a snapshot
            _cpu(first, target, "clock", "resume")
            print(f"built {ENTRIES:,} entries in {time.perf_counter() - started:.0f} s", flush=True)
            from tdtool.io.store_base import open_store

            with open_store(target) as store:
                names = [p.name for p in store.state().players.values() if not p.busted]
            random.Random(3).shuffle(names)
            alone: dict[str, list[float]] = {c: [] for c in COMMANDS}
            turns: dict[str, list[float]] = {c: [] for c in COMMANDS}
            for _ in range(RUNS):  # interleaved: a machine getting busier slows both alike
                for label, cpu in _round(first, second, target, names, False).items():
                    alone[label].append(cpu)
                for label, cpu in _round(first, second, target, names, True).items():
                    turns[label].append(cpu)
            print(f"\nCPU time, median of {RUNS} processes, on {ENTRIES:,} entries (PostgreSQL)")
            print(f"{'command':<20}{'one install':>14}{'two in turn':>14}{'ratio':>8}  target")
            worst = 0.0
            for label in COMMANDS:
                a, t = statistics.median(alone[label]), statistics.median(turns[label])
                worst = max(worst, t / a)
                print(f"{label:<20}{a * 1e3:>11.0f} ms{t * 1e3:>11.0f} ms{t / a:>7.2f}x  1.2x")
            print(f"worst ratio: {worst:.2f}x (target: 1.2x)")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
