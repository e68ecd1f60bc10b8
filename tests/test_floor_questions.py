"""The floor's questions (docs/hand-file.md, "Floor questions"): chips put out, words said,
out of turn, an extra card, a flop without a burn, playing the board. Each test is named after
the rule it proves; the table is four players at 50/100, 5000 each, button on seat 4 (Anna small
blind, Ben big blind, Carla first to act).
"""

from __future__ import annotations

import json

import pytest

from tdtool.rules.chips import Facing, read_chips, read_declaration, unclear_amount
from tdtool.rules.rulings import Profile
from tests.test_hand_rulings import START, check, write

FOLD_OUT = ["Dan fold", "Anna fold", "Ben fold"]


def ruled(cli, tmp_path, actions, *options, header=""):
    code, data, err = check(cli, write(tmp_path, actions, header), *options)
    assert code == 0, err
    assert sum(data["stacks"].values()) == sum(START.values())
    return data


def rulings(data):
    return [(r["irregularity"], r["rule"]) for r in data["rulings"]]


def summary(data, k=0):
    return data["rulings"][k]["summary"]


# ------------------------------------------------------------------- chips put out


CHECK_DOWN = ["flop 2c 7d Jh", "Carla check", "Dan check", "turn 5s", "Carla check",
              "Dan check", "river 8h", "Carla check", "Dan check"]  # fmt: skip


def test_tda_41b_chips_equal_to_the_call_are_a_call(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla raise 300", "Dan puts 300", "Anna fold", "Ben fold",
                                 *CHECK_DOWN])  # fmt: skip
    assert data["rulings"][0]["irregularity"] == "chips-put-out"
    assert "a call of 300" in summary(data)
    assert data["stacks"]["Carla"] == 5000 - 300 + 750


def test_tda_43a_fourteen_hundred_into_a_thousand_is_a_call(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla raise 1000", "Dan puts 1400", *FOLD_OUT[1:], *CHECK_DOWN])
    assert "a call of 1,000" in summary(data)
    assert data["stacks"]["Dan"] == 5000 - 1000  # the 400 came back; Carla's queens win
    assert data["rulings"][0]["rule"] == "TDA 43A"


def test_tda_43a_half_a_raise_or_more_must_be_a_full_raise(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla raise 1000", "Dan puts 1500", *FOLD_OUT[1:], "Carla fold"])
    assert "a raise to 1,900" in summary(data)  # 1000 + a full 900 raise
    assert data["stacks"]["Dan"] == 5000 + 1000 + 150


def test_tda_44_a_single_oversized_chip_without_a_word_is_a_call(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla raise 300", "Dan puts chips 1000", *FOLD_OUT[1:],
                                 *CHECK_DOWN])  # fmt: skip
    assert rulings(data)[0] == ("overchip", "TDA 44, 41C")
    assert data["stacks"]["Dan"] == 5000 - 300


def test_tda_44_an_oversized_chip_with_raise_declared_is_the_most_the_chip_allows(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla raise 300", "Dan says raise", "Dan puts chips 1000",
                                 *FOLD_OUT[1:], "Carla fold"])  # fmt: skip
    assert "declared raise" in summary(data)
    assert "a raise to 1,000" in summary(data, 1)
    assert data["returned"] == {"Dan": 700}


def test_tda_44_an_overchip_with_nothing_to_call_is_a_bet_of_the_chip(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla call", "Dan call", "Anna call", "Ben check",
                                 "flop 2c 7d Jh", "Anna puts chips 500", "Ben fold", "Carla fold",
                                 "Dan fold"])  # fmt: skip
    assert "a bet of 500" in summary(data)
    assert data["returned"] == {"Anna": 500}


def test_tda_45a_every_chip_needed_is_a_call_even_with_the_last_chips(cli, tmp_path):
    short = "blinds: 50/100\n"
    path = tmp_path / "h.yaml"
    path.write_text(
        short + "button: 2\nseats:\n  1: {name: A, stack: 5000, cards: Ah Kh}\n"
        "  2: {name: B, stack: 2100, cards: Qc Qd}\nactions:\n  - B call\n  - A check\n"
        "  - flop 2c 7h 9d\n  - A bet 1050\n  - B puts chips 1000 1000\n  - turn 3s\n"
        "  - A check\n  - B check\n  - river 4d\n  - A check\n  - B check\n"
    )
    code, data, _ = check(cli, path)
    assert code == 0
    assert data["rulings"][0]["irregularity"] == "multiple-chips"
    assert "a call of 1,050" in summary(data) and "all-in" not in summary(data)


