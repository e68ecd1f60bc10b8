"""An accepted deal shows in every money view; stacks that do not add up are named; CSV
exports carry plain numbers (issue 13)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.tournament_fixtures import make


@pytest.fixture
def dealt(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100, places_paid=3)
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo", "Dan", "Eve")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "bust", "Eve")
    cli("--db", db, "player", "bust", "Dan")
    return db


def test_a_deal_whose_stacks_do_not_add_up_names_the_difference(cli, dealt):
    result = cli("--db", dealt, "deal", "icm", "--stacks", "Anna=20000,Ben=20000,Cleo=9000")
    assert result.exit_code == 0, result.output
    assert (
        "Warning: the stacks add up to 49,000 but 50,000 chips are in play: 1,000 missing."
        in result.stdout
    )
    exact = cli("--db", dealt, "deal", "icm", "--stacks", "Anna=20000,Ben=20000,Cleo=10000")
    assert "Warning" not in exact.stdout
    data = json.loads(
        cli(
            "--db", dealt, "deal", "icm", "--stacks", "Anna=21000,Ben=20000,Cleo=10000", "--json"
        ).stdout
    )
    assert data["chips_in_play"] == 50_000 and data["chips_off"] == 1_000


def test_an_accepted_deal_shows_in_payouts_status_and_the_sheets(cli, dealt, tmp_path):
    accepted = cli(
        "--db", dealt, "deal", "icm", "--stacks", "Anna=20000,Ben=20000,Cleo=10000", "--accept"
    )
    assert accepted.exit_code == 0, accepted.output
    deal = json.loads(cli("--db", dealt, "payouts", "--json").stdout)["deal"]
    amounts = {d["name"]: d["amount"] for d in deal}
    assert set(amounts) == {"Anna", "Ben", "Cleo"} and sum(amounts.values()) == 500
    text = cli("--db", dealt, "payouts").stdout
    assert f"Deal accepted: the last 3 players share places 1-3: Anna {amounts['Anna']}" in text
    assert "by the deal" in text
    sheet = tmp_path / "payouts.html"
    cli("--db", dealt, "payouts", "--print", sheet)
    assert "Deal accepted" in sheet.read_text()
    status = cli("--db", dealt, "status").stdout
    assert f"Deal accepted      Anna {amounts['Anna']}" in status
    assert json.loads(cli("--db", dealt, "status", "--json").stdout)["deal"] == deal


def test_csv_exports_carry_plain_numbers(cli, tmp_path):
    sheet = tmp_path / "payouts.csv"
    result = cli("payouts", "--entries", "400", "--buy-in", "100", "--print", sheet)
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(sheet.read_text())))
    assert rows[0] == ["Place", "Prize", "Share"]
    for _, prize, share in rows[1:]:
        assert prize.isdigit() and "%" not in share and "," not in prize
        float(share)
    assert sum(int(r[1]) for r in rows[1:]) == 40_000


def test_the_payout_sheet_fills_the_page_in_print_that_reads_from_a_distance(cli, dealt, tmp_path):
    sheet = tmp_path / "payouts.html"
    assert cli("--db", dealt, "payouts", "--print", sheet).exit_code == 0
    html = sheet.read_text()
    assert "<title>Test Cup: payouts</title>" in html and "Printed 20" in html
    assert "width: 100%; font-size: 22pt" in html
