"""Rebuys and add-ons by the terms (issue 13): a bust in the rebuy period can be rebought
without undo, and the add-on is sold at the add-on break only."""

from __future__ import annotations

import json

import pytest

from tests.tournament_fixtures import make

NAMES = [f"P{i}" for i in range(1, 12)]  # 11 players: two tables (6 and 5)


@pytest.fixture
def db(cli, tmp_path):
    # Rebuys until level 2 (late registration), then a break: the add-on break.
    path = make(tmp_path / "rebuy.tdtool", buy_in=100, rebuy_price=100, addon_price=100)
    assert cli("--db", path, "player", "add", *NAMES).exit_code == 0
    assert cli("--db", path, "seat", "draw").exit_code == 0
    return path


def seats(cli, db):
    rows = json.loads(cli("--db", db, "player", "list", "--json").stdout)
    return {r["name"]: (r["status"], r["table"], r["seat"], r["place"]) for r in rows}


def test_a_bust_in_the_rebuy_period_can_be_rebought_into_the_same_seat(cli, db):
    before = seats(cli, db)
    bust = cli("--db", db, "player", "bust", "P3")
    assert bust.exit_code == 0, bust.output
    status, table, seat, _ = before["P3"]
    assert (
        f"P3 busts with rebuys open (until the end of level 2): `tdtool player rebuy P3` brings"
        f" P3 back to table {table}, seat {seat}. If P3 does not rebuy, P3 finishes in 11th place."
    ) in bust.stdout
    assert "The tables stay as they are" in bust.stdout
    # No table change while P3 may still rebuy: everyone else sits where they sat.
    after_bust = seats(cli, db)
    assert {n: v for n, v in after_bust.items() if n != "P3"} == {
        n: v for n, v in before.items() if n != "P3"
    }
    rebuy = cli("--db", db, "player", "rebuy", "P3")
    assert rebuy.exit_code == 0, rebuy.output
    assert f"P3 is back in, in the same seat (table {table}, seat {seat})." in rebuy.stdout
    assert seats(cli, db) == before  # the bust's place is gone, nobody moved
    data = json.loads(cli("--db", db, "status", "--json").stdout)
    assert data["players_left"] == 11 and data["prize_pool"] == 11 * 100 + 100


def test_a_player_who_does_not_rebuy_gets_the_place_and_the_tables_settle_later(cli, db):
    cli("--db", db, "player", "bust", "P3")
    second = cli("--db", db, "player", "bust", "P4")
    assert "If P4 does not rebuy, P4 finishes in 10th place." in second.stdout
    settled = cli("--db", db, "seat", "balance", "--yes")
    assert settled.exit_code == 0, settled.output
    rows = seats(cli, db)
    assert rows["P3"][0] == "busted" and rows["P3"][3] == 11
    tables = [r[1] for r in rows.values() if r[0] == "seated"]
    counts = sorted(tables.count(t) for t in set(tables))
    assert counts[-1] - counts[0] <= 1


def test_after_the_rebuy_period_a_busted_player_stays_out(cli, db):
    for step in ("start", "next", "next", "next"):  # level 3: rebuys ended after level 2
        cli("--db", db, "clock", step)
    bust = cli("--db", db, "player", "bust", "P3")
    assert "P3 is out in 11th place." in bust.stdout
    late = cli("--db", db, "player", "rebuy", "P3")
    assert late.exit_code == 1
    assert "Rebuys ended after level 2, and level 3 is being played. P3 is out." in late.stderr


def test_the_add_on_is_sold_at_the_add_on_break_only(cli, db):
    early = cli("--db", db, "player", "addon", "P1")
    assert early.exit_code == 1
    assert (
        "The add-on is sold at the break after level 2 (the end of the rebuy period), and"
        " now level 1 is being played." in early.stderr
    )
    for step in ("start", "next", "next"):  # the break after level 2
        cli("--db", db, "clock", step)
    assert cli("--db", db, "player", "addon", "P1").exit_code == 0
    cli("--db", db, "clock", "next")  # level 3: the add-on break is over
    late = cli("--db", db, "player", "addon", "P2")
    assert late.exit_code == 1 and "now level 3 is being played" in late.stderr


def test_the_terms_may_sell_the_add_on_after_another_level(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cli("new", "Addon Cup", "--structure", "turbo", "--addon", "50", "--addon-after", "3")
    cli("player", "add", "Anna", "Ben")
    for step in ("start", "next", "next"):
        cli("clock", step)
    assert "now level 3 is being played" in cli("player", "addon", "Anna").stderr
    cli("clock", "next")  # the period after level 3 (a level in the turbo: no break there)
    result = cli("player", "addon", "Anna")
    assert result.exit_code == 0, result.output
