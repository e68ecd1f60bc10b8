"""`clock run` shows what the TV shows beside the clock (issue 24 item 5): the bubble / in the
money panel, the prizes still to be won, the biggest bounties and an accepted deal, from the
same display data, in the tournament's language; it fits 80x24 by dropping the least
important lines first, puts the panels in a column from 120 columns, and from 160x48 draws
the blinds in big digits too.
"""

from __future__ import annotations

import io
import os
import shlex
import sys

import pytest

from tdtool.cli.clock_screen import BIG_FROM_H, BIG_FROM_W, big_text, blinds_digits, screen
from tdtool.i18n import words
from tests.conftest import ROOT
from tests.test_clock_hand import NAMES, display
from tests.test_clock_terminal import TMUX, remaining, shows, tmux, wait_for
from tests.tournament_fixtures import make


def render(data, width=80, height=24, lang="en") -> str:
    from rich.console import Console

    console = Console(
        width=width, height=height, record=True, color_system=None, file=io.StringIO()
    )
    console.print(screen(data, width, height, lang=lang))
    return console.export_text()


def fits(text, width, height):
    lines = text.rstrip("\n").split("\n")
    return len(lines) == height and max(map(len, lines)) <= width


def pko_bubble(cli, tmp_path, lang="en"):
    """12 players, three tables of four, six paid, PKO bounties, busted to the bubble."""
    db = make(
        tmp_path / "pko.tdtool",
        buy_in=100,
        seats=4,
        places_paid=6,
        bounty=50,
        pko=True,
        language=lang,
    )
    cli("--db", db, "player", "add", *NAMES)
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    for i, name in enumerate(NAMES[:5]):
        by = NAMES[6 + i]
        result = cli("--db", db, "player", "bust", name, "--by", by, "--anywhere")
        assert result.exit_code == 0, result.output
    return db


def test_the_bubble_panel_the_prizes_and_the_bounties_fit_80x24(cli, tmp_path):
    db = pko_bubble(cli, tmp_path)
    assert cli("--db", db, "clock", "hand").exit_code == 0
    data = display(db)
    text = render(data)
    assert fits(text, 80, 24), text
    money = data["panels"][0]
    assert f"{money['title']}   7 players left · 6 paid" in text
    assert "1st " + money["rows"][0]["value"] in text and "6th " in text
    assert "Next out wins nothing" in text
    assert "BIGGEST BOUNTIES (PKO): P07 75" in text
    assert "HAND FOR HAND · HAND 1" in text and "the clock stands still" in text
    # the least important gave way: the keys' line, then the prize pool
    assert "q quit" not in text and "Blinds 50 / 100" in text


def test_at_120_columns_the_panels_stand_in_a_column_beside_the_clock(cli, tmp_path):
    db = pko_bubble(cli, tmp_path)
    text = render(display(db), 120, 35)
    assert fits(text, 120, 35), text
    row = next(line for line in text.splitlines() if "1st" in line)
    assert row.index("1st") > 80  # at the right, beside the digits
    assert "BIGGEST BOUNTIES (PKO)" in text and "HAND-FOR-HAND" in text
    assert "q quit" in text  # room for every line


def test_the_panels_in_german_and_romanian_from_the_same_data(cli, tmp_path):
    (tmp_path / "de").mkdir()
    (tmp_path / "ro").mkdir()
    data = display(pko_bubble(cli, tmp_path / "de", "de"))
    de = render(data, lang="de")
    assert "BUBBLE" in de and "HAND-FÜR-HAND" in de and "Nächster raus gewinnt nichts" in de
    # German places are longer: they take two lines (none cut off), and the bounties give way
    assert "1. Platz" in de and "6. Platz 139" in de and "…" not in de
    assert "HÖCHSTE BOUNTYS (PKO)" in render(data, 120, 35, lang="de")
    ro = render(display(pko_bubble(cli, tmp_path / "ro", "ro")), lang="ro")
    assert "HAND-FOR-HAND" in ro and "jucători" in ro and "locul 6" in ro


def test_an_accepted_deal_shows_each_players_amount(cli, tmp_path):
    db = make(tmp_path / "deal.tdtool", buy_in=100, places_paid=3)
    cli("--db", db, "player", "add", *NAMES)
    cli("--db", db, "seat", "draw")
    for name in NAMES[:9]:
        cli("--db", db, "player", "bust", name)
    stacks = ",".join(f"{n}={s}" for n, s in zip(NAMES[9:], (60000, 40000, 20000), strict=True))
    assert cli("--db", db, "deal", "icm", "--stacks", stacks, "--accept").exit_code == 0
    data = display(db)
    (deal,) = data["panels"]
    for width, height in ((80, 24), (160, 48)):
        text = render(data, width, height)
        assert fits(text, width, height), text
        assert "DEAL" in text and "ICM deal · 3 players" in text
        assert all(f"{r['label']}" in text and r["value"] in text for r in deal["rows"])


def test_at_160x48_the_blinds_grow_with_the_time(cli, tmp_path):
    db = pko_bubble(cli, tmp_path)
    data = display(db)
    big = render(data, BIG_FROM_W, BIG_FROM_H)
    assert fits(big, BIG_FROM_W, BIG_FROM_H), big
    rows = big_text(blinds_digits(data, words("en")), 1)
    assert all(row.rstrip() in big for row in rows)  # 50/100 in block letters
    assert "Blinds 50 / 100" in big  # and in words under them
    smaller = render(data, BIG_FROM_W - 1, BIG_FROM_H)
    assert not all(row.rstrip() in smaller for row in rows)


@pytest.mark.parametrize("lang, text", [("en", "3,000/6,000"), ("de", "3.000/6.000")])
def test_the_blinds_in_big_digits_read_in_the_languages_numbers(lang, text):
    assert blinds_digits({"small_blind": 3000, "big_blind": 6000}, words(lang)) == text
    assert len(big_text(text)) == 5


def test_a_small_terminal_keeps_the_time_the_blinds_and_the_money_headline(cli, tmp_path):
    db = pko_bubble(cli, tmp_path)
    text = render(display(db), 80, 16)
    assert fits(text, 80, 16), text
    assert "LEVEL 1" in text and "Blinds 50 / 100" in text and "BUBBLE" in text


@pytest.mark.slow
@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_rp8_clock_run_in_tmux_shows_the_bubble_and_steps_hand_for_hand_with_h(tmp_path, cli, size):
    db = pko_bubble(cli, tmp_path)
    assert cli("--db", db, "clock", "pause").exit_code == 0
    assert cli("--db", db, "clock", "set", "10:00").exit_code == 0
    socket = f"tdtool-clock-h4h-{os.getpid()}-{size[0]}"
    command = shlex.join(["env", f"PYTHONPATH={ROOT}", sys.executable, "-m", "tdtool",
                          "--db", str(db), "clock", "run"])  # fmt: skip
    width, height = map(str, size)
    tmux("new-session", "-d", "-s", "clock", "-x", width, "-y", height, command, socket=socket)
    try:
        has = ("HAND FOR HAND", "BUBBLE", "Next out wins nothing", "BIGGEST BOUNTIES (PKO)")
        pane = wait_for(socket, has)
        assert shows(pane, has), pane
        tmux("send-keys", "-t", "clock", "h", socket=socket)
        pane = wait_for(socket, ("HAND FOR HAND · HAND 1",))
        assert shows(pane, ("HAND FOR HAND · HAND 1",)), pane
        assert remaining(cli, db) == 8 * 60  # the hand took its two minutes (RP-8 C)
        tmux("send-keys", "-t", "clock", "q", socket=socket)
    finally:
        tmux("kill-server", socket=socket)
