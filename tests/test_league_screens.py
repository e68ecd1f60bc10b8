"""The league standings as a screen and on the players' phones, and printed in the room's
language (issue 26, the standings part of issue 24): `clock serve --league` answered
in-process (`ClockSource.answer`, no socket), `serve --league` through Starlette's
TestClient, the sheet through the CLI.

The league (points table 10/7/5/3, one point below it) counts two weeks played and a third
still being played (Dev out 4th; Anna, Ben and Cleo still in, each counted at 3rd):

| player | week 1 | week 2 | week 3 (live) | points |
|--------|--------|--------|---------------|--------|
| Ben    | 2 (7)  | 1 (10) | 3* (5)        | 22     |
| Anna   | 1 (10) | 4 (3)  | 3* (5)        | 18     |
| Dev    |        | 2 (7)  | 4 (3)         | 10     |
| Cleo   | 3 (5)  |        | 3* (5)        | 10     |
| José   | 4 (3)  | 3 (5)  |               | 8      |

(José is shown as `jose`, the latest spelling.)

Dev and Cleo are level on points and wins; Dev's best finish (2nd) puts him ahead.
"""

from __future__ import annotations

import asyncio
import json
import warnings
from pathlib import Path

import pytest

from tdtool.app import players
from tdtool.app.league import LeagueView
from tdtool.cli.clock_web import ClockSource
from tests.test_league import SEASON, TABLE, play

with warnings.catch_warnings():  # as tests/test_serve_api.py
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

HOSTILE = "</script><b>Zed</b>"


@pytest.fixture
def season(tmp_path, cli):
    """(league file, the live tournament, the first week) of the league above."""
    weeks = [
        play(tmp_path / f"week-{i}.tdtool", name, buy_in, entrants, busts)
        for i, (name, buy_in, entrants, busts) in enumerate(SEASON[:2], start=1)
    ]
    live = play(tmp_path / "week-3.tdtool", "Week 3", 20, ["Anna", "Ben", "Cleo", "Dev"], ["Dev"])
    table = tmp_path / "points.yaml"
    table.write_text(TABLE, encoding="utf-8")
    path = tmp_path / "spring.league"
    made = cli("league", "new", "Spring", "--formula", "table", "--table", table, "--league", path)
    assert made.exit_code == 0, made.output
    assert cli("league", "add", *weeks, "--league", path).exit_code == 0
    assert cli("league", "add", live, "--provisional", "--league", path).exit_code == 0
    return path, live, weeks[0]


def ask(db: Path, *targets: str, league: Path | None = None, between=None):
    """[(status, content type, body)] of GET each target from one clock server of `db`
    (with `league`); `between(i)` runs before the i-th request after the first."""
    source = ClockSource(db, league=LeagueView(league) if league else None)

    async def run():
        out = []
        for i, target in enumerate(targets):
            if i and between is not None:
                between(i)
            reply = await source.answer(target)
            out.append((reply.status.value, reply.kind, reply.body.decode()))
        return out

    try:
        return asyncio.run(run())
    finally:
        source.close()


def table_of(data):
    return [(r["rank"], r["name"], r["points"], r["provisional"]) for r in data["rows"]]


def test_standings_screen_lists_rank_player_events_and_points_provisional_marked(season):
    league, live, _ = season
    [(status, kind, body)] = ask(live, "/api/screen/standings", league=league)
    assert (status, kind) == (200, "application/json")
    data = json.loads(body)
    assert table_of(data) == [
        ("1", "Ben", "22.00", True),
        ("2", "Anna", "18.00", True),
        ("3", "Dev", "10.00", True),
        ("4", "Cleo", "10.00", True),
        ("5", "jose", "8.00", False),
    ]
    assert data["rows"][0]["events"] == "3 events" and data["rows"][4]["events"] == "2 events"
    assert data["name"] == "Spring" and data["lead"] == "3 events · 1 still being played"
    assert "Week 3" in data["note"] and data["more"] == ""
    assert set(data["rows"][0]) == {"rank", "name", "events", "played", "points", "provisional"}


def test_a_bust_in_the_running_tournament_moves_the_provisional_standings(season):
    # Anna out in 3rd: Ben and Cleo are now counted at 2nd, and Cleo passes Dev.
    league, live, _ = season
    (_, _, before), (_, _, after) = ask(
        live,
        "/api/screen/standings",
        "/api/screen/standings",
        league=league,
        between=lambda i: players.bust(live, ["Anna"]),
    )
    before, after = json.loads(before), json.loads(after)
    assert table_of(after) == [
        ("1", "Ben", "24.00", True),
        ("2", "Anna", "18.00", True),
        ("3", "Cleo", "12.00", True),
        ("4", "Dev", "10.00", True),
        ("5", "jose", "8.00", False),
    ]
    assert after["version"] != before["version"]


