"""Pots and showdown (shared/rules.md "Pots and showdown"): side pots, returns, odd chips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdtool.rules.pots import Pot, collect, split, uncalled


def test_tda_21_side_pots_a_50_b_150_c_300_d_300():
    pots, returned = collect({1: 50, 2: 150, 3: 300, 4: 300}, live=[1, 2, 3, 4], order=[1, 2, 3, 4])
    assert pots == (Pot(200, (1, 2, 3, 4)), Pot(300, (2, 3, 4)), Pot(300, (3, 4)))
    assert returned == {}


def test_tda_21_uncalled_bet_goes_back_before_pots_are_formed():
    pots, returned = collect({1: 1600, 2: 600}, live=[1], order=[1, 2])
    assert returned == {1: 1000}
    assert pots == (Pot(1200, (1,)),)


def test_folded_players_chips_stay_in_as_dead_money_but_they_win_nothing():
    pots, _ = collect({1: 100, 2: 400, 3: 400}, live=[2, 3], order=[1, 2, 3])
    assert pots == (Pot(900, (2, 3)),)


def test_a_folded_players_partial_bet_never_makes_a_pot_of_its_own():
    # C all-in for 100; A and B bet 300, then B folds after putting in 250 more than C
    pots, returned = collect({1: 300, 2: 250, 3: 100}, live=[1, 3], order=[1, 2, 3])
    assert returned == {1: 50}
    assert pots == (Pot(300, (1, 3)), Pot(300, (1,)))


def test_rp_11_big_blind_ante_is_dead_money_in_the_main_pot():
    pots, _ = collect({1: 3000, 2: 3000, 3: 1000}, live=[1, 2, 3], order=[1, 2, 3], dead=500)
    assert pots == (Pot(3500, (1, 2, 3)), Pot(4000, (1, 2)))


def test_tda_20_odd_chip_example_main_3025_a_1025_b_1000_c_1000():
    assert split(3025, winners=["A", "B", "C"], chip=25) == (("A", 1025), ("B", 1000), ("C", 1000))
    assert split(2000, winners=["B", "C"], chip=25) == (("B", 1000), ("C", 1000))


def test_tda_20_odd_chips_one_each_in_turn_clockwise_from_the_button():
    assert split(100, winners=["X", "Y", "Z"], chip=25) == (("X", 50), ("Y", 25), ("Z", 25))
    assert split(175, winners=["X", "Y", "Z"], chip=25) == (("X", 75), ("Y", 50), ("Z", 50))


@pytest.mark.parametrize("amount", [1, 7, 99, 3025, 10_001])
@pytest.mark.parametrize("chip", [1, 5, 25])
def test_split_hands_out_every_chip(amount, chip):
    shares = split(amount, winners=[1, 2, 3], chip=chip)
    assert sum(c for _, c in shares) == amount


def _uncalled_by_definition(contributions):
    """TDA 21 as written: the largest contribution, less the next largest, if only one made it."""
    if not contributions:
        return None
    top = max(contributions.values())
    seats = [seat for seat, c in contributions.items() if c == top]
    second = max((c for c in contributions.values() if c != top), default=0)
    return (seats[0], top - second) if len(seats) == 1 and top > second else None


@given(
    st.dictionaries(
        st.integers(min_value=1, max_value=10), st.integers(min_value=0, max_value=50), max_size=10
    )
)
def test_tda_21_uncalled_part_is_the_top_contribution_less_the_next_one(contributions):
    assert uncalled(contributions) == _uncalled_by_definition(contributions)
