"""Betting rules (shared/rules.md "Betting"): positions, minimums, reopening, limits."""

from __future__ import annotations

import pytest

from tdtool.game import Game
from tdtool.rules.betting import Betting, IllegalAction, Player, Post, Stakes, Street, Verb


def table(stacks, button=1, **stakes):
    stakes.setdefault("small_blind", 50)
    stakes.setdefault("big_blind", 100)
    players = [Player(seat, name, stack) for seat, (name, stack) in enumerate(stacks, start=1)]
    return Betting(Stakes(**stakes), players, button)


def seat(b: Betting, name: str) -> int:
    return next(p.seat for p in b.players if p.name == name)


def play(b: Betting, *lines: str) -> None:
    """Act out lines like 'A raise 300', 'B call', '--' (next street)."""
    for line in lines:
        if line == "--":
            b.next_street()
            continue
        who, verb, *amount = line.split()
        b.act(seat(b, who), Verb(verb), int(amount[0]) if amount else None)


def to_act(b: Betting) -> str | None:
    return None if b.to_act is None else b.name(b.to_act)


FIVE = [("A", 5000), ("B", 5000), ("C", 5000), ("D", 5000), ("E", 5000)]


def test_tda_32_blinds_are_the_two_seats_after_the_button_and_action_starts_after_them():
    b = table(FIVE, button=5)
    posts = [(b.name(b.index[p.seat]), p.kind) for p in b.postings]
    assert posts == [("A", Post.SMALL_BLIND), ("B", Post.BIG_BLIND)]
    assert to_act(b) == "C"
    play(b, "C call", "D call", "E call", "A call")
    assert to_act(b) == "B"  # the big blind's option
    play(b, "B check", "--")
    assert to_act(b) == "A"  # after the flop: first player left of the button


def test_blinds_skip_empty_seats_and_the_button_may_be_an_empty_seat():
    players = [Player(2, "A", 1000), Player(5, "B", 1000), Player(9, "C", 1000)]
    b = Betting(Stakes(50, 100), players, button=3)
    assert [b.name(b.index[p.seat]) for p in b.postings] == ["B", "C"]
    assert to_act(b) == "A"


def test_tda_34_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after():
    b = table([("Btn", 1000), ("Other", 1000)], button=1)
    assert [(b.name(b.index[p.seat]), p.kind) for p in b.postings] == [
        ("Btn", Post.SMALL_BLIND),
        ("Other", Post.BIG_BLIND),
    ]
    assert to_act(b) == "Btn"
    play(b, "Btn call", "Other check", "--")
    assert to_act(b) == "Other"
    play(b, "Other check")
    assert to_act(b) == "Btn"


def test_tda_43_minimum_bet_is_the_big_blind():
    b = table(FIVE, button=5)
    play(b, "C call", "D call", "E call", "A call", "B check", "--")
    with pytest.raises(IllegalAction, match="the minimum bet is 100") as err:
        play(b, "A bet 60")
    assert err.value.rule == "TDA 43" and err.value.player == "A"


def test_tda_43a_min_raise_is_the_largest_previous_raise_600_1600_3600_then_5600():
    b = table([(name, 100_000) for name, _ in FIVE], button=5, small_blind=100, big_blind=200)
    play(b, "C raise 600", "D raise 1600", "E raise 3600")
    assert b.options().min_to == 5600
    with pytest.raises(IllegalAction, match="the minimum raise is to 5600"):
        play(b, "A raise 5599")
    play(b, "A raise 5600")


def test_tda_43_a_raise_must_at_least_double_the_blind():
    b = table(FIVE, button=5)
    with pytest.raises(IllegalAction, match="minimum raise is to 200"):
        play(b, "C raise 150")


def test_tda_47a_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting():
    b = table([("A", 2000), ("B", 225), ("C", 2000), ("D", 300), ("E", 2000)], button=5)
    play(b, "C call", "D call", "E call", "A call", "B check", "--")
    play(b, "A bet 100", "B all-in", "C call", "D all-in", "E call")
    assert to_act(b) == "A"
    opts = b.options()
    assert opts.min_to == 300  # the last full raise (100) on top of 200
    play(b, "A call")
    assert to_act(b) == "C"
    assert b.options().min_to is None  # C faces only 75 more: call or fold


