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


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text() | st.integers() | st.booleans() | st.none(), inner, max_size=4)
    ),
    max_leaves=30,
)


@given(JSON)
def test_emit_json_prints_what_json_dumps_prints(data):
    import json

    from tdtool.cli.render import dumps_indented

    assert dumps_indented(data) == json.dumps(data, indent=2, ensure_ascii=False)


ROWS = st.lists(
    st.fixed_dictionaries(
        {
            "table": st.integers(),
            "button": st.none() | st.integers(1, 10),
            "at": st.none() | st.floats(),
            "seats": st.dictionaries(st.text(), st.text() | st.integers(), max_size=10),
            "tags": st.lists(st.booleans() | st.text(), max_size=3) | st.tuples(JSON),
            "nested": JSON,
        }
    ),
    max_size=6,
)


@given(st.fixed_dictionaries({"tables": ROWS, "unseated": st.lists(st.text(), max_size=3)}))
def test_emit_json_prints_rows_of_tables_as_json_dumps_does(data):
    """The shortcuts for `seat show --json` (one template for dicts with the same keys, the C
    encoder for a dict or list of plain values) print what json.dumps prints."""
    import json

    from tdtool.cli.render import dumps_indented

    assert dumps_indented(data) == json.dumps(data, indent=2, ensure_ascii=False)


def test_emit_json_prints_subclasses_of_plain_values_as_json_dumps_does():
    import enum
    import json

    from tdtool.cli.render import dumps_indented

    class Level(enum.IntEnum):
        ONE = 1

    class Word(enum.StrEnum):
        PAUSED = "paused"

    data = [
        {"a": Level.ONE, "b": Word.PAUSED, "c": [Level.ONE, Word.PAUSED, True, None]},
        {"a": float("nan"), "b": float("-inf"), "c": {Word.PAUSED: 1e16, 1.5: -0.0}},
    ]
    assert dumps_indented(data) == json.dumps(data, indent=2, ensure_ascii=False)


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
