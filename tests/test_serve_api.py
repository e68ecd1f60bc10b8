"""`tdtool serve`'s JSON API and sign-in (Starlette's TestClient, in this process).

Every refusal is checked the same way: the status, one JSON `error` line (no traceback), and
the log exactly as it was.
"""

from __future__ import annotations

import asyncio
import json
import re
import warnings

import pytest

with warnings.catch_warnings():  # Starlette 1.x would have the httpx2 fork; httpx serves
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tdtool.app import staff
from tdtool.io.store_base import open_store
from tdtool.web.server import COOKIE, Settings, build
from tests.conftest import ROOT
from tests.tournament_fixtures import make

NAMES = ["Anna", "Ben", "Carl", "Dana", "José García", "Fay", "Gus", "Hana", "Ivo", "Jo"]


@pytest.fixture
def db(tmp_path, cli):
    path = make(tmp_path / "cup.tdtool", buy_in=100, bounty=20)
    for args in (["player", "add", *NAMES], ["seat", "draw"], ["clock", "start"]):
        assert cli("--db", path, "--operator", "Tom", *args).exit_code == 0
    return path


@pytest.fixture
def client(db):
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as client:
        yield client


def log_of(db) -> list[tuple[str, str]]:
    with open_store(db) as store:
        return [(r.event.kind, r.event.operator) for r in store.log()]


