"""Issue 22 item 11: one paper and one look for every money sheet.

Payouts, results, bounties, deal and league sheets take `--paper a4|letter` as the table
sheets do (without it a sheet fits either); a deal lists the players by chips; the deal of
a bounty event names the bounties it leaves, which it does not share; and a short list stays
on one page.
"""

from __future__ import annotations

import json
import re

import pytest

from tdtool.tournament.bounty import money
from tests.browser import CHROMIUM, headless
from tests.conftest import EXAMPLES

PLAYERS = ["Anna", "Ben", "Carla", "Dev", "Eve", "Farid", "Gia", "Hugo", "Ivan", "Jo"]


@pytest.fixture
def pko(tmp_path, cli):
    """A PKO down to three: Ben knocked out six players (his bounty grew), chips counted."""
    db = tmp_path / "pko.tdtool"
    run = lambda *a: cli("--db", db, *a)  # noqa: E731
    assert run("new", "PKO Night", "-s", "turbo", "--buy-in", "50", "--bounty", "50",
               "--fee", "10", "--pko", "--places-paid", "2").exit_code == 0  # fmt: skip
    assert run("player", "add", *PLAYERS).exit_code == 0
    assert run("seat", "draw").exit_code == 0
    for name in PLAYERS[3:]:
        done = run("player", "bust", name, "--by", "Ben", "--anywhere")
        assert done.exit_code == 0, done.output
    assert run("player", "chips", "Anna=30000", "Ben=50000", "Carla=20000").exit_code == 0
    return db, run


def test_every_money_sheet_takes_paper_a4_or_letter(tmp_path, pko):
    db, run = pko
    sheets = {
        "payouts": ("payouts",),
        "report": ("report",),
        "bounties": ("player", "bounties"),
        "deal": ("deal", "icm"),
        "chop": ("deal", "chip-chop"),
    }
    for name, command in sheets.items():
        for paper, size in (("letter", "letter"), ("A4", "A4")):
            out = tmp_path / f"{name}-{paper}.html"
            done = run(*command, "--print", out, "--paper", paper)
            assert done.exit_code == 0, (name, done.output)
            assert f"size: {size} portrait" in out.read_text(), name
        out = tmp_path / f"{name}-any.html"
        assert run(*command, "--print", out).exit_code == 0
        assert "@page { margin" in out.read_text(), name  # no size: it fits either paper


def test_a_paper_not_known_is_refused_before_anything_is_written(tmp_path, pko):
    db, run = pko
    before = db.read_bytes()
    out = tmp_path / "deal.html"
    done = run("deal", "icm", "--print", out, "--paper", "legal", "--accept")
    assert done.exit_code == 2
    assert "--paper 'legal' is not known; use a4 or letter." in done.output
    assert not out.exists() and db.read_bytes() == before
    assert "Traceback" not in done.output


def test_a_deal_table_lists_players_by_chips(tmp_path, pko):
    db, run = pko
    done = run("deal", "icm", "--print", tmp_path / "deal.md")
    assert done.exit_code == 0, done.output
    screen = [line.split()[0] for line in done.stdout.splitlines() if line[:5].strip() in PLAYERS]
    assert screen == ["Ben", "Anna", "Carla"]
    sheet = [row.split("|")[1].strip() for row in (tmp_path / "deal.md").read_text().splitlines()
             if row.startswith("| ") and "Player" not in row and "---" not in row]  # fmt: skip
    assert sheet == ["Ben", "Anna", "Carla", "Total"]


