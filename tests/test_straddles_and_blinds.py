"""Straddles, blinds as they fell (`small_blind`/`big_blind`), limit `bets: S/B/R`, and the
limit and pot-limit fixes of issue 12, each named after the rule it follows."""

from __future__ import annotations

import pytest

from tdtool.errors import InputError
from tdtool.game import Game
from tdtool.io.hand_yaml import parse_hand
from tdtool.rules.betting import Betting, IllegalAction, Player, Post, Stakes, Verb
from tdtool.rules.hand import replay


def hand_text(seats: dict[int, tuple[str, int]], actions, head: str = "blinds: 50/100\n",
              button: int = 1) -> str:  # fmt: skip
    rows = "".join(
        f"  {k}: {{name: {n}, stack: {s}, cards: {HOLE[k]}}}\n" for k, (n, s) in seats.items()
    )
    return f"{head}button: {button}\nseats:\n{rows}actions:\n" + "".join(
        f"  - {a}\n" for a in actions
    )


HOLE = {1: "Ah Ad", 2: "Kh Kd", 3: "Qh Qd", 4: "Th Td", 5: "8h 8d", 6: "6h 6d"}
SIX = {1: ("Ann", 5000), 2: ("Bo", 5000), 3: ("Cy", 5000), 4: ("Di", 5000), 5: ("Ed", 5000),
       6: ("Flo", 5000)}  # fmt: skip


def run(actions, seats=SIX, head="blinds: 50/100\n", button=1):
    return replay(parse_hand(hand_text(seats, actions, head, button), "h.yaml"))


def refused(actions, seats=SIX, head="blinds: 50/100\n", button=1) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        run(actions, seats, head, button)
    return err.value


def bad(actions, seats=SIX, head="blinds: 50/100\n", button=1) -> str:
    with pytest.raises(InputError) as err:
        run(actions, seats, head, button)
    return str(err.value)


def stacks(result) -> dict[str, int]:
    return dict(result.stacks)


# -- straddles ----------------------------------------------------------------------------


def test_straddle_acts_as_the_big_blind_action_starts_after_it_and_it_has_the_option():
    # Button 1: Bo SB, Cy BB, Di straddles 200; Ed acts first; Di has the option last.
    r = run(["Di straddle 200", "Ed call", "Flo fold", "Ann fold", "Bo fold", "Cy fold",
             "Di raise 600", "Ed fold"])  # fmt: skip
    assert stacks(r)["Di"] == 5000 + 50 + 100 + 200 and r.returned == (("Di", 400),)
    assert ("Di", "straddle", 200, False) in r.postings


def test_straddle_minimum_raise_is_to_twice_the_straddle():
    err = refused(["Di straddle 200", "Ed raise 300"])
    assert (err.player, err.rule) == ("Ed", "TDA 43")
    assert err.allowed == "the minimum raise is to 400"
    run(["Di straddle 200", "Ed raise 400", "Flo fold", "Ann fold", "Bo fold", "Cy fold",
         "Di fold"])  # fmt: skip


def test_re_straddle_by_the_next_player_doubles_again_and_moves_the_option():
    r = run(["Di straddle 200", "Ed straddle 400", "Flo fold", "Ann fold", "Bo fold", "Cy fold",
             "Di fold"])  # fmt: skip
    # Ed, the last straddler, wins the blinds and Di's straddle; the uncalled 200 comes back.
    assert stacks(r)["Ed"] == 5000 + 50 + 100 + 200
    assert r.returned == (("Ed", 200),)


def test_straddle_must_be_twice_the_previous_blind_or_straddle():
    err = refused(["Di straddle 300"])
    assert err.allowed == "a straddle is twice the big blind, 200" and err.line == 11
    err = refused(["Di straddle 200", "Ed straddle 600"])
    assert err.allowed == "a straddle is twice the straddle, 400"


def test_straddle_line_anywhere_but_before_the_first_preflop_action_is_bad_input():
    says = bad(["Di call", "Ed straddle 200"])
    assert says.startswith("h.yaml:12: `Ed straddle 200`: Ed cannot straddle here")
    says = bad(["Ed straddle 200"])
    assert says == (
        "h.yaml:11: `Ed straddle 200`: only Di, the player after the big blind, may straddle"
        " now, not Ed."
    )
    assert "needs the straddle's amount" in bad(["Di straddle"])


