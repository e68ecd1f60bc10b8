"""Run the benchmarks and print their figures: `python benchmarks/run.py [NAME ...]`.

Each `bench_NAME.py` beside this file has a `main()` that prints its own figures.
The machines are noisy: the figures that matter are ratios measured in the same run.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(HERE.parent))
    wanted = set(argv)
    files = sorted(HERE.glob("bench_*.py"))
    if wanted:
        files = [f for f in files if f.stem.removeprefix("bench_") in wanted]
        missing = wanted - {f.stem.removeprefix("bench_") for f in files}
        if missing:
            known = ", ".join(
                f.stem.removeprefix("bench_") for f in sorted(HERE.glob("bench_*.py"))
            )
            print(f"unknown benchmark(s): {', '.join(sorted(missing))}; known: {known}")
            return 2
    for path in files:
        print(f"== {path.stem.removeprefix('bench_')} ==", flush=True)
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        started = time.perf_counter()
        module.main()
        print(f"({time.perf_counter() - started:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
