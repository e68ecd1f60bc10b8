"""A late entry when every table is full opens a table, says so, and moves as few players as
the rules allow (issue 13): only as many as leave no table 3 or more players short (TDA 11D),
each the player due the big blind next at a full table (TDA 11A), as recorded, undoable moves.
"""

from __future__ import annotations

import json

from tests.tournament_fixtures import make


def tables(cli, db) -> dict[int, dict[int, str]]:
    shown = json.loads(cli("--db", db, "seat", "show", "--json").stdout)
    return {t["table"]: {int(s): p for s, p in t["seats"].items()} for t in shown["tables"]}


def counts(cli, db) -> list[int]:
    return [len(seats) for _, seats in sorted(tables(cli, db).items())]


def two_full_tables(cli, tmp_path, **terms):
    db = make(tmp_path / "cup.tdtool", buy_in=100, **terms)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(18)])
    cli("--db", db, "seat", "draw")
    return db


def test_a_late_entry_into_open_seats_opens_no_table(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(17)])
    cli("--db", db, "seat", "draw")
    result = cli("--db", db, "player", "add", "Late")
    assert result.exit_code == 0, result.output
    assert "opens" not in result.stdout
    assert json.loads(cli("--db", db, "player", "add", "Later", "--json").stdout)["opened"] == [3]


def test_tda_11d_a_late_entry_that_opens_a_table_moves_only_enough_that_no_table_is_3_short(
    cli, tmp_path
):
    db = two_full_tables(cli, tmp_path)
    result = cli("--db", db, "player", "add", "Late")
    assert result.exit_code == 0, result.output
    # 9, 9 and 1: balancing to within one (7, 6, 6) moved 5; 7, 7, 5 needs 4.
    assert (
        "Table 3 opens: every table in play was full (TDA 8A). 4 players move there, the fewest"
        " that leave no table 3 or more players short (TDA 11D); the next late entries sit there"
        " first." in result.stdout
    )
    assert counts(cli, db) == [7, 7, 5]
    assert "Balance the tables (TDA 11):" in result.stdout
    assert result.stdout.count("→ Table 3") == 5  # the entry and the four moves, each shown


def test_tda_11a_the_players_moved_to_a_new_table_are_each_the_big_blind_next(cli, tmp_path):
    db = two_full_tables(cli, tmp_path)
    cli("--db", db, "seat", "button", "1", "1")  # next hand: button 2, SB 3, BB 4, then 5
    cli("--db", db, "seat", "button", "2", "5")  # next hand: button 6, SB 7, BB 8, then 9
    before = tables(cli, db)
    out = json.loads(cli("--db", db, "player", "add", "Late", "--json").stdout)
    moved = [(m["from"]["table"], m["from"]["seat"]) for m in out["moves"] if m["from"]]
    # The giving table rotates (TDA 11C); each gives its next big blind in turn.
    assert moved == [(1, 4), (2, 8), (1, 5), (2, 9)]
    assert all(m["to"]["table"] == 3 and m["reason"] == "balance" for m in out["moves"][1:])
    assert not any(m["chosen_by_tool"] for m in out["moves"])
    after = tables(cli, db)
    assert {after[3][m["to"]["seat"]] for m in out["moves"]} == {
        "Late",
        *(before[t][s] for t, s in moved),
    }


def test_the_moves_to_a_new_table_are_recorded_and_undone_with_the_entry(cli, tmp_path):
    db = two_full_tables(cli, tmp_path)
    before = tables(cli, db)
    cli("--db", db, "player", "add", "Late")
    log = cli("--db", db, "log").stdout
    assert log.count("→ Table 3") == 5
    undone = cli("--db", db, "undo", "--yes")
    assert undone.exit_code == 0, undone.output
    assert undone.stdout.count("→ Table 3") == 5
    assert tables(cli, db) == before


def test_tda_8a_the_next_late_entry_sits_at_the_new_table_and_nobody_moves(cli, tmp_path):
    db = two_full_tables(cli, tmp_path)
    cli("--db", db, "player", "add", "Late")
    out = json.loads(cli("--db", db, "player", "add", "Later", "--json").stdout)
    assert out["opened"] == []
    assert [m["to"]["table"] for m in out["moves"]] == [3]
    assert counts(cli, db) == [7, 7, 6]


def test_several_late_entries_at_full_tables_fill_the_new_table_first(cli, tmp_path):
    db = two_full_tables(cli, tmp_path)
    result = cli("--db", db, "player", "add", "L1", "L2", "L3", "L4", "L5")
    assert result.exit_code == 0, result.output
    # L1 opens table 3, L2-L5 sit there too (the fewest players): 9, 9, 5; two moves
    # leave 8, 8, 7 (balancing one at a time from 9, 9, 1 would have moved five).
    assert "2 players move there" in result.stdout
    assert counts(cli, db) == [8, 8, 7]


def test_the_next_bust_balances_the_tables_to_within_one_again(cli, tmp_path):
    db = two_full_tables(cli, tmp_path)
    cli("--db", db, "player", "add", "Late")  # 7, 7, 5
    seat3 = tables(cli, db)[3]
    result = cli("--db", db, "player", "bust", next(iter(seat3.values())))
    assert result.exit_code == 0, result.output
    c = counts(cli, db)
    assert max(c) - min(c) <= 1 and sum(c) == 18


def test_a_table_that_broke_reopens_for_a_late_entry_with_the_fewest_moves(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(20)])
    cli("--db", db, "seat", "draw")
    out = "".join(cli("--db", db, "player", "bust", p).stdout for p in ("P0", "P1", "P2"))
    assert "Table 3 breaks" in out
    assert sorted(counts(cli, db)) == [8, 9]
    cli("--db", db, "player", "add", "Late1")  # the one open seat
    result = cli("--db", db, "player", "add", "Late2")
    assert "Table 3 opens" in result.stdout and "4 players move there" in result.stdout
    assert counts(cli, db) == [7, 7, 5]


def test_a_re_entry_that_opens_a_table_says_so(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100, reentry=True)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(18)])
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "bust", "P0")
    cli("--db", db, "player", "add", "Late")  # back to two full tables
    assert counts(cli, db) == [9, 9]
    result = cli("--db", db, "player", "reenter", "P0")
    assert result.exit_code == 0, result.output
    assert "Table 3 opens" in result.stdout and "4 players move there" in result.stdout
    assert counts(cli, db) == [7, 7, 5]
    assert json.loads(cli("--db", db, "undo", "--yes", "--json").stdout)
    assert counts(cli, db) == [9, 9]
