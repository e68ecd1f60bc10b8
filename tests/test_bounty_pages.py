"""Bounties as people see them: the TV page's biggest bounties and the printed results, rendered
in headless Chromium (names stay text, never HTML)."""

from __future__ import annotations

import html
import re

import pytest

from tests.browser import CHROMIUM, headless

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed"),
]

ODD = "Gus <b>Hall</b>"


@pytest.fixture
def pko(cli, tmp_path):
    """A PKO after three knockouts (one a split pot); a name that looks like HTML."""
    db = tmp_path / "pko.tdtool"
    cli("new", "PKO Night", "--structure", "turbo", "--buy-in", "50", "--bounty", "50",
        "--fee", "10", "--pko", "--db", db)  # fmt: skip
    cli("--db", db, "player", "add", "Anna", "Ben", "Carl", "Dan", ODD, "Fay")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    for args in (["Anna", "--by", "Carl"], ["Ben", "--by", f"Carl,{ODD}"], ["Fay", "--by", "Dan"]):
        result = cli("--db", db, "player", "bust", *args)
        assert result.exit_code == 0, result.output
    return db


def test_tv_page_shows_the_biggest_bounties(pko, tmp_path):
    import time

    from tdtool.app.clock import view_data
    from tdtool.cli.clock_web import page
    from tdtool.io.store_base import open_store

    with open_store(pko) as store:
        data = view_data(store.state(), time.time()).to_dict()
    assert [b["name"] for b in data["bounties"]["biggest"]] == ["Carl", "Dan", ODD]
    file = tmp_path / "tv.html"
    file.write_text(page(data), encoding="utf-8")
    args = ("--window-size=1280,720", "--virtual-time-budget=1500")
    dom = headless(tmp_path, *args, "--dump-dom", file.as_uri())
    panel = re.search(r'<div id="bounties"[^>]*>(.*?)</div>', dom, re.S)
    assert panel, dom[-2000:]
    text = html.unescape(re.sub(r"<[^>]+>", " ", panel.group(1)))
    assert "BIGGEST BOUNTIES (PKO)" in text
    assert re.search(r"Carl\s+87\.50\s+Dan\s+75\s+Gus <b>Hall</b>\s+62\.50", text), text
    assert "<b>Hall" not in panel.group(1)  # escaped: shown as text
    shot = tmp_path / "tv.png"
    headless(tmp_path, *args, f"--screenshot={shot}", file.as_uri())
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


def test_printed_results_show_what_each_entry_won_in_bounties(cli, pko, tmp_path):
    sheet = tmp_path / "results.html"
    assert cli("--db", pko, "report", "--print", sheet).exit_code == 0
    dom = headless(tmp_path, "--window-size=1000,1300", "--dump-dom", sheet.as_uri())
    assert "<th>Bounties</th>" in dom
    # Carl won no prize: the printed sheet leaves it blank (as his bounty column would be).
    assert re.search(r"<td>Carl</td><td></td><td class=\"n\">37.50</td>", dom), dom
    assert "300 bought, 75 paid, 225 on players' heads." in html.unescape(dom)
    shot = tmp_path / "results.png"
    headless(tmp_path, "--window-size=1000,1300", f"--screenshot={shot}", sheet.as_uri())
    assert shot.stat().st_size > 10_000


def test_the_bounty_desk_sheet_lists_each_knockout_names_left_amounts_right(cli, pko, tmp_path):
    sheet = tmp_path / "knockouts.html"
    assert cli("--db", pko, "player", "bounties", "--print", sheet).exit_code == 0
    dom = headless(tmp_path, "--window-size=1000,900", "--dump-dom", sheet.as_uri())
    # Ben's split pot: two rows, the second with the second eliminator only.
    ben = re.search(
        r"<td>Ben</td><td class=\"n\">50</td><td>Carl</td>"
        r"<td class=\"n\">12.50</td><td class=\"n\">12.50</td></tr>\s*"
        r"<tr><td></td><td></td><td></td><td>Gus &lt;b&gt;Hall&lt;/b&gt;</td>",
        dom,
    )
    assert ben, dom
    shot = tmp_path / "knockouts.png"
    headless(tmp_path, "--window-size=1000,900", f"--screenshot={shot}", sheet.as_uri())
    assert shot.stat().st_size > 10_000


