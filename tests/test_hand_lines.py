"""The hand-file lines of issue 23 (docs/hand-file.md): `says complete`, a fouled deck, `says pot`
in no-limit with chips, the wording of declarations and out-of-turn checks, and the limit cap
heads-up by profile. Each test is named after the rule it proves.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.test_hand_rulings import check


def table(tmp_path, head, seats, actions, name="hand.yaml"):
    """A hand file from its header lines, `seats:` rows and action lines."""
    text = textwrap.dedent(head).strip() + "\nseats:\n"
    text += "".join(f"  {row}\n" for row in seats)
    text += "actions:\n" + "".join(f"  - {a}\n" for a in actions)
    path = tmp_path / name
    path.write_text(text)
    return path


def ruled(cli, path, *options):
    code, data, err = check(cli, path, *options)
    assert code == 0, err
    return data


def summaries(data):
    return [r["summary"] for r in data["rulings"]]


def bad_input(cli, path, *options):
    """Exit 2 with one `Error: FILE:LINE: ...` line and no traceback; returns that line."""
    result = cli("hand", "check", path, *options)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {path}:") and "Traceback" not in result.output
    return line


# ------------------------------------------------------------------------- says complete

LIMIT_THREE = ("game: limit\nblinds: 50/100\nbutton: 3", [
    "1: {name: Ann, stack: 2000, cards: Ah Ad}",
    "2: {name: Bo,  stack: 240,  cards: Kh Kd}",
    "3: {name: Cy,  stack: 2000, cards: Qh Qd}",
])  # fmt: skip
FLOP_SHORT_ALL_IN = ["Cy call", "Ann call", "Bo check", "flop 2c 7s 9d", "Ann bet 100", "Bo all-in"]
COMPLETED = [*FLOP_SHORT_ALL_IN, "Cy says complete", "Ann call"]
REST = ["turn 3h", "Ann check", "Cy check", "river 4s", "Ann check", "Cy check"]


def test_tda_3_says_complete_in_limit_makes_a_short_all_in_a_full_bet(cli, tmp_path):
    path = table(tmp_path, *LIMIT_THREE, [*COMPLETED, *REST])
    data = ruled(cli, path)
    (ruling,) = data["rulings"]
    assert ruling["irregularity"] == "declaration" and ruling["rule"] == "TDA 3, 47B"
    assert ruling["summary"] == "Cy: a raise to 200."
    assert data["stacks"] == {"Ann": 2540, "Bo": 0, "Cy": 1700}


def test_robert_betting_and_raising_6_says_complete_completes_the_wager(cli, tmp_path):
    path = table(tmp_path, *LIMIT_THREE, [*COMPLETED, *REST])
    (ruling,) = ruled(cli, path, "--rules", "robert")["rulings"]
    assert ruling["rule"] == "RRoP Betting and Raising 6"
    assert ruling["summary"] == "Cy: a raise to 200."


def test_tda_3_complete_a_big_blind_below_the_small_bet_is_the_completion(cli, tmp_path):
    head = "game: limit\nblinds: 5/10\nbets: 15/30\nbutton: 3"
    path = table(tmp_path, head, LIMIT_THREE[1], ["Cy says complete", "Ann fold", "Bo fold"])
    data = ruled(cli, path)
    assert summaries(data) == ["Cy: a raise to 15."]
    assert data["stacks"]["Cy"] == 2000 + 15  # Cy wins the blinds back with his 15 returned


@pytest.mark.parametrize("game", ["limit", "no-limit", "pot-limit"])
def test_tda_3_the_small_blind_completing_the_big_blind_is_a_call(cli, tmp_path, game):
    head = f"game: {game}\nblinds: 50/100\nbutton: 3"
    heads_up = [a.replace("Cy", "Bo") for a in REST]
    actions = ["Cy fold", "Ann says complete", "Bo check", "flop 2c 7s 9d", "Ann check", "Bo check"]
    path = table(tmp_path, head, LIMIT_THREE[1], [*actions, *heads_up])
    data = ruled(cli, path)
    assert summaries(data) == ["Ann: a call of 100."]
    assert data["stacks"]["Ann"] == 2100  # aces win the 200 pot


def test_tda_3_complete_facing_a_full_bet_is_refused_naming_the_line(cli, tmp_path):
    path = table(tmp_path, *LIMIT_THREE, ["Cy says complete"])
    line = bad_input(cli, path)
    assert line == (
        f"Error: {path}:9: `Cy says complete`: the bet of 100 is already a full bet, so there"
        " is nothing to complete: write `says call` or `says raise`."
    )


def test_tda_3_complete_with_no_bet_is_refused(cli, tmp_path):
    path = table(tmp_path, *LIMIT_THREE, ["Cy call", "Ann call", "Bo check", "flop 2c 7s 9d",
                                          "Ann says complete"])  # fmt: skip
    assert "there is no bet to complete" in bad_input(cli, path)


def test_rrop_completing_the_bet_is_a_limit_wager_only_so_refused_in_no_limit(cli, tmp_path):
    head = "blinds: 50/100\nbutton: 3"
    path = table(tmp_path, head, LIMIT_THREE[1], [*FLOP_SHORT_ALL_IN, "Cy says complete"])
    line = bad_input(cli, path)
    assert f"{path}:14: `Cy says complete`: completing a bet is a limit term" in line
    assert "`says call` or `says raise N`" in line


def test_tda_47b_complete_when_the_betting_is_not_reopened_binds_only_the_call(cli, tmp_path):
    # Ann bet, Bo all-in short, Cy called: back to Ann, who faces 40 more, not reopened.
    actions = [*FLOP_SHORT_ALL_IN, "Cy call", "Ann says complete", *REST]
    data = ruled(cli, table(tmp_path, *LIMIT_THREE, actions))
    assert summaries(data) == ["Ann: a call of 140."]
    assert data["rulings"][0]["rule"] == "TDA 3, 47B, 51A"
