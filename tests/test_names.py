"""Names as a director types them (issue 13): case, accents, a first name, typos, file names."""

from __future__ import annotations

import json

import pytest

from tdtool.names import ascii_fold, matches
from tests.tournament_fixtures import make

FIELD = ["José García", "Łukasz", "Vik", "Viki", "Zoë", "Ana Garcia", "Ben", "Carl", "Dora"]


@pytest.fixture
def db(cli, tmp_path):
    path = make(tmp_path / "cup.tdtool", buy_in=100, places_paid=3)
    assert cli("--db", path, "player", "add", *FIELD).exit_code == 0
    assert cli("--db", path, "seat", "draw").exit_code == 0
    return path


def _status(cli, db, name):
    rows = json.loads(cli("--db", db, "player", "list", "--json").stdout)
    return next(r["status"] for r in rows if r["name"] == name)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        pytest.param("jose garcia", "José García", id="no-accents"),
        pytest.param("JOSÉ GARCÍA", "José García", id="capitals"),
        pytest.param("jose", "José García", id="first-name-alone"),
        pytest.param("lukasz", "Łukasz", id="polish-l"),
        pytest.param("zoe", "Zoë", id="diaeresis"),
    ],
)
def test_player_bust_matches_names_ignoring_case_and_accents(cli, db, typed, meant):
    result = cli("--db", db, "player", "bust", typed)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{meant} is out in 9th place.")
    assert _status(cli, db, meant) == "busted"


def test_a_typo_suggests_the_nearest_names_and_changes_nothing(cli, db):
    result = cli("--db", db, "player", "bust", "Vikk")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "Error: No player called 'Vikk'. Did you mean Vik or Viki?"
        " `tdtool player list` shows them all."
    )
    assert _status(cli, db, "Vik") == _status(cli, db, "Viki") == "seated"


def test_two_players_who_could_be_meant_are_named_never_guessed(cli, db):
    result = cli("--db", db, "player", "bust", "garcia")
    assert result.exit_code == 2
    assert "'garcia' could be 2 players: Ana Garcia or José García" in result.stderr
    assert _status(cli, db, "Ana Garcia") == _status(cli, db, "José García") == "seated"


def test_an_exact_name_wins_over_a_longer_name_that_starts_with_it(cli, db):
    result = cli("--db", db, "player", "bust", "vik")
    assert result.exit_code == 0 and result.stdout.startswith("Vik is out")
    assert _status(cli, db, "Viki") == "seated"


def test_deal_icm_stacks_match_names_ignoring_accents(cli, tmp_path):
    path = make(tmp_path / "cup.tdtool", buy_in=100, places_paid=3)
    cli("--db", path, "player", "add", "Zoë", "Łukasz", "José García", "Ben")
    cli("--db", path, "seat", "draw")
    cli("--db", path, "player", "bust", "Ben")
    result = cli("--db", path, "deal", "icm", "--stacks", "Zoe=20000,lukasz=12000,jose=8000")
    assert result.exit_code == 0, result.output
    assert "Zoë" in result.stdout and "Łukasz" in result.stdout and "José García" in result.stdout
    typo = cli("--db", path, "deal", "icm", "--stacks", "Zoey=20000,lukasz=12000,jose=8000")
    assert typo.exit_code == 2 and "No player called 'Zoey'. Did you mean Zoë?" in typo.stderr


def test_ruling_show_finds_a_ruling_by_part_of_its_id(cli):
    result = cli("ruling", "show", "exposed")
    assert result.exit_code == 0, result.output
    assert "(exposed-card)" in result.stdout.splitlines()[0]
    ambiguous = cli("ruling", "show", "flop")
    assert ambiguous.exit_code == 2 and "premature-flop" in ambiguous.stderr
    assert "four-card-flop" in ambiguous.stderr
    typo = cli("ruling", "show", "misdeel")
    assert typo.exit_code == 2 and "Did you mean misdeal?" in typo.stderr


def test_new_transliterates_the_file_name(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("new", "Łódź", "--structure", "turbo")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "lodz.tdtool").exists()
    cli("new", "Straße Øst Cup", "--structure", "turbo")
    assert (tmp_path / "strasse-ost-cup.tdtool").exists()


def test_ascii_fold_spells_every_latin_letter_plainly():
    assert ascii_fold("Łódź Ærø Þór ß") == "lodz aero thor ss"
    assert matches("ANNA", ["Anna", "Anna B"]) == ["Anna"]
