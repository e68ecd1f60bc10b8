"""Values typed at options, parsed once for every command that takes them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdtool.errors import InputError

if TYPE_CHECKING:
    from tdtool.i18n import Words

MAX_DIGITS = 100
"""Digits in one typed number: past Python's limit for int() (4,300 digits) a number is a
ValueError, so it is refused here; below this, the command's own bounds name what is too large
(a deal's amounts, a bust's stacks)."""


def parse_ints(
    text: str, option: str, example: str, what: str = "whole numbers", shown: str | None = None
) -> list[int]:
    """'5000,3000' -> [5000, 3000] (commas, or spaces; '_' between digits allowed); a number
    has at most MAX_DIGITS digits (a 5,000-digit one was a ValueError traceback).

    >>> parse_ints("5000, 3_000", "--stacks", "5000,3000")
    [5000, 3000]
    """
    from tdtool.io.paths import shorten

    shown = shorten(text if shown is None else shown, 60)
    values = []
    for part in text.replace(",", " ").split():
        digits = part.replace("_", "")
        if not digits.lstrip("-").isdigit() or not digits.isascii():
            raise InputError(
                f"{option} {shown!r}: {shorten(part, 40)!r} is not a whole number; give {what}"
                f" separated by commas (whole numbers, e.g. {example})."
            )
        if len(digits.lstrip("-").lstrip("0")) > MAX_DIGITS:
            raise InputError(
                f"{option} {shown!r}: a number of {len(digits.lstrip('-').lstrip('0')):,} digits"
                f" is past anything a tournament counts (e.g. {example})."
            )
        values.append(int(digits))
    return values


def parse_stacks(text: str) -> tuple[list[str] | None, list[int]]:
    """--stacks of `player bust` and `deal`: chip counts, optionally named.

    '12000,8500' -> (None, [12000, 8500]); 'Anna=5000,Ben=3000' -> (['Anna', 'Ben'],
    [5000, 3000]). Negative counts are refused here; zero is left to the command.

    >>> parse_stacks("Anna=5_000, Ben=3000")
    (['Anna', 'Ben'], [5000, 3000])
    """
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        raise InputError("--stacks: give the chip counts, e.g. --stacks 5000,3000,2000.")
    named = [p for p in parts if "=" in p]
    if named and len(named) != len(parts):
        raise InputError(
            "--stacks: either name every stack (Anna=5000,Ben=3000) or none of them (5000,3000)."
        )
    names = [p.split("=", 1)[0].strip() for p in parts] if named else None
    if names is not None and any(not n for n in names):
        raise InputError("--stacks: a stack needs a name before '=' (e.g. Anna=5000).")
    numbers = ",".join(p.split("=", 1)[1] for p in parts) if named else text
    example = "Anna=12000,Ben=8500" if named else "12000,8500"
    stacks = parse_ints(numbers, "--stacks", example, "whole chip counts", text)
    if any(n < 0 for n in stacks):
        raise InputError("--stacks: chip counts cannot be negative.")
    return names, stacks


def bb_text(value: float, _: Words | None = None) -> str:
    """A count in big blinds as read aloud: 236.4, 430, 1,040 (never 1.04e+03); in the
    language of `_` when given (de: 236,4 and 1.040)."""
    if _ is not None and _.lang != "en":
        return _.decimal(value, 1)
    text = f"{value:,.1f}"
    return text[:-2] if text.endswith(".0") else text
