"""Paths a user types (`--db`, a structure, a hand file, `-o`): checked before any system call.

An operating system refuses a name longer than 255 bytes or a path longer than 4,095 with an
`OSError` deep inside whatever first touches it; here that is one clear message naming the
option instead (an `InputError`, exit 2).
"""

from __future__ import annotations

import os
from pathlib import Path

from tdtool.errors import InputError

NAME_MAX = 255
"""Bytes in one file or folder name (Linux, macOS and Windows alike)."""
PATH_MAX = 4095
"""Bytes in a whole path (Linux)."""


def shorten(text: str, keep: int = 120) -> str:
    """`text` cut to about `keep` characters for a message, start and end kept."""
    return text if len(text) <= keep else f"{text[: keep - 20]}...{text[-15:]}"


def problem(path: str | os.PathLike[str]) -> str | None:
    """What makes `path` impossible to use as a file name here, or None."""
    text = os.fspath(path)
    if "\0" in text:
        return "it holds a NUL character"
    try:
        encoded = os.fsencode(text)
    except UnicodeError:
        return "it holds characters this system cannot write in a file name"
    if len(encoded) > PATH_MAX:
        return f"it is {len(encoded):,} bytes long; a path holds at most {PATH_MAX:,}"
    for part in encoded.split(os.sep.encode()):
        if len(part) > NAME_MAX:
            return (
                f"one name in it is {len(part):,} bytes long; a file or folder name holds"
                f" at most {NAME_MAX}"
            )
    return None


def checked(path: str | os.PathLike[str], what: str) -> Path:
    """`path` as a Path; InputError naming `what` (an option, "the structure" ...) when the
    system could never open it."""
    wrong = problem(path)
    if wrong is not None:
        raise InputError(f"{what} {shorten(os.fspath(path))!r} cannot be a file name: {wrong}.")
    return Path(path)
