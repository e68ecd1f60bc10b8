"""A seeded fuzzer: the repository's own hand files, structures and payout tables, mutated
(deep nesting, tags, huge numbers, truncation, non-UTF-8, duplicated keys, swapped lines ...),
and random command lines built from the CLI's own command tree, all run in-process.

Every run must end in exit 0, 1 or 2, never a traceback, never a hang, and a refusal must
leave the folder (and the tournament's event log) as it was. tests/test_fuzz.py runs a small
campaign in the suite; the big one is

    python -m tests.fuzz --files 10000 --commands 5000 --seed 1

which prints its figures (the README's "When something is wrong" quotes them).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

FILE_COMMANDS = {
    "hand": [["hand", "check"], ["hand", "check", "--json"]],
    "structure": [
        ["structure", "check"],
        ["structure", "check", "--json"],
        ["structure", "show"],
        ["new", "Fuzz Cup", "--structure"],
    ],
    "payouts": [
        ["payouts", "--entries", "30", "--buy-in", "10", "--table"],
        ["terms", "--payout-table"],
    ],
}
SKIP_COMMANDS = {("clock", "serve"), ("clock", "run"), ("demo",)}
"""Commands that serve or draw a screen until stopped: not for a batch of random lines."""


def seed_files() -> list[tuple[str, Path]]:
    """(kind, path) of every example file in the repository."""
    found = [("hand", p) for p in sorted((ROOT / "examples" / "hands").rglob("*.yaml"))]
    found += [("structure", p) for p in sorted((ROOT / "structures").glob("*.yaml"))]
    found += [("payouts", p) for p in sorted((ROOT / "examples" / "payouts").glob("*.yaml"))]
    return found


# ------------------------------------------------------------------ mutations

TAGS = [b"!foo ", b"!!python/object/apply:os.system ", b"!!python/name:os.system ",
        b"!!binary ", b"!!int ", b"!!float ", b"!!timestamp ", b"!!set ", b"!!omap ", b"!!str ",
        b"&a ", b"*a ", b"!<tag:x> "]  # fmt: skip
NUMBERS = [b"9" * 16, b"9" * 400, b"9" * 5000, b"1e308", b"-1", b"0", b"1.5", b"1e-999999999",
           b"0x" + b"f" * 40, b"1:" * 200 + b"1", b".inf", b".nan", b"-0", b"1_000_000_000_000",
           b"1,000,000,000,000,000,000", b"99999999999999", b"25k", b"1e400k"]  # fmt: skip
CHARS = [b":", b"-", b"[", b"]", b"{", b"}", b"&", b"*", b"!", b"|", b">", b"'", b'"', b"%",
         b"@", b"`", b"#", b",", b"?", b"\t", b"\x00", b"\x1b", "\u202e".encode(), b"\r",
         "\u2028".encode(), b"\xef\xbb\xbf", b"---\n", b"...\n"]  # fmt: skip


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def mutate(data: bytes, rng: random.Random) -> bytes:
    """`data` with one to three random mutations."""
    for _ in range(rng.randint(1, 3)):
        data = rng.choice(MUTATIONS)(data, rng)
    return data


def _deep(data: bytes, rng: random.Random) -> bytes:
    n = rng.choice([40, 500, 5000, 100_000])
    lines = _lines(data)
    i = rng.randrange(len(lines))
    if rng.random() < 0.5:
        nest = b"[" * n + b"]" * n if rng.random() < 0.5 else b"{a: " * n + b"}" * n
        lines[i] = lines[i] + b" " + nest if b":" in lines[i] else b"x: " + nest
    else:
        lines[i:i] = [b"  " * k + b"- " for k in range(min(n, 300))]
    return b"\n".join(lines)


def _tag(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    j = lines[i].find(b": ")
    tag = rng.choice(TAGS)
    lines[i] = lines[i][: j + 2] + tag + lines[i][j + 2 :] if j >= 0 else tag + lines[i]
    return b"\n".join(lines)


def _number(data: bytes, rng: random.Random) -> bytes:
    runs = list(re.finditer(rb"\d+", data))
    if not runs:
        return data + b"\nx: " + rng.choice(NUMBERS)
    m = rng.choice(runs)
    return data[: m.start()] + rng.choice(NUMBERS) + data[m.end() :]


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _bytes(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return data[:i] + junk + data[i:]


def _duplicate(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return b"\n".join(lines)


def _swap(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _delete(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def _char(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + rng.choice(CHARS) + data[i:]


def _indent(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines[i] = b" " * rng.randint(1, 5) + lines[i] if rng.random() < 0.5 else lines[i].lstrip()
    return b"\n".join(lines)


def _big(data: bytes, rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        laughs = b"".join(
            b"l%d: &l%d [" % (k, k) + b", ".join([b"*l%d" % (k - 1) if k else b"lol"] * 9) + b"]\n"
            for k in range(9)
        )
        return data + b"\n" + laughs
    n = rng.choice([1000, 20_000, 200_000])
    return data + b"\nx: [" + b", ".join([b"1"] * n) + b"]\n"


def _repeat(data: bytes, rng: random.Random) -> bytes:
    """A list entry repeated many times (thousands of levels, actions or rows)."""
    lines = _lines(data)
    items = [i for i, line in enumerate(lines) if line.lstrip().startswith(b"- ")]
    if not items:
        return data
    i = rng.choice(items)
    lines[i:i] = [lines[i]] * rng.choice([50, 2000, 20_000])
    return b"\n".join(lines)


MUTATIONS = [_deep, _tag, _number, _truncate, _bytes, _duplicate, _swap, _delete, _char,
             _indent, _big, _repeat]  # fmt: skip


# ------------------------------------------------------------------ random command lines

WORDS = ["Anna", "anna", "ANNA", "Zed", "", " ", "-", "--", "0", "1", "-1", "2", "9", "10",
         "99999999999999999999", "1e308", "-1e308", "nan", "inf", "1.5", "12:30", "99:99",
         "1,2", "Anna=1000", "Anna,Ben", "x" * 300, "a/" * 100, "\u202e", "é", "\x1b[31m",
         "'", '"', "<script>", "turbo", "daily", "tda-47a", "no-limit", "a4", "html", "md",
         "0.0.0.0", "::1", "/", ".", "..", "/dev/null", "cup.tdtool", "T1", "1-3", "30+",
         "%s", "{}", "$(id)", "*"]  # fmt: skip


def command_tree() -> list[tuple[list[str], list[Any]]]:
    """Every leaf command of the CLI with its parameters (the tree as Typer builds it)."""
    from typer.main import get_command

    from tdtool.cli import app

    root = get_command(app)
    context_type = type(root.make_context("tdtool", ["--help"], resilient_parsing=True))
    leaves: list[tuple[list[str], list[Any]]] = []

    def walk(cmd: Any, path: list[str], ctx: Any) -> None:
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None:
                    walk(sub, [*path, name], context_type(sub, parent=ctx, info_name=name))
        elif tuple(path) not in SKIP_COMMANDS:
            leaves.append((path, [p for p in cmd.params if p.name != "help"]))

    walk(root, [], context_type(root, info_name="tdtool"))
    return leaves


def random_command(tree: list[tuple[list[str], list[Any]]], rng: random.Random) -> list[str]:
    path, params = rng.choice(tree)
    args = list(path)
    for param in params:
        opts = getattr(param, "opts", [])
        is_option = bool(opts) and opts[0].startswith("-")
        if is_option and rng.random() < 0.5:
            continue
        if is_option and getattr(param, "is_flag", False):
            args.append(opts[0])
            continue
        values = [rng.choice(WORDS) for _ in range(rng.randint(1, 3) if param.nargs == -1 else 1)]
        if is_option:
            args.append(opts[0])
        args.extend(values)
    if rng.random() < 0.1:
        args.append(rng.choice(["--json", "--yes", "--bogus", "-x", "--db", "--help"]))
    if rng.random() < 0.05:
        rng.shuffle(args)
    return args


# ------------------------------------------------------------------ running


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Hang()


@dataclass
class Figures:
    """What a campaign found."""

    runs: int = 0
    exits: dict[int, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    hangs: int = 0
    slowest: float = 0.0

    def add(self, what: str, problem: str | None) -> None:
        if problem is not None:
            self.failures.append(f"{problem}: {what[:300]!r}")

    def summary(self) -> str:
        exits = ", ".join(f"exit {k}: {v}" for k, v in sorted(self.exits.items()))
        return (
            f"{self.runs} runs ({exits}); {len(self.failures)} failures, {self.hangs} hangs;"
            f" slowest {self.slowest:.2f} s"
        )


def _event_log(db: Path) -> tuple[Any, ...] | None:
    if not db.exists():
        return None
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return tuple(conn.execute("SELECT COUNT(*), MAX(seq), MAX(change) FROM events").fetchone())
    finally:
        conn.close()


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.endswith(("-wal", "-shm")))


def run_cli(args: list[str], folder: Path, figures: Figures, limit: float,
            db: Path | None = None) -> int | None:  # fmt: skip
    """Run `tdtool ARGS` in `folder` in-process; record what went wrong in `figures`."""
    from typer.testing import CliRunner

    from tdtool.cli import app

    before = _listing(folder)
    log_before = _event_log(db) if db is not None else None
    cwd = os.getcwd()
    os.chdir(folder)
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    start = time.perf_counter()
    try:
        result = CliRunner().invoke(app, args, input="")
    except _Hang:
        result = None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(cwd)
    took = time.perf_counter() - start
    figures.runs += 1
    figures.slowest = max(figures.slowest, took)
    shown = " ".join(args)
    if result is None or isinstance(result.exception, _Hang):
        figures.hangs += 1
        figures.add(shown, f"hang over {limit:g} s")
        return None
    code = result.exit_code
    figures.exits[code] = figures.exits.get(code, 0) + 1
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        figures.add(shown, f"traceback {type(result.exception).__name__}: {result.exception}")
    elif "Traceback" in result.output:
        figures.add(shown, "Traceback printed")
    elif code not in (0, 1, 2):
        figures.add(shown, f"exit {code}")
    elif code != 0:
        if _listing(folder) != before:
            figures.add(shown, f"refused (exit {code}) but the folder changed")
        elif db is not None and _event_log(db) != log_before:
            figures.add(shown, f"refused (exit {code}) but the event log changed")
    return code


def file_campaign(count: int, seed: int, folder: Path, limit: float = 20.0) -> Figures:
    """`count` mutated example files, each run through a command that reads its kind."""
    rng = random.Random(seed)
    seeds = [(kind, path.read_bytes()) for kind, path in seed_files()]
    figures = Figures()
    for _ in range(count):
        kind, data = rng.choice(seeds)
        target = folder / "fuzz.yaml"
        target.write_bytes(mutate(data, rng))
        command = rng.choice(FILE_COMMANDS[kind])
        code = run_cli([*command, "fuzz.yaml"], folder, figures, limit)
        if code == 0 and command[0] == "new":
            for made in folder.glob("*.tdtool"):
                made.unlink()
        target.unlink()
    return figures


def command_campaign(count: int, seed: int, folder: Path, limit: float = 20.0) -> Figures:
    """`count` random command lines against a seated tournament in `folder`."""
    from typer.testing import CliRunner

    from tdtool.cli import app

    rng = random.Random(seed)
    tree = command_tree()
    figures = Figures()
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        runner = CliRunner()
        runner.invoke(app, ["new", "Cup", "--structure", "turbo", "--buy-in", "100"])
        players = ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
        runner.invoke(app, ["player", "add", *players, "--yes"])
        runner.invoke(app, ["seat", "draw"])
    finally:
        os.chdir(cwd)
    db = folder / "cup.tdtool"
    for _ in range(count):
        args = random_command(tree, rng)
        if "--db" in args:
            args = [a for a in args if a != "--db"]
        run_cli(args, folder, figures, limit, db=db)
        for extra in _listing(folder):
            if extra != "cup.tdtool":  # sheets, new tournaments: keep the folder as it was
                path = folder / extra
                if path.is_dir():
                    import shutil

                    shutil.rmtree(path)
                else:
                    path.unlink()
    return figures


def main(argv: list[str] | None = None) -> int:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--commands", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=20.0, help="seconds counted as a hang")
    options = parser.parse_args(argv)
    failures: list[str] = []
    for name, campaign, count in (
        ("mutated files", file_campaign, options.files),
        ("random command lines", command_campaign, options.commands),
    ):
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            figures = campaign(count, options.seed, Path(folder), options.limit)
            took = time.perf_counter() - start
        print(f"{name}: {figures.summary()}; {took:.0f} s in all")
        failures += figures.failures
    for failure in failures[:50]:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
