"""The TV page of a Romanian and a German tournament in headless Chromium (issue 24 item 2):
`clock serve` in a subprocess, the page at 1920x1080 and on a phone (390x844), the words and
numbers in the tournament's language, and one TV asking for its own with `?lang=`.

The screenshots are kept for a person to look at: pytest --basetemp=DIR keeps DIR/*/tv-*.png.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request

import pytest

from tests.browser import CHROMIUM, headless
from tests.test_clock_browser import serving

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed"),
]


def tournament(cli, tmp_path, lang: str):
    """Twenty players at 1,000 (20,000, 3 paid), on the bubble: 4 left, paused."""
    db = tmp_path / f"{lang}.tdtool"
    created = cli("--db", db, "new", "Cupa", "-s", "daily", "--buy-in", "1000",
                  "--places-paid", "3", "--language", lang)  # fmt: skip
    assert created.exit_code == 0, created.output
    cli("--db", db, "player", "add", *[f"Player {i}" for i in range(1, 21)])
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    for i in range(20, 4, -1):
        assert cli("--db", db, "player", "bust", f"Player {i}", "--yes").exit_code == 0
    cli("--db", db, "clock", "pause")
    return db


def look(tmp_path, url: str, name: str) -> str:
    """The page's DOM at 1920x1080, and screenshots at 1920x1080 and 390x844."""
    dom = headless(tmp_path, "--window-size=1920,1080", "--virtual-time-budget=2500",
                   "--dump-dom", url)  # fmt: skip
    for size in ("1920,1080", "390,844"):
        shot = tmp_path / f"tv-{name}-{size.replace(',', 'x')}.png"
        headless(tmp_path, f"--window-size={size}", "--hide-scrollbars",
                 "--virtual-time-budget=2500", f"--screenshot={shot}", url)  # fmt: skip
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return dom


def test_a_romanian_tournaments_tv_page(cli, tmp_path):
    with serving(tournament(cli, tmp_path, "ro")) as url:
        dom = look(tmp_path, url, "ro")
    assert '<html lang="ro">' in dom
    assert re.search(r'id="label">NIVELUL 1<', dom) and "OPRIT" in dom
    assert "Jucători rămași" in dom and "4 din 20 de intrări" in dom
    assert "Fond de premii" in dom and ">20.000<" in dom  # the locale's digits
    assert "<h2>BUBBLE</h2>" in dom and "4 jucători rămași · 3 plătiți" in dom
    assert "locul 1" in dom and "Următorul eliminat nu câștigă nimic" in dom
    assert 'data-fits="yes"' in dom


def test_a_german_tournaments_tv_page_and_one_tv_in_english(cli, tmp_path):
    with serving(tournament(cli, tmp_path, "de")) as url:
        dom = look(tmp_path, url, "de")
        english = headless(tmp_path, "--window-size=1280,720", "--virtual-time-budget=2500",
                           "--dump-dom", url + "?lang=en")  # fmt: skip
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url + "api/clock?lang=xx", timeout=10)
    assert '<html lang="de">' in dom
    assert re.search(r'id="label">LEVEL 1<', dom) and "ANGEHALTEN" in dom
    assert "Spieler übrig" in dom and "4 von 20 Entries" in dom and "Durchschnitt" in dom
    assert "Preisgeld" in dom and ">20.000<" in dom
    assert "<h2>BUBBLE</h2>" in dom and "4 Spieler übrig · 3 bezahlt" in dom
    assert "1. Platz" in dom and "Nächster raus gewinnt nichts" in dom
    assert 'data-fits="yes"' in dom
    # The same tournament on a TV that asks for English: as an English tournament reads.
    assert '<html lang="en">' in english and "Players left" in english
    assert "4 players left · 3 paid" in english and ">20,000<" in english
    assert refused.value.code == 400 and b"en, ro, de" in refused.value.read()