def test_tda_45b2_last_chips_not_all_needed_are_all_in(cli, tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text(
        "blinds: 50/100\nbutton: 2\nseats:\n  1: {name: A, stack: 5000, cards: Ah Kh}\n"
        "  2: {name: B, stack: 1600, cards: Qc Qd}\nactions:\n  - B call\n  - A check\n"
        "  - flop 2c 7h 9d\n  - A bet 1000\n  - B puts chips 1000 500\n  - A call\n"
        "  - turn 3s\n  - river 4d\n"
    )
    code, data, _ = check(cli, path)
    assert code == 0
    assert data["rulings"][0]["rule"] == "TDA 45B-2"
    assert "all-in" in summary(data)
    assert data["stacks"]["B"] == 3200


def test_tda_61_over_betting_for_change_is_a_raise(cli, tmp_path):
    # Rule 61's example: facing 325, one 500 and one 25 (525) silently is a raise to 650.
    data = ruled(cli, tmp_path, ["Carla call", "Dan call", "Anna call", "Ben check",
                                 "flop 2c 7d Jh", "Anna bet 325", "Ben puts chips 500 25",
                                 "Carla fold", "Dan fold", "Anna fold"])  # fmt: skip
    assert "a raise to 650" in summary(data)
    assert "61" in data["rulings"][0]["rule"]


def test_tda_42_56_a_second_motion_is_a_string_bet_and_does_not_count(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla puts 300", "Carla puts 500", *FOLD_OUT])
    assert rulings(data) == [("chips-put-out", "TDA 43A"), ("string-bet", "TDA 42, 56")]
    assert data["returned"] == {"Carla": 200} and data["stacks"]["Carla"] == 5150


def test_tda_53a_a_binding_out_of_turn_declaration_is_one_ruling_for_its_line(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Dan says raise 400 out of turn", "Carla call", "Anna fold",
                                 "Ben fold", "Carla fold"])  # fmt: skip
    (ruling,) = data["rulings"]
    assert ruling["rule"] == "TDA 53A; TDA 43B" and "a raise to 400" in ruling["summary"]


def test_tda_46b_pulling_back_prior_chips_binds_a_call_or_raise(cli, tmp_path):
    path = write(tmp_path, ["Carla raise 300", "Dan fold", "Anna fold", "Ben pulls back",
                            "Ben fold"])  # fmt: skip
    code, data, _ = check(cli, path)
    assert code == 1
    assert data["rule"] == "TDA 46B" and data["line"] == 13


# ------------------------------------------------------------------- words said


def test_tda_51a_saying_call_binds_the_full_call(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla raise 800", "Dan says call", "Dan puts 300",
                                 *FOLD_OUT[1:], *CHECK_DOWN])  # fmt: skip
    assert [r["irregularity"] for r in data["rulings"]] == ["declaration", "declaration"]
    assert "adds 500 more" in data["rulings"][1]["steps"][1]
    assert data["stacks"]["Dan"] == 5000 - 800


def test_tda_43b_raise_and_an_amount_is_the_total(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla raise 2000", "Dan says raise 8000"] + FOLD_OUT[1:]
                 + ["Carla fold"])  # fmt: skip
    assert "a raise to 8,000" in summary(data) or "(all-in)" in summary(data)


def test_tda_55a_saying_call_with_no_bet_is_a_check(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla call", "Dan fold", "Anna call", "Ben says call",
                                 "flop 2c 7d Jh", "Anna check", "Ben check", "Carla check",
                                 "turn 5s", "Anna check", "Ben check", "Carla check", "river 8h",
                                 "Anna check", "Ben check", "Carla check"])  # fmt: skip
    assert rulings(data) == [("declaration", "TDA 55A")]


