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

from tdtool.io.store import Store
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
        with Store.open(tmp_path / "copy.tdtool") as copy:
            state = copy.state()
        assert state.players["ben"].busted
        assert state.players_left == 3
    finally:
        serve.terminate()
        serve.wait(timeout=20)
