"""A late entry when every table is full opens a table and says so (issue 13)."""

from __future__ import annotations

import json

from tests.tournament_fixtures import make


def test_a_late_entry_into_open_seats_opens_no_table(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(17)])
    cli("--db", db, "seat", "draw")
    result = cli("--db", db, "player", "add", "Late")
    assert result.exit_code == 0, result.output
    assert "opens" not in result.stdout
    assert json.loads(cli("--db", db, "player", "add", "Later", "--json").stdout)["opened"] == [3]


def test_a_late_entry_at_full_tables_says_the_table_opens(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(18)])
    cli("--db", db, "seat", "draw")
    result = cli("--db", db, "player", "add", "Late")
    assert result.exit_code == 0, result.output
    assert (
        "Table 3 opens: every table in play was full (TDA 8A). 5 players move there to balance"
        " the tables (TDA 11)." in result.stdout
    )
