"""`tdtool clock hand` and the hand-for-hand clock (issue 24 item 5): the terms say whether the
level clock stands still during hand-for-hand (TDA RP-8 B-D: two minutes off it a hand, the
levels come as the time is used up) or runs on; each hand is one change that undo takes back;
both clocks' data say HAND FOR HAND and the hand being played.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.io.store_base import open_store
from tdtool.tournament.clock import ClockAction, ClockFact, reading
from tdtool.tournament.terms import Terms
from tests.browser import CHROMIUM
from tests.tournament_fixtures import STRUCTURE, make

NAMES = [f"P{i:02d}" for i in range(1, 13)]


def bubble(cli, tmp_path, **terms):
    """12 players at three tables of four, six paid, busted to seven: hand-for-hand."""
    db = make(tmp_path / "cup.tdtool", buy_in=100, seats=4, places_paid=6, **terms)
    assert cli("--db", db, "player", "add", *NAMES).exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    for args in (("start",), ("pause",), ("set", "10:00")):
        assert cli("--db", db, "clock", *args).exit_code == 0
    for name in NAMES[:5]:
        assert cli("--db", db, "player", "bust", name).exit_code == 0
    return db


def status(cli, db):
    result = cli("--db", db, "clock", "status", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def display(db):
    from tdtool.app.clock import view_data

    with open_store(db) as store:
        return view_data(store.state(), store.now()).to_dict()


def hand(cli, db, *more):
    result = cli("--db", db, "clock", "hand", *more)
    assert result.exit_code == 0, result.output
    return result


def test_rp8_the_default_keeps_the_clock_still_and_takes_two_minutes_a_hand(cli, tmp_path):
    db = bubble(cli, tmp_path)
    assert Terms().hand_for_hand_clock == "pause"
    out = hand(cli, db).stdout
    assert "Hand-for-hand hand 1; 2 min off the clock." in out and "tdtool undo" in out
    assert status(cli, db)["remaining_seconds"] == 8 * 60
    hand(cli, db)
    after = status(cli, db)
    assert (after["remaining_seconds"], after["status"]) == (6 * 60, "paused")


def test_rp8_the_first_hand_pauses_a_running_clock(cli, tmp_path):
    db = bubble(cli, tmp_path)
    assert cli("--db", db, "clock", "resume").exit_code == 0
    data = json.loads(hand(cli, db, "--json").stdout)
    assert data["paused_now"] is True and data["seconds_taken"] == 120
    assert data["hand_for_hand_hand"] == 1
    after = status(cli, db)
    assert after["status"] == "paused" and 8 * 60 - 3 <= after["remaining_seconds"] <= 8 * 60


def test_rp8d_the_blinds_go_up_as_the_hands_use_up_the_level(cli, tmp_path):
    db = bubble(cli, tmp_path)
    assert cli("--db", db, "clock", "set", "3:00").exit_code == 0
    hand(cli, db)  # 1:00 left
    hand(cli, db)  # one minute into level 2
    after = status(cli, db)
    assert (after["level"], after["remaining_seconds"]) == (2, 14 * 60)
    assert after["status"] == "paused"


def test_a_hand_in_the_fold_passes_its_seconds_through_period_ends():
    start = [ClockFact(ClockAction.START, 0.0), ClockFact(ClockAction.PAUSE, 0.0)]
    hands = [ClockFact(ClockAction.HAND, 1.0, 120.0) for _ in range(8)]
    r = reading([*start, *hands], STRUCTURE, 500.0)
    assert (r.level.number, r.remaining_seconds, r.running) == (2, 15 * 60 - 60, False)


def test_the_clock_runs_on_when_the_terms_say_run(cli, tmp_path):
    db = bubble(cli, tmp_path, hand_for_hand_clock="run")
    assert cli("--db", db, "clock", "resume").exit_code == 0
    out = hand(cli, db).stdout
    assert "Hand-for-hand hand 1." in out and "min off" not in out
    after = status(cli, db)
    assert after["status"] == "running" and after["remaining_seconds"] > 9 * 60
    assert display(db)["hand_for_hand"] == {"hand": 1, "clock_stops": False}


def test_the_terms_change_the_mode_at_the_bubble_and_refuse_other_words(cli, tmp_path):
    db = bubble(cli, tmp_path)  # busts recorded: only the day/clock terms may change
    assert cli("--db", db, "terms", "--hand-for-hand-clock", "run").exit_code == 0
    assert display(db)["hand_for_hand"]["clock_stops"] is False
    bad = cli("--db", db, "terms", "--hand-for-hand-clock", "sometimes")
    assert bad.exit_code != 0 and "--hand-for-hand-clock" in bad.output
    assert "Traceback" not in bad.output
    made = cli(
        "--db", tmp_path / "r.tdtool", "new", "R", "-s", "turbo", "--hand-for-hand-clock", "run"
    )
    assert made.exit_code == 0, made.output
    with open_store(tmp_path / "r.tdtool") as store:
        assert store.state().terms.hand_for_hand_clock == "run"


def test_the_default_is_not_written_so_older_files_read_back_unchanged():
    assert "hand_for_hand_clock" not in Terms().to_dict()
    assert Terms(hand_for_hand_clock="run").to_dict()["hand_for_hand_clock"] == "run"


def test_undo_takes_back_the_hand_and_the_pause_together(cli, tmp_path):
    db = bubble(cli, tmp_path)
    assert cli("--db", db, "clock", "resume").exit_code == 0
    hand(cli, db)
    log = cli("--db", db, "log").stdout
    assert "Clock paused" in log and "Next hand-for-hand hand: 2 min off the clock" in log
    assert cli("--db", db, "undo").exit_code == 0
    after = status(cli, db)
    assert after["status"] == "running" and after["remaining_seconds"] > 9 * 60
    assert display(db)["hand_for_hand"] == {"hand": 0, "clock_stops": True}


def test_clock_hand_outside_hand_for_hand_is_refused_and_changes_nothing(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100, seats=4, places_paid=6)
    cli("--db", db, "player", "add", *NAMES)
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    before = cli("--db", db, "log").stdout
    result = cli("--db", db, "clock", "hand")
    assert result.exit_code != 0 and "not hand-for-hand now (12 players left)" in result.output
    assert "Traceback" not in result.output
    assert cli("--db", db, "log").stdout == before


def test_the_displays_count_the_hands_and_a_bust_ends_the_hand(cli, tmp_path):
    db = bubble(cli, tmp_path)
    assert display(db)["hand_for_hand"] == {"hand": 0, "clock_stops": True}
    hand(cli, db)
    hand(cli, db)
    assert display(db)["hand_for_hand"]["hand"] == 2
    assert cli("--db", db, "player", "bust", "P06").exit_code == 0  # in the money
    assert display(db)["hand_for_hand"] is None


@pytest.mark.parametrize("lang, words", [("en", "HAND FOR HAND"), ("ro", "HAND-FOR-HAND"),
                                         ("de", "HAND-FÜR-HAND")])  # fmt: skip
def test_both_clocks_say_hand_for_hand_and_the_hand(cli, tmp_path, lang, words):
    from tdtool.io.pages import render_once

    db = bubble(cli, tmp_path, language=lang)
    hand(cli, db)
    hand(cli, db)
    text = render(display(db), lang)
    assert words in text and {"en": "HAND 2", "ro": "MÂNA 2", "de": "HAND 2"}[lang] in text
    page_words = json.loads(str(render_once("clock_words.html", None, lang)))
    assert page_words["hand_for_hand"] == words  # the TV page's note


def render(data, lang, width=80, height=24) -> str:
    """`clock run`'s frame as text."""
    import io

    from rich.console import Console

    from tdtool.cli.clock_screen import screen

    console = Console(
        width=width, height=height, record=True, color_system=None, file=io.StringIO()
    )
    console.print(screen(data, width, height, lang=lang))
    return console.export_text()


