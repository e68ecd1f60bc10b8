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


_TABLES = """
import json, sys
from tdtool.cli.render import table
rows = [("Anna Łódź", 60, "+40"), ("Ben", 1210, "A♠ K♦ – 3…"), ("Cleo", 5, "T1 → T2\\nT3 → T4\\n")]
wide = [("王小明", 60, "+40"), ("Zoë", 7, "e\\u0301"), ("Ben", 1210, "→ K♥")]
out = [table(rows, ["player", "chips", "+/-"])]
out.append("wcwidth" in sys.modules)
out.append(table(wide, ["player", "chips", "+/-"]))
out.append(table(rows, ["player", "chips", "+/-"]))
print(json.dumps(out))
"""


@pytest.mark.slow
def test_tables_of_narrow_text_skip_wcwidth_and_read_the_same():
    """tabulate measures text with wcwidth (15-25 ms to load): a table of plain Latin text is
    drawn without it, and a table with wide or combining characters still gets it. Each
    table is the one tabulate draws with wcwidth loaded from the start."""
    import json

    def run(code: str) -> list:
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
        )
        return json.loads(done.stdout)

    lazy = run(_TABLES)
    eager = run("import wcwidth, tabulate\n" + _TABLES)
    assert lazy[1] is False  # the first table, narrow, loaded no wcwidth
    assert lazy[0] == eager[0] and lazy[2] == eager[2] and lazy[3] == eager[3]
    assert "王小明  " in lazy[2]  # two columns a character: aligned as wcwidth measures


def test_the_signs_drawn_without_wcwidth_are_one_column_wide_by_wcwidth():
    wcwidth = __import__("wcwidth")
    from tdtool.cli.render import NARROW_SIGNS

    assert {ch: wcwidth.wcwidth(ch) for ch in NARROW_SIGNS} == dict.fromkeys(NARROW_SIGNS, 1)
