"""The bubble, hand-for-hand, "in the money" and pay jumps, announced at any table count
(issue 13: at one table with 5 left and 4 paid nothing was said)."""

from __future__ import annotations

import json

from tests.tournament_fixtures import make


def field(cli, tmp_path, players, paid):
    db = make(tmp_path / "cup.tdtool", buy_in=100, places_paid=paid)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(1, players + 1)])
    cli("--db", db, "seat", "draw")
    return db


def test_the_bubble_and_the_money_at_one_table(cli, tmp_path):
    db = field(cli, tmp_path, 6, 4)
    bubble = cli("--db", db, "player", "bust", "P1")
    assert "The bubble: 5 players left and 4 are paid; the next player out wins nothing." in (
        bubble.stdout
    )
    assert "ranked by their chips at its start" in bubble.stdout
    assert "hand-for-hand" not in bubble.stdout
    money = cli("--db", db, "player", "bust", "P2")
    assert "In the money: the 4 players left are all paid." in money.stdout
    assert "Next out finishes 4th and wins" in money.stdout
    assert "more than 5th" not in money.stdout  # 5th paid nothing: no pay jump to speak of
    jump = cli("--db", db, "player", "bust", "P3", "--json")
    news = json.loads(jump.stdout)["money"]
    assert news["next_place"] == 3 and news["pay_jump"] > 0 and not news["in_the_money"]
    said = cli("--db", db, "player", "bust", "P4")
    assert "more than 3rd" in said.stdout


def test_the_bubble_at_two_tables_is_played_hand_for_hand(cli, tmp_path):
    db = field(cli, tmp_path, 12, 10)
    bubble = cli("--db", db, "player", "bust", "P1")
    assert "The bubble: 11 players left and 10 are paid" in bubble.stdout
    assert "hand-for-hand (RP-8) at every table" in bubble.stdout
    assert (
        json.loads(
            cli(
                "--db",
                db,
                "player",
                "bust",
                "P2",
                "P3",
                "--hand-for-hand",
                "--stacks",
                "5000,3000",
                "--json",
            ).stdout
        )["money"]["in_the_money"]
        is True
    )


def test_far_from_the_money_nothing_is_announced(cli, tmp_path):
    db = field(cli, tmp_path, 12, 3)
    result = cli("--db", db, "player", "bust", "P1")
    assert "bubble" not in result.stdout and "money" not in result.stdout
    assert json.loads(cli("--db", db, "player", "bust", "P2", "--json").stdout)["money"] is None


def test_the_final_bust_names_the_winner_not_the_players_left_in_the_money(cli, tmp_path):
    # One place paid: the bubble is heads-up and the last bust ends it. It used to say
    # "In the money: the 1 players left are all paid." and "2 players left and 1 are paid".
    db = field(cli, tmp_path, 3, 1)
    bubble = cli("--db", db, "player", "bust", "P1").stdout
    assert "The bubble: 2 players left and 1 is paid; the next player out wins nothing." in bubble
    assert "ranked by their chips at its start" not in bubble  # heads-up: one can bust
    final = cli("--db", db, "player", "bust", "P2").stdout
    assert "In the money" not in final
    assert "players left" not in final
    assert "P3 wins the tournament!" in final


def test_busting_several_players_to_the_winner_says_only_who_won(cli, tmp_path):
    db = field(cli, tmp_path, 5, 2)
    final = cli("--db", db, "player", "bust", "P1", "P2", "P3", "P4", "--stacks", "4,3,2,1")
    assert final.exit_code == 0, final.output
    assert "In the money" not in final.stdout
    assert "P5 wins the tournament!" in final.stdout


def test_after_an_accepted_deal_a_bust_speaks_of_what_is_still_played_for(cli, backend):
    """Issue 22: after `deal icm --hold-back 200 --accept` a bust announced "Next out finishes
    2nd and wins 605, 180 more than 3rd", though the deal had paid everyone. After a deal every
    announcement speaks of what is still played for: the amount held back, the bounties, the
    title; never the ladder, the money, hand-for-hand or late registration."""
    db = make(backend.target("deal"), buy_in=100, bounty=50, pko=True, places_paid=3)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(1, 6)])
    cli("--db", db, "seat", "draw")
    for name in ("P5", "P4"):
        assert cli("--db", db, "player", "bust", name, "--by", "P1").exit_code == 0
    deal = cli("--db", db, "deal", "icm", "--stacks", "P1=25000,P2=15000,P3=10000",
               "--hold-back", "200", "--accept")  # fmt: skip
    assert deal.exit_code == 0, deal.output
    out = cli("--db", db, "player", "bust", "P3", "--by", "P1")
    assert out.exit_code == 0, out.output
    assert (
        "The deal has paid the players in it; play goes on for the 200 held back, the bounties"
        " and the title." in out.stdout
    )
    for wrong in ("Next out", "more than", "In the money", "bubble", "hand-for-hand",
                  "Late registration"):  # fmt: skip
        assert wrong not in out.stdout, (wrong, out.stdout)
    assert cli("--db", db, "undo", "--yes").exit_code == 0
    again = cli("--db", db, "player", "bust", "P3", "--by", "P1", "--json")
    news = json.loads(again.stdout)["money"]
    assert news["deal"] is True and news["held_back"] == 200 and news["bounties"] is True
    assert (news["next_place"], news["next_prize"], news["pay_jump"]) == (None, None, None)
    assert news["in_the_money"] is False and news["bubble"] is False
    last = cli("--db", db, "player", "bust", "P2", "--by", "P1")
    assert "P1 wins the tournament and the 200 held back!" in last.stdout
    assert "Next out" not in last.stdout
