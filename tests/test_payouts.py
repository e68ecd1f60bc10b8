"""Prize pool, the default payout curve, rounding and tie shares (tdtool/tournament/payouts.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.errors import InputError, RuleError
from tdtool.tournament.payouts import (
    PayoutTable,
    TableRow,
    curve_shares,
    payouts,
    places_paid,
    prize_pool,
    round_amounts,
    share_tie,
)
from tdtool.tournament.terms import Terms


def test_prize_pool_counts_entries_rebuys_and_addons_at_their_prize_part_only():
    terms = Terms(buy_in=100, fee=20, rebuy_price=50, rebuy_fee=5, addon_price=40, addon_fee=4)
    pool = prize_pool(terms, entries=30, rebuys=10, addons=12)
    assert pool.collected == 30 * 100 + 10 * 50 + 12 * 40
    assert pool.total == pool.collected
    assert pool.overlay == 0


def test_prize_pool_is_topped_up_to_the_guarantee():
    pool = prize_pool(Terms(buy_in=100, guarantee=5000), entries=42)
    assert (pool.collected, pool.total, pool.overlay) == (4200, 5000, 800)


def test_prize_pool_over_the_guarantee_has_no_overlay():
    pool = prize_pool(Terms(buy_in=100, guarantee=5000), entries=60)
    assert (pool.total, pool.overlay) == (6000, 0)


def test_negative_counts_are_bad_input():
    with pytest.raises(InputError):
        prize_pool(Terms(buy_in=100), entries=-1)


@pytest.mark.parametrize(
    ("terms", "entries", "paid"),
    [
        pytest.param(Terms(), 100, 13, id="default-one-in-eight-rounded-up"),
        pytest.param(Terms(), 8, 1, id="default-small-field"),
        pytest.param(Terms(), 9, 2, id="default-nine"),
        pytest.param(Terms(percent_paid=15), 100, 15, id="percent"),
        pytest.param(Terms(percent_paid=10), 101, 11, id="percent-rounds-up"),
        pytest.param(Terms(places_paid=3), 50, 3, id="fixed"),
        pytest.param(Terms(places_paid=5), 3, 3, id="never-more-than-entries"),
        pytest.param(Terms(), 0, 0, id="no-entries"),
    ],
)
def test_places_paid_follow_the_terms(terms, entries, paid):
    assert places_paid(terms, entries) == paid


def test_default_curve_pays_between_10_and_15_percent_of_large_fields():
    for entries in (100, 500, 1000, 10_000):
        assert 0.10 <= places_paid(Terms(), entries) / entries <= 0.15


def test_default_curve_is_close_to_the_published_50_30_20_for_three_places():
    shares = [round(100 * s) for s in curve_shares(3, 24)]
    assert shares == [50, 29, 21]


def test_default_curve_is_steep_at_the_top_of_a_festival_field():
    shares = curve_shares(1286, 8569)
    assert 0.11 < shares[0] < 0.16  # WSOP 2019 Main Event: 12.4 %
    assert shares[1] / shares[0] > 0.5
    min_cash_in_buy_ins = shares[-1] * 8569
    assert 1.5 <= min_cash_in_buy_ins < 2.5


def test_every_paid_place_gets_at_least_the_min_cash_floor():
    shares = curve_shares(13, 100)
    assert min(shares) >= 1.5 / 100


def test_winner_takes_all_when_one_place_is_paid():
    assert [p.amount for p in payouts(Terms(), 800, 5)] == [800]


def test_rounding_puts_the_leftover_units_on_the_top_places():
    assert round_amounts([Fraction(1, 3)] * 3, 100, 1) == (34, 33, 33)
    assert round_amounts([Fraction(1, 3)] * 3, 200, 1) == (67, 67, 66)


def test_a_pool_that_is_not_a_multiple_of_the_unit_gives_the_piece_to_the_winner():
    amounts = round_amounts([5, 3, 2], 1005, 10)
    assert amounts == (505, 300, 200)
    assert all(a % 10 == 0 for a in amounts[1:])


def test_user_table_shares_are_used_for_the_field_size():
    table = PayoutTable(
        "home",
        (
            TableRow(2, 9, (Fraction(70), Fraction(30))),
            TableRow(10, None, (Fraction(50), Fraction(30), Fraction(20))),
        ),
    )
    assert [p.amount for p in payouts(Terms(), 900, 9, table)] == [630, 270]
    assert [p.amount for p in payouts(Terms(), 1000, 10, table)] == [500, 300, 200]


def test_a_table_without_a_row_for_the_field_is_refused():
    table = PayoutTable("home", (TableRow(10, None, (Fraction(100),)),))
    with pytest.raises(RuleError, match="no row for 5 entries"):
        payouts(Terms(), 500, 5, table)


def test_table_round_trips_through_its_dict():
    table = PayoutTable("t", (TableRow(3, None, (Fraction(100, 3),) * 3),))
    assert PayoutTable.from_dict(table.to_dict()) == table


@settings(max_examples=100, deadline=None)
@given(
    entries=st.integers(min_value=2, max_value=10_000),
    buy_in=st.integers(min_value=1, max_value=10_000),
    rounding=st.integers(min_value=1, max_value=5_000),
    guarantee=st.integers(min_value=0, max_value=10_000_000),
    percent=st.none() | st.floats(min_value=1, max_value=100),
)
def test_payouts_sum_exactly_to_the_pool_and_never_increase(
    entries, buy_in, rounding, guarantee, percent
):
    terms = Terms(buy_in=buy_in, rounding=rounding, guarantee=guarantee, percent_paid=percent)
    pool = prize_pool(terms, entries).total
    amounts = [p.amount for p in payouts(terms, pool, entries)]
    assert sum(amounts) == pool
    assert all(lower <= higher for higher, lower in zip(amounts, amounts[1:], strict=False))
    assert all(a % rounding == 0 for a in amounts[1:])
    assert len(amounts) == places_paid(terms, entries)


@settings(max_examples=200, deadline=None)
@given(
    shares=st.lists(st.integers(min_value=1, max_value=1000), min_size=1, max_size=60).map(
        lambda xs: sorted(xs, reverse=True)
    ),
    pool=st.integers(min_value=0, max_value=10**9),
    unit=st.integers(min_value=1, max_value=10**6),
)
def test_rounding_any_non_increasing_shares_is_exact_and_non_increasing(shares, pool, unit):
    amounts = round_amounts(shares, pool, unit)
    assert sum(amounts) == pool
    assert list(amounts) == sorted(amounts, reverse=True)


def test_tda_rp8_hand_for_hand_tie_shares_both_places_prizes():
    # 2nd and 3rd pay 300 and 200: two players busting on the same hand-for-hand hand share 500.
    assert share_tie([500, 300, 200], 2, ["Ben", "Ada"]) == {"Ben": 250, "Ada": 250}


def test_tie_on_the_bubble_shares_the_last_prize_with_the_unpaid_place():
    assert share_tie([500, 300, 200], 3, ["Ben", "Ada"]) == {"Ben": 100, "Ada": 100}


def test_tie_odd_unit_goes_to_the_first_player_in_the_order_given():
    assert share_tie([500, 301, 200], 2, ["Ben", "Ada"]) == {"Ben": 251, "Ada": 250}
    assert share_tie([500, 301, 200], 2, ["Ada", "Ben"]) == {"Ada": 251, "Ben": 250}


def test_tie_splits_in_rounding_units_and_keeps_the_sum():
    shares = share_tie([900, 500, 310, 200], 2, ["A", "B", "C"], unit=20)
    # 1010 = 50 units of 20 and a piece of 10: 16 units each, the 2 spare units to A and B,
    # the piece to the next in line, C.
    assert shares == {"A": 340, "B": 340, "C": 330}


@given(
    amounts=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=20),
    best=st.integers(min_value=1, max_value=25),
    tied=st.integers(min_value=1, max_value=8),
    unit=st.integers(min_value=1, max_value=1000),
)
def test_tied_players_share_exactly_the_sum_of_their_places(amounts, best, tied, unit):
    names = [f"P{i}" for i in range(tied)]
    shares = share_tie(amounts, best, names, unit)
    expected = sum(amounts[p - 1] for p in range(best, best + tied) if p <= len(amounts))
    assert sum(shares.values()) == expected
    assert max(shares.values()) - min(shares.values()) <= unit
