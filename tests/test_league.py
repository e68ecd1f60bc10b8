"""Leagues (issue 26): a season of five tournaments scored by each formula, by hand.

The season (places; `jose` in week 2 is José of weeks 1 and 4, matched as the look-ups
fold names):

| player | week 1 (20) | week 2 (20) | week 3 (10) | week 4 (freeroll) | week 5 (20) |
|--------|-------------|-------------|-------------|-------------------|-------------|
| Anna   | 1           | 4           |             | 2                 | 1           |
| Ben    | 2           | 1           | 3           |                   | 3           |
| Cleo   | 3           |             | 1 (KO Fay)  | 4                 | 2           |
| José   | 4           | 3 (`jose`)  |             | 1                 |             |
| Dev    |             | 2           | 2           |                   | 4           |
| Eli    |             |             | 4           | 3                 |             |
| Fay    |             |             | 5           |                   |             |
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tdtool.app import players, seats
from tdtool.errors import InputError, RuleError
from tests.tournament_fixtures import make

SEASON = [
    ("Week 1", 20, ["Anna", "Ben", "Cleo", "José"], ["José", "Cleo", "Ben"]),
    ("Week 2", 20, ["Anna", "Ben", "Dev", "jose"], ["Anna", "jose", "Dev"]),
    ("Week 3", 10, ["Ben", "Cleo", "Dev", "Eli", "Fay"], ["Fay", "Eli", "Ben", "Dev"]),
    ("Week 4", 0, ["Anna", "Cleo", "Eli", "José"], ["Cleo", "Eli", "Anna"]),
    ("Week 5", 20, ["Anna", "Ben", "Cleo", "Dev"], ["Dev", "Ben", "Cleo"]),
]


def play(target, name, buy_in, entrants, busts, knockouts=None):
    """A tournament created through the store, its players registered, drawn and busted
    one by one through the application (the last one left wins)."""
    if isinstance(target, Path):
        make(target, name=name, buy_in=buy_in)
    else:
        from tdtool.io.store_base import create_store
        from tests.tournament_fixtures import created

        with create_store(target, [("tournament.created", created(name=name, buy_in=buy_in))]):
            pass
    players.register(target, entrants)
    seats.draw(target)
    for busted in busts:
        by = (knockouts or {}).get(busted)
        players.bust(target, [busted], by={busted: [by]} if by else None)
    return target


def season(targets):
    """The five weeks at `targets` (Cleo knocks Fay out in week 3)."""
    return [
        play(t, name, buy_in, entrants, busts, {"Fay": "Cleo"} if name == "Week 3" else None)
        for t, (name, buy_in, entrants, busts) in zip(targets, SEASON, strict=True)
    ]


@pytest.fixture
def weeks(tmp_path):
    return season([tmp_path / f"week-{i}.tdtool" for i in range(1, 6)])


TABLE = "name: Club points\nparticipation: 1\npoints:\n  1: 10\n  2: 7\n  3: 5\n  4: 3\n"


def league(cli, tmp_path, weeks, *options):
    """A league over the season; its standings as JSON."""
    path = tmp_path / "spring.league"
    result = cli("league", "new", "Spring", *options, "--league", path)
    assert result.exit_code == 0, result.output
    result = cli("league", "add", *weeks, "--league", path)
    assert result.exit_code == 0, result.output
    out = cli("league", "standings", "--league", path, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def table_of(data):
    return [(line["rank"], line["name"], line["points"]) for line in data["standings"]]


# --- the formulas' own examples --------------------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "place", "buyin", "points"),
    [
        pytest.param(150, 3, 20, 163.09, id="3rd-of-150-at-20"),
        pytest.param(900, 25, 0, 23.88, id="25th-of-900-freeroll"),
        pytest.param(150, 23, 20, 58.90, id="last-of-the-top-15-percent"),
        pytest.param(150, 24, 20, 0, id="outside-the-top-15-percent"),
        pytest.param(3, 1, 0, 6.89, id="a-tiny-field-pays-its-winner"),
    ],
)
def test_pokerstars_formula_published_examples(entries, place, buyin, points):
    from tdtool.tournament.league import pokerstars_points

    assert pokerstars_points(entries, place, buyin) / 100 == points


# --- the season, by formula --------------------------------------------------------------------


def test_pokerstars_season_pays_only_the_top_15_percent(cli, tmp_path, weeks):
    # Fields of 4 and 5: the top 15% is one place, the winner's.
    # 4 at 20: 10 x 2 x (1 + log10 20.25) = 46.13; 5 at 10: 10 x 2.2361 x 2.0107 = 44.96;
    # 4 in a freeroll: 20 x (1 + log10 0.25) = 7.96.
    data = league(cli, tmp_path, weeks, "--formula", "pokerstars")
    assert table_of(data) == [
        (1, "Anna", 92.26),
        (2, "Ben", 46.13),
        (3, "Cleo", 44.96),
        (4, "José", 7.96),
        # Level on 0: no wins, then the best finishes: Dev 2-2-4, Eli 3-4, Fay 5.
        (5, "Dev", 0),
        (6, "Eli", 0),
        (7, "Fay", 0),
    ]
    dev = data["standings"][4]
    assert dev["note"] == "ahead of Eli on best finish"


def test_table_season_with_a_participation_point(cli, tmp_path, weeks):
    table = tmp_path / "points.yaml"
    table.write_text(TABLE)
    data = league(cli, tmp_path, weeks, "--formula", "table", "--table", table)
    # Anna 10+3+7+10, Ben 7+10+5+5, Cleo 5+10+3+7, José 3+5+10, Dev 7+7+3, Eli 3+5, Fay 1.
    assert table_of(data) == [
        (1, "Anna", 30),
        (2, "Ben", 27),
        (3, "Cleo", 25),
        (4, "José", 18),
        (5, "Dev", 17),
        (6, "Eli", 8),
        (7, "Fay", 1),
    ]
    jose = data["standings"][3]
    assert [r and r["place"] for r in jose["results"]] == [4, 3, None, 1, None]


def test_best_n_counts_each_players_best_results_and_breaks_the_tie(cli, tmp_path, weeks):
    table = tmp_path / "points.yaml"
    table.write_text(TABLE)
    data = league(cli, tmp_path, weeks, "--formula", "table", "--table", table, "--best", "3")
    # Best 3: Anna 10+10+7, Ben 10+7+5, Cleo 10+7+5: Ben and Cleo level on 22, one win
    # each; best finish by countback: Ben 1-2-3-3 before Cleo 1-2-3-4.
    assert table_of(data)[:5] == [
        (1, "Anna", 27),
        (2, "Ben", 22),
        (3, "Cleo", 22),
        (4, "José", 18),
        (5, "Dev", 17),
    ]
    ben, cleo = data["standings"][1:3]
    assert ben["note"] == "ahead of Cleo on best finish"
    assert cleo["note"] == "behind Ben on best finish"
    # Ben's week 5 (5 points, his second 3rd place: the later of two equal results) is dropped.
    assert [r and r["counted"] for r in ben["results"]] == [True, True, True, None, False]


def test_players_level_on_every_rule_share_the_place(cli, tmp_path, weeks):
    table = tmp_path / "points.yaml"
    table.write_text(TABLE)
    data = league(
        cli, tmp_path, weeks, "--formula", "table", "--table", table, "--best", "3",
        "--tie-break", "wins",
    )  # fmt: skip
    assert table_of(data)[1:3] == [(2, "Ben", 22), (2, "Cleo", 22)]
    assert data["standings"][1]["shared"] is True
    assert data["standings"][1]["note"] == "shares the place with Cleo"
    assert data["standings"][3]["rank"] == 4


def test_drop_worst_counts_a_missed_event_as_a_worst(cli, tmp_path, weeks):
    table = tmp_path / "points.yaml"
    table.write_text(TABLE)
    data = league(cli, tmp_path, weeks, "--formula", "table", "--table", table, "--drop-worst", "2")
    # 5 events, 2 dropped: each player's 3 best count (José's 3 of 3, Fay's 1).
    assert table_of(data)[:4] == [(1, "Anna", 27), (2, "Ben", 22), (3, "Cleo", 22), (4, "José", 18)]


def test_custom_formula_season_with_knockouts_and_a_three_way_tie(cli, tmp_path, weeks):
    data = league(cli, tmp_path, weeks, "--formula", "beaten + 1 + knockouts")
    # Players beaten + 1: Anna 4+1+3+4, Ben 3+4+3+2, Cleo 2+5+1+3 and her knockout of Fay.
    assert table_of(data) == [
        (1, "Anna", 12),
        (2, "Ben", 12),
        (3, "Cleo", 12),
        (4, "Dev", 8),
        (5, "José", 7),
        (6, "Eli", 4),
        (7, "Fay", 1),
    ]
    anna, ben, cleo = data["standings"][:3]
    assert anna["note"] == "ahead of Ben on wins"  # two wins to one
    assert ben["note"] == "ahead of Cleo on best finish"  # 1-2-3-3 before 1-2-3-4
    assert cleo["note"] == "behind Ben on best finish"


def test_custom_formula_reads_the_buy_in_prize_and_entries(cli, tmp_path, weeks):
    data = league(cli, tmp_path, weeks, "--formula", "max(0, prize - buyin) / 10 + entries / place")
    # Fields of 4 pay one place (the default curve): the winner takes the pool.
    anna = next(line for line in data["standings"] if line["name"] == "Anna")
    # Week 1: (80 - 20) / 10 + 4 = 10; week 2: 4 / 4 = 1; week 4: 4 / 2 = 2; week 5: 10.
    assert [r and r["points"] for r in anna["results"]] == [10, 1, None, 2, 10]


# --- the file, the events, the errors ----------------------------------------------------------


def test_names_are_matched_across_events_as_the_look_ups_fold_them(cli, tmp_path, weeks):
    data = league(cli, tmp_path, weeks)
    names = [line["name"] for line in data["standings"]]
    assert names.count("José") == 1 and "jose" not in names  # the latest spelling shown


def test_an_unfinished_event_is_refused_unless_provisional(cli, tmp_path, weeks):
    path = tmp_path / "spring.league"
    assert cli("league", "new", "Spring", "--league", path).exit_code == 0
    live = play(tmp_path / "week-6.tdtool", "Week 6", 20, ["Anna", "Ben", "Cleo"], ["Cleo"])
    refused = cli("league", "add", live, "--league", path)
    assert refused.exit_code == 1
    assert "still being played" in refused.stderr and "--provisional" in refused.stderr
    added = cli("league", "add", live, "--provisional", "--league", path, "--json")
    assert added.exit_code == 0, added.output
    assert json.loads(added.stdout)["added"][0]["provisional"] is True
    data = json.loads(cli("league", "standings", "--league", path, "--json").stdout)
    assert data["events"][0]["provisional"] is True
    # Anna and Ben still play: counted at 2nd, the worst they can finish.
    assert [(s["name"], s["results"][0]["place"], s["provisional"]) for s in data["standings"]] == [
        ("Anna", 2, True),
        ("Ben", 2, True),
        ("Cleo", 3, True),
    ]
    text = cli("league", "standings", "--league", path)
    assert "provisional" in text.stdout
    players.bust(live, ["Ben"])  # over now: no longer provisional
    data = json.loads(cli("league", "standings", "--league", path, "--json").stdout)
    assert data["events"][0]["provisional"] is False
    assert data["standings"][0]["name"] == "Anna" and data["standings"][0]["points"] > 0


def test_an_event_is_counted_once_even_as_a_copy(cli, tmp_path, weeks):
    import shutil

    path = tmp_path / "spring.league"
    assert cli("league", "new", "Spring", "--league", path).exit_code == 0
    assert cli("league", "add", weeks[0], "--league", path).exit_code == 0
    copy = tmp_path / "copy.tdtool"
    shutil.copy(weeks[0], copy)
    again = cli("league", "add", copy, "--league", path)
    assert again.exit_code == 1 and "already in the league" in again.stderr


def test_the_league_file_is_json_beside_the_tournaments(cli, tmp_path, weeks, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("league", "new", "Spring League").exit_code == 0
    assert cli("league", "add", *[w.name for w in weeks]).exit_code == 0
    data = json.loads((tmp_path / "spring-league.league").read_text())
    assert data["format"] == "tdtool-league" and data["version"] == 1
    assert [e["source"] for e in data["events"]] == [f"week-{i}.tdtool" for i in range(1, 6)]
    assert cli("league", "standings").exit_code == 0  # the one league file in the folder


def test_a_newer_league_file_is_refused(cli, tmp_path):
    path = tmp_path / "x.league"
    assert cli("league", "new", "X", "--league", path).exit_code == 0
    data = json.loads(path.read_text())
    data["version"] = 99
    path.write_text(json.dumps(data))
    result = cli("league", "standings", "--league", path)
    assert result.exit_code == 2 and "newer tdtool" in result.stderr


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        pytest.param("10 * entires", "'entires' at position 6, which is not a fact: did you mean entries", id="unknown-fact"),  # noqa: E501
        pytest.param("sqroot(entries)", "'sqroot' at position 1, which is not a function: did you mean sqrt", id="unknown-function"),  # noqa: E501
        pytest.param("entries.real", "'entries.real' at position 1", id="attribute"),
        pytest.param("__import__('os').system('x')", "position 1", id="import"),
        pytest.param("place < 3", "'place < 3' at position 1", id="comparison"),
        pytest.param("10 * (place", "cannot be read at position", id="unclosed"),
        pytest.param("sqrt(1, 2)", "sqrt() at position 1 takes 1 argument, not 2", id="arity"),
        pytest.param("'a' * 3", "'a' at position 1", id="string"),
    ],
)  # fmt: skip
def test_a_custom_formula_is_checked_when_the_league_is_created(cli, tmp_path, formula, message):
    path = tmp_path / "x.league"
    result = cli("league", "new", "X", "--formula", formula, "--league", path)
    assert result.exit_code == 2
    assert message in result.stderr, result.stderr
    assert not path.exists()


def test_a_formula_with_no_value_names_the_event_and_the_player(cli, tmp_path, weeks):
    path = tmp_path / "x.league"
    made = cli("league", "new", "X", "--formula", "10 / (place - 1)", "--league", path)
    assert made.exit_code == 0
    assert cli("league", "add", weeks[0], "--league", path).exit_code == 0
    result = cli("league", "standings", "--league", path)
    assert result.exit_code == 2
    assert "Week 1, Anna (place 1): the formula '10 / (place - 1)' divides by zero" in result.stderr


def test_a_huge_power_is_an_error_not_a_hang():
    from tdtool.tournament.formula import FormulaError, parse

    with pytest.raises(FormulaError, match="too large"):
        parse("entries ** 9999 ** 9999").evaluate({"entries": 10})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("points:\n  1: 10\n  2: 12\n", "<points>:2: place 2 earns more", id="rising"),
        pytest.param("points:\n  1: 10\n  3: 5\n", "<points>:3: places must follow on from 1", id="gap"),  # noqa: E501
        pytest.param("points: [10, -1]\n", "<points>:1: place 2 must be a number of points", id="negative"),  # noqa: E501
        pytest.param("points: [10.125]\n", "at most two decimals", id="decimals"),
        pytest.param("pionts: [10]\n", "<points>:1: unknown key 'pionts': did you mean 'points'?", id="typo"),  # noqa: E501
        pytest.param("points: [10, 5]\nparticipation: 6\n", "<points>:2: participation (6.00) is more", id="participation"),  # noqa: E501
    ],
)  # fmt: skip
def test_a_points_table_names_the_file_and_line_of_each_problem(text, message):
    from tdtool.io.points_yaml import parse_points_table

    with pytest.raises(InputError) as caught:
        parse_points_table(text)
    assert message in str(caught.value), str(caught.value)


def test_a_points_table_with_ranges():
    from tdtool.io.points_yaml import parse_points_table

    table = parse_points_table("name: Club\nparticipation: 0.5\npoints:\n  1: 10\n  2-3: 6.5\n")
    assert table.places == (1000, 650, 650) and table.points(4) == 50


def test_csv_header_is_pinned(cli, tmp_path, weeks):
    path = tmp_path / "x.league"
    assert cli("league", "new", "X", "--league", path).exit_code == 0
    assert cli("league", "add", *weeks, "--league", path).exit_code == 0
    out = cli("league", "standings", "--league", path, "--csv").stdout
    lines = out.splitlines()
    assert lines[0] == "Rank,Name,Points,Events,Wins,Best,#1,#2,#3,#4,#5,Note"
    assert lines[1] == "1,Anna,92.26,4,2,1,46.13,0.00,,0.00,46.13,"
    printed = tmp_path / "standings.html"
    assert cli("league", "standings", "--league", path, "--print", printed).exit_code == 0
    assert "Anna" in printed.read_text()


def test_rule_errors_are_refusals():
    from tdtool.tournament.league import Rules, Scoring

    with pytest.raises(InputError, match="not both"):
        Rules(Scoring.POKERSTARS, best=3, drop_worst=1).check()
    with pytest.raises(InputError, match="needs a points table"):
        Rules(Scoring.TABLE).check()
    assert issubclass(RuleError, Exception)


@pytest.mark.slow
def test_the_same_season_on_postgresql(cli, tmp_path, pg_server, monkeypatch):
    import uuid

    from tests.pg_server import PASSWORD

    # The league file keeps each URL without its password (it is never written down): the
    # standings log in with PGPASSWORD (or ~/.pgpass), as every command does.
    monkeypatch.setenv("PGPASSWORD", PASSWORD)
    urls = [pg_server.url(f"league-{i}-{uuid.uuid4().hex[:8]}") for i in range(1, 6)]
    season(urls)
    data = league(cli, tmp_path, urls, "--formula", "beaten + 1 + knockouts")
    assert table_of(data)[:3] == [(1, "Anna", 12), (2, "Ben", 12), (3, "Cleo", 12)]
    assert all(e["source"].startswith("postgresql://") for e in data["events"])
    assert not any(PASSWORD in e["source"] for e in data["events"])
    assert PASSWORD not in (tmp_path / "spring.league").read_text()


def test_the_standings_sheet_prints_across_the_page_once_it_has_a_column_per_event(
    cli, tmp_path, weeks
):
    # Issue 26, the sheet looked at as a PDF: with five events in portrait the names and the
    # notes wrapped a word a line. From four events the sheet is landscape, on either paper.
    path = tmp_path / "x.league"
    assert cli("league", "new", "X", "--league", path).exit_code == 0
    assert cli("league", "add", *weeks, "--league", path).exit_code == 0
    printed = tmp_path / "standings.html"
    for paper, page in ((None, "size: landscape;"), ("letter", "size: letter landscape;")):
        extra = ["--paper", paper] if paper else []
        done = cli("league", "standings", "--league", path, "--print", printed, *extra)
        assert done.exit_code == 0, done.output
        assert page in printed.read_text()
    short = tmp_path / "y.league"
    assert cli("league", "new", "Y", "--league", short).exit_code == 0
    assert cli("league", "add", *weeks[:2], "--league", short).exit_code == 0
    assert cli("league", "standings", "--league", short, "--print", printed).exit_code == 0
    assert "landscape" not in printed.read_text()


def test_a_place_shared_by_many_says_how_many_not_who():
    """A tie of up to three names them; more say how many share the place (every player still
    on 0 points of a first provisional event listed 21 names on each of 22 lines, and the
    printed standings ran to six pages), in the standings' language."""
    from tdtool.tournament.league import Tie

    assert Tie("shares", ("Ana", "Ben", "Cleo")).text() == "shares the place with Ana, Ben, Cleo"
    many = Tie("shares", tuple(f"P{i}" for i in range(21)))
    assert many.text() == "shares the place with 21 other players"
    assert many.text("de") == "teilt den Platz mit 21 anderen Spielern"
    assert many.text("ro") == "împarte locul cu alți 21 de jucători"
    assert Tie("shares", tuple("ABCD")).text("ro") == "împarte locul cu alți 4 jucători"
