"""The floor's pages of `tdtool serve`: chip counts, balancing, seat moves.

Each is the application function the CLI's command calls, so the log reads as typed with
the signed-in person's name, and a refusal is the CLI's sentence; each POST is refused
without a session, with a role that may not, and without the CSRF token, nothing changed.
"""

from __future__ import annotations

import json
import shutil

import pytest

from tdtool.io.store_base import open_store
from tdtool.web.server import Settings, build
from tests.test_serve_api import NAMES, TestClient, log_of, make, sign_in

POSTS = [
    ("/api/players/chips", {"counts": [{"name": "Anna", "chips": 12000}]}),
    ("/api/seats/balance", {}),
    ("/api/seats/move", {"name": "Anna", "table": 2, "seat": 9}),
]
IDS = [p for p, _ in POSTS]


@pytest.fixture
def db(tmp_path, cli):
    """Ten players drawn at two tables of five, the clock running."""
    path = make(tmp_path / "cup.tdtool", buy_in=100, bounty=20)
    for args in (["player", "add", *NAMES], ["seat", "draw"], ["clock", "start"]):
        assert cli("--db", path, "--operator", "Tom", *args).exit_code == 0
    return path


@pytest.fixture
def client(db):
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as client:
        yield client


def last_change(cli, path) -> list[tuple[str, str, dict]]:
    lines = json.loads(cli("--db", path, "log", "--json").stdout)
    change = lines[-1]["change"]
    return [(e["operator"], e["kind"], e["data"]) for e in lines if e["change"] == change]


def seats(db) -> dict[int, dict[int, str]]:
    with open_store(db) as store:
        plan = store.state().plan
    return {t: dict(plan.players_at(t)) for t in plan.open_tables()}


def open_seat(db, table: int) -> int:
    taken = seats(db)[table]
    return next(s for s in range(1, 10) if s not in taken)


@pytest.mark.parametrize(("path", "body"), POSTS, ids=IDS)
def test_no_session_is_401_and_nothing_changes(client, db, path, body):
    before = log_of(db)
    answer = client.post(path, json=body, headers={"X-CSRF-Token": "x"})
    assert answer.status_code == 401 and list(answer.json()) == ["error"]
    assert log_of(db) == before


