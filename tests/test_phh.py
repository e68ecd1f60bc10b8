"""Hand histories in PHH (uoftcprg/phh-std) in and out (issue 23 item 5): `hand check FILE.phh`,
`hand import FILE.phh`, `hand export FILE --phh`. A WSOP hand from the PHH dataset gives the
dataset's finishing stacks; every exported example loads in pokerkit and comes to the same
stacks, except where pokerkit departs from the TDA (listed with the rule).
"""

from __future__ import annotations

import contextlib
import json
import random
import tomllib
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.errors import InputError, RuleError
from tdtool.game import Game
from tdtool.io.hand_yaml import load_hand, parse_hand
from tdtool.io.phh import hand_yaml_text, parse_phh, phh_text
from tdtool.rules.hand import replay
from tests.conftest import EXAMPLES
from tests.handgen import random_hand, random_stakes

WSOP = EXAMPLES / "hands" / "phh" / "wsop-2019-42-day3-00-01-07.phh"
HANDS = EXAMPLES / "hands"

DEPARTURES = {
    "bb-ante-short-big-blind.yaml": "big blind first, then the big blind ante (RP-11)",
    "short-big-blind.yaml": "a short all-in big blind is still called in full",
    "odd-chip.yaml": "the odd chip to the first winner left of the button (TDA 20)",
    "tda-54b-example-2-short-big-blind.yaml": "pot-limit counts full blinds (TDA 54B)",
    "rrop-limit-heads-up-unlimited.yaml": "Robert's Rules: no cap heads-up in limit",
    "tda-3-limit-complete.yaml": "limit: completing a short all-in to a full bet",
    "tda-47b-limit-half-bet-reopens.yaml": "limit: half a bet reopens the betting (TDA 47B)",
    "tda-47a-house-half-raise-reopens.yaml": "a house's 50% rule: half a raise reopens no-limit",
}
"""Where pokerkit rules otherwise than tdtool (the first three as in test_pokerkit_differential)."""


def _exportable():
    for path in sorted(HANDS.rglob("*.yaml")):
        try:
            text = phh_text(load_hand(path))
        except (InputError, RuleError):
            continue
        yield pytest.param(path, text, id=path.name)


def _pokerkit_stacks(text: str) -> list[int]:
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = HandHistory.loads(text)
    return list(state.stacks)


def test_phh_a_wsop_dataset_hand_gives_the_dataset_finishing_stacks(cli):
    result = cli("hand", "check", str(WSOP), "--json")
    assert result.exit_code == 0, result.output
    expected = tomllib.loads(WSOP.read_text())["finishing_stacks"]
    assert list(json.loads(result.stdout)["stacks"].values()) == expected


def test_phh_an_action_left_out_is_a_check_when_free_else_a_fold(cli):
    hand = parse_phh(WSOP.read_text(), "wsop.phh")
    filled = [r.text for r in hand.lines if "not written" in r.text]
    assert filled == ["p8 f (not written)"]  # the button, facing Lamphere's raise
    out = cli("hand", "check", str(WSOP)).stdout
    assert out.endswith(
        "Not written in the hand history, read as a check when free, else a fold:\n"
        "  line 9: p8 f (Ashish Ahuja)\n"
    )


@pytest.mark.parametrize("path, text", list(_exportable()))
def test_phh_an_exported_hand_loads_in_pokerkit_and_comes_to_the_same_stacks(path, text):
    pytest.importorskip("pokerkit")
    finishing = tomllib.loads(text)["finishing_stacks"]
    if path.name in DEPARTURES:
        with contextlib.suppress(ValueError):  # pokerkit refuses what tdtool's rules allow
            assert _pokerkit_stacks(text) != finishing, DEPARTURES[path.name]
        return
    assert _pokerkit_stacks(text) == finishing


def test_phh_enough_examples_are_exported_and_compared():
    names = [p.id for p in _exportable()]
    assert len(names) >= 50 and set(DEPARTURES) <= set(names)


def test_phh_import_writes_a_hand_file_that_rules_the_same(cli, tmp_path):
    out = tmp_path / "wsop.yaml"
    result = cli("hand", "import", str(WSOP), "--output", str(out))
    assert result.exit_code == 0 and result.stdout == f"Wrote {out}.\n"
    text = out.read_text()
    assert (
        '  - "Ashish Ahuja fold"  # wsop-2019-42-day3-00-01-07.phh:9 `p8 f (not written)`' in text
    )
    assert '"Dan Matsuzuki check"' in text  # PHH's cc with nothing to call
    again = json.loads(cli("hand", "check", str(out), "--json").stdout)["stacks"]
    assert list(again.values()) == tomllib.loads(WSOP.read_text())["finishing_stacks"]


