"""Burn errors on the turn and river and players dealt too few cards (issue 23 item 3):
`turn C without burn`, `river C after two burns`, `short card WHO`. Each test is named after
the rule it proves (RRoP Hold'em 5; TDA 37, 35A, 38).
"""

from __future__ import annotations

import pytest

from tests.test_hand_lines import bad_input, ruled
from tests.test_hand_rulings import START, check, write

PRE = ["Carla call", "Dan call", "Anna call", "Ben check", "flop 2c 7s 9h"]
ROUND = ["Anna check", "Ben check", "Carla check", "Dan check"]


def only(data, kind):
    (ruling,) = [r for r in data["rulings"] if r["irregularity"] == kind]
    return ruling


def test_rrop_holdem_5_a_turn_without_burn_not_yet_acted_on_becomes_the_burn(cli, tmp_path):
    actions = [*PRE, *ROUND, "turn Jc without burn", "turn 5d", *ROUND, "river 3h", *ROUND]
    data = ruled(cli, write(tmp_path, actions))
    ruling = only(data, "missed-burn")
    assert ruling["rule"] == "TDA 1; RRoP Hold'em 5" and ruling["line"] == 18
    assert "Jc was the burn card: it stays out of play, face down." in ruling["steps"]
    assert data["board"] == ["2c", "7s", "9h", "5d", "3h"]


def test_rrop_holdem_5_the_card_made_the_burn_cannot_come_back(cli, tmp_path):
    actions = [*PRE, *ROUND, "turn Jc without burn", "turn 5d", *ROUND, "river Jc"]
    code, data, _ = check(cli, write(tmp_path, actions))
    assert code == 1 and data["rule"] == "RRoP Hold'em 5" and data["line"] == 24
    assert "was put aside as out of play" in data["allowed"]


def test_rrop_holdem_5_a_turn_without_burn_acted_on_stands_and_two_burns_come_next(cli, tmp_path):
    actions = [*PRE, *ROUND, "turn Jc without burn", *ROUND, "river 3h", *ROUND]
    data = ruled(cli, write(tmp_path, actions), "--rules", "robert")
    ruling = only(data, "missed-burn")
    assert ruling["rule"] == "RRoP Hold'em 5"
    assert ruling["steps"] == [
        "A player has acted on the turn, so Jc stands.",
        "To make the river the card it would have been, burn two cards before the river.",
    ]
    assert data["board"][3] == "Jc"


def test_rrop_holdem_5_a_turn_after_two_burns_acted_on_stands_and_the_river_has_no_burn(
    cli, tmp_path
):
    actions = [*PRE, *ROUND, "turn Jc after two burns", *ROUND, "river 3h", *ROUND]
    ruling = only(ruled(cli, write(tmp_path, actions)), "extra-burn")
    assert ruling["steps"][-1] == (
        "To make the river the card it would have been, deal the river without burning."
    )


def test_rrop_holdem_5_a_river_after_two_burns_is_corrected_to_the_second_burn(cli, tmp_path):
    actions = [*PRE, *ROUND, "turn Jc", *ROUND, "river 3h after two burns", "river Kd", *ROUND]
    data = ruled(cli, write(tmp_path, actions))
    assert "the burned card plays" in only(data, "extra-burn")["summary"]
    assert data["board"][-1] == "Kd"


@pytest.mark.parametrize(
    "actions, says",
    [
        pytest.param([*PRE, "turn Jc without burn"], "write `premature turn Jc` instead",
                     id="before-the-flop-betting-ends"),
        pytest.param(["Carla call", "river 3h without burn"], "is out of order", id="order"),
        pytest.param([*PRE, *ROUND, "turn Jc 5d without burn"], "write the one turn card",
                     id="two-cards"),
    ],
)  # fmt: skip
def test_rrop_holdem_5_a_burn_error_line_that_cannot_happen_is_bad_input(
    cli, tmp_path, actions, says
):
    assert says in bad_input(cli, write(tmp_path, actions))


def test_tda_37_the_button_dealt_a_card_short_is_given_the_next_card(cli, tmp_path):
    actions = ["short card Dan", *PRE, *ROUND, "turn Jc", *ROUND, "river 3h", *ROUND]
    data = ruled(cli, write(tmp_path, actions))
    ruling = only(data, "short-card")
    assert ruling["rule"] == "TDA 37" and not ruling["misdeal"]
    assert data["stacks"]["Ben"] == 5300  # the hand played on, Ben's trips win


def test_tda_37_the_button_short_a_card_is_still_fixed_after_substantial_action(cli, tmp_path):
    hole = {1: "Ah Ad", 2: "Kh Kd", 3: "Qh Qd", 4: "Jh Jd", 5: "Th Td", 6: "8h 8d"}
    seats = "".join(f"  {k}: {{name: P{k}, stack: 1000, cards: {c}}}\n" for k, c in hole.items())
    lines = ["P3 call", "P4 call", "P5 fold", "short card P6", "P6 fold", "P1 fold", "P2 check",
             "flop 2c 7s 9h", "P2 check", "P3 check", "P4 check", "turn Jc", "P2 check",
             "P3 check", "P4 check", "river 3h", "P2 check", "P3 check", "P4 check", "P3 mucks",
             "P4 mucks"]  # fmt: skip
    path = tmp_path / "six.yaml"
    path.write_text(
        "blinds: 50/100\nbutton: 6\nseats:\n" + seats + "actions:\n"
        + "".join(f"  - {a}\n" for a in lines)
    )  # fmt: skip
    data = ruled(cli, path)
    ruling = only(data, "short-card")
    assert ruling["summary"] == "The button is given the missing card; no misdeal."
    assert ruling["rule"] == "TDA 37"  # three actions in turn came first (TDA 36)


def test_tda_37_the_button_acting_on_too_few_cards_has_a_dead_hand(cli, tmp_path):
    actions = [
        "Carla call",
        "Dan call",
        "short card Dan",
        "Anna call",
        "Ben check",
        "flop 2c 7s 9h",
        *ROUND[:3],
        "turn Jc",
        *ROUND[:3],
        "river 3h",
        *ROUND[:3],
    ]
    data = ruled(cli, write(tmp_path, actions))
    assert only(data, "short-card")["summary"] == "Dan acted with too few cards: the hand is dead."
    assert data["stacks"]["Dan"] == 4900 and data["stacks"]["Ben"] == 5300


def test_tda_35a_another_player_short_a_card_before_substantial_action_is_a_misdeal(cli, tmp_path):
    data = ruled(cli, write(tmp_path, ["Carla call", "short card Anna"]))
    assert only(data, "short-card")["misdeal"] is True
    assert data["stacks"] == START


def test_tda_35d_38_another_player_short_after_substantial_action_has_a_dead_hand(cli, tmp_path):
    actions = ["Carla call", "Dan call", "short card Anna", "Ben check", "flop 2c 7s 9h",
               "Ben check", "Carla check", "Dan check", "turn Jc", "Ben check", "Carla check",
               "Dan check", "river 3h", "Ben check", "Carla check", "Dan check"]  # fmt: skip
    data = ruled(cli, write(tmp_path, actions))
    ruling = only(data, "short-card")
    assert ruling["rule"].startswith("TDA 35A-5, 35C; TDA 35D, 36")
    assert data["stacks"]["Anna"] == 4950  # her small blind stays in the pot
