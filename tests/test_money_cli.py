"""The money commands: payouts, terms, deal icm / chip-chop, report."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys

import pytest

from tdtool.io.store_base import open_store
from tests.conftest import ROOT
from tests.tournament_fixtures import make

NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo"]


def append(db, *events):
    with open_store(db) as store, store.transaction() as tx:
        for kind, data in events:
            tx.append(kind, data)


def bust(db, *names, ranks=None):
    ranks = ranks or list(range(len(names)))
    players = [{"name": n, "rank": r} for n, r in zip(names, ranks, strict=True)]
    append(db, ("player.busted", {"players": players}))


@pytest.fixture
def db(tmp_path):
    path = make(tmp_path / "cup.tdtool", buy_in=100, fee=10, places_paid=3, rounding=5)
    append(db_path := path, *[("player.registered", {"name": n}) for n in NAMES])
    return db_path


# --- deal from options ---------------------------------------------------------------------------


def test_deal_icm_from_options_prints_equities_in_the_order_of_the_stacks(cli):
    result = cli("deal", "icm", "--stacks", "5000,3000,2000", "--prizes", "50,30,20", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["equities"] == [38.39, 32.75, 28.86]
    assert sum(data["amounts"]) == 100
    reordered = cli("deal", "icm", "--stacks", "2000,5000,3000", "--prizes", "50,30,20", "--json")
    assert json.loads(reordered.stdout)["equities"] == [28.86, 38.39, 32.75]


def test_deal_chip_chop_from_options(cli):
    result = cli(
        "deal", "chip-chop", "--stacks", "20000,30000,10000", "--prizes", "500,300,200", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["equities"] == [333.33, 400.0, 266.67]
    assert data["amounts"] == [333, 400, 267]


@pytest.mark.slow
def test_deal_json_as_a_subprocess_needs_no_tournament(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "tdtool", "deal", "icm", "--stacks", "5000,3000,2000",
         "--prizes", "50,30,20", "--json"],
        capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["equities"] == [38.39, 32.75, 28.86]


def test_deal_hold_back_and_printable_summary_escapes_names(cli, tmp_path):
    sheet = tmp_path / "deal.html"
    result = cli(
        "deal", "icm", "--stacks", "<b>Anna</b>=5000,Ben=3000,Cleo=2000", "--prizes", "50,30,20",
        "--hold-back", "10", "--print", sheet,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "10 is held back" in result.stdout
    text = sheet.read_text()
    assert "&lt;b&gt;Anna&lt;/b&gt;" in text and "<b>Anna" not in text
    # Each player signs in their own row, beside their amount (one cell each).
    assert text.count('<td class="signature"></td>') == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stacks", "5000,x", "--prizes", "50,30"], "whole numbers"),
        (["--stacks", "5000,3000", "--prizes", "50,30,20"], "3 prizes for 2 players"),
        (["--stacks", "Anna=5000,3000", "--prizes", "50"], "name every stack"),
        (["--stacks", "5000,3000", "--prizes", "50,30", "--hold-back", "80"], "at most 50"),
        (["--stacks", "5000,3000", "--print", "x.pdf", "--prizes", "5,3"], ".html, .md or .csv"),
    ],
)
def test_bad_deal_options_exit_2_with_one_error_line(cli, args, message):
    result = cli("deal", "icm", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert "Traceback" not in result.output


# --- payouts -------------------------------------------------------------------------------------


def test_payouts_what_if_from_options(cli):
    result = cli("payouts", "--entries", "20", "--buy-in", "50", "--rounding", "5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    amounts = [p["amount"] for p in data["payouts"]]
    assert data["prize_pool"] == 1000 and sum(amounts) == 1000
    assert data["places_paid"] == 3 and data["table"] == "default curve"


def test_payouts_of_the_live_tournament_and_the_printable_sheets(cli, db, tmp_path):
    data = json.loads(cli("--db", db, "payouts", "--json").stdout)
    assert data["prize_pool"] == 1000 and data["places_paid"] == 3
    assert sum(p["amount"] for p in data["payouts"]) == 1000
    for suffix in ("html", "md", "csv"):
        sheet = tmp_path / f"payouts.{suffix}"
        result = cli("--db", db, "payouts", "--print", sheet)
        assert result.exit_code == 0, result.output
        assert "1st" in sheet.read_text()
    rows = list(csv.reader(io.StringIO((tmp_path / "payouts.csv").read_text())))
    assert rows[0] == ["Place", "Prize", "Share"] and len(rows) == 4


def test_payouts_with_a_user_table(cli, db, tmp_path):
    table = tmp_path / "t.yaml"
    table.write_text("name: Flat\npays: [40, 35, 25]\n")
    data = json.loads(cli("--db", db, "payouts", "--table", table, "--json").stdout)
    assert [p["amount"] for p in data["payouts"]] == [400, 350, 250]
    assert data["table"] == "Flat"


def test_payouts_bad_table_names_file_and_line(cli, db, tmp_path):
    table = tmp_path / "t.yaml"
    table.write_text("name: Flat\npays: [40, 35, 35]\n")
    result = cli("--db", db, "payouts", "--table", table)
    assert result.exit_code == 2
    assert f"{table}:2: the percentages add up to 110" in result.stderr


def test_what_if_options_without_entries_are_refused(cli, db):
    result = cli("--db", db, "payouts", "--buy-in", "10")
    assert result.exit_code == 2 and "--entries" in result.stderr


# --- terms ---------------------------------------------------------------------------------------


def test_terms_change_before_the_first_bust_changes_the_payouts(cli, db, tmp_path):
    result = cli("--db", db, "terms", "--guarantee", "5000", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["guarantee"] == 5000
    assert json.loads(cli("--db", db, "payouts", "--json").stdout)["prize_pool"] == 5000
    table = tmp_path / "t.yaml"
    table.write_text("pays: [50, 30, 20]\n")
    cli("--db", db, "terms", "--payout-table", table)
    amounts = [
        p["amount"] for p in json.loads(cli("--db", db, "payouts", "--json").stdout)["payouts"]
    ]
    assert amounts == [2500, 1500, 1000]
    assert cli("--db", db, "undo").exit_code == 0
    assert json.loads(cli("--db", db, "terms", "--json").stdout)["payout_table"] is None


def test_terms_are_refused_after_the_first_bust(cli, db):
    bust(db, "Jo")
    result = cli("--db", db, "terms", "--buy-in", "200")
    assert result.exit_code == 1
    assert "after the first bust" in result.stderr
    assert json.loads(cli("--db", db, "terms", "--json").stdout)["buy_in"] == 100


def test_terms_zero_clears_places_paid(cli, db):
    data = json.loads(cli("--db", db, "terms", "--places-paid", "0", "--json").stdout)
    assert data["places_paid"] is None


# --- live deals and the report -------------------------------------------------------------------


def test_live_icm_deal_uses_the_remaining_payouts_and_is_recorded_on_accept(cli, db, tmp_path):
    bust(db, "Jo", "Ivo", "Hana", "Gus", "Finn", "Eve", "Dan")  # seven out, three left
    stacks = "Anna=50000,Ben=30000,Cleo=20000"
    offer = cli("--db", db, "deal", "icm", "--stacks", stacks, "--json")
    assert offer.exit_code == 0, offer.output
    data = json.loads(offer.stdout)
    payouts = [
        p["amount"] for p in json.loads(cli("--db", db, "payouts", "--json").stdout)["payouts"]
    ]
    assert data["prizes"] == payouts
    assert all(a % 5 == 0 for a in data["amounts"]) and sum(data["amounts"]) == 1000
    accepted = cli(
        "--db", db, "deal", "icm", "--stacks", stacks, "--accept", "--print", tmp_path / "d.md"
    )
    assert accepted.exit_code == 0, accepted.output
    assert "accepted" in accepted.stdout
    report = json.loads(cli("--db", db, "report", "--json").stdout)["results"]
    by_name = {r["name"]: r for r in report}
    for name, amount in zip(data["players"], data["amounts"], strict=True):
        assert by_name[name]["prize"] == amount
    assert [r["place"] for r in report[:3]] == [1, 2, 3]
    assert sum(r["prize"] for r in report) == 1000
    again = cli("--db", db, "deal", "icm", "--stacks", stacks, "--accept")
    assert again.exit_code == 1 and "already been accepted" in again.stderr


def test_live_deal_needs_a_stack_for_every_player_left(cli, db):
    bust(db, "Jo", "Ivo", "Hana", "Gus", "Finn", "Eve", "Dan")
    result = cli("--db", db, "deal", "chip-chop", "--stacks", "Anna=50000,Ben=30000")
    assert result.exit_code == 2 and "missing: Cleo" in result.stderr
    result = cli("--db", db, "deal", "chip-chop", "--stacks", "Anna=5,Ben=3,Jo=2")
    assert result.exit_code == 1 and "Jo is out" in result.stderr


def test_report_shares_tied_places_and_pays_the_winner(cli, db, tmp_path):
    bust(db, "Jo", "Ivo", "Hana", "Gus", "Finn", "Eve", "Dan")
    bust(db, "Ben", "Cleo", ranks=[0, 0])  # same hand, equal stacks: tie for 2nd-3rd
    result = cli("--db", db, "report", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["results"]
    payouts = [
        p["amount"] for p in json.loads(cli("--db", db, "payouts", "--json").stdout)["payouts"]
    ]
    assert rows[0] == {"place": 1, "name": "Anna", "prize": payouts[0], "note": "winner"}
    tied = {r["name"]: r["prize"] for r in rows if r["place"] == 2}
    assert sum(tied.values()) == payouts[1] + payouts[2]
    assert abs(tied["Ben"] - tied["Cleo"]) <= 5
    assert sum(r["prize"] for r in rows) == 1000
    csv_text = cli("--db", db, "report", "--csv").stdout
    assert csv_text.splitlines()[0] == "Place,Name,Prize,Note"
    sheet = tmp_path / "results.html"
    assert cli("--db", db, "report", "--print", sheet).exit_code == 0
    assert "<td>Anna</td>" in sheet.read_text()


def test_every_money_command_has_an_example_in_its_help(cli):
    for args in (["payouts"], ["terms"], ["report"], ["deal", "icm"], ["deal", "chip-chop"]):
        result = cli(*args, "--help")
        assert result.exit_code == 0 and "Example:" in result.stdout


def test_held_back_amount_goes_to_the_winner_once_play_ends(cli, db):
    bust(db, "Jo", "Ivo", "Hana", "Gus", "Finn", "Eve", "Dan")
    stacks = "Anna=20000,Ben=30000,Cleo=50000"
    result = cli("--db", db, "deal", "chip-chop", "--stacks", stacks, "--hold-back", "100",
                 "--accept", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    deal = json.loads(result.stdout)
    assert sum(deal["amounts"]) == 900
    during = json.loads(cli("--db", db, "report", "--json").stdout)["results"]
    assert all(r["place"] is None for r in during if r["name"] in deal["players"])
    bust(db, "Cleo")
    bust(db, "Ben")
    rows = json.loads(cli("--db", db, "report", "--json").stdout)["results"]
    by_name = {r["name"]: r for r in rows}
    anna = deal["amounts"][deal["players"].index("Anna")]
    assert by_name["Anna"]["place"] == 1 and by_name["Anna"]["prize"] == anna + 100
    assert by_name["Cleo"]["place"] == 3
    assert by_name["Cleo"]["prize"] == deal["amounts"][deal["players"].index("Cleo")]
    assert sum(r["prize"] for r in rows) == 1000
    assert "CHIP-CHOP deal accepted: Anna" in cli("--db", db, "log").stdout


def test_deal_of_twenty_players_left_is_exact(cli):
    stacks = ",".join(str(1000 + 100 * i) for i in range(20))
    prizes = ",".join(str(2000 - 100 * i) for i in range(20))
    result = cli("deal", "icm", "--stacks", stacks, "--prizes", prizes, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["computation"] == "exact" and data["exact"] is True
    assert data["max_error"] == 0 and data["samples"] == 0 and data["notes"] == []
    assert sum(data["amounts"]) == sum(range(100, 2001, 100))


def test_deal_beyond_twenty_players_is_sampled_and_states_its_error_bound(cli):
    stacks = ",".join(str(1000 + 100 * i) for i in range(21))
    prizes = ",".join(str(2100 - 100 * i) for i in range(21))
    result = cli("deal", "icm", "--stacks", stacks, "--prizes", prizes, "--samples", "2000",
                 "--seed", "7", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["computation"] == "sampled" and data["exact"] is False
    assert data["samples"] == 2000 and data["standard_error"] > 0
    assert data["max_error"] == pytest.approx(4 * data["standard_error"], rel=1e-3)
    assert any(f"within {data['max_error']:,.2f} of the exact value" in n for n in data["notes"])
    assert sum(data["amounts"]) == sum(range(100, 2101, 100))
    text = cli("deal", "icm", "--stacks", stacks, "--prizes", prizes, "--samples", "2000",
               "--seed", "7")  # fmt: skip
    assert f"within {data['max_error']:,.2f} of the exact value" in text.stdout


def test_a_sheet_wider_than_the_page_prints_smaller_then_wraps():
    from tdtool.io.money_sheets import Sheet, _size

    narrow = Sheet("T", ("Place", "Prize"), (("1st", "100"), ("2nd", "50")))
    assert _size(narrow) == ""
    headers = ("#", "Busted", "Bounty", "Knocked out by", "Paid", "Added to bounty")
    own = ("", "Anna (own)", "193.75", "collected at the end", "193.75", "")
    wide = Sheet("T", headers, (own,))
    assert _size(wide) == "small"  # six columns at 15pt ran past the margin
    longest = Sheet("T", wide.headers, (("1", "Hugo", "50", "B" * 40, "25", "25"),))
    assert _size(longest) == "small wrap"
