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
    "csv": [["player", "chips", "--csv"], ["player", "chips", "--json", "--csv"]],
}
"""The commands each kind of file goes through (the file's name comes last)."""
SKIP_COMMANDS = {("clock", "serve"), ("clock", "run"), ("demo",), ("serve",)}
"""Commands that serve or draw a screen until stopped (`serve` too: it listens until Ctrl-C,
and as root even on port 100), or walk a whole evening: not for a batch of random lines."""


def seed_files() -> list[tuple[str, Path]]:
    """(kind, path) of every example file in the repository."""
    found = [("hand", p) for p in sorted((ROOT / "examples" / "hands").rglob("*.yaml"))]
    found += [("structure", p) for p in sorted((ROOT / "structures").glob("*.yaml"))]
    found += [("payouts", p) for p in sorted((ROOT / "examples" / "payouts").glob("*.yaml"))]
    found += [("csv", p) for p in sorted((ROOT / "examples").glob("*.csv"))]
    return found


CSV_PLAYERS = ["Hal", "Ivy", "Jo", "Ken", "Lou", "Mo", "Ned", "Oz", "Pia", "Quinn"]
"""The players of the tournament a chip-count CSV is recorded into (examples/chip-counts.csv
names some of them)."""


def csv_seeds() -> list[bytes]:
    """Chip-count CSVs as spreadsheets export them: with and without a header, commas,
    semicolons or tabs, quoted thousands, extra columns, a BOM, CRLF line ends."""
    rows = [(name, 10_000 + 1_500 * i) for i, name in enumerate(CSV_PLAYERS)]
    plain = "".join(f"{n},{c}\n" for n, c in rows)
    header = "name,chips\n" + plain
    extra = "table,seat,player,bagged,bag\n" + "".join(
        f'{1 + i // 5},{1 + i % 5},"{n}","{c:,}",B{i}\n' for i, (n, c) in enumerate(rows)
    )
    semicolon = "Name;Chips\n" + "".join(f"{n};{c}\n" for n, c in rows)
    tabs = "name\tcount\n" + "".join(f"{n}\t{c}\n" for n, c in rows)
    crlf = "\ufeffname,stack\r\n" + "".join(f"{n},{c}\r\n" for n, c in rows)
    return [t.encode() for t in (plain, header, extra, semicolon, tabs, crlf)]


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

DAYS = [b"1", b"2", b"3", b"0", b"-1", b"99999", b"9" * 5000, b"x", b"1.5", b"2.0", b"''",
        b"[]", b"{}", b"~", b"1e308", b"!!python/name:os.system", b"&d 2", b"*d",
        b"Day 2"]  # fmt: skip


def _day(data: bytes, rng: random.Random) -> bytes:
    """A structure's `- day: N` line put where it does not belong, or with a bad number."""
    lines = _lines(data)
    days = [i for i, line in enumerate(lines) if line.lstrip().startswith(b"- day:")]
    action = rng.randrange(4)
    if days and action == 0:  # a day line with another number
        i = rng.choice(days)
        lines[i] = lines[i].split(b":")[0] + b": " + rng.choice(DAYS)
    elif days and action == 1:  # one day line dropped or moved
        i = lines.pop(rng.choice(days))
        lines.insert(rng.randrange(len(lines) + 1), i)
    else:  # day lines inserted among the levels (first, last, twice in a row ...)
        items = [i for i, line in enumerate(lines) if line.lstrip().startswith(b"- ")]
        for _ in range(rng.choice([1, 2, 5, 300])):
            i = rng.choice(items) if items else len(lines)
            indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())] if items else b"  "
            lines.insert(i, indent + b"- day: " + rng.choice(DAYS))
    return b"\n".join(lines)


STRUCTURE_MUTATIONS = [_day, _day, _day]
"""Added to MUTATIONS for structures: day lines (a quarter of the draws)."""

CSV_NUMBERS = [b"9" * 16, b"9" * 400, b"9" * 5000, b"1e308", b"-1", b"0", b"1.5", b'"31,500"',
               b"31 500", b"31_500", b"\xc2\xa0500", b"0x1f", b"\xd9\xa3", b"\xef\xbc\x91",
               b"\xb2", b"nan", b"", b'""', b"1" * 15, b"1,000,000,000,000,000,000"]  # fmt: skip


