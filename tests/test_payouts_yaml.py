"""Payout tables from YAML (tdtool/io/payouts_yaml.py): good files load, bad ones name FILE:LINE."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tdtool.errors import InputError
from tdtool.io.payouts_yaml import load_payout_table, parse_payout_table

GOOD = """\
name: Friday payouts
tables:
  - entries: 2-9
    pays: [70, 30]
  - entries: 10-29
    pays: [50, 30, 20]
  - entries: 30+
    pays:
      1: 40
      2: 25
      3: 15
      4-5: 10
"""


def test_rows_by_field_size_load_with_place_ranges_paying_each():
    table = parse_payout_table(GOOD, "friday.yaml")
    assert table.name == "Friday payouts"
    assert table.shares_for(5) == (Fraction(70), Fraction(30))
    assert table.shares_for(45) == tuple(Fraction(x) for x in (40, 25, 15, 10, 10))


def test_a_single_list_applies_to_any_field_big_enough():
    table = parse_payout_table("pays: [50, 30, 20]\n", "simple.yaml")
    assert table.name == "simple"
    assert table.shares_for(300) == (Fraction(50), Fraction(30), Fraction(20))


def test_decimal_percentages_are_exact():
    table = parse_payout_table("pays: [33.34, 33.33, 33.33]\n")
    assert sum(table.shares_for(3)) == 100


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("pays: [50, 30, 25]\n", "f.yaml:1: the percentages add up to 105", id="sum"),
        pytest.param("pays: [30, 50, 20]\n", "f.yaml:1: place 2 pays more", id="rising"),
        pytest.param("pays: [50, -30, 80]\n", "f.yaml:1: a payout must be a positive", id="neg"),
        pytest.param("pays: 100\n", "f.yaml:1: `pays` must be a list", id="scalar"),
        pytest.param("name: x\n", "f.yaml:1: give either `pays:`", id="neither"),
        pytest.param("pays: [100]\ncolour: red\n", "f.yaml:2: unknown key 'colour'", id="unknown"),
        pytest.param(
            "tables:\n  - entries: 2-9\n    pays: [50, 30, 20]\n",
            "f.yaml:3: pays 3 places but a field of 2 entries",
            id="more-places-than-entries",
        ),
        pytest.param(
            "tables:\n  - entries: 2-9\n    pays: [100]\n  - entries: 5+\n    pays: [100]\n",
            "f.yaml:4: these entries overlap the row on line 2",
            id="overlap",
        ),
        pytest.param(
            "tables:\n  - entries: lots\n    pays: [100]\n",
            "f.yaml:2: `entries` must be like",
            id="entries",
        ),
        pytest.param(
            "pays:\n  1: 60\n  3: 40\n", "f.yaml:3: places must follow on from 1", id="gap"
        ),
        pytest.param("pays: [100\n", "f.yaml:2: this is not valid YAML", id="yaml"),
    ],
)
def test_bad_tables_name_the_file_and_line(text, expected):
    with pytest.raises(InputError) as caught:
        parse_payout_table(text, "f.yaml")
    assert str(caught.value).startswith(expected)


def test_every_problem_is_listed():
    text = "tables:\n  - entries: 2-9\n    pays: [70, 40]\n  - entries: x\n    pays: [100]\n"
    with pytest.raises(InputError) as caught:
        parse_payout_table(text, "f.yaml")
    assert str(caught.value).splitlines() == [
        "f.yaml:3: the percentages add up to 110, not 100",
        "f.yaml:4: `entries` must be like 12, 10-29 or 30+, not 'x'",
    ]


def test_missing_file_is_bad_input(tmp_path):
    with pytest.raises(InputError, match="Cannot read the payout table"):
        load_payout_table(tmp_path / "nope.yaml")


def test_the_bundled_example_table_loads():
    from tests.conftest import EXAMPLES

    table = load_payout_table(EXAMPLES / "payouts" / "home-game.yaml")
    assert table.name == "Home game"
    assert len(table.shares_for(40)) == 5