@settings(max_examples=60, deadline=None)
@given(hands=st.lists(st.integers(min_value=0, max_value=180), max_size=25))
def test_rp8_every_hand_passes_exactly_its_seconds_and_the_clock_stays_still(hands):
    """However many hands, of whatever seconds: a paused clock moves on by their sum exactly
    (through level ends and the break), never by the wall time between them."""
    start = [ClockFact(ClockAction.START, 0.0), ClockFact(ClockAction.PAUSE, 0.0)]
    facts = [ClockFact(ClockAction.HAND, 10.0 * (k + 1), float(s)) for k, s in enumerate(hands)]
    r = reading([*start, *facts], STRUCTURE, 10_000.0)
    lengths = [p.minutes * 60 for p in STRUCTURE.periods]
    played = sum(lengths[: r.period_index]) + r.elapsed_seconds
    if r.past_last_level:
        played = sum(lengths) + r.overtime_seconds
    assert played == sum(hands) and r.status.value == "paused"


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
@pytest.mark.parametrize("lang, note", [
    ("en", "HAND FOR HAND · HAND 2 · CLOCK STOPPED · 2 MIN A HAND"),
    ("de", "HAND-FÜR-HAND · HAND 2 · UHR ANGEHALTEN · 2 MIN PRO HAND"),
])  # fmt: skip
def test_rp8_the_tv_page_shows_hand_for_hand_the_hand_and_the_stopped_clock(
    cli, tmp_path, lang, note
):
    from tests.test_clock_browser import chromium, serving

    db = bubble(cli, tmp_path, language=lang)
    hand(cli, db)
    hand(cli, db)
    with serving(db) as url:
        dom = chromium(tmp_path, url, "--window-size=1920,1080", "--dump-dom")
    assert f'<span class="note last">{note}</span>' in dom, dom[-3000:]
    assert 'data-fits="yes"' in dom


def test_no_hand_is_dealt_on_the_break(cli, tmp_path):
    db = bubble(cli, tmp_path)
    for _ in range(2):
        assert cli("--db", db, "clock", "next").exit_code == 0  # level 2, then the break
    result = cli("--db", db, "clock", "hand")
    assert result.exit_code == 1 and "on the break; no hand is dealt" in result.output
    assert "`tdtool clock next` ends the break now" in result.output
