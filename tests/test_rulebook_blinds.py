"""The rule book's entries for straddles and dead or short blinds (`tdtool ruling ...`), each
checked against what `hand check` does with the same situation, so the book and the checker
say the same thing. Named after the rules they rest on."""

from __future__ import annotations

import json

import pytest

from tdtool.rules.rulebook import entry
from tdtool.rules.rulings import Profile
from tests.test_straddles_and_blinds import SIX, refused, run, stacks

PLO = "game: pot-limit\nblinds: 100/200\n"


def book(rid: str, profile: Profile = Profile.TDA) -> str:
    return entry(rid).under(profile).ruling


def test_tda_32_54b_dead_small_blind_is_not_posted_and_pot_limit_counts_it():
    assert "nobody posts the small blind" in book("dead-small-blind")
    assert "bet the pot to 700" in book("dead-small-blind")
    head = PLO + "small_blind: none\nbig_blind: 3\n"
    # Only the big blind posts ...
    r = run(["Di fold", "Ed fold", "Flo fold", "Ann fold", "Bo fold"], head=head)
    assert [(who, kind) for who, kind, _, _ in r.postings] == [("Cy", "big blind")]
    # ... the first raise is still by at least the big blind, and the pot counts both blinds.
    assert refused(["Di raise 399"], head=head).allowed == "the minimum raise is to 400"
    assert refused(["Di raise 701"], head=head).allowed == "the pot limit allows at most 700"
    r = run(["Di raise 700", "Ed fold", "Flo fold", "Ann fold", "Bo fold", "Cy fold"], head=head)
    assert stacks(r)["Di"] == 5000 + 200


def test_tda_54b_43a_short_blind_is_called_in_full_and_raised_from_the_full_blind():
    assert "the others call the whole big blind" in book("short-blind")
    seats = {**SIX, 3: ("Cy", 100)}  # the big blind has only 100 of the 200
    assert refused(["Di raise 399"], seats=seats, head=PLO).allowed == (
        "the minimum raise is to 400"
    )
    assert refused(["Di raise 701"], seats=seats, head=PLO).allowed == (
        "the pot limit allows at most 700"
    )
    r = run(["Di call", "Ed fold", "Flo fold", "Ann fold", "Bo fold", "flop 2c 7s 9d",
             "turn Jc", "river 3h"], seats=seats, head=PLO)  # fmt: skip
    # Di called the full 200: 100 against Cy's 100 in the main pot, the other 100 comes back.
    assert r.returned == (("Di", 100),)
    assert [p.amount for p in r.pots] == [100 + 100 + 100]  # Bo's small blind, Cy, Di


def test_tda_43a_straddle_plays_as_the_big_blind_and_raises_are_by_the_straddle():
    ruling = book("straddle")
    assert "The TDA rules have no straddle" in ruling and "by at least the straddle" in ruling
    # The straddle is the round's full bet: the next raise is to twice it.
    assert refused(["Di straddle 200", "Ed raise 399"]).allowed == "the minimum raise is to 400"
    # Everyone calls: the straddler acts last and may raise (the option).
    r = run(["Di straddle 200", "Ed call", "Flo call", "Ann call", "Bo call", "Cy call",
             "Di raise 600", "Ed fold", "Flo fold", "Ann fold", "Bo fold", "Cy fold"])  # fmt: skip
    assert stacks(r)["Di"] == 5000 + 5 * 200
    # A straddler all-in for less: the others still call the full straddle (RRoP blinds 1).
    seats = {**SIX, 4: ("Di", 150)}
    r = run(["Di straddle 200", "Ed call", "Flo fold", "Ann fold", "Bo fold", "Cy fold",
             "flop 2c 7s 9d", "turn Jc", "river 3h"], seats=seats)  # fmt: skip
    assert ("Di", "straddle", 150, True) in r.postings
    assert r.returned == (("Ed", 50),)


@pytest.mark.parametrize(
    ("rid", "asked"),
    [("straddle", "re-straddle"), ("dead-small-blind", "dead-blind"), ("short-blind", None)],
)
def test_rrop_button_and_blind_use_1_new_entries_show_and_answer_under_both_books(cli, rid, asked):
    for profile, start in (("tda", "TDA "), ("robert", "RRoP Button and Blind Use 1")):
        data = json.loads(cli("ruling", "show", rid, "--rules", profile, "--json").stdout)
        assert data["rulings"][profile]["rule"].startswith(start)
        assert data["rulings"][profile]["steps"]
    data = json.loads(cli("ruling", "ask", "--what", asked or rid, "--json").stdout)
    assert data["irregularity"] == rid and data["steps"]
    assert rid in {item["id"] for item in json.loads(cli("ruling", "list", "--json").stdout)}