def sign_in(client, db, name: str, role: str) -> str:
    """Sign `client` in as a new person; returns the CSRF token."""
    issued = staff.add(db, name, role)
    answer = client.post(f"/signin/{issued.code}", follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return client.get("/api/session").json()["csrf"]


def seated_together(db) -> tuple[str, str]:
    """Two players at one table (the knockout rule: the eliminator sits in the hand)."""
    with open_store(db) as store:
        state = store.state()
    table = state.plan.open_tables()[0]
    first, second = sorted(state.plan.players_at(table).values())[:2]
    return first, second


POSTS = [
    ("/api/players/add", {"names": ["Zoe"]}),
    ("/api/players/bust", {"names": ["Anna"]}),
    ("/api/clock", {"action": "pause"}),
    ("/api/undo", {}),
    ("/api/hand/check", {"hand": "blinds: 5/10"}),
]


@pytest.mark.parametrize(("path", "body"), POSTS, ids=[p for p, _ in POSTS])
def test_no_session_is_401_and_nothing_changes(client, db, path, body):
    before = log_of(db)
    answer = client.post(path, json=body, headers={"X-CSRF-Token": "x"})
    assert answer.status_code == 401
    assert list(answer.json()) == ["error"] and "Traceback" not in answer.text
    assert log_of(db) == before


def test_a_forged_cookie_is_no_session(client, db):
    sign_in(client, db, "Maria", "director")
    before = log_of(db)
    client.cookies.set(COOKIE, "forged-" + "x" * 36)
    assert client.get("/api/session").status_code == 401
    answer = client.post("/api/clock", json={"action": "pause"}, headers={"X-CSRF-Token": "x"})
    assert answer.status_code == 401
    assert log_of(db) == before


@pytest.mark.parametrize(
    ("role", "path", "body"),
    [
        pytest.param("dealer", "/api/players/bust", {"names": ["Anna"]}, id="dealer-bust"),
        pytest.param("dealer", "/api/players/add", {"names": ["Zoe"]}, id="dealer-add"),
        pytest.param("desk", "/api/players/bust", {"names": ["Anna"]}, id="desk-bust"),
        pytest.param("floor", "/api/clock", {"action": "pause"}, id="floor-clock"),
        pytest.param("floor", "/api/undo", {}, id="floor-undo"),
    ],
)
def test_a_role_that_may_not_is_403_and_nothing_changes(client, db, role, path, body):
    csrf = sign_in(client, db, "Maria", role)
    before = log_of(db)
    answer = client.post(path, json=body, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 403
    assert answer.json()["error"].startswith(f"Maria is {role}: only")
    assert log_of(db) == before


@pytest.mark.parametrize("token", [None, "", "0" * 64], ids=["missing", "empty", "wrong"])
def test_a_missing_or_wrong_csrf_token_is_403_and_nothing_changes(client, db, token):
    sign_in(client, db, "Maria", "director")
    before = log_of(db)
    headers = {} if token is None else {"X-CSRF-Token": token}
    answer = client.post("/api/clock", json={"action": "pause"}, headers=headers)
    assert answer.status_code == 403 and "X-CSRF-Token" in answer.json()["error"]
    assert log_of(db) == before


def test_the_session_cookie_is_httponly_samesite_strict_and_secure_under_tls(db):
    for secure in (False, True):
        app = build(Settings(db, secure=secure, allowed_hosts=("testserver",)))
        with TestClient(app, base_url="https://testserver" if secure else "http://testserver") as c:
            issued = staff.add(db, f"P{secure}", "floor")
            cookie = c.post(f"/signin/{issued.code}", follow_redirects=False).headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
        assert ("Secure" in cookie) is secure


def test_opening_a_link_signs_in_nobody_until_its_button_is_pressed(client, db):
    issued = staff.add(db, "Maria", "floor")
    before = log_of(db)
    page = client.get(f"/signin/{issued.code}")  # a chat app's preview opens links too
    assert page.status_code == 200 and '<form method="post">' in page.text
    assert log_of(db) == before and COOKIE not in client.cookies


def test_a_reused_sign_in_link_is_refused_and_nothing_changes(client, db):
    issued = staff.add(db, "Maria", "floor")
    assert client.post(f"/signin/{issued.code}", follow_redirects=False).status_code == 303
    other = TestClient(client.app)
    before = log_of(db)
    answer = other.post(f"/signin/{issued.code}", follow_redirects=False)
    assert answer.status_code == 400 and "not valid" in answer.text
    assert COOKIE not in other.cookies and log_of(db) == before


def test_an_expired_sign_in_link_is_refused_and_nothing_changes(client, db):
    issued = staff.add(db, "Maria", "floor")
    with open_store(db) as store:
        store.change(lambda tx: tx.end_access("Maria"))
        store.change(lambda tx: tx.grant_link(staff.digest(issued.code), "Maria", tx.now - 1))
    before = log_of(db)
    answer = client.post(f"/signin/{issued.code}", follow_redirects=False)
    assert answer.status_code == 400 and "expired" in answer.text
    assert log_of(db) == before


def test_a_revoked_person_is_signed_out_at_once(client, db, cli):
    csrf = sign_in(client, db, "Maria", "director")
    assert cli("--db", db, "staff", "revoke", "Maria").exit_code == 0
    before = log_of(db)
    answer = client.post("/api/clock", json={"action": "pause"}, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 401
    assert client.get("/staff").status_code == 401
    assert log_of(db) == before


def test_sign_in_attempts_are_rate_limited_per_client_address(client, db):
    for _ in range(10):
        assert client.post("/signin/guess", follow_redirects=False).status_code == 400
    answer = client.post("/signin/guess", follow_redirects=False)
    assert answer.status_code == 429 and int(answer.headers["retry-after"]) > 0
    issued = staff.add(db, "Maria", "floor")  # even a good link waits
    assert client.post(f"/signin/{issued.code}", follow_redirects=False).status_code == 429


def test_a_request_for_another_host_name_is_refused(db):
    with TestClient(build(Settings(db)), base_url="http://evil.example") as c:
        assert c.get("/api/public").status_code == 400


def test_a_bust_with_a_knockout_reads_in_the_log_as_typed_by_the_signed_in_person(
    client, db, cli, tmp_path
):
    import shutil

    csrf = sign_in(client, db, "Maria", "floor")
    out, by = seated_together(db)
    typed = shutil.copy(db, tmp_path / "typed.tdtool")
    answer = client.post(
        "/api/players/bust", json={"names": [out], "by": [by]}, headers={"X-CSRF-Token": csrf}
    )
    assert answer.status_code == 200, answer.text
    result = answer.json()
    assert result["busted"][0]["name"] == out and result["players_left"] == 9
    assert result["knockouts"][0]["by"][0]["name"] == by
    cli("--db", typed, "--operator", "Maria", "player", "bust", out, "--by", by, "--yes")

    def last_change(path):
        lines = json.loads(cli("--db", path, "log", "--json").stdout)
        change = lines[-1]["change"]
        return [(e["operator"], e["kind"], e["data"]) for e in lines if e["change"] == change]

    assert last_change(db) == last_change(typed)
    assert last_change(db)[0][:2] == ("Maria", "player.busted")


def test_a_refusal_is_the_clis_sentence(client, db, cli):
    csrf = sign_in(client, db, "Maria", "director")
    typed = cli("--db", db, "player", "bust", "Nobody", "--by", "Ben")
    answer = client.post(
        "/api/players/bust",
        json={"names": ["Nobody"], "by": ["Ben"]},
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status_code == 400  # bad input: exit 2 in the CLI
    assert "Error: " + answer.json()["error"] == typed.stderr.strip()
    client.post("/api/clock", json={"action": "pause"}, headers={"X-CSRF-Token": csrf})
    again = client.post("/api/clock", json={"action": "pause"}, headers={"X-CSRF-Token": csrf})
    assert again.status_code == 409  # refused by the state: exit 1 in the CLI
    assert "Error: " + again.json()["error"] == cli("--db", db, "clock", "pause").stderr.strip()


def test_clock_actions_and_undo_by_the_director(client, db):
    csrf = sign_in(client, db, "Maria", "director")
    headers = {"X-CSRF-Token": csrf}
    assert (
        client.post("/api/clock", json={"action": "pause"}, headers=headers).json()["running"]
        is False
    )
    assert client.post("/api/clock", json={"action": "next"}, headers=headers).json()["level"] == 2
    undone = client.post("/api/undo", json={}, headers=headers).json()["undone"]
    assert [e["kind"] for e in undone] == ["clock.next"]
    bad = client.post("/api/clock", json={"action": "stop"}, headers=headers)
    assert bad.status_code == 400 and "pause, resume, next, prev" in bad.json()["error"]


def test_players_are_registered_by_the_desk(client, db):
    csrf = sign_in(client, db, "Deb", "desk")
    answer = client.post(
        "/api/players/add", json={"names": ["Zoe", "Yan"]}, headers={"X-CSRF-Token": csrf}
    )
    assert [p["name"] for p in answer.json()["added"]] == ["Zoe", "Yan"]
    dup = client.post("/api/players/add", json={"names": ["zoe"]}, headers={"X-CSRF-Token": csrf})
    assert dup.status_code == 409 and "Zoe" in dup.json()["error"]


def test_hand_check_answers_as_hand_check_json(client, db, cli):
    csrf = sign_in(client, db, "Deb", "dealer")
    path = ROOT / "examples" / "hands" / "side-pots.yaml"
    answer = client.post(
        "/api/hand/check", json={"hand": path.read_text()}, headers={"X-CSRF-Token": csrf}
    )
    assert answer.status_code == 200
    assert answer.json() == json.loads(cli("hand", "check", path, "--json").stdout)
    bad = client.post(
        "/api/hand/check", json={"hand": "blinds: [\n"}, headers={"X-CSRF-Token": csrf}
    )
    assert bad.status_code == 400 and re.match(r"hand:\d+", bad.json()["error"])


@pytest.mark.parametrize(
    ("body", "why"),
    [
        pytest.param(b"[1]", "must be a JSON object", id="not-an-object"),
        pytest.param(b"{", "not JSON", id="not-json"),
        pytest.param(b'{"names": "Anna"}', "list of names", id="names-not-a-list"),
        pytest.param(b'{"names": []}', "at least one name", id="no-names"),
        pytest.param(b'{"names": ["Anna"], "stacks": [1, 2]}', "stacks", id="stacks"),
    ],
)
def test_a_bad_body_is_400_and_nothing_changes(client, db, body, why):
    csrf = sign_in(client, db, "Maria", "floor")
    before = log_of(db)
    answer = client.post(
        "/api/players/bust",
        content=body,
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
    )
    assert answer.status_code == 400 and why in answer.json()["error"]
    assert log_of(db) == before


def test_the_players_data_shows_no_chip_counts_operators_or_staff(client, db, cli):
    sign_in(client, db, "Maria", "floor")
    assert cli("--db", db, "player", "chips", "Anna", "25000").exit_code == 0
    data = client.get("/api/public").json()
    assert "chip_leader" not in data and "25000" not in json.dumps(data)
    assert data["players_left"] == 10 and data["level"] == 1
    page = TestClient(client.app).get("/").text  # a player's phone: no cookie
    for hidden in ("Maria", "Tom", "25,000", "25000", "/staff", "signin", "csrf"):
        assert hidden not in page


def test_find_my_seat_is_accent_and_case_blind_and_answers_only_the_names_typed(client, db):
    found = client.get("/api/seat", params={"name": "jose garcia"}).json()["found"]
    assert [p["name"] for p in found] == ["José García"] and found[0]["table"]
    assert client.get("/api/seat", params={"name": "a"}).json()["found"] == []
    assert client.get("/api/seat", params={"name": "Nobody"}).json()["found"] == []


def test_the_staff_player_list_needs_a_session_and_shows_no_chips(client, db):
    assert client.get("/api/players").status_code == 401
    sign_in(client, db, "Maria", "floor")
    players = client.get("/api/players").json()["players"]
    assert len(players) == 10 and set(players[0]) == {"name", "table", "seat"}


def test_each_change_is_pushed_to_every_open_page(db):
    """The feed reads once per change and sends it to every listener (server-sent events)."""
    from tdtool.app.clock import clock_action
    from tdtool.tournament.clock import ClockAction
    from tdtool.web.reader import Feed, Reader

    async def follow() -> list[dict]:
        feed = Feed(Reader(db), poll=0.05)
        task = asyncio.create_task(feed.run())
        streams = [feed.stream() for _ in range(3)]
        firsts = [await s.__anext__() for s in streams]
        assert all('"running": true' in f for f in firsts)
        await asyncio.to_thread(clock_action, db, ClockAction.PAUSE)
        nexts = await asyncio.wait_for(asyncio.gather(*(s.__anext__() for s in streams)), 2)
        task.cancel()
        for s in streams:
            await s.aclose()
        feed.reader.close()
        return [json.loads(n.split("data: ", 1)[1]) for n in nexts]

    pushed = asyncio.run(follow())
    assert [p["running"] for p in pushed] == [False, False, False]


STANDINGS = {
    "name": "⟦Spring⟧",
    "lead": "⟦3 events⟧",
    "note": "⟦*⟧",
    "more": "",
    "rows": [{"rank": "1", "name": "⟦Ben⟧", "events": "⟦3 events⟧", "played": 3,
              "points": "22.00", "provisional": True}],
}  # fmt: skip
"""The league standings' data (tdtool.app.league.standings_screen), its words marked."""


def test_every_visible_string_of_the_pages_goes_through_the_translations(db):
    """Rendered with a translation that marks what it translates, no page shows a word of
    text that is unmarked (names and numbers come from the data)."""
    from html.parser import HTMLParser

    from tdtool.web.server import _templates

    env = _templates()
    env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda s: f"⟦{s}⟧", lambda s, p, n: f"⟦{s}⟧", newstyle=True
    )
    person = staff.Person("⟦P⟧", "director")
    may = dict.fromkeys(staff.MAY, True)
    pages = {
        "players.html": {"initial": {"name": "⟦Cup⟧"}, "league": True},
        "standings.html": {"initial": STANDINGS},
        "no_league.html": {"error": "", "command": "⟦tdtool serve --league x.league⟧"},
        "staff.html": {"initial": {"name": "⟦Cup⟧"}, "person": person, "csrf": "x", "may": may},
        "signin.html": {"error": ""},
        "signed_out.html": {},
    }

    class Text(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.skip = 0
            self.bare: list[str] = []

        def handle_starttag(self, tag, attrs):
            self.skip += tag in ("script", "style")
            for key, value in attrs:
                if key in ("placeholder", "aria-label", "title") and "⟦" not in (value or ""):
                    self.bare.append(f"{tag}[{key}]={value}")

        def handle_endtag(self, tag):
            self.skip -= tag in ("script", "style")

        def handle_data(self, data):
            words = re.sub(r"⟦[^⟧]*⟧", "", data)
            if not self.skip and re.search(r"[A-Za-z]{2,}", words) and words.strip() != "tdtool":
                self.bare.append(data.strip())

    for name, values in pages.items():
        values.setdefault("initial", {})
        parser = Text()
        parser.feed(env.get_template(name).render(**values))
        assert parser.bare == [], name


def test_serve_on_a_postgresql_tournament_signs_in_acts_and_pushes(pg_server, cli):
    """The same API on the server backend: sign-in, a bust as the person, the clock, the push."""
    import uuid

    url = pg_server.url(f"serve-{uuid.uuid4().hex[:10]}")
    make(url, buy_in=100, bounty=20)
    for args in (["player", "add", *NAMES], ["seat", "draw"], ["clock", "start"]):
        assert cli("--db", url, *args).exit_code == 0, args
    with TestClient(build(Settings(url, allowed_hosts=("testserver",), poll=0.1))) as client:
        csrf = sign_in(client, url, "Maria", "director")
        headers = {"X-CSRF-Token": csrf}
        out, by = seated_together(url)
        answer = client.post(
            "/api/players/bust", json={"names": [out], "by": [by]}, headers=headers
        )
        assert answer.status_code == 200, answer.text
        assert (
            client.post("/api/clock", json={"action": "pause"}, headers=headers).status_code == 200
        )
        again = client.post("/api/clock", json={"action": "pause"}, headers=headers)
        assert again.status_code == 409
        import time

        deadline = time.monotonic() + 3  # the push reads again within a poll (0.1 s here)
        while time.monotonic() < deadline:
            data = client.get("/api/public").json()
            if data["players_left"] == 9 and data["running"] is False:
                break
            time.sleep(0.05)
        assert data["players_left"] == 9 and data["running"] is False
    assert cli("--db", url, "staff", "revoke", "Maria").exit_code == 0
    with open_store(url) as store:
        kinds = [(r.event.kind, r.event.operator) for r in store.log()]
    # After Maria signed in: her bust (with any balancing moves it brought), her pause, and
    # the revoke typed at the laptop; nothing of hers recorded twice.
    mine = kinds[kinds.index(("staff.signed-in", "Maria")) + 1 :]
    assert mine[0] == ("player.busted", "Maria") and mine.count(("player.busted", "Maria")) == 1
    assert mine.count(("clock.pause", "Maria")) == 1 and mine[-1][0] == "staff.revoked"


@pytest.mark.parametrize(
    ("args", "wrong"),
    [
        pytest.param(["--tls-cert", "venue.pem"], "Give both --tls-cert and --tls-key", id="half"),
        pytest.param(
            ["--tls-cert", "bad.pem", "--tls-key", "bad.pem"], "not a certificate", id="bad-cert"
        ),  # fmt: skip
        pytest.param(["--tls-cert", "no.pem", "--tls-key", "no.pem"], "no such file", id="none"),
        pytest.param(["--host", "a b"], "--host", id="host"),
    ],
)
def test_bad_serve_options_are_one_line_exit_2(cli, db, tmp_path, monkeypatch, args, wrong):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.pem").write_text("not a certificate\n")
    result = cli("--db", db, "serve", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ") and wrong in result.stderr
    assert result.stderr.count("\n") == 1


def test_serve_on_a_port_in_use_says_so_in_one_line(cli, db):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli("--db", db, "serve", "--port", str(port))
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"Error: Cannot listen on 127.0.0.1:{port} (Address already in use); choose another --port."
    )


def test_the_players_page_shows_the_results_at_the_end(tmp_path, cli):
    import time

    from tdtool.app.players import bust

    db = make(tmp_path / "short.tdtool", buy_in=100)
    assert cli("--db", db, "player", "add", *NAMES[:4]).exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    for name in NAMES[:3]:
        bust(db, [name])
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as client:
        deadline = time.monotonic() + 3
        data = client.get("/api/public").json()
        while data["winner"] is None and time.monotonic() < deadline:
            data = client.get("/api/public").json()
    assert data["winner"] == NAMES[3] and data["players_left"] == 1
    assert [(r["place"], r["name"]) for r in data["results"]] == [
        (1, NAMES[3]), (2, NAMES[2]), (3, NAMES[1]), (4, NAMES[0])
    ]  # fmt: skip
    assert data["results"][0]["prize"] > 0


def test_a_post_from_another_site_is_refused_even_with_a_session(client, db):
    csrf = sign_in(client, db, "Maria", "director")
    before = log_of(db)
    answer = client.post(
        "/api/clock",
        json={"action": "pause"},
        headers={"X-CSRF-Token": csrf, "Origin": "http://evil.example"},
    )
    assert answer.status_code == 403 and log_of(db) == before
    issued = staff.add(db, "Deb", "dealer")
    other_site = {"Origin": "https://evil.example"}
    refused = client.post(f"/signin/{issued.code}", headers=other_site, follow_redirects=False)
    assert refused.status_code == 403
    same_site = {"Origin": "http://testserver", "X-CSRF-Token": csrf}
    assert client.post("/api/clock", json={"action": "pause"}, headers=same_site).is_success


def test_a_file_of_the_last_release_is_served_and_its_staff_sign_in(tmp_path):
    """An older file opens as it is (read through an upgraded copy); the first staff add
    upgrades it on disk, and the server, reading it all along, sees the session."""
    import shutil

    db = tmp_path / "old.tdtool"
    shutil.copy(ROOT / "tests" / "data" / "main-c3719ee-pickled-snapshot.tdtool", db)
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as client:
        assert client.get("/api/public").json()["players_left"] > 0
        csrf = sign_in(client, db, "Maria", "floor")
        assert client.get("/api/session").json()["name"] == "Maria"
        assert client.get("/api/players", headers={"X-CSRF-Token": csrf}).status_code == 200


def test_the_sign_in_limit_never_lets_more_than_its_tries_through_in_any_window():
    """Property: whatever the times of the attempts, in any window of its length at most
    `tries` are let through, and an address refused is told a wait that ends the refusal."""
    from hypothesis import example, given
    from hypothesis import strategies as st

    from tdtool.web.server import RateLimit

    @given(st.lists(st.floats(min_value=0, max_value=5, allow_nan=False), max_size=60))
    @example(gaps=[3.290886286391732e-134, 1.0, 4.0, 5.0, 0.0])  # a window's edge in floats
    def check(gaps):
        limit = RateLimit(tries=3, window=10.0)
        now, allowed = 0.0, []
        for gap in gaps:
            now += gap
            wait = limit.allow("phone", now)
            if wait == 0:
                allowed.append(now)
            else:
                assert 0 < wait <= 10.0
                assert limit.allow("phone", now + wait + 1e-6) == 0  # the wait was enough
                allowed.append(now + wait + 1e-6)
                now += wait + 1e-6
        for i, start in enumerate(allowed):
            assert sum(1 for t in allowed[i:] if t - start < 10.0) <= 3  # as the limit measures

    check()


def test_the_phone_pages_speak_the_tournaments_language_or_the_one_asked_for(db, cli, client):
    # Issue 24: every screen in the room's language; the phone pages share the catalogues.
    english = client.get("/").text
    assert '<html lang="en">' in english and "Find my seat" in english
    german = client.get("/?lang=de").text
    assert '<html lang="de">' in german and "Meinen Platz finden" in german
    assert cli("--db", db, "terms", "--language", "ro").exit_code == 0
    romanian = client.get("/").text
    assert '<html lang="ro">' in romanian and "Găsește-mi locul" in romanian
    assert "Autentificare ca personal" in client.get("/signin/not-a-code").text
    assert "Găsește-mi locul" in client.get("/?lang=xx").text  # not shipped: the tournament's


def test_the_web_and_the_cli_import_none_of_each_others_private_helpers():
    """What both use (the slips, the knockout lines, the --by parsing, the hint words) lives in
    tdtool.app; neither front end reaches into the other's private names."""
    import ast

    def private_imports(folder: str, other: str) -> list[str]:
        found = []
        for path in sorted((ROOT / "tdtool" / folder).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(other):
                    parts = node.module.split(".") + [a.name for a in node.names]
                    if any(p.startswith("_") for p in parts[2:]):
                        found.append(f"{path.name}: from {node.module} import ...")
        return found

    assert private_imports("web", "tdtool.cli") == []
    assert private_imports("cli", "tdtool.web") == []
