"""Satellites (issue 14): N seats of a fixed value, the rest of the prize pool in cash to the
next place; the satellite ends when the seats are decided, and the seat bubble is announced."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.tournament.payouts import payouts, prize_pool, satellite_seats
from tdtool.tournament.terms import Terms
from tests.browser import CHROMIUM, headless

NAMES = [f"P{i}" for i in range(1, 31)]


def satellite(cli, tmp_path, *terms: str):
    db = tmp_path / "sat.tdtool"
    made = cli("new", "Sunday Satellite", "--structure", "turbo", "--db", db, "--seats", "6",
               "--buy-in", "50", "--fee", "5", "--satellite", "200", *terms)  # fmt: skip
    assert made.exit_code == 0, made.output
    assert cli("--db", db, "player", "add", *NAMES).exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    assert cli("--db", db, "clock", "start").exit_code == 0
    return db


def bust(cli, db, *args):
    out = cli("--db", db, "player", "bust", *args, "--yes")
    assert out.exit_code == 0, out.output
    return out.stdout


def test_a_satellite_ends_on_the_seat_bubble_end_to_end(cli, tmp_path):
    # 30 entries x 50 = 1,500: seven seats of 200 and 100 in cash to 8th.
    db = satellite(cli, tmp_path)
    text = cli("--db", db, "payouts").stdout
    assert (
        "A satellite: 7 seats worth 200 each (1st to 7th place); it ends when the seats are"
        " decided. 8th place wins the rest, 100, in cash."
    ) in text
    assert "7th      Seat (200)" in text and "8th             100" in text
    pays = json.loads(cli("--db", db, "payouts", "--json").stdout)
    assert pays["satellite"] == {"seats": 7, "seat_value": 200, "cash": 100}
    assert [p["seat"] for p in pays["payouts"]] == [True] * 7 + [False]

    for name in reversed(NAMES[9:]):  # P30 .. P10 out: 9 left
        last = bust(cli, db, name)
    assert "The bubble: 9 players left and 8 are paid; the next player out wins nothing." in last

    seat_bubble = bust(cli, db, "P9")  # 8 left at two tables of four
    assert (
        "The seat bubble: 8 players left for 7 seats; the next player out finishes 8th and"
        " wins 100 in cash, the others win a seat each."
    ) in seat_bubble
    assert "Play the next hand hand-for-hand (RP-8)" in seat_bubble
    assert "Next out finishes" not in seat_bubble
    status = cli("--db", db, "status").stdout
    assert "THE SEAT BUBBLE" in status
    assert json.loads(cli("--db", db, "status", "--json").stdout)["satellite"] == {
        "seats": 7,
        "seat_value": 200,
        "cash": 100,
        "seat_winners": [],
    }

    decided = bust(cli, db, "P8", "--hand-for-hand")
    assert (
        "The seats are decided: P1, P2, P3, P4, P5, P6 and P7 win a seat each (worth 200)."
        " The satellite is over."
    ) in decided
    assert "Late registration is open" not in decided
    assert json.loads(cli("--db", db, "clock", "status", "--json").stdout)["status"] == "paused"

    again = cli("--db", db, "player", "bust", "P7", "--yes")
    assert again.exit_code == 1
    assert "The satellite is over: its 7 seats are decided (P1, P2" in again.stderr

    status = cli("--db", db, "status").stdout
    assert "Finished: the seats are decided: P1, P2, P3, P4, P5, P6 and P7 win a seat" in status
    assert "   1. P1  seat (worth 200)" in status and "   8. P8  100" in status
    data = json.loads(cli("--db", db, "status", "--json").stdout)
    assert data["winner"] is None
    assert data["satellite"]["seat_winners"] == NAMES[:7]

    report = json.loads(cli("--db", db, "report", "--json").stdout)
    by_name = {r["name"]: r for r in report["results"]}
    assert all(
        by_name[n] == {"place": 1, "name": n, "prize": 200, "note": "seat", "seat": True}
        for n in NAMES[:7]
    )
    assert by_name["P8"] == {"place": 8, "name": "P8", "prize": 100, "note": ""}
    assert sum(r["prize"] for r in report["results"]) == 1500
    printed = cli("--db", db, "report").stdout
    assert "Seat (200)" in printed
    rows = {r["name"]: r for r in json.loads(cli("--db", db, "player", "list", "--json").stdout)}
    assert (rows["P1"]["place"], rows["P1"]["tied"]) == (1, 7)

    # Undo of the deciding bust reopens the satellite at the seat bubble.
    assert cli("--db", db, "undo", "--yes").exit_code == 0
    assert json.loads(cli("--db", db, "status", "--json").stdout)["satellite"]["seat_winners"] == []


def test_guaranteed_seats_top_the_prize_pool_up(cli, tmp_path):
    db = satellite(cli, tmp_path, "--sat-seats", "10")  # 1,500 collected, 2,000 due
    pays = json.loads(cli("--db", db, "payouts", "--json").stdout)
    assert (pays["prize_pool"], pays["collected"], pays["overlay"]) == (2000, 1500, 500)
    assert pays["satellite"] == {"seats": 10, "seat_value": 200, "cash": 0}
    assert "the guarantee of 2,000 adds 500" in cli("--db", db, "payouts").stdout


def test_satellite_seats_without_a_seat_value_is_bad_input(cli, tmp_path):
    out = cli("new", "X", "--structure", "turbo", "--db", tmp_path / "x.tdtool",
              "--sat-seats", "3")  # fmt: skip
    assert out.exit_code == 2
    assert out.stderr == (
        "Error: Invalid value for '--sat-seats': 3 (seats need their value: give the"
        " satellite term (each seat's value) too).\n"
    )
    assert not (tmp_path / "x.tdtool").exists()


def test_the_payout_calculator_shows_a_satellite(cli):
    out = cli("payouts", "--entries", "21", "--buy-in", "50", "--satellite", "200", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert [p["amount"] for p in data["payouts"]] == [200] * 5 + [50]
    assert data["table"] == "satellite"


def test_terms_written_before_satellites_write_back_unchanged():
    old = Terms(buy_in=100).to_dict()
    assert "satellite_value" not in old and "satellite_seats" not in old
    assert Terms.from_dict(old) == Terms(buy_in=100)
    sat = Terms(buy_in=50, satellite_value=200, satellite_seats=3)
    assert Terms.from_dict(sat.to_dict()) == sat


@settings(max_examples=200, deadline=None)
@given(
    entries=st.integers(1, 3000),
    buy_in=st.integers(1, 500),
    value=st.integers(1, 5000),
    fixed=st.one_of(st.none(), st.integers(1, 50)),
)
def test_a_satellite_pays_whole_seats_then_the_rest_in_cash(entries, buy_in, value, fixed):
    terms = Terms(buy_in=buy_in, satellite_value=value, satellite_seats=fixed)
    pool = prize_pool(terms, entries).total
    amounts = [p.amount for p in payouts(terms, pool, entries)]
    seats = satellite_seats(terms, pool, entries)
    assert amounts[:seats] == [value] * seats
    assert len(amounts) <= entries and len(amounts) - seats in (0, 1)
    cash = amounts[seats:]
    assert all(0 < c < value or fixed for c in cash)  # a rest never buys another seat
    if seats < entries:
        assert sum(amounts) == pool  # every unit of the pool is paid
    if fixed is not None:
        assert seats == min(fixed, entries) and pool >= min(fixed, entries) * value


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_the_satellite_sheets_render_in_chromium_with_the_seats(cli, tmp_path):
    db = satellite(cli, tmp_path)
    for name in reversed(NAMES[7:]):
        bust(cli, db, name)
    pays, results = tmp_path / "payouts.html", tmp_path / "results.html"
    assert cli("--db", db, "payouts", "--print", pays).exit_code == 0
    assert cli("--db", db, "report", "--print", results).exit_code == 0
    dom = headless(tmp_path, "--dump-dom", pays.as_uri())
    assert "A satellite: 7 seats worth 200 each" in dom and dom.count("Seat (200)") == 7
    dom = headless(tmp_path, "--dump-dom", results.as_uri())
    assert "Seats won (200 each): P1, P2, P3, P4, P5, P6, P7." in dom
    assert dom.count("Seat (200)") == 7
    shot = tmp_path / "results.png"
    headless(tmp_path, "--window-size=900,1200", f"--screenshot={shot}", results.as_uri())
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def small_satellite(cli, tmp_path, players, *terms):
    db = tmp_path / "small.tdtool"
    made = cli("new", "Small", "--structure", "turbo", "--db", db, "--seats", "3",
               "--buy-in", "50", *terms)  # fmt: skip
    assert made.exit_code == 0, made.output
    assert cli("--db", db, "player", "add", *NAMES[:players]).exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    return db


def test_players_out_in_the_deciding_hand_who_finish_within_the_seats_win_one(cli, tmp_path):
    # Five left for three seats; three out in one hand: the best of them finishes 3rd and wins
    # the third seat. It used to be left out: "P1 and P2 win a seat each", status "3. P3 100".
    db = small_satellite(cli, tmp_path, 6, "--satellite", "100", "--sat-seats", "3")
    bust(cli, db, "P6")
    decided = bust(cli, db, "P3", "P4", "P5", "--stacks", "3000,2000,1000")
    assert (
        "The seats are decided: P1, P2 and P3 win a seat each (worth 100). The satellite is over."
    ) in decided
    assert "In the money" not in decided
    status = cli("--db", db, "status").stdout
    assert "P1, P2 and P3 win a seat each" in status and "   3. P3  seat (worth 100)" in status
    data = json.loads(cli("--db", db, "status", "--json").stdout)
    assert data["satellite"]["seat_winners"] == ["P1", "P2", "P3"]
    again = cli("--db", db, "player", "bust", "P1", "--yes")
    assert "its 3 seats are decided (P1, P2, P3)" in again.stderr
    report = cli("--db", db, "report").stdout
    assert "Seats won (100 each): P1, P2, P3." in report


def test_a_one_seat_satellite_speaks_of_the_seat(cli, tmp_path):
    db = small_satellite(cli, tmp_path, 3, "--satellite", "150")
    payouts = cli("--db", db, "payouts").stdout
    assert "A satellite: 1 seat worth 150 (1st place); it ends when the seat is decided." in payouts
    bubble = bust(cli, db, "P3")
    assert (
        "The seat bubble: 2 players left for 1 seat; the next player out wins nothing, the other"
        " wins the seat."
    ) in bubble
    status = cli("--db", db, "status").stdout
    assert "Satellite          1 seat worth 150: THE SEAT BUBBLE" in status
    final = bust(cli, db, "P2")
    assert "P1 wins the satellite and its seat (worth 150)!" in final
    assert "In the money" not in final
    assert "Seat won (150): P1." in cli("--db", db, "report").stdout
    status = cli("--db", db, "status").stdout
    assert "Finished: P1 wins the seat (worth 150). The clock is stopped." in status
    assert "   1. P1  seat (worth 150)" in status


def test_the_hand_that_decides_the_seats_reads_no_seat_moves(cli, tmp_path):
    # Two tables at the seat bubble; a hand-for-hand bust decides the seats: the final-table
    # redraw it records is not read out, nobody plays on.
    db = small_satellite(cli, tmp_path, 7, "--satellite", "100", "--sat-seats", "3")
    for name in ("P7", "P6", "P5"):
        bust(cli, db, name)
    seats = json.loads(cli("--db", db, "seat", "show", "--json").stdout)
    assert len(seats["tables"]) == 2, seats
    decided = bust(cli, db, "P4", "--hand-for-hand")
    assert "The seats are decided" in decided
    assert "→" not in decided and "draws a new seat" not in decided


def test_counts_in_big_blinds_read_with_thousands_separators(cli, tmp_path):
    db = small_satellite(cli, tmp_path, 3, "--satellite", "100")
    assert cli("--db", db, "clock", "start").exit_code == 0
    assert cli("--db", db, "player", "chips", "P1", "52000").exit_code == 0
    assert "P1 52,000 (1,040 BB)" in cli("--db", db, "status").stdout


def test_bust_json_money_and_seats_decided_are_as_documented(cli, tmp_path):
    # docs/cli.md lists the keys of `player bust --json`'s `money` (null in the page's
    # example, a tournament far from the money): pin them on a satellite's seat bubble.
    from tests.conftest import ROOT

    db = small_satellite(cli, tmp_path, 13, "--satellite", "200")  # 650: 3 seats, 50 cash
    for name in reversed(NAMES[5:13]):
        bust(cli, db, name)
    out = cli("--db", db, "player", "bust", "P5", "--yes", "--json")
    data = json.loads(out.stdout)
    page = (ROOT / "docs" / "cli.md").read_text()
    shown = re.search(r'```json\n(\{"paid": .*?)```', page, re.S)
    assert shown, "docs/cli.md shows no `money` object"
    assert data["money"] == json.loads(shown.group(1))
    assert data["seats_decided"] == [] and data["may_rebuy"] == []
    decided = json.loads(cli("--db", db, "player", "bust", "P4", "--yes", "--json").stdout)
    assert decided["seats_decided"] == ["P1", "P2", "P3"]
    assert decided["money"]["in_the_money"] is False and decided["money"]["next_place"] is None


def test_a_bounty_satellite_pays_the_seat_winners_their_own_bounties(cli, tmp_path):
    # The seats decided, the bounties of the players left stayed "on players' heads" and
    # the TV kept showing the biggest bounties: play is over, each collects their own.
    db = small_satellite(cli, tmp_path, 6, "--satellite", "100", "--sat-seats", "3",
                         "--bounty", "20", "--pko")  # fmt: skip
    for name in ("P6", "P5"):  # P1 wherever the draw seated them (--anywhere)
        bust(cli, db, name, "--by", "P1", "--anywhere")
    decided = bust(cli, db, "P4", "--by", "P1", "--anywhere")
    assert "The seats are decided: P1, P2 and P3 win a seat each" in decided
    assert "Each seat winner still in collects their own bounty: P1 50, P2 20, P3 20." in decided
    data = json.loads(cli("--db", db, "status", "--json").stdout)["bounties"]
    assert (data["paid_cents"], data["outstanding_cents"], data["biggest"]) == (12000, 0, [])
    report = json.loads(cli("--db", db, "report", "--json").stdout)
    results = {r["name"]: r for r in report["results"]}
    assert results["P1"]["bounties_cents"] == 3000 + 5000  # three halves of 20, then its own 50


def test_creating_a_satellite_says_what_it_plays_for(cli, tmp_path):
    made = cli("new", "S", "--structure", "turbo", "--db", tmp_path / "s.tdtool",
               "--buy-in", "50", "--satellite", "200")  # fmt: skip
    assert (
        "A satellite: as many seats worth 200 as the prize pool buys, the rest in cash to the"
        " next place; it ends when the seats are decided."
    ) in made.stdout
    one = cli("new", "T", "--structure", "turbo", "--db", tmp_path / "t.tdtool",
              "--buy-in", "50", "--satellite", "200", "--sat-seats", "1")  # fmt: skip
    assert "A satellite: 1 guaranteed seat worth 200, the rest" in one.stdout


def test_the_printed_prize_column_aligns_the_seats_with_the_cash(cli, tmp_path):
    # "Seat (200)" was left-aligned above a right-aligned 50: it read as two columns.
    db = small_satellite(cli, tmp_path, 13, "--satellite", "200")
    sheet = tmp_path / "payouts.html"
    assert cli("--db", db, "payouts", "--print", sheet).exit_code == 0
    page = sheet.read_text(encoding="utf-8")
    assert '<td class="n">Seat (200)</td>' in page and '<td class="n">50</td>' in page
