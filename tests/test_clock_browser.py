"""End to end: `tdtool clock serve` in a subprocess, the page loaded in headless Chromium."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.browser import CHROMIUM, headless
from tests.conftest import ROOT
from tests.tournament_fixtures import make

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.fixture
def db(tmp_path):
    return make(tmp_path / "cup.tdtool", buy_in=100)


@contextmanager
def serving(db: Path, *options: str) -> Iterator[str]:
    """`clock serve` on `db` at a free loopback port (with `options`), for the block's
    length; gives its URL."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tdtool",
            "--db",
            str(db),
            "clock",
            "serve",
            "--port",
            "0",
            *options,
        ],  # fmt: skip
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    first: list[str] = []
    reader = threading.Thread(target=lambda: first.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout=20)
    try:
        found = re.search(r"http://127\.0\.0\.1:\d+/", first[0] if first else "")
        assert found, f"no URL printed: {first!r} {proc.stderr.read() if proc.poll() else ''}"
        yield found.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def server(db):
    """A running `clock serve` on a free loopback port; yields its URL."""
    with serving(db) as url:
        yield url


def screenshot(tmp_path: Path, url: str, name: str) -> Path:
    """The page as a PNG; kept in $TDTOOL_KEEP_SCREENSHOTS to be looked at, when set."""
    shot = tmp_path / name
    chromium(tmp_path, url, f"--screenshot={shot}")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    keep = os.environ.get("TDTOOL_KEEP_SCREENSHOTS")
    if keep:  # to look at them: TDTOOL_KEEP_SCREENSHOTS=/tmp/shots pytest -k tv_page
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / shot.name).write_bytes(shot.read_bytes())
    return shot


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def chromium(tmp_path: Path, url: str, *args: str) -> str:
    return headless(tmp_path, "--window-size=1280,720", "--virtual-time-budget=2500", *args, url)


def left(server: str) -> float:
    return json.loads(get(server + "api/clock")[1])["remaining_seconds"]


def shown_time_within(dom: str, most: float, least: float) -> bool:
    """The page's clock shows a time between the time left before the page loaded and after
    (a busy machine may take many seconds to start the browser: no fixed window)."""
    found = re.search(r'id="time"[^>]*>(\d+):(\d\d)<', dom)
    assert found, dom[-3000:]
    shown = int(found.group(1)) * 60 + int(found.group(2))
    return least - 1 <= shown <= most + 1