def test_tda_47a_short_all_in_does_not_reopen_the_betting():
    b = table([("A", 2000), ("B", 2000), ("C", 250)], button=3)
    play(b, "C call", "A call", "B check", "--")
    play(b, "A bet 100", "B call", "C all-in")  # C: 50 more, less than a full raise
    assert to_act(b) == "A"
    with pytest.raises(IllegalAction, match="may only call 150 or fold") as err:
        play(b, "A raise 300")
    assert err.value.rule == "TDA 47A"
    play(b, "A call", "B call")
    assert b.round_over


def test_tda_47a_short_all_in_still_lets_players_who_have_not_acted_raise():
    b = table([("A", 2000), ("B", 2000), ("C", 130), ("D", 2000)], button=4)
    play(b, "C all-in")  # 130 against a big blind of 100: a short raise
    assert b.options().min_to == 230  # D has not acted: may raise, by a full 100 over 130
    play(b, "D call", "A call")
    assert to_act(b) == "B" and b.options().min_to == 230  # the big blind has not acted yet


def test_tda_47b_limit_all_in_of_half_a_bet_reopens_the_betting():
    b = table([("Ann", 2000), ("Bo", 250), ("Cy", 2000)], button=3, game=Game.LIMIT)
    play(b, "Cy call", "Ann call", "Bo check", "--", "Ann bet 100", "Bo all-in", "Cy call")
    assert b.options().min_to == 250


def test_tda_47b_limit_all_in_below_half_a_bet_does_not_reopen():
    b = table([("Ann", 2000), ("Bo", 240), ("Cy", 2000)], button=3, game=Game.LIMIT)
    play(b, "Cy call", "Ann call", "Bo check", "--", "Ann bet 100", "Bo all-in", "Cy call")
    assert b.options().min_to is None
    with pytest.raises(IllegalAction) as err:
        play(b, "Ann raise 240")
    assert err.value.rule == "TDA 47B"


def test_limit_bets_are_the_small_bet_then_the_big_bet_on_turn_and_river():
    b = table([("A", 2000), ("B", 2000)], button=1, game=Game.LIMIT)
    assert (b.options().min_to, b.options().max_to) == (200, 200)
    play(b, "A call", "B check", "--")
    assert (b.options().min_to, b.options().max_to) == (100, 100)
    with pytest.raises(IllegalAction, match="in limit the bet is to exactly 100"):
        play(b, "B bet 150")
    play(b, "B check", "A check", "--")
    assert b.options().min_to == 200
    play(b, "B bet 200")
    assert b.options().min_to == 400


def test_limit_bets_key_sets_the_small_and_big_bet():
    b = table([("A", 2000), ("B", 2000)], button=1, game=Game.LIMIT, small_bet=100, big_bet=300)
    play(b, "A call", "B check", "--", "B check", "A check", "--")
    assert b.options().min_to == 300


def test_tda_48_limit_cap_of_a_bet_and_three_raises_applies_heads_up():
    b = table(
        [("Ann", 1000), ("Bo", 1000)], button=1, small_blind=10, big_blind=20, game=Game.LIMIT
    )
    play(b, "Ann raise 40", "Bo raise 60", "Ann raise 80")
    assert b.options().min_to is None
    with pytest.raises(IllegalAction, match="capped at 4 bets") as err:
        play(b, "Bo raise 100")
    assert err.value.rule == "TDA 48"


def test_tda_48_cap_key_changes_the_number_of_bets():
    b = table(
        [("Ann", 1000), ("Bo", 1000)],
        button=1,
        small_blind=10,
        big_blind=20,
        game=Game.LIMIT,
        cap=5,
    )
    play(b, "Ann raise 40", "Bo raise 60", "Ann raise 80", "Bo raise 100")
    assert b.options().min_to is None


def test_tda_54_pot_limit_largest_opening_raise_at_50_100_is_to_350():
    b = table([("A", 5000), ("B", 5000), ("C", 5000)], button=1, game=Game.POT_LIMIT)
    assert b.options().max_to == 350
    with pytest.raises(IllegalAction, match="the pot limit allows at most 350") as err:
        play(b, "A raise 400")
    assert err.value.rule == "TDA 54"


