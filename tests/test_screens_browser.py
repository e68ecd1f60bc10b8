"""The screens beside the clock in Chromium (issue 24 item 3): two screens of one
`clock serve` open at once both show a bust typed in another terminal within a second;
each fills a TV (1920x1080, 1280x720) and a phone in portrait (390x844) without spilling
over, and the rotation turns its screens without loading any page again."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from tests.browser import CHROMIUM
from tests.cdp import Browser
from tests.test_clock_browser import serving
from tests.tournament_fixtures import make

pytestmark = [pytest.mark.browser, pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")]
FIRST = ("Ana", "Bogdan", "Jens", "Ștefan", "Émile")
LAST = ("Popescu", "Müller", "Constantinescu", "Weber", "Ionescu", "Schmidt")
NAMES = [f"{first} {last}" for first in FIRST for last in LAST]


def keep(shot: Path) -> None:
    where = os.environ.get("TDTOOL_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(where) / shot.name)
    assert shot.stat().st_size > 10_000  # a page was drawn, not a blank


@pytest.fixture
def db(tmp_path, cli):
    path = make(tmp_path / "cup.tdtool", buy_in=100)
    assert cli("--db", path, "player", "add", *NAMES).exit_code == 0
    assert cli("--db", path, "seat", "draw").exit_code == 0
    assert cli("--db", path, "clock", "start").exit_code == 0
    return path


def test_two_screens_at_once_show_a_bust_from_the_cli_within_a_second(db, cli, tmp_path):
    browser = Browser(tmp_path, "tv")
    try:
        with serving(db) as url:
            payouts, seats = browser.page(1920, 1080, 1), browser.page(1920, 1080, 1)
            payouts.goto(url + "screen/payouts")
            seats.goto(url + "screen/seats")
            rows = "document.querySelectorAll('#list .row').length"
            seats.wait(f"{rows} === {len(NAMES)}")
            payouts.wait("document.getElementById('lead').textContent.startsWith('30 players')")
            out = NAMES[7]
            assert cli("--db", db, "player", "bust", out).exit_code == 0
            busted = time.monotonic()
            seats.wait(f"{rows} === {len(NAMES) - 1}", timeout=5)
            on_seats = time.monotonic() - busted
            payouts.wait("document.getElementById('lead').textContent.startsWith('29 players')", 5)
            on_payouts = time.monotonic() - busted
            assert on_seats < 1.0 and on_payouts < 1.0, (on_seats, on_payouts)
            assert out not in seats.js("document.getElementById('list').textContent")
    finally:
        browser.close()


@pytest.mark.parametrize(
    "size", [(1920, 1080), (1280, 720), (390, 844)], ids=["1080p", "720p", "phone"]
)
def test_every_screen_fits_a_tv_and_a_phone(db, tmp_path, size):
    browser = Browser(tmp_path, "fit")
    try:
        with serving(db) as url:
            page = browser.page(*size, 1)
            for screen in ("payouts", "seats", "chips", "results", "bounties"):
                page.goto(f"{url}screen/{screen}?lang=ro")
                page.wait("document.body.dataset.fits === 'yes'")
                keep(page.screenshot(tmp_path / f"screen-{screen}-{size[0]}x{size[1]}.png"))
            page.goto(f"{url}screen/clock-payouts?lang=de")
            page.wait("document.getElementById('payouts').contentDocument?.body?.dataset.fits"
                      " === 'yes'")  # fmt: skip
            page.wait("document.getElementById('clock').contentDocument?.body?.dataset.fits"
                      " === 'yes'")  # fmt: skip
            # The payouts' frame on a TV is narrower than a phone: laid out for a room all
            # the same, not at a phone's 18 px (as it was at 1280x720).
            ladder = ("parseFloat(document.getElementById('payouts').contentDocument"
                      ".getElementById('ladder').style.fontSize)")  # fmt: skip
            if size[0] > 600:
                assert page.js(ladder) > 24, (size, page.js(ladder))
            keep(page.screenshot(tmp_path / f"screen-clock-payouts-{size[0]}x{size[1]}.png"))
    finally:
        browser.close()


def test_the_chip_counts_and_the_results_show_a_change_from_the_cli_within_a_second(
    db, cli, tmp_path
):
    """A count typed at the desk tops the bar's TV, a bust reaches the results screen, each
    within a second, in German; a count of long names at 1080p still fits."""
    counts = [x for i, n in enumerate(NAMES) for x in (n, str(20000 + 100 * i))]
    assert cli("--db", db, "player", "chips", *counts).exit_code == 0
    browser = Browser(tmp_path, "bar")
    try:
        with serving(db) as url:
            chips, results = browser.page(1920, 1080, 1), browser.page(1280, 720, 1)
            chips.goto(url + "screen/chips?lang=de")
            results.goto(url + "screen/results?lang=de")
            first = "document.querySelector('#ranks .row .who').textContent"
            chips.wait(f"{first} === {NAMES[-1]!r}")
            assert "von 30 Spielern gezählt" in chips.js(
                "document.getElementById('lead').textContent"
            )
            results.wait("document.querySelector('#ranks .empty') !== null")
            assert cli("--db", db, "player", "chips", NAMES[3], "99000").exit_code == 0
            counted = time.monotonic()
            chips.wait(f"{first} === {NAMES[3]!r}", timeout=5)
            on_chips = time.monotonic() - counted
            assert "99.000" in chips.js("document.querySelector('#ranks .row .v').textContent")
            assert cli("--db", db, "player", "bust", NAMES[0]).exit_code == 0
            busted = time.monotonic()
            results.wait(f"document.getElementById('ranks').textContent.includes({NAMES[0]!r})", 5)
            on_results = time.monotonic() - busted
            assert "30. Platz" in results.js("document.getElementById('ranks').textContent")
            assert on_chips < 1.0 and on_results < 1.0, (on_chips, on_results)
            chips.wait("document.body.dataset.fits === 'yes'")
            keep(chips.screenshot(tmp_path / "screen-chips-de-1920x1080.png"))
            keep(results.screenshot(tmp_path / "screen-results-de-1280x720.png"))
    finally:
        browser.close()


def test_rotation_turns_its_screens_without_loading_a_page_again(db, tmp_path):
    browser = Browser(tmp_path, "rotate")
    try:
        with serving(db) as url:
            page = browser.page(1280, 720, 1)
            page.goto(url + "?rotate=seats,payouts&every=5")
            assert page.js("document.body.dataset.showing") == "seats"
            frames = "Array.from(document.querySelectorAll('iframe'))"
            page.wait(f"{frames}.every((f) => f.contentDocument.readyState === 'complete')")
            # A mark in the page and in each frame: gone from any that were loaded again.
            page.js(f"window.marker = 1; {frames}.forEach((f) => f.contentWindow.marker = 1)")
            page.wait("document.body.dataset.showing === 'payouts'", timeout=8)
            page.wait("document.body.dataset.showing === 'seats'", timeout=8)
            marks = page.js(f"[window.marker, ...{frames}.map((f) => f.contentWindow.marker)]")
            assert marks == [1, 1, 1]
    finally:
        browser.close()
