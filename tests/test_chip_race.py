"""The colour-up and chip race helper (issue 22, item 13; TDA 24)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.errors import InputError
from tdtool.tournament.chip_race import chip_race, race_key, race_table
from tests.tournament_fixtures import make


def test_tda_24a_each_player_colours_up_whole_units_and_races_the_odd_chips():
    race = race_table(1, {2: "Ann", 5: "Ben"}, {"Ann": 9, "Ben": 4}, 25, 100, random.Random(1))
    ann, ben = race.entries
    assert (ann.coloured, ann.odd, len(ann.cards)) == (2, 1, 1)  # 8 × 25 -> 2 × 100, one odd
    assert (ben.coloured, ben.odd, ben.cards) == (1, 0, ())
    assert race.chips_raced == 0 and race.removed == 25  # 25 is under half a 100: removed


@pytest.mark.parametrize(
    ("odd", "chips"),
    [
        pytest.param(6, 2, id="150-makes-two"),
        pytest.param(5, 1, id="125-makes-one"),
        pytest.param(2, 1, id="50-is-half-makes-one"),
        pytest.param(1, 0, id="25-makes-none"),
    ],
)
def test_tda_24_the_odd_chips_make_the_race_chips_a_last_one_at_half_a_chip(odd, chips):
    seats = {s: f"P{s}" for s in range(1, odd + 1)}
    race = race_table(1, seats, dict.fromkeys(seats.values(), 1), 25, 100, random.Random(2))
    assert race.chips_raced == chips
    assert sum(e.won for e in race.entries) == chips


def test_tda_24a_cards_are_dealt_from_seat_1_all_of_a_players_cards_at_once():
    seats = {7: "Gus", 1: "Ann", 4: "Dev"}
    held = {"Ann": 3, "Dev": 2, "Gus": 1}
    rng = random.Random(5)
    race = race_table(3, seats, held, 25, 100, rng)
    deck = list(__import__("tdtool.cards", fromlist=["FULL_DECK"]).FULL_DECK)
    random.Random(5).shuffle(deck)
    dealt = [c for e in race.entries for c in e.cards]
    assert [e.player for e in race.entries] == ["Ann", "Dev", "Gus"]  # seat order from 1
    assert dealt == deck[:6]
    best = sorted(race.entries, key=lambda e: max(map(race_key, e.cards)), reverse=True)
    assert [e.won for e in best] == [True, True, False]  # 150 makes two: the two highest


def test_tda_24a_nobody_is_raced_out_of_their_last_chips():
    seats = {1: "Ann", 2: "Ben", 3: "Cal"}
    held = {"Ann": 1, "Ben": 1, "Cal": 1}  # 75: one 100 to race for
    for seed in range(20):
        race = race_table(1, seats, held, 25, 100, random.Random(seed), frozenset({"Cal"}))
        cal = race.entries[2]
        assert cal.won or cal.kept_in
        assert cal.change(25, 100) == 75  # a 100 either way: never out


@settings(max_examples=300, deadline=None)
@given(
    tables=st.lists(st.lists(st.integers(0, 30), min_size=1, max_size=10), min_size=1, max_size=5),
    unit=st.sampled_from([2, 4, 5, 20]),
    seed=st.integers(0, 2**32 - 1),
)
def test_tda_24_every_chip_is_accounted_for_and_nobody_wins_two(tables, unit, seed):
    seating = [
        (t + 1, tuple((s + 1, f"T{t}S{s}") for s in range(len(held))))
        for t, held in enumerate(tables)
    ]
    held = {f"T{t}S{s}": n for t, row in enumerate(tables) for s, n in enumerate(row)}
    race = chip_race(seating, held, 25, 25 * unit, random.Random(seed))
    for t in race.tables:
        assert sum(e.won for e in t.entries) == t.chips_raced
        for e in t.entries:
            assert e.coloured * race.up + e.odd * race.race == e.held * race.race
            assert 0 <= e.odd < unit and len(e.cards) == e.odd
            assert not e.won or e.odd  # only a player in the race wins a chip
        cards = [c for e in t.entries for c in e.cards]
        if len(cards) <= 52:
            assert len(set(cards)) == len(cards)  # one deck a table
    assert sum(race.changes().values()) == -race.removed


def test_a_chip_that_is_no_whole_part_of_the_next_is_bad_input():
    with pytest.raises(InputError, match="whole number of them"):
        race_table(1, {1: "Ann"}, {"Ann": 3}, 25, 60, random.Random(1))


# -- the command ---------------------------------------------------------------------------


@pytest.fixture
def counted(cli, tmp_path):
    db = make(tmp_path / "race.tdtool", buy_in=100)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(12)])
    assert cli("--db", db, "seat", "draw").exit_code == 0
    return db


def in_play(cli, db) -> int:
    return json.loads(cli("--db", db, "chips", "show", "--json").stdout)["chips_in_play"]


def test_chips_race_is_recorded_the_chip_check_follows_and_undo_takes_it_back(
    cli, counted, tmp_path
):
    before = in_play(cli, counted)
    assert cli("--db", counted, "player", "chips", "P1", "20075").exit_code == 0
    sheet = tmp_path / "race.html"
    result = cli(
        "--db", counted, "chips", "race", "25", "--up", "100", "P1=3", "P2=6", "P3=1",
        "--sheet", str(sheet), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["race"] == 25 and data["up"] == 100
    assert in_play(cli, counted) == before - data["removed"]
    p1 = next(p for t in data["tables"] for p in t["players"] if p["player"] == "P1")
    change = (p1["won"] + p1["kept_in"]) * 100 - p1["odd"] * 25
    chips = json.loads(cli("--db", counted, "chips", "show", "--json").stdout)
    counts = {r["name"]: r["chips"] for r in chips["stacks"]}
    assert counts["P1"] == 20075 + change  # the count follows the race
    page = sheet.read_text()
    assert "Chip race: the 25s into 100s" in page and "P2" in page
    log = cli("--db", counted, "log", "--last", "1").stdout
    assert "Colour-up of the 25s into 100s" in log
    assert cli("--db", counted, "undo", "--yes").exit_code == 0
    assert in_play(cli, counted) == before


def test_chips_race_text_names_each_players_colour_up_and_race(cli, counted):
    result = cli("--db", counted, "chips", "race", "25", "--up", "100", "P1=7", "P2=2")
    assert result.exit_code == 0, result.output
    assert "Colour-up of the 25s into 100s (TDA 24):" in result.stdout
    assert "P1: 4 × 25 → 1 × 100; races 3 (" in result.stdout
    assert "chips in play." in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("25", "P1=3"), id="no-up"),
        pytest.param(("25", "--up", "60", "P1=3"), id="not-a-whole-part"),
        pytest.param(("25", "--up", "100", "P1"), id="no-count"),
        pytest.param(("25", "--up", "100", "P1=x"), id="bad-count"),
        pytest.param(("25", "--up", "100", "Nobody=2"), id="unknown-player"),
        pytest.param(("25", "--up", "100", "P1=2", "--sheet", "race.pdf"), id="bad-sheet"),
    ],
)
def test_chips_race_bad_input_is_one_line_exit_2_and_records_nothing(cli, counted, args):
    before = cli("--db", counted, "log", "--json").stdout
    result = cli("--db", counted, "chips", "race", *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert cli("--db", counted, "log", "--json").stdout == before
