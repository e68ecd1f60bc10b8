"""A wrong count of the pot in pot-limit that a player bets on (TDA 52B): `dealer counts the
pot N` (or `WHO counts the pot N`), `WHO acts on it`, `wrong count noticed`. The Addendum's
three examples are in tests/test_tda_addendum_examples.py; these are the other cases.
"""

from __future__ import annotations

import pytest

from tests.test_hand_lines import bad_input, ruled

HEADS_UP = """\
game: pot-limit
blinds: 50/100
button: 2
seats:
  1: {name: Anna, stack: 5000, cards: Ah Kd}
  2: {name: Ben, stack: 5000, cards: 9s 9c}
actions:
"""
FLOP = ["Ben raise 300", "Anna call", "flop 2c 7d Jh", "Anna check"]
"""The flop pot is 600 and Ben, on the button, is to act."""
TO_RIVER = ["turn 5s", "Anna check", "Ben check", "river 8h", "Anna check", "Ben check"]


def write(tmp_path, actions, header=HEADS_UP):
    path = tmp_path / "hand.yaml"
    path.write_text(header + "".join(f"  - {a}\n" for a in actions))
    return path


def pot_count(data):
    (ruling,) = [r for r in data["rulings"] if r["irregularity"] == "pot-count"]
    return ruling


def test_tda_52b_a_count_too_low_is_corrected_before_substantial_action(cli, tmp_path):
    # One call after the bet is one action: not substantial action, so Ben makes it the pot
    # and Anna, who called 400, faces the other 200.
    actions = [
        *FLOP,
        "dealer counts the pot 400",
        "Ben acts on it",
        "Anna call",
        "wrong count noticed",
        "Anna call",
        *TO_RIVER,
    ]
    data = ruled(cli, write(tmp_path, actions))
    ruling = pot_count(data)
    assert ruling["summary"] == "Ben's bet is corrected to 600." and ruling["rule"] == "TDA 52B"
    assert "Anna's call of 400 comes back: Anna acts again on the 600 bet." in ruling["steps"]
    assert data["stacks"] == {"Anna": 4100, "Ben": 5900}


def test_tda_52b_a_count_too_high_is_reduced_for_the_callers(cli, tmp_path):
    actions = [*FLOP, "Anna counts the pot 900", "Ben acts on it", "Anna call"]
    data = ruled(cli, write(tmp_path, [*actions, "wrong count noticed", *TO_RIVER]))
    ruling = pot_count(data)
    assert ruling["summary"] == "Ben's bet is reduced to the pot, 600."
    assert "Ben asked for a count of the pot and Anna said 900" in ruling["steps"][0]
    assert data["stacks"] == {"Anna": 4100, "Ben": 5900}


def test_tda_52b_a_bet_on_a_count_nobody_noticed_stands(cli, tmp_path):
    actions = [*FLOP, "dealer counts the pot 900", "Ben puts 900", "Anna call", *TO_RIVER]
    data = ruled(cli, write(tmp_path, actions))
    ruling = pot_count(data)
    assert ruling["line"] == 13 and ruling["summary"] == "Ben's bet to 900 stands."
    assert data["stacks"] == {"Anna": 3800, "Ben": 6200}


def test_tda_52b_a_raise_on_a_count_is_a_raise_of_the_pot_after_the_call(cli, tmp_path):
    # Facing 200 into 600, the pot after the call is 1,000: a pot raise is to 1,200. Told 800,
    # Ben raises to 1,000; noticed before anyone acts, it is made 1,200.
    actions = [
        "Ben raise 300",
        "Anna call",
        "flop 2c 7d Jh",
        "Anna bet 200",
        "dealer counts the pot 800",
        "Ben acts on it",
        "wrong count noticed",
        "Anna fold",
    ]
    data = ruled(cli, write(tmp_path, actions))
    assert pot_count(data)["summary"] == "Ben's raise is corrected to 1,200."
    assert data["returned"] == {"Ben": 1000}


def test_tda_54a_the_pot_is_counted_in_pot_limit_only(cli, tmp_path):
    header = HEADS_UP.replace("game: pot-limit", "game: no-limit")
    path = write(tmp_path, [*FLOP, "dealer counts the pot 600", "Ben acts on it"], header)
    assert "in pot-limit only" in bad_input(cli, path) and "TDA 54A" in bad_input(cli, path)


