"""`new` killed at any moment leaves no temporary file that the next `new` does not clean up."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from tests.conftest import ROOT

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_new_cleans_up_what_a_killed_new_left_and_nothing_else(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    dead = _dead_pid()
    stale = [f".cup.tdtool.{dead}.tmp", f".cup.tdtool.{dead}.tmp-wal",
             f".cup.tdtool.{dead}.tmp-shm", f".other-cup.tdtool.{dead}.tmp"]  # fmt: skip
    kept = [f".cup.tdtool.{os.getpid()}.tmp", f".notes.{dead}.tmp", "cup.tdtool.bak"]
    for name in stale + kept:
        (tmp_path / name).write_bytes(b"x")
    result = cli("new", "Friday Cup", "--structure", "turbo")
    assert result.exit_code == 0, result.output
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([*kept, "friday-cup.tdtool"])


def test_new_killed_at_random_moments_leaves_nothing_behind_after_the_next_new(tmp_path):
    rng = random.Random(15)
    command = [sys.executable, "-m", "tdtool", "new", "Cup", "--structure", "turbo"]
    start = time.perf_counter()
    subprocess.run(command, cwd=tmp_path, env=ENV, capture_output=True, check=True)
    took = time.perf_counter() - start
    (tmp_path / "cup.tdtool").unlink()
    for _ in range(8):
        proc = subprocess.Popen(command, cwd=tmp_path, env=ENV, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)  # fmt: skip
        time.sleep(rng.uniform(0.3, 1.1) * took)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        (tmp_path / "cup.tdtool").unlink(missing_ok=True)
    done = subprocess.run(command, cwd=tmp_path, env=ENV, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.tdtool"]
