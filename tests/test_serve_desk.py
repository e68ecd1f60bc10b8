"""The desk's actions from phones: re-enter, rebuy, add-on (`POST /api/players/reenter`,
`/rebuy`, `/addon`). The same application functions as the CLI, the same refusals, logged
with the signed-in person's name; desk and up only; nothing changes on a refusal."""

from __future__ import annotations

import json
import shutil
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tdtool.web.server import Settings, build
from tests.test_serve_api import log_of, sign_in
from tests.tournament_fixtures import make

NAMES = ["Anna", "Ben", "Carl", "Dana", "Eve", "Fay"]
ACTIONS = ["reenter", "rebuy", "addon"]


@pytest.fixture
def db(tmp_path, cli):
    path = make(tmp_path / "cup.tdtool", buy_in=100, reentry=True, rebuy_price=100, addon_price=50)
    for args in (["player", "add", *NAMES], ["seat", "draw"], ["clock", "start"]):
        assert cli("--db", path, "--operator", "Tom", *args).exit_code == 0
    assert cli("--db", path, "--operator", "Tom", "player", "bust", "Anna", "--yes").exit_code == 0
    return path


@pytest.fixture
def client(db):
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as client:
        yield client


def to_the_add_on_break(cli, db):
    """The add-on is sold at the break after the rebuy period (level 2)."""
    for _ in range(2):
        assert cli("--db", db, "clock", "next").exit_code == 0


def last_change(cli, path):
    lines = json.loads(cli("--db", path, "log", "--json").stdout)
    change = lines[-1]["change"]
    return [(e["operator"], e["kind"], e["data"]) for e in lines if e["change"] == change]


