"""A CSV of chip counts (the bags counted at the end of a day): one player and count a row.

    name,chips
    Anna,48200
    "Ben Okafor","31,500"

The first row is a header when it names the columns: `name` (or `player`) and `chips` (or
`count`, `stack`, `bagged`); other columns (table, seat, bag number) are then ignored.
Without a header each row is NAME,CHIPS. Commas, semicolons or tabs separate the columns
(a spreadsheet's export in any locale); blank rows are skipped. A count may be written with
thousands separators ("31,500", "31 500", 31_500).

Every row is read before anything is recorded: a bad row is an InputError naming FILE:LINE
(and how many other rows are bad), so a file with one mistake records nothing.

This module is the one door for chip counts someone typed or a spreadsheet wrote (the CSV, and
the counts of `player chips NAME N` and `chips remove N`): a count has at most `MAX_DIGITS`
digits, a file at most `MAX_BYTES` bytes, and a row the csv module cannot read (a cell past its
field limit, quotes that never close) is one FILE:LINE error like any other bad row.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from tdtool.errors import InputError
from tdtool.io.paths import shorten

MAX_DIGITS = 15
"""Digits in one count (separators aside): up to 999,999,999,999,999 chips, as in the YAML
files (tdtool.io.guarded_yaml.MAX_DIGITS)."""
MAX_BYTES = 20_000_000
"""The largest CSV read: 100,000 rows of counts take about 2 MB."""

NAME_COLUMNS = ("name", "player")
CHIP_COLUMNS = ("chips", "count", "stack", "bagged", "amount")


@dataclass(frozen=True)
class CountRow:
    """One row: the player's name, their chips and where the row is ("counts.csv:4")."""

    name: str
    chips: int
    where: str


def _digits(text: str) -> str:
    return text.strip().replace(",", "").replace("_", "").replace(" ", "").replace("\u00a0", "")


def chips_problem(text: str) -> str | None:
    """Why `text` is not a count of chips (to follow the count in a message), or None.

    >>> chips_problem("31,500"), chips_problem("12.5k"), chips_problem("1" * 16)
    (None, 'is not a whole number of chips', 'has 16 digits; a count has at most 15')
    """
    digits = _digits(text)
    if not digits.isdigit() or not digits.isascii():
        return "is not a whole number of chips"
    if len(digits.lstrip("0")) > MAX_DIGITS:
        return f"has {len(digits.lstrip('0')):,} digits; a count has at most {MAX_DIGITS}"
    return None


def looks_like_count(text: str) -> bool:
    """Whether `text` is written as a count (digits and separators), however long."""
    digits = _digits(text)
    return digits.isdigit() and digits.isascii()


def parse_chips(text: str) -> int | None:
    """'31,500' / '31 500' / '31_500' / '31500' -> 31500; None when it is not a whole number
    of at most MAX_DIGITS digits (`chips_problem` says which).

    >>> parse_chips("31,500"), parse_chips("12.5k"), parse_chips("9" * 5000)
    (31500, None, None)
    """
    if chips_problem(text) is not None:
        return None
    return int(_digits(text))


def shown_count(text: str) -> str:
    """A count as a message quotes it: `text` in quotes, cut when long ('9999...' 5,000 chars)."""
    if len(text) <= 40:
        return repr(text) if text else "(empty)"
    return f"{text[:20]!r}... ({len(text):,} characters)"


def _delimiter(first: str) -> str:
    for sep in ("\t", ";"):
        if sep in first and "," not in first:
            return sep
    return ","


def read_csv_text(path: Path, shown: str, about: str = "") -> str:
    """The text of the CSV file at `path`, at most MAX_BYTES, UTF-8 with or without a BOM (as
    spreadsheets save it); each way it cannot be read is an InputError naming `shown`
    (`about`: what such a file holds, said when it is too big)."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            big = f"{shown}: the file is over {MAX_BYTES // 1_000_000} MB"
            raise InputError(f"{big}; {about}." if about else f"{big}.")
        return data.decode("utf-8-sig")
    except FileNotFoundError:
        raise InputError(f"{shown}: no such file.") from None
    except IsADirectoryError:
        raise InputError(f"{shown} is a folder; give the CSV file itself.") from None
    except UnicodeDecodeError:
        raise InputError(
            f"{shown}: not a text file in UTF-8; save it from the spreadsheet as 'CSV UTF-8'."
        ) from None
    except OSError as exc:
        raise InputError(f"{shown}: cannot read it ({exc.strerror}).") from None


def read_counts(path: Path, shown: str | None = None) -> list[CountRow]:
    """The rows of the chip-count CSV at `path` (`shown`: how messages name it)."""
    shown = shown or str(path)
    text = read_csv_text(
        path,
        f"--csv {shown}",
        "a chip count CSV holds one NAME,CHIPS a row (100,000 rows take about 2 MB)",
    )
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    if not first:
        raise InputError(f"--csv {shown}: the file holds no counts; give one NAME,CHIPS a row.")
    reader = csv.reader(lines, delimiter=_delimiter(first))
    name_col, chips_col = 0, 1
    header = False
    rows: list[CountRow] = []
    bad: list[tuple[int, str]] = []
    while True:
        number = reader.line_num + 1  # a quoted cell may go on over several lines
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # the rest of the file cannot be read as rows
            bad.append((number, f"the row is not readable CSV ({exc}); check its quotes"))
            break
        cells = [c.strip() for c in cells]
        if not any(cells):
            continue
        if not rows and not bad and not header:
            lowered = [c.casefold() for c in cells]
            names = [i for i, c in enumerate(lowered) if c in NAME_COLUMNS]
            chips = [i for i, c in enumerate(lowered) if c in CHIP_COLUMNS]
            if names and chips:
                name_col, chips_col, header = names[0], chips[0], True
                continue
            if not any(parse_chips(c) is not None for c in cells[1:]):
                raise InputError(
                    f"{shown}:{number}: the first row ({shorten(', '.join(cells), 80)}) is neither"
                    " a header"
                    " naming the `name` and `chips` columns nor a NAME,CHIPS row; nothing was"
                    " recorded."
                )
        while cells and not cells[-1] and len(cells) > 2:
            cells.pop()
        if not header and len(cells) != 2:
            bad.append((number, f"a row is NAME,CHIPS; this one has {len(cells)} columns"))
            continue
        if max(name_col, chips_col) >= len(cells):
            bad.append((number, "the row is missing the name or the chips column"))
            continue
        name, amount = cells[name_col], cells[chips_col]
        if not name:
            bad.append((number, "the player's name is empty"))
            continue
        wrong = chips_problem(amount)
        if wrong is not None:
            bad.append((number, f"{shorten(name, 60)}'s count {shown_count(amount)} {wrong}"))
            continue
        chips_value = int(_digits(amount))
        rows.append(CountRow(" ".join(name.split()), chips_value, f"{shown}:{number}"))
    if bad:
        number, message = bad[0]
        more = ""
        if len(bad) > 1:
            others = ", ".join(str(n) for n, _ in bad[1:6]) + (", ..." if len(bad) > 6 else "")
            more = f" ({len(bad) - 1} more bad row{'s' if len(bad) > 2 else ''}: line {others})"
        raise InputError(f"{shown}:{number}: {message}{more}; nothing was recorded.")
    if not rows:
        raise InputError(f"--csv {shown}: the file holds no counts; give one NAME,CHIPS a row.")
    return rows
