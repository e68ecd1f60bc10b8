"""Every hand in examples/hands/ gives its expected answer (the worked examples of
shared/sources and the TDA illustrations of shared/rules.md, cards reconstructed)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import EXAMPLES

HANDS = EXAMPLES / "hands"

CASES = [
    pytest.param(
        "tda-59-conditional-statement.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 1200,
                    "eligible": ["Carla", "Dan"],
                    "winners": ["Carla"],
                    "shares": {"Carla": 1200},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 4900, "Ben": 4900, "Carla": 5700, "Dan": 4500},
        },
        id="tda-59-conditional-statement",
    ),
    pytest.param(
        "rrop-posted-both-blinds.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 450,
                    "eligible": ["Anna", "Ben", "Carla", "Dan"],
                    "winners": ["Ben"],
                    "shares": {"Ben": 450},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 4900, "Ben": 5350, "Carla": 4850, "Dan": 4900},
        },
        id="rrop-posted-both-blinds",
    ),
    pytest.param(
        "rrop-showdown-5-winner-asks.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 400,
                    "eligible": ["Anna", "Ben", "Carla", "Dan"],
                    "winners": ["Ben"],
                    "shares": {"Ben": 400},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 4900, "Ben": 5300, "Carla": 4900, "Dan": 4900},
        },
        id="rrop-showdown-5-winner-asks",
    ),
    pytest.param(
        "tda-13c-dealer-kills-tabled-hand.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 400,
                    "eligible": ["Anna", "Ben", "Carla", "Dan"],
                    "winners": ["Ben"],
                    "shares": {"Ben": 400},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 4900, "Ben": 5300, "Carla": 4900, "Dan": 4900},
        },
        id="tda-13c-dealer-kills-tabled-hand",
    ),
    pytest.param(
        "bb-ante-short-big-blind.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 3500,
                    "eligible": ["Ann", "Bo", "Cy"],
                    "winners": ["Cy"],
                    "shares": {"Cy": 3500},
                },
                {
                    "amount": 4000,
                    "eligible": ["Ann", "Bo"],
                    "winners": ["Bo"],
                    "shares": {"Bo": 4000},
                },
            ],
            "returned": {},
            "stacks": {"Ann": 17000, "Bo": 21000, "Cy": 3500},
        },
        id="bb-ante-short-big-blind",
    ),
    pytest.param(
        "board-plays.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 700,
                    "eligible": ["Anna", "Ben", "Carla"],
                    "winners": ["Anna", "Ben", "Carla"],
                    "shares": {"Anna": 234, "Ben": 233, "Carla": 233},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 2034, "Ben": 2033, "Carla": 2033, "Dan": 1900},
        },
        id="board-plays",
    ),
    pytest.param(
        "classic-ante-all-in.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 240,
                    "eligible": ["Ann", "Bo", "Di"],
                    "winners": ["Di"],
                    "shares": {"Di": 240},
                },
                {
                    "amount": 520,
                    "eligible": ["Ann", "Bo"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 520},
                },
            ],
            "returned": {},
            "stacks": {"Ann": 5220, "Bo": 4700, "Cy": 4900, "Di": 240},
        },
        id="classic-ante-all-in",
    ),
    pytest.param(
        "kicker-split.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 3400,
                    "eligible": ["Bob", "Carol"],
                    "winners": ["Bob", "Carol"],
                    "shares": {"Bob": 1700, "Carol": 1700},
                }
            ],
            "returned": {},
            "stacks": {"Bob": 3000, "Carol": 3000},
        },
        id="kicker-split",
    ),
    pytest.param(
        "limit-cap-exceeded.yaml",
        1,
        {
            "line": 14,
            "player": "Bo",
            "rule": "TDA 48",
            "allowed": "Bo may only call 80 or fold: the betting is capped at 4 bets this round",
        },
        id="limit-cap-exceeded",
    ),
    pytest.param(
        "limit-cap-heads-up.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 280,
                    "eligible": ["Ann", "Bo"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 280},
                }
            ],
            "returned": {},
            "stacks": {"Ann": 1140, "Bo": 860},
        },
        id="limit-cap-heads-up",
    ),
    pytest.param(
        "odd-chip.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 3025,
                    "eligible": ["A", "B", "C"],
                    "winners": ["A", "B", "C"],
                    "shares": {"A": 1025, "B": 1000, "C": 1000},
                },
                {
                    "amount": 2000,
                    "eligible": ["B", "C"],
                    "winners": ["B", "C"],
                    "shares": {"B": 1000, "C": 1000},
                },
            ],
            "returned": {},
            "stacks": {"Dan": 5000, "Sam": 4975, "A": 1025, "B": 2000, "C": 3000},
        },
        id="odd-chip",
    ),
    pytest.param(
        "short-big-blind-min-raise.yaml",
        1,
        {"line": 12, "player": "Di", "rule": "TDA 43", "allowed": "the minimum raise is to 200"},
        id="short-big-blind-min-raise",
    ),
    pytest.param(
        "short-big-blind.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 240,
                    "eligible": ["Ann", "Bo", "Cy", "Di"],
                    "winners": ["Cy"],
                    "shares": {"Cy": 240},
                },
                {
                    "amount": 120,
                    "eligible": ["Ann", "Bo", "Di"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 120},
                },
            ],
            "returned": {},
            "stacks": {"Ann": 1020, "Bo": 900, "Cy": 240, "Di": 900},
        },
        id="short-big-blind",
    ),
    pytest.param(
        "showdown-four-way.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 3600,
                    "eligible": ["Bob", "Carol", "Ted", "Alice"],
                    "winners": ["Ted"],
                    "shares": {"Ted": 3600},
                }
            ],
            "returned": {},
            "stacks": {"Bob": 4100, "Carol": 4100, "Ted": 7700, "Alice": 4100},
        },
        id="showdown-four-way",
    ),
    pytest.param(
        "side-pots-four-way.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 200,
                    "eligible": ["A", "B", "C", "D"],
                    "winners": ["A"],
                    "shares": {"A": 200},
                },
                {
                    "amount": 300,
                    "eligible": ["B", "C", "D"],
                    "winners": ["B"],
                    "shares": {"B": 300},
                },
                {"amount": 300, "eligible": ["C", "D"], "winners": ["C"], "shares": {"C": 300}},
            ],
            "returned": {},
            "stacks": {"A": 200, "B": 300, "C": 300, "D": 0},
        },
        id="side-pots-four-way",
    ),
    pytest.param(
        "side-pots.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 60,
                    "eligible": ["Anna", "Ben", "Carla"],
                    "winners": ["Anna"],
                    "shares": {"Anna": 60},
                },
                {
                    "amount": 60,
                    "eligible": ["Ben", "Carla"],
                    "winners": ["Ben"],
                    "shares": {"Ben": 60},
                },
            ],
            "returned": {},
            "stacks": {"Anna": 60, "Ben": 210, "Carla": 150},
        },
        id="side-pots",
    ),
    pytest.param(
        "tda-43a-raise-sequence.yaml",
        0,
        {
            "pots": [
                {"amount": 9100, "eligible": ["Cy"], "winners": ["Cy"], "shares": {"Cy": 9100}}
            ],
            "returned": {"Cy": 2000},
            "stacks": {"Ann": 19900, "Bo": 19800, "Cy": 25500, "Di": 18400, "Eve": 16400},
        },
        id="tda-43a-raise-sequence",
    ),
    pytest.param(
        "tda-43a-raise-too-small.yaml",
        1,
        {"line": 18, "player": "Cy", "rule": "TDA 43", "allowed": "the minimum raise is to 5600"},
        id="tda-43a-raise-too-small",
    ),
    pytest.param(
        "tda-47a-short-all-in-does-not-reopen.yaml",
        1,
        {
            "line": 26,
            "player": "C",
            "rule": "TDA 47A",
            "allowed": (
                "C may only call 200 or fold: the all-in raises since C acted add up to 75,"
                " less than a full raise of 100, so the betting was not reopened"
            ),
        },
        id="tda-47a-short-all-in-does-not-reopen",
    ),
    pytest.param(
        "tda-47a-short-all-ins-reopen.yaml",
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
                    "amount": 300,
                    "eligible": ["A", "C", "E"],
                    "winners": ["A"],
                    "shares": {"A": 300},
                },
            ],
            "returned": {},
            "stacks": {"A": 3325, "B": 0, "C": 1600, "D": 0, "E": 1600},
        },
        id="tda-47a-short-all-ins-reopen",
    ),
    pytest.param(
        "tda-47b-limit-half-bet-reopens.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 750,
                    "eligible": ["Ann", "Bo", "Cy"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 750},
                },
                {
                    "amount": 200,
                    "eligible": ["Ann", "Cy"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 200},
                },
            ],
            "returned": {},
            "stacks": {"Ann": 2600, "Bo": 0, "Cy": 1650},
        },
        id="tda-47b-limit-half-bet-reopens",
    ),
    pytest.param(
        "tda-47b-limit-short-all-in.yaml",
        1,
        {
            "line": 19,
            "player": "Ann",
            "rule": "TDA 47B",
            "allowed": (
                "Ann may only call 140 or fold: the raises since Ann acted add up to 40,"
                " less than half a bet of 100, so the betting was not reopened"
            ),
        },
        id="tda-47b-limit-short-all-in",
    ),
    pytest.param(
        "tda-54-pot-limit-too-big.yaml",
        1,
        {
            "line": 11,
            "player": "Ann",
            "rule": "TDA 54",
            "allowed": "the pot limit allows at most 350",
        },
        id="tda-54-pot-limit-too-big",
    ),
    pytest.param(
        "tda-54-pot-limit.yaml",
        0,
        {
            "pots": [
                {"amount": 250, "eligible": ["Ann"], "winners": ["Ann"], "shares": {"Ann": 250}}
            ],
            "returned": {"Ann": 250},
            "stacks": {"Ann": 5150, "Bo": 4950, "Cy": 4900},
        },
        id="tda-54-pot-limit",
    ),
    pytest.param(
        "tda-3-limit-complete.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 720,
                    "eligible": ["Ann", "Bo", "Cy"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 720},
                },
                {
                    "amount": 120,
                    "eligible": ["Ann", "Cy"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 120},
                },
            ],
            "returned": {},
            "stacks": {"Ann": 2540, "Bo": 0, "Cy": 1700},
        },
        id="tda-3-limit-complete",
    ),
    pytest.param(
        "tda-54d-says-pot-no-limit.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 1700,
                    "eligible": ["Ann", "Bo"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 1700},
                },
            ],
            "returned": {},
            "stacks": {"Ann": 3900, "Bo": 2200, "Cy": 2900},
        },
        id="tda-54d-says-pot-no-limit",
    ),
    pytest.param(
        "rrop-limit-heads-up-unlimited.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 240,
                    "eligible": ["Ann", "Bo"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 240},
                },
            ],
            "returned": {},
            "stacks": {"Ann": 1120, "Bo": 880},
        },
        id="rrop-limit-heads-up-unlimited",
    ),
    pytest.param(
        "tda-48-house-file-heads-up.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 200,
                    "eligible": ["Ann", "Bo"],
                    "winners": ["Ann"],
                    "shares": {"Ann": 200},
                }
            ],
            "returned": {},
            "stacks": {"Ann": 1100, "Bo": 900},
        },
        id="tda-48-house-file-heads-up",
    ),
    pytest.param(
        "tda-32-dead-button-previous-hand.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 400,
                    "eligible": ["Anna"],
                    "winners": ["Anna"],
                    "shares": {"Anna": 400},
                }
            ],
            "returned": {"Anna": 400},
            "stacks": {"Anna": 5200, "Ben": 5000, "Dan": 4800},
        },
        id="tda-32-dead-button-previous-hand",
    ),
    pytest.param(
        "tda-34b-heads-up-button.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 400,
                    "eligible": ["Cara"],
                    "winners": ["Cara"],
                    "shares": {"Cara": 400},
                }
            ],
            "returned": {"Cara": 400},
            "stacks": {"Anna": 4800, "Cara": 5200},
        },
        id="tda-34b-heads-up-button",
    ),
    pytest.param(
        "tda-34a-button-moved-twice.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 600,
                    "eligible": ["Anna", "Ben", "Dan"],
                    "winners": ["Anna"],
                    "shares": {"Anna": 600},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 5400, "Ben": 4800, "Carla": 5000, "Dan": 4800},
        },
        id="tda-34a-button-moved-twice",
    ),
    pytest.param(
        "tda-49-accepted-action.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 3400,
                    "eligible": ["Anna", "Ben"],
                    "winners": ["Ben"],
                    "shares": {"Ben": 3400},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 3400, "Ben": 6800, "Carla": 4900, "Dan": 4900},
        },
        id="tda-49-accepted-action",
    ),
    pytest.param(
        "tda-60-count-of-an-all-in.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 6600,
                    "eligible": ["Anna", "Ben"],
                    "winners": ["Ben"],
                    "shares": {"Ben": 6600},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 0, "Ben": 9300},
        },
        id="tda-60-count-of-an-all-in",
    ),
    pytest.param(
        "tda-52b-pot-count-stands-after-the-turn.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 2200,
                    "eligible": ["Anna", "Ben"],
                    "winners": ["Ben"],
                    "shares": {"Ben": 2200},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 3900, "Ben": 6100},
        },
        id="tda-52b-pot-count-stands-after-the-turn",
    ),
    pytest.param(
        "tda-47a-house-half-raise-reopens.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 780,
                    "eligible": ["Anna", "Ben"],
                    "winners": ["Anna"],
                    "shares": {"Anna": 780},
                }
            ],
            "returned": {"Anna": 340},
            "stacks": {"Anna": 3520, "Ben": 0, "Carla": 2740},
        },
        id="tda-47a-house-half-raise-reopens",
    ),
    pytest.param(
        "tda-62-chips-found-behind.yaml",
        0,
        {
            "pots": [
                {
                    "amount": 5000,
                    "eligible": ["Anna", "Ben"],
                    "winners": ["Ben"],
                    "shares": {"Ben": 5000},
                }
            ],
            "returned": {},
            "stacks": {"Anna": 0, "Ben": 9000, "Carla": 6000},
        },
        id="tda-62-chips-found-behind",
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


def test_every_example_hand_has_an_expected_answer():
    from tests.test_examples_games import CASES as GAMES

    named = sorted(c.values[0] for c in [*CASES, *GAMES])
    assert sorted(p.name for p in HANDS.glob("*.yaml")) == named


def test_example_hands_conserve_chips(cli):
    for path in HANDS.glob("*.yaml"):
        data = json.loads(cli("hand", "check", path, "--json").stdout)
        if data["legal"]:
            import yaml

            seats = yaml.safe_load(path.read_text())["seats"]
            assert sum(data["stacks"].values()) == sum(s["stack"] for s in seats.values()), path
