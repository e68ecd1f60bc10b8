"""Errors the core raises; the CLI turns each into one `Error: ...` line and its exit code.

An error says what went wrong (`wrong`) and, where there is one, what to do instead (`hint`).
The core names no command, key or option: a hint refers to what the director can do by a
placeholder such as `{undo}` or `{reenter:Anna}` (the part after ':' is an argument), and
each front end words them: the CLI as its commands (`tdtool undo`), the full-screen clock
as its keys. `str(error)` words them plainly (`PLAIN`), for any other reader.

>>> e = RuleError("The clock is already paused;", "resume it with {clock:resume}.")
>>> print(e)
The clock is already paused; resume it with the clock's resume.
>>> e.worded({"clock": "`tdtool clock {}`"})
'The clock is already paused; resume it with `tdtool clock resume`.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

Wording = str | Callable[[str], str]
"""How a front end words an action: a template ('{}' takes the argument) or a function."""

PLAIN: dict[str, str] = {
    "undo": "undo",
    "register": "a registration",
    "reenter": "a re-entry",
    "bust": "a bust",
    "chips": "a chip count",
    "draw": "the seat draw",
    "seats": "the table plan",
    "players": "the player list",
    "created": "when the tournament was created",
    "new": "a new tournament",
    "clock": "the clock's {}",
    "seat": "the seat command {}",
    "option": "{}",
    "merge": "a merge in the player registry ({})",
}
"""Each action a hint may name, in plain words ('{}' takes the placeholder's argument)."""


class _Word:
    """One action as a front end words it; `format(word, arg)` fills in the argument."""

    def __init__(self, wording: Wording) -> None:
        self.wording = wording

    def __format__(self, arg: str) -> str:
        if callable(self.wording):
            return self.wording(arg)
        if not arg:
            return self.wording.replace(" {}", "").replace("{}", "")
        return self.wording.replace("{}", arg)


class _Words(dict[str, _Word]):
    def __missing__(self, key: str) -> _Word:  # an action this front end does not word
        return _Word(PLAIN.get(key, key))


def word(hint: str, actions: Mapping[str, Wording] | None = None) -> str:
    """`hint` with each `{action}` / `{action:arg}` placeholder worded by `actions`."""
    words = _Words({k: _Word(v) for k, v in (actions or {}).items()})
    return hint.format_map(words)


class TdtoolError(Exception):
    """Base of every error meant for the user. `exit_code` follows docs/cli.md."""

    exit_code = 2

    def __init__(self, what: str, hint: str = "") -> None:
        if hint:
            super().__init__(what, hint)
        else:
            super().__init__(what)
        self.wrong = what
        """What went wrong."""
        self.hint = hint
        """What to do instead, with `{action}` placeholders (see the module's text)."""

    def worded(self, actions: Mapping[str, Wording] | None = None) -> str:
        """The whole message, the hint's actions worded by `actions` (plain words otherwise)."""
        if not self.hint:
            return self.wrong
        return f"{self.wrong} {word(self.hint, actions)}"

    def __str__(self) -> str:
        return self.worded()


class InputError(TdtoolError):
    """Bad input: an unreadable file, an unknown name, a bad option. Nothing changed (exit 2)."""

    exit_code = 2


class RuleError(TdtoolError):
    """Refused by the rules or the tournament's state. Nothing changed (exit 1)."""

    exit_code = 1
