"""Conditional statements (TDA 59): `WHO says if OTHER bets, I raise [N]`. tdtool rules one
binding when exactly its condition comes about and nothing else changes the action before the
player's turn; then the promised action is played, whatever the file's line says.
"""

from __future__ import annotations

import pytest

from tests.test_hand_lines import bad_input, ruled
from tests.test_hand_rulings import write

PRE = ["Carla call", "Dan call", "Anna call", "Ben check", "flop 2c 7s 9h"]
"""Four limp in; on the flop Anna acts first, then Ben, Carla and Dan (the button)."""
TO_RIVER = ["turn Jc", "Carla check", "Dan check", "river 3h", "Carla check", "Dan check"]


def conditional(data):
    (ruling,) = [r for r in data["rulings"] if r["irregularity"] == "conditional-statement"]
    return ruling


def test_tda_59_a_conditional_statement_binds_when_its_condition_comes_about(cli, tmp_path):
    actions = [
        *PRE,
        "Dan says if Carla bets, I raise",
        "Anna check",
        "Ben check",
        "Carla bet 200",
        "Dan call",
        "Anna fold",
        "Ben fold",
        "Carla call",
        *TO_RIVER,
    ]
    data = ruled(cli, write(tmp_path, actions))
    ruling = conditional(data)
    assert ruling["rule"] == "TDA 59" and ruling["line"] == 14
    assert ruling["summary"] == "Dan's conditional statement binds: a raise to 400."
    assert "`Dan call` (line 18) does not stand." in ruling["steps"]
    assert data["stacks"] == {"Anna": 4900, "Ben": 4900, "Carla": 5700, "Dan": 4500}


def test_tda_59_the_amount_said_sets_the_raise(cli, tmp_path):
    actions = [
        *PRE,
        "Dan says if Carla bets, I raise to 1000",
        "Anna check",
        "Ben check",
        "Carla bet 200",
        "Dan raise 1000",
        "Anna fold",
        "Ben fold",
        "Carla fold",
    ]
    data = ruled(cli, write(tmp_path, actions))
    assert conditional(data)["summary"].endswith("a raise to 1000.")
    assert not any("does not stand" in s for s in conditional(data)["steps"])
    assert data["returned"] == {"Dan": 800}


def test_tda_59_a_promised_raise_below_the_minimum_is_made_up_to_it(cli, tmp_path):
    actions = [
        *PRE,
        "Dan says if Carla bets, I raise 300",
        "Anna check",
        "Ben check",
        "Carla bet 200",
        "Dan call",
        "Anna fold",
        "Ben fold",
        "Carla fold",
    ]
    ruling = conditional(ruled(cli, write(tmp_path, actions)))
    assert "(below the minimum: made up to 400)" in " ".join(ruling["steps"])


def test_tda_59_a_statement_whose_condition_does_not_come_about_lapses(cli, tmp_path):
    actions = [
        *PRE,
        "Dan says if Carla bets, I raise",
        "Anna check",
        "Ben check",
        "Carla check",
        "Dan check",
        "turn Jc",
        "Anna check",
        "Ben check",
        "Carla check",
        "Dan check",
        "river 3h",
        "Anna check",
        "Ben check",
        "Carla check",
        "Dan check",
    ]
    ruling = conditional(ruled(cli, write(tmp_path, actions)))
    assert ruling["summary"] == (
        "Dan's conditional statement does not bind: Carla checks instead (line 17)."
    )


def test_tda_53_59_a_raise_after_the_condition_changes_the_action_so_it_lapses(cli, tmp_path):
    actions = [
        *PRE,
        "Dan says if Ben bets, I call",
        "Anna check",
        "Ben bet 200",
        "Carla raise 600",
        "Dan fold",
        "Anna fold",
        "Ben call",
        "turn Jc",
        "Ben check",
        "Carla check",
        "river 3h",
        "Ben check",
        "Carla check",
    ]
    ruling = conditional(ruled(cli, write(tmp_path, actions)))
    assert "the action Dan faces changed" in ruling["summary"]


def test_tda_59_a_conditional_fold_binds_the_fold(cli, tmp_path):
    actions = [
        *PRE,
        "Dan says if Carla bets, I fold",
        "Anna check",
        "Ben check",
        "Carla bet 200",
        "Dan call",
        "Anna fold",
        "Ben fold",
    ]
    data = ruled(cli, write(tmp_path, actions))
    assert conditional(data)["summary"] == "Dan's conditional statement binds: a fold."
    assert data["won_by_fold"] == "Carla"


def test_tda_59_robert_profile_reads_it_the_same_and_says_why(cli, tmp_path):
    actions = [
        *PRE,
        "Dan says if Carla bets, I raise",
        "Anna check",
        "Ben check",
        "Carla bet 200",
        "Dan call",
        "Anna fold",
        "Ben fold",
        "Carla fold",
    ]
    ruling = conditional(ruled(cli, write(tmp_path, actions), "--rules", "robert"))
    assert ruling["rule"] == "TDA 59 (Robert's Rules have no rule on conditional statements)"


def test_tda_59_the_betting_round_ending_first_lapses_it(cli, tmp_path):
    actions = [
        *PRE,
        "Anna check",
        "Ben check",
        "Carla check",
        "Dan says if Anna bets, I call",
        "Dan check",
        "turn Jc",
        "Anna check",
        "Ben check",
        "Carla check",
        "Dan check",
        "river 3h",
        "Anna check",
        "Ben check",
        "Carla check",
        "Dan check",
    ]
    ruling = conditional(ruled(cli, write(tmp_path, actions)))
    assert "Dan acted first" in ruling["summary"]


@pytest.mark.parametrize(
    "line, says",
    [
        ("Dan says if Carla bets, I dance", "say what the player will do then"),
        ("Dan says if Dan bets, I raise", "about another player"),
        ("Dan says if Carla smiles, I raise", "not a conditional statement tdtool reads"),
        ("Dan says if Carla bets, I call 300", "only a bet or a raise takes an amount"),
    ],
)
def test_tda_59_a_statement_tdtool_cannot_read_is_bad_input(cli, tmp_path, line, says):
    assert says in bad_input(cli, write(tmp_path, [*PRE, line]))


def test_tda_59_a_second_open_statement_by_the_same_player_is_bad_input(cli, tmp_path):
    actions = [*PRE, "Dan says if Carla bets, I raise", "Dan says if Carla checks, I bet"]
    assert "already made a conditional statement on line 14" in bad_input(
        cli, write(tmp_path, actions)
    )
