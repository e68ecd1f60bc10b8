"""The file is always whole, and `tdtool backup` copies it while the tournament is in use.

Directors back up and move events by copying NAME.tdtool; with `clock serve` (or `clock
run`) holding the file open, the last changes used to sit in the -wal file only, and a copy
was an older tournament.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.request

from tdtool.io.store_base import open_store
from tests.conftest import ROOT
from tests.tournament_fixtures import make

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def tdtool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tdtool", *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
    )


def players_left(url: str) -> int:
    with urllib.request.urlopen(url + "api/clock", timeout=20) as response:
        return int(json.loads(response.read())["players_left"])


def test_a_plain_copy_taken_while_the_tv_page_is_open_holds_the_last_bust(tmp_path):
    path = make(tmp_path / "cup.tdtool")
    assert tdtool("--db", str(path), "player", "add", "Anna", "Ben", "Carla", "Dan").returncode == 0
    assert tdtool("--db", str(path), "seat", "draw").returncode == 0
    serve = subprocess.Popen(
        [sys.executable, "-m", "tdtool", "--db", str(path), "clock", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    try:
        first: list[str] = []
        reader = threading.Thread(target=lambda: first.append(serve.stdout.readline()))
        reader.start()
        reader.join(timeout=30)
        found = re.search(r"http://127\.0\.0\.1:\d+/", first[0] if first else "")
        assert found, first
        url = found.group(0)
        assert players_left(url) == 4
        bust = tdtool("--db", str(path), "player", "bust", "Ben", "--yes")
        assert bust.returncode == 0, bust.stdout + bust.stderr
        assert players_left(url) == 3  # the TV page saw it: its connection is open
        assert (tmp_path / "cup.tdtool-wal").exists()
        shutil.copyfile(path, tmp_path / "copy.tdtool")  # the file alone, not its -wal
        with open_store(tmp_path / "copy.tdtool") as copy:
            state = copy.state()
        assert state.players["ben"].busted
        assert state.players_left == 3
    finally:
        serve.terminate()
        serve.wait(timeout=20)


_STREAM = """
import sys, time
from tdtool.io.store import Store
from tdtool.io.store_base import create_store, open_store, restore_store
with open_store(sys.argv[1]) as store:
    for i in range(int(sys.argv[2])):
        with store.transaction() as tx:
            tx.state()
            tx.append("player.registered", {"name": f"P{i:03d}"})
        time.sleep(0.002)
"""


def test_backup_during_a_stream_of_changes_gives_copies_that_open_and_replay(tmp_path):
    from tdtool.tournament.state import fold
    from tests.test_store_snapshots import plain

    path = make(tmp_path / "cup.tdtool")
    writer = subprocess.Popen([sys.executable, "-c", _STREAM, str(path), "300"], env=ENV)
    copies = []
    try:
        while writer.poll() is None and len(copies) < 6:
            copy = tmp_path / f"backup-{len(copies)}.tdtool"
            done = tdtool("--db", str(path), "backup", str(copy), "--json")
            assert done.returncode == 0, done.stdout + done.stderr
            assert json.loads(done.stdout)["file"] == str(copy)
            copies.append(copy)
    finally:
        assert writer.wait(timeout=120) == 0
    assert len(copies) >= 2
    with open_store(path) as store:
        final = [(e.seq, e.kind, e.data) for e in store.events()]
    counts = []
    for copy in copies:
        with open_store(copy) as store:
            events = store.events()
            assert plain(store.state()) == plain(fold(events))  # the copy replays
            got = [(e.seq, e.kind, e.data) for e in events]
        assert got == final[: len(got)]  # as of one moment: a prefix of the log
        counts.append(len(got))
    assert counts == sorted(counts) and counts[0] < len(final)


def test_backup_refuses_to_overwrite_without_force(tmp_path):
    path = make(tmp_path / "cup.tdtool")
    (tmp_path / "old.tdtool").write_text("keep me")
    refused = tdtool("--db", str(path), "backup", str(tmp_path / "old.tdtool"))
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "--force" in refused.stderr
    assert (tmp_path / "old.tdtool").read_text() == "keep me"
    forced = tdtool("--db", str(path), "backup", str(tmp_path / "old.tdtool"), "--force")
    assert forced.returncode == 0, forced.stderr
    with open_store(tmp_path / "old.tdtool") as copy:
        assert copy.state().name == "Test Cup"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.tdtool", "old.tdtool"]
