"""The hand-file lines of issue 23 (docs/hand-file.md): `says complete`, a fouled deck, `says pot`
in no-limit with chips, the wording of declarations and out-of-turn checks, and the limit cap
heads-up by profile. Each test is named after the rule it proves.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.conftest import EXAMPLES
from tests.test_hand_rulings import START, check, write


def table(tmp_path, head, seats, actions, name="hand.yaml"):
    """A hand file from its header lines, `seats:` rows and action lines."""
    text = textwrap.dedent(head).strip() + "\nseats:\n"
    text += "".join(f"  {row}\n" for row in seats)
    text += "actions:\n" + "".join(f"  - {a}\n" for a in actions)
    path = tmp_path / name
    path.write_text(text)
    return path


def ruled(cli, path, *options):
    code, data, err = check(cli, path, *options)
    assert code == 0, err
    return data


def summaries(data):
    return [r["summary"] for r in data["rulings"]]


def bad_input(cli, path, *options):
    """Exit 2 with one `Error: FILE:LINE: ...` line and no traceback; returns that line."""
    result = cli("hand", "check", path, *options)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {path}:") and "Traceback" not in result.output
    return line


# ------------------------------------------------------------------------- says complete

LIMIT_THREE = ("game: limit\nblinds: 50/100\nbutton: 3", [
    "1: {name: Ann, stack: 2000, cards: Ah Ad}",
    "2: {name: Bo,  stack: 240,  cards: Kh Kd}",
    "3: {name: Cy,  stack: 2000, cards: Qh Qd}",
])  # fmt: skip
FLOP_SHORT_ALL_IN = ["Cy call", "Ann call", "Bo check", "flop 2c 7s 9d", "Ann bet 100", "Bo all-in"]
COMPLETED = [*FLOP_SHORT_ALL_IN, "Cy says complete", "Ann call"]
REST = ["turn 3h", "Ann check", "Cy check", "river 4s", "Ann check", "Cy check"]


def test_tda_3_says_complete_in_limit_makes_a_short_all_in_a_full_bet(cli, tmp_path):
    path = table(tmp_path, *LIMIT_THREE, [*COMPLETED, *REST])
    data = ruled(cli, path)
    (ruling,) = data["rulings"]
    assert ruling["irregularity"] == "declaration" and ruling["rule"] == "TDA 3, 47B"
    assert ruling["summary"] == "Cy: a raise to 200."
    assert data["stacks"] == {"Ann": 2540, "Bo": 0, "Cy": 1700}


def test_robert_betting_and_raising_6_says_complete_completes_the_wager(cli, tmp_path):
    path = table(tmp_path, *LIMIT_THREE, [*COMPLETED, *REST])
    (ruling,) = ruled(cli, path, "--rules", "robert")["rulings"]
    assert ruling["rule"] == "RRoP Betting and Raising 6"
    assert ruling["summary"] == "Cy: a raise to 200."


def test_tda_3_complete_a_big_blind_below_the_small_bet_is_the_completion(cli, tmp_path):
    head = "game: limit\nblinds: 5/10\nbets: 15/30\nbutton: 3"
    path = table(tmp_path, head, LIMIT_THREE[1], ["Cy says complete", "Ann fold", "Bo fold"])
    data = ruled(cli, path)
    assert summaries(data) == ["Cy: a raise to 15."]
    assert data["stacks"]["Cy"] == 2000 + 15  # Cy wins the blinds back with his 15 returned


@pytest.mark.parametrize("game", ["limit", "no-limit", "pot-limit"])
def test_tda_3_the_small_blind_completing_the_big_blind_is_a_call(cli, tmp_path, game):
    head = f"game: {game}\nblinds: 50/100\nbutton: 3"
    heads_up = [a.replace("Cy", "Bo") for a in REST]
    actions = ["Cy fold", "Ann says complete", "Bo check", "flop 2c 7s 9d", "Ann check", "Bo check"]
    path = table(tmp_path, head, LIMIT_THREE[1], [*actions, *heads_up])
    data = ruled(cli, path)
    assert summaries(data) == ["Ann: a call of 100."]
    assert data["stacks"]["Ann"] == 2100  # aces win the 200 pot


def test_tda_3_complete_facing_a_full_bet_is_refused_naming_the_line(cli, tmp_path):
    path = table(tmp_path, *LIMIT_THREE, ["Cy says complete"])
    line = bad_input(cli, path)
    assert line == (
        f"Error: {path}:9: `Cy says complete`: the bet of 100 is already a full bet, so there"
        " is nothing to complete: write `says call` or `says raise`."
    )


def test_tda_3_complete_with_no_bet_is_refused(cli, tmp_path):
    path = table(tmp_path, *LIMIT_THREE, ["Cy call", "Ann call", "Bo check", "flop 2c 7s 9d",
                                          "Ann says complete"])  # fmt: skip
    assert "there is no bet to complete" in bad_input(cli, path)


def test_rrop_completing_the_bet_is_a_limit_wager_only_so_refused_in_no_limit(cli, tmp_path):
    head = "blinds: 50/100\nbutton: 3"
    path = table(tmp_path, head, LIMIT_THREE[1], [*FLOP_SHORT_ALL_IN, "Cy says complete"])
    line = bad_input(cli, path)
    assert f"{path}:14: `Cy says complete`: completing a bet is a limit term" in line
    assert "`says call` or `says raise N`" in line


def test_tda_47b_complete_when_the_betting_is_not_reopened_binds_only_the_call(cli, tmp_path):
    # Ann bet, Bo all-in short, Cy called: back to Ann, who faces 40 more, not reopened.
    actions = [*FLOP_SHORT_ALL_IN, "Cy call", "Ann says complete", *REST]
    data = ruled(cli, table(tmp_path, *LIMIT_THREE, actions))
    assert summaries(data) == ["Ann: a call of 140."]
    assert data["rulings"][0]["rule"] == "TDA 3, 47B, 51A"


# ------------------------------------------------------------------------- fouled deck

BETS = ["Carla raise 300", "Dan call", "Anna fold", "Ben call", "flop As 8h 3c", "Ben check",
        "Carla bet 500", "Dan call"]  # fmt: skip
"""Substantial action, a flop and a bet called: too late for any misdeal but a fouled deck."""


def voided(data):
    """The hand is void: every chip back where it started, no pots, one duplicate-card entry."""
    assert data["misdeal"] is True and data["stacks"] == START
    assert data["pots"] == [] and data["returned"] == {}
    (ruling,) = [r for r in data["rulings"] if r["irregularity"] == "duplicate-card"]
    assert ruling["misdeal"] is True
    return ruling


@pytest.mark.parametrize(
    ("rules", "rule"), [("tda", "TDA 35E"), ("robert", "RRoP Irregularities: duplicate card")]
)
def test_tda_35e_fouled_deck_line_voids_the_hand_whatever_the_action(cli, tmp_path, rules, rule):
    data = ruled(cli, write(tmp_path, [*BETS, "fouled deck two aces of spades"]), "--rules", rules)
    ruling = voided(data)
    assert ruling["line"] == 17 and ruling["rule"] == rule
    assert ruling["steps"][0] == "The dealer found the deck fouled (two aces of spades)."


def test_tda_35e_duplicate_card_line_names_the_card_and_where_it_was_dealt(cli, tmp_path):
    ruling = voided(ruled(cli, write(tmp_path, [*BETS, "duplicate As"])))
    assert ruling["steps"][0] == "A second As turned up, after it was dealt to the flop (line 13)."


def test_tda_35e_lines_after_a_fouled_deck_belong_to_the_next_hand(cli, tmp_path):
    line = bad_input(cli, write(tmp_path, [*BETS, "duplicate 7c", "turn 2d"]))
    assert ":18: `turn 2d` does not belong to this hand: it ended void (a fouled deck)" in line
    assert "on line 17; enter the next hand as a new hand." in line


def test_tda_35e_a_hole_card_dealt_again_on_the_board_voids_the_hand(cli, tmp_path):
    # Anna holds Ah (TABLE); the flop brings a second Ah after substantial action.
    actions = ["Carla raise 300", "Dan call", "Anna call", "Ben fold", "flop Ah 8h 3c"]
    ruling = voided(ruled(cli, write(tmp_path, [*actions, "Anna check", "Carla check"])))
    assert ruling["line"] == 13
    assert ruling["steps"][0] == "Ah was dealt twice: to Anna (line 4), then to the flop (line 13)."


@pytest.mark.parametrize(
    ("old", "new", "line", "where"),
    [
        ("cards: 4s 3s", "cards: 4s 4s", 7, "to Dan (line 7), then to Dan (line 7)"),
        ("cards: 4s 3s", "cards: Qc 3s", 7, "to Carla (line 6), then to Dan (line 7)"),
    ],
    ids=["one-player", "two-players"],
)
def test_tda_35e_identical_hole_cards_void_the_hand(cli, tmp_path, old, new, line, where):
    path = write(tmp_path, ["Carla fold", "Dan fold", "Anna fold"])
    path.write_text(path.read_text().replace(old, new))
    ruling = voided(ruled(cli, path))
    assert ruling["line"] == line and where in ruling["steps"][0]


def test_tda_35e_the_same_card_twice_on_one_flop_voids_the_hand(cli, tmp_path):
    actions = ["Carla call", "Dan call", "Anna call", "Ben check", "flop 2c 2c 7d"]
    ruling = voided(ruled(cli, write(tmp_path, actions)))
    assert (
        ruling["steps"][0]
        == "2c was dealt twice: to the flop (line 13), then to the flop (line 13)."
    )


def test_tda_35e_after_a_card_dealt_twice_the_lines_are_still_checked(cli, tmp_path):
    # The void hand does not excuse a line the rules refuse: Dan's check facing a bet.
    actions = ["Carla raise 300", "Dan call", "Anna call", "Ben fold", "flop Ah 8h 3c",
               "Anna bet 200", "Carla call", "Dan check"]  # fmt: skip
    code, data, err = check(cli, write(tmp_path, actions))
    assert code == 1 and data["line"] == 16 and data["player"] == "Dan"


def test_tda_35e_human_answer_says_the_hand_is_void_not_a_misdeal(cli, tmp_path):
    out = cli("hand", "check", write(tmp_path, [*BETS, "duplicate As"])).stdout
    assert "Line 17: VOID HAND. The deck is fouled" in out
    assert "The hand is void (fouled deck) on line 17" in out


# ------------------------------------------------------------------- says pot in no-limit

LIMPED = ["Carla call", "Dan call", "Anna call", "Ben check", "flop 2c 7d Jh"]
"""Four players see a flop at 50/100; the pot is 400."""


def test_tda_54d_says_pot_no_limit_then_chips_the_chips_set_the_bet(cli, tmp_path):
    actions = [*LIMPED, "Anna says pot", "Anna puts 600", "Ben fold", "Carla fold", "Dan fold"]
    data = ruled(cli, write(tmp_path, actions))
    said, chips = data["rulings"]
    assert (said["rule"], chips["rule"]) == ("TDA 54D", "TDA 54D")
    assert chips["summary"] == "Anna: a bet of 600."  # not held to the minimum of 100
    assert data["returned"] == {"Anna": 600} and data["stacks"]["Anna"] == 5000 + 300


def test_tda_54d_says_pot_facing_a_bet_binds_a_valid_raise_sized_by_the_chips(cli, tmp_path):
    actions = [*LIMPED, "Anna says bet 500", "Ben says pot", "Ben puts 2000", "Carla fold",
               "Dan fold", "Anna fold"]  # fmt: skip
    data = ruled(cli, write(tmp_path, actions))
    assert summaries(data)[-1] == "Ben: a raise to 2,000."
    assert data["returned"] == {"Ben": 1500}


def test_tda_54d_says_pot_then_chips_short_of_a_raise_is_a_full_raise_not_a_call(cli, tmp_path):
    actions = [*LIMPED, "Anna says bet 500", "Ben says pot", "Ben puts 600", "Carla fold",
               "Dan fold", "Anna fold"]  # fmt: skip
    data = ruled(cli, write(tmp_path, actions))
    assert summaries(data)[-1] == "Ben: a raise to 1,000."
    assert data["rulings"][-1]["rule"] == "TDA 54D, 43A"


def test_tda_54d_says_pot_then_one_overchip_is_the_most_the_chip_allows(cli, tmp_path):
    actions = [*LIMPED, "Anna says pot", "Anna puts chips 1000", "Ben fold", "Carla fold",
               "Dan fold"]  # fmt: skip
    assert summaries(ruled(cli, write(tmp_path, actions)))[-1] == "Anna: a bet of 1,000."


def test_tda_54_says_pot_then_chips_in_pot_limit_is_still_the_pot(cli, tmp_path):
    actions = [*LIMPED, "Anna says pot", "Anna puts 600", "Ben fold", "Carla fold", "Dan fold"]
    data = ruled(cli, write(tmp_path, actions, header="game: pot-limit\n"))
    assert summaries(data)[0] == "Anna: a bet of 400."  # the pot; the chips follow the words
    assert data["returned"] == {"Anna": 400}


# ------------------------------------------------------------------------------ wording


def test_tda_40b_says_bet_500_is_worded_as_the_bet_said(cli, tmp_path):
    actions = [*LIMPED, "Anna says bet 500", "Ben fold", "Carla fold", "Dan fold"]
    (ruling,) = ruled(cli, write(tmp_path, actions))["rulings"]
    assert ruling["steps"][:2] == ["Anna said bet 500.", "Bet and an amount is the total: 500."]
    assert ruling["summary"] == "Anna: a bet of 500."


def test_tda_43b_says_raise_8000_is_still_worded_as_a_raise(cli, tmp_path):
    actions = ["Carla raise 2000", "Dan says raise 8000", "Anna fold", "Ben fold", "Carla fold"]
    (ruling,) = ruled(cli, write(tmp_path, actions))["rulings"]
    assert ruling["steps"][0] == "Dan said raise 8,000."


def test_tda_55b_says_bet_without_an_amount_is_worded_as_said(cli, tmp_path):
    actions = [*LIMPED, "Anna says bet", "Anna puts 300", "Ben fold", "Carla fold", "Dan fold"]
    said, _ = ruled(cli, write(tmp_path, actions))["rulings"]
    assert said["steps"][0].startswith("Anna said bet without an amount: Anna is committed")


BB_CHECKS_EARLY = ["Carla call", "Dan call", "Ben check out of turn"]
"""The big blind checks his option while Anna, the small blind, is still to act."""


def test_tda_53a_big_blind_checking_out_of_turn_faces_only_his_own_blind(cli, tmp_path):
    actions = [*BB_CHECKS_EARLY, "Anna call", "flop 2c 7d Jh", "Anna check", "Ben check",
               "Carla check", "Dan check", "turn 5s", "Anna check", "Ben check", "Carla check",
               "Dan check", "river 8h", "Anna check", "Ben check", "Carla check",
               "Dan check"]  # fmt: skip
    data = ruled(cli, write(tmp_path, actions))
    (ruling,) = data["rulings"]
    assert ruling["summary"] == (
        "Ben checked out of turn; the action to Ben did not change, so the check stands."
    )
    assert ruling["steps"][1] == (
        "The players before Ben acted without a bet or raise: Ben still faces no bet beyond"
        " their own 100."
    )
    assert not any("a bet of 100" in step for step in ruling["steps"])


def test_tda_53a_big_blind_check_out_of_turn_then_a_raise_counts_only_what_he_must_add(
    cli, tmp_path
):
    actions = [*BB_CHECKS_EARLY, "Anna raise 300", "Ben fold", "Carla fold", "Dan fold"]
    (ruling,) = ruled(cli, write(tmp_path, actions))["rulings"]
    assert ruling["steps"][1] == (
        "A bet or raise came before Ben's turn: the action changed from no bet beyond their"
        " own 100 to a bet of 300 (200 more to call)."
    )


# ------------------------------------------------------------- the limit cap heads-up

HEADS_UP = ("game: limit\nblinds: 10/20\nbutton: 1", [
    "1: {name: Ann, stack: 1000, cards: Ah Ad}",
    "2: {name: Bo,  stack: 1000, cards: Kh Kd}",
])  # fmt: skip


def checked_down(first, second):
    """Flop, turn and river checked through, `first` acting first."""
    streets = ["flop 2c 7s 9d", "turn 3c", "river 4s"]
    return [a for street in streets for a in (street, f"{first} check", f"{second} check")]


CHECKED_DOWN = checked_down("Bo", "Ann")
RAISE_WAR = ["Ann raise 40", "Bo raise 60", "Ann raise 80", "Bo raise 100", "Ann raise 120",
             "Bo call"]  # fmt: skip
"""Heads-up pre-flop: the big blind and five raises, past the cap of 4."""


def test_rrop_betting_and_raising_4_heads_up_limit_raising_is_unlimited(cli, tmp_path):
    data = ruled(cli, table(tmp_path, *HEADS_UP, [*RAISE_WAR, *CHECKED_DOWN]), "--rules", "robert")
    assert data["stacks"] == {"Ann": 1120, "Bo": 880}


def test_tda_48_heads_up_limit_keeps_the_cap(cli, tmp_path):
    code, data, _ = check(cli, table(tmp_path, *HEADS_UP, [*RAISE_WAR, *CHECKED_DOWN]))
    assert code == 1 and data["line"] == 11 and data["rule"] == "TDA 48"


THREE = ("game: limit\nblinds: 10/20\nbutton: 3", [
    "1: {name: Ann, stack: 1000, cards: Ah Ad}",
    "2: {name: Bo,  stack: 1000, cards: Kh Kd}",
    "3: {name: Cy,  stack: 1000, cards: Qh Qd}",
])  # fmt: skip


def test_rrop_betting_and_raising_4_becoming_heads_up_before_the_cap_lifts_it(cli, tmp_path):
    # Ann folds her small blind: Bo and Cy go on raising past a bet and three raises.
    actions = ["Cy raise 40", "Ann fold", "Bo raise 60", "Cy raise 80", "Bo raise 100",
               "Cy raise 120", "Bo call", *checked_down("Bo", "Cy")]  # fmt: skip
    data = ruled(cli, table(tmp_path, *THREE, actions), "--rules", "robert")
    assert data["stacks"] == {"Ann": 990, "Bo": 1130, "Cy": 880}


def test_rrop_betting_and_raising_4_a_cap_reached_three_handed_stays_after_a_fold(cli, tmp_path):
    actions = ["Cy raise 40", "Ann raise 60", "Bo raise 80", "Cy fold", "Ann raise 100"]
    code, data, _ = check(cli, table(tmp_path, *THREE, actions), "--rules", "robert")
    assert code == 1 and data["line"] == 13 and data["rule"] == "RRoP Betting and Raising 3, 4"
    assert "reached with three or more players" in data["allowed"]


def test_rrop_betting_and_raising_3_an_all_in_player_does_not_count_toward_the_cap(cli, tmp_path):
    head, seats = THREE
    seats = [seats[0], seats[1], seats[2].replace("stack: 1000", "stack: 30")]
    # Cy's all-in to 30 is a full raise in limit (half a bet or more, TDA 47B): the cap of 4
    # is reached by Bo's raise to 70 with only Ann and Bo not all-in, so they raise on.
    actions = ["Cy all-in", "Ann raise 50", "Bo raise 70", "Ann raise 90", "Bo raise 110",
               "Ann call", *checked_down("Ann", "Bo")]  # fmt: skip
    data = ruled(cli, table(tmp_path, head, seats, actions), "--rules", "robert")
    assert data["stacks"] == {"Ann": 1000 - 110 + 90 + 160, "Bo": 890, "Cy": 0}


# ------------------------------------------------------------- undercalls in sequence

OPENED = [*LIMPED, "Anna bet 1000", "Ben puts 500"]
"""Anna opens the flop for 1,000 and Ben undercalls it with 500 (a mandatory call, TDA 51B)."""
THREE_CHECK = ["turn 5s", "Anna check", "Ben check", "Carla check", "river 8h", "Anna check",
               "Ben check", "Carla check"]  # fmt: skip


def test_tda_51c_undercalls_in_sequence_back_up_to_the_first_undercaller(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*OPENED, "Carla puts 300", "Dan fold", *THREE_CHECK]))
    first, second = data["rulings"]
    assert first["rule"] == "TDA 51B" and "51C" not in first["rule"]
    assert second["rule"] == "TDA 51C; TDA 51B"
    assert second["steps"][-1].startswith(
        "Undercalls in sequence: play backs up to the first undercaller, Ben (line 15)"
    )
    assert second["summary"] == (
        "Carla's undercall facing the opening bet of the round is a mandatory full call of 1,000."
    )
    assert data["stacks"]["Carla"] == 5000 - 1100 + 3 * 1100 + 100  # queens win the pot


def test_tda_51c_an_undercall_after_a_full_call_is_not_in_sequence(cli, tmp_path):
    four_check = [
        a
        for street in ("turn 5s", "river 8h")
        for a in (street, *(f"{p} check" for p in ("Anna", "Ben", "Carla", "Dan")))
    ]
    data = ruled(cli, write(tmp_path, [*OPENED, "Carla call", "Dan puts 300", *four_check]))
    assert [r["rule"] for r in data["rulings"]] == ["TDA 51B", "TDA 51B"]


def test_robert_short_calls_in_sequence_are_each_corrected(cli, tmp_path):
    data = ruled(
        cli,
        write(tmp_path, [*OPENED, "Carla puts 300", "Dan fold", *THREE_CHECK]),
        "--rules",
        "robert",
    )
    assert not any("51C" in r["rule"] for r in data["rulings"])


# --------------------------------------------------------------------- accepted action

MISCOUNT = [*LIMPED, "Anna bet 1500", "dealer counts 1000"]
"""Anna bets 1,500 on the flop; Ben asks for a count and the dealer says 1,000."""
BEN_REST = ["Carla fold", "Dan fold", "turn 5s", "Anna check", "Ben check", "river 8h",
            "Anna check", "Ben check"]  # fmt: skip


@pytest.mark.parametrize("acts", ["Ben puts 1000", "Ben says call", "Ben acts on it"])
def test_tda_49_calling_on_a_wrong_count_accepts_the_full_correct_bet(cli, tmp_path, acts):
    data = ruled(cli, write(tmp_path, [*MISCOUNT, acts, *BEN_REST]))
    (ruling,) = data["rulings"]
    assert ruling["irregularity"] == "accepted-action" and ruling["rule"] == "TDA 49"
    assert ruling["line"] == 16
    assert ruling["summary"] == "Ben accepted the action: a call of 1,500."
    assert ruling["steps"][0] == "Ben asked for a count and was told 1,000; the bet is 1,500."
    # not an undercall: Ben is in for the full 1,500, and his nines win the 3,400 pot
    assert data["stacks"]["Ben"] == 5000 - 100 - 1500 + 400 + 3000


def test_tda_49_chips_that_do_not_follow_the_count_are_read_as_chips(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*MISCOUNT, "Ben puts 500", *BEN_REST]))
    assert [r["irregularity"] for r in data["rulings"]] == ["undercall"]


@pytest.mark.parametrize(
    ("actions", "says"),
    [
        ([*MISCOUNT, "Carla fold"], "the count is for Ben, who is to act"),
        ([*LIMPED, "dealer counts 500"], "Anna faces no bet, so there is nothing to count"),
        ([*LIMPED[:-1], "dealer counts"], "write the bet as the dealer counted it"),
        ([*LIMPED, "Anna bet 1500", "Ben acts on it"], "acting on a count needs the count"),
    ],
    ids=["not-the-player", "no-bet", "no-amount", "acts-on-no-count"],
)
def test_tda_49_a_count_line_that_cannot_be_acted_on_is_bad_input(cli, tmp_path, actions, says):
    assert says in bad_input(cli, write(tmp_path, actions))


def test_tda_49_acts_on_it_is_acting_on_the_count(cli):
    data = ruled(cli, EXAMPLES / "hands" / "tda-49-accepted-action.yaml")
    (ruling,) = data["rulings"]
    assert ruling["rule"] == "TDA 49" and ruling["line"] == 20
    assert ruling["steps"][1].startswith("Ben then acted on the count: it is the caller's job")
    assert ruling["steps"][2] == "Ben adds 500 to the 1,000 pushed out."


def test_tda_60_a_count_of_an_all_in_is_accepted_action_too(cli):
    data = ruled(cli, EXAMPLES / "hands" / "tda-60-count-of-an-all-in.yaml")
    (ruling,) = data["rulings"]
    assert ruling["rule"] == "TDA 49, 60"
    assert ruling["summary"] == "Ben accepted the action: a call of 3,200."
    assert ruling["steps"][0].startswith("Ben faced an all-in and, in turn, asked the dealer")
    assert data["stacks"] == {"Anna": 0, "Ben": 9300}
