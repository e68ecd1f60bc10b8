"""The league standings screen in Chromium (issue 26, the standings as a screen): a season
of 30 players with long names, one event of 20 of them still being played, fills a TV
(1920x1080, 1280x720) and a phone in portrait (390x844) without spilling over, in Romanian;
screenshots kept in $TDTOOL_SHOTS to be looked at."""

from __future__ import annotations

import pytest

from tdtool.app import players, seats
from tests.browser import CHROMIUM
from tests.cdp import Browser
from tests.test_clock_browser import serving
from tests.test_screens_browser import NAMES, keep
from tests.tournament_fixtures import make

pytestmark = [pytest.mark.browser, pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")]


def test_the_standings_fit_a_tv_and_a_phone_with_the_provisional_marked(tmp_path, cli):
    done = make(tmp_path / "week-1.tdtool", name="Săptămâna 1", buy_in=50, language="ro")
    live = make(tmp_path / "week-2.tdtool", name="Săptămâna 2", buy_in=50, language="ro")
    for path, entrants, busts in ((done, NAMES, NAMES[:-1]), (live, NAMES[:20], NAMES[:5])):
        players.register(path, entrants)
        seats.draw(path)
        for name in busts:
            players.bust(path, [name])
    league = tmp_path / "liga.league"
    assert cli("league", "new", "Liga de toamnă", "--league", league).exit_code == 0
    assert cli("league", "add", done, "--league", league).exit_code == 0
    assert cli("league", "add", live, "--provisional", "--league", league).exit_code == 0
    browser = Browser(tmp_path, "league")
    try:
        with serving(live, "--league", str(league)) as url:
            for size in ((1920, 1080), (1280, 720), (390, 844)):
                page = browser.page(*size, 1)
                page.goto(url + "screen/standings")
                page.wait("document.body.dataset.fits === 'yes'")
                rows = page.js("document.querySelectorAll('#ranks .row').length")
                assert rows == len(NAMES)
                assert page.js("document.querySelectorAll('#ranks .row.prov').length") == 20
                assert page.js("document.documentElement.scrollWidth <= innerWidth")
                assert "CLASAMENT" in page.js("document.querySelector('h1').textContent")
                assert "provizoriu" in page.js("document.getElementById('note').textContent")
                keep(page.screenshot(tmp_path / f"standings-{size[0]}x{size[1]}.png"))
    finally:
        browser.close()
