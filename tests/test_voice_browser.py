"""The TV page speaks (issue 24 item 4): in headless Chromium, with a fake speech engine put
in before the page loads, the words spoken, in order and in the page's language, for level
changes, one minute to a break, a break and its colour-up, the bubble, in the money and the
winner; nothing while muted."""

from __future__ import annotations

import json

import pytest

from tests.browser import CHROMIUM
from tests.cdp import Browser
from tests.test_clock_browser import serving
from tests.test_voice import tournament

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed"),
]

FAKE_SPEECH = """
window.__spoken = [];
window.SpeechSynthesisUtterance = class {
  constructor(text) { this.text = text; this.lang = ""; this.voice = null; }
};
const voices = [{lang: "en-US", name: "fake en"}, {lang: "ro-RO", name: "fake ro"},
                {lang: "de-DE", name: "fake de"}];
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  speak(u) { window.__spoken.push([u.text, u.lang, u.voice && u.voice.name]); },
  getVoices() { return voices; },
  cancel() {},
}});
"""

SAID = "(document.body.dataset.said ? document.body.dataset.said.split(' | ').length : 0)"
"""How many announcements the page has made (spoken, or muted)."""

EVENING = (
    ["clock", "next"],
    ["clock", "set", "1:02"],  # the page's own countdown crosses one minute to the break
    ["clock", "next"],
    ["clock", "next"],
    ["player", "bust", "Dan", "--yes"],
    ["player", "bust", "Cy", "--yes"],
    ["player", "bust", "Bob", "--yes"],
)


def spoken_through_the_evenings(cli, tmp_path, mute_after):
    """Each step of EVENING on one tournament per language of `mute_after` (language: the
    step before which its page is muted, or None), all at once, each on its own TV page in a
    browser of its own; what each page spoke after each step, by language. The evenings run
    side by side so that the three languages take the time of one."""
    from contextlib import ExitStack

    heard: dict[str, list[str]] = {lang: [] for lang in mute_after}
    with ExitStack() as stack:
        dbs, pages = {}, {}
        for lang in mute_after:
            dbs[lang] = tournament(cli, tmp_path, lang)
            browser = Browser(tmp_path, lang)
            stack.callback(browser.close)
            url = stack.enter_context(serving(dbs[lang]))
            pages[lang] = page = browser.page(1920, 1080, scale=1)
            page.send("Page.addScriptToEvaluateOnNewDocument", source=FAKE_SPEECH)
            page.goto(url)
        for page in pages.values():
            page.wait("document.body.dataset.fits !== undefined")
        for n, command in enumerate(EVENING):
            before = {}
            for lang, page in pages.items():
                if n == mute_after[lang]:
                    page.js("document.getElementById('sound').click()")
                before[lang] = page.js(SAID)
                assert cli("--db", dbs[lang], *command).exit_code == 0
            for lang, page in pages.items():
                page.wait(f"{SAID} > {before[lang]}")
                heard[lang].append(page.js("JSON.stringify(window.__spoken.splice(0))"))
        for lang, page in pages.items():
            page.screenshot(tmp_path / f"voice-{lang}.png", whole=False)
    return {lang: [json.loads(h) for h in said] for lang, said in heard.items()}


def test_the_tv_page_speaks_the_evening_in_english_romanian_and_german(cli, tmp_path):
    """One evening in each language, side by side (English muted before the winner)."""
    evenings = spoken_through_the_evenings(cli, tmp_path, {"en": 6, "ro": None, "de": None})
    heard = evenings["en"]
    voice = ["en-US", "fake en"]
    assert heard == [
        [["Level 2: blinds 3,000 and 6,000, big blind ante 6,000", *voice]],
        [["One minute to the break.", *voice]],
        [["Break. Play resumes with level 3.", *voice],
         ["Color-up: the 100 chips leave play.", *voice]],
        [["Level 3: blinds 4,000 and 8,000, ante 1,000", *voice]],
        [["We are on the bubble: the next player out wins nothing.", *voice]],
        [["We are in the money: everybody left wins a prize.", *voice]],
        [],  # muted before the winner: the page says it (data-said), the speakers do not
    ]  # fmt: skip
    heard = evenings["ro"]
    voice = ["ro-RO", "fake ro"]
    assert heard == [
        [["Nivelul 2: blind-uri 3.000 și 6.000, big blind ante 6.000", *voice]],
        [["Un minut până la pauză.", *voice]],
        [["Pauză. Jocul continuă cu nivelul 3.", *voice],
         ["Color-up: jetoanele de 100 ies din joc.", *voice]],
        [["Nivelul 3: blind-uri 4.000 și 8.000, ante 1.000", *voice]],
        [["Suntem în bubble: următorul eliminat nu câștigă nimic.", *voice]],
        [["Suntem în bani: toți jucătorii rămași câștigă un premiu.", *voice]],
        [["Ana câștigă turneul. Felicitări!", *voice]],
    ]  # fmt: skip
    heard = evenings["de"]
    voice = ["de-DE", "fake de"]
    assert heard == [
        [["Level 2: Blinds 3.000 und 6.000, Big Blind Ante 6.000", *voice]],
        [["Noch eine Minute bis zur Pause.", *voice]],
        [["Pause. Danach geht es mit Level 3 weiter.", *voice],
         ["Color-up: die 100-Chips verlassen das Spiel.", *voice]],
        [["Level 3: Blinds 4.000 und 8.000, Ante 1.000", *voice]],
        [["Wir sind auf der Bubble: wer als Nächster ausscheidet, gewinnt nichts.", *voice]],
        [["Wir sind im Geld: alle, die noch spielen, gewinnen einen Preis.", *voice]],
        [["Ana gewinnt das Turnier. Herzlichen Glückwunsch!", *voice]],
    ]  # fmt: skip
