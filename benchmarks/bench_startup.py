"""Start-up time of tdtool commands against a minimal Typer app, measured in the same run.

Typer itself is the floor (it imports rich, its click copy and more), so the figure that
matters is the ratio: every command should start within 1.0x a minimal Typer app running
a trivial command (issue 20). Measured, as separate processes interleaved over ROUNDS rounds
(the median of each): `hand check` on the side-pots example; the common real commands on a
small tournament made in a temporary folder (20 players seated, the clock running, two
busts: `status` replays that event log; chip counts recorded and shown, seat cards
printed); and the `--help` of every command and group of the tree, found by walking it. A
command is compared with the minimal app running its trivial command; a `--help` with the
minimal app's own `--help` (Typer renders help with rich, which a plain command never
imports). Wall-clock time is what a director waits; CPU time (user + system) is the steadier
figure on a shared machine: both printed, and the verdict is on CPU time.

Every program runs with a bytecode cache (in the temporary folder, filled by the warm-up
round), as an installed program does: pip compiles the .pyc files at install. Without it
(PYTHONDONTWRITEBYTECODE=1, as on some development machines) each run would also compile
tdtool's own modules from source, while Typer's come precompiled from site-packages.

`TDTOOL_BENCH_ROOT=DIR` measures the tdtool of another checkout (an older commit exported
there) with this same script, to compare before and after in ratios.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(os.environ.get("TDTOOL_BENCH_ROOT") or Path(__file__).resolve().parent.parent)
ROUNDS = 9
TARGET = 1.0

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


_WALK = """
from typer.main import get_group
from tdtool.cli import app

def walk(group, path):
    for name in group.list_commands(None):
        command = group.get_command(None, name)
        print(" ".join([*path, name]))
        if hasattr(command, "list_commands"):
            walk(command, [*path, name])

walk(get_group(app), [])
"""


def _every_command(env: dict[str, str]) -> list[str]:
    """Every command and group of the tree, as the words typed ('player bust')."""
    done = subprocess.run(
        [sys.executable, "-c", _WALK], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout.split("\n")[:-1]


# Real tournament commands, run in the folder of a small tournament (see `_tournament`).
TOURNAMENT_COMMANDS = [
    "status",
    "status --json",
    "player list",
    "seat show",
    "seat show --json",
    "clock status",
    "log --last 20",
    "structure show daily",
    "ruling show premature-flop",
    "ruling list",
    "payouts",
    "terms",
    "report",
    "chips show",
    "player chips P1 21000",
    "seat print cards --force",
]


def _tournament(folder: Path, env: dict[str, str]) -> None:
    """A small tournament in `folder`: 20 players seated, the clock running, two busts."""
    steps = [
        ["new", "Bench", "--structure", "daily", "--buy-in", "100", "--fee", "10"],
        ["player", "add", *[f"P{i}" for i in range(1, 21)]],
        ["seat", "draw"],
        ["clock", "start"],
        ["player", "bust", "P3", "--yes"],
        ["player", "bust", "P7", "--yes"],
    ]
    for step in steps:
        subprocess.run(
            [sys.executable, "-m", "tdtool", *step],
            cwd=folder,
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )


def _time(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one run of `argv`, which must succeed."""
    started = time.perf_counter()
    process = subprocess.Popen(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        again = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
        raise SystemExit(f"{' '.join(argv[1:])} failed (exit {process.returncode}): {again.stderr}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": f"{tmp}/pyc"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        folder = Path(tmp) / "tournament"
        folder.mkdir()
        _tournament(folder, env)
        minimal = Path(tmp) / "minimal_app.py"
        minimal.write_text(MINIMAL)
        tdtool = [sys.executable, "-m", "tdtool"]
        commands: dict[str, tuple[list[str], Path]] = {
            "minimal Typer app": ([sys.executable, str(minimal), "hello"], ROOT),
            "minimal Typer app --help": ([sys.executable, str(minimal), "--help"], ROOT),
            "hand check side-pots.yaml": (
                [*tdtool, "hand", "check", "examples/hands/side-pots.yaml"],
                ROOT,
            ),
        }
        for command in TOURNAMENT_COMMANDS:
            commands[command] = ([*tdtool, *command.split()], folder)
        commands["hand check side-pots.yaml --json"] = (
            [*tdtool, "hand", "check", "examples/hands/side-pots.yaml", "--json"],
            ROOT,
        )
        commands["structure check daily.yaml"] = (
            [*tdtool, "structure", "check", "structures/daily.yaml"],
            ROOT,
        )
        commands["--help"] = ([*tdtool, "--help"], ROOT)
        for name in _every_command(env):
            commands[f"{name} --help"] = ([*tdtool, *name.split(), "--help"], ROOT)
        times: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
        for argv, cwd in commands.values():  # warm the file and bytecode caches once
            _time(argv, cwd, env)
        for _ in range(ROUNDS):
            for label, (argv, cwd) in commands.items():
                times[label].append(_time(argv, cwd, env))
    wall = {label: statistics.median(w for w, _ in runs) for label, runs in times.items()}
    cpu = {label: statistics.median(c for _, c in runs) for label, runs in times.items()}
    print(f"tdtool of {ROOT}, median of {ROUNDS} rounds")
    print(f"{'':40} {'wall-clock':>16}  {'CPU':>15}")
    ratios: dict[str, float] = {}
    for label in times:
        base = "minimal Typer app --help" if label.endswith("--help") else "minimal Typer app"
        ratio_wall, ratio_cpu = wall[label] / wall[base], cpu[label] / cpu[base]
        if not label.startswith("minimal"):
            ratios[label] = ratio_cpu
        print(
            f"{label:40} {wall[label] * 1000:5.0f} ms {ratio_wall:5.2f}x"
            f"  {cpu[label] * 1000:5.0f} ms {ratio_cpu:5.2f}x"
        )
    helps = [r for label, r in ratios.items() if label.endswith("--help")]
    runs = [r for label, r in ratios.items() if not label.endswith("--help")]
    over = sorted((r, label) for label, r in ratios.items() if r > TARGET)
    print(
        f"CPU ratios: {len(helps)} help screens {min(helps):.2f}-{max(helps):.2f}x"
        f" (median {statistics.median(helps):.2f}x), {len(runs)} commands"
        f" {min(runs):.2f}-{max(runs):.2f}x (median {statistics.median(runs):.2f}x)"
    )
    verdict = "ok" if not over else f"{len(over)} over target"
    print(f"target <= {TARGET}x the minimal Typer app, CPU time: {verdict}")
    for ratio, label in reversed(over):
        print(f"  over: {label} {ratio:.2f}x")


if __name__ == "__main__":
    main()
