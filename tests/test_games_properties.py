"""Invariants with Omaha, Omaha high-low and straddles in the generator: chips are
conserved exactly and no folded player wins (see tests/test_hand_properties.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.game import Game, Variant
from tdtool.rules.betting import Verb
from tdtool.rules.entry import ActionLine
from tdtool.rules.hand import replay
from tests.handgen import random_hand, random_stakes


@settings(max_examples=200, deadline=None)
@given(
    rng=st.randoms(use_true_random=False),
    variant=st.sampled_from(list(Variant)),
    straddles=st.integers(0, 3),
    chip=st.sampled_from([1, 1, 5, 25]),
)
def test_omaha_and_straddled_hands_conserve_chips_and_no_folded_player_wins(
    rng, variant, straddles, chip
):
    stakes = random_stakes(rng, rng.choice([Game.POT_LIMIT, Game.NO_LIMIT, Game.LIMIT]))
    g = random_hand(rng, stakes=stakes, chip=chip, variant=variant, straddles=straddles,
                    players=rng.randint(2, 9 if variant is Variant.HOLDEM else 8))  # fmt: skip
    hand = g.hand
    result = replay(hand)
    assert sum(c for _, c in result.stacks) == sum(s.stack for s in hand.seats)
    assert all(c >= 0 for _, c in result.stacks)
    folded = {
        hand.name(r.seat) for r in hand.lines if isinstance(r, ActionLine) and r.verb is Verb.FOLD
    }
    for pot in result.pots:
        assert sum(c for _, c in pot.shares) == pot.amount
        assert not folded & set(pot.winners)
        assert set(pot.winners) <= set(pot.eligible)
        if pot.hilo and pot.low is not None:
            assert pot.high.amount + pot.low.amount == pot.amount
            assert pot.high.amount >= pot.low.amount
