"""Messages read aloud as a director would say them (issue 13)."""

from __future__ import annotations

from tests.tournament_fixtures import make


def test_registration_closed_during_the_break_says_the_break_is_on(cli, tmp_path):
    # Late registration through level 2; then a break, then level 3.
    db = make(tmp_path / "cup.tdtool", buy_in=100)
    for step in ("start", "next", "next"):
        cli("--db", db, "clock", step)
    result = cli("--db", db, "player", "add", "Walk-in")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "Error: Registration is closed: late registration ended after level 2,"
        " and the break before level 3 is on."
    )
    cli("--db", db, "clock", "next")
    later = cli("--db", db, "player", "add", "Walk-in")
    assert "late registration ended after level 2, and level 3 is being played." in later.stderr


def test_a_deal_for_one_player_is_singular(cli):
    result = cli("deal", "icm", "--stacks", "5000", "--prizes", "100")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("ICM deal for 1 player.")


def test_terms_after_the_first_bust_say_why_in_plain_words(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100)
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "bust", "Anna")
    result = cli("--db", db, "terms", "--buy-in", "200")
    assert result.exit_code == 1
    assert "the players out so far finished under them" in result.stderr
    assert "(or not)" not in result.stderr
