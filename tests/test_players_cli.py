"""`tdtool players ...` and registration matched against the registry, as a director meets
them: the JSON scripts read, the lines people read, bad input (exit 2, nothing changed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_flights import play_flights
from tests.tournament_fixtures import make


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A folder of tournaments with a registry beside them (players.tdreg)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TDTOOL_REGISTRY", raising=False)
    monkeypatch.delenv("TDTOOL_DB", raising=False)
    return tmp_path


def _json(cli, *args):
    result = cli(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _registry(cli, *names):
    ids = {}
    for name in names:
        ids[name] = _json(cli, "players", "add", name)["added"]["id"]
    return ids


def _dump(path: Path) -> bytes:
    return path.read_bytes() if path.exists() else b""


# --- players add / find / rename ----------------------------------------------------------------


def test_players_add_makes_the_registry_beside_the_tournaments_and_prints_the_id(cli, folder):
    result = cli("players", "add", "José García", "--alias", "Pepe", "--email", "j@example.org")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Added José García (#1) to the registry ")
    assert (folder / "players.tdreg").is_file()
    data = _json(cli, "players", "add", "Anna Berg", "--phone", "+47 22 33 44 55")
    assert data["added"] == {"id": 2, "name": "Anna Berg", "aliases": [], "email": None,
                             "phone": "+47 22 33 44 55"}  # fmt: skip


def test_players_add_refuses_a_name_the_look_ups_read_as_a_players_already(cli, folder):
    _registry(cli, "José García")
    before = _dump(folder / "players.tdreg")
    result = cli("players", "add", "JOSE garcia")
    assert result.exit_code == 1
    assert "already José García (#1)" in result.stderr and "--another" in result.stderr
    assert _dump(folder / "players.tdreg") == before
    again = _json(cli, "players", "add", "Jose Garcia", "--another")
    assert again["added"]["id"] == 2


@pytest.mark.parametrize(
    "args, says",
    [
        (["players", "add", ""], "empty"),
        (["players", "add", "#12"], "reads as a registry id"),
        (["players", "add", "Anna", "--email", "anna"], "not an e-mail address"),
        (["players", "add", "Anna", "--phone", "ring ring"], "not a phone number"),
    ],
)
def test_players_add_bad_input_is_one_line_exit_2_and_nothing_written(cli, folder, args, says):
    result = cli(*args)
    assert result.exit_code == 2
    assert says in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (folder / "players.tdreg").exists()


def test_players_find_is_accent_and_case_blind_and_names_every_possible_player(cli, folder):
    _registry(cli, "José García", "Ana Garcia", "Łukasz Żak")
    assert cli("players", "find", "LUKASZ").stdout == "#3  Łukasz Żak\n"
    data = _json(cli, "players", "find", "garcia")
    assert data["match"] == "partial"
    assert [p["id"] for p in data["players"]] == [1, 2]
    assert set(data["players"][0]) == {"id", "name", "aliases", "email", "phone"}
    assert _json(cli, "players", "find", "#3")["players"][0]["name"] == "Łukasz Żak"
    assert len(_json(cli, "players", "find", "")["players"]) == 3
    nobody = cli("players", "find", "zoe")
    assert nobody.exit_code == 1 and "Nobody" in nobody.stdout


def test_a_players_command_without_a_registry_says_how_to_start_one(cli, folder):
    result = cli("players", "find", "anna")
    assert result.exit_code == 2
    assert "No player registry" in result.stderr and "players add" in result.stderr


def test_players_rename_keeps_the_old_name_as_an_alias(cli, folder):
    _registry(cli, "Jose Garsia", "Anna")
    data = _json(cli, "players", "rename", "#1", "José García")
    assert data == {"old": "Jose Garsia", "player": {"id": 1, "name": "José García",
                    "aliases": ["Jose Garsia"], "email": None, "phone": None}}  # fmt: skip
    assert _json(cli, "players", "find", "garsia")["players"][0]["id"] == 1
    taken = cli("players", "rename", "#1", "anna")
    assert taken.exit_code == 1 and "already Anna (#2)" in taken.stderr
    dropped = _json(cli, "players", "rename", "Anna", "Anna B", "--drop-old")
    assert dropped["player"]["aliases"] == []


def test_players_with_the_global_registry_option_and_the_environment(cli, folder):
    other = folder / "club.tdreg"
    assert cli("--registry", other, "players", "add", "Anna").exit_code == 0
    assert other.is_file() and not (folder / "players.tdreg").exists()
    result = cli("players", "find", "anna", env={"TDTOOL_REGISTRY": str(other)})
    assert result.stdout == "#1  Anna\n"
    missing = cli("players", "find", "anna", "--registry")
    assert missing.exit_code == 2 and "--registry FILE" in missing.stderr


# --- players import --------------------------------------------------------------------------


def test_players_import_adds_every_row_and_reports_duplicates(cli, folder):
    _registry(cli, "José García")
    csv = folder / "members.csv"
    csv.write_text(
        "Name;E-mail;Phone;Aliases;Club no\n"
        "Anna Berg;anna@example.org;;Annie|AB;17\n"
        "\n"
        "jose garcia;;;;18\n"
        "Ben Okafor;;+44 20 7946 0000;;19\n"
        "ANNA BERG;;;;20\n",
        encoding="utf-8",
    )
    data = _json(cli, "players", "import", csv)
    assert [(p["id"], p["name"], p["aliases"]) for p in data["added"]] == [
        (2, "Anna Berg", ["Annie", "AB"]),
        (3, "Ben Okafor", []),
    ]
    assert data["duplicates"] == [
        {"line": 4, "name": "jose garcia", "same_as": "José García (#1)"},
        {"line": 6, "name": "ANNA BERG", "same_as": "line 2"},
    ]
    shown = cli("players", "show", "annie")
    assert "Anna Berg (#2)" in shown.stdout and "anna@example.org" in shown.stdout


@pytest.mark.parametrize(
    "text, where, says",
    [
        pytest.param("email,phone\na@b.org,1234\n", ":1:", "`name` column", id="no-name-column"),
        pytest.param("name,email\nAnna,a@b.org\nBen,ben\n", ":3:", "e-mail", id="bad-email"),
        pytest.param("name,phone\nAnna,call me\n", ":2:", "phone", id="bad-phone"),
        pytest.param("name\nAnna\n\n \n#4\n", ":5:", "registry id", id="an-id-for-a-name"),
        pytest.param('name\n"Anna\n', ":2:", "", id="quote-never-closed"),
        pytest.param("name\n", "", "only its header", id="header-alone"),
        pytest.param("", "", "no players", id="empty"),
    ],
)
def test_players_import_of_a_bad_file_names_file_and_line_and_adds_nobody(
    cli, folder, text, where, says
):
    _registry(cli, "Zoë")
    before = _dump(folder / "players.tdreg")
    csv = folder / "bad.csv"
    csv.write_text(text, encoding="utf-8")
    result = cli("players", "import", csv)
    assert result.exit_code == 2, result.output
    assert f"bad.csv{where}" in result.stderr and says in result.stderr
    assert "Traceback" not in result.output
    assert len(_json(cli, "players", "find", "")["players"]) == 1
    assert before  # the registry is as it was: Zoë alone (read above)


def test_players_import_names_every_bad_line(cli, folder):
    csv = folder / "bad.csv"
    csv.write_text("name,email\nAnna,x\nBen,y\nCleo,c@d.org\nDev,z\n", encoding="utf-8")
    result = cli("players", "import", csv)
    assert result.exit_code == 2
    assert "bad.csv:2:" in result.stderr and "2 more bad rows: line 3, 5" in result.stderr
    assert not (folder / "players.tdreg").exists()


def test_players_import_of_a_file_that_is_not_there(cli, folder):
    result = cli("players", "import", folder / "nope.csv")
    assert result.exit_code == 2 and "no such file" in result.stderr


# --- registration matched against the registry ------------------------------------------------


@pytest.fixture
def cup(folder):
    return make(folder / "cup.tdtool", buy_in=100)


def test_player_add_without_a_registry_registers_names_as_typed(cli, cup):
    data = _json(cli, "player", "add", "#104", "jose")
    assert [p["name"] for p in data["added"]] == ["#104", "jose"]
    assert "registry" not in data


def test_player_add_by_id_enters_the_registry_name_and_links_it(cli, cup):
    _registry(cli, "Anna", "José García")
    result = cli("player", "add", "#2")
    assert result.exit_code == 0, result.output
    assert "#2: José García (#2) in the registry." in result.stdout
    assert "Registered José García." in result.stdout
    log = cli("log").stdout
    assert "Registered José García (#2)" in log


def test_player_add_of_a_name_typed_without_accents_finds_the_returning_player(cli, cup):
    _registry(cli, "José García")
    data = _json(cli, "player", "add", "jose garcia", "Ben")
    assert [p["name"] for p in data["added"]] == ["José García", "Ben"]
    assert data["registry"] == [
        {"typed": "jose garcia", "name": "José García", "player_id": 1, "how": "same"},
        {"typed": "Ben", "name": "Ben", "player_id": None, "how": "new"},
    ]


def test_player_add_of_an_alias_enters_the_registry_name(cli, cup):
    cli("players", "add", "José García", "--alias", "Pepe")
    data = _json(cli, "player", "add", "pepe")
    assert data["added"][0]["name"] == "José García"
    assert data["registry"][0]["how"] == "exact"


def test_player_add_asks_did_you_mean_at_a_terminal(cli, cup, monkeypatch):
    from tdtool.cli import _db

    _registry(cli, "José García")
    monkeypatch.setattr(_db, "interactive", lambda: True)
    yes = cli("player", "add", "jose", input="y\n")
    assert yes.exit_code == 0, yes.output
    assert "Did you mean José García (#1)?" in yes.stdout
    assert "Registered José García." in yes.stdout
    no = cli("player", "add", "garc", input="n\n")
    assert no.exit_code == 0, no.output
    assert "Registered garc." in no.stdout
    rows = {p["name"] for p in _json(cli, "player", "list")}
    assert rows == {"José García", "garc"}


def test_player_add_never_guesses_between_two_registry_players(cli, cup):
    _registry(cli, "José García", "Ana Garcia")
    before = _dump(cup)
    result = cli("player", "add", "garcia", "Ben")
    assert result.exit_code == 2
    assert "could be José García (#1) or Ana Garcia (#2)" in result.stderr
    assert "--new" in result.stderr and "nothing was changed" in result.stderr
    assert _dump(cup) == before
    partial = cli("player", "add", "jose", "--yes")  # one candidate, nobody to ask
    assert partial.exit_code == 2 and "'#1'" in partial.stderr


def test_player_add_lets_the_director_pick_between_two_at_a_terminal(cli, cup, monkeypatch):
    from tdtool.cli import _db

    _registry(cli, "José García", "Ana Garcia")
    monkeypatch.setattr(_db, "interactive", lambda: True)
    result = cli("player", "add", "garcia", input="#9\n2\n")
    assert result.exit_code == 0, result.output
    assert "'#9' is not one of #1, #2." in result.stdout
    assert "Registered Ana Garcia." in result.stdout
    new = cli("player", "add", "garcia", input="new\n")
    assert "Registered garcia." in new.stdout


def test_player_add_new_skips_the_registry(cli, cup):
    _registry(cli, "José García", "Ana Garcia")
    data = _json(cli, "player", "add", "Garcia", "--new")
    assert [p["name"] for p in data["added"]] == ["Garcia"]
    assert "registry" not in data


def test_player_add_of_an_unknown_id_is_bad_input(cli, cup):
    _registry(cli, "Anna")
    before = _dump(cup)
    result = cli("player", "add", "#77")
    assert result.exit_code == 2 and "No player #77" in result.stderr
    assert _dump(cup) == before


def test_one_registry_id_is_one_entry_of_a_tournament(cli, cup):
    _registry(cli, "José García")
    assert cli("player", "add", "#1").exit_code == 0
    again = cli("player", "add", "jose garcia")
    assert again.exit_code == 1 and "already registered" in again.stderr


def test_one_id_under_another_name_is_refused_by_the_rules():
    import random

    from tdtool.errors import RuleError
    from tdtool.io.store_base import Event
    from tdtool.tournament import director
    from tdtool.tournament.events import PlayerRegistered, TournamentCreated
    from tdtool.tournament.state import fold
    from tests.tournament_fixtures import STRUCTURE

    pairs = [TournamentCreated("Cup", STRUCTURE).event(), PlayerRegistered("Jose", 5).event()]
    state = fold(Event(i + 1, kind, data, 0.0) for i, (kind, data) in enumerate(pairs))
    with pytest.raises(RuleError, match="#5 is already registered in this tournament as 'Jose'"):
        director.register(state, ["José Renamed"], 0.0, random.Random(1), None, [5])


# --- players show and merge ------------------------------------------------------------------


def _play(cli, db, names, order):
    """Register `names` (ids or names), draw, bust `order` in turn (the last one wins)."""
    if names:
        assert cli("--db", db, "player", "add", *names, "--yes").exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    for name in order:
        result = cli("--db", db, "player", "bust", name, "--yes")
        assert result.exit_code == 0, result.output


def test_players_show_lists_every_event_place_prize_and_league_points(cli, folder):
    _registry(cli, "José García", "Anna")
    week1 = make(folder / "week-1.tdtool", name="Week 1", buy_in=20)
    week2 = make(folder / "week-2.tdtool", name="Week 2", buy_in=20)
    _play(cli, week1, ["#1", "#2", "Ben"], ["Ben", "Anna"])  # José wins
    _play(cli, week2, ["jose garcia", "Anna", "Ben"], ["José García", "Ben"])  # José 3rd
    assert cli("league", "new", "Spring", "--formula", "table", "--table",
               _points_table(folder)).exit_code == 0  # fmt: skip
    assert cli("league", "add", week1, week2).exit_code == 0
    data = _json(cli, "players", "show", "jose")
    assert data["player"]["id"] == 1 and data["ids"] == [1]
    events = [(e["event"], e["entries"], e["place"], e["entered_as"]) for e in data["events"]]
    assert events == [("Week 1", 3, 1, "José García"), ("Week 2", 3, 3, "José García")]
    assert [e["prize"] for e in data["events"]] == [60, 0]
    assert [e["points"] for e in data["events"]] == [
        [{"league": "Spring", "points": 10}],
        [{"league": "Spring", "points": 5}],
    ]
    text = cli("players", "show", "#1").stdout
    assert "José García (#1)" in text and "Week 1" in text and "Spring: 10.00" in text


def _points_table(folder: Path) -> Path:
    path = folder / "points.yaml"
    path.write_text("name: Club\nparticipation: 1\npoints:\n  1: 10\n  2: 7\n  3: 5\n")
    return path


def test_players_merge_keeps_both_histories_and_every_alias(cli, folder):
    ids = _registry(cli, "José García", "Jose Garcia 2")
    assert cli("players", "rename", "#2", "Pepe G").exit_code == 0  # aliases: Jose Garcia 2
    week1 = make(folder / "week-1.tdtool", name="Week 1")
    week2 = make(folder / "week-2.tdtool", name="Week 2")
    _play(cli, week1, ["#1", "Ben"], ["Ben"])
    _play(cli, week2, ["#2", "Ben"], ["Pepe G"])
    assert [e["event"] for e in _json(cli, "players", "show", "#1")["events"]] == ["Week 1"]
    data = _json(cli, "players", "merge", "#1", "#2")
    assert data["kept"]["id"] == ids["José García"]
    assert set(data["kept"]["aliases"]) == {"Pepe G", "Jose Garcia 2"}
    assert set(data["merged"]) == {"id", "name", "aliases"}  # no contact fields
    shown = _json(cli, "players", "show", "#2")  # the merged id means the kept player
    assert shown["player"]["id"] == 1 and shown["ids"] == [1, 2]
    assert [(e["event"], e["entered_as"]) for e in shown["events"]] == [
        ("Week 1", "José García"),
        ("Week 2", "Pepe G"),
    ]
    assert [p["id"] for p in _json(cli, "players", "find", "pepe")["players"]] == [1]


def test_players_merge_asks_first_at_a_terminal(cli, folder, monkeypatch):
    from tdtool.cli import _db

    _registry(cli, "José García", "Jose Garcia B")
    monkeypatch.setattr(_db, "interactive", lambda: True)
    before = _dump(folder / "players.tdreg")
    no = cli("players", "merge", "#1", "#2", input="n\n")
    assert no.exit_code == 1 and "Merge Jose Garcia B (#2) into José García (#1)?" in no.stdout
    assert _dump(folder / "players.tdreg") == before
    yes = cli("players", "merge", "#1", "#2", input="y\n")
    assert yes.exit_code == 0 and "#2 means José García from now on" in yes.stdout


def test_two_entries_that_fold_to_one_name_are_never_merged_without_a_word(cli, cup):
    _registry(cli, "José García")
    assert cli("players", "add", "Jose Garcia", "--another").exit_code == 0
    result = cli("player", "add", "jose garcia")
    assert result.exit_code == 2 and "could be" in result.stderr
    players = _json(cli, "players", "find", "")["players"]
    assert [p["id"] for p in players] == [1, 2]


def test_players_merge_of_a_player_into_themselves_is_refused(cli, folder):
    _registry(cli, "Anna")
    result = cli("players", "merge", "anna", "#1")
    assert result.exit_code == 2 and "into itself" in result.stderr


def test_players_show_names_an_event_it_cannot_read_now(cli, folder):
    _registry(cli, "Anna")
    week = make(folder / "week.tdtool", name="Week")
    _play(cli, week, ["#1", "Ben"], ["Ben"])
    week.rename(folder / "moved.tdtool")
    result = cli("players", "show", "anna")
    assert result.exit_code == 0
    assert "Not read now: Week" in result.stdout


def test_contact_fields_never_reach_the_tournament(cli, cup):
    cli("players", "add", "Anna", "--email", "anna@example.org", "--phone", "555 1234")
    assert cli("player", "add", "anna").exit_code == 0
    assert b"anna@example.org" not in cup.read_bytes()
    assert b"555 1234" not in cup.read_bytes()
    report = cli("report", "--json")
    assert "anna@example.org" not in report.stdout


# --- the link in the tournament's state and snapshots ----------------------------------------


def test_the_registry_id_survives_a_snapshot_a_rename_and_an_undo(cli, cup):
    import msgspec

    from tdtool.io import snapshots as snap
    from tdtool.io.store_base import open_store
    from tdtool.tournament.state import fold

    _registry(cli, "José García")
    assert cli("player", "add", "#1", "Ben").exit_code == 0
    assert cli("player", "rename", "José García", "Jose G").exit_code == 0
    with open_store(cup) as store:
        state = fold(store.events())
        last = store.log()[-1]
    assert state.player("Jose G").player_id == 1 and state.player("Ben").player_id is None
    back, _, _ = snap.decode(snap.encode(state, last.event.seq, last.hash))
    assert back.player("Jose G").player_id == 1
    # A snapshot of the layout before the registry (no id column) reads as unlinked players.
    doc = msgspec.msgpack.decode(snap.encode(state, last.event.seq, last.hash))
    doc[7] = doc[7][:10]
    old, _, _ = snap.decode(msgspec.msgpack.encode(doc))
    assert [p.player_id for p in old.players.values()] == [None, None]
    assert cli("undo", "--yes").exit_code == 0
    assert cli("undo", "--yes").exit_code == 0
    assert _json(cli, "player", "list") == []


# --- leagues read the registry's ids ---------------------------------------------------------


def test_a_player_merged_mid_season_is_one_line_of_the_standings(cli, folder):
    """Week 1: José García (#1) wins, Anna 2nd, Ben 3rd. Week 2: 'Pepe G' (#2, the same man
    entered as a new regular) wins, Ben 2nd, Anna 3rd. Table 10/7/5. Before the merge Pepe
    G and José are two lines (10 each); after it José has 20, Ben 12, Anna 12 (Anna ahead:
    best finish 2nd against Ben's 2nd, then 3rd against 3rd: level; events equal; shared)."""
    _registry(cli, "José García", "Pepe G", "Anna")
    week1 = make(folder / "week-1.tdtool", name="Week 1")
    week2 = make(folder / "week-2.tdtool", name="Week 2")
    _play(cli, week1, ["#1", "#3", "Ben"], ["Ben", "Anna"])
    _play(cli, week2, ["#2", "#3", "Ben"], ["Anna", "Ben"])
    assert cli("league", "new", "Spring", "--formula", "table", "--table",
               _points_table(folder)).exit_code == 0  # fmt: skip
    assert cli("league", "add", week1, week2).exit_code == 0

    def lines():
        data = _json(cli, "league", "standings")
        return [(line["name"], line["points"], line["events"]) for line in data["standings"]]

    before = lines()
    assert ("José García", 10, 1) in before and ("Pepe G", 10, 1) in before
    assert cli("players", "merge", "#1", "#2", "--yes").exit_code == 0
    after = lines()
    assert after[0] == ("Pepe G", 20, 2)  # the latest spelling, as for any player
    assert sorted(after[1:]) == [("Anna", 12, 2), ("Ben", 12, 2)]
    # Without the registry beside the league, names alone match (as before the registry).
    (folder / "players.tdreg").rename(folder / "elsewhere.tdreg")
    assert ("Pepe G", 10, 1) in lines()


def test_players_log_shows_every_change_with_its_operator(cli, folder):
    assert cli("--operator", "desk", "players", "add", "José García").exit_code == 0
    assert cli("--operator", "floor", "players", "add", "Jose G", "--another").exit_code == 0
    assert cli("players", "rename", "#2", "Pepe", "--operator", "floor").exit_code == 0
    assert cli("players", "merge", "#1", "#2", "--yes", "--operator", "td").exit_code == 0
    entries = _json(cli, "players", "log")
    assert [(e["operator"], e["text"]) for e in entries] == [
        ("desk", "Added José García (#1)"),
        ("floor", "Added Jose G (#2)"),
        ("floor", "Renamed #2 Jose G to Pepe"),
        ("td", "Merged Pepe (#2) into #1"),
    ]
    assert set(entries[0]) == {"seq", "at", "operator", "kind", "text", "data"}
    text = cli("players", "log", "--last", "1").stdout
    assert "Merged Pepe (#2) into #1" in text and "Added" not in text


def test_players_show_finds_a_moved_event_where_a_league_has_it(cli, folder):
    _registry(cli, "Anna")
    week = make(folder / "week.tdtool", name="Week")
    _play(cli, week, ["#1", "Ben"], ["Ben"])
    week.rename(folder / "moved.tdtool")
    assert cli("league", "new", "Spring").exit_code == 0
    assert cli("league", "add", folder / "moved.tdtool").exit_code == 0
    data = _json(cli, "players", "show", "anna")
    assert [(e["event"], e["place"]) for e in data["events"]] == [("Week", 1)]
    assert data["unreadable"] == []


def test_an_id_from_another_registry_is_not_this_registrys_player(cli, folder):
    """Another club's registry linked Bob as its #1 in this league's event: this folder's
    #1 (Anna) did not play it, and the standings do not match Bob to her by id."""
    other = folder / "other-club.tdreg"
    assert cli("--registry", other, "players", "add", "Bob").exit_code == 0
    week = make(folder / "week.tdtool", name="Week")
    assert cli("--registry", other, "--db", week, "player", "add", "#1", "Ben").exit_code == 0
    _play(cli, week, [], ["Ben"])
    _registry(cli, "Anna")
    assert cli("league", "new", "Spring").exit_code == 0
    assert cli("league", "add", week).exit_code == 0
    assert _json(cli, "players", "show", "#1")["events"] == []
    names = [line["name"] for line in _json(cli, "league", "standings")["standings"]]
    assert sorted(names) == ["Ben", "Bob"]


def test_the_next_day_from_flights_keeps_the_registry_ids(cli, folder, request):
    """Anna (#1) plays Day 1A and 1B; her best bag advances to Day 2, still #1, and the day
    is noted in the registry: `players show` lists all three."""
    _registry(cli, "Anna")
    a, b = play_flights(cli, request.getfixturevalue("tmp_path"))  # played with the registry
    day2 = folder / "day2.tdtool"
    made = cli("--db", day2, "flights", "combine", a, b, "--name", "Main Day 2")
    assert made.exit_code == 0, made.output
    assert "Registered Anna (#1)" in cli("--db", a, "log").stdout
    data = _json(cli, "players", "show", "#1")
    assert [(e["event"], e["place"]) for e in data["events"]] == [
        ("Main Day 1A", None),
        ("Main Day 1B", None),
        ("Main Day 2", None),
    ]
    players = {p["name"]: p for p in _json(cli, "--db", day2, "player", "list")}
    assert players["Anna"]["status"] == "seated"
