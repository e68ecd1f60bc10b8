"""Finishing places (RP-8; WSOP 126b) and when hand-for-hand applies."""

from __future__ import annotations

import pytest

from tdtool.cli._words import ACTIONS
from tdtool.errors import InputError
from tdtool.tournament.places import Bust, Finish, finishing_places, hand_for_hand_applies


def places(finishes: list[Finish]) -> dict[str, tuple[int, int]]:
    return {f.player: (f.place, f.through) for f in finishes}


def test_a_single_bust_finishes_in_the_place_of_the_players_left():
    assert finishing_places([Bust("Anna")], players_left_before=37) == [Finish("Anna", 37, 37)]


def test_same_hand_more_chips_at_the_start_of_the_hand_finishes_higher():
    got = finishing_places([Bust("A", 300), Bust("B", 1200), Bust("C", 800)], 10)
    assert places(got) == {"B": (8, 8), "C": (9, 9), "A": (10, 10)}
    assert [f.player for f in got] == ["B", "C", "A"]


def test_same_hand_equal_stacks_tie_and_share_the_best_place_of_the_range():
    got = finishing_places([Bust("A", 500), Bust("B", 500)], 6)
    assert places(got) == {"A": (5, 6), "B": (5, 6)}
    assert got[0].tied and got[0].tied_with == ("B",)
    assert got[0].describe() == "5th-6th (tied with B)"


def test_rp8_hand_for_hand_busts_at_different_tables_tie():
    got = finishing_places([Bust("A", 100, table=1), Bust("B", 9000, table=4)], 28, True)
    assert places(got) == {"A": (27, 28), "B": (27, 28)}


def test_rp8_hand_for_hand_busts_at_the_same_table_ranked_by_chips():
    got = finishing_places([Bust("A", 100, table=1), Bust("B", 9000, table=1)], 28, True)
    assert places(got) == {"B": (27, 27), "A": (28, 28)}


def test_rp8_hand_for_hand_mixed_tables_tie_in_tiers_from_the_bottom():
    busts = [Bust("A1", 500, table=1), Bust("A2", 100, table=1), Bust("B1", 300, table=2)]
    got = finishing_places(busts, 20, hand_for_hand=True)
    assert places(got) == {"A1": (18, 18), "A2": (19, 20), "B1": (19, 20)}


def test_not_hand_for_hand_busts_at_different_tables_are_ranked_by_chips():
    busts = [Bust("A", 100, table=1), Bust("B", 9000, table=4)]
    assert places(finishing_places(busts, 28)) == {"B": (27, 27), "A": (28, 28)}


def test_several_busts_need_stacks():
    with pytest.raises(InputError, match="missing for A") as refused:
        finishing_places([Bust("A"), Bust("B", 100)], 6)
    # The core names no option; the CLI words the hint as its option.
    assert "--stacks" not in str(refused.value)
    assert refused.value.worded(ACTIONS).endswith("give them with --stacks.")


def test_hand_for_hand_busts_need_their_tables():
    with pytest.raises(InputError, match="table"):
        finishing_places([Bust("A", 5), Bust("B", 100)], 6, hand_for_hand=True)


def test_somebody_must_be_left_to_win():
    with pytest.raises(InputError, match="stay in"):
        finishing_places([Bust("A", 5), Bust("B", 100)], 2)


@pytest.mark.parametrize(
    ("left", "tables", "paid", "also", "expected"),
    [
        pytest.param(28, 4, 27, (), True, id="bubble"),
        pytest.param(29, 4, 27, (), False, id="two-off-the-bubble"),
        pytest.param(27, 3, 27, (), False, id="in-the-money"),
        pytest.param(28, 1, 27, (), False, id="one-table-needs-no-hand-for-hand"),
        pytest.param(10, 2, 3, (9,), True, id="final-table-bubble"),
    ],
)
def test_rp8_hand_for_hand_applies_when_the_next_bust_is_the_bubble(
    left, tables, paid, also, expected
):
    assert hand_for_hand_applies(left, tables, paid, also_at=also) is expected
