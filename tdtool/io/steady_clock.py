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

Where the system has no boot id (not Linux), the wall clock is used as before.
"""

from __future__ import annotations

import time

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
    if last is not None and found < last[0]:
        found = last[0]
    return found


def same_boot(recorded: str) -> bool:
    """Whether a mark was recorded on this boot."""
    boot = boot_id()
    return boot is not None and recorded.startswith(boot + " ")
