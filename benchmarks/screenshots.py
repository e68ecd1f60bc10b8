"""Pictures of every screen and every sheet, to look at (issue 24: "each looked at").

Not a test: it makes an English, a Romanian and a German tournament of 30 players (a PKO,
8 busted with their knockouts, every stack counted) and a league of each, serves each with
`clock serve --theme --league` (a house theme with a house slide) and photographs in
headless Chromium every screen of docs/cli.md (`/`, `/screen/payouts`, `seats`,
`clock-payouts`, `chips`, `results`, `bounties`, `house`, `standings` and a rotation) at
1920x1080, 1280x720 and 390x844 (a phone in portrait, the whole page). It prints every
sheet (structure, seat cards, seat list, move slips, payouts, results, bounties, deal,
league standings, chip race) of the Romanian and German ones on A4 and Letter as PDFs, and
turns each page into a PNG at 50 dpi (`pdftoppm -png -r 50`).

    python benchmarks/screenshots.py [FOLDER] [--lang ro] [--no-sheets]   # ./screenshots

FOLDER gets `screens/LANG-SCREEN-WxH.png`, `sheets/LANG-SHEET-PAPER.html`, its `.pdf`
and their `...-N.png` pages, and `checks.txt`: for each screen whether it says its text fits
(`data-fits`), whether the page is wider than the window, and any English word of a short
list left on a Romanian or German page. Needs chromium and pdftoppm on the PATH.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tdtool.cli import app  # noqa: E402
from tests.browser import CHROMIUM, FLAGS  # noqa: E402
from tests.cdp import Browser  # noqa: E402
from tests.test_clock_browser import ENV  # noqa: E402

NAMES = {
    "en": "Friday Night Deepstack Main Event",
    "ro": "Cupa de Vineri a Clubului Regal",
    "de": "Freitagsturnier Hauptevent Deepstack",
}
LEAGUES = {"en": "Friday League 2026", "ro": "Liga de Vineri 2026", "de": "Freitagsliga 2026"}
PLAYERS = [
    "Ana Popescu", "Bogdan Constantinescu", "Jens Müller", "Ștefan Ionescu", "Émile Dubois",
    "Maximilian Schmidt-Hohenberg", "Ioana Dumitrescu", "Lukas Weber", "Mihai Georgescu",
    "Sophie Wagner", "Radu Stanciu", "Felix Becker", "Elena Munteanu", "Jonas Hoffmann",
    "Cristina Radulescu-Vasilescu", "Paul Schäfer", "Andrei Moldovan", "Lea Fischer",
    "Vlad Țurcanu", "Hannah Koch", "Dan Bălan", "Tim Richter", "Gabriela Nistor",
    "Niklas Wolf", "Sorin Oprea", "Anna Zimmermann", "Iulian Pătrașcu", "Ben Krüger",
    "Oana Lungu", "Carl Neumann",
]  # fmt: skip
BUSTS = [(PLAYERS[i], PLAYERS[by]) for i, by in ((29, 0), (28, 1), (27, 0), (26, 5),
                                                  (25, 3), (24, 0), (23, 1), (22, 7))]  # fmt: skip
SCREENS = {
    "clock": "/", "payouts": "/screen/payouts", "seats": "/screen/seats",
    "clock-payouts": "/screen/clock-payouts", "chips": "/screen/chips",
    "results": "/screen/results", "bounties": "/screen/bounties", "house": "/screen/house",
    "standings": "/screen/standings", "rotate": "/?rotate=clock,payouts,seats,house&every=20",
}  # fmt: skip
SIZES = [(1920, 1080), (1280, 720), (390, 844)]
ENGLISH = ("Level", "Blinds", "Players", "Average", "Prize pool", "Payouts", "Table", "Seat",
           "Chips", "Results", "Bounty", "Bounties", "knockout", "Total", "Signature",
           "Break", "Entries", "players", "place", "Printed", "offline")  # fmt: skip
"""Words that would say a Romanian or German page left something English (some are German
too, `Level`, `Blinds`, `Chips`, `Entries`: those are listed, not counted as wrong)."""
GERMAN_TOO = {"Level", "Blinds", "Chips", "Entries", "Bounty", "Bounties", "knockout"}
THEME = """house:
  title: Happy hour at the bar
  lines:
    - Every drink half price from 18:00 to 20:00
    - "Sunday: the 200 deepstack, ask the desk"
  image: sponsor.svg