def test_the_deal_of_a_bounty_event_names_the_bounties_it_leaves(tmp_path, pko):
    db, run = pko
    ended = run("deal", "icm", "--print", tmp_path / "deal.md", "--json")
    data = json.loads(ended.stdout)
    heads = {b["name"]: b["bounty_cents"] for b in data["bounties"]}
    # Ben took six knockouts: half of each bounty (25, then growing) went on his head.
    assert heads["Anna"] == heads["Carla"] == 5000 and heads["Ben"] > 5000
    sheet = (tmp_path / "deal.md").read_text()
    assert "| Player | Chips | Share | Equity | Paid now | Bounty |" in sheet
    assert f"| Ben | 50,000 | 50.0% | 218.66 | 219 | {money(heads['Ben'])} |" in sheet
    assert f"| Total | 100,000 | 100% | 500.00 | 500 | {money(sum(heads.values()))} |" in sheet
    assert "not part of this deal: it ends play, so each player also collects" in sheet
    held = run("deal", "icm", "--hold-back", "20")
    assert held.exit_code == 0, held.output
    assert any(line.startswith("Player") and "Bounty" in line for line in held.stdout.splitlines())
    assert "stay in play" in held.stdout and "the winner collects their own bounty" in held.stdout


def test_a_deal_without_bounties_says_nothing_of_them(tmp_path, cli):
    db = tmp_path / "cup.tdtool"
    assert cli("--db", db, "new", "Cup", "-s", "turbo", "--buy-in", "50").exit_code == 0
    assert cli("--db", db, "player", "add", "Anna", "Ben", "Carla").exit_code == 0
    done = cli("--db", db, "deal", "icm", "--stacks", "Anna=5000,Ben=3000,Carla=2000")
    assert done.exit_code == 0, done.output
    assert "ounties" not in done.stdout
    data = json.loads(
        cli("--db", db, "deal", "icm", "--stacks", "Anna=5000,Ben=3000,Carla=2000", "--json")
        .stdout
    )  # fmt: skip
    assert "bounties" not in data


FIRST = ["Maximilian", "Krzysztof", "Anna", "Guðrún", "Jean-Baptiste", "Zoë", "Li", "Mohammed"]
LAST = ["Van der Westhuizen", "Nowak-Kowalski", "García", "O'Neil", "Karamazov", "Nguyễn", "Berg"]
NAMES = [f"{FIRST[i % 8]} {LAST[(i * 3) % 7]} {i}" if i >= 56 else f"{FIRST[i % 8]} {LAST[i % 7]}"
         for i in range(60)]  # fmt: skip


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_ten_paid_places_a_bounty_deal_and_the_house_rules_each_print_on_one_page(
    tmp_path, cli, paper
):
    db = tmp_path / "big.tdtool"
    run = lambda *a: cli("--db", db, *a)  # noqa: E731
    assert run("new", "Big PKO", "-s", "turbo", "--buy-in", "100", "--bounty", "50",
               "--fee", "10", "--pko", "--places-paid", "10").exit_code == 0  # fmt: skip
    assert run("player", "add", *NAMES).exit_code == 0
    assert run("seat", "draw").exit_code == 0
    sheets = [tmp_path / "payouts.html", tmp_path / "deal.html"]
    assert run("payouts", "--print", sheets[0], "--paper", paper).exit_code == 0
    for i in range(10, 60):
        out = run("player", "bust", NAMES[i], "--anywhere", "--by", NAMES[0])
        assert out.exit_code == 0, out.output
    chips = [100, 90, 80, 70, 60, 60, 50, 40, 30, 20]  # thousands: the 600,000 in play
    stacks = ",".join(f"{name}={1000 * c}" for name, c in zip(NAMES, chips, strict=False))
    done = run("deal", "icm", "--stacks", stacks, "--print", sheets[1], "--paper", paper)
    assert done.exit_code == 0, done.output
    # The house-rules sheet in German, its ten choices in words (its longest language here),
    # on the same paper: the "Printed" line had run onto a page of its own.
    sheets.append(tmp_path / "house.html")
    house = EXAMPLES / "house" / "friday-deepstack.yaml"
    done = cli("rules", "print", house, "--language", "de", "--paper", paper, "-o", sheets[-1])
    assert done.exit_code == 0, done.output
    for sheet in sheets:
        pdf = tmp_path / f"{sheet.stem}-{paper}.pdf"
        headless(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", sheet.as_uri())
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf.read_bytes()))
        assert pages == 1, (sheet.name, paper, pages)
