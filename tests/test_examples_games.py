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
    pytest.param(
        "tda-47-example-1a-smooth-call-does-not-reopen.yaml",
        1,
        {
            "line": 27,
            "player": "C",
            "rule": "TDA 47A",
            "allowed": (
                "C may only call 200 or fold: the all-in raises since C acted add up to 75,"
                " less than a full raise of 100, so the betting was not reopened"
            ),
        },
        id="tda-47-example-1a-smooth-call-does-not-reopen",
    ),
    pytest.param(
        "tda-47-example-1b-full-raise-reopens.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 1125,
                    "eligible": ["A", "B", "C", "D", "E"],
                    "winners": ["A"],
                    "shares": {"A": 1125},
                },
                {
                    "amount": 300,
                    "eligible": ["A", "C", "D", "E"],
                    "winners": ["A"],
                    "shares": {"A": 300},
                },
                {
                    "amount": 600,
                    "eligible": ["A", "C", "E"],
                    "winners": ["A"],
                    "shares": {"A": 600},
                },
            ],
            "returned": {},
            "stacks": {"A": 3525, "B": 0, "C": 1500, "D": 0, "E": 1500},
        },
        id="tda-47-example-1b-full-raise-reopens",
    ),
    pytest.param(
        "tda-47-example-2-min-raise-is-last-full-bet.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 3400,
                    "eligible": ["B", "C", "D", "E", "F"],
                    "winners": ["F"],
                    "shares": {"F": 3400},
                },
                {
                    "amount": 600,
                    "eligible": ["C", "D", "E", "F"],
                    "winners": ["F"],
                    "shares": {"F": 600},
                },
                {
                    "amount": 450,
                    "eligible": ["D", "E", "F"],
                    "winners": ["F"],
                    "shares": {"F": 450},
                },
                {"amount": 600, "eligible": ["E", "F"], "winners": ["F"], "shares": {"F": 600}},
            ],
            "returned": {},
            "stacks": {"A": 4600, "B": 0, "C": 0, "D": 0, "E": 3800, "F": 8850},
        },
        id="tda-47-example-2-min-raise-is-last-full-bet",
    ),
    pytest.param(
        "tda-47-example-3a-short-all-in-does-not-reopen.yaml",
        1,
        {
            "line": 20,
            "player": "A",
            "rule": "TDA 47A",
            "allowed": (
                "A may only call 7500 or fold: the all-in raises since A acted add up to"
                " 3500, less than a full raise of 4000, so the betting was not reopened"
            ),
        },
        id="tda-47-example-3a-short-all-in-does-not-reopen",
    ),
    pytest.param(
        "tda-47-example-3b-full-raise-reopens.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 24500,
                    "eligible": ["BB", "A", "C"],
                    "winners": ["A"],
                    "shares": {"A": 24500},
                },
                {
                    "amount": 16000,
                    "eligible": ["BB", "A"],
                    "winners": ["A"],
                    "shares": {"A": 16000},
                },
            ],
            "returned": {},
            "stacks": {"SB": 48000, "BB": 34500, "A": 75000, "B": 50000, "C": 0},
        },
        id="tda-47-example-3b-full-raise-reopens",
    ),
    pytest.param(
        "tda-54b-example-1-dead-small-blind.yaml",
        0,
        {
            "pots": [
                {"amount": 400, "eligible": ["Ann"], "winners": ["Ann"], "shares": {"Ann": 400}}
            ],
            "returned": {"Ann": 500},
            "stacks": {"Dee": 5000, "Bo": 5000, "Cy": 4800, "Ann": 5200},
        },
        id="tda-54b-example-1-dead-small-blind",
    ),
    pytest.param(
        "tda-54b-example-2-short-big-blind.yaml",
        0,
        {
            "pots": [
                {"amount": 300, "eligible": ["Cy", "Ann"], "winners": ["Cy"], "shares": {"Cy": 300}}
            ],
            "returned": {"Ann": 600},
            "stacks": {"Dee": 5000, "Bo": 4900, "Cy": 300, "Ann": 4900},
        },
        id="tda-54b-example-2-short-big-blind",
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