def test_tda_52b_wrong_count_noticed_needs_a_bet_on_a_count(cli, tmp_path):
    path = write(tmp_path, [*FLOP, "Ben bet 600", "wrong count noticed", "Anna fold"])
    assert "no bet was made on a wrong count" in bad_input(cli, path)


def test_tda_52b_the_count_needs_the_players_next_line(cli, tmp_path):
    path = write(tmp_path, [*FLOP, "dealer counts the pot 500", "turn 5s"])
    assert "`Ben acts on it`" in bad_input(cli, path)


# ------------------------------------------------------------- chips found behind (TDA 62)

BEHIND = """\
blinds: 100/200
button: 3
seats:
  1: {name: Anna, stack: 3000, cards: Ah Kd}
  2: {name: Ben, stack: 6000, cards: 9s 9c}
  3: {name: Carla, stack: 6000}
actions:
  - Carla fold
  - Anna call
  - Ben check
  - flop 2c 7d Jh
"""


def behind(data):
    (ruling,) = [r for r in data["rulings"] if r["irregularity"] == "chips-found-behind"]
    return ruling


def test_tda_62_an_all_in_player_who_wins_is_not_paid_off_for_chips_found_behind(cli, tmp_path):
    header = BEHIND.replace("Ah Kd", "Jc Js")  # Anna wins with a set of jacks
    actions = ["Anna all-in", "Ben call", "chips found behind Anna 500", "turn 5s", "river 8h"]
    data = ruled(cli, write(tmp_path, actions, header))
    ruling = behind(data)
    assert ruling["rule"] == "TDA 62" and ruling["line"] == 14
    assert ruling["summary"] == (
        "Anna's 500 chips found behind are not part of the action; Anna keeps them."
    )
    assert data["stacks"] == {"Anna": 5500, "Ben": 3500, "Carla": 6000}  # 2,300 called, not 2,800


def test_tda_62_chips_found_behind_do_not_save_a_player_who_loses(cli, tmp_path):
    actions = ["Anna all-in", "Ben call", "chips found behind Anna 500", "turn 5s", "river 8h"]
    data = ruled(cli, write(tmp_path, actions, BEHIND))
    assert "they go to the winning caller, Ben" in behind(data)["steps"][-1]
    assert data["stacks"] == {"Anna": 0, "Ben": 9000, "Carla": 6000}


def test_tda_62_chips_found_behind_need_an_all_in_that_was_called(cli, tmp_path):
    path = write(tmp_path, ["Anna all-in", "chips found behind Anna 500", "Ben call"], BEHIND)
    assert "nobody has called Anna's all-in yet" in bad_input(cli, path)
    path = write(tmp_path, ["Anna bet 200", "chips found behind Anna 500"], BEHIND)
    assert "Anna is not all-in" in bad_input(cli, path)
    path = write(tmp_path, ["Anna all-in", "Ben call", "chips found behind Anna 2800"], BEHIND)
    assert "fewer chips than that" in bad_input(cli, path)


def test_tda_52b_a_corrected_bet_exports_as_ruled_and_pokerkit_agrees(cli, tmp_path):
    pytest.importorskip("pokerkit")
    import tomllib
    import warnings

    from pokerkit import HandHistory

    header = HEADS_UP.replace("game: pot-limit", "game: pot-limit\nvariant: omaha")
    header = header.replace("Ah Kd", "Ah Kd Qs Jc").replace("9s 9c", "9s 9c 8d 7s")
    actions = [*FLOP, "dealer counts the pot 400", "Ben acts on it", "Anna call",
               "wrong count noticed", "Anna call", *TO_RIVER]  # fmt: skip
    result = cli("hand", "export", write(tmp_path, actions, header), "--phh")
    assert result.exit_code == 0, result.output
    data = tomllib.loads(result.stdout)
    assert [a for a in data["actions"] if a.startswith("p") and "cbr 600" in a] == ["p2 cbr 600"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = HandHistory.loads(result.stdout)
    assert list(state.stacks) == data["finishing_stacks"] == [4100, 5900]


def test_tda_52b_a_count_of_no_bet_in_pot_limit_points_to_the_pot_count(cli, tmp_path):
    path = write(tmp_path, [*FLOP, "dealer counts 600", "Ben acts on it"])
    assert "write `dealer counts the pot 600` (TDA 52B)" in bad_input(cli, path)