def test_straddle_the_blinds_cannot_straddle_and_heads_up_nobody_can():
    three = {1: ("Ann", 500), 2: ("Bo", 500), 3: ("Cy", 500)}
    # Ann (button) straddles; Bo (small blind) may not re-straddle.
    says = bad(["Ann straddle 200", "Bo straddle 400"], seats=three)
    assert "cannot straddle" in says
    two = {1: ("Ann", 500), 2: ("Bo", 500)}
    assert "heads-up" in bad(["Ann straddle 200"], seats=two)


def test_straddle_all_in_for_less_makes_a_side_pot_and_callers_call_the_full_straddle():
    seats = {**SIX, 4: ("Di", 150)}
    r = run(["Di straddle 200", "Ed call", "Flo fold", "Ann fold", "Bo fold", "Cy call",
             "flop 2c 7s 9d", "Cy check", "Ed check", "turn Jc", "Cy check", "Ed check",
             "river 3h", "Cy check", "Ed check"], seats=seats)  # fmt: skip
    assert [p.amount for p in r.pots] == [50 + 150 * 3, 50 * 2]
    assert r.pots[0].eligible == ("Cy", "Di", "Ed") and r.pots[1].eligible == ("Cy", "Ed")


def test_straddle_in_pot_limit_the_pot_counts_the_straddle():
    # Blinds 50/100, straddle 200: the pot is 350; Ed calls 200 and raises 550: to 750.
    head = "game: pot-limit\nblinds: 50/100\n"
    err = refused(["Di straddle 200", "Ed raise 751"], head=head)
    assert err.allowed == "the pot limit allows at most 750"


def test_straddle_in_limit_counts_as_a_bet_toward_the_cap():
    head = "game: limit\nblinds: 50/100\n"
    r = run(["Di straddle 200", "Ed raise 300", "Flo raise 400", "Ann fold", "Bo fold",
             "Cy fold", "Di call", "Ed call"] + ["flop 2c 7s 9d"] + [
             "Di check", "Ed check", "Flo check", "turn Jc", "Di check", "Ed check", "Flo check",
             "river 3h", "Di check", "Ed check", "Flo check"], head=head)  # fmt: skip
    assert sum(p.amount for p in r.pots) == 50 + 100 + 3 * 400
    err = refused(["Di straddle 200", "Ed raise 300", "Flo raise 400", "Ann raise 500"],
                  head=head)  # fmt: skip
    assert err.rule == "TDA 48"


# -- blinds as they fell --------------------------------------------------------------------


def test_tda_32_dead_small_blind_only_the_big_blind_posts():
    head = "blinds: 50/100\nsmall_blind: none\nbig_blind: 3\n"
    r = run(["Di fold", "Ed fold", "Flo fold", "Ann fold", "Bo fold"], head=head)
    assert [(w, k) for w, k, _, _ in r.postings] == [("Cy", "big blind")]
    assert stacks(r)["Cy"] == 5000 and stacks(r)["Bo"] == 5000


def test_tda_32_button_on_an_empty_seat_blinds_as_given():
    seats = {k: v for k, v in SIX.items() if k != 1}
    head = "blinds: 50/100\nsmall_blind: 2\nbig_blind: 3\n"
    r = run(["Di call", "Ed fold", "Flo fold", "Bo fold", "Cy check", "flop 2c 7s 9d",
             "Cy check", "Di check", "turn Jc", "Cy check", "Di check", "river 3h", "Cy check",
             "Di check"], seats=seats, head=head)  # fmt: skip
    assert r.pots[0].amount == 250


def test_tda_54b_dead_small_blind_pot_limit_counts_full_blinds():
    # Addendum/TDA 54B Ex 1: PLO 100-200, dead SB, BB posts 200: the first pot bet is 700.
    head = "game: pot-limit\nblinds: 100/200\nsmall_blind: none\nbig_blind: 3\n"
    err = refused(["Di raise 701"], head=head)
    assert err.allowed == "the pot limit allows at most 700"