def _csv_number(data: bytes, rng: random.Random) -> bytes:
    runs = list(re.finditer(rb"\d+", data))
    if not runs:
        return data + b"\nHal," + rng.choice(CSV_NUMBERS)
    m = rng.choice(runs)
    return data[: m.start()] + rng.choice(CSV_NUMBERS) + data[m.end() :]


def _csv_encoding(data: bytes, rng: random.Random) -> bytes:
    """Another encoding: Latin-1 or UTF-16 from an old spreadsheet, a BOM (or two), NULs."""
    text = data.decode("utf-8", "replace")
    choice = rng.randrange(6)
    if choice == 0:
        return text.replace("Hal", "H\u00e9l").encode("latin-1", "replace")
    if choice == 1:
        return text.encode("utf-16")
    if choice == 2:
        return b"\xef\xbb\xbf" * rng.randint(1, 3) + data
    if choice == 3:
        i = rng.randrange(len(data) + 1)
        return data[:i] + b"\x00" * rng.randint(1, 4) + data[i:]
    if choice == 4:
        return data.replace(b"\n", b"\r")
    return data.replace(b"Hal", "H\u0101l\u202e\u200b".encode())


def _csv_columns(data: bytes, rng: random.Random) -> bytes:
    """A row with a column missing, an extra one, an empty cell, or another separator."""
    lines = _lines(data)
    i = rng.randrange(len(lines))
    cells = re.split(rb"([,;\t])", lines[i])
    choice = rng.randrange(5)
    if choice == 0 and len(cells) > 1:
        del cells[-2:]
    elif choice == 1:
        cells += [b",", rng.choice([b"x", b"", b"9" * 20, b'"a,b"'])]
    elif choice == 2:
        cells[rng.randrange(len(cells))] = b""
    elif choice == 3:
        cells = [c if c not in (b",", b";", b"\t") else rng.choice([b";", b"\t", b"|", b",,"])
                 for c in cells]  # fmt: skip
    else:
        cells = [b",".join([b"x"] * rng.choice([3, 200, 20_000]))]
    lines[i] = b"".join(cells)
    return b"\n".join(lines)


def _csv_duplicates(data: bytes, rng: random.Random) -> bytes:
    """A player counted twice (the same row, or the name in another case or spacing)."""
    lines = _lines(data)
    i = rng.randrange(len(lines))
    row = lines[i]
    if rng.random() < 0.5:
        row = rng.choice([row.upper(), row.lower(), b"  " + row.replace(b",", b" ,", 1)])
    lines.insert(rng.randrange(len(lines) + 1), row)
    return b"\n".join(lines)


def _csv_many(data: bytes, rng: random.Random) -> bytes:
    """Many rows: a row repeated up to 100,000 times, or 100,000 distinct unknown players."""
    lines = [line for line in _lines(data) if line.strip()]
    n = rng.choice([1000, 20_000, 100_000])
    if rng.random() < 0.5 and lines:
        return b"\n".join(lines + [rng.choice(lines)] * n)
    return b"\n".join(lines + [b"P%d,%d" % (k, 1000 + k) for k in range(n)])


def _csv_quoting(data: bytes, rng: random.Random) -> bytes:
    """Quotes: deeply doubled, unterminated, a newline inside, a cell over the csv module's
    field limit (131,072 characters)."""
    lines = _lines(data)
    i = rng.randrange(len(lines))
    n = rng.choice([3, 50, 5000, 70_000])
    choice = rng.randrange(5)
    if choice == 0:
        lines[i] = b'"' * n + lines[i] + b'"' * n
    elif choice == 1:
        lines[i] = b'"' + lines[i]
    elif choice == 2:
        lines[i] = b'"Hal\n' * rng.randint(1, 3) + b'",100'
    elif choice == 3:
        lines[i] = b'"' + b"x" * rng.choice([200_000, 2_000_000]) + b'",100'
    else:
        lines[i] = b'"' + b'""' * n + b'",' + b'"' * n
    return b"\n".join(lines)


