"""The time of a tournament file's changes and readings, which the laptop's wall clock cannot
move while the laptop runs.

A laptop's wall clock jumps: it resyncs, someone sets it or its time zone wrong at a venue.
The level clock computes from the times of its events, so a wall clock an hour ahead used to
show level 7 five minutes into level 1, and a pause typed then kept it there. Each change of
a file therefore records, beside its wall time, where the machine's boot-time clock stood
(`CLOCK_BOOTTIME`: it counts from boot, suspended time included, and nothing but a reboot
resets it) and which boot that was (the kernel's boot id). On the same boot, the time now is
the last such event's wall time plus the boot-time clock's advance since: jumps of the wall
clock change nothing. After a reboot, or on another laptop, the wall clock is used, and
never earlier than the last event recorded (time does not run backwards in the log).

A wall clock behind the log's last event by `BEHIND_WARNING` or more is a laptop whose time
is set wrong: the command says so once on stderr (`warn_behind`), whichever time it uses.

Where the system has no boot id (not Linux), the wall clock is used as before.
"""

from __future__ import annotations

import sys
import time

BEHIND_WARNING = 60.0
"""Seconds the wall clock may lag the log's last event before a command warns: two laptops'
clocks a few seconds apart are no fault."""

_WARNED = False
_BOOT_ID: str | None = None
_BOOT_READ = False


def boot_id() -> str | None:
    """This boot's id (Linux), or None."""
    global _BOOT_ID, _BOOT_READ
    if not _BOOT_READ:
        try:
            with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as f:
                _BOOT_ID = f.read().strip() or None
        except OSError:
            _BOOT_ID = None
        _BOOT_READ = True
    return _BOOT_ID


def mark() -> str:
    """What an event records of the steady clock: 'BOOT_ID SECONDS', or '' without one."""
    boot = boot_id()
    if boot is None:
        return ""
    return f"{boot} {time.clock_gettime(time.CLOCK_BOOTTIME)!r}"


def now(last: tuple[float, str] | None, anchor: tuple[float, str] | None) -> float:
    """The time now for a log whose last event was at `last` (wall time, mark) and whose
    newest event recorded on this boot is `anchor` (None: none). Never before `last`."""
    wall = time.time()
    found = wall
    boot = boot_id()
    if anchor is not None and boot is not None:
        at, recorded = anchor
        their_boot, _, seconds = recorded.partition(" ")
        if their_boot == boot and seconds:
            advance = time.clock_gettime(time.CLOCK_BOOTTIME) - float(seconds)
            if advance >= 0:
                found = at + advance
    if last is not None:
        warn_behind(last[0] - wall)
        found = max(found, last[0])
    return found


def behind_words(seconds: float, whose: str = "this laptop's clock") -> str | None:
    """The warning for a clock `seconds` behind the log's last event, None under
    BEHIND_WARNING.

    >>> behind_words(30.0) is None
    True
    >>> behind_words(3600.4)
    "Warning: this laptop's clock is 60 min behind the tournament's log; check the time."
    >>> behind_words(2 * 86400 + 50, "the server's clock")
    "Warning: the server's clock is 2,881 min behind the tournament's log; check the time."
    """
    if seconds < BEHIND_WARNING:
        return None
    return (
        f"Warning: {whose} is {round(seconds / 60):,} min behind the tournament's log;"
        " check the time."
    )


def warn_behind(seconds: float, whose: str = "this laptop's clock") -> None:
    """Say once a process on stderr that the clock is `seconds` behind the log's last event
    (nothing under BEHIND_WARNING): the time used is still never before the log's."""
    global _WARNED
    words = behind_words(seconds, whose)
    if words is not None and not _WARNED:
        _WARNED = True
        print(words, file=sys.stderr, flush=True)


def same_boot(recorded: str) -> bool:
    """Whether a mark was recorded on this boot."""
    boot = boot_id()
    return boot is not None and recorded.startswith(boot + " ")
