"""ICM deal time from 6 to 20 players left (exact), and the sampled method beyond.

Targets: 20 players left with 20 prizes exact in under 1 s of CPU (numpy's import
included: a deal is one command); 10 players well under a second. CPU time, median of 3 runs
(one above 15 players), each in a fresh process so that the first deal to need numpy pays
for loading it.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time

from tdtool.tournament.icm import exact_cost, exact_method, icm

TARGET_20 = 1.0
"""Seconds of CPU for 20 players left, 20 prizes, exact."""

_ONE = """
import random, sys, time
started = time.process_time()
from tdtool.tournament.icm import DealMethod, make_deal
n, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
stacks = [rng.randint(10_000, 2_000_000) for _ in range(n)]
prizes = sorted((rng.randint(1_000, 100_000) for _ in range(n)), reverse=True)
deal = make_deal(DealMethod.ICM, stacks, prizes)
assert deal.exact
print(time.process_time() - started)
"""


def _cpu(n: int, repeat: int) -> float:
    """Median CPU seconds of one exact deal of `n` players in a fresh process."""
    runs = []
    for seed in range(repeat):
        out = subprocess.run(
            [sys.executable, "-c", _ONE, str(n), str(seed)],
            check=True,
            capture_output=True,
            text=True,
        )
        runs.append(float(out.stdout))
    return statistics.median(runs)


def main() -> None:
    for n in (6, 9, 10, 12, 15, 17, 18, 19, 20):
        seconds = _cpu(n, 3 if n <= 15 else 1)
        method = exact_method(n, n)
        assert method is not None
        line = (
            f"ICM exact, {n:2d} players left, {n:2d} prizes: {seconds * 1000:8.1f} ms CPU"
            f"  ({method.__name__}, {exact_cost(n, n):,} steps)"
        )
        if n == 20:
            met = "met" if seconds < TARGET_20 else "NOT MET"
            line += f"  target < {TARGET_20:.0f} s: {met}"
        print(line, flush=True)
    rng = random.Random(2026)
    for n in (21, 30):
        stacks = [rng.randint(10_000, 2_000_000) for _ in range(n)]
        prizes = sorted((rng.randint(1_000, 100_000) for _ in range(n)), reverse=True)
        started = time.process_time()
        result = icm(stacks, prizes, random.Random(1), samples=50_000)
        seconds = time.process_time() - started
        print(
            f"ICM sampled, {n} players left, {n} prizes, {result.samples:,} orders:"
            f" {seconds:.2f} s CPU, every equity within {result.max_error:.2f}"
            f" (4 standard errors) on a pool of {sum(prizes):,}"
        )


if __name__ == "__main__":
    main()