def test_the_standings_follow_another_event_of_the_league_and_its_file(season, cli):
    # The TV shows week 1's clock: a bust in week 3 (another file) and an event added to
    # the league file both reach its standings.
    league, live, week_1 = season
    steps = {
        1: lambda: players.bust(live, ["Anna"]),
        2: lambda: cli("league", "add", extra, "--provisional", "--league", league),
    }
    extra = play(league.parent / "week-4.tdtool", "Week 4", 20, ["Fay", "Gus"], [])
    answers = ask(
        week_1, *["/api/screen/standings"] * 3, league=league, between=lambda i: steps[i]()
    )
    first, second, third = (json.loads(body) for _, _, body in answers)
    assert first["rows"][2]["name"] == "Dev" and second["rows"][2]["name"] == "Cleo"
    assert third["lead"].startswith("4 events") and "Fay" in [r["name"] for r in third["rows"]]
    assert len({first["version"], second["version"], third["version"]}) == 3


def test_a_standings_poll_that_has_them_is_answered_unchanged(season):
    league, live, _ = season
    [(_, _, body)] = ask(live, "/api/screen/standings", league=league)
    version = json.loads(body)["version"]
    source = ClockSource(live, league=LeagueView(league))

    async def twice():
        first = await source.answer("/api/screen/standings")
        seen = json.loads(first.body)["version"]
        again = await source.answer(f"/api/screen/standings?seen={seen}")
        return again.body

    try:
        assert asyncio.run(twice()) == b'{"unchanged": true}'
    finally:
        source.close()
    assert isinstance(version, int)


def test_standings_page_is_on_the_screen_base_and_in_the_rotation(season):
    league, live, _ = season
    players.register(live, [HOSTILE])
    (status, kind, page), (_, _, rotation), (_, _, german) = ask(
        live,
        "/screen/standings",
        "/?rotate=clock,standings&every=20",
        "/screen/standings?lang=de",
        league=league,
    )
    assert (status, kind) == (200, "text/html; charset=utf-8")
    assert "STANDINGS" in page and "/api/screen/standings" in page and "Spring" in page
    assert "<b>Zed" not in page and "</script><" not in page  # the name is data, escaped
    assert '<iframe src="/screen/standings" data-screen="standings"' in rotation
    assert 'lang="de"' in german and "RANGLISTE" in german and "Turniere" in german
    import re

    assert re.search(r'"points": "\d+,\d\d"', german)  # numbers in German


def test_without_a_league_the_standings_answer_404_saying_how_to_start_it(season):
    _, live, _ = season
    (status, kind, page), (api, _, body), (rotate, _, said), (_, _, ro) = ask(
        live,
        "/screen/standings",
        "/api/screen/standings",
        "/?rotate=clock,standings",
        "/screen/standings?lang=ro",
    )
    assert (status, kind) == (404, "text/html; charset=utf-8")
    assert "tdtool clock serve --league" in page and "No league standings" in page
    assert api == 404 and "--league" in json.loads(body)["error"]
    assert rotate == 400 and "--league" in said
    assert "Aici nu este niciun clasament de ligă" in ro


def test_standings_screens_show_no_contact_field_of_the_registry(season, cli, tmp_path):
    league, live, _ = season
    registry = tmp_path / "players.tdreg"
    added = cli("--registry", registry, "players", "add", "Anna", "--email", "anna@example.org",
                "--phone", "+40 700 000 111")  # fmt: skip
    assert added.exit_code == 0, added.output
    view = LeagueView(league, registry)
    source = ClockSource(live, league=view)

    async def both():
        targets = ("/api/screen/standings", "/screen/standings")
        return [(await source.answer(t)).body for t in targets]

    try:
        for body in asyncio.run(both()):
            assert b"anna@example.org" not in body and b"700 000" not in body
            assert b"Anna" in body
    finally:
        source.close()


