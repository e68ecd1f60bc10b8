"""`tdtool staff ...` and the sign-in behind `tdtool serve`: links once, hashes, revoke at once."""

from __future__ import annotations

import json
import re

import pytest

from tdtool.app import staff
from tdtool.errors import InputError, RuleError
from tdtool.io.store_base import Tournament, open_store
from tests.tournament_fixtures import make


@pytest.fixture
def db(tmp_path):
    return make(tmp_path / "cup.tdtool", buy_in=100)


def code_of(link: str) -> str:
    match = re.search(r"/signin/([A-Za-z0-9_-]+)$", link.strip())
    assert match, link
    return match[1]


def test_staff_add_prints_a_one_time_link_on_the_given_url_and_logs_no_code(cli, db):
    result = cli("--db", db, "--operator", "Tom", "staff", "add", "Maria", "--role", "floor",
                 "--url", "http://10.0.0.5:8780")  # fmt: skip
    assert result.exit_code == 0, result.output
    first, link = result.stdout.strip().splitlines()
    assert first == "Maria added as floor. Sign-in link (once, 10 min):"
    assert link.startswith("http://10.0.0.5:8780/signin/")
    code = code_of(link)
    log = cli("--db", db, "log").stdout
    assert "Staff: Maria (floor), sign-in link valid 10 min" in log and "Tom" in log
    assert code not in log
    assert code.encode() not in db.read_bytes()  # only its hash is kept
    assert staff.digest(code).encode() in db.read_bytes()


def test_staff_list_and_json_show_each_person_once_with_their_newest_role(cli, db):
    cli("--db", db, "staff", "add", "Maria", "--role", "floor")
    again = cli("--db", db, "staff", "add", "Maria", "--role", "director")
    assert again.stdout.startswith("Maria now director.")
    cli("--db", db, "staff", "add", "Deb", "--role", "dealer")
    listed = json.loads(cli("--db", db, "staff", "list", "--json").stdout)
    assert [(p["name"], p["role"]) for p in listed] == [("Deb", "dealer"), ("Maria", "director")]


@pytest.mark.parametrize(
    ("args", "wrong"),
    [
        pytest.param(["--role", "boss"], "Option '--role': 'boss' is not a role", id="role"),
        pytest.param(["--role", "desk", "--minutes", "0"], "Option '--minutes'", id="minutes"),
        pytest.param(["--role", "desk", "--url", "ftp://x"], "Option '--url'", id="url"),
    ],
)
def test_bad_staff_options_are_one_line_exit_2_and_change_nothing(cli, db, args, wrong):
    before = cli("--db", db, "log", "--json").stdout
    result = cli("--db", db, "staff", "add", "Maria", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: " + wrong) and result.stderr.count("\n") == 1
    assert cli("--db", db, "log", "--json").stdout == before


def test_a_sign_in_link_starts_one_session_and_works_only_once(db):
    issued = staff.add(db, "Maria", "floor")
    signed = staff.sign_in(db, issued.code)
    assert (signed.person.name, signed.person.role) == ("Maria", "floor")
    with pytest.raises(RuleError, match="not valid"):
        staff.sign_in(db, issued.code)
    with open_store(db) as store:
        assert staff.session_person(store, signed.token) == signed.person
        last = store.log()[-1].event
        assert (last.kind, last.operator) == ("staff.signed-in", "Maria")
    assert signed.token.encode() not in db.read_bytes()


def test_an_expired_sign_in_link_is_refused_and_nothing_changes(db):
    issued = staff.add(db, "Maria", "floor")
    with open_store(db) as store:
        store.change(lambda tx: tx.end_access("Maria"))
        store.change(lambda tx: tx.grant_link(staff.digest(issued.code), "Maria", tx.now - 1))
        before = len(store.log())
    with pytest.raises(RuleError, match="expired"):
        staff.sign_in(db, issued.code)
    with open_store(db) as store:
        assert len(store.log()) == before


def test_a_forged_or_unknown_token_is_no_session(db):
    staff.add(db, "Maria", "floor")
    with open_store(db) as store:
        for token in (None, "", "x" * 43, "x" * 5000):
            assert staff.session_person(store, token) is None
    with pytest.raises(RuleError, match="not valid"):
        staff.sign_in(db, "made-up-code")


def test_revoke_ends_every_session_and_the_link_at_once(cli, db):
    first = staff.add(db, "Maria", "floor")
    session = staff.sign_in(db, first.code).token
    second = staff.add(db, "Maria", "floor")  # a new link, not used yet
    result = cli("--db", db, "staff", "revoke", "maria")  # the CLI's look-up: any case
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "Maria is off the staff (1 session ended)."
    with open_store(db) as store:
        assert staff.session_person(store, session) is None
    with pytest.raises(RuleError):
        staff.sign_in(db, second.code)


def test_a_role_changed_counts_from_the_next_request(db):
    token = staff.sign_in(db, staff.add(db, "Maria", "floor").code).token
    staff.add(db, "Maria", "dealer")
    with open_store(db) as store:
        person = staff.session_person(store, token)
    assert person is not None and person.role == "dealer"


def test_undo_of_a_staff_add_takes_the_person_off(cli, db):
    token = staff.sign_in(db, staff.add(db, "Maria", "floor").code).token
    assert cli("--db", db, "undo", "--yes").exit_code == 0  # the sign-in (by Maria)
    assert cli("--db", db, "undo").exit_code == 0  # the staff add
    with open_store(db) as store:
        assert staff.session_person(store, token) is None
    assert staff.people(db) == ()


def test_revoking_somebody_not_on_the_staff_names_who_is(cli, db):
    staff.add(db, "Maria", "floor")
    result = cli("--db", db, "staff", "revoke", "Zed")
    assert result.exit_code == 2 and "Zed" in result.stderr


def test_a_staff_name_must_be_printable(db):
    with pytest.raises(InputError, match="printable"):
        staff.add(Tournament(db), "bad\x00name", "desk")


DESK = ("players.reenter", "players.rebuy", "players.addon")
FLOOR = ("players.chips", "seats.balance", "seats.move")
DIRECTOR = ("deal", "terms", "staff.list", "staff.add", "staff.revoke")


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        ("desk", {"players.add", *DESK, "hand.check", "ruling.ask"}),
        ("floor", {"players.add", *DESK, "players.bust", *FLOOR, "hand.check", "ruling.ask"}),
        (
            "director",
            {
                "players.add",
                *DESK,
                "players.bust",
                *FLOOR,
                *DIRECTOR,
                "clock",
                "undo",
                "hand.check",
                "ruling.ask",
            },
        ),
        ("dealer", {"hand.check", "ruling.ask"}),
    ],
)
def test_each_role_may_take_exactly_its_actions(role, allowed):
    assert {a for a in staff.MAY if staff.may(role, a)} == allowed
