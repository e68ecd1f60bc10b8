"""Hand files per second, from the YAML text: parse + replay against pokerkit on the same hands.

2,000 random six-max no-limit hands where everyone shoves or calls before the flop (the
hands of bench_adjudication, written out as hand files the way a dealer types them).
"From the text" is `parse_hand(text)` then `replay(...)`: reading the YAML, checking every
key and line, then adjudicating. pokerkit is given the same hands as moves (it reads no
files), so the ratio is what the user meets: our whole `hand check` work against pokerkit's
adjudication alone. Target: ours from the text at least 20x pokerkit. CPU time, best of 3.
"""

from __future__ import annotations

import random
import time
import warnings

from tdtool.game import Game
from tdtool.io.hand_yaml import parse_hand
from tdtool.rules.hand import replay
from tests.handgen import Generated, random_hand, random_stakes

HANDS = 2000


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


def _best(fn, arg, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        fn(arg)
        best = min(best, time.process_time() - started)
    return best


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

    ours_text = ours_replay = pk = float("inf")
    for _ in range(2):  # interleaved, so all see the same machine load
        ours_text = min(ours_text, _best(from_text, texts))
        ours_replay = min(ours_replay, _best(replay_only, hands))
        pk = min(pk, _best(theirs, hands[: HANDS // 10], repeat=2) * 10)
    rate_text, rate_replay, rate_pk = HANDS / ours_text, HANDS / ours_replay, HANDS / pk
    print(f"{HANDS:,} six-max all-in hands, CPU time, best of 3:")
    print(f"  tdtool, from the YAML text (parse + replay) {rate_text:10,.0f} hands/s")
    print(f"  tdtool, replay only (already parsed)        {rate_replay:10,.0f} hands/s")
    print(f"  pokerkit (adjudication only)                {rate_pk:10,.0f} hands/s")
    print(f"  from the text / pokerkit = {rate_text / rate_pk:6.1f}x  (target >= 20x)")
    print(f"  replay only   / pokerkit = {rate_replay / rate_pk:6.1f}x  (target >= 50x)")


if __name__ == "__main__":
    main()
