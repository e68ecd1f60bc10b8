"""The tournament commands: finding the file, status, player registration, log and undo."""

from __future__ import annotations

import json

import pytest

from tests.tournament_fixtures import make


@pytest.fixture
def db(backend):
    """A tournament on each backend: a file, and a tournament on the PostgreSQL server."""
    return make(
        backend.target("cup"),
        buy_in=100,
        fee=10,
        guarantee=1500,
        reentry=True,
        rebuy_price=50,
        addon_price=40,
        addon_chips=5000,
    )


def test_the_one_tournament_file_in_the_folder_is_found_without_flags(cli, tmp_path, monkeypatch):
    make(tmp_path / "cup.tdtool")
    monkeypatch.chdir(tmp_path)
    result = cli("player", "add", "Anna")
    assert result.exit_code == 0, result.output
    assert "Registered Anna" in result.stdout


def test_several_tournament_files_ask_for_db(cli, tmp_path, monkeypatch):
    make(tmp_path / "a.tdtool")
    make(tmp_path / "b.tdtool")
    monkeypatch.chdir(tmp_path)
    result = cli("status")
    assert result.exit_code == 2
    assert "a.tdtool, b.tdtool" in result.stderr and "--db" in result.stderr


def test_no_tournament_file_says_how_to_create_one(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("status")
    assert result.exit_code == 2
    assert "tdtool new" in result.stderr


def test_tdtool_db_environment_variable_selects_the_file(cli, db):
    result = cli("status", "--json", env={"TDTOOL_DB": str(db)})
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["name"] == "Test Cup"


def test_status_json_keys_and_prize_pool_topped_up_to_guarantee(cli, db):
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo")
    data = json.loads(cli("--db", db, "status", "--json").stdout)
    assert {"name", "players_left", "entries", "average_stack", "prize_pool", "clock"} <= set(data)
    assert data["players_left"] == data["entries"] == 3
    assert data["average_stack"] == 10_000
    assert data["prize_pool"] == 1500  # 3 x 100 = 300, guarantee 1500


def test_prize_pool_counts_entries_rebuys_and_addons(cli, db):
    names = [f"P{i}" for i in range(16)]
    cli("--db", db, "player", "add", *names)
    assert cli("--db", db, "player", "rebuy", "P1").exit_code == 0
    # The add-on is sold at the break after the rebuy period (level 2 here), not before.
    for step in ("start", "next", "next"):
        cli("--db", db, "clock", step)
    result = cli("--db", db, "player", "addon", "P2")
    assert result.exit_code == 0 and "5,000 chips" in result.stdout
    data = json.loads(cli("--db", db, "status", "--json").stdout)
    assert data["prize_pool"] == 16 * 100 + 50 + 40
    assert data["average_stack"] == round((16 * 10_000 + 10_000 + 5_000) / 16)


def test_player_list_json_shape(cli, db):
    cli("--db", db, "player", "add", "Anna", "Ben")
    rows = json.loads(cli("--db", db, "player", "list", "--json").stdout)
    assert [r["name"] for r in rows] == ["Anna", "Ben"]
    assert {"name", "status", "table", "seat", "place"} <= set(rows[0])
    assert rows[0]["status"] == "unseated" and rows[0]["place"] is None


def test_registering_a_name_twice_is_refused_and_changes_nothing(cli, db):
    cli("--db", db, "player", "add", "Anna")
    result = cli("--db", db, "player", "add", "Ben", "anna")
    assert result.exit_code == 1
    assert "Anna is already registered" in result.stderr
    assert len(json.loads(cli("--db", db, "player", "list", "--json").stdout)) == 1


def test_duplicates_through_accents_and_case_are_refused_as_the_look_ups_fold_them(cli, db):
    """Issue 22: `player add "José García" "jose garcia"` registered two players, though every
    look-up (tdtool.names) reads them as one name. The check folds as the look-ups do."""
    both = cli("--db", db, "player", "add", "José García", "jose garcia")
    assert both.exit_code == 2, both.output
    assert "'jose garcia' and 'José García' are one name" in both.stderr
    assert "add an initial" in both.stderr and "Traceback" not in both.output
    assert json.loads(cli("--db", db, "player", "list", "--json").stdout) == []
    assert cli("--db", db, "player", "add", "José García", "Łukasz Żak").exit_code == 0
    for typed, registered in (("JOSE GARCIA", "José García"), ("Lukasz  Zak", "Łukasz Żak"),
                              ("josé garcía", "José García")):  # fmt: skip
        again = cli("--db", db, "player", "add", "Ben", typed)
        assert again.exit_code == 1, (typed, again.output)
        assert f"{registered} is already registered" in again.stderr
        assert f'`tdtool player add "{registered} B"`' in again.stderr
    names = [r["name"] for r in json.loads(cli("--db", db, "player", "list", "--json").stdout)]
    assert names == ["José García", "Łukasz Żak"]
    # A second person of that name, told apart, registers; both are found by their names.
    assert cli("--db", db, "player", "add", "José García B").exit_code == 0
    assert cli("--db", db, "player", "rebuy", "jose garcia b").exit_code == 0


def test_unknown_player_is_bad_input(cli, db):
    result = cli("--db", db, "player", "rebuy", "Nobody")
    assert result.exit_code == 2 and "No player called 'Nobody'" in result.stderr


def test_reentry_needs_a_busted_player(cli, db):
    cli("--db", db, "player", "add", "Anna")
    result = cli("--db", db, "player", "reenter", "Anna")
    assert result.exit_code == 1 and "still in the tournament" in result.stderr


def test_addon_once_per_entry(cli, db):
    cli("--db", db, "player", "add", "Anna")
    for step in ("start", "next", "next"):  # the add-on break
        cli("--db", db, "clock", step)
    assert cli("--db", db, "player", "addon", "Anna").exit_code == 0
    result = cli("--db", db, "player", "addon", "Anna")
    assert result.exit_code == 1 and "already taken the add-on" in result.stderr


def test_no_rebuys_unless_the_terms_sell_them(cli, backend):
    db = make(backend.target("plain"))
    cli("--db", db, "player", "add", "Anna")
    result = cli("--db", db, "player", "rebuy", "Anna")
    assert result.exit_code == 1 and "no rebuys" in result.stderr


def test_log_shows_changes_and_undo_says_what_it_undid(cli, db):
    cli("--db", db, "player", "add", "Anna", "Ben")
    result = cli("--db", db, "undo")
    assert result.exit_code == 0
    assert "Registered Anna" in result.stdout and "Registered Ben" in result.stdout
    log = cli("--db", db, "log").stdout
    assert "[undone]" in log and "Undo of change 2" in log
    records = json.loads(cli("--db", db, "log", "--json").stdout)
    assert [r["kind"] for r in records] == [
        "tournament.created",
        "player.registered",
        "player.registered",
        "undo",
    ]
    assert cli("--db", db, "undo").exit_code == 1


def test_re_entry_limits_at_most_n_entries_and_a_last_level_of_its_own(cli, backend):
    """Issue 22: a player re-entered a fourth time, and re-entry could only close with late
    registration. `--max-entries N` caps a player's entries, `--reentry-until LEVEL` ends
    re-entry on its own; each refusal says why (exit 1, nothing recorded)."""
    db = make(backend.target("re"), buy_in=100, reentry=True, max_entries=2, reentry_until=1)
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo")
    cli("--db", db, "seat", "draw")
    assert cli("--db", db, "player", "bust", "Anna").exit_code == 0
    assert cli("--db", db, "player", "reenter", "Anna", "--yes").exit_code == 0
    assert cli("--db", db, "player", "bust", "Anna").exit_code == 0
    log = cli("--db", db, "log", "--json").stdout
    capped = cli("--db", db, "player", "reenter", "Anna")
    assert capped.exit_code == 1, capped.output
    assert (
        "Anna has had 2 entries, as many as this tournament allows a player (the first and one"
        " re-entry); Anna stays out." in capped.stderr
    )
    assert cli("--db", db, "log", "--json").stdout == log
    # Level 2: late registration is still open (until level 2), re-entry is not (level 1).
    cli("--db", db, "clock", "start")
    cli("--db", db, "clock", "next")
    assert cli("--db", db, "player", "bust", "Ben").exit_code == 0
    log = cli("--db", db, "log", "--json").stdout
    late = cli("--db", db, "player", "reenter", "Ben")
    assert late.exit_code == 1, late.output
    assert "Re-entry is closed: it ended after level 1, and level 2 is being played" in late.stderr
    assert cli("--db", db, "log", "--json").stdout == log
    assert cli("--db", db, "player", "add", "Dev", "--yes").exit_code == 0  # registration open
    # The terms show the limits, and --reentry is needed for them.
    terms = json.loads(cli("--db", db, "terms", "--json").stdout)
    assert (terms["max_entries"], terms["reentry_until"]) == (2, 1)
    bad = cli("new", "X", "--structure", "turbo", "--max-entries", "3", "--db", backend.target("x"))
    assert bad.exit_code == 2 and "give --reentry too" in bad.stderr
