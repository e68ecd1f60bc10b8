"""Cards are written as docs/hand-file.md says: rank then suit, in either case."""

from __future__ import annotations

import pytest

from tdtool.cards import FULL_DECK, Card, CardError, Rank, Suit, parse_card, parse_cards
from tdtool.errors import InputError

ACE_OF_HEARTS = Card(Rank.ACE, Suit.HEARTS)
TEN_OF_SPADES = Card(Rank.TEN, Suit.SPADES)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        pytest.param("Ah", ACE_OF_HEARTS, id="letter-suit"),
        pytest.param("ah", ACE_OF_HEARTS, id="lower-case"),
        pytest.param("AH", ACE_OF_HEARTS, id="upper-case"),
        pytest.param("A♥", ACE_OF_HEARTS, id="suit-symbol"),
        pytest.param("a♥\ufe0f", ACE_OF_HEARTS, id="emoji-heart-from-a-phone"),
        pytest.param("A♥\ufe0e", ACE_OF_HEARTS, id="text-heart-from-a-phone"),
        pytest.param("A♡", ACE_OF_HEARTS, id="white-suit-symbol"),
        pytest.param(" Ah ", ACE_OF_HEARTS, id="surrounding-spaces"),
        pytest.param("Ts", TEN_OF_SPADES, id="ten-as-T"),
        pytest.param("ts", TEN_OF_SPADES, id="ten-as-t"),
        pytest.param("10s", TEN_OF_SPADES, id="ten-as-10"),
        pytest.param("10♠", TEN_OF_SPADES, id="ten-as-10-with-symbol"),
        pytest.param("2c", Card(Rank.TWO, Suit.CLUBS), id="deuce"),
        pytest.param("9♦", Card(Rank.NINE, Suit.DIAMONDS), id="nine-of-diamonds"),
        pytest.param("Jd", Card(Rank.JACK, Suit.DIAMONDS), id="jack"),
        pytest.param("q♣", Card(Rank.QUEEN, Suit.CLUBS), id="queen"),
        pytest.param("kS", Card(Rank.KING, Suit.SPADES), id="king-mixed-case"),
    ],
)
def test_every_accepted_spelling_reads_as_the_same_card(text: str, card: Card) -> None:
    assert parse_card(text) == card


def test_every_rank_and_suit_letter_is_accepted() -> None:
    for rank in "23456789TJQKA":
        for suit in "shdcSHDC♠♥♦♣":
            card = parse_card(rank + suit)
            assert str(card) == rank + suit.lower().translate(str.maketrans("♠♥♦♣", "shdc"))


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty"),
        pytest.param("A", id="rank-only"),
        pytest.param("h", id="suit-only"),
        pytest.param("1h", id="rank-1"),
        pytest.param("11h", id="rank-11"),
        pytest.param("Ax", id="unknown-suit"),
        pytest.param("Zh", id="unknown-rank"),
        pytest.param("hA", id="suit-before-rank"),
        pytest.param("♥A", id="symbol-before-rank"),
        pytest.param("Ahh", id="trailing-letter"),
        pytest.param("0h", id="zero"),
    ],
)
def test_a_bad_card_is_refused_with_a_sentence_naming_it(text: str) -> None:
    with pytest.raises(CardError) as raised:
        parse_card(text)
    message = str(raised.value)
    assert f"'{text}' is not a card" in message
    assert "2-9, T or 10, J, Q, K, A" in message and "s, h, d, c" in message


def test_a_card_error_is_both_a_value_error_and_an_input_error() -> None:
    with pytest.raises(ValueError):
        parse_card("Xx")
    with pytest.raises(InputError):
        parse_card("Xx")


def test_parse_cards_reads_a_list_in_any_accepted_spelling() -> None:
    assert [str(c) for c in parse_cards("As Kd 10h q♠")] == ["As", "Kd", "Th", "Qs"]
    assert [str(c) for c in parse_cards("As,Kd, 10h")] == ["As", "Kd", "Th"]
    assert [str(c) for c in parse_cards("AsKd10h")] == ["As", "Kd", "Th"]
    assert [str(c) for c in parse_cards("A♥\ufe0fK♠\ufe0f")] == ["Ah", "Ks"]
    assert parse_cards("") == ()


def test_parse_cards_names_the_bad_word() -> None:
    with pytest.raises(CardError, match="'Kx' is not a card"):
        parse_cards("As Kx 10h")


def test_parse_cards_refuses_the_same_card_twice() -> None:
    with pytest.raises(CardError, match="As appears twice"):
        parse_cards("As Kd as")


def test_a_card_prints_in_its_short_form() -> None:
    assert str(parse_card("a♥")) == "Ah"
    assert str(parse_card("10d")) == "Td"
    assert parse_card("10d").pretty == "10♦"
    assert repr(parse_card("Ah")) == "Card('Ah')"


def test_the_deck_holds_52_different_cards_with_different_codes() -> None:
    assert len(set(FULL_DECK)) == 52
    assert len({c.code for c in FULL_DECK}) == 52
    assert [c.index for c in FULL_DECK] == list(range(52))


def test_a_card_is_a_frozen_value() -> None:
    card = parse_card("Ah")
    assert card == Card(Rank.ACE, Suit.HEARTS)
    assert hash(card) == hash(Card(Rank.ACE, Suit.HEARTS))
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]


@pytest.mark.slow
def test_the_card_core_imports_no_cli_or_io_library() -> None:
    # Architecture: cards and hands are pure; typer, rich, yaml and sqlite3 stay out.
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    banned = "{'typer', 'rich', 'yaml', 'sqlite3', 'click'}"
    code = f"import sys, tdtool.hands; print(sorted(set(sys.modules) & {banned}))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