CSV_MUTATIONS = [_csv_number, _csv_encoding, _csv_columns, _csv_duplicates, _csv_many,
                 _csv_quoting, _truncate, _bytes, _duplicate, _swap, _delete, _char]  # fmt: skip
"""What happens to a chip-count CSV between the count and the laptop."""


def mutate_kind(kind: str, data: bytes, rng: random.Random) -> bytes:
    """`data` of a file of `kind` with one to three mutations fitting that kind."""
    pool = {"csv": CSV_MUTATIONS, "structure": MUTATIONS + STRUCTURE_MUTATIONS}.get(kind, MUTATIONS)
    for _ in range(rng.randint(1, 3)):
        data = rng.choice(pool)(data, rng)
    return data


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


PLAYERS = ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
"""The players of the command campaign's tournaments."""

FIXTURES = {
    "counts.csv": "".join(f"{n},{12_000 + 500 * i}\n" for i, n in enumerate(PLAYERS)).encode(),
    "bad-counts.csv": b"name,chips\nAnna,12000\nAnna,9" + b"9" * 5000 + b"\n",
    "latin1.csv": "name,chips\nAnn\u00e9,100\n".encode("latin-1"),
    "quoted.csv": b'"' * 3000 + b"Anna" + b'"' * 3000 + b",100\n",
    "wide.csv": b"name,chips\n" + b'"' + b"x" * 140_000 + b'",1\n',
    "many.csv": b"name,chips\n" + b"".join(b"P%d,%d\n" % (k, k) for k in range(100_000)),
    "days.yaml": (ROOT / "structures" / "main-event.yaml").read_bytes(),
    "bad-days.yaml": (ROOT / "structures" / "main-event.yaml")
    .read_bytes()
    .replace(b"- day: 2", b"- day: " + b"9" * 5000, 1),
    "hand.yaml": (ROOT / "examples" / "hands" / "side-pots.yaml").read_bytes(),
    "table.yaml": next((ROOT / "examples" / "payouts").glob("*.yaml")).read_bytes(),
}
"""Files beside the campaign's tournament that options naming a file are given (kept between
command lines; anything else a command leaves is removed)."""

SUBFOLDER = "flights"
"""A folder of other tournament files: two flights whose Day 1 is over (what `flights combine`
is given)."""

TOURNAMENTS = [
    ["--structure", "turbo", "--buy-in", "100"],
    ["--structure", "turbo", "--buy-in", "50", "--bounty", "40", "--fee", "10", "--pko",
     "--reentry"],
    ["--structure", "turbo", "--buy-in", "100", "--satellite", "300", "--sat-seats", "2",
     "--rebuy", "100", "--addon", "100"],
    ["--structure", "days.yaml", "--buy-in", "1000", "--bounty", "100", "--rebuy-bounty", "50",
     "--day-ends-at", "5"],
    ["--structure", "turbo", "--buy-in", "100", "--day-ends-after", "2"],
]  # fmt: skip
"""The campaign's tournaments in turn: plain; PKO with re-entries; a satellite with rebuys and
add-ons; multi-day with bounties; a day ended after a level count."""

NUMBERS_TYPED = ["0", "1", "2", "3", "5", "10", "40", "100", "1500", "12000", "-5", "1.5", "1e3",
                 "99999999999999999999", "9" * 5000, "1,500", "1_500",
                 "\u0663", "\uff11"]  # fmt: skip

VALUES: dict[str, list[str]] = {
    "file": [*FIXTURES, "cup.tdtool", f"{SUBFOLDER}/1a.tdtool", "missing.csv", SUBFOLDER,
             "turbo", "main-event", "daily"],
    "player": [*PLAYERS, "anna", "Anna,Ben", "Nobody", "Anna=1000", "Ben 31500"],
    "number": NUMBERS_TYPED,
    "what": ["cards", "list", "moves", "tables", "CARDS", "card"],
    "reentry": ["best", "last", "first", "forbid", "BEST", "worst"],
    "output": ["out.html", "out.md", "out.csv", "out.pdf", "out", SUBFOLDER, "cup.tdtool",
               "counts.csv", "x/y.html", "/dev/full"],
    "flight": [f"{SUBFOLDER}/1a.tdtool", f"{SUBFOLDER}/1b.tdtool", "cup.tdtool",
               f"{SUBFOLDER}/1a.tdtool", "Day 1A", "missing.tdtool", "counts.csv"],
}  # fmt: skip
"""Values that fit what a parameter names (the rest get WORDS), so that random lines reach
past the value checks into the commands."""

