"""Flights: a Day 1 played in several flights, each its own tournament file, combined into
one Day 2 (`tdtool flights combine`), end to end through the CLI."""

from __future__ import annotations

import json
import re

import markupsafe
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdtool.errors import InputError
from tdtool.tournament.flights import FlightDay, plan_next_day
from tdtool.tournament.structure import Day, Level, Structure
from tdtool.tournament.terms import Terms
from tests.conftest import ROOT

STRUCTURE_YAML = """\
name: Flights Test
starting_stack: 10000
level_minutes: 20
late_registration: 2
levels:
  - blinds: 25/50
  - blinds: 50/100
  - break: 60
    name: Dinner break
  - blinds: 75/150
  - day: 2
  - blinds: 100/200
  - blinds: 150/300
"""


def ok(result):
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def played_flights(tmp_path_factory):
    """The two flights of `flights`, played once for the module (each test gets a copy)."""
    from typer.testing import CliRunner

    from tdtool.cli import app

    runner = CliRunner()

    def cli(*args):
        return runner.invoke(app, [str(a) for a in args])

    tmp_path = tmp_path_factory.mktemp("flights")
    (tmp_path / "s.yaml").write_text(STRUCTURE_YAML)

    def flight(stem, name, players, busts, bags):
        db = tmp_path / f"{stem}.tdtool"
        ok(cli("--db", db, "new", name, "-s", tmp_path / "s.yaml", "--buy-in", "100",
               "--fee", "10"))  # fmt: skip
        ok(cli("--db", db, "player", "add", *players))
        ok(cli("--db", db, "seat", "draw"))
        ok(cli("--db", db, "clock", "start"))
        for name_out in busts:
            ok(cli("--db", db, "player", "bust", name_out, "--yes"))
        for _ in range(4):  # level 1, 2, the dinner break, level 3: the end of day 1
            ok(cli("--db", db, "clock", "next"))
        ok(cli("--db", db, "player", "chips", *[str(x) for pair in bags for x in pair]))
        return db

    a = flight("1a", "Main Day 1A", ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn"],
               ["Ben", "Dan"], [("Anna", 21000), ("Cleo", 9000), ("Eve", 15000),
                                ("Finn", 15000)])  # fmt: skip
    b = flight("1b", "Main Day 1B", ["Anna", "Gus", "Hal", "Ivy", "Jo"], ["Gus"],
               [("Anna", 30000), ("Hal", 5000), ("Ivy", 7000), ("Jo", 8000)])  # fmt: skip
    return a, b


@pytest.fixture
def flights(played_flights, tmp_path):
    """Day 1A (6 entries, Anna bags 21,000) and Day 1B (5 entries, Anna bags 30,000), both
    played to the end of level 3, the last level of day 1, and bagged: copies in this test's
    folder, with the structure file beside them."""
    import shutil

    folder = played_flights[0].parent
    for path in folder.iterdir():
        shutil.copy2(path, tmp_path / path.name)
    return tuple(tmp_path / db.name for db in played_flights)


