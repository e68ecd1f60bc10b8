"""Rendering helpers shared by the commands: a result becomes a table for a person or JSON."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import typer


def emit_json(data: Any) -> None:
    """Print `data` as indented JSON on standard output (the standard library's, as is)."""
    import json

    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str], **kwargs: Any) -> str:
    """A plain-text table a director can read aloud: tabulate's "simple" format.

    Columns of numbers are right-aligned, text left-aligned, under a line of dashes; keyword
    arguments go to tabulate (`colalign`, `disable_numparse`, `tablefmt` ...). tabulate is
    imported here, when a table is printed, so a command that prints none never loads it;
    it measures text with wcwidth, so names in Chinese or Japanese (two columns a character)
    line up.

    >>> print(table([("Anna", 60, "+40"), ("Ben", 210, "")], ["player", "chips", "+/-"]))
    player      chips    +/-
    --------  -------  -----
    Anna           60    +40
    Ben           210
    """
    from tabulate import tabulate

    kwargs.setdefault("tablefmt", "simple")
    return str(tabulate([list(row) for row in rows], headers=list(headers), **kwargs))
