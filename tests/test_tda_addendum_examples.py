"""The TDA 2024 Illustration Addendum examples for Rules 43, 45, 46, 51, 52 and 53, as hand files.

Each file in examples/hands/tda-addendum/ is named after the example it replays (cards added
so the hand can finish). The answer pinned here is the Addendum's: what the chips or the
out-of-turn action amounted to (the ruling, its rule and the example it names) and every
stack after the hand, worked out by hand from the example.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import EXAMPLES

HANDS = EXAMPLES / "hands" / "tda-addendum"
ADDENDUM = "TDA 2024 Illustration Addendum, "

CASES = [
    pytest.param(
        "tda-43-example-1.yaml",
        0,
        {"A": 19200, "B": 18200, "C": 28400, "D": 14200},
        [],
        id="tda-43-example-1",
    ),
    pytest.param(
        "tda-43-example-2.yaml",
        0,
        {"SB": 4950, "BB": 4900, "A": 450, "B": 4850},
        [],
        id="tda-43-example-2",
    ),
    pytest.param(
        "tda-43-example-3.yaml",
        0,
        {"A": 9500, "B": 8100, "C": 12400},
        [(19, "multiple-chips", "TDA 45B-1, 43A", ADDENDUM + "Rule 43 example 3")],
        id="tda-43-example-3",
    ),
    pytest.param(
        "tda-43-example-4a.yaml",
        0,
        {"SB": 4975, "BB": 4950, "A": 4875, "B": 4800, "C": 4500, "D": 5900},
        [],
        id="tda-43-example-4a",
    ),
    pytest.param(
        "tda-43-example-4b.yaml",
        1,
        {"line": 16, "rule": "TDA 43", "allowed": "the minimum raise is to 950"},
        [],
        id="tda-43-example-4b",
    ),
    pytest.param(
        "tda-45-example-1a.yaml",
        0,
        {"A": 18600, "B": 21600, "C": 19800},
        [(15, "multiple-chips", "TDA 45A, 41D", ADDENDUM + "Rule 45 example 1")],
        id="tda-45-example-1a",
    ),
    pytest.param(
        "tda-45-example-1b.yaml",
        0,
        {"SB": 19750, "BB": 19500, "UTG": 18900, "UTG+1": 21850},
        [(12, "multiple-chips", "TDA 45A, 41D", ADDENDUM + "Rule 45 example 1")],
        id="tda-45-example-1b",
    ),
    pytest.param(
        "tda-45-example-2.yaml",
        0,
        {"SB": 19750, "BB": 19500, "UTG": 18300, "UTG+1": 22450},
        [(13, "multiple-chips", "TDA 45B-1, 43A, 61", ADDENDUM + "Rule 45 examples 2 and 4-A")],
        id="tda-45-example-2",
    ),
    pytest.param(
        "tda-45-example-3.yaml",
        0,
        {"SB": 19750, "BB": 19500, "UTG": 18900, "UTG+1": 21850},
        [(12, "multiple-chips", "TDA 45B-1, 43A", ADDENDUM + "Rule 45 examples 3 and 4-B")],
        id="tda-45-example-3",
    ),
    pytest.param(
        "tda-45-example-4-last-chips.yaml",
        0,
        {"A": 17800, "B": 4600, "C": 19800},
        [(15, "multiple-chips", "TDA 45B-2", ADDENDUM + "Rule 45 example 4")],
        id="tda-45-example-4-last-chips",
    ),
    pytest.param(
        "tda-45-example-4a.yaml",
        0,
        {"A": 17000, "B": 23200, "C": 19800},
        [(15, "multiple-chips", "TDA 45B-1, 43A, 61", ADDENDUM + "Rule 45 examples 2 and 4-A")],
        id="tda-45-example-4a",
    ),
    pytest.param(
        "tda-45-example-4b.yaml",
        0,
        {"A": 18400, "B": 21800, "C": 19800},
        [(15, "multiple-chips", "TDA 45B-1, 43A", ADDENDUM + "Rule 45 examples 3 and 4-B")],
        id="tda-45-example-4b",
    ),
    pytest.param(
        "tda-45-rule-example-2.yaml",
        0,
        {"A": 3900, "B": 3150},
        [(14, "multiple-chips", "TDA 45A, 41D", ADDENDUM + "Rule 45 example 4")],
        id="tda-45-rule-example-2",
    ),
    pytest.param(
        "tda-46-situation-1-1.yaml",
        0,
        {"SB": 9975, "BB": 10625, "Button": 9400},
        [(12, "prior-chips", "TDA 44, 41C, 46C", ADDENDUM + "Rule 46 situation 1")],
        id="tda-46-situation-1-1",
    ),
    pytest.param(
        "tda-46-situation-1-2a.yaml",
        0,
        {"SB": 9975, "BB": 10625, "Button": 9400},
        [(12, "prior-chips", "TDA 45A, 41D, 46C", ADDENDUM + "Rule 46 situation 1")],
        id="tda-46-situation-1-2a",
    ),
    pytest.param(
        "tda-46-situation-1-2b.yaml",
        0,
        {"SB": 9975, "BB": 10625, "Button": 9400},
        [(12, "prior-chips", "TDA 45A, 41D, 46C", ADDENDUM + "Rule 46 situation 1")],
        id="tda-46-situation-1-2b",
    ),
    pytest.param(
        "tda-46-situation-1-3.yaml",
        0,
        {"SB": 9975, "BB": 11575, "Button": 8450},
        [(12, "prior-chips", "TDA 45B-1, 43A, 46C", ADDENDUM + "Rule 46 situation 1")],
        id="tda-46-situation-1-3",
    ),
    pytest.param(
        "tda-46-situation-2-1.yaml",
        0,
        {"SB": 9975, "BB": 10625, "Button": 9400},
        [
            (12, "prior-chips", "TDA 46B", ADDENDUM + "Rule 46 situation 2"),
            (13, "prior-chips", "TDA 44, 41C, 46C", ADDENDUM + "Rule 46 situation 2"),
        ],
        id="tda-46-situation-2-1",
    ),
    pytest.param(
        "tda-46-situation-2-2.yaml",
        0,
        {"SB": 9975, "BB": 11525, "Button": 8500},
        [
            (12, "prior-chips", "TDA 46B", ADDENDUM + "Rule 46 situation 2"),
            (13, "prior-chips", "TDA 45B-1, 43A, 46C", ADDENDUM + "Rule 46 situation 2"),
        ],
        id="tda-46-situation-2-2",
    ),
    pytest.param(
        "tda-46-situation-3.yaml",
        0,
        {"SB": 9975, "BB": 11175, "Button": 8850},
        [
            (13, "prior-chips", "TDA 46B", ADDENDUM + "Rule 46 situation 3"),
            (14, "prior-chips", "TDA 45B-1, 43A, 46C", ADDENDUM + "Rule 46 situation 3"),
        ],
        id="tda-46-situation-3",
    ),
    pytest.param(
        "tda-46-situation-4.yaml",
        0,
        {"SB": 9300, "BB": 9900, "Button": 10800},
        [
            (13, "overchip", "TDA 44, 41C", None),
            (16, "prior-chips", "TDA 45B-1, 43A, 46C", ADDENDUM + "Rule 46 situation 4"),
        ],
        id="tda-46-situation-4",
    ),
    pytest.param(
        "tda-51-example-1-full-call.yaml",
        0,
        {"A": 46000, "B": 66000, "C": 40000, "D": 48000},
        [(17, "undercall", "TDA 51B, TD's discretion", ADDENDUM + "Rule 51 example 1")],
        id="tda-51-example-1-full-call",
    ),
    pytest.param(
        "tda-51-example-1.yaml",
        0,
        {"A": 46000, "B": 60000, "C": 46000, "D": 48000},
        [(19, "undercall", "TDA 51B, TD's discretion", ADDENDUM + "Rule 51 example 1")],
        id="tda-51-example-1",
    ),
    pytest.param(
        "tda-51-example-2.yaml",
        0,
        {"A": 40000, "B": 64000, "C": 48000, "D": 48000},
        [(17, "undercall", "TDA 51B", ADDENDUM + "Rule 51 example 2")],
        id="tda-51-example-2",
    ),
    pytest.param(
        "tda-51-example-3.yaml",
        0,
        {"A": 46000, "B": 66000, "C": 40000, "D": 48000},
        [
            (18, "declaration", "TDA 51A", ADDENDUM + "Rule 51 example 3"),
            (19, "declaration", "TDA 40A, 51A", None),
        ],
        id="tda-51-example-3",
    ),
    pytest.param(
        "tda-51-example-4.yaml",
        0,
        {"Opener": 19200, "A": 21600, "B": 19200},
        [(16, "undercall", "TDA 51B, TD's discretion", ADDENDUM + "Rule 51 example 4")],
        id="tda-51-example-4",
    ),
    pytest.param(
        "tda-53a-example-1-action-changed.yaml",
        0,
        {
            "Seat 1": 10000,
            "Seat 2": 10000,
            "Seat 3": 9600,
            "Seat 4": 9900,
            "Seat 5": 9300,
            "Seat 6": 11200,
        },
        [(22, "out-of-turn", "TDA 53A", ADDENDUM + "Rule 53-A example 1")],
        id="tda-53a-example-1-action-changed",
    ),
    pytest.param(
        "tda-52b-example-1.yaml",
        0,
        {"A": 46500, "B": 26500, "C": 17000, "D": 30000},
        [(26, "pot-count", "TDA 52B, 36", ADDENDUM + "Rule 52-B example 1")],
        id="tda-52b-example-1-count-too-low-stands",
    ),
    pytest.param(
        "tda-52b-example-2.yaml",
        0,
        {"A": 47500, "B": 26500, "C": 16000, "D": 30000},
        [(24, "pot-count", "TDA 52B", ADDENDUM + "Rule 52-B example 2")],
        id="tda-52b-example-2-count-too-low-corrected",
    ),
    pytest.param(
        "tda-52b-example-3.yaml",
        0,
        {"A": 58875, "B": 27375, "C": 16875, "D": 16875},
        [(27, "pot-count", "TDA 52B", ADDENDUM + "Rule 52-B example 3")],
        id="tda-52b-example-3-count-too-high-reduced",
    ),
    pytest.param(
        "tda-53a-example-1.yaml",
        0,
        {
            "Seat 1": 10000,
            "Seat 2": 10000,
            "Seat 3": 9600,
            "Seat 4": 9900,
            "Seat 5": 9100,
            "Seat 6": 11400,
        },
        [
            (23, "out-of-turn", "TDA 53A; TDA 43B", ADDENDUM + "Rule 53-A example 1"),
        ],
        id="tda-53a-example-1",
    ),
    pytest.param(
        "tda-53a-example-2-action-changed.yaml",
        0,
        {
            "Seat 1": 10000,
            "Seat 2": 10000,
            "Seat 3": 9900,
            "Seat 4": 9900,
            "Seat 5": 9600,
            "Seat 6": 10600,
        },
        [(22, "out-of-turn", "TDA 53A", ADDENDUM + "Rule 53-A example 2")],
        id="tda-53a-example-2-action-changed",
    ),
    pytest.param(
        "tda-53a-example-2.yaml",
        0,
        {
            "Seat 1": 10000,
            "Seat 2": 10000,
            "Seat 3": 9900,
            "Seat 4": 10300,
            "Seat 5": 9900,
            "Seat 6": 9900,
        },
        [(22, "out-of-turn", "TDA 53A", ADDENDUM + "Rule 53-A example 2")],
        id="tda-53a-example-2",
    ),
    pytest.param(
        "tda-53b-example-1.yaml",
        0,
        {
            "Seat 1": 9900,
            "Seat 2": 9800,
            "Seat 3": 9400,
            "Seat 4": 10000,
            "Seat 5": 10900,
            "Seat 6": 10000,
        },
        [
            (15, "out-of-turn", "TDA 53B", ADDENDUM + "Rule 53-B"),
            (16, "out-of-turn", "TDA 53B, 36", ADDENDUM + "Rule 53-B example 1"),
            (16, "out-of-turn", "TDA 53A, 58", ADDENDUM + "Rule 53-B example 1"),
        ],
        id="tda-53b-example-1",
    ),
    pytest.param(
        "tda-53b-example-2.yaml",
        0,
        {
            "Seat 1": 10000,
            "Seat 2": 10000,
            "Seat 3": 9200,
            "Seat 4": 11800,
            "Seat 5": 9800,
            "Seat 6": 9200,
        },
        [
            (28, "out-of-turn", "TDA 53B, 55", ADDENDUM + "Rule 53-B"),
            (29, "out-of-turn", "TDA 53B, 36", ADDENDUM + "Rule 53-B example 2"),
            (29, "out-of-turn", "TDA 53B", ADDENDUM + "Rule 53-B"),
        ],
        id="tda-53b-example-2",
    ),
]


@pytest.mark.parametrize(("name", "exit_code", "expected", "rulings"), CASES)
def test_tda_addendum_example_gives_the_addendum_answer(cli, name, exit_code, expected, rulings):
    result = cli("hand", "check", HANDS / name, "--json")
    assert result.exit_code == exit_code, result.output
    data = json.loads(result.stdout)
    if exit_code:
        assert {k: data[k] for k in expected} == expected
        return
    assert data["stacks"] == expected
    got = [(r["line"], r["irregularity"], r["rule"], r.get("example")) for r in data["rulings"]]
    assert got == rulings


def test_every_addendum_example_file_has_a_case():
    assert sorted(p.name for p in HANDS.glob("*.yaml")) == sorted(c.values[0] for c in CASES)


def test_addendum_examples_conserve_chips(cli):
    import yaml

    for path in HANDS.glob("*.yaml"):
        data = json.loads(cli("hand", "check", path, "--json").stdout)
        if data["legal"]:
            seats = yaml.safe_load(path.read_text())["seats"]
            assert sum(data["stacks"].values()) == sum(s["stack"] for s in seats.values()), path
