"""`tdtool hand check` on hands with irregularities: the ruling, then the hand before and after.

Each test is named after the rule it proves. "Before" is the table as entered (every stack
5000 unless said otherwise); "after" is what `hand check --json` answers.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from tests.conftest import EXAMPLES

HANDS = EXAMPLES / "hands" / "irregularities"
START = {"Anna": 5000, "Ben": 5000, "Carla": 5000, "Dan": 5000}

TABLE = """\
blinds: 50/100
button: 4
seats:
  1: {name: Anna,  stack: 5000, cards: Ah Kh}
  2: {name: Ben,   stack: 5000, cards: 9c 9d}
  3: {name: Carla, stack: 5000, cards: Qc Qd}
  4: {name: Dan,   stack: 5000, cards: 4s 3s}
"""


def check(cli, path, *options):
    """Run `hand check --json`; returns (exit code, JSON answer or None, stderr)."""
    result = cli("hand", "check", str(path), "--json", *options)
    data = json.loads(result.stdout) if result.stdout.strip() else None
    return result.exit_code, data, result.stderr


def write(tmp_path, actions, header=""):
    """A hand file: the four-player table above plus these action lines."""
    lines = "\n".join(f"  - {a}" for a in actions)
    path = tmp_path / "hand.yaml"
    path.write_text(textwrap.dedent(header) + TABLE + "actions:\n" + lines + "\n")
    return path


def assert_before_after(data, after):
    assert sum(data["stacks"].values()) == sum(START.values())  # chips are conserved
    assert data["stacks"] == after


def only_ruling(data):
    (ruling,) = data["rulings"]
    assert set(ruling) >= {"line", "irregularity", "misdeal", "rule", "steps"}
    return ruling


# ------------------------------------------------------------------------ the examples

EXAMPLE_RULINGS = [
    pytest.param("exposed-card-misdeal", [("exposed-card", True)], id="exposed-card-misdeal"),
    pytest.param("exposed-card-replaced", [("exposed-card", False)], id="exposed-card-replaced"),
    pytest.param(
        "exposed-two-cards-misdeal",
        [("exposed-card", False), ("exposed-card", True)],
        id="exposed-two-cards-misdeal",
    ),
    pytest.param("misdeal-after-two-folds", [("misdeal", True)], id="misdeal-two-folds"),
    pytest.param(
        "misdeal-after-two-folds-robert", [("misdeal", False)], id="misdeal-two-folds-robert"
    ),
    pytest.param("misdeal-after-substantial-action", [("misdeal", False)], id="misdeal-late"),
    pytest.param("boxed-card", [("boxed-card", False)], id="boxed-card"),
    pytest.param(
        "boxed-cards-misdeal", [("boxed-card", False), ("boxed-card", True)], id="boxed-two"
    ),
    pytest.param("premature-flop", [("premature-flop", False)], id="premature-flop"),
    pytest.param("premature-turn", [("premature-turn", False)], id="premature-turn"),
    pytest.param("premature-turn-robert", [("premature-turn", False)], id="premature-turn-rob"),
    pytest.param("premature-river", [("premature-river", False)], id="premature-river"),
    pytest.param("four-card-flop", [("four-card-flop", False)], id="four-card-flop"),
    pytest.param("four-card-flop-robert", [("four-card-flop", False)], id="four-card-flop-rob"),
    pytest.param("player-exposes", [("player-exposes", False)], id="player-exposes"),
    pytest.param("duplicate-card", [("duplicate-card", True)], id="duplicate-card"),
    pytest.param("fouled-deck", [("duplicate-card", True)], id="fouled-deck"),
    pytest.param("card-dealt-twice", [("duplicate-card", True)], id="card-dealt-twice"),
]


@pytest.mark.parametrize(("name", "expected"), EXAMPLE_RULINGS)
def test_every_irregularity_example_is_ruled_and_conserves_chips(cli, name, expected):
    code, data, err = check(cli, HANDS / f"{name}.yaml")
    assert code == 0, err
    assert [(r["irregularity"], r["misdeal"]) for r in data["rulings"]] == expected
    assert data["misdeal"] is expected[-1][1]
    assert sum(data["stacks"].values()) == sum(START.values())
    if data["misdeal"]:
        assert data["stacks"] == START and data["pots"] == [] and data["returned"] == {}


def test_every_example_hand_file_is_checked_by_a_test():
    named = {p.values[0] for p in EXAMPLE_RULINGS}
    ours = {p.stem for p in HANDS.glob("*.yaml")}
    assert ours <= named


# ------------------------------------------------------------------------ exposed cards


@pytest.mark.parametrize("rules", ["tda", "robert"])
def test_tda_35a7_exposed_second_card_off_the_deck_is_a_misdeal_stacks_unchanged(cli, rules):
    code, data, _ = check(cli, HANDS / "exposed-card-misdeal.yaml", "--rules", rules)
    assert code == 0
    ruling = only_ruling(data)
    assert ruling["misdeal"] is True
    assert "2nd card off the deck" in ruling["summary"]
    assert_before_after(data, START)


def test_tda_35a7_exposed_seventh_card_is_replaced_and_the_hand_goes_on(cli):
    code, data, _ = check(cli, HANDS / "exposed-card-replaced.yaml")
    assert code == 0
    assert "7th off the deck" in only_ruling(data)["summary"]
    assert_before_after(data, {"Anna": 4950, "Ben": 4700, "Carla": 5350, "Dan": 5000})


def test_tda_34b_heads_up_the_button_is_dealt_last_so_its_first_card_is_the_second_off(
    cli, tmp_path
):
    path = tmp_path / "hu.yaml"
    path.write_text(
        "blinds: 50/100\nbutton: 1\nseats:\n  1: {name: Anna, stack: 1000}\n"
        "  2: {name: Ben, stack: 1000}\nactions:\n  - exposed Anna first\n"
    )
    code, data, _ = check(cli, path)
    assert code == 0 and data["misdeal"] is True
    assert "2nd card off the deck" in only_ruling(data)["summary"]


def test_tda_35d_exposed_first_card_after_substantial_action_plays(cli, tmp_path):
    path = write(
        tmp_path,
        ["Carla call", "Dan fold", "exposed Anna first", "Anna fold", "Ben check",
         "flop 2c 7d Jh", "Ben check", "Carla bet 100", "Ben fold"],
    )  # fmt: skip
    code, data, _ = check(cli, path)
    assert code == 0
    ruling = only_ruling(data)
    assert ruling["misdeal"] is False and "35D" in ruling["rule"]
    assert_before_after(data, {"Anna": 4950, "Ben": 4900, "Carla": 5150, "Dan": 5000})


# ------------------------------------------------------------------------ misdeals


def test_tda_36_two_folds_then_misdeal_returns_every_chip(cli):
    code, data, _ = check(cli, HANDS / "misdeal-after-two-folds.yaml")
    assert code == 0 and data["misdeal"] is True
    assert_before_after(data, START)


def test_robert_misdeals_1_two_folds_then_misdeal_is_too_late(cli):
    code, data, _ = check(cli, HANDS / "misdeal-after-two-folds.yaml", "--rules", "robert")
    assert code == 2  # the hand plays on, and this file stops before the hand is over
    code, data, _ = check(cli, HANDS / "misdeal-after-two-folds-robert.yaml")
    assert code == 0
    assert only_ruling(data)["rule"].endswith("RRoP Misdeals 1")
    assert_before_after(data, {"Anna": 5200, "Ben": 4800, "Carla": 5000, "Dan": 5000})


def test_tda_35d_misdeal_after_call_fold_plays_on(cli):
    code, data, _ = check(cli, HANDS / "misdeal-after-substantial-action.yaml")
    assert code == 0 and data["misdeal"] is False
    assert_before_after(data, {"Anna": 4950, "Ben": 4900, "Carla": 5150, "Dan": 5000})


def test_tda_35c_a_misdeal_ends_the_hand_so_later_lines_are_refused(cli, tmp_path):
    path = write(tmp_path, ["misdeal wrong seat", "Carla call"])
    code, _, err = check(cli, path)
    assert code == 2
    assert "ended in a misdeal on line" in err and ":10:" in err


@pytest.mark.parametrize("rules", ["tda", "robert"])
def test_tda_35e_duplicate_card_voids_the_hand_after_substantial_action(cli, rules):
    code, data, _ = check(cli, HANDS / "duplicate-card.yaml", "--rules", rules)
    assert code == 0
    ruling = only_ruling(data)
    assert ruling["irregularity"] == "duplicate-card" and ruling["misdeal"] is True
    assert_before_after(data, START)


# ------------------------------------------------------------------------ boxed cards


def test_tda_35a1_one_boxed_card_the_hand_goes_on(cli):
    code, data, _ = check(cli, HANDS / "boxed-card.yaml")
    assert code == 0 and data["misdeal"] is False
    assert_before_after(data, {"Anna": 4950, "Ben": 4900, "Carla": 5000, "Dan": 5150})


@pytest.mark.parametrize("rules", ["tda", "robert"])
def test_tda_35a1_two_boxed_cards_misdeal(cli, rules):
    code, data, _ = check(cli, HANDS / "boxed-cards-misdeal.yaml", "--rules", rules)
    assert code == 0 and data["misdeal"] is True
    assert_before_after(data, START)


# ------------------------------------------------------------------------ premature cards


@pytest.mark.parametrize("rules", ["tda", "robert"])
def test_tda_rp5a_premature_flop_redealt_flop_may_reuse_a_returned_card(cli, rules):
    code, data, _ = check(cli, HANDS / "premature-flop.yaml", "--rules", rules)
    assert code == 0
    ruling = only_ruling(data)
    assert ruling["line"] == 15
    assert ruling["rule"].startswith("TDA RP-5A" if rules == "tda" else "RRoP Hold'em 6")
    assert data["board"][:3] == ["7c", "Ks", "3h"]
    assert_before_after(data, {"Anna": 5600, "Ben": 4900, "Carla": 4600, "Dan": 4900})


def test_tda_rp5a_premature_flop_after_the_betting_is_complete_is_not_premature(cli, tmp_path):
    path = write(
        tmp_path, ["Carla call", "Dan call", "Anna call", "Ben check", "premature flop 2c 3c 4c"]
    )
    code, _, err = check(cli, path)
    assert code == 2 and "was not premature" in err


def test_tda_35e_premature_flop_card_held_by_a_player_fouls_the_deck(cli, tmp_path):
    path = write(tmp_path, ["Carla call", "premature flop Ah 2c 3c"])
    code, data, err = check(cli, path)
    assert code == 0, err
    assert [(r["irregularity"], r["misdeal"]) for r in data["rulings"]] == [
        ("duplicate-card", True),
        ("premature-flop", False),
    ]
    assert data["misdeal"] is True and data["stacks"] == START


def test_tda_rp5b_premature_turn_redealt_turn_may_be_the_same_card(cli):
    code, data, _ = check(cli, HANDS / "premature-turn.yaml")
    assert code == 0
    assert only_ruling(data)["rule"].startswith("TDA RP-5B")
    assert data["board"][3] == "Qs"
    assert_before_after(data, {"Anna": 4900, "Ben": 5400, "Carla": 4700, "Dan": 5000})


def test_robert_premature_turn_set_aside_card_cannot_be_the_turn(cli):
    code, data, err = check(cli, HANDS / "premature-turn.yaml", "--rules", "robert")
    assert code == 1
    assert data["rule"] == "RRoP Hold'em 6" and data["line"] == 24
    assert "set aside" in err


def test_robert_premature_turn_set_aside_card_comes_back_for_the_river(cli):
    code, data, _ = check(cli, HANDS / "premature-turn-robert.yaml")
    assert code == 0
    ruling = only_ruling(data)
    assert any("set it aside" in step for step in ruling["steps"])
    assert data["board"][3:] == ["9s", "Qs"]
    assert_before_after(data, {"Anna": 4900, "Ben": 4700, "Carla": 5400, "Dan": 5000})


@pytest.mark.parametrize("rules", ["tda", "robert"])
def test_tda_rp5c_premature_river_redealt_without_a_burn(cli, rules):
    code, data, _ = check(cli, HANDS / "premature-river.yaml", "--rules", rules)
    assert code == 0
    assert "without burning" in only_ruling(data)["steps"][-1]
    assert data["board"][4] == "Kd"
    assert_before_after(data, {"Anna": 4950, "Ben": 3850, "Carla": 6200, "Dan": 5000})


# ------------------------------------------------------------------------ four-card flop


def test_tda_39a_four_card_flop_three_of_the_four_are_the_flop(cli):
    code, data, _ = check(cli, HANDS / "four-card-flop.yaml")
    assert code == 0
    assert only_ruling(data)["rule"].startswith("TDA 39A")
    assert data["board"][:3] == ["Ah", "2d", "Ks"]
    assert_before_after(data, {"Anna": 5200, "Ben": 4800, "Carla": 5000, "Dan": 5000})


def test_tda_39a_four_card_flop_new_cards_on_the_flop_are_refused(cli):
    code, data, err = check(cli, HANDS / "four-card-flop-robert.yaml", "--rules", "tda")
    assert code == 1 and data["rule"] == "TDA 39A"
    assert "not three of the four cards" in err


def test_tda_39a_the_fourth_card_is_the_burn_and_never_comes_back(cli, tmp_path):
    path = write(
        tmp_path,
        ["Carla fold", "Dan fold", "Anna call", "Ben check", "flop 2c 7c 8d Td",
         "flop 2c 7c 8d", "Anna check", "Ben check", "turn Td"],
    )  # fmt: skip
    code, data, err = check(cli, path)
    assert code == 1 and data["rule"] == "TDA 39A"
    assert "burn" in err


def test_robert_hold_em_3_four_card_flop_is_redealt_from_the_deck(cli):
    code, data, _ = check(cli, HANDS / "four-card-flop-robert.yaml")
    assert code == 0
    assert only_ruling(data)["rule"].startswith("RRoP Hold'em 3")
    assert data["board"] == ["9h", "7c", "5d"]  # 7c was one of the four: shuffled back
    assert_before_after(data, {"Anna": 4800, "Ben": 5200, "Carla": 5000, "Dan": 5000})


def test_tda_39a_four_card_flop_before_the_betting_is_over_is_refused(cli, tmp_path):
    path = write(tmp_path, ["Carla call", "flop 2c 7c 8d Td"])
    code, _, err = check(cli, path)
    assert code == 2 and "premature flop" in err


# ------------------------------------------------------------------------ own cards


@pytest.mark.parametrize("rules", ["tda", "robert"])
def test_tda_68_player_exposing_own_cards_keeps_a_live_hand(cli, rules):
    code, data, _ = check(cli, HANDS / "player-exposes.yaml", "--rules", rules)
    assert code == 0
    assert only_ruling(data)["misdeal"] is False
    assert "Carla" in data["hands"]  # still live at the showdown
    assert_before_after(data, {"Anna": 4950, "Ben": 5250, "Carla": 4800, "Dan": 5000})


def test_tda_68_a_folded_player_cannot_expose_a_live_hand(cli, tmp_path):
    path = write(tmp_path, ["Carla fold", "Carla exposes"])
    code, _, err = check(cli, path)
    assert code == 2 and "has folded" in err


# ------------------------------------------------------------------------ output


def test_rules_in_the_file_and_the_override(cli):
    code, data, _ = check(cli, HANDS / "premature-turn-robert.yaml", "--rules", "tda")
    assert code == 0  # under TDA the set-aside card is no constraint
    assert only_ruling(data)["rule"].startswith("TDA RP-5B")
    result = cli("hand", "check", str(HANDS / "premature-flop.yaml"), "--rules", "wsop")
    assert result.exit_code == 2 and "--rules" in result.stderr


def test_human_output_shows_each_ruling_with_its_steps(cli):
    result = cli("hand", "check", str(HANDS / "exposed-two-cards-misdeal.yaml"))
    assert result.exit_code == 0
    out = result.stdout
    assert "Rulings:" in out and "Line 12:" in out and "Line 13: MISDEAL." in out
    assert "1. Stop the deal and announce a misdeal." in out
    assert "ends in a misdeal on line 13: every chip goes back" in out


def test_lines_after_an_exposed_card_misdeal_show_the_ruling_first(cli, tmp_path):
    text = (HANDS / "exposed-card-misdeal.yaml").read_text()
    hand = tmp_path / "h.yaml"
    hand.write_text(text + "  - Carla call\n  - Dan fold\n")
    result = cli("hand", "check", hand)
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert lines[0] == "Rulings:" and "MISDEAL." in lines[1] and "TDA 35A-7" in lines[1]
    assert "does not belong to this hand: it ended in a misdeal on line 12" in result.stderr
    assert "re-deal as a new hand" in result.stderr