def test_tda_55_saying_check_facing_a_bet_may_call_or_fold_but_not_raise(cli, tmp_path):
    path = write(tmp_path, ["Carla raise 300", "Dan says check", "Dan raise 900"])
    code, data, _ = check(cli, path)
    assert code == 1 and data["rule"] == "TDA 55"


def test_tda_55b_saying_raise_with_no_bet_binds_a_minimum_bet(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla call", "Dan call", "Anna call", "Ben check",
                                 "flop 2c 7d Jh", "Anna says raise", "Anna puts 50", "Ben fold",
                                 "Carla fold", "Dan fold"])  # fmt: skip
    assert "a bet of 100" in summary(data, 1)


def test_tda_54d_saying_pot_in_no_limit_binds_a_minimum_bet(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla call", "Dan call", "Anna call", "Ben check",
                                 "flop 2c 7d Jh", "Anna says pot", "Ben fold", "Carla fold",
                                 "Dan fold"])  # fmt: skip
    assert rulings(data) == [("declaration", "TDA 54D")]
    assert "a bet of 100" in summary(data)


def test_tda_54_saying_pot_in_pot_limit_is_the_pot(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla says pot", "Dan fold", "Anna fold", "Ben fold"],
                 header="game: pot-limit\n")  # fmt: skip
    assert "a raise to 350" in summary(data)


def test_tda_57_an_unclear_amount_is_the_highest_reasonable_up_to_the_pot():
    f = Facing("A", 0, 100_000, 0, 400, True, None, False, False, (), 4800, 400)
    assert unclear_amount(5, f) == 500
    assert unclear_amount(5, Facing("A", 0, 100_000, 0, 400, True, None, False, False, (),
                                    5000, 400)) == 5000  # fmt: skip
    reading = read_declaration(f, Profile.TDA, "amount", 5)
    assert reading is not None and reading.to == 500 and "57" in reading.ruling.rule


def test_tda_57_words_for_amounts_are_read(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla says fourteen hundred", *FOLD_OUT])
    assert "a raise to 1,400" in summary(data)
    assert data["rulings"][0]["rule"].startswith("TDA 40C")


def test_tda_40a_chips_first_then_words_the_chips_define_the_bet(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla raise 300", "Dan puts chips 1000", "Dan says raise",
                                 *FOLD_OUT[1:], *CHECK_DOWN])  # fmt: skip
    assert rulings(data)[1] == ("declaration", "TDA 40A")
    assert data["stacks"]["Dan"] == 5000 - 300


# ------------------------------------------------------------------- undercalls


def test_tda_51b_undercall_heads_up_is_a_full_call(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla fold", "Dan fold", "Anna call", "Ben raise 400",
                                 "Anna puts 100", "flop 2c 7d Jh", "Anna check", "Ben check",
                                 "turn 5s", "Anna check", "Ben check", "river 8h", "Anna check",
                                 "Ben check"])  # fmt: skip
    assert rulings(data) == [("undercall", "TDA 51B")]
    assert data["stacks"]["Anna"] == 5000 - 400


def test_rrop_a_short_call_is_always_corrected(cli, tmp_path):
    actions = ["Carla call", "Dan raise 400", "Anna call", "Ben call", "Carla raise 1200",
               "Dan puts 100", "Anna fold", "Ben fold", *CHECK_DOWN]  # fmt: skip
    data = ruled(cli, tmp_path, actions, "--rules", "robert")
    assert data["rulings"][0]["irregularity"] == "undercall"
    assert data["rulings"][0]["rule"].startswith("RRoP")
    assert data["stacks"]["Dan"] == 5000 - 1200
    data = ruled(cli, tmp_path, actions)  # TDA: facing a raise multi-way, the TD's call
    assert data["rulings"][0]["rule"] == "TDA 51B, TD's discretion"


# ------------------------------------------------------------------- out of turn


def test_tda_53_an_action_by_the_wrong_player_without_the_suffix_stays_exit_1(cli, tmp_path):
    code, data, _ = check(cli, write(tmp_path, ["Dan call"]))
    assert code == 1 and data["rule"] == "TDA 53"