@pytest.mark.parametrize("role", ["desk", "dealer"])
@pytest.mark.parametrize(("path", "body"), POSTS, ids=IDS)
def test_only_the_floor_and_the_director_are_let_in(client, db, role, path, body):
    csrf = sign_in(client, db, "Maria", role)
    before = log_of(db)
    answer = client.post(path, json=body, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 403
    assert answer.json()["error"].startswith(f"Maria is {role}: only the floor and the director")
    assert log_of(db) == before


@pytest.mark.parametrize("token", [None, "0" * 64], ids=["missing", "wrong"])
@pytest.mark.parametrize(("path", "body"), POSTS, ids=IDS)
def test_a_missing_or_wrong_csrf_token_is_403_and_nothing_changes(client, db, token, path, body):
    sign_in(client, db, "Maria", "floor")
    before = log_of(db)
    headers = {} if token is None else {"X-CSRF-Token": token}
    answer = client.post(path, json=body, headers=headers)
    assert answer.status_code == 403 and "X-CSRF-Token" in answer.json()["error"]
    assert log_of(db) == before


def test_chip_counts_read_in_the_log_as_typed(client, db, cli, tmp_path):
    csrf = sign_in(client, db, "Maria", "floor")
    typed = shutil.copy(db, tmp_path / "typed.tdtool")
    counts = [{"name": "anna", "chips": 12500}, {"name": "Ben", "chips": 7400}]
    answer = client.post("/api/players/chips", json={"counts": counts},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert answer.json()["recorded"] == [
        {"name": "Anna", "chips": 12500},
        {"name": "Ben", "chips": 7400},
    ]
    cli("--db", typed, "--operator", "Maria", "player", "chips", "anna", "12500", "Ben", "7400")
    assert last_change(cli, db) == last_change(cli, typed)
    assert last_change(cli, db)[0][:2] == ("Maria", "player.chips")


@pytest.mark.parametrize(
    "counts",
    [[], [{"name": "Anna", "chips": -5}], [{"name": "Anna", "chips": True}], [{"chips": 5}], "x"],
    ids=["none", "negative", "boolean", "no-name", "not-a-list"],
)
def test_chip_counts_that_are_no_counts_are_refused(client, db, counts):
    csrf = sign_in(client, db, "Maria", "floor")
    before = log_of(db)
    answer = client.post("/api/players/chips", json={"counts": counts},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code == 400 and answer.json()["error"].startswith('"counts": give')
    assert log_of(db) == before


def test_a_count_for_a_stranger_is_the_clis_sentence(client, db, cli):
    csrf = sign_in(client, db, "Maria", "floor")
    before = log_of(db)
    typed = cli("--db", db, "player", "chips", "Nobody", "500")
    answer = client.post("/api/players/chips", json={"counts": [{"name": "Nobody", "chips": 500}]},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code in (400, 409)
    assert "Error: " + answer.json()["error"] == typed.stderr.strip()
    assert log_of(db) == before


def test_a_seat_move_reads_as_typed_and_comes_with_its_slip(client, db, cli, tmp_path):
    csrf = sign_in(client, db, "Maria", "floor")
    name = seats(db)[1][min(seats(db)[1])]
    seat = open_seat(db, 2)
    typed = shutil.copy(db, tmp_path / "typed.tdtool")
    answer = client.post(
        "/api/seats/move",
        json={"name": name, "table": 2, "seat": seat, "lock": True},
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status_code == 200, answer.text
    assert seats(db)[2][seat] == name
    assert any(name in slip for slip in answer.json()["slips"])
    cli("--db", typed, "--operator", "Maria", "seat", "move", name, "2", str(seat), "--lock")
    assert last_change(cli, db) == last_change(cli, typed)
    assert last_change(cli, db)[0][0] == "Maria"


def test_a_move_to_a_taken_seat_is_the_clis_sentence(client, db, cli):
    csrf = sign_in(client, db, "Maria", "floor")
    name = seats(db)[1][min(seats(db)[1])]
    taken = min(seats(db)[2])
    before = log_of(db)
    typed = cli("--db", db, "seat", "move", name, "2", str(taken))
    answer = client.post("/api/seats/move", json={"name": name, "table": 2, "seat": taken},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code in (400, 409)
    assert "Error: " + answer.json()["error"] == typed.stderr.strip()
    assert log_of(db) == before
    bad = client.post("/api/seats/move", json={"name": name, "table": "two", "seat": 1},
                      headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert bad.status_code == 400 and bad.json()["error"].startswith('"table", "seat"')


def test_balance_moves_a_player_to_the_short_table_and_reads_the_slip(client, db, cli):
    csrf = sign_in(client, db, "Maria", "director")
    headers = {"X-CSRF-Token": csrf}
    even = client.post("/api/seats/balance", json={}, headers=headers)
    assert even.status_code == 200
    assert even.json()["moves"] == [] and even.json()["slips"] == [
        "No moves needed: the tables are even."
    ]
    name = seats(db)[1][min(seats(db)[1])]
    client.post("/api/seats/move", json={"name": name, "table": 2, "seat": open_seat(db, 2)},
                headers=headers)  # fmt: skip
    assert sorted(len(t) for t in seats(db).values()) == [4, 6]
    answer = client.post("/api/seats/balance", json={}, headers=headers)
    assert answer.status_code == 200, answer.text
    assert sorted(len(t) for t in seats(db).values()) == [5, 5]
    moved = answer.json()["moves"]
    assert len(moved) == 1 and any(moved[0]["player"] in s for s in answer.json()["slips"])
    assert last_change(cli, db)[0][0] == "Maria"
