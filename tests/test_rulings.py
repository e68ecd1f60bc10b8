"""Rulings on irregularities: TDA 2024 and Robert's Rules, each ruling named after its rule."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tdtool.rules.rulings import (
    Irregularity,
    Profile,
    card_off_deck,
    deal_order,
    has_action_begun,
    is_substantial_action,
    misdeal_barred,
    rule_boxed_card,
    rule_declared_misdeal,
    rule_duplicate_card,
    rule_exposed_card,
    rule_extra_card,
    rule_flop_without_burn,
    rule_four_card_flop,
    rule_player_exposes,
    rule_premature_flop,
    rule_premature_river,
    rule_premature_turn,
)

TDA, ROBERT = Profile.TDA, Profile.ROBERT

# ---------------------------------------------------------------- TDA 36 substantial action


@pytest.mark.parametrize(
    ("actions", "substantial"),
    [
        pytest.param([], False, id="nothing-yet"),
        pytest.param(["fold"], False, id="one-fold"),
        pytest.param(["raise"], False, id="a-raise-alone"),
        pytest.param(["all-in"], False, id="an-all-in-alone"),
        pytest.param(["fold", "fold"], False, id="fold-fold"),
        pytest.param(["check", "check"], False, id="check-check"),
        pytest.param(["check", "fold"], False, id="check-fold"),
        pytest.param(["fold", "check"], False, id="fold-check"),
        pytest.param(["call", "fold"], True, id="call-fold"),
        pytest.param(["fold", "call"], True, id="fold-call"),
        pytest.param(["fold", "raise"], True, id="fold-raise"),
        pytest.param(["check", "bet"], True, id="check-bet"),
        pytest.param(["call", "call"], True, id="call-call"),
        pytest.param(["fold", "fold", "fold"], True, id="three-folds"),
        pytest.param(["check", "check", "check"], True, id="three-checks"),
        pytest.param(["fold", "check", "fold"], True, id="fold-check-fold"),
        pytest.param(["blind", "blind", "fold"], False, id="blinds-do-not-count"),
        pytest.param(["ante", "blind", "blind", "fold", "fold"], False, id="antes-do-not-count"),
        pytest.param(["blind", "blind", "call", "fold"], True, id="blinds-then-call-fold"),
    ],
)
def test_tda_36_substantial_action_table(actions, substantial):
    assert is_substantial_action(actions) is substantial


@pytest.mark.parametrize(
    ("actions", "begun"),
    [
        ([], False),
        (["raise"], False),
        (["fold", "fold"], True),
        (["check", "check"], True),
        (["blind", "blind", "fold"], False),
    ],
)
def test_robert_misdeals_1_action_begins_after_two_players_act(actions, begun):
    assert has_action_begun(actions) is begun


def test_misdeal_barred_differs_by_profile_on_two_folds():
    assert misdeal_barred(TDA, ["fold", "fold"]) is False
    assert misdeal_barred(ROBERT, ["fold", "fold"]) is True


def test_substantial_action_refuses_an_unknown_action():
    with pytest.raises(ValueError):
        is_substantial_action(["dance"])


# ---------------------------------------------------------------- which card off the deck


def test_tda_34b_deal_starts_left_of_the_button_and_the_button_is_dealt_last():
    assert deal_order([2, 4, 7, 9], button=7) == (9, 2, 4, 7)
    assert deal_order([1, 2], button=1) == (2, 1)  # heads-up: the button (SB) is dealt last


def test_card_off_deck_counts_round_the_table_twice():
    order = deal_order([1, 2, 3, 4], button=4)  # 1 is the small blind, dealt first
    assert [card_off_deck(order, seat, 1) for seat in order] == [1, 2, 3, 4]
    assert [card_off_deck(order, seat, 2) for seat in order] == [5, 6, 7, 8]


# ---------------------------------------------------------------- exposed card on the deal


@pytest.mark.parametrize("profile", [TDA, ROBERT])
@pytest.mark.parametrize("card", [1, 2])
def test_tda_35a7_first_two_cards_off_the_deck_exposed_is_a_misdeal(profile, card):
    ruling = rule_exposed_card(profile, card_off_deck=card, exposed_before=0, line=7)
    assert ruling.misdeal is True
    assert ruling.line == 7 and ruling.irregularity is Irregularity.EXPOSED_CARD
    assert ("TDA 35A-7" if profile is TDA else "RRoP Hold'em 1") in ruling.rule
    assert any("button does not move" in step for step in ruling.steps)


@pytest.mark.parametrize("profile", [TDA, ROBERT])
def test_tda_35a7_one_other_exposed_card_is_replaced_and_used_as_the_burn(profile):
    ruling = rule_exposed_card(profile, card_off_deck=5, exposed_before=0, who="Ben")
    assert ruling.misdeal is False
    assert any("burn" in step for step in ruling.steps)
    assert any("Ben" in step and "next card" in step for step in ruling.steps)


@pytest.mark.parametrize("profile", [TDA, ROBERT])
def test_tda_35a7_two_other_down_cards_exposed_is_a_misdeal(profile):
    ruling = rule_exposed_card(profile, card_off_deck=6, exposed_before=1)
    assert ruling.misdeal is True


def test_tda_35d_no_misdeal_for_an_exposed_first_card_after_substantial_action():
    ruling = rule_exposed_card(TDA, card_off_deck=1, exposed_before=0, actions=["call", "fold"])
    assert ruling.misdeal is False
    assert "35D" in ruling.rule
    assert "too late" in ruling.steps[0]


def test_robert_misdeals_1_two_folds_already_bar_the_misdeal():
    before = rule_exposed_card(TDA, card_off_deck=1, exposed_before=0, actions=["fold", "fold"])
    after = rule_exposed_card(ROBERT, card_off_deck=1, exposed_before=0, actions=["fold", "fold"])
    assert before.misdeal is True
    assert after.misdeal is False and "RRoP Misdeals 1" in after.rule


# ---------------------------------------------------------------- boxed cards


@pytest.mark.parametrize("profile", [TDA, ROBERT])
def test_tda_35a1_one_boxed_card_is_replaced(profile):
    ruling = rule_boxed_card(profile, boxed_before=0)
    assert ruling.misdeal is False
    assert any("scrap of paper" in step for step in ruling.steps)


@pytest.mark.parametrize("profile", [TDA, ROBERT])
def test_tda_35a1_two_boxed_cards_on_the_deal_is_a_misdeal(profile):
    assert rule_boxed_card(profile, boxed_before=1).misdeal is True


# ---------------------------------------------------------------- declared misdeal


def test_tda_35a_declared_misdeal_before_substantial_action():
    ruling = rule_declared_misdeal(TDA, "wrong seat", actions=["fold"])
    assert ruling.misdeal is True and ruling.irregularity is Irregularity.MISDEAL
    assert "wrong seat" in ruling.summary


def test_tda_35d_declared_misdeal_after_substantial_action_plays_on():
    ruling = rule_declared_misdeal(TDA, "wrong seat", actions=["raise", "call"])
    assert ruling.misdeal is False
    assert any("Play the hand to its end" in step for step in ruling.steps)


def test_tda_35e_a_fouled_deck_voids_the_hand_even_after_substantial_action():
    ruling = rule_declared_misdeal(TDA, "duplicate Ah", actions=["raise", "call", "call"])
    assert ruling.misdeal is True and ruling.irregularity is Irregularity.DUPLICATE_CARD
    assert rule_duplicate_card(ROBERT).misdeal is True


# ---------------------------------------------------------------- premature board cards


@pytest.mark.parametrize("profile", [TDA, ROBERT])
def test_tda_rp5a_premature_flop_keeps_the_burn_and_redeals_without_one(profile):
    ruling = rule_premature_flop(profile)
    assert ruling.misdeal is False
    assert ruling.rule.startswith("TDA RP-5A" if profile is TDA else "RRoP Hold'em 6")
    assert "without burning" in ruling.steps[-1]


def test_tda_rp5b_premature_turn_is_reshuffled_and_redealt_without_a_burn():
    ruling = rule_premature_turn(TDA)
    assert "RP-5B" in ruling.rule
    assert any("shuffle it" in step for step in ruling.steps)
    assert not any("set it aside" in step for step in ruling.steps)


def test_robert_premature_turn_set_aside_then_shuffled_back_for_the_river():
    ruling = rule_premature_turn(ROBERT)
    assert any("set it aside" in step for step in ruling.steps)
    assert any("would have been the river" in step for step in ruling.steps)
    assert "river without burning" in ruling.steps[-1]


@pytest.mark.parametrize("profile", [TDA, ROBERT])
def test_tda_rp5c_premature_river_redealt_without_a_burn(profile):
    ruling = rule_premature_river(profile)
    assert ruling.misdeal is False
    assert "without burning" in ruling.steps[-1]


# ---------------------------------------------------------------- irregular flops


def test_tda_39a_four_card_flop_scrambled_one_becomes_the_burn():
    ruling = rule_four_card_flop(TDA)
    assert ruling.rule.startswith("TDA 39A")
    assert any("at random" in step for step in ruling.steps)


def test_robert_hold_em_3_four_card_flop_is_redealt():
    ruling = rule_four_card_flop(ROBERT)
    assert any("dealt again" in step for step in ruling.steps)
    assert not any("at random" in step for step in ruling.steps)


def test_tda_39b_flop_without_burn_before_action_is_scrambled():
    ruling = rule_flop_without_burn(TDA, acted_on_flop=False)
    assert any("becomes the burn" in step for step in ruling.steps)


@pytest.mark.parametrize("profile", [TDA, ROBERT])
def test_tda_39b_flop_without_burn_after_action_stands(profile):
    ruling = rule_flop_without_burn(profile, acted_on_flop=True)
    assert "stands" in ruling.steps[0]


def test_robert_hold_em_4_flop_without_burn_reshuffles():
    ruling = rule_flop_without_burn(ROBERT, acted_on_flop=False)
    assert ruling.rule == "RRoP Hold'em 4"
    assert any("Burn a card and deal a new flop" in step for step in ruling.steps)


# ---------------------------------------------------------------- extra card, own cards


def test_tda_35a5_extra_card_to_the_first_player_is_a_misdeal():
    assert rule_extra_card(TDA).misdeal is True


def test_robert_hold_em_2_one_extra_card_becomes_the_burn():
    ruling = rule_extra_card(ROBERT)
    assert ruling.misdeal is False
    assert any("burn" in step for step in ruling.steps)


def test_robert_hold_em_2_two_extra_cards_is_a_misdeal():
    assert rule_extra_card(ROBERT, extra_cards=2).misdeal is True


def test_tda_38_extra_card_after_substantial_action_kills_that_hand():
    ruling = rule_extra_card(TDA, actions=["raise", "call"], who="Anna")
    assert ruling.misdeal is False
    assert any("Anna" in step and "dead" in step for step in ruling.steps)


@pytest.mark.parametrize("profile", [TDA, ROBERT])
def test_tda_68_player_exposing_own_cards_keeps_a_live_hand(profile):
    ruling = rule_player_exposes(profile, who="Carla")
    assert ruling.misdeal is False
    assert "stays live" in ruling.steps[0]


def test_ruling_to_dict_has_the_json_keys_of_the_spec():
    ruling = rule_premature_flop(TDA, line=9)
    assert set(ruling.to_dict()) >= {"line", "irregularity", "misdeal", "rule", "steps"}
    assert ruling.to_dict()["irregularity"] == "premature-flop"


# ---------------------------------------------------------------- invariants (Hypothesis)


ACTS = st.lists(st.sampled_from(["fold", "check", "call", "bet", "raise", "all-in"]), max_size=6)


@given(ACTS, ACTS)
def test_tda_36_once_substantial_action_has_happened_it_stays(before, after):
    if is_substantial_action(before):
        assert is_substantial_action(before + after)


@given(ACTS)
def test_robert_threshold_is_reached_no_later_than_tda_36(actions):
    if is_substantial_action(actions):
        assert has_action_begun(actions)


@given(st.sets(st.integers(1, 10), min_size=2), st.integers(1, 10))
def test_each_hole_card_has_its_own_place_off_the_deck(seats, button):
    order = deal_order(seats, button)
    places = sorted(card_off_deck(order, s, w) for s in seats for w in (1, 2))
    assert places == list(range(1, 2 * len(seats) + 1))


@given(
    st.lists(st.sampled_from(["fold", "call"]), max_size=3),
    st.sampled_from(list(Profile)),
)
def test_a_misdeal_returns_every_chip_and_is_allowed_only_before_the_threshold(acts, profile):
    from tdtool.io.hand_yaml import parse_hand
    from tdtool.rules.hand import Replay

    assume(acts != ["fold"] * 3)  # then Ben has won and the hand is over
    players = ["Carla", "Dan", "Anna"]  # pre-flop order with the button on seat 4
    text = (
        f"rules: {profile}\nblinds: 50/100\nbutton: 4\nseats:\n"
        "  1: {name: Anna, stack: 1000}\n  2: {name: Ben, stack: 1000}\n"
        "  3: {name: Carla, stack: 1000}\n  4: {name: Dan, stack: 1000}\nactions:\n"
        + "".join(f"  - {who} {act}\n" for who, act in zip(players, acts, strict=False))
        + "  - misdeal wrong seat\n"
    )
    state = Replay(parse_hand(text, "h.yaml"))
    for record in state.hand.lines:
        state.apply(record)
    (ruling,) = state.floor.rulings
    assert ruling.misdeal is not misdeal_barred(profile, acts)
    if ruling.misdeal:
        result = state.finish()
        assert dict(result.stacks) == dict(result.start) and result.pots == ()
