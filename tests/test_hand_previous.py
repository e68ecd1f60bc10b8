"""The hand before (issue 23): a `previous:` block gives the button and blinds of the last
hand, and `hand check` rules on where they belong this hand, with the rule: the dead button
(TDA 32), going heads-up (TDA 34B), a button in the wrong place (TDA 34A), and the house's
choice of a moving button. The placement itself is a property of `tdtool.rules.button`."""

from __future__ import annotations

import textwrap

from hypothesis import given
from hypothesis import strategies as st

from tdtool.rules.button import Positions, expected
from tests.conftest import EXAMPLES
from tests.test_hand_rulings import check

HANDS = EXAMPLES / "hands"


def placement(data):
    (ruling,) = [r for r in data["rulings"] if r["irregularity"] == "button-placement"]
    return ruling


def test_tda_32_dead_button_from_the_hand_before(cli):
    code, data, _ = check(cli, HANDS / "tda-32-dead-button-previous-hand.yaml")
    assert code == 0
    ruling = placement(data)
    assert ruling["line"] == 10 and ruling["rule"] == "TDA 32" and not ruling["misdeal"]
    assert ruling["summary"] == (
        "The button and blinds are where they belong: button seat 2, small blind none, big"
        " blind seat 4."
    )
    assert "there is no small blind this hand (dead small blind)" in ruling["steps"][1]


def test_tda_34b_heads_up_nobody_has_the_big_blind_twice_running(cli):
    code, data, _ = check(cli, HANDS / "tda-34b-heads-up-button.yaml")
    assert code == 0
    ruling = placement(data)
    assert ruling["rule"] == "TDA 34B"
    assert ruling["summary"] == (
        "The button and blinds are where they belong: button and small blind seat 3, big blind"
        " seat 1."
    )
    assert ruling["steps"][-1] == (
        "Nobody has the big blind twice running: seat 3 had it last hand, so seat 1 has it now."
    )


def test_tda_34a_button_moved_twice_stands_after_substantial_action(cli):
    code, data, text = check(cli, HANDS / "tda-34a-button-moved-twice.yaml")
    assert code == 0 and data["stacks"]["Anna"] == 5400  # the hand plays on as dealt
    ruling = placement(data)
    assert ruling["rule"] == "TDA 32, 34A"
    assert ruling["summary"] == (
        "The button and blinds belong on button seat 2, small blind seat 3, big blind seat 4;"
        " this hand had button seat 3, small blind seat 4, big blind seat 1."
    )
    assert ruling["steps"][-1].startswith("Substantial action came on line 17: noticed after")


def test_tda_34a_without_substantial_action_the_error_was_still_to_correct(cli, tmp_path):
    text = (HANDS / "tda-32-dead-button-previous-hand.yaml").read_text()
    text = text.replace("button: 2\nsmall_blind: none\nbig_blind: 4\n", "button: 1\n")
    text = text.split("actions:\n")[0] + "actions:\n  - Anna fold\n  - Ben fold\n"
    path = tmp_path / "h.yaml"
    path.write_text(text)
    code, data, _ = check(cli, path)
    assert code == 0
    ruling = placement(data)
    assert "this hand had button seat 1, small blind seat 2, big blind seat 4" in ruling["summary"]
    assert ruling["steps"][-1].startswith("No substantial action came in this hand")


def test_tda_32_house_choice_moving_button_moves_the_button_on_instead(cli, tmp_path):
    house = tmp_path / "moving.yaml"
    house.write_text("base: tda\nname: Home game\nchoices:\n  button_movement: moving-button\n")
    hand = HANDS / "tda-32-dead-button-previous-hand.yaml"
    code, data, _ = check(cli, hand, "--rules", str(house))
    assert code == 0
    ruling = placement(data)
    assert ruling["rule"] == (
        "house rule (Home game: button_movement moving-button); TDA 32 set aside, 34A"
    )
    assert ruling["summary"].startswith(
        "The button and blinds belong on button seat 2, small blind seat 4, big blind seat 1;"
    )


def test_previous_block_mistakes_name_the_line(cli, tmp_path):
    base = (HANDS / "tda-34b-heads-up-button.yaml").read_text()
    cases = [
        ("previous: {button: 1, big_blind: 1}", "the big blind needs a seat of its own"),
        ("previous: {button: 1, small_blind: 2}", "`previous` has no `big_blind`"),
        ("previous: {button: 1, small_blind: 2, big_blind: 3, ante: 5}", "unknown key `ante`"),
        ("previous: {button: 11, small_blind: 2, big_blind: 3}", "previous button"),
    ]
    for block, says in cases:
        path = tmp_path / "h.yaml"
        path.write_text(base.replace("previous: {button: 1, small_blind: 2, big_blind: 3}", block))
        result = cli("hand", "check", path)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith(f"Error: {path}:8: "), result.stderr
        assert says in result.stderr and "Traceback" not in result.output


def test_tda_32_dead_button_needs_the_seat_of_the_last_small_blind(cli, tmp_path):
    text = textwrap.dedent(
        """\
        blinds: 100/200
        button: 2
        previous: {button: 1, small_blind: none, big_blind: 3}
        seats:
          1: {name: Anna, stack: 5000}
          2: {name: Ben, stack: 5000}
          3: {name: Carla, stack: 5000}
        actions:
          - Ben fold
          - Carla fold
        """
    )
    path = tmp_path / "h.yaml"
    path.write_text(text)
    result = cli("hand", "check", path)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Error: {path}:3: `previous`: the dead button needs the seat")


SEATS = st.lists(st.integers(1, 10), min_size=2, max_size=10, unique=True).map(sorted)


@given(SEATS, st.integers(1, 10), st.integers(1, 10), st.integers(1, 10))
def test_tda_32_34b_the_big_blind_never_falls_on_the_same_player_twice(seats, button, sb, bb):
    if len({button, sb, bb}) < 3:
        return
    try:
        found = expected(seats, Positions(button, sb, bb)).positions
    except ValueError:
        return
    assert found.big_blind in seats and found.big_blind != bb  # moves on, never repeats
    if found.small_blind is not None:
        assert found.small_blind in seats and found.small_blind != found.big_blind
    if len(seats) == 2:  # heads-up: the button is the small blind and both are the other seat
        assert found.button == found.small_blind != found.big_blind
    for movement in ("dead-button", "moving-button"):
        moved = expected(seats, Positions(button, sb, bb), movement).positions
        assert moved.big_blind in seats and moved.big_blind != moved.small_blind
