"""Adjudicated all-in hands per second: tdtool's replay against pokerkit, on the same hands.

Each hand is a random no-limit hand of 2-8 players where everyone shoves or calls before
the flop, then the board runs out: the typical hand a floor person is asked to settle
(side pots, splits, showdown). "Adjudicate" means: verify every action, deal the board,
form the pots, evaluate the hands, award every pot and give the final stacks.
Target: ours at least 50x pokerkit. CPU time, median of 5 rounds, the two interleaved in
each round. The same is measured for pot-limit Omaha (four hole cards, 60 five-card hands
a player) against pokerkit's PotLimitOmahaHoldem on the same hands.
"""

from __future__ import annotations

import random
import statistics
import time
import warnings

from tdtool.game import Game, Variant
from tdtool.rules.hand import replay
from tests.handgen import random_hand, random_stakes

HANDS = 400
ROUNDS = 5
TARGET = 50.0


def _hands(count: int):
    rng = random.Random(2024)
    return [
        random_hand(
            rng, stakes=random_stakes(rng, Game.NO_LIMIT, bb_ante=False), all_in=True, deep=True
        )
        for _ in range(count)
    ]


def _omaha_hands(count: int):
    rng = random.Random(2025)
    return [random_hand(rng, stakes=random_stakes(rng, Game.POT_LIMIT, bb_ante=False),
                        all_in=True, deep=True, variant=Variant.OMAHA,
                        players=rng.randint(2, 6)) for _ in range(count)]  # fmt: skip


def _pokerkit_omaha(hands) -> None:
    from tests.test_pokerkit_differential import pokerkit_stacks
    from tests.test_pokerkit_games import pokerkit_state

    for g in hands:
        pokerkit_stacks(g, pokerkit_state(g))


def _ours(hands) -> None:
    for g in hands:
        replay(g.hand)


def _pokerkit(hands) -> None:
    from tests.test_pokerkit_differential import pokerkit_stacks

    for g in hands:
        pokerkit_stacks(g)


def _cpu(fn, hands) -> float:
    started = time.process_time()
    fn(hands)
    return time.process_time() - started


def _medians(ours_fn, theirs_fn, hands) -> tuple[float, float]:
    """Median CPU seconds of ours on `hands` and pokerkit on a quarter of them, scaled."""
    ours, theirs = [], []
    for _ in range(ROUNDS):  # interleaved, so both see the same machine load
        ours.append(_cpu(ours_fn, hands))
        theirs.append(_cpu(theirs_fn, hands[: len(hands) // 4]) * len(hands) / (len(hands) // 4))
    return statistics.median(ours), statistics.median(theirs)


def main() -> None:
    warnings.simplefilter("ignore")
    hands = _hands(HANDS)
    ours, theirs = _medians(_ours, _pokerkit, hands)
    ours_rate, theirs_rate = HANDS / ours, HANDS / theirs
    print(f"{HANDS} all-in hands of 2-8 players, CPU time, median of {ROUNDS}:")
    print(f"tdtool   {ours_rate:10,.0f} all-in hands/s")
    print(f"pokerkit {theirs_rate:10,.0f} all-in hands/s")
    print(f"ratio    {ours_rate / theirs_rate:10.1f}x  (target >= {TARGET:.0f}x)")
    plo = [g for g in _omaha_hands(HANDS) if _covered(g)]
    ours, theirs = _medians(_ours, _pokerkit_omaha, plo)
    ours_rate, theirs_rate = len(plo) / ours, len(plo) / theirs
    print(f"pot-limit Omaha, {len(plo)} all-in hands of 2-6 players:")
    print(f"tdtool   {ours_rate:10,.0f} all-in hands/s")
    print(f"pokerkit {theirs_rate:10,.0f} all-in hands/s  (PotLimitOmahaHoldem)")
    print(f"ratio    {ours_rate / theirs_rate:10.1f}x  (target >= {TARGET:.0f}x)")


def _covered(g) -> bool:
    from tests.test_pokerkit_games import forced_covered

    return forced_covered(g)


if __name__ == "__main__":
    main()