def test_tda_54b_short_big_blind_pot_limit_counts_full_blinds():
    # TDA 54B Ex 2: SB posts 100, BB short posts 100: the first pot bet is 700.
    seats = {**SIX, 3: ("Cy", 100)}
    err = refused(["Di raise 701"], seats=seats, head="game: pot-limit\nblinds: 100/200\n")
    assert err.allowed == "the pot limit allows at most 700"


def test_tda_54b_big_blind_all_in_on_the_ante_pot_limit_counts_full_blinds():
    # The big blind has only the ante: posts no blind, yet the pot counts 100 + 200.
    seats = {**SIX, 3: ("Cy", 25)}
    head = "game: pot-limit\nblinds: 100/200\nante: 25\n"
    err = refused(["Di raise 851"], seats=seats, head=head)
    assert err.allowed == "the pot limit allows at most 850"  # 700 + six antes of 25


def test_small_blind_and_big_blind_keys_bad_input_names_the_line():
    head = "blinds: 50/100\nsmall_blind: none\n"
    assert bad([], head=head).startswith("h.yaml:2: `small_blind: none` needs `big_blind")
    assert bad([], head="blinds: 50/100\nbig_blind: 9\n").startswith(
        "h.yaml:2: `big_blind: 9`: nobody sits in seat 9"
    )
    assert bad([], head="blinds: 50/100\nsmall_blind: 3\nbig_blind: 3\n").startswith(
        "h.yaml:3: the small and the big blind are both seat 3"
    )
    assert bad([], head="blinds: 50/100\nsmall_blind: 4\nbig_blind: 3\n").startswith(
        "h.yaml:3: the small blind (seat 4) must come before the big blind (seat 3)"
    )
    assert bad([], head="blinds: 50/100\nbig_blind: none\n").startswith("h.yaml:2: `big_blind:")
    assert bad([], head="blinds: 50/100\nbig_blind: x\n").startswith("h.yaml:2: `big_blind`")


# -- limit ----------------------------------------------------------------------------------


def test_limit_bets_small_big_river_the_river_bet_is_bigger():
    head = "game: limit\nblinds: 50/100\nbets: 100/200/400\n"
    two = {1: ("Ann", 5000), 2: ("Bo", 5000)}
    r = run(["Ann call", "Bo check", "flop 2c 7s 9d", "Bo bet 100", "Ann call", "turn Jc",
             "Bo bet 200", "Ann call", "river 3h", "Bo bet 400", "Ann fold"],
            seats=two, head=head)  # fmt: skip
    assert r.returned == (("Bo", 400),)
    err = refused(["Ann call", "Bo check", "flop 2c 7s 9d", "Bo check", "Ann check",
                   "turn Jc", "Bo check", "Ann check", "river 3h", "Bo bet 200"],
                  seats=two, head=head)  # fmt: skip
    assert err.allowed == "in limit the bet is to exactly 400"


@pytest.mark.parametrize(
    ("bets", "says"),
    [
        ("100/200/100", "the river bet (100) cannot be smaller than the big bet (200)"),
        ("100/200/x", "the river bet should be an amount"),
        ("100/200/300/400", "`bets` should be two amounts"),
    ],
)
def test_limit_bets_bad_input_names_the_line(bets, says):
    text = bad([], head=f"game: limit\nblinds: 50/100\nbets: {bets}\n")
    assert text.startswith("h.yaml:3: ") and says in text


def test_limit_big_blind_below_the_small_bet_bringing_it_to_a_full_bet_is_a_completion():
    # Blinds 5/10, bets 15/30 (Robert's Rules, like a stud bring-in): 15, 30, 45, 60, capped.
    head = "game: limit\nblinds: 5/10\nbets: 15/30\n"
    r = run(["Di raise 15", "Ed raise 30", "Flo raise 45", "Ann raise 60", "Bo fold", "Cy fold",
             "Di fold", "Ed fold", "Flo fold"], head=head)  # fmt: skip
    assert r.returned == (("Ann", 15),)
    err = refused(["Di raise 25"], head=head)
    assert err.allowed == "in limit the raise is to exactly 15"
    err = refused(["Di raise 15", "Ed raise 30", "Flo raise 45", "Ann raise 60", "Bo raise 75"],
                  head=head)  # fmt: skip
    assert err.rule == "TDA 48"


