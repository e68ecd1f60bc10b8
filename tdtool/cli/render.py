"""Rendering helpers shared by the commands: a result becomes a table for a person or JSON."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import typer

_NUMBER = re.compile(r"[+-]?\d+$")


def emit_json(data: Any) -> None:
    """Print `data` as indented JSON on standard output."""
    import json

    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str], **kwargs: Any) -> str:
    """A plain-text table a director can read aloud: tabulate's "simple" format.

    Importing tabulate costs 10-25 ms of a command's start-up, so the plain tables most
    commands print (ASCII words and whole numbers) are drawn by `_simple_table`, exactly
    as tabulate draws them; anything else goes to tabulate itself.
    """
    rows = [list(row) for row in rows]
    drawn = _simple_table(rows, list(headers), **kwargs)
    if drawn is not None:
        return drawn
    from tabulate import tabulate

    kwargs.setdefault("tablefmt", "simple")
    return tabulate(rows, headers=list(headers), **kwargs)


_WHOLE = re.compile(r"[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)")
"""A whole number as tabulate reads one: '12', '+40', '-5', '2,000'."""
_NUMBERISH = re.compile(r"[+-]?(?:\d{1,3}(?:,\d{3})*)?(?:\.\d*)?")
"""Anything tabulate might read as a decimal number with thousands separators: '1,000.50'."""
_EMPTY, _WHOLE_NUMBER, _TEXT = 0, 1, 2


def _kind(cell: Any, numparse: bool) -> int | None:
    """How tabulate reads a cell: empty, a whole number or text; None where unsure."""
    if cell is None or cell == "":
        return _EMPTY
    if type(cell) is int:
        return _WHOLE_NUMBER if numparse else _TEXT
    if type(cell) is not str or not (cell.isascii() and cell.isprintable()):
        return None  # floats, bools, dates, wide or control characters, line breaks ...
    if cell != cell.strip() or cell in ("True", "False"):
        return None
    if not numparse:
        return _TEXT
    if _WHOLE.fullmatch(cell):
        return _WHOLE_NUMBER
    if _NUMBERISH.fullmatch(cell) or cell.lower().startswith(("0x", "0b", "0o")):
        return None
    try:
        float(cell)  # '1e3', 'nan', '1_000' ...
    except ValueError:
        return _TEXT
    return None


def _simple_table(
    rows: list[list[Any]],
    headers: list[Any],
    tablefmt: str = "simple",
    disable_numparse: bool = False,
    colalign: Sequence[str] | None = None,
    **other: Any,
) -> str | None:
    """The table as tabulate's "simple" format draws it, or None if only tabulate can tell.

    A column of whole numbers (blanks allowed) is right-aligned, any other left-aligned,
    `colalign` ("left"/"right") overriding; each column is as wide as its widest cell or
    its header plus two; trailing blanks are dropped.

    >>> print(_simple_table([["Anna", 60, "+40"], ["Ben", 210, ""]], ["player", "chips", "+/-"]))
    player      chips    +/-
    --------  -------  -----
    Anna           60    +40
    Ben           210
    """
    width = len(headers)
    if other or tablefmt != "simple" or not rows or any(len(row) != width for row in rows):
        return None
    if not all(type(h) is str and _kind(h, False) == _TEXT for h in headers):
        return None
    kinds = [[_kind(cell, not disable_numparse) for cell in row] for row in rows]
    if any(kind is None for row in kinds for kind in row):
        return None
    right = [all(row[k] != _TEXT for row in kinds) and any(row[k] for row in kinds)
             for k in range(width)]  # fmt: skip
    for k, align in enumerate(colalign or ()):
        if k < width:
            if align not in ("left", "right"):
                return None
            right[k] = align == "right"
    return _draw(
        headers, [["" if cell is None else str(cell) for cell in row] for row in rows], right
    )


def columns(rows: Iterable[Sequence[Any]], headers: Sequence[str]) -> str:
    """The same plain table as `table()` for simple cells, without importing tabulate.

    Columns of whole numbers (or signed number strings like "+40") are right-aligned,
    everything else left-aligned, under a line of dashes. For commands whose start-up
    time matters: importing tabulate costs about 25 ms.

    >>> print(columns([("Anna", 60, "+40"), ("Ben", 210, "-5")], ["player", "chips", "change"]))
    player      chips    change
    --------  -------  --------
    Anna           60       +40
    Ben           210        -5
    """
    body = [[str(cell) for cell in row] for row in rows]
    numeric = [bool(body) and all(_NUMBER.match(r[k]) for r in body) for k in range(len(headers))]
    return _draw(headers, body, numeric)


def _draw(headers: Sequence[str], body: list[list[str]], right: list[bool]) -> str:
    """The header line, a line of dashes, the rows; a column is 2 wider than its header or more."""
    widths = [max([len(h) + 2] + [len(r[k]) for r in body]) for k, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(widths[k]) if right[k] else c.ljust(widths[k]) for k, c in enumerate(cells)
        ).rstrip()

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *map(line, body)])
