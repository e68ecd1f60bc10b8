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
    ("/api/deal", {"method": "chip-chop", "accept": True}),
    ("/api/terms", {"changes": {"guarantee": 5000}}),
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
def test_only_the_director_deals_adds_and_revokes_staff(client, db, role, path, body):
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


STACKS = [{"name": "Fay", "chips": 30000}, {"name": "Gus", "chips": 20000},
          {"name": "Hana", "chips": 50000}]  # fmt: skip


@pytest.fixture
def three_left(tmp_path, cli):
    path = make(tmp_path / "final.tdtool", buy_in=100)
    for args in (["player", "add", *NAMES[:8]], ["seat", "draw"], ["clock", "start"]):
        assert cli("--db", path, "--operator", "Tom", *args).exit_code == 0
    for name in NAMES[:5]:
        assert cli("--db", path, "player", "bust", name, "--yes").exit_code == 0
    return path


@pytest.mark.parametrize("method", ["icm", "chip-chop"])
def test_a_deal_is_worked_out_then_accepted_as_the_cli_records_it(
    three_left, cli, tmp_path, method
):
    import shutil

    typed = shutil.copy(three_left, tmp_path / "typed.tdtool")
    with TestClient(build(Settings(three_left, allowed_hosts=("testserver",)))) as client:
        csrf = sign_in(client, three_left, "Maria", "director")
        before = log_of(three_left)
        body = {"method": method, "stacks": STACKS}
        proposed = client.post("/api/deal", json=body, headers={"X-CSRF-Token": csrf})
        assert proposed.status_code == 200, proposed.text
        assert proposed.json()["accepted"] is False and log_of(three_left) == before
        assert sorted(r[0] for r in proposed.json()["rows"]) == ["Fay", "Gus", "Hana"]
        accepted = client.post("/api/deal", json=dict(body, accept=True),
                               headers={"X-CSRF-Token": csrf})  # fmt: skip
        assert accepted.json()["accepted"] is True
        assert accepted.json()["amounts"] == proposed.json()["amounts"]
    stacks = ",".join(f"{s['name']}={s['chips']}" for s in STACKS)
    cli("--db", typed, "staff", "add", "Maria", "--role", "director")
    seed = ["--seed", "0"] if method == "icm" else []
    done = cli("--db", typed, "--operator", "Maria", "deal", method, "--stacks", stacks, *seed,
               "--accept")  # fmt: skip
    assert done.exit_code == 0, done.output
    log = json.loads(cli("--db", three_left, "log", "--json").stdout)
    cli_log = json.loads(cli("--db", typed, "log", "--json").stdout)
    assert (log[-1]["operator"], log[-1]["kind"]) == ("Maria", cli_log[-1]["kind"])
    assert log[-1]["data"] == cli_log[-1]["data"]


def test_a_deal_refused_is_the_clis_sentence(three_left, cli):
    with TestClient(build(Settings(three_left, allowed_hosts=("testserver",)))) as client:
        csrf = sign_in(client, three_left, "Maria", "director")
        before = log_of(three_left)
        stacks = [{"name": "Anna", "chips": 5}, *STACKS]
        answer = client.post("/api/deal", json={"method": "icm", "stacks": stacks},
                             headers={"X-CSRF-Token": csrf})  # fmt: skip
        typed = cli("--db", three_left, "deal", "icm", "--stacks",
                    "Anna=5,Fay=30000,Gus=20000,Hana=50000")  # fmt: skip
        assert answer.status_code in (400, 409)
        assert "Error: " + answer.json()["error"] == typed.stderr.strip()
        bad = client.post("/api/deal", json={"method": "even"}, headers={"X-CSRF-Token": csrf})
        assert bad.status_code == 400 and bad.json()["error"].startswith('"method"')
        assert log_of(three_left) == before


def test_terms_are_changed_before_the_first_bust_as_typed(client, db, cli, tmp_path):
    import shutil

    csrf = sign_in(client, db, "Maria", "director")
    typed = shutil.copy(db, tmp_path / "typed.tdtool")
    now = client.get("/api/terms").json()
    assert now["buy_in"] == 100 and now["fixed"] is False
    answer = client.post("/api/terms", json={"changes": {"guarantee": 5000, "reentry": True}},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert answer.json()["guarantee"] == 5000 and answer.json()["reentry"] is True
    done = cli("--db", typed, "--operator", "Maria", "terms", "--guarantee", "5000", "--reentry")
    assert done.exit_code == 0, done.output
    log = json.loads(cli("--db", db, "log", "--json").stdout)
    cli_log = json.loads(cli("--db", typed, "log", "--json").stdout)
    assert (log[-1]["operator"], log[-1]["kind"]) == ("Maria", cli_log[-1]["kind"])
    assert log[-1]["data"] == cli_log[-1]["data"]


def test_terms_after_a_bust_are_refused_with_the_clis_sentence(client, db, cli):
    csrf = sign_in(client, db, "Maria", "director")
    assert cli("--db", db, "player", "bust", "Anna", "--yes").exit_code == 0
    before = log_of(db)
    assert client.get("/api/terms").json()["fixed"] is True
    typed = cli("--db", db, "terms", "--guarantee", "5000")
    answer = client.post("/api/terms", json={"changes": {"guarantee": 5000}},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code == 409
    assert "Error: " + answer.json()["error"] == typed.stderr.strip()
    for changes in ({"language": "de"}, {"guarantee": "lots"}, {"reentry": 1}, {}):
        bad = client.post("/api/terms", json={"changes": changes}, headers={"X-CSRF-Token": csrf})
        assert bad.status_code == 400 and bad.json()["error"].startswith('"changes"')
    assert log_of(db) == before


def test_the_terms_are_the_directors_to_read_here(client, db):
    assert client.get("/api/terms").status_code == 401
    sign_in(client, db, "Flo", "floor")
    assert client.get("/api/terms").status_code == 403


def test_the_deal_on_the_phone_is_in_the_tournaments_language(three_left, cli):
    """The table read aloud at the final table uses the words and numbers of the deal sheet
    the players sign (tdtool.app.deals.deal_table), in the tournament's language."""
    assert cli("--db", three_left, "terms", "--language", "de").exit_code == 0
    with TestClient(build(Settings(three_left, allowed_hosts=("testserver",)))) as client:
        csrf = sign_in(client, three_left, "Maria", "director")
        answer = client.post("/api/deal", json={"method": "chip-chop", "stacks": STACKS},
                             headers={"X-CSRF-Token": csrf}).json()  # fmt: skip
    assert answer["title"] == "Chip-Chop-Deal"
    assert answer["headers"][0] == "Spieler" and "Chips" in answer["headers"]
    assert answer["rows"][0][:2] == ["Hana", "50.000"]
    # A place and its prize are one unbreakable piece (no line ends inside "1. Platz 800").
    assert answer["prizes_line"].startswith("Noch zu gewinnende Preise: 1.\u00a0Platz\u00a0")
    assert answer["total"][0] == "Gesamt" and answer["total"][1] == "100.000"
    assert all("Each player" not in n for n in answer["notes"])
