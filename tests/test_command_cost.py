"""Shortcuts taken so that commands cost the same at 20 or 20,000 entries give the same answers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

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


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4)
    | st.tuples(inner, inner)
    | st.dictionaries(st.text() | st.integers() | st.booleans() | st.none(), inner, max_size=4),
    max_leaves=30,
)


@given(JSON)
def test_emit_json_prints_what_json_dumps_prints(data):
    import json

    from tdtool.cli.render import dumps_indented

    assert dumps_indented(data) == json.dumps(data, indent=2, ensure_ascii=False)
