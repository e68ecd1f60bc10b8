"""Omaha and Omaha high-low: exactly two hole cards and three board cards, eight-or-better
lows, split and quartered pots, the whole pot's odd chip to the high side (TDA 20)."""

from __future__ import annotations

import json
import random

import pytest

from tdtool.cards import FULL_DECK, parse_cards
from tdtool.errors import InputError
from tdtool.hands import HandValue, describe
from tdtool.io.hand_yaml import parse_hand
from tdtool.omaha import describe_low, omaha_best_five, omaha_high, omaha_low
from tdtool.rules.hand import replay

RUNOUT = [
    "Bo check", "Cy check", "Ann check",
]  # fmt: skip


def _hand(variant: str, cards: dict[str, str], board: str, stacks=None, chip: int = 1,
          preflop=("Ann call", "Bo call", "Cy check"), blinds: str = "50/100"):  # fmt: skip
    stacks = stacks or {}
    seats = "".join(
        f"  {k}: {{name: {name}, stack: {stacks.get(name, 1000)}, cards: {c}}}\n"
        for k, (name, c) in enumerate(cards.items(), start=1)
    )
    b = board.split()
    lines = [*preflop, f"flop {' '.join(b[:3])}", *RUNOUT, f"turn {b[3]}", *RUNOUT,
             f"river {b[4]}", *RUNOUT]  # fmt: skip
    text = (
        f"game: pot-limit\nvariant: {variant}\nblinds: {blinds}\nchip: {chip}\nbutton: 1\n"
        f"seats:\n{seats}actions:\n" + "".join(f"  - {a}\n" for a in lines)
    )
    return replay(parse_hand(text, "h.yaml"))


def test_omaha_plays_exactly_two_hole_cards_one_suited_card_makes_no_flush():
    board = parse_cards("As Ks 7s 2s 9d")
    value = HandValue(omaha_high(parse_cards("Qs Jh Th 3c"), board))
    assert describe(value) == "high card, ace-king-queen-jack-nine"
    # In Hold'em the queen of spades alone would make a flush.


def test_omaha_board_trips_play_as_three_board_cards_not_four():
    board = parse_cards("Kc Kd Kh 4s 9d")
    value = HandValue(omaha_high(parse_cards("As Ah 2c 3c"), board))
    assert describe(value) == "full house, kings full of aces"
    value = HandValue(omaha_high(parse_cards("Ks Qd 2c 3c"), board))
    assert describe(value) == "four of a kind, kings, queen kicker"


def test_omaha_best_five_is_two_hole_cards_and_three_board_cards():
    hole = parse_cards("As Ah 2c 3c")
    board = parse_cards("Kc Kd Kh 4s 9d")
    five = omaha_best_five(hole, board)
    assert sum(c in hole for c in five) == 2 and sum(c in board for c in five) == 3


def test_eight_or_better_low_needs_five_different_ranks_of_eight_or_less():
    board = parse_cards("2c 5d 8h Kc Kd")
    assert describe_low(omaha_low(parse_cards("As 3h Qc Qd"), board)) == "8-5-3-2-A low"
    assert omaha_low(parse_cards("As 2h Qc Qd"), board) is None  # the deuce pairs the board
    assert omaha_low(parse_cards("As 9h Qc Qd"), board) is None  # one low card is not two
    assert omaha_low(parse_cards("As 3h 4c 5d"), parse_cards("2c 9d Th Kc Kd")) is None


def test_lower_low_wins_comparing_the_highest_card_first():
    board = parse_cards("2c 4d 6h Kc Qd")
    a = omaha_low(parse_cards("As 3h Jc Jd"), board)  # 6-4-3-2-A
    b = omaha_low(parse_cards("As 5h Js Jh"), board)  # 6-5-4-2-A
    assert a is not None and b is not None and a < b
    assert describe_low(a) == "6-4-3-2-A low" and describe_low(b) == "6-5-4-2-A low"


def _text(cards) -> str:
    return "".join(str(c) for c in cards)


