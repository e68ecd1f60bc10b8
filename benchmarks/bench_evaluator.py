"""7-card evaluations per second: ours, treys and eval7 on the same random hands.

Targets (issue 2): ours at least 10x treys and at least half of eval7 (which is compiled).
Each library gets the hands in its own native card format, prepared outside the timed loop;
each times the same hands, best of a few repeats.  Also the import time of tdtool.hands.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HANDS = 200_000
REPEATS = 5


def _best_rate(run: Callable[[], object], count: int, repeats: int = REPEATS) -> float:
    """Hands per CPU second of the fastest of `repeats` runs (CPU time: the machine is shared)."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        run()
        best = min(best, time.process_time() - started)
    return count / best


def _import_ms(before: str) -> float:
    """CPU ms of `import tdtool.hands` in a fresh interpreter after `before` (best of 5)."""
    code = before + "import time; t = time.process_time(); import tdtool.hands; "
    code += "print(time.process_time() - t)"
    times = [
        float(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout)
        for _ in range(5)
    ]  # fmt: skip
    return 1000 * min(times)


def main() -> None:
    sys.path.insert(0, str(ROOT))
    import eval7
    import treys

    from tdtool.cards import FULL_DECK
    from tdtool.hands import evaluate, evaluate7_codes

    rng = random.Random(2024)
    hands = [rng.sample(FULL_DECK, 7) for _ in range(HANDS)]
    ours_in = [tuple(c.code for c in h) for h in hands]
    treys_in = [([treys.Card.new(str(c)) for c in h[:5]], [treys.Card.new(str(c)) for c in h[5:]])
                for h in hands[: HANDS // 10]]  # fmt: skip
    eval7_in = [[eval7.Card(str(c)) for c in h] for h in hands]

    def ours() -> None:
        ev = evaluate7_codes
        for h in ours_in:
            ev(*h)

    def ours_friendly() -> None:
        for h in hands[: HANDS // 10]:
            evaluate(h)

    evaluator = treys.Evaluator()

    def theirs_treys() -> None:
        ev = evaluator.evaluate
        for board, hole in treys_in:
            ev(board, hole)

    def theirs_eval7() -> None:
        ev = eval7.evaluate
        for h in eval7_in:
            ev(h)

    # The three must agree on the order of the hands they rank (lower is better for treys).
    for i in range(0, 2000, 2):
        a, b = ours_in[i], ours_in[i + 1]
        mine = (evaluate7_codes(*a) > evaluate7_codes(*b)) - (
            evaluate7_codes(*a) < evaluate7_codes(*b)
        )
        e7 = (eval7.evaluate(eval7_in[i]) > eval7.evaluate(eval7_in[i + 1])) - (
            eval7.evaluate(eval7_in[i]) < eval7.evaluate(eval7_in[i + 1]))  # fmt: skip
        assert mine == e7, (hands[i], hands[i + 1])

    rate_ours = _best_rate(ours, len(ours_in))
    rate_treys = _best_rate(theirs_treys, len(treys_in), repeats=2)
    rate_eval7 = _best_rate(theirs_eval7, len(eval7_in))
    rate_friendly = _best_rate(ours_friendly, HANDS // 10, repeats=2)
    vs_treys, vs_eval7 = rate_ours / rate_treys, rate_ours / rate_eval7
    print(f"7-card evaluations per CPU second ({HANDS:,} random hands, best of {REPEATS}):")
    print(f"  ours  (evaluate7_codes on Card.code ints)  {rate_ours:>12,.0f}")
    print(f"  treys (Evaluator().evaluate(board, hand))  {rate_treys:>12,.0f}")
    print(f"  eval7 (evaluate(list of eval7.Card))       {rate_eval7:>12,.0f}")
    print(f"  ours, friendly (evaluate(seven Cards), checks duplicates) {rate_friendly:>10,.0f}")
    print(f"  ours / treys = {vs_treys:5.1f}x  (target >= 10x)  {_verdict(vs_treys >= 10)}")
    print(f"  ours / eval7 = {vs_eval7:5.2f}x  (target >= 0.5x) {_verdict(vs_eval7 >= 0.5)}")
    alone, after_typer = _import_ms(""), _import_ms("import typer; ")
    print(f"import tdtool.hands: {alone:.1f} ms alone, {after_typer:.1f} ms once typer is loaded "
          f"(target < 30 ms)  {_verdict(after_typer < 30)}")  # fmt: skip


def _verdict(met: bool) -> str:
    return "ok" if met else "MISSED"


if __name__ == "__main__":
    main()
