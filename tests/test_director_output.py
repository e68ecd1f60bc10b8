"""What a director reads aloud: sentences that say what happened and what comes next."""

from __future__ import annotations

import pytest

from tests.tournament_fixtures import make


@pytest.fixture
def db(tmp_path):
    return make(tmp_path / "cup.tdtool")


def run(cli, db, *args):
    result = cli("--db", db, *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_break_reads_as_a_break_and_names_the_chips_colored_up(cli, db):
    run(cli, db, "clock", "start")
    run(cli, db, "clock", "next")
    before = run(cli, db, "clock", "status")
    assert "Next break in 15:00 (color up the 25s)." in before
    run(cli, db, "clock", "next")  # the break after level 2
    status = run(cli, db, "status")
    assert "Break              then level 3: 150/300" in status
    clock = run(cli, db, "clock", "status")
    assert "Color up the 25s at this break: they leave play." in clock


def test_one_table_and_one_entry_are_singular(cli, db):
    assert "1 entry, 1 player in." in run(cli, db, "player", "add", "Anna")
    run(cli, db, "player", "add", "Ben", "Cleo")
    run(cli, db, "seat", "draw")
    assert "2 players left at 1 table." in run(cli, db, "player", "bust", "Cleo")
    assert "2 players at 1 table." in run(cli, db, "seat", "balance")


def test_undo_of_a_bust_indents_every_move_under_the_change(cli, db):
    names = [f"P{i}" for i in range(1, 11)]
    run(cli, db, "player", "add", *names)
    run(cli, db, "seat", "draw")
    out = run(cli, db, "player", "bust", "P1", "--yes")
    assert "Final table" in out  # 9 left: the two tables become one, everyone moves
    lines = run(cli, db, "undo").splitlines()
    assert lines[0].startswith("Undid change")
    assert len(lines) > 3 and all(line.startswith("  ") for line in lines[1:])


def test_clock_set_in_the_log_reads_as_a_time(cli, db):
    run(cli, db, "clock", "set", "1:05:00")
    assert "Clock set to 1:05:00 left" in run(cli, db, "log")


def test_an_uncalled_bet_is_said_once_and_plainly(cli, tmp_path):
    hand = tmp_path / "fold.yaml"
    hand.write_text(
        "blinds: 5/10\nbutton: 1\nseats:\n"
        "  1: {name: Anna, stack: 100}\n  2: {name: Ben, stack: 40}\n"
        "  3: {name: Carla, stack: 100}\n"
        "actions: [Anna raise 30, Ben fold, Carla fold]\n"
    )
    out = cli("hand", "check", hand).stdout
    assert "20 of Anna's bet was not called and goes back to Anna (TDA 21)." in out
    assert "Everyone else folded: Anna wins without a showdown." in out


def test_payouts_for_a_big_field_read_with_thousands_separators(cli):
    out = cli("payouts", "--entries", "12000", "--buy-in", "10").stdout
    assert out.startswith("Prize pool: 120,000 from 12,000 entries.")
    assert "1,500 places paid" in out
    assert "from 1 entry." in cli("payouts", "--entries", "1", "--buy-in", "10").stdout


def test_a_guaranteed_prize_pool_says_what_the_field_brought_until_it_covers_it(cli, tmp_path):
    # Issue 22: during registration `status` showed the guarantee as the prize pool without
    # saying what had been collected.
    import json

    db = make(tmp_path / "gtd.tdtool", buy_in=100, fee=10, guarantee=1000)
    run(cli, db, "player", "add", "Anna", "Ben", "Cleo")
    status = run(cli, db, "status")
    assert "Prize pool         1,000 guaranteed: the field has brought 300, the house adds 700" in (
        status
    )
    assert json.loads(run(cli, db, "status", "--json"))["overlay"] == 700
    run(cli, db, "player", "add", *[f"P{i}" for i in range(9)])  # 12 entries: 1,200
    status = run(cli, db, "status")
    assert "Prize pool         1,200\n" in status and "guaranteed" not in status
    assert json.loads(run(cli, db, "status", "--json"))["overlay"] == 0


def test_the_laptop_that_lost_a_race_to_bust_a_player_is_told_who_recorded_it(cli, db):
    # Issue 22: the second laptop got only "already out", not who had recorded the bust.
    import re

    run(cli, db, "player", "add", "Anna", "Ben", "Cleo", "Dev")
    run(cli, db, "seat", "draw")
    run(cli, db, "--operator", "Dana", "player", "bust", "anna")
    late = cli("--db", db, "--operator", "Eli", "player", "bust", "Anna")
    assert late.exit_code == 1
    assert re.search(r"Anna is already out: Dana recorded that bust at \d\d:\d\d \(change \d+\)",
                     late.output), late.output  # fmt: skip
    assert "Traceback" not in late.output
