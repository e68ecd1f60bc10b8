"""The TV page's side panel (issue 13): the payouts and the players left from the bubble on and
in the money, and an accepted deal. The data through the clock's display data; the page
itself in headless Chromium at 1920x1080 and 1280x720 (the panel is drawn and everything fits).
"""

from __future__ import annotations

import re

import pytest

from tdtool.app.panels import MAX_ROWS
from tests.browser import CHROMIUM
from tests.test_clock_browser import chromium
from tests.tournament_fixtures import make

NAMES = [f"P{i:02d}" for i in range(1, 13)]


def panels(db):
    from tdtool.app.clock import view_data
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        return view_data(store.state(), store.now()).to_dict()["panels"]


def field(cli, tmp_path, players=NAMES, seats=9, **terms):
    db = make(tmp_path / "cup.tdtool", buy_in=100, seats=seats, **terms)
    cli("--db", db, "player", "add", *players)
    cli("--db", db, "seat", "draw")
    return db


def bust_to(cli, db, left, players=NAMES):
    for name in players[: len(players) - left]:
        result = cli("--db", db, "player", "bust", name)
        assert result.exit_code == 0, result.output


def test_no_money_panel_while_the_money_is_far_off(cli, tmp_path):
    db = field(cli, tmp_path, places_paid=3)
    bust_to(cli, db, 5)
    assert panels(db) == []


def test_the_bubble_panel_lists_the_prizes_and_says_the_next_out_wins_nothing(cli, tmp_path):
    db = field(cli, tmp_path, places_paid=3)
    bust_to(cli, db, 4)
    (panel,) = panels(db)
    assert (panel["id"], panel["title"], panel["lead"]) == (
        "money",
        "BUBBLE",
        "4 players left · 3 paid",
    )
    assert [r["label"] for r in panel["rows"]] == ["1st", "2nd", "3rd"]
    assert not any(r["mark"] for r in panel["rows"])
    assert panel["foot"] == "Next out wins nothing"
    assert panel["alert"] == ""  # one table: no hand-for-hand


def test_rp8_the_bubble_panel_calls_hand_for_hand_when_several_tables_play(cli, tmp_path):
    db = field(cli, tmp_path, seats=4, places_paid=6)  # 12 players at three tables of four
    bust_to(cli, db, 7)
    (panel,) = panels(db)
    assert panel["title"] == "BUBBLE" and panel["alert"] == "HAND-FOR-HAND"


def test_in_the_money_the_panel_marks_the_place_the_next_player_out_takes(cli, tmp_path):
    db = field(cli, tmp_path, places_paid=3)
    bust_to(cli, db, 3)
    (panel,) = panels(db)
    assert (panel["title"], panel["lead"]) == ("IN THE MONEY", "3 players left")
    assert [r["mark"] for r in panel["rows"]] == ["", "", "next"]
    third = panel["rows"][2]["value"]
    assert panel["foot"] == f"Next out: 3rd · {third}"
    bust_to(cli, db, 2, NAMES[9:])
    (panel,) = panels(db)
    assert [r["label"] for r in panel["rows"]] == ["1st", "2nd"]
    assert panel["rows"][1]["mark"] == "next" and panel["lead"] == "2 players left"


def test_a_long_payout_list_keeps_the_top_and_the_next_places_out(cli, tmp_path):
    players = [f"P{i:02d}" for i in range(1, 41)]
    db = field(cli, tmp_path, players=players, seats=10, places_paid=25)
    bust_to(cli, db, 20, players)
    (panel,) = panels(db)
    rows = panel["rows"]
    assert len(rows) <= MAX_ROWS
    assert rows[0]["label"] == "1st" and rows[-1]["label"] == "20th"
    assert rows[-1]["mark"] == "next"
    gaps = [r for r in rows if r["mark"] == "gap"]
    assert len(gaps) == 1 and re.fullmatch(r"\d+\w\w–\d+\w\w", gaps[0]["label"])


def test_equal_prizes_share_one_row(cli, tmp_path):
    from tdtool.app.panels import _place_rows

    rows = _place_rows((500, 300, 100, 100, 100), next_out=4)
    assert [(r["label"], r["value"], r["mark"]) for r in rows] == [
        ("1st", "500", ""),
        ("2nd", "300", ""),
        ("3rd–5th", "100", "next"),
    ]


def test_an_accepted_deal_replaces_the_payouts_on_the_panel(cli, tmp_path):
    db = field(cli, tmp_path, places_paid=3)
    bust_to(cli, db, 3)
    left = NAMES[9:]
    stacks = ",".join(f"{n}={s}" for n, s in zip(left, (60000, 40000, 20000), strict=True))
    accepted = cli("--db", db, "deal", "icm", "--stacks", stacks, "--accept")
    assert accepted.exit_code == 0, accepted.output
    (panel,) = panels(db)
    assert (panel["id"], panel["title"], panel["lead"]) == ("deal", "DEAL", "ICM deal · 3 players")
    assert [r["label"] for r in panel["rows"]] == left  # the biggest stack gets the most
    values = [int(r["value"].replace(",", "")) for r in panel["rows"]]
    assert values == sorted(values, reverse=True) and sum(values) == 1200
    assert panel["foot"] == "Every prize is settled"


def test_a_deal_with_money_held_back_says_who_takes_it(cli, tmp_path):
    db = field(cli, tmp_path, places_paid=3)
    bust_to(cli, db, 3)
    stacks = ",".join(f"{n}=40000" for n in NAMES[9:])
    result = cli(
        "--db", db, "deal", "chip-chop", "--stacks", stacks, "--hold-back", "300", "--accept"
    )
    assert result.exit_code == 0, result.output
    (panel,) = panels(db)
    assert panel["lead"] == "Chip-chop deal · 3 players"
    assert panel["foot"] == "300 held back: the winner takes it"


