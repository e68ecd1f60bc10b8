"""Invariants of every legal hand: chips are conserved exactly, no folded player wins."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.rules.betting import Verb
from tdtool.rules.entry import ActionLine, DeclarationLine, Said
from tdtool.rules.hand import replay
from tests.handgen import random_floor_hand, random_hand, replay_lines


@settings(max_examples=300, deadline=None)
@given(rng=st.randoms(use_true_random=False), chip=st.sampled_from([1, 1, 5, 25]))
def test_every_legal_hand_conserves_chips_and_no_folded_player_wins(rng, chip):
    generated = random_hand(rng, chip=chip)
    hand = generated.hand
    result = replay(hand)
    assert sum(c for _, c in result.stacks) == sum(s.stack for s in hand.seats)
    assert all(c >= 0 for _, c in result.stacks)
    folded = {
        hand.name(r.seat) for r in hand.lines if isinstance(r, ActionLine) and r.verb is Verb.FOLD
    }
    for pot in result.pots:
        assert sum(c for _, c in pot.shares) == pot.amount
        assert not folded & set(pot.winners)
        assert not folded & set(pot.eligible)
        assert set(pot.winners) <= set(pot.eligible)


@settings(max_examples=100, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_all_in_hands_conserve_chips(rng):
    hand = random_hand(rng, all_in=True).hand
    result = replay(hand)
    assert sum(c for _, c in result.stacks) == sum(s.stack for s in hand.seats)


@settings(max_examples=60, deadline=None)
@given(rng=st.randoms(use_true_random=False), chip=st.sampled_from([1, 5]))
def test_floor_lines_conserve_chips_and_no_folded_player_wins(rng, chip):
    """Chips put out, words said, pulled-back chips and out-of-turn lines mixed in."""
    hand = random_floor_hand(rng, chip=chip)
    state = replay_lines(hand)
    b = state.betting
    folded = {p.name for i, p in enumerate(b.players) if b.folded[i]}
    result = state.finish()
    # words said right after the player's own chips change nothing: the chips came first (40A)
    after_chips = {r.line for r in result.rulings if "chips came first" in r.summary}
    said_fold = {
        hand.name(r.seat)
        for r in hand.lines
        if (isinstance(r, ActionLine) and r.verb is Verb.FOLD)
        or (isinstance(r, DeclarationLine) and r.said is Said.FOLD and r.line not in after_chips)
    }
    assert said_fold <= folded
    assert sum(c for _, c in result.stacks) == sum(s.stack for s in hand.seats)
    assert all(c >= 0 for _, c in result.stacks)
    for pot in result.pots:
        assert sum(c for _, c in pot.shares) == pot.amount
        assert not folded & set(pot.winners)
        assert not folded & set(pot.eligible)
    assert result == replay(hand)  # the same answer as a fresh replay of the whole file


def test_tda_53_out_of_turn_fold_binds_when_the_last_other_player_folds_in_turn():
    """Seed 532 once drew a heads-up flop where P3 folded out of turn and P2 then folded in
    turn, and P3 won. P3's fold binds at once (TDA 53A, 58): P2 wins without acting, and the
    generator, which only adds lines the replay accepts, stops there."""
    hand = random_floor_hand(random.Random(532), chip=1)
    state = replay_lines(hand)
    b = state.betting
    assert b.folded[b.index[3]] and not b.folded[b.index[2]]  # P3 folded out of turn on the flop
    result = state.finish()
    assert result.won_by_fold == "P2"
    assert result.rulings[-1].summary == (
        "P3 folded out of turn: the fold is binding, so P2 wins the pot."
    )