def test_omaha_matches_pokerkit_on_random_hands():
    pk = pytest.importorskip("pokerkit")
    rng = random.Random(8)
    for _ in range(150):
        cards = rng.sample(FULL_DECK, 13)
        a, b, board = cards[:4], cards[4:8], cards[8:]

        def pk_high(hole, board=board):
            return pk.OmahaHoldemHand.from_game(_text(hole), _text(board))

        ours = (omaha_high(a, board) > omaha_high(b, board)) - (
            omaha_high(a, board) < omaha_high(b, board)
        )
        theirs = (pk_high(a) > pk_high(b)) - (pk_high(a) < pk_high(b))
        assert ours == theirs, (a, b, board)

        def pk_low(hole, board=board):
            try:
                return pk.OmahaEightOrBetterLowHand.from_game(_text(hole), _text(board))
            except ValueError:
                return None

        la, lb = omaha_low(a, board), omaha_low(b, board)
        pa, pb = pk_low(a), pk_low(b)
        assert (la is None) == (pa is None) and (lb is None) == (pb is None), (a, b, board)
        if la is not None and lb is not None:
            # ours: smaller is better; pokerkit: greater is better
            assert ((la < lb) - (la > lb)) == ((pa > pb) - (pa < pb)), (a, b, board)


def test_omaha_high_hand_wins_the_whole_pot():
    result = _hand("omaha", {"Ann": "As Ah 2c 3c", "Bo": "Ks Qd Jc Tc", "Cy": "7h 7d 8c 8d"},
                   "Kc Kd Kh 4s 9d")  # fmt: skip
    assert result.pots[0].winners == ("Bo",)
    assert result.pots[0].hand == "four of a kind, kings, queen kicker"
    assert not result.pots[0].hilo


def test_omaha_hilo_split_pot_half_high_half_low():
    result = _hand("omaha-hilo", {"Ann": "As 3h Qc Qd", "Bo": "Ks Kh Jc Tc", "Cy": "9h 9d Th Js"},
                   "2c 5d 8h Kc 7d")  # fmt: skip
    pot = result.pots[0]
    assert pot.amount == 300
    assert pot.high.winners == ("Bo",) and pot.high.shares == (("Bo", 150),)
    assert pot.low.winners == ("Ann",) and pot.low.hand == "7-5-3-2-A low"
    assert dict(pot.shares) == {"Ann": 150, "Bo": 150}


def test_omaha_hilo_no_qualifying_low_the_high_takes_all():
    result = _hand("omaha-hilo", {"Ann": "As 3h Qc Qd", "Bo": "Ks Kh Jc Tc", "Cy": "9h 9d Th Js"},
                   "2c 9s Td Kc Kd")  # fmt: skip
    pot = result.pots[0]
    assert pot.low is None and dict(pot.shares) == {"Bo": 300}


def test_omaha_hilo_quartered_pot():
    # Ann and Cy hold the same low (A-3 with 2-5-8 on board); Bo has the high alone.
    result = _hand("omaha-hilo", {"Ann": "As 3h Qc Qd", "Bo": "Ks Kh Jc Tc", "Cy": "Ad 3c 9h 9d"},
                   "2c 5d 8h Kc 7d")  # fmt: skip
    pot = result.pots[0]
    assert dict(pot.high.shares) == {"Bo": 150}
    assert dict(pot.low.shares) == {"Ann": 75, "Cy": 75}
    assert dict(pot.shares) == {"Ann": 75, "Bo": 150, "Cy": 75}


def test_tda_20_hilo_the_whole_pots_odd_chip_goes_to_the_high_side():
    # 3 x 25 = 75 chips of 5: 15 chips do not halve; the high gets 8 chips (40), the low 7 (35).
    result = _hand("omaha-hilo", {"Ann": "As 3h Qc Qd", "Bo": "Ks Kh Jc Tc", "Cy": "9h 9d Th Js"},
                   "2c 5d 8h Kc 7d", chip=5, blinds="10/25")  # fmt: skip
    pot = result.pots[0]
    assert pot.amount == 75 and pot.odd_to_high
    assert dict(pot.high.shares) == {"Bo": 40} and dict(pot.low.shares) == {"Ann": 35}