def _table_fits(tmp_path, sheet) -> tuple[int, int]:
    """(table width, body width) in CSS pixels, the page laid out at A4's printable width
    (180 mm = 680 px) plus the 2em margins the screen adds (print has none)."""
    probe = tmp_path / f"probe-{sheet.stem}.html"
    script = (
        "<script>const t = document.querySelector('table').getBoundingClientRect().width;"
        "document.body.dataset.w = Math.round(t) + ' ' +"
        " Math.round(document.body.getBoundingClientRect().width);</script></body>"
    )
    probe.write_text(sheet.read_text(encoding="utf-8").replace("</body>", script), "utf-8")
    dom = headless(tmp_path, "--window-size=765,900", "--dump-dom", probe.as_uri())
    found = re.search(r'data-w="(\d+) (\d+)"', dom)
    assert found, dom[-1500:]
    return int(found.group(1)), int(found.group(2))


def test_the_bounty_desk_sheet_adds_up_to_what_was_paid(cli, tmp_path):
    # The winner's own bounty is paid at the end: the sheet lists it and totals the column,
    # which used to sum to less than the "paid" line above it.
    db = tmp_path / "hu.tdtool"
    cli("new", "HU", "--structure", "turbo", "--buy-in", "50", "--bounty", "50", "--pko",
        "--db", db)  # fmt: skip
    cli("--db", db, "player", "add", "Anna", "Ben", "Carl")
    cli("--db", db, "seat", "draw")
    assert cli("--db", db, "player", "bust", "Carl", "--by", "Anna").exit_code == 0
    assert cli("--db", db, "player", "bust", "Ben", "--by", "Anna").exit_code == 0
    sheet = tmp_path / "knockouts.html"
    out = cli("--db", db, "player", "bounties", "--print", sheet)
    assert "150 bought, 150 paid, 0 on players' heads." in out.stdout
    assert re.search(r"Anna \(own\)\s+100\s+collected at the end\s+100\n", out.stdout)
    assert re.search(r"Total\s+150\n", out.stdout)
    dom = html.unescape(headless(tmp_path, "--window-size=1000,900", "--dump-dom", sheet.as_uri()))
    assert '<td>Anna (own)</td><td class="n">100</td>' in dom
    assert re.search(r'<tr class="total"><td></td><td>Total</td>.*?<td class="n">150</td>', dom)
    width, page = _table_fits(tmp_path, sheet)
    assert width <= page


def test_a_bounty_sheet_with_long_names_fits_the_page_width(cli, tmp_path):
    # A long eliminator's name in the middle column pushed the table past the right margin:
    # the last column lost its border and could lose its figures.
    long = "Bartholomew Featherstonehaugh-Winthrop"
    db = tmp_path / "long.tdtool"
    cli("new", "Thursday PKO Deepstack Championship", "--structure", "turbo", "--buy-in", "50",
        "--bounty", "50", "--pko", "--db", db)  # fmt: skip
    cli("--db", db, "player", "add", "Anna", long, "Nikolai Alexandrovich Rimsky-Korsakov", "Dev")
    cli("--db", db, "seat", "draw")
    assert cli("--db", db, "player", "bust", "Anna", "--by", f"{long},Dev").exit_code == 0
    for what in ("bounties", "report"):
        sheet = tmp_path / f"{what}.html"
        args = ["player", "bounties"] if what == "bounties" else ["report"]
        assert cli("--db", db, *args, "--print", sheet).exit_code == 0
        width, page = _table_fits(tmp_path, sheet)
        assert width <= page, (what, width, page)