def test_tda_53a_an_out_of_turn_fold_is_binding(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Dan fold out of turn", "Carla raise 300", "Anna fold",
                                 "Ben fold"])  # fmt: skip
    assert rulings(data) == [("out-of-turn", "TDA 53A, 58")]
    assert data["stacks"]["Dan"] == 5000


HEADS_UP_FLOP = ["Carla raise 300", "Dan fold", "Anna fold", "Ben call", "flop 2c 7d Jh"]


def test_tda_53a_an_out_of_turn_fold_that_leaves_one_player_ends_the_hand(cli, tmp_path):
    # Heads-up on the flop Ben acts first; Carla folds before him. The fold binds at once, so
    # Ben is the only live hand: he wins the pot without acting.
    data = ruled(cli, tmp_path, [*HEADS_UP_FLOP, "Carla fold out of turn"])
    assert rulings(data) == [("out-of-turn", "TDA 53A, 58")]
    assert summary(data) == "Carla folded out of turn: the fold is binding, so Ben wins the pot."
    assert data["stacks"] == {"Anna": 4950, "Ben": 5350, "Carla": 4700, "Dan": 5000}


def test_tda_53a_a_line_after_an_out_of_turn_fold_ended_the_hand_is_bad_input(cli, tmp_path):
    # Before, Ben's fold here was played and Carla, whose hand was already dead, won the pot.
    code, _, err = check(cli, write(tmp_path, [*HEADS_UP_FLOP, "Carla fold out of turn",
                                               "Ben fold"]))  # fmt: skip
    assert code == 2
    assert "hand.yaml:15" in err and "after the hand is over (everyone but Ben has folded)" in err


def test_tda_53a_an_out_of_turn_fold_binds_when_the_players_before_it_fold(cli, tmp_path):
    # Multi-way: Dan folds out of turn, then Anna and Ben fold in turn: Carla is the last live
    # hand and wins; Dan's dead hand never comes back to life.
    data = ruled(cli, tmp_path, ["Carla call", "Dan call", "Anna call", "Ben check",
                                 "flop 2c 7d Jh", "Dan fold out of turn", "Anna fold",
                                 "Ben fold"])  # fmt: skip
    assert data["stacks"] == {"Anna": 4900, "Ben": 4900, "Carla": 5300, "Dan": 4900}
    assert data["rulings"][0]["summary"] == "Dan folded out of turn: the fold is binding."


def test_tda_53a_blinds_folded_out_of_turn_stay_in_the_pot_for_the_last_player(cli, tmp_path):
    # Everyone but Carla folds out of turn before she acts: each fold binds, the blinds are dead
    # money and go to Carla (none of Ben's big blind comes back to him: his hand is dead).
    data = ruled(cli, tmp_path, ["Anna fold out of turn", "Ben fold out of turn",
                                 "Dan fold out of turn"])  # fmt: skip
    assert data["stacks"] == {"Anna": 4950, "Ben": 4900, "Carla": 5150, "Dan": 5000}
    assert data["returned"] == {}
    assert data["pots"][0]["winners"] == ["Carla"] and data["pots"][0]["amount"] == 150
    assert summary(data, 2).endswith("so Carla wins the pot.")


SIX_MAX = """\
blinds: 50/100
button: 6
seats:
  1: {name: Ann, stack: 5000, cards: Ah Kh}
  2: {name: Bo, stack: 5000, cards: 9c 9d}
  3: {name: Cy, stack: 5000, cards: Qc Qd}
  4: {name: Di, stack: 5000, cards: 4s 3s}
  5: {name: Ed, stack: 5000, cards: 7c 2d}
  6: {name: Fay, stack: 5000, cards: 8h 8s}
actions:
"""


