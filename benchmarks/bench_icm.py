"""ICM deal time for 6, 9 and 12 players left (exact), and the sampled method beyond.

Target: well under a second for 10 players left. Prints the median of a few runs.
"""

from __future__ import annotations

import random
import statistics
import time

from tdtool.tournament.icm import DealMethod, exact_cost, icm, make_deal


def _time(fn, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - started)
    return statistics.median(runs)


def main() -> None:
    rng = random.Random(2026)
    for n in (6, 9, 10, 12, 15, 17):
        stacks = [rng.randint(10_000, 2_000_000) for _ in range(n)]
        prizes = sorted((rng.randint(1_000, 100_000) for _ in range(n)), reverse=True)
        seconds = _time(
            lambda s=stacks, p=prizes: make_deal(DealMethod.ICM, s, p), 3 if n < 15 else 1
        )
        print(
            f"ICM exact, {n:2d} players left, {n:2d} prizes: {seconds * 1000:9.2f} ms"
            f"  ({exact_cost(n, n):,} steps)"
        )
    stacks = [rng.randint(10_000, 2_000_000) for _ in range(30)]
    prizes = sorted((rng.randint(1_000, 100_000) for _ in range(30)), reverse=True)
    started = time.perf_counter()
    result = icm(stacks, prizes, random.Random(1), samples=50_000)
    seconds = time.perf_counter() - started
    print(
        f"ICM sampled, 30 players left, 30 prizes, {result.samples:,} orders: {seconds:.2f} s, "
        f"largest standard error {result.standard_error:.2f} on a pool of {sum(prizes):,}"
    )


if __name__ == "__main__":
    main()
