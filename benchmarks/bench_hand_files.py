"""Hand files per second, from the YAML text: parse + replay against pokerkit on the same hands.

2,000 random six-max no-limit hands where everyone shoves or calls before the flop (the
hands of bench_adjudication, written out as hand files the way a dealer types them).
"From the text" is `parse_hand(text)` then `replay(...)`: reading the YAML, checking every
key and line, then adjudicating. pokerkit is given the same hands as moves (it reads no
files), so the ratio is what the user meets: our whole `hand check` work against pokerkit's
adjudication alone. Targets: ours from the text at least 25x pokerkit, replay in memory at
least 60x. CPU time, median of 5 rounds, the three interleaved in each round so that all see
the same machine load (pokerkit on a tenth of the hands, scaled).
"""

from __future__ import annotations

import random
import statistics
import time
import warnings

from tdtool.game import Game
from tdtool.io.hand_yaml import parse_hand
from tdtool.rules.hand import replay
from tests.handgen import Generated, random_hand, random_stakes

HANDS = 2000
ROUNDS = 5
TARGET_TEXT = 25.0
"""From the YAML text (parse + replay) against pokerkit's adjudication alone."""
TARGET_REPLAY = 60.0
"""Replay of hands already parsed against pokerkit."""


def hand_file(g: Generated) -> str:
    """The hand as a person would type it (specs/hand-file.md)."""
    h = g.hand
    st = h.stakes
    out = [f"blinds: {st.small_blind}/{st.big_blind}"]
    if st.ante:
        out.append(f"ante: {st.ante}")
    out.append(f"button: {h.button}")
    out.append("seats:")
    for s in h.seats:
        cards = " ".join(str(c) for c in s.cards or ())
        out.append(f"  {s.seat}: {{name: {s.name}, stack: {s.stack}, cards: {cards}}}")
    out.append("actions:")
    out.extend(f"  - {r.text}" for r in h.lines)
    return "\n".join(out) + "\n"


def _hands(count: int) -> list[Generated]:
    rng = random.Random(2024)
    return [
        random_hand(rng, stakes=random_stakes(rng, Game.NO_LIMIT, bb_ante=False), players=6,
                    all_in=True, deep=True)
        for _ in range(count)
    ]  # fmt: skip


def _cpu(fn, arg) -> float:
    started = time.process_time()
    fn(arg)
    return time.process_time() - started


def main() -> None:
    warnings.simplefilter("ignore")
    from tests.test_pokerkit_differential import pokerkit_stacks

    hands = _hands(HANDS)
    texts = [hand_file(g) for g in hands]
    for g, text in zip(hands[:50], texts[:50], strict=True):  # the files say the same hand
        assert replay(parse_hand(text)).stacks == replay(g.hand).stacks

    def from_text(texts: list[str]) -> None:
        for text in texts:
            replay(parse_hand(text))

    def replay_only(hands: list[Generated]) -> None:
        for g in hands:
            replay(g.hand)

    def theirs(hands: list[Generated]) -> None:
        for g in hands:
            pokerkit_stacks(g)

    text_runs: list[float] = []
    replay_runs: list[float] = []
    pk_runs: list[float] = []
    for _ in range(ROUNDS):  # interleaved, so all see the same machine load
        text_runs.append(_cpu(from_text, texts))
        replay_runs.append(_cpu(replay_only, hands))
        pk_runs.append(_cpu(theirs, hands[: HANDS // 10]) * 10)
    ours_text = statistics.median(text_runs)
    ours_replay = statistics.median(replay_runs)
    pk = statistics.median(pk_runs)
    rate_text, rate_replay, rate_pk = HANDS / ours_text, HANDS / ours_replay, HANDS / pk
    text_ratio, replay_ratio = rate_text / rate_pk, rate_replay / rate_pk
    print(f"{HANDS:,} six-max all-in hands, CPU time, median of {ROUNDS}:")
    print(f"  tdtool, from the YAML text (parse + replay) {rate_text:10,.0f} hands/s")
    print(f"  tdtool, replay only (already parsed)        {rate_replay:10,.0f} hands/s")
    print(f"  pokerkit (adjudication only)                {rate_pk:10,.0f} hands/s")
    print(
        f"  from the text / pokerkit = {text_ratio:6.1f}x  (target >= {TARGET_TEXT:.0f}x)"
        f"  {'met' if text_ratio >= TARGET_TEXT else 'NOT MET'}"
    )
    print(
        f"  replay only   / pokerkit = {replay_ratio:6.1f}x  (target >= {TARGET_REPLAY:.0f}x)"
        f"  {'met' if replay_ratio >= TARGET_REPLAY else 'NOT MET'}"
    )
    ratios = sorted(t / p for t, p in zip(text_runs, pk_runs, strict=True))
    spread = sorted(r / p for r, p in zip(replay_runs, pk_runs, strict=True))
    print(
        f"  per round: from the text {1 / ratios[-1]:.1f}-{1 / ratios[0]:.1f}x,"
        f" replay {1 / spread[-1]:.1f}-{1 / spread[0]:.1f}x"
    )


if __name__ == "__main__":
    main()
