"""Rendering helpers shared by the commands: a result becomes a table for a person or JSON."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import typer


def emit_json(data: Any) -> None:
    """Print `data` as indented JSON on standard output."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str], **kwargs: Any) -> str:
    """A plain-text table a director can read aloud (tabulate is imported only when used)."""
    from tabulate import tabulate

    kwargs.setdefault("tablefmt", "simple")
    return tabulate(list(rows), headers=list(headers), **kwargs)
