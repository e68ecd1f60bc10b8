"""Two terminals at once and processes killed mid-change never lose a committed change."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tdtool.io.store import Store
from tests.conftest import ROOT
from tests.tournament_fixtures import make

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

_WRITER = """
import sys
from tdtool.io.store import Store
path, who, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
with Store.open(path) as store:
    for i in range(n):
        with store.transaction() as tx:
            seen = tx.state().entries
            tx.append("player.registered", {"name": f"{who}{i}", "seen": seen})
"""


def test_two_terminals_appending_at_once_lose_no_update(tmp_path):
    path = make(tmp_path / "t.tdtool")
    n = 60
    procs = [
        subprocess.Popen([sys.executable, "-c", _WRITER, str(path), who, str(n)], env=ENV)
        for who in ("clock-laptop-", "floor-laptop-")
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    with Store.open(path) as store:
        regs = store.events(kinds={"player.registered"})
    # Each change read the state under the lock: the entries it saw are 0, 1, 2, ... in order.
    assert [e.data["seen"] for e in regs] == list(range(2 * n))
    assert len({e.data["name"] for e in regs}) == 2 * n


@pytest.mark.slow
def test_sigkill_at_random_moments_keeps_every_reported_change(tmp_path):
    """Kill `python -m tdtool` mid-command 40 times; the file opens and replays every success."""
    path = make(tmp_path / "t.tdtool")
    rng = random.Random(20261130)
    reported: list[str] = []
    kills = 0
    attempt = 0
    # How long one command takes here: kills are aimed around its end, where it commits.
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "tdtool", "--db", str(path), "player", "add", "T-0"],
        env=ENV,
        capture_output=True,
        check=True,
    )
    took = time.perf_counter() - start
    while kills < 40 and attempt < 200:
        attempt += 1
        names = [f"P{attempt}-{j}" for j in range(rng.randint(1, 3))]
        cmd = [sys.executable, "-m", "tdtool", "--db", str(path), "player", "add", *names]
        proc = subprocess.Popen(cmd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0.4, 1.4) * took)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        out, err = proc.communicate()
        if proc.returncode == 0:
            assert f"Registered {', '.join(names)}." in out.decode(), err.decode()
            reported.extend(names)
    assert kills >= 30
    assert reported, "no command finished: the kills never reached a commit"
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with Store.open(path) as store:
        state = store.state()
        changes = {}
        for e in store.events(kinds={"player.registered"}):
            changes.setdefault(e.change, []).append(e.data["name"])
    kept = {p.name for p in state.players.values()}
    assert set(reported) <= kept
    # A change is all or nothing: every recorded change holds one whole command's names.
    for names in changes.values():
        prefix = names[0].split("-")[0]
        assert all(n.split("-")[0] == prefix for n in names)
        assert [n.split("-")[1] for n in names] == [str(j) for j in range(len(names))]