def test_two_flights_into_a_day_2_with_a_reentry_across_flights(cli, tmp_path, flights):
    a, b = flights
    day2 = tmp_path / "day2.tdtool"
    result = ok(cli("--db", day2, "flights", "combine", a, b, "--name", "Main Day 2"))
    out = result.stdout
    assert "Day 2 of 11 entries from 2 flights" in out
    assert "Anna also bagged 21,000 in Main Day 1A: that bag does not advance" in out
    assert "Day 2 resumes at level 4 with 20:00 left." in out

    status = json.loads(ok(cli("--db", day2, "status", "--json")).stdout)
    # The prize pool and the places paid are the event's: every flight's entries.
    assert (status["entries"], status["players_left"], status["prize_pool"]) == (11, 7, 1100)
    assert status["chips_in_play"] == 21000 - 21000 + 30000 + 9000 + 15000 * 2 + 5000 + 7000 + 8000
    origin = status["from_flights"]
    assert (origin["day"], origin["rule"], origin["advanced"], origin["forfeited"]) == (
        2, "best", 7, 1)  # fmt: skip
    assert [(f["name"], f["entries"], f["survivors"]) for f in origin["flights"]] == [
        ("Main Day 1A", 6, 4), ("Main Day 1B", 5, 4)]  # fmt: skip
    clock = status["clock"]
    assert (clock["day"], clock["level"], clock["status"]) == (2, 4, "not started")
    assert clock["remaining_seconds"] == 20 * 60
    assert sum(t["players"] for t in status["tables"]) == 7

    players = {p["name"]: p for p in json.loads(ok(cli("--db", day2, "player", "list",
                                                       "--json")).stdout)}  # fmt: skip
    assert set(players) == {"Anna", "Cleo", "Eve", "Finn", "Hal", "Ivy", "Jo"}
    assert all(p["status"] == "seated" for p in players.values())
    shown = ok(cli("--db", day2, "status")).stdout
    assert "From flights" in shown and "Main Day 1A 6 entries/4 bagged" in shown
    log = ok(cli("--db", day2, "log")).stdout
    assert "Day 2 from 2 flights, 11 entries in all" in log
    assert "Anna (Main Day 1A 21,000)" in log

    # Day 2 plays on: the first bust finishes 7th of the event, paid as the event's field.
    ok(cli("--db", day2, "clock", "start"))
    busted = json.loads(ok(cli("--db", day2, "player", "bust", "Hal", "--yes", "--json")).stdout)
    assert busted["busted"][0]["place"] == 7
    payouts = json.loads(ok(cli("--db", day2, "payouts", "--json")).stdout)
    assert (payouts["entries"], payouts["prize_pool"]) == (11, 1100)
    # The flights themselves are not changed.
    assert json.loads(ok(cli("--db", a, "status", "--json")).stdout)["players_left"] == 4


@pytest.mark.parametrize(
    ("rule", "chips", "flight"), [("last", 30000, "Main Day 1B"), ("first", 21000, "Main Day 1A")]
)
def test_the_house_rule_for_a_player_in_two_flights(cli, tmp_path, flights, rule, chips, flight):
    day2 = tmp_path / "day2.tdtool"
    data = json.loads(ok(cli("--db", day2, "flights", "combine", *flights, "--name", "D2",
                             "--flight-reentry", rule, "--json")).stdout)  # fmt: skip
    anna = next(p for p in data["players"] if p["name"] == "Anna")
    assert (anna["chips"], anna["flight"], data["rule"]) == (chips, flight, rule)
    assert json.loads(ok(cli("--db", day2, "terms", "--json")).stdout)["flight_reentry"] == rule


def test_the_flights_term_decides_when_the_command_does_not(cli, tmp_path, flights):
    for db in flights:
        ok(cli("--db", db, "terms", "--flight-reentry", "last"))  # after busts: a day term
    data = json.loads(ok(cli("--db", tmp_path / "d2.tdtool", "flights", "combine", *flights,
                             "--name", "D2", "--json")).stdout)  # fmt: skip
    assert data["rule"] == "last"


def error_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


def nothing_written(tmp_path, before: set) -> None:
    assert set(tmp_path.iterdir()) == before


def test_a_player_in_two_flights_is_refused_when_reentry_is_forbidden(cli, tmp_path, flights):
    before = set(tmp_path.iterdir())
    line = error_line(cli("flights", "combine", *flights, "--name", "D2",
                          "--flight-reentry", "forbid"))  # fmt: skip
    assert "Flight " + str(flights[1]) in line and "Anna also played Main Day 1A" in line
    nothing_written(tmp_path, before)


def test_a_missing_flight_file_is_named(cli, tmp_path, flights):
    before = set(tmp_path.iterdir())
    missing = tmp_path / "1c.tdtool"
    line = error_line(cli("flights", "combine", *flights, missing, "--name", "D2"))
    assert line == f"Error: Flight {missing} does not exist; give each flight's tournament file."
    nothing_written(tmp_path, before)