def test_clock_serve_refuses_a_league_it_cannot_read_before_serving(season, cli, tmp_path):
    _, live, _ = season
    broken = tmp_path / "broken.league"
    broken.write_text("{not json", encoding="utf-8")
    for league, said in ((tmp_path / "none.league", "No league file"), (broken, "not a readable")):
        for command in (["clock", "serve"], ["serve"]):
            result = cli("--db", live, *command, "--port", "0", "--league", league)
            assert result.exit_code == 2, (command, result.output)
            assert said in result.stderr and "Traceback" not in result.output


# --- the players' phones (tdtool serve --league) -------------------------------------------


def phones(live: Path, league: Path | None):
    from tdtool.web.server import Settings, build

    view = LeagueView(league) if league is not None else None
    return TestClient(build(Settings(live, allowed_hosts=("testserver",), league=view)))


def test_phones_get_the_standings_page_linked_from_the_players_page(season):
    league, live, _ = season
    with phones(live, league) as client:
        assert 'href="/standings"' in client.get("/").text
        page = client.get("/standings")
        assert page.status_code == 200 and 'data-page="standings"' in page.text
        assert "Ben" in page.text and "22.00*" in page.text and "League standings" in page.text
        data = client.get("/api/standings").json()
        assert table_of(data)[0] == ("1", "Ben", "22.00", True)
        assert client.get("/api/standings?lang=ro").json()["rows"][0]["points"] == "22,00"
        players.bust(live, ["Anna"])
        assert table_of(client.get("/api/standings").json())[2][1] == "Cleo"


def test_phones_without_a_league_have_no_link_and_a_404_page(season):
    _, live, _ = season
    with phones(live, None) as client:
        assert 'href="/standings"' not in client.get("/").text
        page = client.get("/standings")
        assert page.status_code == 404 and "tdtool serve --league" in page.text
        answer = client.get("/api/standings")
        assert answer.status_code == 404 and "--league" in answer.json()["error"]


# --- the printed sheet and the terminal table in the room's language -----------------------

ENGLISH = ("Points", "Wins", "Events", "standings", "Ties on points", "provisional", "Printed",
           "Rank", "Best", "every result", "still being played", "entries")  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        pytest.param("ro", ("Spring: clasament", "Puncte", "Victorii", "22,00", "Tipărit",
                            "La egalitate de puncte decid", "provizoriu"), id="ro"),
        pytest.param("de", ("Spring: Rangliste", "Punkte", "Siege", "22,00", "Gedruckt",
                            "Bei Punktgleichheit entscheiden", "vorläufig"), id="de"),
    ],
)  # fmt: skip
def test_the_standings_sheet_is_in_the_language_asked_with_no_english_left(
    season, cli, tmp_path, lang, words
):
    league, _, _ = season
    sheet = tmp_path / f"standings-{lang}.html"
    done = cli("league", "standings", "--league", league, "--print", sheet, "--language", lang)
    assert done.exit_code == 0, done.output
    html = sheet.read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in html
    for word in words:
        assert word in html, word
    import re

    text = re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)
    for word in ENGLISH:
        assert not re.search(rf"\b{word}\b", text), word


def test_the_league_language_is_the_default_of_the_table_and_the_sheet(season, cli, tmp_path):
    _, _, week_1 = season
    path = tmp_path / "liga.league"
    made = cli("league", "new", "Liga", "--language", "DE", "--league", path, "--json")
    assert made.exit_code == 0 and json.loads(made.stdout)["language"] == "de"
    assert cli("league", "add", week_1, "--league", path).exit_code == 0
    shown = cli("league", "standings", "--league", path)
    assert "Rang" in shown.stdout and "Punkte" in shown.stdout and "Points" not in shown.stdout
    english = cli("league", "standings", "--league", path, "--language", "en").stdout
    assert "Points" in english and "Punkte" not in english
    csv = cli("league", "standings", "--league", path, "--csv").stdout  # for a spreadsheet
    assert csv.splitlines()[0] == "Rank,Name,Points,Events,Wins,Best,#1,Note"
    assert "\n1,Anna,46.13,1,1,1,46.13," in csv  # plain numbers, whatever the language
    refused = cli("league", "new", "X", "--language", "fr", "--league", tmp_path / "x.league")
    assert refused.exit_code == 2 and "not shipped" in refused.stderr


def test_the_404_of_a_clock_without_a_league_is_in_the_tournaments_language(tmp_path, cli):
    from tests.tournament_fixtures import make

    german = make(tmp_path / "pokal.tdtool", name="Pokal", language="de")
    [(status, _, page)] = ask(german, "/screen/standings")
    assert status == 404 and 'lang="de"' in page and "Hier gibt es keine Liga-Rangliste" in page