PARAM_KIND = {
    "file": "file", "csv": "file", "structure": "file", "table": "file", "payout_table": "file",
    "src": "file", "dst": "file", "rules": "file",
    "names": "player", "name": "player", "by": "player", "counts": "player",
    "what": "what", "output": "output", "print": "output", "print_to": "output",
    "flights": "flight", "flight": "flight", "flight_reentry": "reentry",
}  # fmt: skip


TIDY = {"number": ["1", "2", "3", "5", "6", "10", "100", "1500"], "text": ["Day 2", "Anna", "x"]}
"""Values of a tidy line (see random_command) for parameters without a pool in VALUES."""

TIDY_BY_NAME = {
    "stacks": ["5000,3000,2000", "Anna=5000,Ben=3000", "12000,8500"],
    "prizes": ["500,300", "500,300,200"], "structure": ["turbo", "days.yaml", "daily"],
    "file": ["hand.yaml", "days.yaml", "table.yaml"], "csv": ["counts.csv", "bad-counts.csv"],
    "table": ["1", "2"], "seat": ["1", "3", "5"], "id": ["misdeal", "string-bet", "tda-47a"],
    "what": ["cards", "list", "moves", "misdeal"], "output": ["out.html", "out.md"],
    "print": ["out.html", "out.md"], "payout_table": ["table.yaml"], "rules": ["tda", "rrop"],
    "time_left": ["12:30", "5", "0:30"], "minutes": ["2", "-1", "0.5"],
    "start": ["19:00", "7pm"], "src": ["cup.tdtool"], "dst": ["copy.tdtool"],
    "format": ["html", "md"], "paper": ["a4", "letter"], "break_order": ["2,1"],
}  # fmt: skip
"""Values of a tidy line by the parameter's name (first choice over VALUES and TIDY)."""


def _tidy_value(param: Any, rng: random.Random) -> list[str]:
    kind = PARAM_KIND.get(param.name or "")
    if param.name in TIDY_BY_NAME:
        return [rng.choice(TIDY_BY_NAME[param.name])]
    if param.name == "flights":
        return [f"{SUBFOLDER}/1a.tdtool", f"{SUBFOLDER}/1b.tdtool"]
    if param.name == "counts":
        return [rng.choice(PLAYERS), rng.choice(TIDY["number"][3:])]
    if kind is not None:
        return [rng.choice(VALUES[kind][:6])]
    if (param.name or "") in ("reason", "host", "operator"):
        return [rng.choice(TIDY["text"])]
    return [rng.choice(TIDY["number"] if rng.random() < 0.8 else TIDY["text"])]


def _value(param: Any, rng: random.Random) -> str:
    kind = PARAM_KIND.get(param.name or "")
    if kind is None and (param.name or "").replace("_", "") not in ("reason", "host"):
        kind = "number" if rng.random() < 0.5 else None
    if kind is not None and rng.random() < 0.7:
        if param.name == "counts" and rng.random() < 0.5:
            return rng.choice(NUMBERS_TYPED)
        return rng.choice(VALUES[kind])
    return rng.choice(WORDS)


