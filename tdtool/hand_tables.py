"""The lookup tables behind the fast evaluator, and the plain rules that compute them.

A hand's value is one int: the category in bits 20 and up, then the ranks that break ties,
most important first, four bits each (a full house of kings over fours: 6, 13, 4, 0, 0, 0).

The tables are computed here by `ranks_value` and `flush_value`, which follow the ranking
rules directly, and shipped in tdtool/data/hand_tables_*.bin so that starting the program costs
a file read rather than the half second it takes to compute them.  Regenerate the file with
`python -m tdtool.hand_tables` after changing anything here; a test checks that it matches.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from collections.abc import Iterable
from pathlib import Path

from tdtool.cards import RANK_KEYS, SUIT_KEYS

DATA = Path(__file__).resolve().parent / "data"
SEVEN_PATH = DATA / "hand_tables_7.bin"
"""7-card keys and values, the flush table and the flush-suit table: loaded on import."""
FIVE_SIX_PATH = DATA / "hand_tables_5_6.bin"
"""5-card keys and values, then 6-card: loaded the first time fewer than 7 cards are ranked."""

HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = 5, 6, 7, 8
CATEGORY_SHIFT = 20


def pack(category: int, *ranks: int) -> int:
    """The int of a hand's value: its category, then up to five tie-breaking ranks (2..14)."""
    value = category
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


# Straights by their top card, best first; the wheel A-2-3-4-5 is five high; nothing wraps.
_STRAIGHTS = [(top, sum(1 << (r - 2) for r in range(top - 4, top + 1))) for top in range(14, 5, -1)]
_STRAIGHTS.append((5, 0b1_0000_0000_1111))  # A, 5, 4, 3, 2


def straight_top(mask: int) -> int:
    """The top card of the best straight in a 13-bit rank mask (bit 0 = deuce), or 0."""
    for top, pattern in _STRAIGHTS:
        if mask & pattern == pattern:
            return top
    return 0


def flush_value(mask: int) -> int:
    """The value of the best hand from the ranks (a 13-bit mask) of five or more suited cards."""
    top = straight_top(mask)
    if top:
        return pack(STRAIGHT_FLUSH, top)
    return pack(FLUSH, *[r for r in range(14, 1, -1) if mask >> (r - 2) & 1][:5])


def ranks_value(ranks: Iterable[int]) -> int:
    """The value of the best hand from 5-7 ranks (2..14), when no five of them share a suit."""
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    present = [r for r in range(14, 1, -1) if counts[r]]
    quads = [r for r in present if counts[r] == 4]
    trips = [r for r in present if counts[r] == 3]
    pairs = [r for r in present if counts[r] == 2]
    if quads:
        return pack(FOUR_OF_A_KIND, quads[0], next(r for r in present if r != quads[0]))
    if trips and (len(trips) > 1 or pairs):
        return pack(FULL_HOUSE, trips[0], max(trips[1:] + pairs))
    top = straight_top(sum(1 << (r - 2) for r in present))
    if top:
        return pack(STRAIGHT, top)
    if trips:
        return pack(THREE_OF_A_KIND, trips[0], *[r for r in present if r != trips[0]][:2])
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return pack(TWO_PAIR, hi, lo, next(r for r in present if r not in (hi, lo)))
    if pairs:
        return pack(PAIR, pairs[0], *[r for r in present if r != pairs[0]][:3])
    return pack(HIGH_CARD, *present[:5])


def _rank_multisets(size: int) -> Iterable[tuple[int, list[int]]]:
    """Every multiset of `size` ranks with at most four of a rank, as (sum of keys, ranks)."""

    def walk(rank: int, left: int, key: int, ranks: list[int]) -> Iterable[tuple[int, list[int]]]:
        if left == 0:
            yield key, ranks
            return
        if rank > 14:
            return
        for count in range(min(4, left), -1, -1):
            yield from walk(rank + 1, left - count, key + count * RANK_KEYS[rank - 2],
                            ranks + [rank] * count)  # fmt: skip

    return walk(2, size, 0, [])


def build_rank_table(size: int) -> tuple[array[int], array[int]]:
    """Every sum of `size` rank keys, sorted, and the value of the ranks behind it."""
    pairs = sorted(_rank_multisets(size))
    return array("I", [key for key, _ in pairs]), array("I", [ranks_value(r) for _, r in pairs])


def build_seven() -> list[array[int]]:
    """The tables of SEVEN_PATH: 7-card keys, their values, the flush and flush-suit lists."""
    out = list(build_rank_table(7))
    flush = [flush_value(m) if m.bit_count() >= 5 else 0 for m in range(1 << 13)]
    out.append(array("I", flush))
    flush_suit = [0] * (1 << 12)  # suit counts, three bits a suit -> the key of a suit with 5+
    for counts in range(1 << 12):
        for key in SUIT_KEYS:
            if (counts // key) & 7 >= 5:
                flush_suit[counts] = key
    out.append(array("I", flush_suit))
    return out


def build_five_six() -> list[array[int]]:
    """The tables of FIVE_SIX_PATH: 5-card keys and values, then 6-card keys and values."""
    return [*build_rank_table(5), *build_rank_table(6)]


def encode(tables: list[array[int]]) -> bytes:
    """The tables as the bytes of the data file: their lengths, then their items, compressed."""
    body = array("I", [len(tables), *(len(t) for t in tables)])
    for table in tables:
        body.extend(table)
    if sys.byteorder != "little":
        body.byteswap()
    return zlib.compress(body.tobytes(), 9)


def decode(data: bytes) -> list[array[int]]:
    """The tables back from the bytes of the data file."""
    body = array("I")
    body.frombytes(zlib.decompress(data))
    if sys.byteorder != "little":
        body.byteswap()
    lengths = body[1 : 1 + body[0]]
    tables, start = [], 1 + body[0]
    for length in lengths:
        tables.append(body[start : start + length])
        start += length
    return tables


def load(path: Path) -> list[array[int]]:
    """The tables shipped in `path` (SEVEN_PATH or FIVE_SIX_PATH)."""
    return decode(path.read_bytes())


if __name__ == "__main__":
    DATA.mkdir(exist_ok=True)
    for path, tables in ((SEVEN_PATH, build_seven()), (FIVE_SIX_PATH, build_five_six())):
        path.write_bytes(encode(tables))
        print(f"wrote {path} ({path.stat().st_size} bytes)")
