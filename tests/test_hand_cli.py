"""`tdtool hand check`: the answer, its JSON keys and exit codes (docs/hand-file.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import EXAMPLES, ROOT

SIDE_POTS = EXAMPLES / "hands" / "side-pots.yaml"


def test_side_pots_json_matches_the_spec(cli):
    result = cli("hand", "check", SIDE_POTS, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["pots"] == [
        {
            **data["pots"][0],
            "amount": 60,
            "eligible": ["Anna", "Ben", "Carla"],
            "winners": ["Anna"],
            "shares": {"Anna": 60},
        },
        {
            **data["pots"][1],
            "amount": 60,
            "eligible": ["Ben", "Carla"],
            "winners": ["Ben"],
            "shares": {"Ben": 60},
        },
    ]
    assert data["returned"] == {}
    assert data["stacks"] == {"Anna": 60, "Ben": 210, "Carla": 150}


def test_human_answer_shows_pots_winners_and_stacks(cli):
    result = cli("hand", "check", SIDE_POTS)
    assert result.exit_code == 0, result.output
    for words in ("main pot", "side pot 1", "pair of aces", "Stacks after the hand", "+40"):
        assert words in result.stdout


def write(tmp_path, text: str):
    path = tmp_path / "hand.yaml"
    path.write_text(text)
    return path


HEADER = """\
blinds: 50/100
button: 1
seats:
  1: {name: Anna, stack: 1000, cards: Ah Ad}
  2: {name: Ben, stack: 1000, cards: Kh Kd}
  3: {name: Carla, stack: 1000, cards: Qh Qd}
actions:
"""


def test_tda_43_raise_below_minimum_exits_1_naming_line_player_allowed_and_rule(cli, tmp_path):
    path = write(tmp_path, HEADER + "  - Anna raise 150\n")
    result = cli("hand", "check", path)
    assert result.exit_code == 1
    assert f"{path}:8:" in result.stderr
    assert "Anna cannot raise to 150" in result.stderr
    assert "the minimum raise is to 200" in result.stderr
    assert "TDA 43" in result.stderr


def test_illegal_action_json_names_line_player_allowed_and_rule(cli, tmp_path):
    path = write(tmp_path, HEADER + "  - Anna raise 150\n")
    result = cli("hand", "check", path, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["legal"] is False
    assert (data["line"], data["player"], data["rule"]) == (8, "Anna", "TDA 43")
    assert "minimum raise is to 200" in data["allowed"]


def test_unknown_key_exits_2_with_file_line_and_suggestion(cli, tmp_path):
    path = write(tmp_path, "blindz: 50/100\n" + HEADER)
    result = cli("hand", "check", path)
    assert result.exit_code == 2
    assert f"{path}:1: unknown key `blindz`" in result.stderr
    assert "Did you mean `blinds`?" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_hand_check_runs_as_a_program_with_exit_codes():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-m", "tdtool", "hand", "check", str(SIDE_POTS)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    assert "main pot" in out.stdout


@pytest.mark.slow
def test_hand_check_starts_without_sqlite_or_other_sub_apps():
    # tabulate is imported when the answer's tables are printed (tdtool/cli/render.py).
    code = (
        "import sys; sys.argv = ['tdtool', 'hand', 'check', sys.argv[1]]\n"
        "from tdtool.cli import app\n"
        "try:\n    app(prog_name='tdtool')\nexcept SystemExit:\n    pass\n"
        "heavy = {'sqlite3', 'tdtool.cli.player', 'tdtool.cli.clock'}\n"
        "print(sorted(heavy & set(sys.modules)))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code, str(SIDE_POTS)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stdout + out.stderr


def test_hand_check_prints_chips_with_thousands_separators(cli):
    # Issue 22 cosmetic: a WSOP final-table hand read 8450000 and +5050000.
    from tests.conftest import EXAMPLES

    (hand,) = (EXAMPLES / "hands" / "phh").glob("*.phh")
    result = cli("hand", "check", hand)
    assert result.exit_code == 0, result.output
    assert "main pot  8,450,000" in result.stdout
    assert "Dan Matsuzuki         13,050,000  18,100,000  +5,050,000" in result.stdout
    assert "8450000" not in result.stdout