def test_a_flight_whose_day_has_not_ended_is_named(cli, tmp_path, flights):
    a, b = flights
    ok(cli("--db", b, "clock", "resume"))  # 1B plays on into day 2
    before = set(tmp_path.iterdir())
    line = error_line(cli("flights", "combine", a, b, "--name", "D2"))
    assert line.startswith(f"Error: Flight {b}: Main Day 1B has not ended its day (level 4")
    assert f"end it with `tdtool --db {b} clock end-day`" in line  # to paste, the file named
    nothing_written(tmp_path, before)


def test_a_survivor_without_a_bag_count_is_named(cli, tmp_path, flights):
    a, b = flights
    ok(cli("--db", b, "undo"))  # the bag counts of 1B
    before = set(tmp_path.iterdir())
    line = error_line(cli("flights", "combine", a, b, "--name", "D2"))
    assert f"Flight {b}: 4 player(s) left without a bagged count (Anna, Hal, Ivy, Jo)" in line
    assert f"record the bags with `tdtool --db {b} player chips NAME AMOUNT`" in line
    nothing_written(tmp_path, before)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--flight-reentry", "sometimes"], "'--flight-reentry': 'sometimes'; give one of best"),
        (["--name", " "], "--name: give the new day a name"),
    ],
)
def test_bad_options_are_named(cli, tmp_path, flights, args, expected):
    before = set(tmp_path.iterdir())
    line = error_line(cli("flights", "combine", *flights, "--name", "D2", *args))
    assert expected in line
    nothing_written(tmp_path, before)


def test_the_new_day_is_never_written_over_a_flight(cli, tmp_path, flights):
    line = error_line(cli("--db", flights[0], "flights", "combine", *flights, "--name", "D2"))
    assert "--db 1a.tdtool is one of the flights" in line


def test_the_dry_run_writes_nothing(cli, tmp_path, flights):
    before = set(tmp_path.iterdir())
    result = ok(cli("flights", "combine", *flights, "--name", "D2", "--dry-run"))
    assert "Would create D2: Day 2 of 11 entries" in result.stdout
    assert "Nothing was written (--dry-run)." in result.stdout
    nothing_written(tmp_path, before)


def test_the_combine_json_is_as_docs_cli_md_shows(cli, tmp_path, flights):
    from tests.test_docs import _matches

    page = (ROOT / "docs" / "cli.md").read_text()
    shown = re.search(r"<!-- flights combine --json -->\n```json\n(.*?)```", page, re.S)
    assert shown, "docs/cli.md documents `tdtool flights combine --json`"
    doc = json.loads(shown.group(1))
    data = json.loads(ok(cli("--db", tmp_path / "d2.tdtool", "flights", "combine", *flights,
                             "--name", "D2", "--json")).stdout)  # fmt: skip
    assert _matches(doc, data, "combine") == []
    assert set(data) == set(doc)  # every key printed is documented
    status = json.loads(ok(cli("--db", tmp_path / "d2.tdtool", "status", "--json")).stdout)
    origin = re.search(r"while `players_left` counts this day:\n\n```json\n(.*?)```", page, re.S)
    assert origin, "docs/cli.md shows `from_flights` of `status --json`"
    assert _matches(json.loads(origin.group(1)), status["from_flights"], "from_flights") == []
    assert set(status["from_flights"]) == set(json.loads(origin.group(1)))


# --- the plan, in the core ----------------------------------------------------------------------

S = Structure("s", 1000, (Level(1, 5, 10, 20), Level(2, 10, 20, 20)), days=(Day(1, 1), Day(2, 2)))


def flight(source, survivors, level=2, left=1200, index=1, ended=True, **terms) -> FlightDay:
    return FlightDay(source, f"Day 1{source[0].upper()}", S, Terms(**{"buy_in": 100, **terms}),
                     len(survivors) + 2, 0, 0, tuple(n for n, _ in survivors), tuple(survivors),
                     1, ended, level, left, index)  # fmt: skip


