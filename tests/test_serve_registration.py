"""The desk registers on a phone as `tdtool player add` does at a terminal: the typed names
matched against the player registry (accents and case aside, `#104`), a near match answered
by choosing "Did you mean José García (#1)?", two possible players never guessed between;
nothing registered until every question is answered."""

from __future__ import annotations

import json

import pytest

from tdtool.web.server import Settings, build
from tests.test_serve_api import TestClient, log_of, sign_in
from tests.tournament_fixtures import make


@pytest.fixture
def folder(tmp_path, monkeypatch, cli):
    """A tournament with the player registry beside it (players.tdreg)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TDTOOL_REGISTRY", raising=False)
    monkeypatch.delenv("TDTOOL_DB", raising=False)
    for name in ("Anna Pop", "José García", "Ana Garcia"):
        assert cli("players", "add", name).exit_code == 0
    return tmp_path


@pytest.fixture
def db(folder):
    return make(folder / "cup.tdtool", buy_in=100)


@pytest.fixture
def desk(db):
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as client:
        client.headers["X-CSRF-Token"] = sign_in(client, db, "Dora", "desk")
        yield client


def registered(cli, db) -> list[str]:
    return sorted(p["name"] for p in json.loads(cli("--db", db, "player", "list", "--json").stdout))


def test_a_name_typed_without_accents_or_an_id_is_the_registry_player(desk, db, cli):
    answer = desk.post("/api/players/add", json={"names": ["jose garcia", "#1", "Ben"]})
    assert answer.status_code == 200, answer.text
    assert [p["name"] for p in answer.json()["added"]] == ["José García", "Anna Pop", "Ben"]
    assert [(r["typed"], r["player_id"], r["how"]) for r in answer.json()["registry"]] == [
        ("jose garcia", 2, "same"), ("#1", 1, "id"), ("Ben", None, "new"),
    ]  # fmt: skip
    log = cli("--db", db, "log").stdout
    assert "Registered Anna Pop (#1)" in log and "Dora" in log


def test_a_near_match_asks_did_you_mean_and_registers_nothing_until_chosen(desk, db, cli):
    before = log_of(db)
    answer = desk.post("/api/players/add", json={"names": ["jose", "Ben"]})
    assert answer.status_code == 200 and answer.json()["added"] == []
    (asked,) = answer.json()["ask"]
    assert asked["question"] == "Did you mean José García (#2)?"
    assert asked["candidates"] == [{"id": 2, "name": "José García", "label": "José García (#2)"}]
    assert log_of(db) == before
    yes = desk.post("/api/players/add", json={"names": ["jose", "Ben"], "chosen": {"jose": 2}})
    assert [p["name"] for p in yes.json()["added"]] == ["José García", "Ben"]
    assert yes.json()["registry"][0]["how"] == "confirmed"
    no = desk.post("/api/players/add", json={"names": ["garc"], "chosen": {"garc": None}})
    assert no.status_code == 200, no.text
    assert registered(cli, db) == ["Ben", "José García", "garc"]


def test_two_possible_players_are_never_guessed_between(desk, db, cli):
    before = log_of(db)
    answer = desk.post("/api/players/add", json={"names": ["garcia"]})
    (asked,) = answer.json()["ask"]
    assert asked["question"] == "'garcia' could be José García (#2) or Ana Garcia (#3)."
    assert [c["id"] for c in asked["candidates"]] == [2, 3]
    wrong = desk.post("/api/players/add", json={"names": ["garcia"], "chosen": {"garcia": 1}})
    assert wrong.status_code == 400 and "nothing was changed" in wrong.json()["error"]
    assert log_of(db) == before
    chosen = desk.post("/api/players/add", json={"names": ["garcia"], "chosen": {"garcia": 3}})
    assert [p["name"] for p in chosen.json()["added"]] == ["Ana Garcia"]


def test_new_skips_the_registry_as_the_clis_new(desk, db, cli):
    answer = desk.post("/api/players/add", json={"names": ["jose"], "new": True})
    assert [p["name"] for p in answer.json()["added"]] == ["jose"]
    assert "registry" not in answer.json()


def test_an_unknown_id_is_the_clis_refusal(desk, db, cli):
    typed = cli("--db", db, "player", "add", "#99")
    answer = desk.post("/api/players/add", json={"names": ["#99"]})
    assert answer.status_code == 400
    assert "Error: " + answer.json()["error"] == typed.stderr.strip()
