"""The printed sheets name the tournament's date and buy-in (and re-entry, rebuy, add-on prices
where the terms sell them), and read right on paper: the deal and results sheets checked as
PDFs at A4 and Letter in headless Chromium (issue 13)."""

from __future__ import annotations

import csv
import io
import re
import time

import pytest

from tests.browser import CHROMIUM, headless
from tests.test_structure_render import page_count
from tests.tournament_fixtures import STRUCTURE, make

BUY_IN = "Buy-in 100 + 10 fee for 10,000 chips"


def day(db) -> str:
    """The date line the sheets print for the tournament in `db`: the day it was created
    (read back, so a test running over midnight still agrees)."""
    from tdtool.app.change import read_state

    created = time.localtime(read_state(db).created_at)
    return f"{time.strftime('%A', created)} {created.tm_mday} {time.strftime('%B %Y', created)}"


@pytest.fixture
def rebuy_cup(tmp_path):
    return make(
        tmp_path / "cup.tdtool",
        buy_in=100,
        fee=10,
        reentry=True,
        rebuy_price=50,
        rebuy_fee=5,
        rebuy_chips=5000,
        addon_price=50,
        places_paid=3,
    )


def field(cli, db, players):
    cli("--db", db, "player", "add", *players)
    cli("--db", db, "seat", "draw")


def test_terms_prices_name_what_each_purchase_costs():
    from tdtool.tournament.terms import Terms, prices

    assert prices(Terms(buy_in=100, fee=10), 10_000) == (BUY_IN,)
    assert prices(
        Terms(buy_in=100, fee=10, reentry=True, rebuy_price=50, rebuy_fee=5, rebuy_chips=5000,
              addon_price=50, guarantee=5000),
        10_000,
        rebuy_until=2,
    ) == (
        BUY_IN,
        "Re-entry 100 + 10 fee",
        "Rebuy 50 + 5 fee for 5,000 chips until level 2",
        "Add-on 50 for 10,000 chips after level 2",
        "Guarantee 5,000",
    )  # fmt: skip
    assert prices(Terms()) == ()


def test_the_payout_sheet_names_the_date_and_the_prices(cli, rebuy_cup, tmp_path):
    field(cli, rebuy_cup, ["Anna", "Ben", "Cleo", "Dan"])
    for suffix in ("html", "md"):
        sheet = tmp_path / f"payouts.{suffix}"
        assert cli("--db", rebuy_cup, "payouts", "--print", sheet).exit_code == 0
        text = sheet.read_text()
        assert day(rebuy_cup) in text
        for price in (
            BUY_IN,
            "Re-entry 100 + 10 fee",
            "Rebuy 50 + 5 fee for 5,000 chips until level 2",
            "Add-on 50 for 10,000 chips after level 2",
        ):
            assert price in text, (suffix, price)
    what_if = tmp_path / "what-if.html"
    result = cli("payouts", "--entries", "40", "--buy-in", "100", "--rebuy", "50", "--print",
                 what_if)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Buy-in 100" in what_if.read_text() and "Rebuy 50" in what_if.read_text()


def test_the_results_sheet_names_date_buy_in_and_entries_and_prints_names_left(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100, fee=10, places_paid=2)
    field(cli, db, ["Anna", "Ben", "Cleo", "Dan"])
    for name in ("Dan", "Cleo", "Ben"):
        cli("--db", db, "player", "bust", name)
    sheet = tmp_path / "results.html"
    assert cli("--db", db, "report", "--print", sheet).exit_code == 0
    html = sheet.read_text()
    assert BUY_IN in html and day(db) in html and "4 entries" in html
    assert "<td>Anna</td>" in html  # names read from the left, amounts from the right
    assert re.search(r'<td>Anna</td><td class="n">\d+</td>', html)
    # Places without a prize are left blank on paper; the CSV keeps plain numbers.
    assert re.search(r'<td class="n">4</td><td>Dan</td><td></td>', html)
    rows = list(csv.reader(io.StringIO(cli("--db", db, "report", "--csv").stdout)))
    assert rows[-1][:3] == ["4", "Dan", "0"]
    as_csv = tmp_path / "results.csv"
    cli("--db", db, "report", "--print", as_csv)
    assert list(csv.reader(io.StringIO(as_csv.read_text())))[-1][:3] == ["4", "Dan", "0"]


