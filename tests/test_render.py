"""Tables drawn without tabulate look exactly as tabulate draws them."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from tdtool.cli.render import _simple_table, table

CELLS = st.one_of(
    st.none(),
    st.integers(-(10**7), 10**7),
    st.sampled_from(
        ["", "Anna", "+40", "-5", "1,000", "12,500", "2,000.50", "1.5", "50%", "True", " x ",
         "Level 3", "12:30", "1e3", "nan", "0x1F", "1_000", "é", "a\tb", "-", ".", "1,0000"]
    ),
    st.text(alphabet=string.ascii_letters + string.digits + " ,.+-%#:", max_size=7),
    st.floats(allow_nan=False, width=16),
    st.booleans(),
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.tuples(
            st.lists(st.lists(CELLS, min_size=n, max_size=n), min_size=1, max_size=5),
            st.lists(st.sampled_from(["player", "#", "Prize", "seat", "x", "Level"]),
                     min_size=n, max_size=n),
            st.none() | st.lists(st.sampled_from(["left", "right"]), min_size=n, max_size=n),
        )
    ),
    st.booleans(),
)  # fmt: skip
def test_a_table_drawn_without_tabulate_is_the_one_tabulate_draws(shape, numparse: bool) -> None:
    rows, headers, colalign = shape
    kwargs = {"disable_numparse": not numparse}
    if colalign is not None:
        kwargs["colalign"] = colalign
    drawn = _simple_table(rows, headers, **kwargs)
    if drawn is not None:
        assert drawn == tabulate(rows, headers=headers, tablefmt="simple", **kwargs)


def test_the_tables_commands_print_are_drawn_without_tabulate() -> None:
    payouts = [("1st", "1,000", "50.0%"), ("2nd", "600", "30.0%"), ("3rd", "400", "20.0%")]
    seats = [(1, "Anna"), (2, "Ben"), (9, "")]
    levels = [("1", "25/50", "", "20"), ("break", "", "", "10")]
    for rows, headers, kwargs in [
        (payouts, ["Place", "Prize", "Share"], {"colalign": ("left", "right", "right")}),
        (seats, ["seat", "player"], {}),
        (levels, ["level", "blinds", "ante", "minutes"], {"disable_numparse": True}),
    ]:
        drawn = _simple_table([list(r) for r in rows], headers, **kwargs)
        assert drawn is not None
        assert drawn == tabulate(rows, headers=headers, tablefmt="simple", **kwargs)
        assert table(rows, headers, **kwargs) == drawn


def test_a_table_only_tabulate_can_draw_goes_to_tabulate() -> None:
    rows = [("Anna", 1.5), ("Ben", 12.25)]
    assert _simple_table([list(r) for r in rows], ["player", "share"]) is None
    assert table(rows, ["player", "share"]) == tabulate(rows, headers=["player", "share"])
