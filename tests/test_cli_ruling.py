"""`tdtool ruling list/show/ask`: the rule book and the question flow, for a person and a script."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

REQUIRED = {
    "exposed-card",
    "boxed-card",
    "misdeal",
    "premature-flop",
    "premature-turn",
    "premature-river",
    "four-card-flop",
    "flop-without-burn",
    "extra-card",
    "player-exposes",
    "duplicate-card",
    "out-of-turn",
    "string-bet",
    "oversized-chip",
    "undercall",
    "underraise",
    "dead-hand",
    "dead-button",
    "chip-race",
    "straddle",
    "dead-small-blind",
    "short-blind",
}


def test_ruling_list_json_names_every_irregularity_the_issue_asks_for(cli):
    result = cli("ruling", "list", "--json")
    assert result.exit_code == 0, result.output
    ids = {item["id"] for item in json.loads(result.stdout)}
    assert ids >= REQUIRED
    assert set(json.loads(result.stdout)[0]) == {"id", "title", "situation", "differs"}


def test_ruling_list_table_for_a_person(cli):
    result = cli("ruling", "list")
    assert result.exit_code == 0
    assert "premature-turn" in result.stdout and "differs" in result.stdout


@pytest.mark.parametrize("rid", sorted(REQUIRED))
def test_every_entry_has_situation_steps_and_a_rule_number_per_profile(cli, rid):
    data = json.loads(cli("ruling", "show", rid, "--json").stdout)
    assert data["situation"]
    assert set(data["rulings"]) == {"tda", "robert"}
    assert data["rulings"]["tda"]["rule"].startswith("TDA ")
    assert data["rulings"]["robert"]["rule"].startswith("RRoP")
    for book in data["rulings"].values():
        assert book["ruling"] and book["steps"]


@pytest.mark.parametrize(
    ("rid", "differs"),
    [
        ("extra-card", True),
        ("premature-turn", True),
        ("four-card-flop", True),
        ("flop-without-burn", True),
        ("playing-the-board", True),
        ("premature-flop", False),
        ("premature-river", False),
        ("player-exposes", False),
    ],
)
def test_profiles_differ_where_the_two_books_differ(cli, rid, differs):
    assert json.loads(cli("ruling", "show", rid, "--json").stdout)["differs"] is differs


def test_ruling_show_one_profile_only(cli):
    result = cli("ruling", "show", "premature-turn", "--rules", "robert")
    assert result.exit_code == 0
    assert "Robert's Rules" in result.stdout and "Poker TDA" not in result.stdout
    assert "set it aside" in result.stdout


def test_ruling_show_unknown_id_is_exit_2_listing_the_known_ones(cli):
    result = cli("ruling", "show", "card-on-floor")
    assert result.exit_code == 2
    assert "premature-flop" in result.stderr


def test_ruling_show_bad_profile_is_exit_2(cli):
    result = cli("ruling", "show", "premature-flop", "--rules", "wsop")
    assert result.exit_code == 2
    assert "--rules" in result.stderr


def test_ask_by_options_tda_35a7_second_card_off_the_deck_is_a_misdeal(cli):
    result = cli(
        "ruling", "ask", "--what", "exposed-card", "--card", "2",
        "--exposed-before", "0", "--acted", "none", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["misdeal"] is True and data["rule"].startswith("TDA 35A-7")


def test_ask_by_options_tda_36_too_late_after_call_fold(cli):
    result = cli(
        "ruling", "ask", "--what", "misdeal", "--reason", "wrong seat",
        "--acted", "call,fold", "--json",
    )  # fmt: skip
    assert json.loads(result.stdout)["misdeal"] is False


def test_ask_by_options_robert_misdeals_1_two_folds_are_enough(cli):
    result = cli(
        "ruling", "ask", "--what", "misdeal", "--reason", "wrong seat",
        "--acted", "fold,fold", "--rules", "robert", "--json",
    )  # fmt: skip
    assert json.loads(result.stdout)["misdeal"] is False


@pytest.mark.slow
def test_ask_without_a_terminal_names_the_missing_option():
    out = subprocess.run(
        [sys.executable, "-m", "tdtool", "ruling", "ask", "--what", "exposed-card"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 2
    assert "--card" in out.stderr and out.stderr.startswith("Error:")


def test_ask_bad_action_is_exit_2(cli):
    result = cli("ruling", "ask", "--what", "misdeal", "--reason", "x", "--acted", "dance")
    assert result.exit_code == 2 and "--acted" in result.stderr


def test_ask_interactively_walks_the_questions(cli, monkeypatch):
    from tdtool.cli import ruling

    monkeypatch.setattr(ruling, "_interactive", lambda: True)
    # what happened? -> 1 (exposed-card); the dealer thinks in seats (issue 13): 9 players,
    # the 6th from the small blind, their first card (the 6th off the deck); already
    # exposed? 0; who acted? none
    result = cli("ruling", "ask", input="1\n9\n6\n1\n0\nnone\n")
    assert result.exit_code == 0, result.output
    assert "Count the players from the small blind" in result.stdout
    assert "replaced and becomes the first burn" in result.stdout


def test_ask_interactive_flop_without_burn_robert(cli, monkeypatch):
    from tdtool.cli import ruling

    monkeypatch.setattr(ruling, "_interactive", lambda: True)
    result = cli("ruling", "ask", "--rules", "robert", input="flop-without-burn\nno\n")
    assert result.exit_code == 0, result.output
    assert "RRoP Hold'em 4" in result.stdout


def test_ruling_ask_answers_every_ruling_that_ruling_list_shows(cli):
    from tdtool.rules.rulebook import ENTRIES

    answers = {
        "exposed-card": ["--card", "5", "--exposed-before", "0"],
        "boxed-card": ["--boxed-before", "0"],
        "misdeal": ["--reason", "wrong seat"],
        "flop-without-burn": ["--flop-action", "no"],
        "extra-card": ["--extra", "1"],
    }
    listed = [e.id for e in ENTRIES]
    assert len(listed) >= 21
    for id in listed:
        result = cli("ruling", "ask", "--what", id, "--acted", "none", *answers.get(id, []))
        assert result.exit_code == 0, (id, result.output)
        data = json.loads(
            cli(
                "ruling", "ask", "--what", id, "--acted", "none", *answers.get(id, []), "--json"
            ).stdout
        )
        assert data["rule"] and data["steps"], id


def test_ruling_ask_exposed_card_in_seats_as_the_dealer_counts(cli):
    # 9 players; the big blind's first card is the 2nd off the deck: a misdeal (TDA 35A-7).
    first = cli(
        "ruling",
        "ask",
        "--what",
        "exposed",
        "--players",
        "9",
        "--seat",
        "2",
        "--round",
        "1",
        "--exposed-before",
        "0",
        "--acted",
        "none",
        "--json",
    )
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["misdeal"] is True
    # The big blind's second card is the 11th: replaced, no misdeal.
    second = cli(
        "ruling",
        "ask",
        "--what",
        "exposed-card",
        "--players",
        "9",
        "--seat",
        "2",
        "--round",
        "2",
        "--exposed-before",
        "0",
        "--acted",
        "none",
        "--json",
    )
    assert json.loads(second.stdout)["misdeal"] is False
    missing = cli("ruling", "ask", "--what", "exposed-card", "--exposed-before", "0")
    assert missing.exit_code == 2 and "--seat N --round 1|2 --players P" in missing.stderr


def test_ruling_ask_menu_lists_the_asked_then_the_book_in_one_style():
    # Issue 22: the menu mixed the two lists' styles (lower-case questions, then titles).
    import re

    from tdtool.app.ruling_ask import WHAT as _WHAT
    from tdtool.cli.ruling import menu
    from tdtool.rules.rulebook import ENTRIES

    text = menu(ENTRIES).splitlines()
    book = text.index("Looked up in the book (the rule and the steps):")
    assert text[0] == "Worked out from a few questions:"
    items = [line for line in text if re.match(r"\s?\d+\. ", line)]
    assert len(items) == len(ENTRIES)
    for line in items:
        number, ident, what = re.match(r"\s?(\d+)\. (\S+)\s{2,}(.+)", line).groups()
        assert what[0].isupper(), line
        assert (ident in _WHAT) == (text.index(line) < book), line
    starts = {line.index(line.split()[2]) for line in items}
    assert len(starts) == 1  # the descriptions in one column


def test_ruling_text_wraps_at_words_on_a_narrow_terminal():
    # Issue 22: long lines broke mid-word at the terminal's edge.
    from tdtool.cli.ruling import menu, render_ruling, wrap
    from tdtool.rules.rulebook import ENTRIES
    from tdtool.rules.rulings import Profile

    texts = [menu(ENTRIES)]
    for e in ENTRIES:
        book = e.under(Profile.TDA)
        texts.append("\n".join([book.ruling, *(f"  {n}. {s}" for n, s in enumerate(book.steps))]))
    from tdtool.rules.rulings import rule_premature_turn

    texts.append(render_ruling(rule_premature_turn(Profile.TDA)))
    for text in texts:
        for width in (40, 60):
            wrapped = wrap(text, width)
            assert wrapped.split() == text.split()  # no word broken or lost
            for line in wrapped.splitlines():
                assert len(line) <= width or " " not in line.strip(), line