def test_no_panel_once_the_tournament_is_over(cli, tmp_path):
    db = field(cli, tmp_path, places_paid=3)
    bust_to(cli, db, 1)
    assert panels(db) == []


# -- the page ------------------------------------------------------------------------------


@pytest.fixture
def serve():
    """`clock serve` for a given file; yields a function that starts it and gives the URL."""
    from contextlib import ExitStack

    from tests.test_clock_browser import serving

    with ExitStack() as running:
        yield lambda db: running.enter_context(serving(db))


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
@pytest.mark.parametrize("size", ["1920,1080", "1280,720"])
def test_tv_page_draws_the_money_panel_and_everything_fits(cli, tmp_path, serve, size):
    players = [f"P{i:02d}" for i in range(1, 41)]
    db = field(cli, tmp_path, players=players, seats=10, places_paid=25)
    cli("--db", db, "clock", "start")
    bust_to(cli, db, 20, players)
    dom = chromium(tmp_path, serve(db), f"--window-size={size}", "--dump-dom")
    body = re.search(r"<body([^>]*)>", dom)
    assert body and re.search(r'class="[^"]*\bside\b', body.group(1)), dom[-2000:]
    assert 'data-fits="yes"' in body.group(1), body.group(1)
    assert "IN THE MONEY" in dom and "20 players left" in dom and "Next out: 20th" in dom
    assert re.search(r'class="k next">20th<', dom)


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_tv_page_shows_an_accepted_deal(cli, tmp_path, serve):
    db = field(cli, tmp_path, places_paid=3)
    bust_to(cli, db, 3)
    stacks = ",".join(f"{n}={s}" for n, s in zip(NAMES[9:], (60000, 40000, 20000), strict=True))
    cli("--db", db, "deal", "icm", "--stacks", stacks, "--accept")
    dom = chromium(tmp_path, serve(db), "--dump-dom")
    assert re.search(r'class="panel deal"', dom) and ">DEAL<" in dom
    assert all(f'class="k">{n}<' in dom for n in NAMES[9:])
    assert 'data-fits="yes"' in dom


def satellite_field(cli, tmp_path, players, *terms):
    db = tmp_path / "sat.tdtool"
    made = cli("new", "Sat", "--structure", "turbo", "--db", db, "--buy-in", "50",
               "--satellite", "200", *terms)  # fmt: skip
    assert made.exit_code == 0, made.output
    cli("--db", db, "player", "add", *players)
    cli("--db", db, "seat", "draw")
    return db


def test_a_satellites_panel_calls_the_seat_bubble_and_shows_the_seats(cli, tmp_path):
    # 13 x 50 = 650: three seats of 200 and 50 in cash to 4th. At four left the panel said
    # "IN THE MONEY ... 1st-3rd 200": the seat bubble and the seats were not on it.
    players = [f"P{i:02d}" for i in range(1, 14)]
    db = satellite_field(cli, tmp_path, players)
    bust_to(cli, db, 5, players)
    (panel,) = panels(db)
    assert (panel["title"], panel["lead"]) == ("BUBBLE", "5 players left · 4 paid")
    assert [(r["label"], r["value"]) for r in panel["rows"]] == [
        ("1st–3rd", "Seat · 200"),
        ("4th", "50"),
    ]
    bust_to(cli, db, 4, players[8:])
    (panel,) = panels(db)
    assert (panel["title"], panel["lead"]) == ("SEAT BUBBLE", "4 players left · 3 seats")
    assert panel["foot"] == "Next out: 4th · 50 in cash"
    assert panel["rows"][0]["value"] == "Seat · 200"


def test_a_satellite_without_cash_says_the_next_out_wins_no_seat(cli, tmp_path):
    players = [f"P{i:02d}" for i in range(1, 13)]  # 600: three seats, nothing left over
    db = satellite_field(cli, tmp_path, players)
    bust_to(cli, db, 4, players)
    (panel,) = panels(db)
    assert (panel["title"], panel["foot"]) == ("SEAT BUBBLE", "Next out wins no seat")


LONG = "Bartholomew Featherstonehaugh-Winthrop"


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
@pytest.mark.parametrize("size", ["1920,1080", "1280,720"])
def test_a_long_name_as_chip_leader_and_biggest_bounty_stays_on_the_screen(
    cli, tmp_path, serve, size
):
    # The name ran off both edges: the bounties' line centred past the left, the chip
    # leader's figure past the right. Now it ends in an ellipsis, the amounts shown whole.
    db = tmp_path / "long.tdtool"
    cli("new", "Long", "--structure", "turbo", "--buy-in", "50", "--bounty", "25", "--pko",
        "--satellite", "200", "--db", db)  # fmt: skip
    players = [LONG, *(f"P{i:02d}" for i in range(1, 16))]
    cli("--db", db, "player", "add", *players)
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    for name in players[5:]:  # LONG knocks out players at every table (--anywhere)
        out = cli("--db", db, "player", "bust", name, "--by", LONG, "--anywhere", "--yes")
        assert out.exit_code == 0, out.output
    cli("--db", db, "player", "chips", LONG, "1031000", "P01", "30000")
    dom = chromium(tmp_path, serve(db), f"--window-size={size}", "--dump-dom")
    body = re.search(r"<body([^>]*)>", dom)
    assert body and 'data-fits="yes"' in body.group(1), body.group(1)
    assert f'<span class="nm">{LONG}</span> · 1,031,000 · 20,620 BB' in dom
    assert re.search(rf'<span class="nm">{LONG}</span><span class="amt">162.50<', dom), dom
    assert "SEAT BUBBLE" in dom
