"""Example hands of the other games and blinds (Omaha, Omaha high-low, straddles, blinds as
they fell) and the TDA Illustration Addendum examples for Rules 47 and 54B: each gives its
expected answer. tests/test_examples.py checks every example file has one."""

from __future__ import annotations

import json

import pytest

from tests.conftest import EXAMPLES

HANDS = EXAMPLES / "hands"


def pot(amount, eligible, shares):
    return {"amount": amount, "eligible": eligible, "winners": sorted(shares), "shares": shares}


CASES = [
    pytest.param(
        "omaha-hilo-quartered.yaml",
        0,
        {
            "pots": [pot(900, ["Ann", "Bo", "Cy"], {"Ann": 225, "Bo": 450, "Cy": 225})],
            "returned": {},
            "stacks": {"Ann": 925, "Bo": 1150, "Cy": 925},
        },
        id="omaha-hilo-quartered",
    ),
]


@pytest.mark.parametrize(("name", "exit_code", "expected"), CASES)
def test_example_hand_gives_its_expected_answer(cli, name, exit_code, expected):
    result = cli("hand", "check", HANDS / name, "--json")
    assert result.exit_code == exit_code, result.output
    data = json.loads(result.stdout)
    if exit_code == 0:
        got = {
            "pots": [
                {k: p[k] for k in ("amount", "eligible", "winners", "shares")} for p in data["pots"]
            ],
            "returned": data["returned"],
            "stacks": data["stacks"],
        }
    else:
        got = {k: data[k] for k in ("line", "player", "rule", "allowed")}
    assert got == expected
