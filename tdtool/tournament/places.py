"""Finishing places of busted players, and when to play hand-for-hand (RP-8; WSOP 126b).

A player who busts alone finishes in the place equal to the players left before the bust.
Several players busting in one hand share the places from `players_left_before` down:

- not hand-for-hand: the player who started the hand with more chips finishes higher;
  equal stacks tie;
- hand-for-hand: at the same table, the same; at different tables, busts tie. When one
  table has several busts and another table has busts too, the busts are grouped in tiers
  counted from the bottom: the shortest stack busted at each table tie for the lowest places,
  the next shortest at each table tie for the places above them, and so on.

A tie is one `Finish` per player with the same `place` (the best place of the shared range)
and `through` (the worst): two players tying for 5th-6th both have place 5, through 6, and
share the prizes of 5th and 6th equally.

>>> [f"{f.player}:{f.place}-{f.through}" for f in finishing_places(
...     [Bust("A", 500), Bust("B", 100), Bust("C", 500)], players_left_before=6)]
['A:4-5', 'C:4-5', 'B:6-6']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tdtool.errors import InputError


@dataclass(frozen=True)
class Bust:
    """A player out in a hand: chips at the start of that hand, and the table (hand-for-hand)."""

    player: str
    stack: int | None = None
    table: int | None = None


@dataclass(frozen=True)
class Finish:
    """A finishing place: `place` is the best of the shared range, `through` the worst."""

    player: str
    place: int
    through: int
    tied_with: tuple[str, ...] = ()

    @property
    def tied(self) -> bool:
        """Whether the place is shared."""
        return self.through != self.place

    def describe(self) -> str:
        """'5th' or '5th-6th (tied with Ben)'."""
        if not self.tied:
            return ordinal(self.place)
        others = ", ".join(self.tied_with)
        return f"{ordinal(self.place)}-{ordinal(self.through)} (tied with {others})"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st ...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def finishing_places(
    busts: Sequence[Bust], players_left_before: int, hand_for_hand: bool = False
) -> list[Finish]:
    """Places of the players busted in one hand, best first (see the module docstring)."""
    if not busts:
        return []
    names = [b.player for b in busts]
    if len(set(names)) != len(names):
        raise InputError("A player is named twice in one bust; name each player once.")
    if len(busts) > players_left_before:
        raise InputError(
            f"{len(busts)} players cannot bust when only {players_left_before} are left."
        )
    if len(busts) == players_left_before:
        raise InputError("Someone must be left to win; at least one player must stay in.")
    groups: dict[int | None, list[Bust]] = {}
    for b in busts:
        if hand_for_hand and len(busts) > 1 and b.table is None:
            raise InputError(
                f"Hand-for-hand: give the table {b.player} busted at, so busts at different "
                "tables can tie."
            )
        groups.setdefault(b.table if hand_for_hand else None, []).append(b)
    for group in groups.values():
        missing = [b.player for b in group if b.stack is None]
        if len(group) > 1 and missing:
            raise InputError(
                "Several players busted in one hand, and the chips each had at the start of"
                f" it are missing for {', '.join(missing)};",
                "give them with {option:stacks}.",
            )
    # tiers[i]: the players i-th from the bottom at their table (equal stacks share a tier).
    tiers: list[list[str]] = []
    for group in groups.values():
        stacks = sorted({b.stack or 0 for b in group})
        for b in group:
            i = stacks.index(b.stack or 0)
            while len(tiers) <= i:
                tiers.append([])
            tiers[i].append(b.player)
    finishes: list[Finish] = []
    worst = players_left_before
    for tier in tiers:
        best = worst - len(tier) + 1
        for p in tier:
            finishes.append(Finish(p, best, worst, tuple(q for q in tier if q != p)))
        worst = best - 1
    order = {p: i for i, p in enumerate(names)}
    finishes.sort(key=lambda f: (f.place, order[f.player]))
    return finishes


def hand_for_hand_applies(
    players_left: int, tables_open: int, places_paid: int, also_at: Sequence[int] = ()
) -> bool:
    """Whether the next hand is played hand-for-hand (RP-8): more than one table is in play and
    the next bust decides a threshold, i.e. one player more than `places_paid` (the bubble)
    or than any number in `also_at` (e.g. the final table's size) is left.

    >>> hand_for_hand_applies(28, 4, 27), hand_for_hand_applies(29, 4, 27)
    (True, False)
    >>> hand_for_hand_applies(10, 1, 9), hand_for_hand_applies(10, 2, 0, also_at=[9])
    (False, True)
    """
    if tables_open < 2:
        return False
    return any(players_left == t + 1 for t in (places_paid, *also_at) if t > 0)
