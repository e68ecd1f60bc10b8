"""A finished tournament (issue 13): the clock stops, and status, `clock run` and the TV page
show the winner and the results instead of a running level."""

from __future__ import annotations

import json

from tests.tournament_fixtures import make


def finish(cli, db):
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo", "Dan")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    cli("--db", db, "player", "bust", "Dan")
    cli("--db", db, "player", "bust", "Cleo")
    last = cli("--db", db, "player", "bust", "Ben")
    assert "Anna wins the tournament!" in last.stdout
    return last


def test_the_last_bust_stops_the_clock_and_status_shows_the_winner(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100, places_paid=2)
    finish(cli, db)
    clock = json.loads(cli("--db", db, "clock", "status", "--json").stdout)
    assert clock["status"] == "paused"
    data = json.loads(cli("--db", db, "status", "--json").stdout)
    assert data["winner"] == "Anna"
    assert [(r["place"], r["name"]) for r in data["results"]] == [(1, "Anna"), (2, "Ben")]
    text = cli("--db", db, "status").stdout
    assert "Finished: Anna wins the tournament. The clock is stopped." in text
    assert "Level" not in text and "Players left" not in text


def test_clock_run_shows_the_winner_and_results(cli, tmp_path):
    from rich.console import Console

    from tdtool.app.clock import view_data
    from tdtool.cli.clock_screen import screen
    from tdtool.io.store_base import open_store

    db = make(tmp_path / "cup.tdtool", buy_in=100, places_paid=2)
    finish(cli, db)
    with open_store(db) as store:
        data = view_data(store.state(), 0).to_dict()
    console = Console(width=80, height=24, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(screen(data, 80, 24))
    text = console.export_text()
    assert "Anna wins the tournament!" in text and "2.  Ben" in text
    assert "LEVEL" not in text


def test_re_entries_are_labelled_in_the_results(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool", buy_in=100, places_paid=2, reentry=True)
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "bust", "Cleo")
    cli("--db", db, "player", "reenter", "Cleo")
    cli("--db", db, "player", "bust", "Cleo")
    cli("--db", db, "player", "bust", "Ben")
    data = json.loads(cli("--db", db, "status", "--json").stdout)
    assert data["winner"] == "Anna"
    report = cli("--db", db, "report").stdout
    assert "entry 1" in report and "entry 2" in report