def test_tda_20_hilo_odd_chips_within_a_half_go_clockwise_from_the_button():
    # The low half of 150 is split by Ann and Cy... 75 each; with chip 25 the half is 6 chips
    # (150) -> 3 each; make it odd: blinds 25/50, chip 25 -> pot 150, halves 75 and 75.
    result = _hand("omaha-hilo", {"Ann": "As 3h Qc Qd", "Bo": "Ks Kh Jc Tc", "Cy": "Ad 3c 9h 9d"},
                   "2c 5d 8h Kc 7d", chip=25, blinds="25/50")  # fmt: skip
    pot = result.pots[0]
    assert pot.amount == 150 and not pot.odd_to_high
    # The low half, 75, is three chips of 25 for two winners: the odd one goes to Cy,
    # first clockwise from the button (seat 1, Ann, holds the button).
    assert dict(pot.low.shares) == {"Ann": 25, "Cy": 50}
    assert pot.low.odd_chips == ("Cy",)


def test_omaha_hilo_scoop_one_player_wins_both_halves():
    result = _hand("omaha-hilo", {"Ann": "As 3h 4c 6c", "Bo": "Ks Kh Jc Tc", "Cy": "9h 9d Th Js"},
                   "2c 5d 8h Kc 7d")  # fmt: skip
    pot = result.pots[0]
    assert pot.high.winners == ("Ann",) and pot.low.winners == ("Ann",)
    assert dict(pot.shares) == {"Ann": 300}


def test_hilo_answer_names_each_high_and_low_hand(cli, tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text(
        "game: pot-limit\nvariant: omaha-hilo\nblinds: 50/100\nbutton: 1\nseats:\n"
        "  1: {name: Ann, stack: 1000, cards: As 4h Qc Qd}\n"
        "  2: {name: Bo, stack: 1000, cards: Ks Kh Jc Tc}\n"
        "actions:\n  - Ann call\n  - Bo check\n  - flop 2c 6d 8h\n  - Bo check\n"
        "  - Ann check\n  - turn Kc\n  - Bo check\n  - Ann check\n  - river 7d\n"
        "  - Bo check\n  - Ann check\n"
    )
    out = cli("hand", "check", f).stdout
    assert "7-6-4-2-A low" in out and "three of a kind, kings" in out
    assert "high 100 to Bo" in out and "low 100 to Ann" in out
    data = json.loads(cli("hand", "check", f, "--json").stdout)
    pot = data["pots"][0]
    assert pot["high"]["winners"] == ["Bo"] and pot["low"]["winners"] == ["Ann"]
    assert pot["low"]["hand"] == "7-6-4-2-A low"
    assert data["hands"]["Ann"]["low"] == "7-6-4-2-A low"


@pytest.mark.parametrize(
    ("lines", "says"),
    [
        ("variant: razz\n", "h.yaml:1: unknown variant `razz`"),
        ("variant: [omaha]\n", "h.yaml:1: `variant` should be a single value"),
    ],
)
def test_bad_variant_names_the_line(lines, says):
    with pytest.raises(InputError) as err:
        parse_hand(lines + "blinds: 1/2\nbutton: 1\nseats: {}\nactions: []\n", "h.yaml")
    assert str(err.value).startswith(says)


def test_omaha_needs_four_hole_cards_named_on_the_seat_line():
    text = (
        "variant: omaha\nblinds: 1/2\nbutton: 1\nseats:\n"
        "  1: {name: Ann, stack: 100, cards: As Ah}\n  2: {name: Bo, stack: 100}\nactions: []\n"
    )
    with pytest.raises(InputError) as err:
        parse_hand(text, "h.yaml")
    assert str(err.value) == "h.yaml:5: Ann should have 4 hole cards in Omaha, not 2."