def test_the_deal_sheet_names_the_tournament_and_each_player_signs_by_their_amount(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100, fee=10, places_paid=3)
    field(cli, db, ["Anna", "Ben", "Cleo", "Dan"])
    cli("--db", db, "player", "bust", "Dan")
    sheet = tmp_path / "deal.html"
    result = cli("--db", db, "deal", "icm", "--stacks", "Anna=20000,Ben=15000,Cleo=4000",
                 "--print", sheet)  # fmt: skip
    assert result.exit_code == 0, result.output
    html = sheet.read_text()
    assert "<h1>Test Cup: ICM deal</h1>" in html
    assert BUY_IN in html and day(db) in html and "4 entries" in html
    assert html.count('<td class="signature"></td>') == 3
    assert '<tr class="total"><td>Total</td><td class="n">39,000</td>' in html
    assert "Tournament director" in html
    # The stacks miss 1,000 of the 40,000 chips in play: the sheet says so before anyone signs.
    assert "the stacks add up to 39,000 but 40,000 chips are in play (1,000 missing)" in html
    # Worked out from typed prizes outside any tournament: no heading, still a sheet.
    alone = tmp_path / "alone"
    alone.mkdir()
    offline = alone / "deal.html"
    result = cli("deal", "chip-chop", "--stacks", "5000,3000", "--prizes", "50,30", "--print",
                 offline)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "<h1>Chip-chop deal</h1>" in offline.read_text()


def test_the_structure_sheet_of_a_tournament_names_its_date_and_prices(
    cli, rebuy_cup, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    result = cli("--db", rebuy_cup, "structure", "print", "--start", "19:00")
    assert result.exit_code == 0, result.output
    html = (tmp_path / "cup-structure.html").read_text()
    assert "<h1>Test Cup</h1>" in html and day(rebuy_cup) in html
    assert "<span>Rebuy 50 + 5 fee for 5,000 chips until level 2</span>" in html
    assert "<span>" + BUY_IN + "</span>" in html
    assert f"{len(STRUCTURE.levels)} levels" in html
    md = cli("--db", rebuy_cup, "structure", "print", "-o", "cup.md")
    assert md.exit_code == 0 and "**" + BUY_IN in (tmp_path / "cup.md").read_text()
    # A named structure prints as before: no tournament, no prices.
    cli("structure", "print", "turbo", "-o", "turbo.html")
    assert "Buy-in" not in (tmp_path / "turbo.html").read_text()


def _pdf_pages(tmp_path, html_path, paper: str) -> int:
    """Pages of the sheet printed on `paper` (the printer's paper: the sheets set none)."""
    text = html_path.read_text().replace("<style>", f"<style>@page {{ size: {paper}; }}", 1)
    page = tmp_path / f"{html_path.stem}-{paper}.html"
    page.write_text(text)
    pdf = tmp_path / f"{html_path.stem}-{paper}.pdf"
    headless(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
    return page_count(pdf.read_bytes())


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_a_final_table_deal_and_a_27_entry_results_sheet_print_on_one_page(cli, tmp_path):
    names = [f"Player {i + 1}" for i in range(27)]
    db = make(tmp_path / "cup.tdtool", buy_in=100, fee=10, reentry=True, places_paid=9)
    field(cli, db, names)
    for name in names[9:]:
        assert cli("--db", db, "player", "bust", name).exit_code == 0
    stacks = ",".join(f"{n}={(i + 1) * 6000}" for i, n in enumerate(names[:9]))
    deal = tmp_path / "deal.html"
    assert cli("--db", db, "deal", "icm", "--stacks", stacks, "--print", deal).exit_code == 0
    assert cli("--db", db, "deal", "icm", "--stacks", stacks, "--accept").exit_code == 0
    for name in names[1:9]:
        cli("--db", db, "player", "bust", name)
    results = tmp_path / "results.html"
    assert cli("--db", db, "report", "--print", results).exit_code == 0
    for paper in ("A4", "letter"):
        assert _pdf_pages(tmp_path, deal, paper) == 1, paper
        assert _pdf_pages(tmp_path, results, paper) == 1, paper
