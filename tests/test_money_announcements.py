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
