"""Reading and replaying a hand file: every mistake is one `FILE:LINE: ...` message."""

from __future__ import annotations

import pytest

from tdtool.errors import InputError, RuleError
from tdtool.io.hand_yaml import parse_hand
from tdtool.rules.betting import IllegalAction, Street, Verb
from tdtool.rules.entry import ActionLine, BoardLine, Irregularity, IrregularityLine
from tdtool.rules.hand import replay

HEADER = """\
blinds: 50/100
button: 1
seats:
  1: {name: Anna, stack: 1000, cards: Ah Ad}
  2: {name: Ben, stack: 1000, cards: Kh Kd}
  3: {name: Carla, stack: 1000, cards: Qh Qd}
actions:
"""
PREFLOP = ["Anna call", "Ben call", "Carla check"]
RUNOUT = [
    "flop 2c 7s 9d",
    "Ben check",
    "Carla check",
    "Anna check",
    "turn Jc",
    "Ben check",
    "Carla check",
    "Anna check",
    "river 3h",
    "Ben check",
    "Carla check",
    "Anna check",
]


def hand(*actions: str, header: str = HEADER):
    return parse_hand(header + "".join(f"  - {a}\n" for a in actions), "h.yaml")


def check(*actions: str, header: str = HEADER):
    return replay(hand(*actions, header=header))


def input_error(*actions: str, header: str = HEADER) -> str:
    with pytest.raises(InputError) as err:
        check(*actions, header=header)
    return str(err.value)


def test_every_action_keeps_its_line_number():
    lines = hand(*PREFLOP, "flop 2c 7s 9d").lines
    assert [r.line for r in lines] == [8, 9, 10, 11]
    assert lines[0] == ActionLine(8, "Anna call", 1, Verb.CALL)
    assert isinstance(lines[3], BoardLine) and lines[3].street is Street.FLOP


def test_who_may_be_a_seat_number_and_names_ignore_case():
    lines = hand("1 call", "ben raise 300").lines
    assert (lines[0].seat, lines[1].seat, lines[1].amount) == (1, 2, 300)


def test_a_name_that_is_not_seated_is_bad_input_with_a_suggestion():
    msg = input_error("Bne call")
    assert msg.startswith("h.yaml:8: Bne is not seated") and "Did you mean Ben?" in msg


def test_unknown_key_is_rejected_with_did_you_mean():
    msg = input_error(header="bb_antee: 0\n" + HEADER)
    assert msg.startswith("h.yaml:1: unknown key `bb_antee`") and "`bb_ante`" in msg


def test_unknown_seat_key_is_rejected():
    header = HEADER.replace("stack: 1000, cards: Ah Ad", "stak: 1000, cards: Ah Ad")
    assert input_error(header=header).startswith("h.yaml:4: unknown key `stak` in seat 1")


def test_yaml_syntax_error_names_the_line():
    msg = input_error(header=HEADER + "  - [unclosed\n")
    assert msg.startswith("h.yaml:") and "not valid YAML" in msg


def test_a_negative_stack_is_bad_input():
    header = HEADER.replace("stack: 1000, cards: Kh Kd", "stack: -5, cards: Kh Kd")
    assert input_error(header=header) == "h.yaml:5: `stack of Ben` cannot be negative (-5)."


def test_tda_35e_a_card_dealt_twice_voids_the_hand_naming_both_places():
    result = check(*PREFLOP, "flop Ah 7s 9d", *RUNOUT[1:])
    assert result.misdeal is not None and result.misdeal.rule == "TDA 35E"
    assert result.misdeal.line == 11
    assert result.misdeal.steps[0] == (
        "Ah was dealt twice: to Anna (line 4), then to the flop (line 11)."
    )
    assert result.stacks == result.start and result.pots == ()


def test_tda_35e_a_card_twice_in_the_seats_voids_the_hand():
    header = HEADER.replace("cards: Kh Kd", "cards: Ah Kd")
    result = check(*PREFLOP, *RUNOUT, header=header)
    assert result.misdeal is not None and result.misdeal.line == 5
    assert result.stacks == result.start


def test_a_bad_card_is_bad_input():
    assert input_error(*PREFLOP, "flop 2c 7x 9d").startswith("h.yaml:11: '7x' is not a card")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("flop 2c 7s", "the flop is 3 cards, not 2"),
        ("turn 2c 7s", "the turn is 1 card, not 2"),
    ],
)
def test_wrong_number_of_board_cards_is_bad_input(line, message):
    assert message in input_error(*PREFLOP, line)


def test_board_out_of_order_is_bad_input():
    assert "the flop comes next" in input_error(*PREFLOP, "turn 2c")


def test_actions_after_the_hand_is_over_are_bad_input():
    msg = input_error("Anna raise 300", "Ben fold", "Carla fold", "Anna check")
    assert msg == (
        "h.yaml:11: `Anna check` comes after the hand is over (everyone but Anna has folded)."
    )
    assert "after the hand is over" in input_error(*PREFLOP, *RUNOUT, "Ben check")


