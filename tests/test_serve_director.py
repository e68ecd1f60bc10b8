"""The director's staff page of `tdtool serve`: add with its link and QR code, list, revoke.

Each through tdtool.app.staff as `tdtool staff ...` does, the log naming the director; each
POST refused without a session, with another role and without the CSRF token, nothing
changed.
"""

from __future__ import annotations

import json

import pytest

from tdtool.web.server import Settings, build
from tests.test_serve_api import NAMES, TestClient, log_of, make, sign_in

POSTS = [
    ("/api/staff/add", {"name": "Zed", "role": "floor"}),
    ("/api/staff/revoke", {"name": "Maria"}),
]
IDS = [p for p, _ in POSTS]


@pytest.fixture
def db(tmp_path, cli):
    path = make(tmp_path / "cup.tdtool", buy_in=100)
    for args in (["player", "add", *NAMES], ["seat", "draw"], ["clock", "start"]):
        assert cli("--db", path, "--operator", "Tom", *args).exit_code == 0
    return path


@pytest.fixture
def client(db):
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as client:
        yield client


@pytest.mark.parametrize(("path", "body"), POSTS, ids=IDS)
def test_no_session_is_401_and_nothing_changes(client, db, path, body):
    before = log_of(db)
    answer = client.post(path, json=body, headers={"X-CSRF-Token": "x"})
    assert answer.status_code == 401 and list(answer.json()) == ["error"]
    assert log_of(db) == before


@pytest.mark.parametrize("role", ["floor", "desk", "dealer"])
@pytest.mark.parametrize(("path", "body"), POSTS, ids=IDS)
def test_only_the_director_adds_and_revokes_staff(client, db, role, path, body):
    csrf = sign_in(client, db, "Maria", role)
    before = log_of(db)
    answer = client.post(path, json=body, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 403
    assert answer.json()["error"].startswith(f"Maria is {role}: only the director")
    assert log_of(db) == before
    listed = client.get("/api/staff")
    assert listed.status_code == 403 and "only the director" in listed.json()["error"]


@pytest.mark.parametrize("token", [None, "0" * 64], ids=["missing", "wrong"])
@pytest.mark.parametrize(("path", "body"), POSTS, ids=IDS)
def test_a_missing_or_wrong_csrf_token_is_403_and_nothing_changes(client, db, token, path, body):
    sign_in(client, db, "Maria", "director")
    before = log_of(db)
    headers = {} if token is None else {"X-CSRF-Token": token}
    answer = client.post(path, json=body, headers=headers)
    assert answer.status_code == 403 and "X-CSRF-Token" in answer.json()["error"]
    assert log_of(db) == before


def test_the_list_needs_a_session(client):
    assert client.get("/api/staff").status_code == 401


def test_a_link_added_on_the_phone_signs_its_person_in_once(client, db, cli):
    csrf = sign_in(client, db, "Maria", "director")
    answer = client.post("/api/staff/add", json={"name": "Zed", "role": "floor"},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code == 200, answer.text
    issued = answer.json()
    assert issued["link"].startswith("http://testserver/signin/") and issued["minutes"] == 10
    assert issued["qr"].startswith("<svg") and issued["again"] is False
    assert 'xmlns="http://www.w3.org/2000/svg"' in issued["qr"]  # an <img> draws it
    log = json.loads(cli("--db", db, "log", "--json").stdout)
    assert (log[-1]["kind"], log[-1]["operator"], log[-1]["data"]["name"]) == (
        "staff.added", "Maria", "Zed"
    )  # fmt: skip
    assert issued["link"].split("/signin/")[1] not in (db.read_bytes().decode("latin-1"))
    listed = client.get("/api/staff").json()["staff"]
    assert [(p["name"], p["role"]) for p in listed] == [("Maria", "director"), ("Zed", "floor")]
    assert listed[1]["added_by"] == "Maria"
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as phone:
        path = "/signin/" + issued["link"].split("/signin/")[1]
        assert phone.post(path, follow_redirects=False).status_code == 303
        assert phone.get("/api/session").json()["name"] == "Zed"
        assert phone.post(path, follow_redirects=False).status_code in (400, 410)


def test_revoking_on_the_phone_signs_the_person_out_at_once(client, db, cli):
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as other:
        sign_in(other, db, "Zed", "floor")
        assert other.get("/api/session").status_code == 200
        csrf = sign_in(client, db, "Maria", "director")
        answer = client.post("/api/staff/revoke", json={"name": "zed"},
                             headers={"X-CSRF-Token": csrf})  # fmt: skip
        assert answer.json() == {"name": "Zed", "sessions_ended": 1}
        assert other.get("/api/session").status_code == 401
    log = json.loads(cli("--db", db, "log", "--json").stdout)
    assert (log[-1]["kind"], log[-1]["operator"]) == ("staff.revoked", "Maria")


def test_refusals_are_the_clis_sentences(client, db, cli):
    csrf = sign_in(client, db, "Maria", "director")
    before = log_of(db)
    typed = cli("--db", db, "staff", "revoke", "Nobody")
    answer = client.post("/api/staff/revoke", json={"name": "Nobody"},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code in (400, 409)
    assert "Error: " + answer.json()["error"] == typed.stderr.strip()
    typed = cli("--db", db, "staff", "add", "Zed", "--role", "boss")
    answer = client.post("/api/staff/add", json={"name": "Zed", "role": "boss"},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert "Error: " + answer.json()["error"] == typed.stderr.strip()
    assert log_of(db) == before
