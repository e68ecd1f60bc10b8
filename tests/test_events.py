"""Typed events: every stored kind has one payload class that reads and writes it exactly."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest

from tdtool.errors import InputError
from tdtool.tournament import events as ev
from tdtool.tournament.state import REDUCERS, fold
from tests.conftest import ROOT

RELEASE_FILES = sorted((ROOT / "tests" / "data").glob("release-0.1.0*.tdtool"))


def _stored(path):
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [(k, json.loads(d)) for k, d in conn.execute("SELECT kind, data FROM events")]
    finally:
        conn.close()


def test_every_event_kind_has_a_payload_class_and_every_foldable_kind_one_reducer():
    assert set(ev.PAYLOADS) == set(ev.EventKind)
    assert set(REDUCERS) == set(ev.EventKind) - {ev.EventKind.UNDO}
    for kind, cls in ev.PAYLOADS.items():
        assert cls.KIND is kind


@pytest.mark.parametrize("path", RELEASE_FILES, ids=lambda p: p.name)
def test_payloads_of_a_release_0_1_0_file_read_and_write_back_exactly(path):
    stored = _stored(path)
    assert {k for k, _ in stored} >= {"tournament.created", "player.registered", "seat.drawn"}
    for kind, data in stored:
        payload = ev.payload(kind, data)
        assert payload.event() == (kind, data)


AFTER_0_1_0 = {
    "player.removed",
    "clock.end-day",
    "clock.day",
    "player.chips",
    "chips.removed",
    "flights.combined",
    "player.renamed",
    "staff.added",
    "staff.revoked",
    "staff.signed-in",
    "seat.locked",
    "chips.raced",
    "seat.unlocked",
    "clock.hand",
}
"""Kinds added after release 0.1.0 (its files cannot hold them); each has its own tests."""


def test_the_release_files_hold_every_kind_but_prev_and_set():
    kinds = {k for path in RELEASE_FILES for k, _ in _stored(path)}
    assert kinds == set(ev.EventKind) - {"clock.prev", "clock.set"} - AFTER_0_1_0


def test_an_unknown_event_kind_is_refused_naming_it():
    class Raw:
        seq, kind, data, at = 7, "player.teleported", {}, 0.0

    with pytest.raises(InputError, match=r"'player.teleported' \(#7\).*upgrade tdtool"):
        fold([Raw()])


def test_log_lines_come_from_the_payloads():
    assert ev.describe("player.busted", {"players": [{"name": "Ann", "stack": 12000}]}) == (
        "Busted Ann (12,000 chips)"
    )
    assert ev.describe("clock.add", {"seconds": -60}) == "1 min taken off the clock"
    assert ev.describe("clock.set", {"seconds": 750}) == "Clock set to 12:30 left"
    assert ev.describe("terms.changed", {"terms": {}, "table": None}) == (
        "Terms changed, payout table default curve"
    )
    assert ev.describe("undo", {"change": 4}) == "Undo of change 4"
    # A kind this tdtool does not know still shows, as its raw data.
    assert ev.describe("x.y", {"a": 1}) == 'x.y {"a": 1}'


def test_clock_payloads_record_their_seconds_only_when_given():
    assert ev.clock_event(ev.ClockAction.PAUSE).event() == ("clock.pause", {})
    assert ev.clock_event(ev.ClockAction.SET, 750).event() == ("clock.set", {"seconds": 750})
    fact = ev.ClockAdd.from_dict({"seconds": 120}).fact(at=10.0)
    assert (fact.action, fact.at, fact.seconds) == (ev.ClockAction.ADD, 10.0, 120.0)


@pytest.mark.slow
def test_the_clock_module_does_not_import_the_state_no_cycle():
    code = "import sys, tdtool.tournament.clock;print('tdtool.tournament.state' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "False"
