"""`tdtool clock run --say CMD`: the terminal clock's announcements through a command.

At each moment the TV page speaks (tdtool/app/voice.py), the words go to CMD as its last
argument (`espeak-ng -v ro "Nivelul 2: ..."`; the house theme's clock_say.html gives them
when `--theme` names one), in a process of their own: the clock never waits for it. Words
that come while CMD still speaks wait for it to finish (two voices at once read as none).
A command that cannot be started, or that fails, is named once on the screen and not run
again; the clock goes on.
"""

from __future__ import annotations

import shlex
import subprocess
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError

if TYPE_CHECKING:
    from tdtool.io.pages import Theme


def parse_say(command: str) -> list[str]:
    """`--say`'s command split as a shell would, or an InputError naming the option."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise InputError(f"--say {command!r}: {exc}.") from None
    if not argv:
        raise InputError('--say needs a command, e.g. --say "espeak-ng -v ro".')
    return argv


class Voice:
    """Runs `argv` + [the words] at each announcement of successive display data."""

    def __init__(self, argv: list[str], theme: Theme | None = None) -> None:
        self.argv = argv
        self.theme = theme
        self.last: Mapping[str, Any] | None = None
        self.running: list[subprocess.Popen[bytes]] = []
        self.waiting: list[str] = []
        self.broken = False

    def __call__(self, view: Mapping[str, Any]) -> str | None:
        """Say what changed since the last view; a line for the screen when the command
        is found broken (once), else None."""
        from tdtool.app.voice import announcements, phrases
        from tdtool.i18n import words

        last, self.last = self.last, view
        problem = self._reap()
        if problem or self.broken:
            return problem
        lang = str(view.get("language") or "en")
        said = announcements(last, view, phrases(lang, self.theme), words(lang).number)
        if said:
            self.waiting.append(" ".join(said))
        if not self.waiting or self.running:
            return None
        try:
            self.running.append(
                subprocess.Popen(
                    [*self.argv, self.waiting.pop(0)],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        except OSError as exc:
            self.broken = True
            return (
                f"--say: cannot run {self.argv[0]!r} ({exc.strerror or exc});"
                " the clock goes on without announcements."
            )
        return None

    def _reap(self) -> str | None:
        """Forget the finished commands; a line (once) when one of them failed."""
        problem = None
        for proc in [p for p in self.running if p.poll() is not None]:
            self.running.remove(proc)
            if proc.returncode != 0 and not self.broken:
                self.broken = True
                problem = (
                    f"--say: {shlex.join(self.argv)!r} failed (exit {proc.returncode});"
                    " the clock goes on without announcements."
                )
        return problem
