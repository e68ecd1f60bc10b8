"""Ctrl-C stops `tdtool serve` cleanly while phones follow the players' page: the open event
streams end at once, so the server neither waits out its graceful shutdown for them nor
cancels them with a traceback on the director's terminal."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import ROOT
from tests.tournament_fixtures import make

pytestmark = pytest.mark.slow  # a server in a process of its own

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def test_ctrl_c_with_phones_following_stops_the_server_cleanly(tmp_path):
    db = make(tmp_path / "cup.tdtool")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tdtool", "--db", str(db), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:\d+", proc.stdout.readline())
        assert found, proc.stderr.read() if proc.stderr else ""
        phones = [httpx.Client(base_url=found.group(0), timeout=10) for _ in range(3)]
        streams = [p.stream("GET", "/api/events") for p in phones]
        lines = [s.__enter__().iter_lines() for s in streams]
        for page in lines:  # each page has its first data: the stream is open
            assert any(line.startswith("data: ") for line in _until_data(page))
        proc.send_signal(signal.SIGINT)
        for page in lines:  # read to the end: the server ends each stream itself
            list(page)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert out.rstrip().endswith("Stopped."), out
    assert "Traceback" not in err and "graceful shutdown exceeded" not in err, err
    assert err == "", err


def _until_data(page: Iterator[str]) -> list[str]:
    seen = []
    for line in page:
        seen.append(line)
        if line.startswith("data: "):
            break
    return seen
