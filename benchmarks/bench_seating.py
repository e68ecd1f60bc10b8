"""Seating at scale: 10,000 players at 1,112 tables of 9, busted one at a time to a winner.

Through the library API (`draw`, `TablePlan.remove`, `rebalance`), rebalancing after every
bust. Prints the total time (target: under 10 s) and the mean cost of a bust with its
rebalancing in the first, middle and last thousand busts: it must not grow with the field.
"""

from __future__ import annotations

import random
import time

from tdtool.tournament.seating import TablePlan, check_invariants, draw, rebalance

PLAYERS = 10_000
TABLES = 1_112


def run(seed: int = 1) -> tuple[float, float, list[float], int]:
    """Draw, then bust to a winner; returns (draw s, total s, per-bust seconds, moves)."""
    rng = random.Random(seed)
    plan = TablePlan(seats=9, tables=range(1, TABLES + 1))
    names = [f"P{i:05d}" for i in range(PLAYERS)]
    started = time.perf_counter()
    draw(plan, names, rng)
    drawn = time.perf_counter()
    alive = list(names)
    costs: list[float] = []
    moves = 0
    while len(alive) > 1:
        i = rng.randrange(len(alive))
        alive[i], alive[-1] = alive[-1], alive[i]
        victim = alive.pop()
        t0 = time.perf_counter()
        plan.remove(victim)
        moves += len(rebalance(plan, rng))
        costs.append(time.perf_counter() - t0)
    total = time.perf_counter() - started
    assert check_invariants(plan) == [] and plan.player_count == 1
    return drawn - started, total, costs, moves


def main() -> None:
    runs = [run(seed) for seed in (1, 2, 3)]
    draw_s, total, costs, moves = min(runs, key=lambda r: r[1])
    n = len(costs)
    print(f"players {PLAYERS}, tables {TABLES} of 9, busts {n}, moves {moves}")
    print(f"draw: {draw_s * 1000:.1f} ms")
    print(f"total (draw + every bust with rebalancing), best of 3: {total:.2f} s (target < 10 s)")
    segments = {"first": (0, 1000), "middle": (n // 2 - 500, n // 2 + 500), "last": (n - 1000, n)}
    means = {}
    for name, (lo, hi) in segments.items():
        # per segment, the best of the three runs: the machine is shared and noisy
        means[name] = min(sum(r[2][lo:hi]) / (hi - lo) for r in runs)
        medians = min(sorted(r[2][lo:hi])[(hi - lo) // 2] for r in runs)
        print(
            f"per bust, {name} 1000: mean {means[name] * 1e6:.1f} us, median {medians * 1e6:.1f} us"
        )
    print(f"first/last mean ratio: {means['first'] / means['last']:.2f} (flat when near 1)")


if __name__ == "__main__":
    main()
