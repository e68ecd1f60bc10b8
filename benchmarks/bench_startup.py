"""Start-up time of tdtool commands against a minimal Typer app, measured in the same run.

Typer itself is the floor (it imports rich, its click copy and more), so the figure that
matters is the ratio: every command should start within 1.3x a minimal Typer app running
a trivial command. Measured: `hand check` on the side-pots example and `--help` of every
sub-app, as separate processes, interleaved over several rounds. A command is compared
with the minimal app running its trivial command; a `--help` with the minimal app's own
`--help` (Typer renders help with rich, which a plain command never imports).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 7
TARGET = 1.3

MINIMAL = '''\
import typer

app = typer.Typer()


@app.command()
def hello(name: str = "world") -> None:
    """Say hello."""
    print(f"hello {name}")


@app.command()
def bye() -> None:
    """Say goodbye."""
    print("bye")


if __name__ == "__main__":
    app()
'''


def _sub_apps() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from tdtool.cli import LAZY, app

    eager = {g.name for g in app.registered_groups if g.name}
    return sorted(eager | {name for name, (_, attribute) in LAZY.items() if attribute == "app"})


def _time(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started


def main() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as tmp:
        minimal = Path(tmp) / "minimal_app.py"
        minimal.write_text(MINIMAL)
        commands: dict[str, list[str]] = {
            "minimal Typer app": [sys.executable, str(minimal), "hello"],
            "minimal Typer app --help": [sys.executable, str(minimal), "--help"],
            "hand check side-pots.yaml": [sys.executable, "-m", "tdtool", "hand", "check",
                                          "examples/hands/side-pots.yaml"],
            "--help": [sys.executable, "-m", "tdtool", "--help"],
        }
        for name in _sub_apps():
            commands[f"{name} --help"] = [sys.executable, "-m", "tdtool", name, "--help"]
        times: dict[str, list[float]] = {label: [] for label in commands}
        for argv in commands.values():  # warm the file cache once
            _time(argv, env)
        for _ in range(ROUNDS):
            for label, argv in commands.items():
                times[label].append(_time(argv, env))
    base = statistics.median(times["minimal Typer app"])
    help_base = statistics.median(times["minimal Typer app --help"])
    worst = 0.0
    for label, samples in times.items():
        median = statistics.median(samples)
        ratio = median / (help_base if label.endswith("--help") else base)
        if not label.startswith("minimal"):
            worst = max(worst, ratio)
        print(f"{label:32} {median * 1000:7.0f} ms  {ratio:5.2f}x")
    verdict = "ok" if worst <= TARGET else "over target"
    print(f"slowest command: {worst:.2f}x the minimal Typer app (target <= {TARGET}x: {verdict})")


if __name__ == "__main__":
    main()
