"""Shortcuts taken so that commands cost the same at 20 or 20,000 entries give the same answers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tdtool.tournament.clock import ClockAction
from tdtool.tournament.payouts import paid_count, payouts
from tdtool.tournament.terms import Terms


@given(
    entries=st.integers(0, 3_000),
    pool=st.integers(0, 10**7),
    rounding=st.sampled_from([1, 5, 25, 100]),
    percent=st.one_of(st.none(), st.floats(1, 100)),
    places=st.one_of(st.none(), st.integers(1, 50)),
)
def test_paid_count_is_the_number_of_places_payouts_pays(entries, pool, rounding, percent, places):
    terms = Terms(rounding=rounding, percent_paid=percent, places_paid=places)
    assert paid_count(terms, pool, entries) == len(payouts(terms, pool, entries))


@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(list(ClockAction)),
            st.floats(0, 3_000),
            st.integers(-900, 900),
        ),
        max_size=12,
    ),
    later=st.floats(0, 20_000),
)
def test_a_clock_reading_from_its_settled_base_is_the_full_reading(steps, later):
    """What `clock run` and the TV page do at each refresh (View.derived(display_base))."""
    from tdtool.tournament.clock import ClockFact, reading, settle
    from tests.tournament_fixtures import STRUCTURE

    at, facts = 1_000.0, []
    for action, gap, seconds in steps:
        at += gap
        facts.append(ClockFact(action, at, float(seconds)))
    base = settle(facts, STRUCTURE)
    for now in (at, at + later):
        assert reading(facts, STRUCTURE, now, base) == reading(facts, STRUCTURE, now)