def random_command(tree: list[tuple[list[str], list[Any]]], rng: random.Random) -> list[str]:
    """A random line for a random leaf command: each option present or not, values that fit
    the parameter more often than not, sometimes a stray option or a shuffle. A third of the
    lines are tidy: the required parameters and few options, each with a value that fits, so
    that the commands run past their value checks into what they do."""
    path, params = rng.choice(tree)
    args = list(path)
    if rng.random() < 0.3:
        for param in params:
            opts = getattr(param, "opts", [])
            is_option = bool(opts) and opts[0].startswith("-")
            if is_option and not getattr(param, "required", False) and rng.random() < 0.75:
                continue
            if is_option and getattr(param, "is_flag", False):
                args.append(rng.choice([*opts, *getattr(param, "secondary_opts", [])]))
                continue
            args += [opts[0], *_tidy_value(param, rng)] if is_option else _tidy_value(param, rng)
        return args
    for param in params:
        opts = getattr(param, "opts", [])
        is_option = bool(opts) and opts[0].startswith("-")
        if is_option and rng.random() < 0.5:
            continue
        if is_option and getattr(param, "is_flag", False):
            args.append(rng.choice([*opts, *getattr(param, "secondary_opts", [])]))
            continue
        repeats = 1
        if param.nargs == -1:
            repeats = rng.randint(1, 4)
        elif getattr(param, "multiple", False):
            repeats = rng.randint(1, 3)
        for k in range(repeats):
            if is_option and (k == 0 or getattr(param, "multiple", False)):
                args.append(rng.choice(opts))
            args.append(_value(param, rng))
    if rng.random() < 0.1:
        args.append(rng.choice(["--json", "--yes", "--bogus", "-x", "--db", "--help"]))
    if rng.random() < 0.05:
        args[:0] = ["--operator", rng.choice(WORDS)]
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
    commands: dict[str, dict[int, int]] = field(default_factory=dict)
    """Exit codes by leaf command (`player chips`: {0: 40, 2: 180}), to see what was reached."""

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


def _listing(folder: Path) -> list[tuple[str, int, int]]:
    """Every file under `folder` with its size and modification time (SQLite's -wal and -shm
    files aside: a reader may make them)."""
    return sorted(
        (str(p.relative_to(folder)), *((p.stat().st_size, p.stat().st_mtime_ns) if p.is_file()
                                       else (0, 0)))
        for p in folder.rglob("*")
        if not p.name.endswith(("-wal", "-shm", "-journal"))
    )  # fmt: skip


def run_cli(args: list[str], folder: Path, figures: Figures, limit: float,
            db: Path | None = None, leaf: str = "") -> int | None:  # fmt: skip
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
    tally = figures.commands.setdefault(leaf or " ".join(args[:2]), {})
    tally[code] = tally.get(code, 0) + 1
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


def _tournament(folder: Path, players: list[str], options: list[str], name: str = "Cup",
                then: tuple[list[str], ...] = ()) -> None:  # fmt: skip
    """A seated tournament `name` with `players` made in `folder` (by the CLI itself), then
    the commands `then`."""
    from typer.testing import CliRunner

    from tdtool.cli import app

    cwd = os.getcwd()
    os.chdir(folder)
    try:
        runner = CliRunner()
        db = ["--db", f"{name.casefold()}.tdtool"]
        for args in (["new", name, *options], ["player", "add", *players, "--yes"],
                     ["seat", "draw"], *then):  # fmt: skip
            result = runner.invoke(app, [*db, *args])
            assert result.exit_code == 0, (args, result.output)
    finally:
        os.chdir(cwd)


def file_campaign(count: int, seed: int, folder: Path, limit: float = 20.0,
                  keep: Path | None = None) -> Figures:  # fmt: skip
    """`count` mutated example files, each run through a command that reads its kind (a
    chip-count CSV is recorded into a seated tournament, whose event log a refusal must leave
    as it was). A file that fails is copied to the folder `keep` when given."""
    rng = random.Random(seed)
    seeds = [(kind, path.read_bytes()) for kind, path in seed_files()]
    seeds += [("csv", data) for data in csv_seeds()]
    _tournament(folder, CSV_PLAYERS, ["--structure", "turbo", "--buy-in", "100"])
    db = folder / "cup.tdtool"
    kinds = sorted({kind for kind, _ in seeds})
    figures = Figures()
    for _ in range(count):
        kind = rng.choice(kinds)  # each kind as often: the hands would outnumber the rest
        data = rng.choice([d for k, d in seeds if k == kind])
        target = folder / ("fuzz.csv" if kind == "csv" else "fuzz.yaml")
        target.write_bytes(mutate_kind(kind, data, rng))
        command = rng.choice(FILE_COMMANDS[kind])
        args = [*command, target.name]
        if command[0] == "new":
            args += ["--db", "new.tdtool"]
        failed = len(figures.failures)
        code = run_cli(args, folder, figures, limit, db=db)
        if keep is not None and len(figures.failures) > failed:
            keep.mkdir(parents=True, exist_ok=True)
            (keep / f"{figures.runs}-{target.name}").write_bytes(target.read_bytes())
            figures.failures[-1] += f" (kept as {keep / f'{figures.runs}-{target.name}'})"
        if code == 0 and command[0] == "new":
            (folder / "new.tdtool").unlink()
        target.unlink()
    return figures