def test_tda_54_pot_limit_raise_is_the_pot_after_calling():
    b = table([("A", 5000), ("B", 5000), ("C", 5000)], button=1, game=Game.POT_LIMIT)
    play(b, "A raise 350")  # pot now 500; B (50 in) calls 300 more -> 800, raises 800
    assert b.options().max_to == 350 + 500 + 300


def test_tda_54_pot_limit_counts_a_short_blind_as_full_before_the_flop():
    b = table([("A", 5000), ("B", 5000), ("C", 60)], button=1, game=Game.POT_LIMIT)
    assert b.options().max_to == 350


def test_short_all_in_big_blind_is_still_called_in_full_and_min_raise_stays_two_blinds():
    b = table([("Ann", 1000), ("Bo", 1000), ("Cy", 60), ("Di", 1000)], button=1)
    opts = b.options()
    assert (opts.call_to, opts.min_to) == (100, 200)
    play(b, "Di call")
    assert b.committed[b.index[seat(b, "Di")]] == 100


def test_bb_ante_big_blind_first_then_ante_from_what_is_left():
    b = table(
        [("Ann", 20000), ("Bo", 20000), ("Cy", 1500)],
        button=1,
        small_blind=500,
        big_blind=1000,
        bb_ante=1000,
    )
    cy = [(p.kind, p.amount, p.all_in) for p in b.postings if p.seat == 3]
    assert cy == [(Post.BIG_BLIND, 1000, False), (Post.BB_ANTE, 500, True)]
    assert b.dead == 500 and b.current == 1000


def test_classic_ante_first_then_blind_for_a_short_player():
    b = table([("Ann", 5000), ("Bo", 130), ("Cy", 5000)], button=1, ante=100)
    bo = [(p.kind, p.amount, p.all_in) for p in b.postings if p.seat == 2]
    assert bo == [(Post.ANTE, 100, False), (Post.SMALL_BLIND, 30, True)]


def test_tda_53_action_out_of_turn_is_refused_naming_who_is_next():
    b = table(FIVE, button=5)
    with pytest.raises(IllegalAction, match="D acted out of turn: C is next to act") as err:
        play(b, "D call")
    assert err.value.rule == "TDA 53"


def test_a_check_facing_a_bet_is_refused_with_what_was_allowed():
    b = table(FIVE, button=5)
    with pytest.raises(
        IllegalAction,
        match="C cannot check: there is 100 to call: C may call 100, raise to at least 200 or fold",
    ):
        play(b, "C check")


def test_a_raise_beyond_the_stack_is_refused():
    b = table([("A", 500), ("B", 5000), ("C", 5000)], button=1)
    with pytest.raises(IllegalAction, match="A has only 500 in all"):
        play(b, "A raise 600")


def test_nobody_may_raise_when_every_other_player_is_all_in():
    b = table([("A", 5000), ("B", 5000), ("C", 300)], button=3)
    play(b, "C all-in", "A fold")
    assert to_act(b) == "B" and b.options().min_to is None
    play(b, "B call")
    assert b.betting_over


def test_no_betting_on_later_streets_once_all_but_one_are_all_in():
    b = table([("A", 5000), ("B", 300), ("C", 5000)], button=3)
    play(b, "C call", "A call", "B all-in", "C call", "A call")
    assert b.round_over
    b.next_street()
    assert b.street is Street.FLOP and to_act(b) == "A"
    play(b, "A check", "C check")
    b.next_street()
    play(b, "A bet 1000", "C fold")
    assert b.round_over and not b.hand_over  # B, all-in, is still in the hand


def test_tda_34_heads_up_with_the_button_on_an_empty_seat_small_blind_is_next_clockwise():
    b = Betting(Stakes(50, 100), [Player(2, "Ann", 1000), Player(7, "Bo", 1000)], button=5)
    assert [(b.name(b.index[p.seat]), p.kind) for p in b.postings] == [
        ("Bo", Post.SMALL_BLIND),
        ("Ann", Post.BIG_BLIND),
    ]
    assert to_act(b) == "Bo"
    play(b, "Bo call", "Ann check", "--")
    assert to_act(b) == "Ann"  # the big blind acts first after the flop
