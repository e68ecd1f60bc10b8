"""`tdtool clock ...`: each command is one event that undo takes back; nonsense is refused."""

from __future__ import annotations

import json
import re
import time

import pytest

from tdtool.io.store_base import open_store
from tdtool.tournament.state import current_level, registration_open
from tests.tournament_fixtures import make

CLOCK_KEYS = {
    "level",
    "small_blind",
    "big_blind",
    "ante",
    "bb_ante",
    "remaining_seconds",
    "running",
    "on_break",
}


@pytest.fixture
def db(tmp_path):
    return make(tmp_path / "cup.tdtool", buy_in=100)


def clock(cli, db, *args):
    return cli("--db", db, "clock", *args)


def status(cli, db) -> dict:
    result = clock(cli, db, "status", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_clock_status_json_has_the_keys_scripts_rely_on(cli, db):
    data = status(cli, db)
    assert data.keys() >= CLOCK_KEYS
    assert (data["level"], data["big_blind"], data["running"]) == (1, 100, False)
    assert data["remaining_seconds"] == 15 * 60


def test_start_pause_resume_record_one_event_each(cli, db):
    for command in ("start", "pause", "resume"):
        result = clock(cli, db, command)
        assert result.exit_code == 0, result.output
        assert "tdtool undo" in result.stdout
    with open_store(db) as store:
        kinds = [e.kind for e in store.events()]
    assert kinds == ["tournament.created", "clock.start", "clock.pause", "clock.resume"]
    assert status(cli, db)["running"] is True


@pytest.mark.parametrize(
    ("before", "command", "message"),
    [
        pytest.param([], "pause", "has not been started", id="pause-before-start"),
        pytest.param([], "resume", "has not been started", id="resume-before-start"),
        pytest.param(["start"], "start", "already running", id="start-twice"),
        pytest.param(["start"], "resume", "already running", id="resume-when-running"),
        pytest.param(["start", "pause"], "pause", "already paused", id="pause-when-paused"),
    ],
)
def test_nonsense_is_refused_with_exit_1_and_nothing_recorded(cli, db, before, command, message):
    for c in before:
        assert clock(cli, db, c).exit_code == 0
    with open_store(db) as store:
        count = len(store.events())
    result = clock(cli, db, command)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and message in result.stderr
    with open_store(db) as store:
        assert len(store.events()) == count


def test_next_on_the_last_level_is_refused(cli, db):
    for _ in range(4):  # level 2, break, level 3, level 4 (the last)
        assert clock(cli, db, "next").exit_code == 0
    result = clock(cli, db, "next")
    assert result.exit_code == 1 and "last level" in result.stderr


def test_undo_takes_back_a_clock_command(cli, db):
    clock(cli, db, "start")
    clock(cli, db, "next")
    assert status(cli, db)["level"] == 2
    assert cli("--db", db, "undo").exit_code == 0
    assert status(cli, db)["level"] == 1


def test_set_and_add_change_the_time_left(cli, db):
    clock(cli, db, "start")
    clock(cli, db, "pause")
    assert clock(cli, db, "set", "12:30").exit_code == 0
    assert status(cli, db)["remaining_seconds"] == 750
    assert clock(cli, db, "add", "2").exit_code == 0
    assert status(cli, db)["remaining_seconds"] == 870
    result = clock(cli, db, "add", "-1")
    assert result.exit_code == 0, result.output
    assert "1 min taken off" in result.stdout
    assert status(cli, db)["remaining_seconds"] == 810


def test_a_bad_time_is_bad_input(cli, db):
    result = clock(cli, db, "set", "12:75")
    assert result.exit_code == 2
    assert "go up to 59" in result.stderr


def test_status_shows_the_clock(cli, db):
    started = time.monotonic()
    clock(cli, db, "start")
    result = cli("--db", db, "status", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["clock"].keys() >= CLOCK_KEYS
    text = cli("--db", db, "status").stdout
    assert re.search(r"Level +1: 50/100\n", text)
    found = re.search(r"Time left +(\d+):(\d\d), running", text)
    assert found, text
    # However slow the machine, the clock has run no longer than this test has.
    ran = 15 * 60 - (int(found.group(1)) * 60 + int(found.group(2)))
    assert 0 <= ran <= time.monotonic() - started + 1


def test_late_registration_closes_on_the_break_after_its_level(cli, db):
    clock(cli, db, "start")
    clock(cli, db, "next")
    with open_store(db) as store:
        state = store.state()
    assert current_level(state, time.time()) == 2 and registration_open(state, time.time())
    clock(cli, db, "next")  # the break after level 2, the late-registration level
    with open_store(db) as store:
        state = store.state()
    assert current_level(state, time.time()) == 3
    assert not registration_open(state, time.time())


def test_the_log_describes_clock_events(cli, db):
    clock(cli, db, "start")
    clock(cli, db, "add", "2")
    out = cli("--db", db, "log").stdout
    assert "Clock started" in out and "2 min added to the clock" in out


def test_clock_run_without_a_terminal_points_to_status(cli, db):
    result = clock(cli, db, "run")
    assert result.exit_code == 2 and "clock status --json" in result.stderr


def test_clock_prev_after_next_restores_the_time_that_was_left(cli, db):
    clock(cli, db, "start")
    clock(cli, db, "pause")
    clock(cli, db, "set", "7:30")
    assert clock(cli, db, "next").exit_code == 0
    assert status(cli, db)["level"] == 2
    back = clock(cli, db, "prev")
    assert back.exit_code == 0, back.output
    assert "Level 1 (50/100): 07:30 left, paused." in back.stdout
    assert (status(cli, db)["level"], status(cli, db)["remaining_seconds"]) == (1, 450)
