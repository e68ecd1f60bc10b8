"""Rendering helpers shared by the commands: a result becomes a table for a person or JSON."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import typer


def emit_json(data: Any) -> None:
    """Print `data` as indented JSON on standard output."""
    typer.echo(dumps_indented(data))


def dumps_indented(data: Any) -> str:
    """`json.dumps(data, indent=2, ensure_ascii=False)`, character for character, in three
    quarters of the time: the standard encoder has no C path once indented, and
    `seat show --json` prints 22,000 seats at 30,000 entries."""
    from json.encoder import encode_basestring

    out: list[str] = []
    put = out.append

    def scalar(value: Any) -> str | None:
        if isinstance(value, str):
            return str(encode_basestring(value))
        if value is None:
            return "null"
        if value is True:
            return "true"
        if value is False:
            return "false"
        if isinstance(value, int):
            return int.__repr__(value)
        if isinstance(value, float):
            if value != value:
                return "NaN"
            if value in (float("inf"), float("-inf")):
                return "Infinity" if value > 0 else "-Infinity"
            return float.__repr__(value)
        return None

    def key(k: Any) -> str:
        if isinstance(k, str):
            return str(encode_basestring(k))
        text = scalar(k)
        if text is None:
            raise TypeError(f"keys must be str, int, float, bool or None, not {type(k).__name__}")
        return str(encode_basestring(text))

    def walk(value: Any, indent: str) -> None:
        text = scalar(value)
        if text is not None:
            put(text)
        elif isinstance(value, dict):
            if not value:
                put("{}")
                return
            inner = "\n" + indent + "  "
            sep = "{" + inner
            for k, v in value.items():
                put(sep)
                put(key(k))
                put(": ")
                walk(v, indent + "  ")
                sep = "," + inner
            put("\n" + indent + "}")
        elif isinstance(value, list | tuple):
            if not value:
                put("[]")
                return
            inner = "\n" + indent + "  "
            sep = "[" + inner
            for v in value:
                put(sep)
                walk(v, indent + "  ")
                sep = "," + inner
            put("\n" + indent + "]")
        else:
            raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")

    walk(data, "")
    return "".join(out)


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str], **kwargs: Any) -> str:
    """A plain-text table a director can read aloud: tabulate's "simple" format.

    Columns of numbers are right-aligned, text left-aligned, under a line of dashes; keyword
    arguments go to tabulate (`colalign`, `disable_numparse`, `tablefmt` ...). tabulate is
    imported here, when a table is printed (it costs 20-35 ms of start-up), so a command that
    prints none never loads it.

    >>> print(table([("Anna", 60, "+40"), ("Ben", 210, "")], ["player", "chips", "+/-"]))
    player      chips    +/-
    --------  -------  -----
    Anna           60    +40
    Ben           210
    """
    from tabulate import tabulate

    kwargs.setdefault("tablefmt", "simple")
    return tabulate([list(row) for row in rows], headers=list(headers), **kwargs)