def test_clock_api_is_read_only_json_with_the_clock_keys(cli, db, server):
    cli("--db", db, "clock", "start")
    status, body = get(server + "api/clock")
    assert status == 200
    data = json.loads(body)
    assert {"level", "small_blind", "big_blind", "remaining_seconds", "running"} <= data.keys()
    assert (data["level"], data["running"], data["name"]) == (1, True, "Test Cup")
    assert get(server + "nothing-here")[0] == 404
    request = urllib.request.Request(server + "api/clock", data=b"{}", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 501


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_tv_page_shows_level_and_time_and_follows_clock_next(cli, db, server, tmp_path):
    cli("--db", db, "player", "add", "Anna", "Ben", "Carl")
    assert cli("--db", db, "clock", "start").exit_code == 0
    before = left(server)
    dom = chromium(tmp_path, server, "--dump-dom")
    assert re.search(r'id="label">LEVEL 1<', dom)
    assert shown_time_within(dom, before, left(server))
    assert "50 / 100" in dom and "LATE REGISTRATION CLOSES IN" in dom

    assert cli("--db", db, "clock", "next").exit_code == 0
    before = left(server)
    dom = chromium(tmp_path, server, "--dump-dom")
    assert re.search(r'id="label">LEVEL 2<', dom)
    assert shown_time_within(dom, before, left(server))
    assert "100 / 200" in dom

    cli("--db", db, "clock", "next")  # the break, with its color-up
    cli("--db", db, "clock", "pause")
    dom = chromium(tmp_path, server, "--dump-dom")
    assert re.search(r'<body class="[^"]*break[^"]*paused', dom)
    assert re.search(r'id="time"[^>]*>10:00<', dom) and "PAUSED" in dom
    assert "COLOR-UP NOW: 25" in dom and "LATE REGISTRATION IS CLOSED" in dom

    shot = tmp_path / "clock-tv.png"
    chromium(tmp_path, server, f"--screenshot={shot}")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


def test_tv_page_shows_the_winner_and_the_results_once_it_is_over(cli, db, server, tmp_path):
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    cli("--db", db, "player", "bust", "Cleo")
    cli("--db", db, "player", "bust", "Ben")
    dom = chromium(tmp_path, server, "--dump-dom")
    body = re.search(r'<body class="([^"]*)"', dom)
    assert body and "finished" in body.group(1) and "paused" not in body.group(1)
    assert re.search(r'id="label">WINNER<', dom) and re.search(r'id="time"[^>]*>Anna<', dom)
    assert "1. Anna" in dom and "2. Ben" in dom


def _sounds_heard(tmp_path: Path, remaining: int, budget_ms: int, muted: bool = False) -> list[str]:
    """The tones the TV page plays while a running clock counts down from `remaining` seconds
    (the page opened from a file: its polls fail, so it counts on from the data it has)."""
    from tdtool.app.clock import view_data
    from tdtool.cli.clock_web import page
    from tdtool.io.store_base import open_store

    db = tmp_path / "tv.tdtool"
    if not db.exists():
        make(db, buy_in=100)
    with open_store(db) as store:
        data = view_data(store.state(), 0.0).to_dict()
    data.update(status="running", running=True, remaining_seconds=remaining)
    html = page(data)
    if muted:
        html = html.replace('localStorage.getItem("tdtool-muted") === "1"', "true")
    file = tmp_path / f"tv{remaining}-{budget_ms}-{muted}.html"
    file.write_text(html, encoding="utf-8")
    dom = headless(
        tmp_path, "--window-size=1280,720", "--autoplay-policy=no-user-gesture-required",
        f"--virtual-time-budget={budget_ms}", "--dump-dom", file.as_uri(),
    )  # fmt: skip
    found = re.search(r'<body[^>]*data-sounds="([^"]*)"', dom)
    assert "SOUND ON" in dom or "MUTED" in dom
    return found.group(1).split() if found else []


def test_tv_page_sounds_a_minute_before_and_at_the_level_change(tmp_path):
    assert _sounds_heard(tmp_path, 63, 5000) == ["minute"]
    assert _sounds_heard(tmp_path, 3, 5000) == ["change"]
    assert _sounds_heard(tmp_path, 62, 64_000) == ["minute", "change"]
    assert _sounds_heard(tmp_path, 3, 5000, muted=True) == []


def test_tv_page_paused_badge_and_players_say_what_they_are(cli, db, server, tmp_path):
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo")
    cli("--db", db, "clock", "start")
    cli("--db", db, "clock", "pause")
    dom = chromium(tmp_path, server, "--window-size=1920,1080", "--dump-dom")
    assert '<span class="bars"></span>PAUSED' in dom
    assert "Players left" in dom and "3 of 3 entries" in dom
    shot = tmp_path / "paused.png"
    chromium(tmp_path, server, "--window-size=1920,1080", f"--screenshot={shot}")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_tv_page_shows_the_chip_leader_escaped(cli, db, server, tmp_path):
    cli("--db", db, "player", "add", "Anna", "<b>Ben</b>", "Cleo")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    dom = chromium(tmp_path, server, "--dump-dom")
    assert 'class="k">Chip leader<' not in dom  # no count recorded yet
    assert cli("--db", db, "player", "chips", "<b>Ben</b>", "15500", "Anna", "9000").exit_code == 0
    dom = chromium(tmp_path, server, "--dump-dom")
    assert 'class="k">Chip leader<' in dom
    assert "&lt;b&gt;Ben&lt;/b&gt;</span> · 15,500 · 155 BB" in dom and "<b>Ben</b>" not in dom
    screenshot(tmp_path, server, "clock-tv-chip-leader.png")


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_tv_page_shows_the_seat_winners_once_a_satellite_is_decided(cli, tmp_path):
    sat = make(tmp_path / "sat.tdtool", buy_in=100, satellite_value=200)  # 5 x 100: 2 seats
    cli("--db", sat, "player", "add", "Anna", "Ben", "Cleo", "Dan", "Eve")
    cli("--db", sat, "seat", "draw")
    cli("--db", sat, "clock", "start")
    for name in ("Eve", "Dan", "Cleo"):
        assert cli("--db", sat, "player", "bust", name, "--yes").exit_code == 0
    with serving(sat) as url:
        dom = chromium(tmp_path, url, "--dump-dom")
        assert re.search(r'id="label">SEATS WON<', dom)
        assert re.search(r'id="time"[^>]*>Anna · Ben<', dom)
        assert "1. Anna  SEAT" in dom and "3. Cleo  100" in dom
        screenshot(tmp_path, url, "clock-tv-seats-won.png")


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_tv_page_announces_a_satellites_seat_bubble(cli, tmp_path):
    sat = make(tmp_path / "sat.tdtool", buy_in=100, satellite_value=200)  # 5 x 100: 2 seats
    cli("--db", sat, "player", "add", "Anna", "Ben", "Cleo", "Dan", "Eve")
    cli("--db", sat, "seat", "draw")
    cli("--db", sat, "clock", "start")
    for name in ("Eve", "Dan"):
        assert cli("--db", sat, "player", "bust", name, "--yes").exit_code == 0
    with serving(sat) as url:
        dom = chromium(tmp_path, url, "--dump-dom")
        assert "SEAT BUBBLE: 3 PLAYERS FOR 2 SEATS" in dom
        assert re.search(r'class="k">Seats</div><div class="v">2 × 200<', dom)
        screenshot(tmp_path, url, "clock-tv-seat-bubble.png")


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_the_tv_page_says_end_of_day_bag_and_tag(cli, db, server, tmp_path):
    assert cli("--db", db, "clock", "start").exit_code == 0
    assert cli("--db", db, "clock", "set", "7:30").exit_code == 0
    assert cli("--db", db, "clock", "end-day").exit_code == 0
    data = json.loads(get(server + "api/clock")[1])
    assert (data["day"], data["day_ended"], data["remaining_seconds"]) == (1, True, 450)
    dom = chromium(tmp_path, server, "--dump-dom")
    assert re.search(r'id="badge"[^>]*>END OF DAY 1 — BAG AND TAG<', dom), dom[-3000:]
    assert "DAY 2 RESUMES AT LEVEL 1 WITH 07:30 LEFT" in dom


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_the_tv_page_at_the_end_of_a_day_marks_the_blinds_as_the_next_days(
    cli, db, server, tmp_path
):
    """At the end of Day 1 the big blinds on the TV are Day 2's first level: they say so,
    or the room reads them as the level being played."""
    assert cli("--db", db, "clock", "start").exit_code == 0
    assert cli("--db", db, "clock", "end-day").exit_code == 0
    for size in ("1920,1080", "1280,720"):
        dom = chromium(tmp_path, server, f"--window-size={size}", "--dump-dom")
        found = re.search(r"<div id=\"blinds\"[^>]*>(.*?)</div>", dom)
        assert found, dom[-3000:]
        assert found.group(1) == "<small>DAY 2:</small> 50 / 100"
        shot = tmp_path / f"end-of-day-{size.replace(',', 'x')}.png"
        chromium(tmp_path, server, f"--window-size={size}", f"--screenshot={shot}")
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    assert cli("--db", db, "clock", "resume").exit_code == 0
    dom = chromium(tmp_path, server, "--dump-dom")
    assert "DAY 2:" not in dom  # playing day 2: the blinds are the level's own


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_tv_page_next_level_shows_the_ante_of_the_next_level(cli, db, server, tmp_path):
    """Issue 22: the TV's NEXT LEVEL showed the blinds of the next level without its ante, so
    the room learned of the big blind ante when it was due (the terminal clock shows it)."""
    cli("--db", db, "player", "add", "Anna", "Ben", "Carl")
    cli("--db", db, "clock", "start")
    cli("--db", db, "clock", "next")  # level 2; then a break and level 3: 150/300, BB ante 300
    dom = chromium(tmp_path, server, "--dump-dom")
    assert re.search(r'id="label">LEVEL 2<', dom)
    assert "L3 150 / 300 · BB ante 300" in dom, dom[-3000:]
