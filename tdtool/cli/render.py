"""Rendering helpers shared by the commands: a result becomes a table for a person or JSON."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import typer


def emit_json(data: Any) -> None:
    """Print `data` as indented JSON on standard output."""
    typer.echo(dumps_indented(data))


def dumps_indented(data: Any) -> str:
    """`json.dumps(data, indent=2, ensure_ascii=False)`, character for character, in a
    fraction of the time: the standard encoder has no C path once indented, and
    `seat show --json` prints 22,000 seats at 30,000 entries. Values of the plain types
    are written by a table of encoders; a list or dict holding only such values (the seats
    of a table, a row) by the C encoder, whose item separator carries the newline and the
    indent; a list of dicts with the same keys (the tables) by one template of its keys."""
    from json import encoder as json_encoder
    from json.encoder import encode_basestring

    c_make_encoder = getattr(json_encoder, "c_make_encoder", None)  # None without the C part

    special = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}

    def floatstr(value: float) -> str:
        text = float.__repr__(value)
        return text if text[-1].isdigit() else special[text]

    def quoted(value: str) -> str:
        return str(encode_basestring(value))

    encoders: dict[type, Any] = {
        str: quoted,
        int: int.__repr__,
        float: floatstr,
        bool: lambda v: "true" if v else "false",
        type(None): lambda v: "null",
    }
    simple = frozenset(encoders)
    flat: dict[str, Any] = {}
    """Indent -> C encoder whose item separator is a newline and that indent."""

    def scalar(value: Any) -> str | None:
        """The text of a plain value (subclasses as json writes them), None for others."""
        encode = encoders.get(type(value))
        if encode is not None:
            return str(encode(value))
        if isinstance(value, str):
            return quoted(value)
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int):
            return int.__repr__(value)
        if isinstance(value, float):
            return floatstr(value)
        return None

    def key(k: Any) -> str:
        if isinstance(k, str):
            return quoted(k)
        text = scalar(k)
        if text is None:
            raise TypeError(f"keys must be str, int, float, bool or None, not {type(k).__name__}")
        return quoted(text)

    def flat_text(value: Any, indent: str) -> str | None:
        """A non-empty list or dict of plain values (exact types), or None."""
        is_dict = type(value) is dict
        if not set(map(type, value.values() if is_dict else value)) <= simple:
            return None
        if is_dict and not set(map(type, value)) <= simple:
            return None
        inner = indent + "  "
        encoder = flat.get(inner)
        if encoder is None:
            if c_make_encoder is None:
                return None
            encoder = flat[inner] = c_make_encoder(
                None, None, encode_basestring, None, ": ", ",\n" + inner, False, False, True
            )
        text = "".join(encoder(value, 0))
        return text[0] + "\n" + inner + text[1:-1] + "\n" + indent + text[-1]

    def records(rows: list[Any] | tuple[Any, ...], indent: str) -> str | None:
        """A list of two or more dicts with the same keys, each written by one template."""
        first = rows[0]
        if type(first) is not dict or not first or len(rows) < 2:
            return None
        keys = tuple(first)
        if not all(type(row) is dict and tuple(row) == keys for row in rows):
            return None
        inner = indent + "  "
        field = inner + "  "
        heads = ["{\n" + field + key(keys[0]) + ": "]
        heads += [",\n" + field + key(k) + ": " for k in keys[1:]]
        tail = "\n" + inner + "}"
        out: list[str] = []
        put = out.append
        get = encoders.get
        for row in rows:
            for head, v in zip(heads, row.values(), strict=True):
                put(head)
                encode = get(type(v))
                if encode is not None:
                    put(encode(v))
                else:
                    put((v and type(v) is dict and flat_text(v, field)) or text_of(v, field))
            put(tail)
            put(",\n" + inner)
        out[-1] = "\n" + indent + "]"
        return "[\n" + inner + "".join(out)

    def text_of(value: Any, indent: str) -> str:
        text = scalar(value)
        if text is not None:
            return text
        is_dict = isinstance(value, dict)
        if not is_dict and not isinstance(value, list | tuple):
            raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
        if not value:
            return "{}" if is_dict else "[]"
        if type(value) in (dict, list, tuple):
            found = flat_text(value, indent)
            if found is None and not is_dict:
                found = records(value, indent)
            if found is not None:
                return found
        inner = indent + "  "
        if is_dict:
            parts = [key(k) + ": " + text_of(v, inner) for k, v in value.items()]
            return "{\n" + inner + (",\n" + inner).join(parts) + "\n" + indent + "}"
        parts = [text_of(v, inner) for v in value]
        return "[\n" + inner + (",\n" + inner).join(parts) + "\n" + indent + "]"

    return text_of(data, "")


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
    cells = [list(row) for row in rows]
    module = _tabulate(wide=not _narrow(cells, headers))
    kwargs.setdefault("tablefmt", "simple")
    return str(module.tabulate(cells, headers=list(headers), **kwargs))


NARROW_SIGNS = frozenset("–—‘’“”•…←→−♠♡♢♣♤♥♦♧")
"""Signs beyond Latin the tables print (suits, dashes, arrows), one column wide each."""


def _narrow(rows: list[list[Any]], headers: Sequence[str]) -> bool:
    """Whether every character of the table is one column wide by any measure: printable
    Latin (U+0020 to U+02FF: accents included, no combining marks, no East Asian wide
    characters) or one of NARROW_SIGNS, where the length of a text is its width; a newline
    breaks a cell into lines (the log's table moves), which tabulate measures line by line."""
    texts = [str(h) for h in headers]
    texts += [str(c) for row in rows for c in row]
    return all(
        (" " <= ch <= "\u02ff" and ch != "\x7f") or ch in NARROW_SIGNS or ch == "\n"
        for text in texts
        for ch in text
    )


def _tabulate(wide: bool) -> Any:
    """The tabulate module; it measures text with wcwidth (East Asian wide characters take
    two columns), whose Unicode tables cost 15-25 ms to load. A table of narrow text (see
    `_narrow`) does not need them, so tabulate is first loaded without wcwidth and wcwidth
    is given to it when a table with a wide (or unusual) character comes: the same table
    either way, and `structure show` starts that much sooner."""
    import sys

    if "tabulate" not in sys.modules and not wide and "wcwidth" not in sys.modules:
        sys.modules["wcwidth"] = None  # type: ignore[assignment]  # tabulate: "not installed"
        try:
            import tabulate
        finally:
            del sys.modules["wcwidth"]
    import tabulate

    if wide and tabulate.wcwidth is None:  # type: ignore[attr-defined]
        try:
            import wcwidth
        except ImportError:  # pragma: no cover - tabulate measures by length, as it would
            return tabulate
        tabulate.wcwidth = wcwidth  # type: ignore[attr-defined]
        tabulate.WIDE_CHARS_MODE = True
    return tabulate