def test_the_best_stack_advances_and_a_tie_goes_to_the_earlier_flight():
    plan = plan_next_day([flight("a", [("Ann", 500), ("Bo", 700)]),
                          flight("b", [("ann", 500), ("Bo", 900)])])  # fmt: skip
    assert [(b.name, b.chips, b.flight) for b in plan.advancing] == [
        ("Ann", 500, "Day 1A"), ("Bo", 900, "Day 1B")]  # fmt: skip
    assert [(b.name, b.flight) for b in plan.forfeited] == [("ann", "Day 1B"), ("Bo", "Day 1A")]
    assert (plan.day, plan.level, plan.seconds_left, plan.entries) == (2, 2, 1200, 8)


def test_flights_ended_at_different_points_resume_at_the_furthest():
    plan = plan_next_day([flight("a", [("Ann", 500)], level=1, left=300, index=0),
                          flight("b", [("Bo", 700)], level=1, left=120, index=0)])  # fmt: skip
    assert (plan.level, plan.seconds_left) == (1, 120)
    assert "the furthest, Day 1B, ended: level 1 with 02:00 left" in plan.resume_note


def test_flights_with_other_money_terms_are_refused():
    with pytest.raises(InputError, match="Flight b: its buy-in \\(200\\) differs from a's"):
        plan_next_day([flight("a", [("Ann", 5)]), flight("b", [("Bo", 7)], buy_in=200)])


def test_flights_and_their_day_2_on_a_postgresql_server(cli, tmp_path, pg_server):
    from tests.conftest import Backend

    backend = Backend("postgresql", tmp_path, pg_server)
    (tmp_path / "s.yaml").write_text(STRUCTURE_YAML)
    urls = []
    for stem, players in (("a", ["Ann", "Bo", "Cy"]), ("b", ["Ann", "Di", "Ed"])):
        url = str(backend.target(f"flight-{stem}"))
        ok(cli("--db", url, "new", f"Day 1{stem.upper()}", "-s", tmp_path / "s.yaml",
               "--buy-in", "50"))  # fmt: skip
        ok(cli("--db", url, "player", "add", *players))
        ok(cli("--db", url, "clock", "start"))
        ok(cli("--db", url, "clock", "end-day"))
        ok(cli("--db", url, "player", "chips", *[x for p in players for x in (p, "10000")]))
        urls.append(url)
    day2 = str(backend.target("day-2"))
    data = json.loads(ok(cli("--db", day2, "flights", "combine", *urls, "--name", "Day 2",
                             "--json")).stdout)  # fmt: skip
    assert (data["entries"], len(data["players"]), len(data["forfeited"])) == (6, 5, 1)
    from tests.pg_server import PASSWORD

    assert PASSWORD not in json.dumps(data)  # the flights are named without the password
    assert data["flights"][0]["source"].startswith("postgresql://")
    assert PASSWORD not in ok(cli("--db", day2, "log")).stdout
    status = json.loads(ok(cli("--db", day2, "status", "--json")).stdout)
    assert (status["prize_pool"], status["players_left"]) == (300, 5)


_names = st.sampled_from(["Ann", "ann", "Bo", "Cy", "Di", "Ed"])
_flight_bags = st.lists(
    st.dictionaries(_names, st.integers(1, 100_000), min_size=1, max_size=5), min_size=2,
    max_size=4,
)  # fmt: skip


@given(_flight_bags, st.sampled_from(["best", "last", "first"]))
def test_every_bag_advances_or_is_forfeited_and_each_player_advances_once(bags, rule):
    flights = [flight(f"{chr(97 + i)}.tdtool", list(b.items())) for i, b in enumerate(bags)]
    plan = plan_next_day(flights, rule)
    names = [b.name.casefold() for b in plan.advancing]
    assert len(names) == len(set(names)) == len({n.casefold() for b in bags for n in b})
    everything = sorted(c for b in bags for c in b.values())
    assert sorted(b.chips for b in plan.advancing + plan.forfeited) == everything
    for bag in plan.advancing:
        mine = [b[n] for b in bags for n in b if n.casefold() == bag.name.casefold()]
        expected = {"best": max(mine), "last": mine[-1], "first": mine[0]}[rule]
        assert bag.chips == expected


