"""Rendering helpers shared by the commands: a result becomes a table for a person or JSON."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

import typer

_NUMBER = re.compile(r"[+-]?\d+$")


def emit_json(data: Any) -> None:
    """Print `data` as indented JSON on standard output."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str], **kwargs: Any) -> str:
    """A plain-text table a director can read aloud (tabulate is imported only when used)."""
    from tabulate import tabulate

    kwargs.setdefault("tablefmt", "simple")
    return tabulate(list(rows), headers=list(headers), **kwargs)


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
    widths = [max([len(h) + 2] + [len(r[k]) for r in body]) for k, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(widths[k]) if numeric[k] else c.ljust(widths[k]) for k, c in enumerate(cells)
        ).rstrip()

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *map(line, body)])