"""
SPONSOR = """<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200">
<rect width="600" height="200" rx="24" fill="#7a1020"/>
<text x="300" y="125" font-family="DejaVu Sans" font-size="72" font-weight="bold"
 fill="#ffd400" text-anchor="middle">ROYAL CLUB</text></svg>
"""


def tdtool(*args: object) -> str:
    """`tdtool ARGS` in this process; its output, or SystemExit with it on a failure."""
    result = CliRunner().invoke(app, [str(a) for a in args])
    if result.exit_code != 0:
        raise SystemExit(f"tdtool {' '.join(map(str, args))}: {result.output}")
    return result.output


def tournament(folder: Path, lang: str) -> Path:
    db = folder / f"{lang}.tdtool"
    tdtool("--db", db, "new", NAMES[lang], "-s", "turbo", "--buy-in", 100, "--fee", 10,
           "--bounty", 50, "--pko", "--language", lang)  # fmt: skip
    tdtool("--db", db, "player", "add", *PLAYERS)
    tdtool("--db", db, "seat", "draw")
    tdtool("--db", db, "clock", "start")
    for out, by in BUSTS:
        tdtool("--db", db, "player", "bust", out, "--by", by, "--anywhere")
    terms = json.loads(tdtool("--db", db, "terms", "--json"))
    left = [p for p in PLAYERS if p not in {out for out, _by in BUSTS}]
    total = terms.get("starting_stack", 10_000) * len(PLAYERS)
    weights = list(range(len(left), 0, -1))
    counts = [total * w // sum(weights) for w in weights]
    counts[0] += total - sum(counts)
    pairs = zip(left, counts, strict=True)
    tdtool("--db", db, "player", "chips", *[x for p, c in pairs for x in (p, str(c))])
    league = folder / f"{lang}.league"
    tdtool("league", "new", LEAGUES[lang], "--league", league, "--language", lang)
    tdtool("league", "add", db, "--provisional", "--league", league)
    return db


@contextmanager
def serving(db: Path, *args: str) -> Iterator[str]:
    """`clock serve ARGS` on `db` at a free loopback port, for the block's length; its URL."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tdtool", "--db", str(db), "clock", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:\d+/", proc.stdout.readline())
        if not found:
            raise SystemExit(f"clock serve did not start: {proc.stderr and proc.stderr.read()}")
        yield found.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def screens(db: Path, lang: str, theme: Path, out: Path, browser: Browser) -> list[str]:
    checks = []
    league = db.with_suffix(".league")
    with serving(db, "--theme", str(theme), "--league", str(league)) as url:
        for width, height in SIZES:
            page = browser.page(width, height, 1)
            for name, path in SCREENS.items():
                page.goto(url.rstrip("/") + path)
                with contextlib.suppress(AssertionError):  # checked below, on the picture
                    page.wait("document.body.dataset.fits !== undefined"
                              " || document.querySelector('iframe') !== null", 5)  # fmt: skip
                time.sleep(1.2)  # the frames of a rotation, the fonts, a second poll
                shot = out / f"{lang}-{name}-{width}x{height}.png"
                page.screenshot(shot, whole=width < 600)
                fits = page.js("document.body.dataset.fits || ''")
                wide = page.js("document.documentElement.scrollWidth > innerWidth")
                text = page.js(
                    "[document.body.innerText, ...Array.from(document.querySelectorAll('iframe'),"
                    " (f) => f.contentDocument?.body?.innerText || '')].join(' ')"
                ) or ""  # fmt: skip
                english = [] if lang == "en" else [
                    w for w in ENGLISH if w not in GERMAN_TOO and f" {w} " in f" {text} "
                ]  # fmt: skip
                checks.append(f"{shot.name}: fits={fits or '-'} wider={wide}"
                              f" english={','.join(english) or '-'}")  # fmt: skip
    return checks


