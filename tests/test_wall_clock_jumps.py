"""A laptop whose wall clock jumps (a resync, a wrong time or time zone set at the venue) moves
no level clock of a file tournament (issue 21): each change records where the boot-time clock
stood, and the time on this laptop is carried on from it (tdtool.io.steady_clock).

Each case runs the CLI as a process under libfaketime (Debian's `faketime`), which moves the
wall clock (time(), CLOCK_REALTIME) and, with DONT_FAKE_MONOTONIC=1, leaves the boot-time
clock alone, as a real wall-clock jump does. The release before failed every case: an hour
ahead read level 7, an hour behind reset level 1 to its full time, a pause typed while an
hour ahead kept level 7 after the clock was fixed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow

FAKETIME = shutil.which("faketime")


@pytest.fixture(autouse=True)
def _needs_faketime():
    if FAKETIME is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("faketime is not installed (apt-get install faketime)")
        pytest.skip("faketime is not installed")
    if not Path("/proc/sys/kernel/random/boot_id").exists():
        pytest.skip("no boot id on this system: the wall clock is all there is")


def tdtool(db: Path, *args: str, shift: str | None = None) -> str:
    """`tdtool --db DB ARGS` as a process, its wall clock moved by `shift` ('+1h', '-1h')."""
    return run(db, *args, shift=shift).stdout


def run(db: Path, *args: str, shift: str | None = None) -> subprocess.CompletedProcess[str]:
    """`tdtool --db DB ARGS` as a process under `shift`, which must succeed."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TDTOOL_")}
    env.update(PYTHONPATH=str(ROOT), DONT_FAKE_MONOTONIC="1")
    command = [sys.executable, "-m", "tdtool", "--db", str(db), *args]
    if shift is not None:
        command = [str(FAKETIME), "-f", shift, *command]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=db.parent)
    assert done.returncode == 0, (args, shift, done.stdout, done.stderr)
    return done


def clock(db: Path, shift: str | None = None) -> dict:
    return json.loads(tdtool(db, "clock", "status", "--json", shift=shift))


@pytest.fixture
def running(tmp_path) -> Path:
    db = tmp_path / "clock.tdtool"
    tdtool(db, "new", "Clock Cup", "--structure", "turbo")
    tdtool(db, "clock", "start")
    return db


def _close(a: dict, b: dict, seconds: float = 20) -> bool:
    return (
        a["level"] == b["level"] and abs(a["remaining_seconds"] - b["remaining_seconds"]) <= seconds
    )


@pytest.mark.parametrize("shift", ["+1h", "-1h", "+1d", "-10m"])
def test_a_wall_clock_off_by_any_amount_reads_the_level_clock_as_it_is(running, shift):
    here = clock(running)
    assert _close(clock(running, shift), here), (shift, clock(running, shift), here)


@pytest.mark.parametrize("shift", ["+1h", "-1h"])
def test_a_pause_typed_while_the_wall_clock_is_off_keeps_the_level_it_paused(running, shift):
    here = clock(running)
    tdtool(running, "clock", "pause", shift=shift)
    paused = clock(running)
    assert paused["status"] == "paused" and _close(paused, here)
    tdtool(running, "clock", "resume")  # the wall clock fixed again
    again = clock(running)
    assert again["running"] and _close(again, here)


@pytest.mark.parametrize("shift", ["+1h", "-1h"])
def test_a_level_change_typed_while_the_wall_clock_is_off_is_one_level(running, shift):
    tdtool(running, "clock", "next", shift=shift)
    after = clock(running)
    assert after["level"] == 2 and after["remaining_seconds"] >= after["period_seconds"] - 20


def test_the_times_in_the_log_never_run_backwards_after_a_jump_back(running):
    tdtool(running, "clock", "pause", shift="+1h")
    tdtool(running, "clock", "resume", shift="-1h")
    log = json.loads(tdtool(running, "log", "--json"))
    times = [r["at"] for r in log]
    assert times == sorted(times)


def test_a_laptop_clock_set_an_hour_back_is_warned_about_and_reads_the_clock_as_it_is(running):
    """The clock reads right (carried on the boot-time clock), and the director is told the
    laptop's time is wrong; a clock set right says nothing."""
    here = clock(running)
    behind = run(running, "clock", "status", "--json", shift="-1h")
    assert _close(json.loads(behind.stdout), here)
    warning = "Warning: this laptop's clock is 60 min behind the tournament's log; check the time."
    assert behind.stderr.count(warning) == 1, behind.stderr
    assert run(running, "clock", "status", shift="+1h").stderr == ""
    assert run(running, "clock", "pause").stderr == ""
