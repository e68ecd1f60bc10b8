"""Multi-day events: a day ends at a set level or player count, the clock stops there, the
players bag, and the next day resumes at the right level with the time left."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdtool.io.structure_yaml import StructureFileError, dump_structure, parse_structure
from tdtool.tournament.clock import ClockAction, ClockFact, act, reading
from tdtool.tournament.structure import (
    Break,
    Day,
    Level,
    Structure,
    structure_from_dict,
    structure_to_dict,
)

TWO_DAYS_YAML = """\
name: Two-day Test
starting_stack: 10000
level_minutes: 20
late_registration: 2
levels:
  - day: 1
    start: "12:00"
  - blinds: 25/50
  - blinds: 50/100
  - break: 60
    name: Dinner break
  - blinds: 75/150
  - day: 2
    start: "13:00"
  - blinds: 100/200
  - break: 15
  - blinds: 150/300
"""

S = Structure(
    "two days",
    10_000,
    (
        Level(1, 25, 50, 20),
        Level(2, 50, 100, 20),
        Break(60, name="Dinner break"),
        Level(3, 75, 150, 20),
        Level(4, 100, 200, 20),
        Break(15),
        Level(5, 150, 300, 20),
    ),
    days=(Day(1, 1, 720), Day(2, 4, 780)),
)
DAY_1_MINUTES = 20 + 20 + 60 + 20


def start(at: float = 0.0) -> list[ClockFact]:
    return [ClockFact(ClockAction.START, at)]


# --- the structure file -----------------------------------------------------------------


def test_day_lines_in_a_structure_file_plan_the_days():
    s = parse_structure(TWO_DAYS_YAML, "two.yaml").structure
    assert s.days == (Day(1, 1, 720), Day(2, 4, 780))
    assert s.day_ends == (3,)
    assert [s.day_of(n) for n in (1, 3, 4, 5)] == [1, 1, 2, 2]
    assert s.periods[2] == Break(60, (), "Dinner break")
    assert s == S.__class__(**{**S.__dict__, "name": "Two-day Test", "late_registration": 2})


def test_days_and_break_names_are_written_back_and_stored_only_when_given():
    s = parse_structure(TWO_DAYS_YAML, "two.yaml").structure
    assert parse_structure(dump_structure(s), "again.yaml").structure == s
    assert structure_from_dict(structure_to_dict(s)) == s
    one_day = Structure("x", 1000, (Level(1, 5, 10, 20), Break(10), Level(2, 10, 20, 20)))
    stored = structure_to_dict(one_day)
    assert "days" not in stored and "name" not in stored["periods"][1]


def test_day_1_may_be_left_unmarked():
    text = TWO_DAYS_YAML.replace('  - day: 1\n    start: "12:00"\n', "")
    s = parse_structure(text, "two.yaml").structure
    assert s.days == (Day(1, 1, None), Day(2, 4, 780))


WRONG_DAYS = [
    (("  - day: 2\n", "  - day: 3\n"), "two.yaml:13: day before level 4: days are numbered"),
    (
        ('    start: "13:00"\n', "    start: lunch\n"),
        "two.yaml:14: day before level 4: start must be a time",
    ),
    (
        ("  - blinds: 150/300\n", "  - blinds: 150/300\n  - day: 3\n"),
        "two.yaml:18: day before level 6: has no level of its own",
    ),
    (
        ("    name: Dinner break\n", "    name: Dinner break\n    minutes: 5\n"),
        "`minutes` belongs to a level, not a break",
    ),
]


@pytest.mark.parametrize(("change", "message"), WRONG_DAYS)
def test_a_wrong_day_line_is_named_by_file_and_line(change, message):
    with pytest.raises(StructureFileError) as caught:
        parse_structure(TWO_DAYS_YAML.replace(*change), "two.yaml")
    assert message in str(caught.value)


def test_the_bundled_main_event_plans_five_days_with_dinner_breaks():
    from tdtool.io.structure_yaml import load_structure

    s = load_structure("main-event")
    assert [d.number for d in s.days] == [1, 2, 3, 4, 5]
    assert s.day_ends == (5, 10, 15, 20)
    assert sum(isinstance(p, Break) and p.name == "Dinner break" for p in s.periods) == 5


# --- the clock ------------------------------------------------------------------------------


def test_the_clock_stops_at_the_end_of_the_days_last_level_and_does_not_run_on():
    end = DAY_1_MINUTES * 60
    before = reading(start(), S, now=end - 30)
    assert (before.level.number, before.remaining_seconds, before.day) == (3, 30, 1)
    assert (before.day_last_level, before.seconds_to_day_end) == (3, 30)
    for later in (end, end + 1, end + 12 * 3600):  # the next morning, still stopped
        r = reading(start(), S, now=later)
        assert r.day_ended and not r.running and r.status.value == "paused"
        assert (r.day, r.level.number, r.remaining_seconds) == (1, 4, 20 * 60)


def test_resume_the_next_morning_begins_day_2_at_its_first_level_in_full():
    night = DAY_1_MINUTES * 60 + 5000
    facts = [*start(), ClockFact(ClockAction.RESUME, night)]
    r = reading(facts, S, now=night + 90)
    assert (r.day, r.day_ended, r.running) == (2, False, True)
    assert (r.level.number, r.remaining_seconds) == (4, 20 * 60 - 90)
    assert r.day_last_level is None  # day 2 is the last day planned


def test_a_day_ended_early_keeps_the_time_left_for_the_next_day():
    facts = [*start(), ClockFact(ClockAction.END_DAY, 25 * 60)]  # 15:00 left in level 2
    r = reading(facts, S, now=40 * 3600)
    assert (r.day_ended, r.level.number, r.remaining_seconds) == (True, 2, 15 * 60)
    r = reading([*facts, ClockFact(ClockAction.RESUME, 50_000)], S, now=50_060)
    assert (r.day, r.level.number, r.remaining_seconds, r.running) == (2, 2, 14 * 60, True)


def test_clock_next_on_the_days_last_level_ends_the_day():
    facts = [*start(), *(ClockFact(ClockAction.NEXT, 10) for _ in range(3))]
    assert reading(facts, S, now=11).level.number == 3
    r = reading([*facts, ClockFact(ClockAction.NEXT, 20)], S, now=30)
    assert (r.day_ended, r.level.number, r.remaining_seconds) == (True, 4, 20 * 60)


def test_a_term_ends_a_day_at_a_level_of_a_structure_without_days():
    plain = Structure("x", 1000, tuple(p for p in S.periods), days=())
    end_of_2 = 40 * 60
    assert not reading(start(), plain, now=end_of_2 + 5).day_ended
    r = reading(start(), plain, now=end_of_2 + 5, day_ends=(2,))
    assert r.day_ended and r.level.number == 3  # the dinner break after level 2 is skipped


def test_a_new_days_clock_begins_at_its_level_with_the_time_left():
    facts = [ClockFact(ClockAction.DAY, 0, 11 * 60, level=4, day=2)]
    r = reading(facts, S, now=500)
    assert (r.status.value, r.day, r.level.number) == ("not started", 2, 4)
    assert r.remaining_seconds == 660
    r = reading([*facts, ClockFact(ClockAction.START, 1000)], S, now=1060)
    assert (r.running, r.day, r.level.number, r.remaining_seconds) == (True, 2, 4, 600)


def test_pause_and_end_day_are_refused_once_the_day_has_ended():
    from tdtool.errors import RuleError

    facts = [*start(), ClockFact(ClockAction.END_DAY, 60)]
    for action in (ClockAction.PAUSE, ClockAction.END_DAY):
        with pytest.raises(RuleError, match="Day 1 has ended"):
            act(facts, S, action, now=100)
    with pytest.raises(RuleError, match="not been started"):
        act([], S, ClockAction.END_DAY, now=100)


# --- through the CLI ------------------------------------------------------------------------


@pytest.fixture
def two_days(cli, tmp_path):
    (tmp_path / "two.yaml").write_text(TWO_DAYS_YAML)
    db = tmp_path / "two.tdtool"
    result = cli("--db", db, "new", "Two Day", "-s", tmp_path / "two.yaml", "--buy-in", "100")
    assert result.exit_code == 0, result.output
    assert cli("--db", db, "player", "add", "Ann", "Bob", "Cy", "Di", "Ed").exit_code == 0
    return db


def clock_json(cli, db) -> dict:
    result = cli("--db", db, "clock", "status", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_cli_day_ends_at_its_last_level_then_resumes_with_the_time_left(cli, two_days):
    db = two_days
    for command in ("start", "next", "next", "next"):
        assert cli("--db", db, "clock", command).exit_code == 0
    assert cli("--db", db, "clock", "set", "00:01").exit_code == 0
    time.sleep(1.3)  # level 3, the last of day 1, runs out
    data = clock_json(cli, db)
    assert (data["day"], data["day_ended"], data["running"]) == (1, True, False)
    assert (data["level"], data["remaining_seconds"]) == (4, 20 * 60)
    shown = cli("--db", db, "status").stdout
    assert "1 has ended: bag and tag" in shown
    resumed = cli("--db", db, "clock", "resume")
    assert resumed.exit_code == 0
    assert resumed.stdout.startswith("Day 2 begins. Level 4 (100/200): ")
    data = clock_json(cli, db)
    assert (data["day"], data["day_ended"], data["running"], data["level"]) == (2, False, True, 4)
    assert 20 * 60 - 3 <= data["remaining_seconds"] <= 20 * 60


def test_cli_day_ends_at_a_player_count_and_keeps_the_time_left(cli, two_days):
    db = two_days
    assert cli("--db", db, "terms", "--day-ends-at", "3").exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    assert cli("--db", db, "clock", "start").exit_code == 0
    assert cli("--db", db, "clock", "set", "12:00").exit_code == 0
    assert cli("--db", db, "player", "bust", "Ann").exit_code == 0
    assert not clock_json(cli, db)["day_ended"]
    result = cli("--db", db, "player", "bust", "Bob")
    assert result.exit_code == 0, result.output
    data = clock_json(cli, db)
    assert (data["day_ended"], data["level"]) == (True, 1)
    assert 12 * 60 - 3 <= data["remaining_seconds"] <= 12 * 60
    kinds = [r["kind"] for r in json.loads(cli("--db", db, "log", "--json").stdout)]
    assert kinds[-1] == "clock.end-day"
    assert cli("--db", db, "undo").exit_code == 0  # the bust and the end of the day, as one
    assert not clock_json(cli, db)["day_ended"]


def test_cli_end_day_by_hand_and_the_screen_says_bag_and_tag(cli, two_days):
    db = two_days
    assert cli("--db", db, "clock", "start").exit_code == 0
    result = cli("--db", db, "clock", "end-day")
    assert result.exit_code == 0, result.output
    assert "End of Day 1 — bag and tag" in result.stdout
    again = cli("--db", db, "clock", "end-day")
    assert again.exit_code == 1 and again.stderr.startswith("Error: Day 1 has ended")


# --- the structure sheet ----------------------------------------------------------------------


def test_the_sheet_of_a_multi_day_event_shows_days_and_dinner_breaks_not_61_hours():
    from tdtool.io.structure_sheet import sheet_html, sheet_markdown, structure_json
    from tdtool.io.structure_yaml import load_structure

    s = load_structure("main-event")
    html = sheet_html(s, 19 * 60, "letter")
    assert "+1d" not in html and "+2d" not in html
    for day in range(1, 6):
        assert f"Day {day} · starts 11:00 · levels {5 * day - 4}–{5 * day}" in html
    assert html.count("Dinner break") == 5
    assert [f"End of Day {d}: bag and tag" in html for d in range(1, 6)] == [True] * 4 + [False]
    assert "5 days of 12:15 of play and breaks" in html
    md = sheet_markdown(s, None)
    assert "| **Day 2 · starts 11:00 · levels 6–10** |" in md
    data = structure_json(s, None)
    assert [d["start"] for d in data["days"]] == ["11:00"] * 5
    level_6 = next(p for p in data["periods"] if p.get("level") == 6)
    assert (level_6["day"], level_6["day_minute"], level_6["start"]) == (2, 0, "11:00")


def test_the_multi_day_sheet_is_headed_by_the_structures_name_not_its_last_day():
    from tdtool.io.structure_sheet import sheet_html
    from tdtool.io.structure_yaml import load_structure

    s = load_structure("main-event")
    html = sheet_html(s, None, "a4")
    assert f"<h1>{s.name}</h1>" in html and f"<title>{s.name}</title>" in html
    assert "<h1>Day 5" not in html


def test_a_day_without_its_own_start_counts_from_the_start_given(tmp_path):
    from tdtool.io.structure_sheet import terminal_rows

    text = TWO_DAYS_YAML.replace('    start: "13:00"\n', "")
    s = parse_structure(text, "two.yaml").structure
    table, headers = terminal_rows(s, 18 * 60)
    starts = {row[1]: row[headers.index("Starts")] for row in table}
    assert starts["4"] == "18:00"  # day 1 has its own start (12:00); day 2 takes --start's


@pytest.mark.browser
def test_the_two_day_sheet_prints_on_one_page_in_chromium(tmp_path):
    import shutil
    import subprocess

    from tdtool.io.structure_sheet import sheet_html
    from tests.browser import CHROMIUM, headless
    from tests.test_structure_render import page_count

    if CHROMIUM is None:
        pytest.skip("headless Chromium is not installed")
    html = tmp_path / "two.html"
    s = parse_structure(TWO_DAYS_YAML, "two.yaml").structure
    html.write_text(sheet_html(s, None, "a4"), encoding="utf-8")
    pdf = tmp_path / "two.pdf"
    headless(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", html.as_uri())
    assert page_count(pdf.read_bytes()) == 1
    if shutil.which("pdftoppm"):  # kept to be looked at: pytest --basetemp=DIR
        subprocess.run(["pdftoppm", "-r", "60", "-png", str(pdf), str(tmp_path / "two")],
                       check=True, timeout=60)  # fmt: skip
        assert (tmp_path / "two-1.png").stat().st_size > 5_000


@given(
    st.lists(
        st.tuples(st.sampled_from([ClockAction.PAUSE, ClockAction.RESUME, ClockAction.ADD]),
                  st.floats(0, 20_000), st.integers(-600, 600)),
        max_size=8,
    ),
    st.floats(0, 100_000),
)  # fmt: skip
def test_a_running_clock_never_runs_on_past_the_end_of_the_day(raw, now):
    """Whatever the pauses and minutes added on day 1, the clock stops at the end of
    level 3 with level 4 waiting in full; only a resume after that starts day 2."""
    facts = [*start()]
    for action, at, seconds in sorted(raw, key=lambda x: x[1]):
        if reading(facts, S, at).day_ended:
            break  # this property is about day 1 (after it, the next day's level may change)
        facts.append(ClockFact(action, at, seconds if action is ClockAction.ADD else 0))
    r = reading(facts, S, max(now, facts[-1].at))
    assert r.level.number <= 4 and r.day == 1
    if r.level.number == 4:
        assert r.day_ended and not r.running and r.remaining_seconds == 20 * 60


def test_the_multi_day_sheet_is_titled_with_the_structures_name_not_its_last_day():
    """The day headings once reused the title's variable: the sheet of the bundled main
    event was titled "Day 5 · starts 11:00 · levels 21–25"."""
    from tdtool.io.structure_sheet import sheet_html, sheet_markdown
    from tdtool.io.structure_yaml import load_structure

    s = load_structure("main-event")
    html = sheet_html(s, None, "a4")
    assert "<title>Main Event (WSOP 2019 style)</title>" in html
    assert "<h1>Main Event (WSOP 2019 style)</h1>" in html
    assert sheet_markdown(s, None).startswith("# Main Event (WSOP 2019 style)\n")
    titled = sheet_html(s, None, "a4", title="Deepstack Day 2")
    assert "<h1>Deepstack Day 2</h1>" in titled


LAST_REG_ENDS_THE_DAY_YAML = TWO_DAYS_YAML.replace("late_registration: 2", "late_registration: 3")


@pytest.mark.browser
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_level_with_two_notes_stays_inside_the_sheet(tmp_path, paper):
    """Level 3 is both the last to register and the end of day 1: each note on its own line,
    inside the sheet's right edge (run together on one line they ran off the page)."""
    import re

    from tdtool.io.structure_sheet import sheet_html
    from tests.browser import CHROMIUM, headless

    if CHROMIUM is None:
        pytest.skip("headless Chromium is not installed")
    s = parse_structure(LAST_REG_ENDS_THE_DAY_YAML, "two.yaml").structure
    page = sheet_html(s, None, paper)
    assert "<span>&#9664; Last level to register</span><br><span>&#9664; End of Day 1:" in page
    measure = (
        "<script>const edge = document.querySelector('header').getBoundingClientRect().right;"
        "const over = [...document.querySelectorAll('td, th')].filter("
        "(c) => c.getBoundingClientRect().right > edge + 1).length;"
        "document.body.setAttribute('data-over', String(over));</script></body>"
    )
    html = tmp_path / "two.html"
    html.write_text(page.replace("</body>", measure), encoding="utf-8")
    width = "816,1056" if paper == "letter" else "794,1123"
    dom = headless(tmp_path, f"--window-size={width}", "--dump-dom", html.as_uri())
    assert re.search(r'data-over="0"', dom), re.search(r'data-over="\d+"', dom)
    pdf = tmp_path / "two.pdf"
    headless(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", html.as_uri())
    assert pdf.read_bytes().startswith(b"%PDF")


def test_clock_next_after_the_day_ended_says_it_moves_where_the_next_day_resumes(cli, two_days):
    """The morning after, `clock next` does not start Day 2: it skips its first level. Said
    as "Day ended." again it read as if nothing had happened."""
    db = two_days
    for command in ("start", "next", "next", "next", "next"):  # to the end of day 1
        assert cli("--db", db, "clock", command).exit_code == 0
    ended = cli("--db", db, "clock", "next")
    assert ended.exit_code == 0
    assert ended.stdout.startswith(
        "Moved on: Day 1 had ended already; this moves where Day 2 resumes, it does not start it."
        " End of Day 1 — bag and tag. Day 2 resumes with a break"
    ), ended.stdout
    assert "Bag and tag: record" not in ended.stdout  # said when the day ended
    data = clock_json(cli, db)
    assert (data["day"], data["day_ended"], data["running"], data["level"]) == (1, True, False, 5)


def test_the_end_of_a_flights_day_points_to_flights_combine(cli, two_days):
    db = two_days
    for command in ("start", "next", "next", "next"):
        assert cli("--db", db, "clock", command).exit_code == 0
    ended = cli("--db", db, "clock", "next")
    assert ended.stdout.startswith("Day ended. End of Day 1 — bag and tag.")
    assert "a flight's players go on with `tdtool flights combine` of all the flights" in (
        ended.stdout.replace("\n", " ")
    )
    shown = cli("--db", db, "status").stdout
    assert "(a flight: `tdtool flights combine` with the other flights)" in shown


def test_start_given_to_a_structure_whose_days_have_their_own_start_is_said_unused(cli, tmp_path):
    """`structure print main-event --start 12:00` printed Day 1 at 11:00 without a word."""
    note = (
        "Note: --start 12:00 is not used: every day of Main Event (WSOP 2019 style) has its own"
        " start time (Day 1 at 11:00)"
    )
    printed = cli("structure", "print", "main-event", "--start", "12:00", "-o",
                  tmp_path / "me.html")  # fmt: skip
    assert printed.exit_code == 0, printed.output
    assert note in printed.stderr
    shown = cli("structure", "show", "main-event", "--start", "12:00")
    assert shown.exit_code == 0 and note in shown.stderr
    assert "Note:" not in cli("structure", "show", "main-event").stderr
    assert "Note:" not in cli("structure", "show", "daily", "--start", "12:00").stderr


@pytest.mark.slow
def test_late_registration_closing_on_a_later_day_is_shown_by_its_level(cli, tmp_path):
    """main-event registers through level 6, on Day 2: "closes in 12:14:55" of play ran
    past tonight's end of day (in 10:14:55). The TV and the terminal name the level."""
    import re

    from tdtool.app.clock import view_data
    from tdtool.cli.clock_web import page
    from tdtool.io.store_base import open_store
    from tests.browser import CHROMIUM, headless
    from tests.test_clock_terminal import render

    db = tmp_path / "me.tdtool"
    assert cli("--db", db, "new", "Main Day 1A", "-s", "main-event").exit_code == 0
    assert cli("--db", db, "clock", "start").exit_code == 0
    with open_store(db) as store:
        data = view_data(store.state(), time.time()).to_dict()
    assert (data["late_registration_level"], data["day_last_level"]) == (6, 5)
    text = render(data, 100, 30)
    assert "Late registration open through level 6" in text and "closes in" not in text
    shown = cli("--db", db, "status").stdout
    wording = r"Late registration  open through level 6 \(on a later day; 14:\d\d:\d\d of play\)"
    assert re.search(wording, shown), shown
    if CHROMIUM is None:
        pytest.skip("headless Chromium is not installed")
    file = tmp_path / "tv.html"
    file.write_text(page(data), encoding="utf-8")
    dom = headless(tmp_path, "--window-size=1280,720", "--virtual-time-budget=1500",
                   "--dump-dom", file.as_uri())  # fmt: skip
    notes = re.search(r'<div id="notes"[^>]*>(.*?)</div>', dom, re.S)
    assert notes, dom[-3000:]
    assert ">LATE REGISTRATION OPEN THROUGH LEVEL 6<" in notes.group(1)
    assert "CLOSES IN" not in notes.group(1)
