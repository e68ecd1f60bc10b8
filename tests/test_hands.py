"""Hand ranking: best five of seven, the ranking cases of rules.md and the sources' examples."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.cards import FULL_DECK, CardError, parse_cards
from tdtool.hands import (
    Category,
    HandValue,
    best_five,
    describe,
    evaluate,
    evaluate7_codes,
    evaluate_codes,
)


def hand(hole: str, board: str) -> HandValue:
    return evaluate(parse_cards(hole), parse_cards(board))


def winners(board: str, holdings: dict[str, str]) -> set[str]:
    values = {name: hand(hole, board) for name, hole in holdings.items()}
    best = max(values.values())
    return {name for name, value in values.items() if value == best}


# --- rules.md, "Pots and showdown": ranking -------------------------------------------------


def test_board_two_pair_counterfeits_lower_pairs_jj_and_23_split() -> None:
    # Board A A K K Q: the queen outranks J and 3, so both play the board A A K K Q.
    assert winners("As Ad Kc Kh Qs", {"JJ": "Jc Jd", "23": "2c 3d"}) == {"JJ", "23"}


def test_board_two_pair_queens_beat_ace_kicker_qq_beats_a2() -> None:
    # Board 9 9 5 5 K: QQ plays Q Q 9 9 K, A2 plays 9 9 5 5 A.
    assert winners("9s 9d 5c 5h Ks", {"QQ": "Qc Qd", "A2": "Ac 2d"}) == {"QQ"}


def test_a_higher_straight_beats_the_wheel_6_2_beats_a_2() -> None:
    # Board 5 4 3 K 9: 6-2 makes a six-high straight, A-2 the five-high wheel.
    board = "5s 4d 3c Kh 9s"
    assert winners(board, {"62": "6c 2d", "A2": "Ac 2h"}) == {"62"}
    assert describe(hand("Ac 2h", board)) == "straight, five high"
    assert describe(hand("6c 2d", board)) == "straight, six high"


FLUSH_BOARD = "Ah Kh 9h 5h 2h"


def test_flush_on_board_the_queen_of_hearts_wins() -> None:
    assert winners(FLUSH_BOARD, {"Qh": "Qh 3c", "3h": "3h 4c", "none": "Js Jd"}) == {"Qh"}


def test_flush_on_board_the_three_of_hearts_beats_the_board() -> None:
    assert winners(FLUSH_BOARD, {"3h": "3h 4c", "none": "Js Jd"}) == {"3h"}
    assert hand("3h 4c", FLUSH_BOARD) > hand("Js Jd", FLUSH_BOARD)


def test_flush_on_board_players_without_a_higher_heart_split() -> None:
    assert winners(FLUSH_BOARD, {"JJ": "Js Jd", "AK": "Ac Kd", "4c": "4c 7s"}) == {
        "JJ",
        "AK",
        "4c",
    }


def test_a_2_3_4_5_is_the_lowest_straight() -> None:
    wheel = evaluate(parse_cards("Ad 2c 3h 4s 5d"))
    six_high = evaluate(parse_cards("2c 3h 4s 5d 6c"))
    ace_high_trips = evaluate(parse_cards("Ac Ad Ah Ks Qd"))
    assert wheel.category is Category.STRAIGHT
    assert ace_high_trips < wheel < six_high
    assert describe(wheel) == "straight, five high"


def test_q_k_a_2_3_is_not_a_straight() -> None:
    value = evaluate(parse_cards("Qd Kc Ah 2s 3d"))
    assert value.category is Category.HIGH_CARD
    assert describe(value) == "high card, ace-king-queen-three-two"


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    value = evaluate(parse_cards("Ah 2h 3h 4h 5h Kh Kc"))
    assert describe(value) == "straight flush, five high"
    assert value < evaluate(parse_cards("2h 3h 4h 5h 6h"))
    assert value > evaluate(parse_cards("Ks Kh Kd Kc Ah"))


def test_suits_never_break_ties() -> None:
    assert hand("As Kd", "Qc Jh 9s 5d 2c") == hand("Ah Kc", "Qc Jh 9s 5d 2c")
    assert evaluate(parse_cards("Ah Kh Qh Jh Th")) == evaluate(parse_cards("As Ks Qs Js Ts"))


def test_cards_outside_the_best_five_do_not_count() -> None:
    # Board K 9 7 4 2: Anna K-Q beats Ben K-J on the kicker (sources, "Same kind of hand").
    assert winners("Kd 9c 7s 4h 2c", {"Anna": "Ks Qd", "Ben": "Kh Jd"}) == {"Anna"}
    # Both play A A K K Q: the fourth and fifth hole cards' ranks do not matter.
    assert hand("3c 2d", "As Ad Kc Kh Qs") == hand("Jc 9d", "As Ad Kc Kh Qs")


# --- the sources' worked examples -----------------------------------------------------------

# The source's card images are missing from its text, so these cards are reconstructed to fit
# every description it gives: Bob three fours with ace-king kickers, Carol an ace-high flush,
# Ted kings full of fours, Alice an eight-high straight; Ted, then Carol, Alice, Bob.
SHOWDOWN_BOARD = "4c Ks 4h 8s 7s"
SHOWDOWN = {"Bob": "Ac 4d", "Carol": "As 9s", "Ted": "Kc Kh", "Alice": "6d 5h"}


@pytest.mark.parametrize(
    ("player", "words"),
    [
        ("Bob", "three of a kind, fours, ace-king kickers"),
        ("Carol", "flush, ace-king-nine-eight-seven"),
        ("Ted", "full house, kings full of fours"),
        ("Alice", "straight, eight high"),
    ],
)
def test_showdown_example_each_hand_is_described_as_the_source_says(
    player: str, words: str
) -> None:
    assert describe(hand(SHOWDOWN[player], SHOWDOWN_BOARD)) == words


def test_showdown_example_ted_then_carol_then_alice_then_bob() -> None:
    ranked = sorted(SHOWDOWN, key=lambda p: hand(SHOWDOWN[p], SHOWDOWN_BOARD), reverse=True)
    assert ranked == ["Ted", "Carol", "Alice", "Bob"]


KICKER_TURN = "8s Qc 8h 4c"
KICKER_PLAYERS = {"Bob": "Qs Kh", "Carol": "Qh Td"}


def test_kicker_example_after_the_turn_bob_leads_with_his_king_kicker() -> None:
    bob = evaluate(parse_cards("Qs Kh 8s Qc 8h 4c"))
    carol = evaluate(parse_cards("Qh Td 8s Qc 8h 4c"))
    assert bob > carol
    assert describe(bob) == "two pair, queens and eights, king kicker"
    assert describe(carol) == "two pair, queens and eights, ten kicker"


def test_kicker_example_the_river_ace_plays_for_both_and_they_split() -> None:
    board = KICKER_TURN + " As"
    assert winners(board, KICKER_PLAYERS) == {"Bob", "Carol"}
    assert describe(hand("Qs Kh", board)) == "two pair, queens and eights, ace kicker"


def test_straight_on_board_plays_unless_someone_holds_a_ten() -> None:
    board = "5s 6d 7c 8h 9s"
    assert winners(board, {"A": "Ac Kd", "B": "2c 2d"}) == {"A", "B"}
    assert winners(board, {"A": "Ac Kd", "B": "2c 2d", "T": "Tc 3d"}) == {"T"}
    assert describe(hand("Ac Kd", board)) == "straight, nine high"


# --- descriptions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("Ah Kh Qh Jh Th 2c 3d", "royal flush"),
        ("9c 8c 7c 6c 5c", "straight flush, nine high"),
        ("As Ah Ad Ac Kd Qs Qd", "four of a kind, aces, king kicker"),
        ("Kc Kh Ks 4h 4c 4d 2s", "full house, kings full of fours"),
        ("Qs Qc 8s 8h As Kh 2d", "two pair, queens and eights, ace kicker"),
        ("Qs Qc 8s 8h 2s 2d 3c", "two pair, queens and eights, three kicker"),
        ("4c 4h 4d As Kh 2c 7d", "three of a kind, fours, ace-king kickers"),
        ("As Ks 9s 8s 7s 4c 4h", "flush, ace-king-nine-eight-seven"),
        ("4c 5h 6s 7s 8d Kc 2d", "straight, eight high"),
        ("As Ah Kh Qc Js 2c 3c", "pair of aces, king-queen-jack kickers"),
        ("6s 6h Kh Qc Js 2c 3c", "pair of sixes, king-queen-jack kickers"),
        ("Ac 7d 5h 3c 2s", "high card, ace-seven-five-three-two"),
    ],
)
def test_describe_says_the_hand_as_a_person_reads_it(cards: str, words: str) -> None:
    assert describe(parse_cards(cards)) == words
    assert str(evaluate(parse_cards(cards))) == words


def test_two_flushes_on_a_flush_board_are_described_apart() -> None:
    # Board Ah 9h 6h 3h 2c: Qh makes A-Q-9-6-3, Jh makes A-J-9-6-3; the words say who wins.
    board = parse_cards("Ah 9h 6h 3h 2c")
    queen, jack = evaluate(parse_cards("Qh 5c"), board), evaluate(parse_cards("Jh Kc"), board)
    assert queen > jack
    assert describe(queen) == "flush, ace-queen-nine-six-three"
    assert describe(jack) == "flush, ace-jack-nine-six-three"


def test_best_five_lists_the_cards_that_play_most_important_first() -> None:
    assert [str(c) for c in best_five(parse_cards("Kc Kh"), parse_cards(SHOWDOWN_BOARD))] == [
        "Kc", "Kh", "Ks", "4c", "4h",
    ]  # fmt: skip
    wheel = best_five(parse_cards("Ac 2h"), parse_cards("5s 4d 3c Kh 9s"))
    assert [str(c) for c in wheel] == ["5s", "4d", "3c", "2h", "Ac"]


def test_best_five_makes_the_same_value_as_the_seven() -> None:
    rng = random.Random(7)
    for _ in range(200):
        seven = rng.sample(FULL_DECK, 7)
        five = best_five(seven)
        assert len(five) == 5 and set(five) <= set(seven)
        assert evaluate(five) == evaluate(seven)


def test_evaluate_refuses_a_card_twice_and_wrong_counts() -> None:
    with pytest.raises(CardError, match="As given twice"):
        evaluate(parse_cards("As Kd"), parse_cards("As 2c 3d 4h 9s"))
    with pytest.raises(ValueError, match="5 to 7 cards"):
        evaluate(parse_cards("As Kd 2c 3d"))
    with pytest.raises(ValueError, match="5 to 7 cards"):
        evaluate(FULL_DECK[:8])


def test_the_fast_entry_points_agree_with_evaluate() -> None:
    rng = random.Random(3)
    for _ in range(500):
        seven = rng.sample(FULL_DECK, 7)
        codes = [c.code for c in seven]
        assert evaluate7_codes(*codes) == evaluate(seven).value
        for n in (5, 6):
            assert evaluate_codes(codes[:n]) == evaluate(seven[:n]).value


def _by_the_rules(cards: list) -> int:
    """The best value over every five of the cards, straight from the plain ranking rules."""
    from tdtool.hands import flush_value, ranks_value

    best = 0
    for five in combinations(cards, 5):
        if len({c.suit for c in five}) == 1:
            value = flush_value(sum(1 << (c.rank - 2) for c in five))
        else:
            value = ranks_value(c.rank for c in five)
        best = max(best, value)
    return best


@settings(max_examples=200, deadline=None)
@given(st.integers(5, 7).flatmap(lambda n: st.lists(st.sampled_from(FULL_DECK), min_size=n,
                                                     max_size=n, unique=True)))  # fmt: skip
def test_the_table_evaluator_equals_the_best_five_by_the_rules(cards: list) -> None:
    assert evaluate(cards).value == _by_the_rules(cards)
    if len(cards) == 7:
        assert evaluate7_codes(*(c.code for c in cards)) == _by_the_rules(cards)


@settings(max_examples=300, deadline=None)
@given(st.integers(5, 7).flatmap(lambda n: st.lists(st.sampled_from(FULL_DECK), min_size=n,
                                                     max_size=n, unique=True)))  # fmt: skip
def test_the_plain_rules_path_gives_what_the_tables_give(cards: list) -> None:
    from tdtool import hands

    codes = [c.code for c in cards]
    evaluate7_codes(*(c.code for c in FULL_DECK[:7]))  # loads the tables: evaluate_codes uses them
    assert hands._direct_left == 0
    assert hands._by_the_rules(codes) == evaluate_codes(codes)


@pytest.mark.slow
def test_a_showdown_ranks_hands_without_loading_the_tables_until_many_are_asked_for() -> None:
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = (
        "from tdtool import hands; from tdtool.cards import parse_cards as p\n"
        "v = hands.evaluate(p('Kc Kh'), p('4c Ks 4h 8s 7s'))\n"
        "five = hands.best_five(p('Ac 4d'), p('4c Ks 4h 8s 7s'))\n"
        "print(hands.describe(v), type(hands._RANK7).__name__, hands._RANK5_6 == [])\n"
        "for _ in range(hands.DIRECT_EVALUATIONS): hands.evaluate(p('Kc Kh 4c Ks 4h 8s 7s'))\n"
        "print(type(hands._RANK7).__name__, hands.evaluate(p('Kc Kh'), p('4c Ks 4h 8s 7s')) == v)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.splitlines()  # fmt: skip
    assert out == ["full house, kings full of fours _Unloaded True", "dict True"]


@pytest.mark.parametrize(
    "cards",
    [
        "Ah Kh Qh Jh Th 9h 8h",  # seven of a suit: royal flush
        "9h 8h 7h 6h 5h 4h 3h",  # seven of a suit: nine-high straight flush
        "5c 4c 3c 2c Ac 6c Kd",  # six-high straight flush beats the steel wheel inside it
        "2s 3s 4s 5s 7s 9s Jc",  # six spades, no straight
        "As Ad Ac Ah Ks Qs Js",  # quads beat the four-card flush draw
        "Kh Kd Kc 2h 2d 7h 9h",  # full house, no flush (four hearts)
        "2c 3d 4h 5s 7c",  # five cards, no straight
    ],
)
def test_awkward_hands_are_ranked_by_the_rules(cards: str) -> None:
    assert evaluate(parse_cards(cards)).value == _by_the_rules(list(parse_cards(cards)))


# --- against the reference evaluators -------------------------------------------------------


_TREYS: list = []


def _treys_rank(cards: list) -> int:
    import treys

    if not _TREYS:
        _TREYS.append(treys.Evaluator())
    ints = [treys.Card.new(str(c)) for c in cards]
    return _TREYS[0].evaluate(ints[:5], ints[5:])


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)))
def test_orders_random_seven_card_hands_exactly_as_treys(deck: list[int]) -> None:
    pytest.importorskip("treys")
    a = [FULL_DECK[i] for i in deck[:7]]
    b = [FULL_DECK[i] for i in deck[7:14]]
    ours = (evaluate(a) > evaluate(b)) - (evaluate(a) < evaluate(b))
    theirs = (_treys_rank(a) < _treys_rank(b)) - (_treys_rank(a) > _treys_rank(b))  # lower wins
    assert ours == theirs


def test_orders_random_seven_card_hands_exactly_as_eval7() -> None:
    eval7 = pytest.importorskip("eval7")
    rng = random.Random(11)
    for _ in range(3000):
        cards = rng.sample(FULL_DECK, 14)
        a, b = cards[:7], cards[7:]
        ea = eval7.evaluate([eval7.Card(str(c)) for c in a])
        eb = eval7.evaluate([eval7.Card(str(c)) for c in b])
        va, vb = evaluate(a), evaluate(b)
        assert ((va > vb) - (va < vb)) == ((ea > eb) - (ea < eb)), (a, b)


# --- every five-card hand -------------------------------------------------------------------

FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3744,
    Category.FLUSH: 5108,
    Category.STRAIGHT: 10200,
    Category.THREE_OF_A_KIND: 54912,
    Category.TWO_PAIR: 123552,
    Category.PAIR: 1098240,
    Category.HIGH_CARD: 1302540,
}


@pytest.mark.slow
def test_every_five_card_hand_falls_in_the_textbook_category_counts() -> None:
    codes = [c.code for c in FULL_DECK]
    counts: Counter[int] = Counter(evaluate_codes(h) >> 20 for h in combinations(codes, 5))
    assert sum(counts.values()) == 2_598_960
    assert {Category(k): v for k, v in counts.items()} == FIVE_CARD_COUNTS


def test_five_card_hands_come_in_7462_distinct_values() -> None:
    # 6175 rank multisets (no flush) plus 1287 sets of five ranks in one suit: 7462 classes.
    from itertools import combinations_with_replacement

    from tdtool.hands import flush_value, ranks_value

    values = {
        ranks_value(ranks)
        for ranks in combinations_with_replacement(range(2, 15), 5)
        if max(Counter(ranks).values()) <= 4
    }
    values |= {
        flush_value(sum(1 << (r - 2) for r in ranks)) for ranks in combinations(range(2, 15), 5)
    }
    assert len(values) == 7462


def test_shipped_tables_match_the_ranking_rules_that_build_them() -> None:
    # The fast path reads tables from tdtool/data; they must be exactly what the plain rules give.
    from tdtool import hand_tables

    assert hand_tables.load(hand_tables.SEVEN_PATH) == hand_tables.build_seven()
    assert hand_tables.load(hand_tables.FIVE_SIX_PATH) == hand_tables.build_five_six()


def test_seven_card_rank_keys_tell_every_multiset_of_ranks_apart() -> None:
    from tdtool import hand_tables

    keys5, _, keys6, _ = hand_tables.load(hand_tables.FIVE_SIX_PATH)
    keys7 = hand_tables.load(hand_tables.SEVEN_PATH)[0]
    for keys, multisets in ((keys5, 6175), (keys6, 18395), (keys7, 49205)):
        assert len(set(keys)) == len(keys) == multisets
