"""A closed standard output (`tdtool log | head`) is not a file error: the command stops
quietly, with the status a shell shows for any tool stopped by SIGPIPE (141), no message."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _run_into_closed_pipe(*args: str) -> subprocess.CompletedProcess[bytes]:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first byte: every write fails (EPIPE)
    try:
        return subprocess.run(
            [sys.executable, "-m", "tdtool", *args],
            cwd=ROOT,
            stdout=write,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    finally:
        os.close(write)


@pytest.fixture(scope="module")
def tournament(tmp_path_factory):
    db = tmp_path_factory.mktemp("pipe") / "cup.tdtool"
    for args in (
        ("new", "Cup", "--structure", "turbo"),
        ("player", "add", "Ann", "Bob", "Cid"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "tdtool", "--db", str(db), *args],
            cwd=ROOT,
            capture_output=True,
        )
        assert done.returncode == 0, done.stderr
    return db


@pytest.mark.parametrize(
    "args",
    [("--help",), ("player", "--help"), ("structure", "show", "turbo"), ("ruling", "list")],
    ids=lambda a: " ".join(a),
)
def test_output_into_a_closed_pipe_stops_quietly(args):
    done = _run_into_closed_pipe(*args)
    assert done.stderr == b""  # no "Error: Broken pipe ... folder can be written", no trace
    assert done.returncode == 141


def test_a_tournament_command_into_a_closed_pipe_stops_quietly_and_changes_nothing(tournament):
    before = tournament.read_bytes()
    for args in (("log",), ("player", "list", "--json"), ("status",)):
        done = _run_into_closed_pipe("--db", str(tournament), *args)
        assert (done.returncode, done.stderr) == (141, b""), args
    assert tournament.read_bytes() == before


def test_a_change_whose_report_finds_the_pipe_closed_is_still_recorded(tournament):
    done = _run_into_closed_pipe("--db", str(tournament), "player", "add", "Dee")
    assert (done.returncode, done.stderr) == (141, b"")
    listed = subprocess.run(
        [sys.executable, "-m", "tdtool", "--db", str(tournament), "player", "list"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert "Dee" in listed.stdout


@pytest.fixture(scope="module")
def bounty_days(tmp_path_factory):
    """A PKO event over days with counts recorded and a bust paid: what the newer views read."""
    db = tmp_path_factory.mktemp("pipe-newer") / "main.tdtool"
    structure = str(ROOT / "structures" / "main-event.yaml")
    for args in (
        ("new", "Main", "--structure", structure, "--buy-in", "50", "--bounty", "40", "--pko"),
        ("player", "add", "Ann", "Bob", "Cid", "Dee", "--yes"),
        ("seat", "draw"),
        ("player", "chips", "Ann", "60000", "Bob", "60000"),
        ("player", "bust", "Dee", "--by", "Ann", "--yes"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "tdtool", "--db", str(db), *args],
            cwd=ROOT,
            capture_output=True,
        )
        assert done.returncode == 0, (args, done.stderr)
    return db


@pytest.mark.parametrize(
    "args",
    [
        ("chips", "show"),
        ("chips", "show", "--json"),
        ("player", "bounties"),
        ("player", "bounties", "--json"),
        ("report", "--csv"),
        ("chips", "--help"),
        ("flights", "--help"),
    ],
    ids=lambda a: " ".join(a),
)
def test_fuzz_the_newer_views_into_a_closed_pipe_stop_quietly(bounty_days, args):
    """`tdtool chips show | head -1` and the like: no message, status 141, nothing written."""
    before = bounty_days.read_bytes()
    done = _run_into_closed_pipe("--db", str(bounty_days), *args)
    assert (done.returncode, done.stderr) == (141, b""), args
    assert bounty_days.read_bytes() == before


def test_fuzz_seat_print_into_a_closed_pipe_still_writes_its_sheet(bounty_days, tmp_path):
    """The sheet is written before the line that says so finds the pipe closed."""
    sheet = tmp_path / "cards.html"
    before = bounty_days.read_bytes()
    done = _run_into_closed_pipe("--db", str(bounty_days), "seat", "print", "cards", "-o", sheet)
    assert (done.returncode, done.stderr) == (141, b"")
    assert sheet.read_text().count("Main") >= 1
    assert bounty_days.read_bytes() == before