def _restore(folder: Path) -> None:
    """Put the fixtures back as they were, and remove what a command left beside them."""
    import shutil

    keep = {"cup.tdtool", SUBFOLDER, *FIXTURES}
    for path in folder.iterdir():
        if path.name.endswith(("-wal", "-shm", "-journal")):
            continue
        if path.name not in keep:
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
    for name, data in FIXTURES.items():
        path = folder / name
        if not path.is_file() or path.stat().st_size != len(data) or path.read_bytes() != data:
            if path.is_dir():
                shutil.rmtree(path)
            path.write_bytes(data)


def command_campaign(count: int, seed: int, folder: Path, limit: float = 20.0) -> Figures:
    """`count` random command lines against seated tournaments in `folder`: each of
    TOURNAMENTS in turn for an equal share of the lines, with FIXTURES beside it and two
    flights (other tournaments) in SUBFOLDER."""
    import shutil

    rng = random.Random(seed)
    tree = command_tree()
    paths = sorted((path for path, _ in tree), key=len, reverse=True)
    figures = Figures()
    for name, data in FIXTURES.items():
        (folder / name).write_bytes(data)
    db = folder / "cup.tdtool"
    share = -(-count // len(TOURNAMENTS))
    for n in range(count):
        if n % share == 0:
            for made in (db, folder / SUBFOLDER):
                shutil.rmtree(made) if made.is_dir() else made.unlink(missing_ok=True)
            options = TOURNAMENTS[(n // share) % len(TOURNAMENTS)]
            _tournament(folder, PLAYERS, options)
            (folder / SUBFOLDER).mkdir()
            for flight, players in (("1A", PLAYERS[:6]), ("1B", PLAYERS[4:])):
                # Day 1 over: every bag counted (Eli and Fay bagged in both flights).
                counts = [str(x) for name in players for x in (name, 12_000)]
                _tournament(folder / SUBFOLDER, players, ["--structure", "turbo", "--buy-in",
                            "100", "--day-ends-after", "1"], name=flight,
                            then=(["clock", "start"], ["player", "chips", *counts],
                                  ["clock", "end-day"]))  # fmt: skip
        args = random_command(tree, rng)
        if "--db" in args:
            args = [a for a in args if a != "--db"]
        leaf = next((" ".join(p) for p in paths if args[: len(p)] == p), "(shuffled)")
        run_cli(args, folder, figures, limit, db=db, leaf=leaf)
        _restore(folder)
    return figures


def main(argv: list[str] | None = None) -> int:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--commands", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=20.0, help="seconds counted as a hang")
    parser.add_argument("--keep", type=Path, help="a folder to copy the files that fail into")
    options = parser.parse_args(argv)
    failures: list[str] = []
    for name, campaign, count in (
        ("mutated files", file_campaign, options.files),
        ("random command lines", command_campaign, options.commands),
    ):
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            if campaign is file_campaign:
                figures = file_campaign(count, options.seed, Path(folder), options.limit,
                                        options.keep)  # fmt: skip
            else:
                figures = command_campaign(count, options.seed, Path(folder), options.limit)
            took = time.perf_counter() - start
        print(f"{name}: {figures.summary()}; {took:.0f} s in all")
        if campaign is command_campaign:
            for leaf, tally in sorted(figures.commands.items()):
                print(f"  {leaf}: " + ", ".join(f"exit {k}: {v}" for k, v in sorted(tally.items())))
        failures += figures.failures
    for failure in failures[:200]:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