def test_a_showdown_without_cards_is_bad_input_naming_the_seat():
    header = HEADER.replace(", cards: Kh Kd", "")
    msg = input_error(*PREFLOP, *RUNOUT, header=header)
    assert msg.startswith("h.yaml:5: Ben reaches the showdown but the file gives no cards")


def test_cards_may_be_left_out_for_a_player_who_mucks_or_folds():
    header = HEADER.replace(", cards: Kh Kd", "")
    result = check(*PREFLOP, *RUNOUT, "Ben mucks", header=header)
    assert result.pots[0].winners == ("Anna",)


def test_a_hand_that_stops_early_is_bad_input():
    assert "Carla is still to act on the pre-flop" in input_error("Anna call", "Ben call")
    assert "list `turn ...` and `river ...`" in input_error(*PREFLOP, *RUNOUT[:4])


def test_a_flop_dealt_before_the_betting_is_complete_is_refused_naming_who_is_to_act():
    with pytest.raises(IllegalAction) as err:
        check("Anna call", "Ben call", "flop 2c 7s 9d")
    assert err.value.line == 10 and err.value.player == "Carla"
    assert "premature flop" in str(err.value)


def test_tda_16_no_muck_once_a_player_is_all_in():
    with pytest.raises(RuleError, match="TDA 16"):
        check(
            "Anna all-in",
            "Ben call",
            "Carla fold",
            "flop 2c 7s 9d",
            "turn Jc",
            "river 3h",
            "Ben mucks",
        )


def test_tda_17_last_river_aggressor_shows_first_else_first_left_of_the_button():
    result = check(*PREFLOP, *RUNOUT[:-3], "Ben check", "Carla bet 200", "Anna call", "Ben call")
    assert result.showdown == ("Carla", "Anna", "Ben") and result.showdown_rule == "TDA 17"
    result = check(*PREFLOP, *RUNOUT)
    assert result.showdown == ("Ben", "Carla", "Anna")


def test_tda_16_all_in_showdown_turns_every_hand_face_up():
    result = check("Anna all-in", "Ben call", "Carla call", "flop 2c 7s 9d", "turn Jc", "river 3h")
    assert result.showdown_rule == "TDA 16"


def test_an_illegal_action_stops_the_replay_with_line_player_allowed_and_rule():
    with pytest.raises(IllegalAction) as err:
        check("Anna raise 150")
    e = err.value
    assert (e.line, e.player, e.allowed, e.rule) == (
        8,
        "Anna",
        "the minimum raise is to 200",
        "TDA 43",
    )
    assert str(e) == "h.yaml:8: Anna cannot raise to 150: the minimum raise is to 200 (TDA 43)."


IRREGULAR = [
    (
        "exposed Ben first",
        IrregularityLine(8, "exposed Ben first", Irregularity.EXPOSED_CARD, seat=2, which="first"),
    ),
    ("boxed 3", IrregularityLine(8, "boxed 3", Irregularity.BOXED_CARD, seat=3)),
    (
        "misdeal wrong seat",
        IrregularityLine(8, "misdeal wrong seat", Irregularity.MISDEAL, reason="wrong seat"),
    ),
    ("Ben exposes", IrregularityLine(8, "Ben exposes", Irregularity.PLAYER_EXPOSES, seat=2)),
]


@pytest.mark.parametrize(("text", "record"), IRREGULAR, ids=[t for t, _ in IRREGULAR])
def test_irregularity_lines_are_parsed_into_typed_records(text, record):
    assert hand(text).lines[0] == record


def test_premature_and_four_card_flop_lines_are_parsed_with_their_cards():
    lines = hand(*PREFLOP, "premature turn 5c", "flop 2c 7s 9d 5h").lines
    assert lines[3].kind is Irregularity.PREMATURE_TURN and len(lines[3].cards) == 1
    assert lines[4].kind is Irregularity.FOUR_CARD_FLOP and len(lines[4].cards) == 4


@pytest.mark.parametrize(
    ("text", "misdeal"),
    [
        ("exposed Ben second", False),
        ("boxed Anna", False),
        ("misdeal wrong seat", True),
        ("Ben exposes", False),
    ],
)
def test_irregularities_are_ruled_never_ignored(text, misdeal):
    result = check(text) if misdeal else check(text, *PREFLOP, *RUNOUT)
    assert [(r.line, r.misdeal) for r in result.rulings] == [(8, misdeal)]


def test_rules_key_accepts_tda_and_robert():
    assert hand(header="rules: robert\n" + HEADER).profile == "robert"
    assert "unknown rules profile" in input_error(header="rules: wsop\n" + HEADER)


def test_a_check_nobody_needed_once_everyone_else_is_all_in_is_accepted():
    header = HEADER.replace("stack: 1000, cards: Ah Ad", "stack: 80, cards: Ah Ad")
    result = check(
        "Anna all-in",
        "Ben fold",
        "Carla check",
        "flop 2c 7s 9d",
        "turn Jc",
        "river 3h",
        header=header,
    )
    assert dict(result.returned) == {"Carla": 20}