def test_phh_export_carries_the_rulings_in_user_defined_fields(cli):
    result = cli("hand", "export", str(HANDS / "tda-59-conditional-statement.yaml"), "--phh")
    assert result.exit_code == 0, result.output
    data = tomllib.loads(result.stdout)
    assert data["_rulings"] == [
        "line 17: TDA 59: Dan's conditional statement binds: a raise to 400."
    ]
    assert "p4 cbr 400" in data["actions"]  # the raise the ruling made of `Dan call`
    assert data["players"] == ["Anna", "Ben", "Carla", "Dan"]


@pytest.mark.parametrize(
    "name, says",
    [
        ("irregularities/fouled-deck.yaml", "the hand was void"),
        ("rrop-posted-both-blinds.yaml", "PHH has no blind posted out of position"),
        ("tda-addendum/tda-53b-example-1.yaml", "the floor killed a hand"),
        ("tda-54-pot-limit.yaml", "PHH has no variant code for pot-limit Texas Hold'em"),
    ],
)
def test_phh_export_refuses_what_phh_cannot_say(cli, name, says):
    result = cli("hand", "export", str(HANDS / name), "--phh")
    assert result.exit_code == 2 and says in result.stderr
    assert "Traceback" not in result.output


BASE = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 AcAd",
  "d dh p2 KcKd",
  "d dh p3 QcQd",
  "p3 cbr 30",
  "p1 f",
  "p2 f",
]
"""


@pytest.mark.parametrize(
    "old, new, says",
    [
        ('variant = "NT"', 'variant = "F7S"', ":1: variant 'F7S': tdtool adjudicates hold'em"),
        ('"p3 cbr 30"', '"p3 cbr 30.5"', ":10: `p3 cbr 30.5`: the amount is 30.5; tdtool counts"),
        ('"p1 f"', '"p4 f"', ":11: `p4 f`: p4 is not a player (p1 to p3)."),
        ('"p2 f"', '"p2 sd"', ":12: `p2 sd`: draws and bring-ins"),
        ("min_bet = 10", "min_bet = 20", ":4: min_bet 20 is not the big blind (10)"),
        ("starting_stacks = [100, 100, 100]", "starting_stacks = [100, 100]",
         ":2: `antes` should list 2 amounts"),
        ('antes = [0, 0, 0]', 'antes = [0, 0, 0', ":3: this is not a PHH file (TOML): Unclosed"),
        ('"d dh p1 AcAd"', '"d dh p1 AcAdKs"', ":7: `d dh p1 AcAdKs`: 2 hole cards, not 3."),
    ],
)  # fmt: skip
def test_phh_a_file_tdtool_cannot_read_is_refused_with_file_and_line(cli, tmp_path, old, new, says):
    path = tmp_path / "hand.phh"
    assert old in BASE
    path.write_text(BASE.replace(old, new))
    result = cli("hand", "check", str(path))
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {path}{says}"), line


def test_phh_an_illegal_action_is_exit_1_on_its_phh_line(cli, tmp_path):
    path = tmp_path / "hand.phh"
    path.write_text(BASE.replace('"p3 cbr 30"', '"p3 cbr 15"'))
    result = cli("hand", "check", str(path), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["line"] == 10 and data["rule"] == "TDA 43"


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    all_in=st.booleans(),
    game=st.sampled_from([Game.NO_LIMIT, Game.LIMIT]),
    straddles=st.integers(0, 2),
)
def test_phh_out_and_back_in_keeps_every_hand_s_stacks(seed, all_in, game, straddles):
    """Property: a random legal hand (the games PHH has a code for) written as PHH and read
    back rules to the same stacks, and the hand file `hand import` writes from it does too."""
    rng = random.Random(seed)
    g = random_hand(rng, stakes=random_stakes(rng, game=game), all_in=all_in, straddles=straddles)
    first = replay(g.hand)
    text = phh_text(g.hand)
    back = parse_phh(text, "x.phh")
    assert replay(back).stacks == first.stacks
    if back.stakes.cap == 0:  # limit with no cap: a hand file cannot say it
        with pytest.raises(InputError, match="no uncapped limit"):
            hand_yaml_text(back, "x.phh")
        return
    assert replay(parse_hand(hand_yaml_text(back, "x.phh"), "x.yaml")).stacks == first.stacks
