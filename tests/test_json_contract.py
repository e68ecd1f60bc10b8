"""The promises of docs/cli.md and docs/hand-file.md that scripts rely on.

Every command has `--help` with an `Example:` line; every command that reports state has
`--json`; the JSON shapes the specs print keep their keys and types.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import EXAMPLES
from tests.tournament_fixtures import make

CLOCK_KEYS = {"level", "small_blind", "big_blind", "ante", "bb_ante", "remaining_seconds",
              "running", "on_break"}  # fmt: skip


def _commands():
    """Every command of the tree as (path, click command), lazy sub-apps loaded."""
    from typer.main import get_group

    from tdtool.cli import app

    found = []

    def walk(group, path):
        for name in group.list_commands(None):
            command = group.get_command(None, name)
            if hasattr(command, "list_commands"):
                found.append((path + [name], command))
                walk(command, path + [name])
            else:
                found.append((path + [name], command))

    walk(get_group(app), [])
    return found


COMMANDS = _commands()
LEAVES = [(path, c) for path, c in COMMANDS if not hasattr(c, "list_commands")]


def test_the_command_tree_holds_every_command_of_the_spec():
    names = {" ".join(path) for path, _ in COMMANDS}
    spec = {"new", "status", "player add", "player list", "player bust", "player reenter",
            "player rebuy", "player addon", "seat draw", "seat show", "seat balance",
            "seat break", "seat button", "clock start", "clock pause", "clock resume",
            "clock next", "clock prev", "clock set", "clock add", "clock status", "clock run",
            "payouts", "log", "undo", "structure list", "structure show", "structure check",
            "structure print", "hand check", "ruling list", "ruling show"}  # fmt: skip
    assert spec <= names, spec - names


@pytest.mark.parametrize(
    "path", [path for path, _ in COMMANDS] + [[]], ids=lambda p: " ".join(p) or "tdtool"
)
def test_every_command_has_help_with_an_example(cli, path):
    result = cli(*path, "--help", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    example = [line for line in result.stdout.splitlines() if "Example:" in line]
    assert example, result.stdout
    # The example runs this very command.
    assert f"tdtool {' '.join(path)}".rstrip() in example[0], example[0]
    assert "--install-completion" not in result.stdout


# Commands that only act, draw a screen or write a printout: everything else reports state
# and takes --json.
NO_JSON = {
    "demo",
    "structure print",
    "structure new",
    "clock run",
    "clock serve",
    "seat print",
    "serve",  # a server: its JSON is the API of docs/web.md
    "hand import",  # they write a hand file and PHH, formats of their own
    "hand export",
    "rules print",  # writes the house-rules sheet, like structure print
}


@pytest.mark.parametrize("path", [p for p, _ in LEAVES], ids=lambda p: " ".join(p))
def test_every_command_that_reports_state_has_json(path):
    command = dict((" ".join(p), c) for p, c in LEAVES)[" ".join(path)]
    options = {o for param in command.params for o in getattr(param, "opts", [])}
    assert ("--json" in options) != (" ".join(path) in NO_JSON)


# --- the tournament shapes (docs/cli.md) ---------------------------------------------------


@pytest.fixture
def db(cli, tmp_path):
    path = make(tmp_path / "cup.tdtool", buy_in=100)
    names = ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai"]
    assert cli("--db", path, "player", "add", *names).exit_code == 0
    assert cli("--db", path, "seat", "draw").exit_code == 0
    assert cli("--db", path, "seat", "button", "1", "2").exit_code == 0
    assert cli("--db", path, "player", "bust", "Anna", "--yes").exit_code == 0
    assert cli("--db", path, "player", "add", "Late", "--yes").exit_code == 0
    return path


def _json(cli, db, *args):
    result = cli(*(["--db", db] if db else []), *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_seat_show_json_shape(cli, db):
    data = _json(cli, db, "seat", "show")
    assert set(data) >= {"tables", "unseated"} and data["unseated"] == []
    seated = {}
    for t in data["tables"]:
        assert set(t) >= {"table", "button", "seats"}
        assert isinstance(t["table"], int)
        assert t["button"] is None or isinstance(t["button"], int)
        for seat, name in t["seats"].items():
            assert seat.isdigit() and isinstance(name, str)
            seated[name] = (t["table"], int(seat))
    assert [t["button"] for t in data["tables"] if t["table"] == 1] == [2]
    players = _json(cli, db, "player", "list")
    assert seated == {p["name"]: (p["table"], p["seat"]) for p in players if p["table"]}


def test_player_list_json_shape(cli, db):
    players = _json(cli, db, "player", "list")
    assert isinstance(players, list) and len(players) == 12
    for p in players:
        assert set(p) >= {"name", "status", "table", "seat", "place"}
        assert p["status"] in {"seated", "unseated", "busted"}
        assert (p["place"] is not None) == (p["status"] == "busted")
        assert (p["table"] is None) == (p["status"] != "seated")
    anna = next(p for p in players if p["name"] == "Anna")
    # 12 entries (a late one after her bust): the first out is 12th.
    assert anna["status"] == "busted" and anna["place"] == 12


def _check_clock(clock):
    assert set(clock) >= CLOCK_KEYS
    for key in ("level", "small_blind", "big_blind", "ante", "bb_ante"):
        assert isinstance(clock[key], int), key
    assert isinstance(clock["remaining_seconds"], int | float)
    assert isinstance(clock["running"], bool) and isinstance(clock["on_break"], bool)


def test_clock_status_json_shape(cli, db):
    before = _json(cli, db, "clock", "status")
    _check_clock(before)
    assert before["running"] is False and before["level"] == 1
    assert cli("--db", db, "clock", "start").exit_code == 0
    assert _json(cli, db, "clock", "status")["running"] is True


def test_status_json_shape(cli, db):
    data = _json(cli, db, "status")
    assert set(data) >= {"name", "players_left", "entries", "average_stack", "prize_pool", "clock"}
    assert (data["players_left"], data["entries"], data["prize_pool"]) == (11, 12, 1200)
    assert isinstance(data["name"], str) and isinstance(data["average_stack"], int)
    _check_clock(data["clock"])


# --- the hand file answer (docs/hand-file.md) ------------------------------------------------


def _spec_keys(value):
    """Pots with the keys the spec names (the answer may add more, e.g. the winning hand)."""
    if isinstance(value, list):
        return [{k: pot[k] for k in ("amount", "eligible", "winners", "shares")} for pot in value]
    return value


def test_hand_check_json_is_the_spec_example(cli):
    data = _json(cli, None, "hand", "check", EXAMPLES / "hands" / "side-pots.yaml")
    assert {k: _spec_keys(data[k]) for k in ("pots", "returned", "stacks")} == {
        "pots": [
            {"amount": 60, "eligible": ["Anna", "Ben", "Carla"], "winners": ["Anna"],
             "shares": {"Anna": 60}},
            {"amount": 60, "eligible": ["Ben", "Carla"], "winners": ["Ben"],
             "shares": {"Ben": 60}},
        ],
        "returned": {},
        "stacks": {"Anna": 60, "Ben": 210, "Carla": 150},
    }  # fmt: skip


def test_hand_check_json_returned_names_the_uncalled_bet(cli, tmp_path):
    hand = tmp_path / "uncalled.yaml"
    hand.write_text(
        "blinds: 5/10\nbutton: 1\nseats:\n"
        "  1: {name: Anna, stack: 100, cards: Ah Ad}\n"
        "  2: {name: Ben, stack: 40, cards: Kh Kd}\n"
        "  3: {name: Carla, stack: 100, cards: Qh Qd}\n"
        "actions: [Anna raise 100, Ben all-in, Carla fold, flop 2c 7s 9d, turn Jc, river 3h]\n"
    )
    data = _json(cli, None, "hand", "check", hand)
    assert data["returned"] == {"Anna": 60}
    assert _spec_keys(data["pots"]) == [
        {"amount": 90, "eligible": ["Anna", "Ben"], "winners": ["Anna"], "shares": {"Anna": 90}}
    ]
    assert data["stacks"] == {"Anna": 150, "Ben": 0, "Carla": 90}


def test_hand_check_json_rulings_shape(cli):
    path = EXAMPLES / "hands" / "irregularities" / "premature-turn.yaml"
    rulings = _json(cli, None, "hand", "check", path)["rulings"]
    assert rulings and all(
        set(r) >= {"line", "irregularity", "misdeal", "rule", "steps"} for r in rulings
    )
    first = rulings[0]
    assert isinstance(first["line"], int) and first["irregularity"] == "premature-turn"
    assert first["misdeal"] is False and first["rule"].startswith("TDA RP-5")
    assert first["steps"] and all(isinstance(s, str) for s in first["steps"])


def test_structure_check_json_lists_problems_with_their_lines(cli, tmp_path):
    good = _json(cli, None, "structure", "check", "turbo")
    assert good["valid"] is True and good["problems"] == [] and good["levels"] == 17
    bad = tmp_path / "bad.yaml"
    bad.write_text("starting_stack: 1000\nlevels:\n  - blinds: 50/25\n")
    result = cli("structure", "check", bad, "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["valid"] is False and data["problems"][0].startswith(f"{bad}:3: level 1:")


# --- the league standings (docs/cli.md, Leagues) -----------------------------------------------


def test_league_standings_json_shape(cli, tmp_path):
    from tests.test_league import SEASON, play

    name, buy_in, entrants, busts = SEASON[0]
    week = play(tmp_path / "week-1.tdtool", name, buy_in, entrants, busts)
    live = play(tmp_path / "week-2.tdtool", "Week 2", 20, ["Anna", "Zoe", "Max"], ["Max"])
    path = tmp_path / "spring.league"
    assert cli("league", "new", "Spring", "--best", "3", "--league", path).exit_code == 0
    assert cli("league", "add", week, "--league", path).exit_code == 0
    assert cli("league", "add", live, "--provisional", "--league", path).exit_code == 0
    data = _json(cli, None, "league", "standings", "--league", path)
    assert set(data) == {"name", "formula", "rules", "tie_break", "events", "standings"}
    assert data["formula"] == "pokerstars" and data["tie_break"] == ["wins", "best", "events"]
    assert set(data["rules"]) == {"scoring", "formula", "table", "best", "drop_worst",
                                  "tie_break"}  # fmt: skip
    assert data["rules"]["best"] == 3
    assert [set(e) for e in data["events"]] == [
        {"name", "source", "entries", "provisional", "date"}
    ] * 2
    assert [e["provisional"] for e in data["events"]] == [False, True]
    assert isinstance(data["events"][0]["date"], float)
    line_keys = {"rank", "shared", "name", "points", "events", "wins", "best", "provisional",
                 "note", "results"}  # fmt: skip
    for line in data["standings"]:
        assert set(line) == line_keys
        assert isinstance(line["rank"], int) and isinstance(line["points"], int | float)
        assert len(line["results"]) == 2
        for r in line["results"]:
            assert r is None or set(r) == {"place", "points", "counted", "provisional"}
    anna = data["standings"][0]
    assert (anna["name"], anna["points"], anna["wins"], anna["provisional"]) == (
        "Anna", 46.13, 1, True)  # fmt: skip
    assert anna["results"][0] == {"place": 1, "points": 46.13, "counted": True,
                                  "provisional": False}  # fmt: skip
