"""The screens `clock serve` shows beside the clock (issue 24 item 3): /screen/payouts,
/screen/seats, /screen/clock-payouts and the rotation /?rotate=..., answered in-process
(`ClockSource.answer`, no socket), their data, and every name escaped."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.app.screens import (
    LEADERS,
    SCREENS,
    bounty_screen,
    chip_screen,
    payout_screen,
    result_screen,
    seat_screen,
)
from tdtool.cli.clock_web import ClockSource
from tdtool.i18n import words
from tdtool.io.store_base import open_store
from tests.tournament_fixtures import make

HOSTILE = "</script><b>Zed</b>&amp;<!--"


def ask(db: Path, target: str) -> tuple[int, str, str]:
    """(status, content type, body) of GET `target` from a clock server of `db`."""
    source = ClockSource(db)
    try:
        reply = asyncio.run(source.answer(target))
    finally:
        source.close()
    return reply.status.value, reply.kind, reply.body.decode()


@pytest.fixture
def db(tmp_path, cli):
    path = make(tmp_path / "cup.tdtool", buy_in=100)
    names = ["Anna", "Émile", "Zoltan", HOSTILE, "Bea", "Carl", "Dora", "Ezra", "Fritz", "Gus"]
    assert cli("--db", path, "player", "add", *names).exit_code == 0
    assert cli("--db", path, "seat", "draw").exit_code == 0
    assert cli("--db", path, "clock", "start").exit_code == 0
    return path


def state_of(db: Path):
    with open_store(db) as store:
        return store.state()


def test_each_screen_has_its_url_and_its_json(db):
    for screen in ("payouts", "seats", "clock-payouts", "chips", "results", "bounties"):
        status, kind, body = ask(db, f"/screen/{screen}")
        assert (status, kind) == (200, "text/html; charset=utf-8"), screen
        assert body.startswith("<!doctype html>") and "Test Cup" in body
    for screen in ("payouts", "seats", "chips", "results", "bounties"):
        status, kind, body = ask(db, f"/api/screen/{screen}")
        assert (status, kind) == (200, "application/json")
        assert json.loads(body)["name"] == "Test Cup"
    status, _, body = ask(db, "/screen/bar")
    assert status == 404 and "/screen/payouts" in body and "/screen/chips" in body


def test_clock_payouts_frames_the_clock_and_the_payouts_in_the_asked_language(db):
    _, _, body = ask(db, "/screen/clock-payouts?lang=de")
    assert '<iframe id="clock" src="/?lang=de"' in body
    assert '<iframe id="payouts" src="/screen/payouts?lang=de"' in body
    assert 'lang="de"' in body


def test_rotation_loads_each_screen_once_in_a_frame_and_turns_every_n_seconds(db):
    status, _, body = ask(db, "/?rotate=clock,payouts,seats&every=30&lang=ro")
    assert status == 200
    frames = re.findall(r'<iframe src="([^"]+)" data-screen="([^"]+)"', body)
    assert frames == [
        ("/?lang=ro", "clock"),
        ("/screen/payouts?lang=ro", "payouts"),
        ("/screen/seats?lang=ro", "seats"),
    ]
    assert "const EVERY = 30 * 1000;" in body
    assert "location.reload" not in body  # turning shows another frame: nothing reloads


@pytest.mark.parametrize(
    ("query", "said"),
    [
        pytest.param("rotate=clock,bar", "no screen 'bar'", id="unknown-screen"),
        pytest.param("rotate=", "names no screen", id="no-screen"),
        pytest.param("rotate=clock&every=2", "from 5 to 3600, not '2'", id="every-too-short"),
        pytest.param("rotate=clock&every=soon", "not 'soon'", id="every-not-a-number"),
    ],
)
def test_rotation_refuses_what_it_cannot_show_with_400_naming_it(db, query, said):
    status, kind, body = ask(db, "/?" + query)
    assert (status, kind) == (400, "text/plain")
    assert said in body and ", ".join(SCREENS) in body or "every" in query


def test_a_name_reaches_every_screen_as_text_never_as_markup(db):
    for target in (
        "/screen/payouts",
        "/screen/seats",
        "/screen/chips",
        "/screen/results",
        "/?rotate=clock,seats",
    ):
        _, _, body = ask(db, target)
        assert "<b>Zed" not in body and "</script><" not in body and "<!--" not in body, target
    _, _, body = ask(db, "/api/screen/seats")
    assert HOSTILE in [e.get("name") for e in json.loads(body)["entries"]]


def test_seat_wall_lists_every_player_by_name_with_table_and_seat(db):
    state = state_of(db)
    wall = seat_screen(state)
    rows = [e for e in wall["entries"] if "name" in e]
    assert [r["name"] for r in rows][:3] == [HOSTILE, "Anna", "Bea"]  # '#' first, then A, B
    assert [e["letter"] for e in wall["entries"] if "letter" in e][:4] == ["#", "A", "B", "C"]
    for r in rows:
        seat = state.seat(r["name"])
        assert (seat.table, seat.seat) == (r["table"], r["seat"])
    assert wall["count"] == "10 players"


def test_seat_wall_marks_players_waiting_for_a_seat(tmp_path, cli):
    path = make(tmp_path / "cup.tdtool", buy_in=100)
    cli("--db", path, "player", "add", "Anna", "Ben")
    wall = seat_screen(state_of(path))
    assert [e for e in wall["entries"] if "name" in e] == [
        {"name": "Anna", "waiting": True},
        {"name": "Ben", "waiting": True},
    ]


def test_payout_ladder_marks_the_next_place_out_and_names_who_finished_in_the_money(tmp_path, cli):
    db = make(tmp_path / "big.tdtool", buy_in=100)
    still_in = [f"Player {n:02}" for n in range(30)]
    assert cli("--db", db, "player", "add", *still_in).exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    paid = len(payout_screen(state_of(db))["rows"])
    assert paid >= 3
    out = still_in[: 30 - paid + 1]  # one player into the money
    for name in out:
        assert cli("--db", db, "player", "bust", name).exit_code == 0
    ladder = payout_screen(state_of(db))
    last = ladder["rows"][-1]
    assert last["mark"] == "out" and last["names"] == [out[-1]]
    assert ladder["rows"][-2]["mark"] == "next"  # the place the next player out finishes in
    assert [r["mark"] for r in ladder["rows"][:-2]] == [""] * (paid - 2)
    assert ladder["left"] == f"{paid - 1} players left"


def test_payout_ladder_words_and_numbers_follow_the_language(db):
    from tdtool.i18n import words

    ladder = payout_screen(state_of(db), words("de"))
    assert ladder["rows"][0]["label"] == "1. Platz"
    assert ladder["prize_pool"] == "1.000"
    assert ladder["paid"].endswith("Plätze bezahlt")


def _fold(events, state=None):
    from tdtool.io.store_base import Event
    from tdtool.tournament.state import State, fold

    return fold(
        [Event(i, kind, data, 0.0) for i, (kind, data) in enumerate(events)], state or State()
    )


@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(
        st.text(
            st.characters(codec="utf-8", categories=("L", "N", "P", "S")), min_size=1, max_size=12
        ),
        min_size=2,
        max_size=30,
        unique_by=lambda n: n.casefold(),
    ),
    drawn=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_every_player_still_in_is_on_the_seat_wall_once_in_reading_order(names, drawn, seed):
    import random

    from tdtool.names import ascii_fold
    from tdtool.tournament.director import draw
    from tests.tournament_fixtures import created

    events = [("tournament.created", created(buy_in=10))]
    events += [("player.registered", {"name": n}) for n in names]
    if drawn:  # the draw works on a state of its own (it seats players in its plan)
        events += draw(_fold(events), random.Random(seed))
    state = _fold(events)
    wall = seat_screen(state)
    rows = [e for e in wall["entries"] if "name" in e]
    listed = [r["name"] for r in rows]
    assert sorted(listed) == sorted(names) and len(set(listed)) == len(listed)
    assert listed == sorted(listed, key=lambda n: (ascii_fold(n), n))
    for r in rows:
        seat = state.seat(r["name"])
        assert r.get("waiting") is (None if drawn else True)
        if drawn:
            assert (r["table"], r["seat"]) == (seat.table, seat.seat)


def test_a_screen_poll_that_has_the_data_is_answered_unchanged_until_the_tournament_changes(
    db, cli
):
    async def polls() -> list[bytes]:
        source = ClockSource(db)
        try:
            first = json.loads((await source.answer("/api/screen/seats")).body)
            seen = f"/api/screen/seats?seen={first['version']}"
            same = (await source.answer(seen)).body
            assert cli("--db", db, "player", "bust", "Anna").exit_code == 0
            after = (await source.answer(seen)).body
            return [same, after]
        finally:
            source.close()

    same, after = asyncio.run(polls())
    assert json.loads(same) == {"unchanged": True}
    names = [e.get("name") for e in json.loads(after)["entries"]]
    assert "Anna" not in names and "Bea" in names


def test_a_held_screen_poll_is_answered_at_the_change_not_at_the_end_of_its_hold(
    db, cli, monkeypatch
):
    import threading
    import time

    import tdtool.cli.clock_web as clock_web

    monkeypatch.setattr(clock_web, "HOLD", 60.0)  # answered long before: woken by the change

    async def held() -> tuple[dict, dict, float]:
        source = ClockSource(db)
        try:
            first = json.loads((await source.answer("/api/screen/payouts")).body)
            timer = threading.Timer(0.3, lambda: cli("--db", db, "player", "bust", "Anna", "--yes"))
            started = time.monotonic()
            timer.start()
            after = json.loads(
                (await source.answer(f"/api/screen/payouts?seen={first['version']}&wait=1")).body
            )
            took = time.monotonic() - started
            timer.join()
            return first, after, took
        finally:
            source.close()

    first, after, took = asyncio.run(held())
    assert "unchanged" not in after and after["version"] != first["version"]
    assert after["left"] != first["left"]
    assert took < 30  # the change woke it; the hold would have lasted 60 s


def test_a_held_screen_poll_of_an_unchanged_tournament_ends_unchanged(db, monkeypatch):
    import tdtool.cli.clock_web as clock_web

    monkeypatch.setattr(clock_web, "HOLD", 0.3)

    async def held() -> bytes:
        source = ClockSource(db)
        try:
            first = json.loads((await source.answer("/api/screen/seats")).body)
            return (await source.answer(f"/api/screen/seats?seen={first['version']}&wait=1")).body
        finally:
            source.close()

    assert json.loads(asyncio.run(held())) == {"unchanged": True}


def test_chip_counts_list_the_last_count_biggest_first_with_its_time(db, cli):
    """The bar's TV: the players left with a count, the biggest first (ties by name), the
    uncounted left out and said, the time of the newest count for "N min ago"."""
    assert cli("--db", db, "player", "chips", "Bea", "31500", "Anna", "48200", "Carl",
               "31500").exit_code == 0  # fmt: skip
    before = time.time()
    data = chip_screen(state_of(db))
    assert [(r["rank"], r["name"], r["value"]) for r in data["rows"]] == [
        ("1", "Anna", "48,200"), ("2", "Bea", "31,500"), ("3", "Carl", "31,500")
    ]  # fmt: skip
    assert data["counted"] == "3 of 10 players counted"
    assert data["counted_at"] is not None and data["counted_at"] <= before + 1
    assert cli("--db", db, "player", "bust", "Anna", "--yes").exit_code == 0
    assert "Anna" not in [r["name"] for r in chip_screen(state_of(db))["rows"]]
    german = chip_screen(state_of(db), words("de"))
    assert german["rows"][0]["value"] == "31.500" and "von 9 Spielern gezählt" in german["counted"]


def test_rotation_turns_through_the_chip_counts_and_the_results(db):
    _, _, body = ask(db, "/?rotate=chips,results&every=10")
    assert 'src="/screen/chips"' in body and 'src="/screen/results"' in body


def test_chip_counts_show_at_most_the_leaders_a_tv_reads(tmp_path, cli):
    path = make(tmp_path / "big.tdtool", buy_in=100, seats=10)
    names = [f"P{i:03d}" for i in range(LEADERS + 10)]
    assert cli("--db", path, "player", "add", *names).exit_code == 0
    counts = [x for i, n in enumerate(names) for x in (n, str(1000 + i))]
    assert cli("--db", path, "player", "chips", *counts).exit_code == 0
    rows = chip_screen(state_of(path))["rows"]
    assert len(rows) == LEADERS and rows[0]["name"] == names[-1]


def test_results_list_the_places_decided_best_first_with_prizes_and_the_winner(tmp_path, cli):
    path = make(tmp_path / "cup.tdtool", buy_in=100)
    assert cli("--db", path, "player", "add", "Anna", "Bea", "Carl", "Dora").exit_code == 0
    assert cli("--db", path, "seat", "draw").exit_code == 0
    assert cli("--db", path, "player", "bust", "Dora", "--yes").exit_code == 0
    data = result_screen(state_of(path))
    assert data["lead"] == "3 players left"
    assert [(r["label"], r["name"]) for r in data["rows"]] == [("4th", "Dora")]
    for name in ("Carl", "Bea"):
        assert cli("--db", path, "player", "bust", name, "--yes").exit_code == 0
    data = result_screen(state_of(path))
    assert data["lead"] == "Final results"
    assert [r["name"] for r in data["rows"]] == ["Anna", "Bea", "Carl", "Dora"]
    assert data["rows"][0]["mark"] == "winner" and data["rows"][0]["value"] == "400"
    ro = result_screen(state_of(path), words("ro"))
    assert ro["lead"] == "Rezultate finale" and ro["rows"][0]["label"] == "locul 1"


def test_bounty_leaders_put_the_biggest_pko_bounty_still_in_play_first(tmp_path, cli):
    """A PKO's bounties grow with each knockout: the leader is the one with the most on
    their head, with their knockouts; a busted player leaves the screen; German amounts."""
    path = tmp_path / "pko.tdtool"
    cli("--db", path, "new", "Cup", "-s", "turbo", "--buy-in", "50", "--bounty", "25", "--pko")
    cli("--db", path, "player", "add", "Anna", "Ben", "Cleo", "Dan")
    cli("--db", path, "seat", "draw")
    assert cli("--db", path, "player", "bust", "Dan", "--by", "Anna").exit_code == 0
    data = bounty_screen(state_of(path))
    assert [(r["name"], r["value"], r["knockouts"]) for r in data["rows"]] == [
        ("Anna", "37.50", "1 knockout"), ("Ben", "25", ""), ("Cleo", "25", "")
    ]  # fmt: skip
    assert data["lead"].startswith("Progressive knockout (PKO)")
    german = bounty_screen(state_of(path), words("de"))
    assert german["rows"][0]["value"] == "37,50" and german["rows"][0]["knockouts"] == "1 Knockout"


def test_bounty_leaders_of_a_tournament_without_bounties_say_so(db):
    data = bounty_screen(state_of(db))
    assert data["rows"] == [] and data["none"] == "This tournament has no bounties"


HOUSE_SLIDE = """{% extends "screen_base.html" %}
{% block body %}<h1>{{ title }}</h1>{% if theme.logo %}<img src="{{ theme.logo }}" alt="">
{% endif %}<p>Happy hour at the bar: 18:00 to 20:00</p>{% endblock %}
"""


def test_a_theme_with_a_house_slide_shows_it_and_rotates_it_one_without_says_so(db, tmp_path):
    """The house or sponsor slide is the theme's screen_house.html (its logo and its
    words): served at /screen/house and turned with the others; without one, /screen/house
    is 404 and a rotation naming it 400, each saying where a slide comes from."""
    from tdtool.io.pages import load_theme

    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "screen_house.html").write_text(HOUSE_SLIDE, encoding="utf-8")
    source = ClockSource(db, load_theme(folder))
    try:
        page = asyncio.run(source.answer("/screen/house"))
        turning = asyncio.run(source.answer("/?rotate=clock,house&every=30"))
    finally:
        source.close()
    assert page.status.value == 200 and "Happy hour at the bar" in page.body.decode()
    assert "Test Cup" in page.body.decode()
    assert turning.status.value == 200 and 'src="/screen/house"' in turning.body.decode()
    status, _, body = ask(db, "/screen/house")
    assert status == 404 and "screen_house.html" in body
    status, _, body = ask(db, "/?rotate=clock,house")
    assert status == 400 and "no house slide" in body and "screen_house.html" in body


PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)


def test_a_theme_yaml_house_section_makes_the_house_slide_without_a_template(db, tmp_path):
    """theme.yaml's `house:` (a title, lines, an image) is the slide: tdtool's own
    screen_house.html shows it at /screen/house and in a rotation, the house's words as
    written (`18:00` stays a time, not a number of minutes) and escaped."""
    from tdtool.io.pages import load_theme

    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "sponsor.png").write_bytes(PNG)
    (folder / "theme.yaml").write_text(
        "house:\n  title: Happy hour <at> the bar\n  lines:\n    - Half price from 18:00\n"
        "    - 'Sunday: the <b>deepstack</b>'\n  image: sponsor.png\n",
        encoding="utf-8",
    )
    theme = load_theme(folder)
    assert theme.house is not None and theme.house.lines[0] == "Half price from 18:00"
    source = ClockSource(db, theme)
    try:
        page = asyncio.run(source.answer("/screen/house"))
        turning = asyncio.run(source.answer("/?rotate=clock,house&every=30"))
    finally:
        source.close()
    body = page.body.decode()
    assert page.status.value == 200, body
    assert "<h1>Happy hour &lt;at&gt; the bar</h1>" in body
    assert "<p>Half price from 18:00</p>" in body
    assert "Sunday: the &lt;b&gt;deepstack&lt;/b&gt;" in body
    assert '<img src="data:image/png;base64,' in body
    assert turning.status.value == 200 and 'src="/screen/house"' in turning.body.decode()


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        pytest.param("house:\n  titel: Bar\n", 2, "unknown key `titel` under house; did you"
                     " mean `title`?", id="unknown-key"),
        pytest.param("house: Happy hour\n", 1, "`house` is a mapping", id="not-a-mapping"),
        pytest.param("house:\n  title: Bar\n  lines: {a: b}\n", 3, "house.lines is a list of"
                     " texts", id="lines-not-a-list"),
        pytest.param("house:\n  lines:\n    - [a, b]\n", 3, "each of house.lines is a text",
                     id="a-line-not-a-text"),
        pytest.param("house:\n  lines:\n    - Sunday: deepstack\n", 3, "each of house.lines"
                     " is a text; a text with `: ` in it is read as a key and its value: put it"
                     " in quotes", id="a-colon-unquoted"),
        pytest.param("house:\n  lines: [1, 2, 3, 4, 5, 6, 7, 8, 9]\n", 2, "house.lines has 9"
                     " lines", id="too-many-lines"),
        pytest.param("house:\n  title: Bar\n  image: missing.png\n", 3, "cannot read image"
                     " 'missing.png'", id="no-image"),
        pytest.param("house:\n  title: Bar\n  image: notes.txt\n", 3, "image 'notes.txt' is"
                     " not a .png", id="not-an-image"),
        pytest.param("colors: {title: navy}\nhouse:\n  image: logo.png\n", 3, "the house"
                     " slide needs a title or lines", id="no-words"),
    ],
)  # fmt: skip
def test_a_broken_house_slide_is_refused_with_file_and_line(cli, db, tmp_path, text, line, words):
    """A theme.yaml whose `house:` is not what a slide needs is refused as FILE:LINE, by
    `clock serve` before it serves anything (exit 2, one line, no traceback)."""
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "logo.png").write_bytes(PNG)
    (folder / "notes.txt").write_text("not an image")
    (folder / "theme.yaml").write_text(text, encoding="utf-8")
    result = cli("--db", db, "clock", "serve", "--port", "0", "--theme", folder)
    assert result.exit_code == 2, result.output
    assert f"theme.yaml:{line}: " in result.stderr and words in result.stderr, result.stderr
    assert "Traceback" not in result.output and len(result.stderr.strip().splitlines()) == 1


def test_seat_wall_lists_players_by_surname_as_the_printed_list(tmp_path, cli):
    # Issue 22: the wall was sorted by first names; it reads as the seat list now prints.
    db = make(tmp_path / "wall.tdtool")
    for name in ("Nina Petrova", "Anna Zed", "Bo"):
        assert cli("--db", db, "player", "add", name).exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    wall = seat_screen(state_of(db))
    assert [e.get("letter") or e["name"] for e in wall["entries"]] == [
        "B", "Bo", "P", "Petrova, Nina", "Z", "Zed, Anna",
    ]  # fmt: skip


def test_a_held_poll_is_answered_when_another_request_reads_the_change_first(db, cli, monkeypatch):
    # The race seen in CI: a seats screen's fresh poll read the bust before the watcher's
    # next look, and the payouts screen's held poll waited out its hold (1.9 s).
    import time

    import tdtool.cli.clock_web as clock_web

    monkeypatch.setattr(clock_web, "HOLD", 60.0)
    monkeypatch.setattr(clock_web, "WATCH", 60.0)  # the watcher never looks in time

    async def race() -> tuple[dict, float]:
        source = ClockSource(db)
        try:
            first = json.loads((await source.answer("/api/screen/payouts")).body)
            held = asyncio.ensure_future(
                source.answer(f"/api/screen/payouts?seen={first['version']}&wait=1")
            )
            await asyncio.sleep(0.2)  # held now
            assert cli("--db", db, "player", "bust", "Anna", "--yes").exit_code == 0
            started = time.monotonic()
            await source.answer("/api/screen/seats")  # reads the change
            after = json.loads((await asyncio.wait_for(held, 30)).body)
            return after, time.monotonic() - started
        finally:
            source.close()

    after, took = asyncio.run(race())
    assert "unchanged" not in after and took < 30