def test_limit_completion_reopens_the_betting_for_a_limper():
    head = "game: limit\nblinds: 5/10\nbets: 15/30\n"
    run(["Di call", "Ed raise 15", "Flo fold", "Ann fold", "Bo fold", "Cy fold", "Di raise 30",
         "Ed call"] + ["flop 2c 7s 9d", "Di check", "Ed check", "turn Jc", "Di check",
         "Ed check", "river 3h", "Di check", "Ed check"], head=head)  # fmt: skip


def test_roberts_rules_betting_and_raising_6_limit_completes_from_the_last_full_bet():
    # Limit 5/10 (bets 10/20): on the flop a bet of 10, an all-in to 13 (less than half a
    # bet): the next player completes to 20, measured from the last full bet, not 23.
    seats = {1: ("Ann", 1000), 2: ("Bo", 1000), 3: ("Cy", 23)}
    head = "game: limit\nblinds: 5/10\n"
    pre = ["Ann call", "Bo call", "Cy check", "flop 2c 7s 9d"]
    r = run([*pre, "Bo bet 10", "Cy all-in", "Ann raise 20", "Bo call", "turn Jc", "Bo check",
             "Ann check", "river 3h", "Bo check", "Ann check"], seats=seats, head=head)  # fmt: skip
    assert sum(p.amount for p in r.pots) == 30 + 13 + 20 + 20
    err = refused([*pre, "Bo bet 10", "Cy all-in", "Ann raise 23"], seats=seats, head=head)
    assert err.allowed == "in limit the raise is to exactly 20"


def test_roberts_rules_betting_and_raising_6_limit_short_all_in_bet_is_completed_to_a_bet():
    seats = {1: ("Ann", 1000), 2: ("Bo", 14), 3: ("Cy", 1000)}
    head = "game: limit\nblinds: 5/10\n"
    pre = ["Ann call", "Bo call", "Cy check", "flop 2c 7s 9d"]
    r = run([*pre, "Bo all-in", "Cy raise 10", "Ann call", "turn Jc", "Cy check", "Ann check",
             "river 3h", "Cy check", "Ann check"], seats=seats, head=head)  # fmt: skip
    assert sum(p.amount for p in r.pots) == 30 + 4 + 10 + 10


# -- impossible entries ---------------------------------------------------------------------


def test_action_line_for_a_player_already_all_in_is_bad_input_naming_player_and_line():
    seats = {**SIX, 4: ("Di", 300)}
    says = bad(["Di all-in", "Ed call", "Flo fold", "Ann fold", "Bo fold", "Cy fold",
                "flop 2c 7s 9d", "Di check"], seats=seats)  # fmt: skip
    assert says == (
        "h.yaml:18: `Di check`: Di is already all-in since line 11 and has no more actions;"
        " remove the line."
    )
    seats = {**SIX, 3: ("Cy", 100)}
    says = bad(["Di fold", "Ed fold", "Flo fold", "Ann fold", "Bo call", "Cy check"], seats=seats)
    assert "Cy is already all-in on the big blind" in says


def test_player_named_like_a_keyword_is_read_as_the_player():
    seats = {1: ("River", 1000), 2: ("Flop", 1000), 3: ("Turn", 1000)}
    r = run(["River call", "Flop call", "Turn check", "flop 2c 7s 9d", "Flop check",
             "Turn check", "River check", "turn Jc", "Flop check", "Turn check", "River check",
             "river 3h", "Flop bet 100", "Turn fold", "River fold"], seats=seats)  # fmt: skip
    assert r.returned == (("Flop", 100),)
    says = bad(["River 2c"], seats=seats)  # a board line: out of order
    assert "is out of order" in says and "not a card" not in says


def test_betting_engine_explicit_blinds_dead_small_blind_no_small_blind_posted():
    b = Betting(Stakes(50, 100, Game.POT_LIMIT), [Player(1, "A", 1000), Player(2, "B", 1000),
                Player(3, "C", 1000)], button=1, blinds=(None, 3))  # fmt: skip
    assert [(p.seat, p.kind) for p in b.postings] == [(3, Post.BIG_BLIND)]
    assert b.options().max_to == 350
    b.act(1, Verb.CALL)
    assert b.to_act is not None and b.players[b.to_act].seat == 2