@pytest.mark.parametrize(
    ("action", "name", "cli_args"),
    [
        pytest.param("reenter", "Anna", ["player", "reenter", "Anna", "--yes"], id="reenter"),
        pytest.param("rebuy", "Ben", ["player", "rebuy", "Ben"], id="rebuy"),
        pytest.param("addon", "Ben", ["player", "addon", "Ben"], id="addon"),
    ],
)
def test_the_desks_action_reads_in_the_log_as_typed_by_the_signed_in_person(
    client, db, cli, tmp_path, action, name, cli_args
):
    if action == "addon":
        to_the_add_on_break(cli, db)
    csrf = sign_in(client, db, "Deb", "desk")
    typed = shutil.copy(db, tmp_path / "typed.tdtool")
    answer = client.post(f"/api/players/{action}", json={"name": name.lower()},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code == 200, answer.text
    cli_json = cli("--db", typed, "--operator", "Deb", *cli_args, "--json")
    assert cli_json.exit_code == 0, cli_json.output
    expected = json.loads(cli_json.stdout)
    got = answer.json()
    got.pop("slips", None)
    assert got == expected
    assert last_change(cli, db) == last_change(cli, typed)
    assert last_change(cli, db)[0][0] == "Deb"


def test_a_rebuy_after_a_bust_in_the_rebuy_period_seats_the_player_again(client, db):
    csrf = sign_in(client, db, "Deb", "floor")
    answer = client.post("/api/players/rebuy", json={"name": "Anna"},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert answer.json()["back_in"]["name"] == "Anna" and answer.json()["back_in"]["table"]


@pytest.mark.parametrize(
    ("action", "name", "cli_args", "status"),
    [
        pytest.param("reenter", "Ben", ["player", "reenter", "Ben"], 409, id="reenter-still-in"),
        pytest.param("addon", "Anna", ["player", "addon", "Anna"], 409, id="addon-when-out"),
        pytest.param("rebuy", "Nobody", ["player", "rebuy", "Nobody"], 400, id="rebuy-unknown"),
    ],
)
def test_a_refusal_is_the_clis_sentence_and_nothing_changes(
    client, db, cli, action, name, cli_args, status
):
    if action == "addon":
        to_the_add_on_break(cli, db)
    csrf = sign_in(client, db, "Deb", "director")
    before = log_of(db)
    answer = client.post(f"/api/players/{action}", json={"name": name},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code == status
    assert log_of(db) == before
    typed = cli("--db", db, *cli_args)
    assert typed.exit_code == {409: 1, 400: 2}[status]
    assert "Error: " + answer.json()["error"] == typed.stderr.strip()


def test_an_add_on_taken_twice_is_refused_the_second_time(client, db, cli):
    to_the_add_on_break(cli, db)
    csrf = sign_in(client, db, "Deb", "desk")
    headers = {"X-CSRF-Token": csrf}
    assert client.post("/api/players/addon", json={"name": "Ben"}, headers=headers).is_success
    before = log_of(db)
    again = client.post("/api/players/addon", json={"name": "Ben"}, headers=headers)
    assert again.status_code == 409 and "already taken the add-on" in again.json()["error"]
    assert log_of(db) == before


@pytest.mark.parametrize("action", ACTIONS)
def test_no_session_is_401_and_nothing_changes(client, db, action):
    before = log_of(db)
    answer = client.post(f"/api/players/{action}", json={"name": "Ben"},
                         headers={"X-CSRF-Token": "x"})  # fmt: skip
    assert answer.status_code == 401 and list(answer.json()) == ["error"]
    assert log_of(db) == before


@pytest.mark.parametrize("action", ACTIONS)
def test_a_dealer_may_not_and_nothing_changes(client, db, action):
    csrf = sign_in(client, db, "Dee", "dealer")
    before = log_of(db)
    answer = client.post(f"/api/players/{action}", json={"name": "Ben"},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert answer.status_code == 403
    assert answer.json()["error"].startswith("Dee is dealer: only the desk, the floor and")
    assert log_of(db) == before


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("token", [None, "0" * 64], ids=["missing", "wrong"])
def test_a_missing_or_wrong_csrf_token_is_403_and_nothing_changes(client, db, action, token):
    sign_in(client, db, "Deb", "desk")
    before = log_of(db)
    headers = {} if token is None else {"X-CSRF-Token": token}
    answer = client.post(f"/api/players/{action}", json={"name": "Ben"}, headers=headers)
    assert answer.status_code == 403 and "X-CSRF-Token" in answer.json()["error"]
    assert log_of(db) == before


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"name": ["Ben"]}, {"name": 3}])
def test_a_body_without_a_name_is_400_and_nothing_changes(client, db, body):
    csrf = sign_in(client, db, "Deb", "desk")
    before = log_of(db)
    answer = client.post("/api/players/rebuy", json=body, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 400 and '"name"' in answer.json()["error"]
    assert log_of(db) == before


def test_the_staff_page_shows_the_desks_card_to_the_desk_and_not_to_a_dealer(client, db):
    sign_in(client, db, "Deb", "desk")
    assert 'id="buy"' in client.get("/staff").text
    client.cookies.clear()
    sign_in(client, db, "Dee", "dealer")
    assert 'id="buy"' not in client.get("/staff").text


@pytest.mark.slow
@pytest.mark.browser
def test_the_desk_rebuys_and_re_enters_from_a_phone(tmp_path):
    from tests.browser import CHROMIUM

    if CHROMIUM is None:
        pytest.skip("no Chromium")
    from tests.cdp import Browser
    from tests.test_serve_browser import PHONE, keep, serving, tdtool

    db = make(tmp_path / "cup.tdtool", buy_in=100, reentry=True, rebuy_price=100)
    tdtool(db, "player", "add", *NAMES)
    tdtool(db, "seat", "draw")
    tdtool(db, "clock", "start")
    tdtool(db, "player", "bust", "Anna", "--yes")
    browser = Browser(tmp_path, "desk")
    try:
        with serving(db) as url:
            link = tdtool(db, "staff", "add", "Deb", "--role", "desk", "--url", url)
            phone = browser.page(*PHONE)
            phone.goto(link.strip().splitlines()[-1])
            phone.js("document.getElementById('signin').click()")
            phone.wait("location.pathname === '/staff' && document.readyState === 'complete'")
            phone.wait("document.getElementById('names').options.length === 5")
            phone.js(
                "document.getElementById('buy-name').value = 'Ben';"
                "document.getElementById('buy').requestSubmit("
                "document.querySelector('[data-buy=rebuy]'))"
            )
            phone.wait("document.getElementById('buy-result').children.length > 0")
            said = phone.js("document.getElementById('buy-result').textContent")
            assert said == "Ben rebought: give 10,000 chips (rebuy 1)."
            phone.js(
                "document.getElementById('buy-name').value = 'Anna';"
                "document.getElementById('buy').requestSubmit("
                "document.querySelector('[data-buy=reenter]'))"
            )
            phone.wait("document.getElementById('buy-result').textContent.startsWith('Anna')")
            said = phone.js("document.getElementById('buy-result').textContent")
            assert said.startswith("Anna re-entered (entry 2).New seats:  Anna → Table 1, seat ")
            keep(phone.screenshot(tmp_path / "staff-desk-390x844.png"))
    finally:
        browser.close()
    log = tdtool(db, "log", "--last", "3").splitlines()[-3:]
    assert all("  Deb  " in line for line in log), log
    assert "Ben rebought" in log[0] and "Anna re-entered" in log[1], log