def test_tda_53b_an_out_of_turn_fold_whose_turn_has_passed_is_not_counted_again(cli, tmp_path):
    # Di folds out of turn while Cy is to act; Cy calls, so the action has passed Di. Then Fay
    # and Ann call out of turn past Ed: that is substantial action (two calls, TDA 36), and
    # Di's fold, behind Ed, is not one of the actions after him.
    actions = ["Di fold out of turn", "Cy call", "Fay call out of turn", "Ann call out of turn",
               "Ed fold", "Bo check", "flop 2c 7d Jh", "Ann check", "Bo check", "Cy check",
               "Fay check", "turn 5s", "Ann check", "Bo check", "Cy check", "Fay check",
               "river 3d", "Ann check", "Bo check", "Cy check", "Fay check"]  # fmt: skip
    path = tmp_path / "hand.yaml"
    path.write_text(SIX_MAX + "".join(f"  - {a}\n" for a in actions))
    code, data, err = check(cli, path)
    assert code == 0, err
    skipped = [r for r in data["rulings"] if r["rule"] == "TDA 53B, 36"]
    assert len(skipped) == 1 and "Ed" in skipped[0]["summary"]
    assert "(call, call)" in skipped[0]["steps"][1]
    assert data["stacks"]["Cy"] == 5000 + 300  # queens win the 400 pot


def test_rrop_a_check_out_of_turn_may_not_raise_when_the_action_changed(cli, tmp_path):
    actions = ["Carla call", "Dan call", "Anna call", "Ben check", "flop 2c 7d Jh",
               "Ben check out of turn", "Anna bet 200", "Ben raise 600"]  # fmt: skip
    code, data, _ = check(cli, write(tmp_path, actions), "--rules", "robert")
    assert code == 1 and data["rule"] == "RRoP Betting and Raising: action out of turn"
    code, data, _ = check(cli, write(tmp_path, [*actions[:-1], "Ben raise 600", "Carla fold",
                                                "Dan fold", "Anna fold"]))  # fmt: skip
    assert code == 0  # under the TDA every option is open again (53A)


def test_tda_53a_out_of_turn_on_the_player_to_act_is_bad_input(cli, tmp_path):
    code, _, err = check(cli, write(tmp_path, ["Carla call out of turn"]))
    assert code == 2 and "hand.yaml:" in err and "not out of turn" in err


# ------------------------------------------------------------------- extra card, burn, board


def test_tda_35a5_an_extra_card_before_substantial_action_is_a_misdeal(cli, tmp_path):
    data = ruled(cli, tmp_path, ["extra card Anna"])
    assert data["misdeal"] is True and data["stacks"] == START


def test_rrop_holdem_2_one_extra_card_to_the_first_player_is_the_burn(cli, tmp_path):
    data = ruled(cli, tmp_path, ["extra card Anna", "Carla raise 300", *FOLD_OUT], "--rules",
                 "robert")  # fmt: skip
    assert data["misdeal"] is False and data["rulings"][0]["rule"] == "RRoP Hold'em 2"


@pytest.mark.parametrize("extra", [["extra card Ben"], ["extra card Anna", "extra card Anna"]])
def test_rrop_holdem_2_an_extra_card_elsewhere_or_two_are_a_misdeal(cli, tmp_path, extra):
    data = ruled(cli, tmp_path, extra, "--rules", "robert")
    assert data["misdeal"] is True


def test_tda_38_an_extra_card_after_substantial_action_kills_that_hand(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla call", "Dan call", "extra card Anna", "Ben check",
                                 "flop 2c 7d Jh", "Ben check", "Carla check", "Dan check",
                                 "turn 5s", "Ben check", "Carla check", "Dan check", "river 8h",
                                 "Ben check", "Carla check", "Dan check"])  # fmt: skip
    assert data["rulings"][0]["misdeal"] is False
    assert "Anna" not in data["pots"][0]["eligible"]
    assert data["stacks"]["Anna"] == 4950


def test_tda_39b_a_flop_without_burn_is_scrambled_two_cards_stay(cli, tmp_path):
    pre = ["Carla call", "Dan call", "Anna call", "Ben check", "flop 2c 7d Jh without burn"]
    data = ruled(cli, tmp_path, [*pre, "flop 2c 7d Ks", "Anna bet 100", "Ben fold",
                                 "Carla fold", "Dan fold"])  # fmt: skip
    assert rulings(data) == [("flop-without-burn", "TDA 39B")]
    assert data["board"] == ["2c", "7d", "Ks"]
    code, data, _ = check(cli, write(tmp_path, [*pre, "flop 2c 7d Jh"]))
    assert code == 1 and data["rule"] == "TDA 39B"
    after = ["flop 2c 7d Ks", "Anna check", "Ben check", "Carla check", "Dan check", "turn Jh"]
    code, data, _ = check(cli, write(tmp_path, [*pre, *after]))
    assert code == 1 and data["rule"] == "TDA 39A"  # the scrambled-out card is the burn


