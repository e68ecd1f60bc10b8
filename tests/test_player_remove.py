"""`tdtool player remove NAME` (issue 22): a registration entered by mistake is taken out
before it played, with its refund noted; it is not a bust (no place) and undo brings it back."""

from __future__ import annotations

import json

from tests.tournament_fixtures import make


def _j(cli, db, *args):
    result = cli("--db", db, *args, "--json")
    assert result.exit_code == 0, (args, result.output)
    return json.loads(result.stdout)


def test_a_registration_entered_by_mistake_is_removed_with_its_refund_not_busted(cli, backend):
    db = make(backend.target("rm"), buy_in=100, fee=10, bounty=20, seats=6)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(1, 11)], "Zed")
    # Before the draw: gone from the entries and the prize pool, refund noted, no place.
    out = cli("--db", db, "player", "remove", "zed")
    assert out.exit_code == 0, out.output
    assert "Removed Zed's registration (entered by mistake; not a bust). Refund 130." in out.stdout
    assert "Zed" not in [p["name"] for p in _j(cli, db, "player", "list")]
    status = _j(cli, db, "status")
    assert (status["entries"], status["players_left"], status["prize_pool"]) == (10, 10, 1000)
    assert (
        "Removed Zed's registration (entered by mistake; refund 130)"
        in cli("--db", db, "log").stdout
    )
    assert cli("--db", db, "player", "add", "Zed").exit_code == 0  # the name is free again
    assert cli("--db", db, "undo", "--yes").exit_code == 0
    # After the draw: the seat is freed and the tables balanced (5 and 5, not 6 and 4).
    assert cli("--db", db, "seat", "draw").exit_code == 0
    cli("--db", db, "player", "add", "Zed", "--yes")
    out = _j(cli, db, "player", "remove", "Zed", "--yes")
    assert (out["removed"], out["refund"], out["entries"], out["players_left"]) == (
        "Zed", 130, 10, 10)  # fmt: skip
    counts = sorted(len(t["seats"]) for t in _j(cli, db, "seat", "show")["tables"])
    assert counts == [5, 5]
    assert all(r["place"] is None for r in _j(cli, db, "player", "list"))
    bounties = _j(cli, db, "player", "bounties")
    assert bounties["bought_cents"] == 10 * 2000 and bounties["knockouts"] == []
    # Undo brings the entry back where it sat.
    assert cli("--db", db, "undo", "--yes").exit_code == 0
    assert "Zed" in [p["name"] for p in _j(cli, db, "player", "list")]
    assert _j(cli, db, "status")["entries"] == 11


def test_removing_a_registration_that_played_is_refused_and_changes_nothing(cli, backend):
    db = make(backend.target("rm2"), buy_in=100, reentry=True)
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo", "Dev", "Eli")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "chips", "Dev", "12000")
    cli("--db", db, "player", "bust", "Anna", "--by", "Ben", "--yes")
    cli("--db", db, "clock", "start")
    log = _j(cli, db, "log")
    for name, words in (
        ("Anna", "Anna is out of the tournament: the entry has played"),
        ("Ben", "Ben has knocked a player out"),
        ("Dev", "Dev has a chip count"),
        ("Cleo", "the clock has started: Cleo may have been dealt in"),
    ):
        out = cli("--db", db, "player", "remove", name, "--yes")
        assert out.exit_code == 1 and words in out.stderr, (name, out.output)
        assert "Traceback" not in out.output
    assert _j(cli, db, "log") == log
    assert "--not-played" in cli("--db", db, "player", "remove", "Cleo").stderr
    assert cli("--db", db, "player", "remove", "Nobody").exit_code == 2
    out = cli("--db", db, "player", "remove", "Cleo", "--not-played", "--yes")
    assert out.exit_code == 0, out.output
    assert [p["name"] for p in _j(cli, db, "player", "list")] == ["Anna", "Ben", "Dev", "Eli"]