def sheets(db: Path, lang: str, out: Path, work: Path) -> list[str]:
    made = []
    for paper in ("a4", "letter"):
        racing = work / f"race-{lang}-{paper}.tdtool"
        shutil.copy(db, racing)
        html = {
            "structure": ("structure", "print", "-o", "{f}", "--force"),
            "seat-cards": ("seat", "print", "cards", "-o", "{f}", "--force"),
            "seat-list": ("seat", "print", "list", "-o", "{f}", "--force"),
            "seat-moves": ("seat", "print", "moves", "--all", "-o", "{f}", "--force"),
            "payouts": ("payouts", "--print", "{f}"),
            "results": ("report", "--print", "{f}"),
            "bounties": ("player", "bounties", "--print", "{f}"),
            "deal": ("deal", "icm", "--stacks", f"{PLAYERS[0]}=150000,{PLAYERS[1]}=90000,"
                     f"{PLAYERS[2]}=60000", "--prizes", "1500,900,600", "--print", "{f}"),
        }  # fmt: skip
        for sheet, args in html.items():
            target = out / f"{lang}-{sheet}-{paper}.html"
            tdtool("--db", db, *[str(target) if a == "{f}" else a for a in args],
                   "--paper", paper)  # fmt: skip
            made.append(pdf(target, out, work))
        standings = out / f"{lang}-standings-{paper}.html"
        tdtool("league", "standings", "--league", db.with_suffix(".league"), "--print",
               standings, "--paper", paper)  # fmt: skip
        made.append(pdf(standings, out, work))
        race = out / f"{lang}-chip-race-{paper}.html"
        holders = [f"{p}=3" for p in PLAYERS[:6]]
        tdtool("--db", racing, "chips", "race", "25", "--up", "100", *holders, "--sheet", race)
        made.append(pdf(race, out, work))
    return made


def pdf(html: Path, out: Path, work: Path) -> str:
    target = out / html.with_suffix(".pdf").name
    assert CHROMIUM is not None
    subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={work / 'pdf-profile'}", "--no-pdf-header-footer",
         f"--print-to-pdf={target}", html.as_uri()],
        check=True, capture_output=True, timeout=90,
    )  # fmt: skip
    subprocess.run(
        ["pdftoppm", "-png", "-r", "50", str(target), str(target.with_suffix(""))], check=True
    )
    return target.name


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default="screenshots", type=Path)
    parser.add_argument("--lang", action="append", choices=list(NAMES), help="only these")
    parser.add_argument("--no-sheets", action="store_true", help="the screens only")
    asked = parser.parse_args()
    out = asked.folder.resolve()
    if CHROMIUM is None or shutil.which("pdftoppm") is None:
        raise SystemExit("needs chromium and pdftoppm on the PATH")
    (out / "screens").mkdir(parents=True, exist_ok=True)
    (out / "sheets").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        theme = work / "theme"
        theme.mkdir()
        (theme / "theme.yaml").write_text(THEME, encoding="utf-8")
        (theme / "sponsor.svg").write_text(SPONSOR, encoding="utf-8")
        browser = Browser(work, "shots")
        checks: list[str] = []
        try:
            for lang in asked.lang or NAMES:
                db = tournament(work, lang)
                checks += screens(db, lang, theme, out / "screens", browser)
                if lang != "en" and not asked.no_sheets:
                    checks += [f"sheet {s}" for s in sheets(db, lang, out / "sheets", work)]
        finally:
            browser.close()
    (out / "checks.txt").write_text("\n".join(checks) + "\n", encoding="utf-8")
    print("\n".join(checks))
    print(f"written to {out}")


if __name__ == "__main__":
    main()
