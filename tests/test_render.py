"""Tables are tabulate's "simple" format, and tabulate loads only when a table is printed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from tabulate import tabulate

from tdtool.cli.render import table
from tests.conftest import ROOT


def test_a_table_is_tabulates_simple_format() -> None:
    payouts = [("1st", "1,000", "50.0%"), ("2nd", "600", "30.0%"), ("3rd", "400", "20.0%")]
    seats = [(1, "Anna"), (2, "Ben"), (9, "")]
    levels = [("1", "25/50", "", "20"), ("break", "", "", "10")]
    accents = [("José García", 12_000), ("Łukasz", 8_500)]
    for rows, headers, kwargs in [
        (payouts, ["Place", "Prize", "Share"], {"colalign": ("left", "right", "right")}),
        (seats, ["seat", "player"], {}),
        (levels, ["level", "blinds", "ante", "minutes"], {"disable_numparse": True}),
        (accents, ["player", "chips"], {}),
    ]:
        assert table(rows, headers, **kwargs) == tabulate(
            rows, headers=headers, tablefmt="simple", **kwargs
        )


def test_numbers_right_text_left_under_dashes() -> None:
    drawn = table([("Anna", 60, "+40"), ("Ben", 210, "-5")], ["player", "chips", "change"])
    assert drawn.splitlines() == [
        "player      chips    change",
        "--------  -------  --------",
        "Anna           60       +40",
        "Ben           210        -5",
    ]


def _loaded_after(*args: str) -> bool:
    code = (
        "import sys\n"
        "from tdtool.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('tabulate' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return out.stdout.strip().splitlines()[-1] == "True"


@pytest.mark.slow
def test_tabulate_is_imported_only_where_a_table_is_printed() -> None:
    assert _loaded_after("hand", "check", "examples/hands/side-pots.yaml")
    assert not _loaded_after("hand", "check", "examples/hands/side-pots.yaml", "--json")
    assert not _loaded_after("--help")


def test_names_in_chinese_or_japanese_line_up_two_columns_a_character() -> None:
    from wcwidth import wcswidth

    # the chips column, right-aligned and last, ends at the same column on every line
    drawn = table([("王小明", 60), ("Zoë", 7), ("José", 1210)], ["player", "chips"])
    assert len({wcswidth(line) for line in drawn.splitlines()}) == 1, drawn
    assert "王小明  " in drawn