def test_tda_39b_a_flop_without_burn_stands_once_someone_acted(cli, tmp_path):
    data = ruled(cli, tmp_path, ["Carla call", "Dan call", "Anna call", "Ben check",
                                 "flop 2c 7d Jh without burn", "Anna bet 100", "Ben fold",
                                 "Carla fold", "Dan fold"])  # fmt: skip
    assert data["rulings"][0]["steps"][0].startswith("Someone has already acted")
    assert data["board"] == ["2c", "7d", "Jh"]


def test_tda_19_playing_the_board_splits_and_cards_speak(cli, tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text(
        "blinds: 50/100\nbutton: 2\nseats:\n  1: {name: A, stack: 1000}\n"
        "  2: {name: B, stack: 1000, cards: 2c 3d}\nactions:\n  - B call\n  - A check\n"
        "  - flop As Ks Qs\n  - A check\n  - B check\n  - turn Js\n  - A check\n  - B check\n"
        "  - river Ts\n  - A check\n  - B check\n  - A plays the board\n  - B plays the board\n"
    )
    code, data, _ = check(cli, path)
    assert code == 0 and data["pots"][0]["winners"] == ["A", "B"]
    # Cards speak: A says board, but A's 9s makes a flush with the four spades on the board.
    path.write_text(path.read_text().replace("stack: 1000}", "stack: 1000, cards: 9s 8d}", 1))
    path.write_text(path.read_text().replace("river Ts", "river 2h"))
    code, data, _ = check(cli, path)
    assert code == 0 and data["pots"][0]["winners"] == ["A"]
    assert data["hands"]["A"]["description"].startswith("flush")


def test_tda_45_read_chips_is_pure_and_needs_no_table():
    f = Facing("B", 0, 10_000, 1100, 600, True, None, False, False, (500, 1100), 1850, 500)
    assert read_chips(f, Profile.TDA, chips=(1000, 100, 100, 100)).verb == "call"


FLOOR_IRREGULARITIES = [
    "chips-put-out", "overchip", "multiple-chips", "prior-chips", "undercall", "declaration",
    "out-of-turn", "extra-card", "flop-without-burn",
]  # fmt: skip


@pytest.mark.parametrize("name", FLOOR_IRREGULARITIES)
def test_every_floor_ruling_of_hand_check_is_in_the_rule_book(cli, name):
    result = cli("ruling", "show", name, "--json")
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.stdout)["rulings"]) == {"tda", "robert"}


@pytest.mark.parametrize("name", ["out-of-turn", "undercall", "declaration"])
def test_the_rule_book_gives_both_profiles_where_they_differ(cli, name):
    data = json.loads(cli("ruling", "show", name, "--json").stdout)
    assert data["differs"] is True
    assert data["rulings"]["tda"]["rule"].startswith("TDA")
    assert data["rulings"]["robert"]["rule"].startswith("RRoP")


def test_rrop_no_fold_after_an_undercall_the_short_call_is_corrected(cli):
    from tests.conftest import EXAMPLES

    path = EXAMPLES / "hands" / "tda-addendum" / "tda-51-example-1.yaml"
    code, data, _ = check(cli, path, "--rules", "robert")
    assert code == 1 and data["line"] == 20 and data["rule"].startswith("RRoP")


@pytest.mark.parametrize(
    ("game", "to", "rule"),
    [("pot-limit", 350, "TDA 45B-1, 43A, 52B"), ("limit", 200, "TDA 45B-1, 43A, 48")],
)
def test_tda_52b_48_chips_past_the_pot_or_the_limit_are_cut_to_it(cli, tmp_path, game, to, rule):
    data = ruled(cli, tmp_path, ["Carla puts chips 1000 1000", *FOLD_OUT], header=f"game: {game}\n")
    assert rulings(data) == [("multiple-chips", rule)]
    assert f"a raise to {to}" in summary(data)
    assert data["returned"] == {"Carla": to - 100}
