"""Start-up time of tdtool commands against a minimal Typer app, measured in the same run.

Typer itself is the floor (it imports rich, its click copy and more), so the figure that
matters is the ratio: every command should start within 1.3x a minimal Typer app running
a trivial command. Measured: `hand check` on the side-pots example, real commands on a
small tournament made in a temporary folder (20 players seated, the clock running, two
busts: `status` replays that event log; chip counts recorded and shown, seat cards
printed), and `--help` of every sub-app, as separate processes, interleaved over several
rounds. A command is compared with the minimal app running its trivial command; a
`--help` with the minimal app's own `--help` (Typer renders help with rich, which a plain
command never imports). Wall-clock time is what a director
waits; CPU time (user + system) is the steadier figure on a shared machine: both printed.

Every program runs with a bytecode cache (in the temporary folder, filled by the warm-up
round), as an installed program does: pip compiles the .pyc files at install. Without it
(PYTHONDONTWRITEBYTECODE=1, as on some development machines) each run would also compile
tdtool's own modules from source, while Typer's come precompiled from site-packages.
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


# Real tournament commands, run in the folder of a small tournament (see `_tournament`).
TOURNAMENT_COMMANDS = [
    "status",
    "player list",
    "seat show",
    "clock status",
    "structure show daily",
    "ruling show premature-flop",
    "payouts",
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
        commands["--help"] = ([*tdtool, "--help"], ROOT)
        for name in _sub_apps():
            commands[f"{name} --help"] = ([*tdtool, name, "--help"], ROOT)
        times: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
        for argv, cwd in commands.values():  # warm the file and bytecode caches once
            _time(argv, cwd, env)
        for _ in range(ROUNDS):
            for label, (argv, cwd) in commands.items():
                times[label].append(_time(argv, cwd, env))
    wall = {label: statistics.median(w for w, _ in runs) for label, runs in times.items()}
    cpu = {label: statistics.median(c for _, c in runs) for label, runs in times.items()}
    worst = {"wall-clock": 0.0, "CPU": 0.0}
    print(f"{'':32} {'wall-clock':>16}  {'CPU':>15}")
    for label in times:
        base = "minimal Typer app --help" if label.endswith("--help") else "minimal Typer app"
        ratio_wall, ratio_cpu = wall[label] / wall[base], cpu[label] / cpu[base]
        if not label.startswith("minimal"):
            worst["wall-clock"] = max(worst["wall-clock"], ratio_wall)
            worst["CPU"] = max(worst["CPU"], ratio_cpu)
        print(
            f"{label:32} {wall[label] * 1000:5.0f} ms {ratio_wall:5.2f}x"
            f"  {cpu[label] * 1000:5.0f} ms {ratio_cpu:5.2f}x"
        )
    for kind, ratio in worst.items():
        verdict = "ok" if ratio <= TARGET else "over target"
        print(
            f"slowest command, {kind}: {ratio:.2f}x the minimal Typer app"
            f" (target <= {TARGET}x: {verdict})"
        )


if __name__ == "__main__":
    main()