def test_flights_with_bounties_are_refused_by_name():
    with pytest.raises(InputError, match="Flight a: Day 1A has bounties; carrying each player"):
        plan_next_day([flight("a", [("Ann", 5)], bounty=20), flight("b", [("Bo", 7)], bounty=20)])


@pytest.mark.slow
def test_the_day_2_sheets_count_the_events_entries_and_print_in_chromium(cli, tmp_path, flights):
    """The printed results of a Day 2 once said "7 entries" (the players who advanced) while
    the screen said 11: every sheet counts the event's entries, every flight's."""
    from tests.browser import CHROMIUM, headless
    from tests.test_structure_render import page_count

    day2 = tmp_path / "day2.tdtool"
    ok(cli("--db", day2, "flights", "combine", *flights, "--name", "Main Day 2"))
    sheets = {name: tmp_path / f"{name}.html" for name in ("seats", "structure", "payouts")}
    ok(cli("--db", day2, "seat", "print", "list", "-o", sheets["seats"]))
    ok(cli("--db", day2, "structure", "print", "-o", sheets["structure"], "--paper", "letter"))
    ok(cli("--db", day2, "payouts", "--print", sheets["payouts"]))
    ok(cli("--db", day2, "clock", "start"))
    for name in ("Hal", "Ivy", "Jo", "Cleo", "Finn", "Eve"):
        ok(cli("--db", day2, "player", "bust", name, "--yes"))
    sheets["results"] = tmp_path / "results.html"
    ok(cli("--db", day2, "report", "--print", sheets["results"]))
    results = sheets["results"].read_text()
    assert "<span>11 entries</span> &middot; <span>prize pool 1,100</span>" in results
    assert "7 entries" not in results
    assert "Prize pool: 1,100 from 11 entries." in sheets["payouts"].read_text()
    assert "<h1>Main Day 2</h1>" in sheets["structure"].read_text()
    if CHROMIUM is None:
        pytest.skip("headless Chromium is not installed")
    for name, sheet in sheets.items():
        pdf = tmp_path / f"{name}.pdf"
        headless(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", sheet.as_uri())
        assert page_count(pdf.read_bytes()) == 1, name


def test_one_flight_file_given_under_two_names_is_refused(cli, tmp_path, flights, monkeypatch):
    a, b = flights
    monkeypatch.chdir(tmp_path)
    before = set(tmp_path.iterdir())
    line = error_line(cli("flights", "combine", "1a.tdtool", b, a, "--name", "D2"))
    assert line == f"Error: Flight {a} is 1a.tdtool again (the same file); give each flight once."
    nothing_written(tmp_path, before)


def test_a_copy_of_a_flight_file_is_refused(cli, tmp_path, flights):
    import shutil

    a, b = flights
    copy = shutil.copy(a, tmp_path / "1c.tdtool")
    before = set(tmp_path.iterdir())
    line = error_line(cli("flights", "combine", a, b, copy, "--name", "D2"))
    assert line == (
        f"Error: Flight {copy}: it is Main Day 1A again, the flight in {a} (a copy of the same"
        " tournament); give each flight once."
    )
    nothing_written(tmp_path, before)


def test_flights_of_other_buy_ins_or_structures_are_refused_naming_both(cli, tmp_path, flights):
    a, _ = flights
    (tmp_path / "deeper.yaml").write_text(STRUCTURE_YAML.replace("10000", "15000"))
    made = {}
    for stem, structure, buy_in in (("1c", "s.yaml", "150"), ("1d", "deeper.yaml", "100")):
        db = made[stem] = tmp_path / f"{stem}.tdtool"
        ok(cli("--db", db, "new", f"Main Day {stem}", "-s", tmp_path / structure,
               "--buy-in", buy_in, "--fee", "10"))  # fmt: skip
        ok(cli("--db", db, "player", "add", "Kim", "Lou"))
        ok(cli("--db", db, "seat", "draw"))
        ok(cli("--db", db, "clock", "start"))
        ok(cli("--db", db, "clock", "end-day"))
        ok(cli("--db", db, "player", "chips", "Kim", "9000", "Lou", "11000"))
    before = set(tmp_path.iterdir())
    line = error_line(cli("flights", "combine", a, made["1c"], "--name", "D2"))
    assert f"Flight {made['1c']}: its buy-in (150) differs from {a}'s (100);" in line
    line = error_line(cli("flights", "combine", a, made["1d"], "--name", "D2"))
    assert (
        f"Flight {made['1d']}: its structure (Flights Test) is not {a}'s (its levels, stack or"
        " days differ)" in line
    )
    nothing_written(tmp_path, before)


def test_bags_that_do_not_add_up_are_named_and_advance_as_recorded(cli, tmp_path, flights):
    """A flight's bags are checked against the chips it sold: a difference is named at the
    combine (where the bags become Day 2's stacks), and the bags advance as recorded."""
    a, b = flights
    ok(cli("--db", b, "player", "chips", "Hal", "4000"))  # 1,000 short of 50,000
    result = ok(cli("--db", tmp_path / "d2.tdtool", "flights", "combine", a, b, "--name", "D2"))
    lines = result.stdout.splitlines()
    assert (
        f"  Check the bags of Main Day 1B: they add up to 49,000, 1,000 short of the 50,000 in"
        f" play (`tdtool --db {b} chips show`); they advance as recorded."
    ) in lines
    assert not any("Check the bags of Main Day 1A" in line for line in lines)
    data = json.loads(ok(cli("flights", "combine", a, b, "--name", "D2", "--dry-run",
                             "--json")).stdout)  # fmt: skip
    assert [(f["bagged"], f["chips_in_play"]) for f in data["flights"]] == [
        (60000, 60000), (49000, 50000)]  # fmt: skip
    assert next(p for p in data["players"] if p["name"] == "Hal")["chips"] == 4000


def test_the_flights_help_says_how_to_make_a_flight_and_its_examples_fit_80_columns(cli):
    shown = ok(cli("flights", "--help", env={"COLUMNS": "80"})).stdout
    assert "Each flight is a tournament of its own (`tdtool --db 1a.tdtool new 'Main Day" in shown
    assert "record the bags with" in shown and "`player chips`" in shown
    assert " Example: tdtool flights combine 1a.tdtool 1b.tdtool --name 'Main Day 2' " in shown
    combine = ok(cli("flights", "combine", "--help", env={"COLUMNS": "80"})).stdout
    assert ' Example: tdtool flights combine 1a.tdtool 1b.tdtool --name "Main Day 2" ' in combine


def test_undo_of_a_combined_day_is_refused_saying_to_delete_it_and_combine_again(
    cli, tmp_path, flights
):
    a, b = flights
    day2 = tmp_path / "day2.tdtool"
    ok(cli("--db", day2, "flights", "combine", a, b, "--name", "Main Day 2"))
    ok(cli("--db", day2, "clock", "start"))
    assert "Clock started" in ok(cli("--db", day2, "undo", "--yes")).stdout
    refused = cli("--db", day2, "undo", "--yes")
    assert refused.exit_code == 1
    assert refused.stderr.strip() == (
        "Error: Nothing to undo: Day 2 was made from the flights in one change (`flights"
        " combine`), which only deleting the file takes back; the flights are unchanged, so"
        " delete it and combine them again."
    )
    status = json.loads(ok(cli("--db", day2, "status", "--json")).stdout)
    assert status["players_left"] == 7 and status["from_flights"]["day"] == 2
    day2.unlink()
    ok(cli("--db", day2, "flights", "combine", a, b, "--name", "Main Day 2"))


def test_the_day_2_report_says_how_many_entries_ended_in_the_flights(cli, tmp_path, flights):
    """11 entries over 7 rows read as 4 lost: the report says they ended in the flights."""
    a, b = flights
    day2 = tmp_path / "day2.tdtool"
    ok(cli("--db", day2, "flights", "combine", a, b, "--name", "Main Day 2"))
    sheet = tmp_path / "results.html"
    shown = ok(cli("--db", day2, "report", "--print", sheet)).stdout
    line = (
        "4 entries of the 11 ended in the flights (each flight's own report lists them); the"
        " places here are the event's."
    )
    assert line in shown.splitlines()
    assert str(markupsafe.escape(line)) in sheet.read_text()  # the printed sheet says it too
    assert "ended in the flights" not in ok(cli("--db", a, "report")).stdout


def test_a_flight_never_played_is_named_as_such_not_told_to_end_its_day(cli, tmp_path, flights):
    """`clock end-day` refuses a clock never started: the hint to end the day misled."""
    a, _ = flights
    c = tmp_path / "1c.tdtool"
    ok(cli("--db", c, "new", "Main Day 1C", "-s", tmp_path / "s.yaml", "--buy-in", "100",
           "--fee", "10"))  # fmt: skip
    before = set(tmp_path.iterdir())
    line = error_line(cli("flights", "combine", a, c, "--name", "D2"))
    assert line == (
        f"Error: Flight {c}: Main Day 1C has not been played (its clock was never started); a"
        " flight is combined once its day has ended and the bags are recorded."
    )
    nothing_written(tmp_path, before)


def test_the_flights_day_end_terms_are_not_carried_into_the_next_day(cli, tmp_path, flights):
    """Flights that played down to 4 players (--day-ends-at 4) once made a Day 2 that ended
    again at 4 players left and announced a Day 3."""
    for db in flights:
        ok(cli("--db", db, "terms", "--day-ends-at", "4", "--day-ends-after", "3"))
    day2 = tmp_path / "day2.tdtool"
    ok(cli("--db", day2, "flights", "combine", *flights, "--name", "Main Day 2"))
    terms = json.loads(ok(cli("--db", day2, "terms", "--json")).stdout)
    assert (terms["day_ends_at"], terms["day_ends_after"]) == (None, None)
    ok(cli("--db", day2, "clock", "start"))
    for name in ("Hal", "Ivy", "Jo"):
        ok(cli("--db", day2, "player", "bust", name, "--yes"))
    clock = json.loads(ok(cli("--db", day2, "status", "--json")).stdout)["clock"]
    assert (clock["day"], clock["day_ended"], clock["running"]) == (2, False, True)


def test_flights_of_one_name_are_told_apart_by_their_files(cli, tmp_path, flights):
    """Two flights each created as "Main Event": the counts per flight and the forfeited bag
    name each by its file (by name alone, 1A's advancing players were counted twice)."""
    a, _ = flights
    b = tmp_path / "1b-same-name.tdtool"
    ok(cli("--db", b, "new", "Main Day 1A", "-s", tmp_path / "s.yaml", "--buy-in", "100",
           "--fee", "10"))  # fmt: skip
    ok(cli("--db", b, "player", "add", "Anna", "Gus", "Hal"))
    ok(cli("--db", b, "seat", "draw"))
    ok(cli("--db", b, "clock", "start"))
    for _ in range(4):
        ok(cli("--db", b, "clock", "next"))
    ok(cli("--db", b, "player", "chips", "Anna", "5000", "Gus", "10000", "Hal", "15000"))
    out = ok(cli("flights", "combine", a, b, "--name", "D2", "--dry-run")).stdout
    assert f"  Main Day 1A ({a}): 6 entries, 4 bagged, 4 advance." in out
    assert f"  Main Day 1A ({b}): 3 entries, 3 bagged, 2 advance." in out
    assert (
        f"  Anna also bagged 5,000 in Main Day 1A ({b}): that bag does not advance (21,000 from"
        f" Main Day 1A ({a}) does)."
    ) in out


@pytest.mark.parametrize("dry_run", [[], ["--dry-run"]])
def test_too_few_tables_for_the_next_day_names_the_combines_option(cli, tmp_path, flights, dry_run):
    """The draw's refusal named `tdtool new --tables` (exit 1), and a dry run let it pass."""
    before = set(tmp_path.iterdir())
    line = error_line(cli("flights", "combine", *flights, "--name", "D2", "--tables", "1",
                          "--seats", "3", *dry_run))  # fmt: skip
    assert line == (
        "Error: --tables 1: The players need 3 tables of 3 seats but only 1 is available; give"
        " flights combine more --tables (or more --seats)."
    )
    nothing_written(tmp_path, before)
