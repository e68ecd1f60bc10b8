"""The clock's spoken announcements (issue 24 item 4): which words are said at which moment
(tdtool/app/voice.py, mirrored by the TV page's script), in English and Romanian, and
`clock run --say CMD` running a command with them (tdtool/cli/clock_voice.py)."""

from __future__ import annotations

import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.app.voice import MOMENTS, announcements, phrases
from tdtool.cli.clock_voice import Voice, parse_say
from tdtool.cli.clock_web import clock_json
from tdtool.errors import InputError
from tdtool.i18n import words
from tests.tournament_fixtures import make

STRUCTURE = """\
name: Voice test
starting_stack: 100000
level_minutes: 20
chips: [100, 500, 1000]
levels:
  - blinds: 1000/2000
  - blinds: 3000/6000
    bb_ante: 6000
  - break: 10
    color_up: [100]
  - blinds: 4000/8000
    ante: 1000
"""


def tournament(cli, tmp_path, lang="en"):
    """Four players at 100 (two paid), the clock running at level 1."""
    structure = tmp_path / "voice.yaml"
    structure.write_text(STRUCTURE)
    db = tmp_path / f"voice-{lang}.tdtool"
    made = cli("--db", db, "new", "Cup", "-s", structure, "--buy-in", "100",
               "--places-paid", "2", "--language", lang)  # fmt: skip
    assert made.exit_code == 0, made.output
    assert cli("--db", db, "player", "add", "Ana", "Bob", "Cy", "Dan").exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    assert cli("--db", db, "clock", "start").exit_code == 0
    return db


def steps(cli, db, lang):
    """What is said at each step of an evening, step by step."""
    say, number = phrases(lang), words(lang).number
    heard = []
    before = clock_json(db)
    for command in (["clock", "next"], ["clock", "next"], ["clock", "next"],
                    ["player", "bust", "Dan", "--yes"], ["player", "bust", "Cy", "--yes"],
                    ["player", "bust", "Bob", "--yes"]):  # fmt: skip
        assert cli("--db", db, *command).exit_code == 0
        after = clock_json(db)
        heard.append(announcements(before, after, say, number))
        before = after
    return heard


def test_the_words_said_at_a_level_change_a_break_the_money_and_the_winner(cli, tmp_path):
    heard = steps(cli, tournament(cli, tmp_path), "en")
    assert heard == [
        ["Level 2: blinds 3,000 and 6,000, big blind ante 6,000"],
        ["Break. Play resumes with level 3.", "Color-up: the 100 chips leave play."],
        ["Level 3: blinds 4,000 and 8,000, ante 1,000"],
        ["We are on the bubble: the next player out wins nothing."],
        ["We are in the money: everybody left wins a prize."],
        ["Ana wins the tournament. Congratulations!"],
    ]


def test_the_words_said_in_romanian(cli, tmp_path):
    heard = steps(cli, tournament(cli, tmp_path, "ro"), "ro")
    assert heard == [
        ["Nivelul 2: blind-uri 3.000 și 6.000, big blind ante 6.000"],
        ["Pauză. Jocul continuă cu nivelul 3.", "Color-up: jetoanele de 100 ies din joc."],
        ["Nivelul 3: blind-uri 4.000 și 8.000, ante 1.000"],
        ["Suntem în bubble: următorul eliminat nu câștigă nimic."],
        ["Suntem în bani: toți jucătorii rămași câștigă un premiu."],
        ["Ana câștigă turneul. Felicitări!"],
    ]


def test_nothing_is_said_for_the_first_data_nor_when_nothing_changed(cli, tmp_path):
    view = clock_json(tournament(cli, tmp_path))
    say = phrases("en")
    assert announcements(None, view, say, words().number) == []
    assert announcements(view, view, say, words().number) == []


def view(**changes):
    base = {"level": 3, "on_break": False, "past_last_level": False, "running": True,
            "small_blind": 100, "big_blind": 200, "ante": 0, "bb_ante": 0, "color_up": [],
            "seconds_to_break": 75, "panels": [], "winner": None, "seat_winners": []}  # fmt: skip
    return base | changes


@pytest.mark.parametrize(
    ("before", "after", "said"),
    [
        pytest.param(75, 59, ["One minute to the break."], id="crossing-one-minute"),
        pytest.param(59, 58, [], id="already-under-a-minute"),
        pytest.param(200, 90, [], id="still-more-than-a-minute"),
        pytest.param(None, 30, [], id="no-break-ahead-before"),
    ],
)
def test_one_minute_to_a_break_is_said_once(before, after, said):
    got = announcements(view(seconds_to_break=before), view(seconds_to_break=after),
                        phrases("en"), words().number)  # fmt: skip
    assert got == said


def test_a_paused_clock_does_not_announce_the_minute():
    got = announcements(view(seconds_to_break=75),
                        view(seconds_to_break=59, running=False), phrases("en"), str)  # fmt: skip
    assert got == []


def test_hand_for_hand_is_said_when_the_money_panel_raises_its_alert():
    bubble = {"id": "money", "bubble": True, "alert": ""}
    got = announcements(view(panels=[]), view(panels=[bubble | {"alert": "HAND-FOR-HAND"}]),
                        phrases("de"), words("de").number)  # fmt: skip
    assert got == [
        "Wir sind auf der Bubble: wer als Nächster ausscheidet, gewinnt nichts.",
        "Wir spielen Hand-für-Hand: Dealer, wartet vor jeder Hand auf den Floor.",
    ]


def test_a_satellite_announces_its_seat_bubble_and_the_seats_won():
    seat_bubble = {"id": "money", "bubble": True, "alert": ""}
    say = phrases("en")
    assert announcements(view(), view(panels=[seat_bubble], seat_bubble=True), say, str) == [
        "The seat bubble: the next player out wins no seat."
    ]
    won = view(seat_winners=["Ana", "Bob"])
    assert announcements(view(), won, say, str) == ["The seats go to Ana, Bob. Congratulations!"]
    assert announcements(won, won, say, str) == []  # said once


def test_the_winner_is_said_once():
    won = view(winner="Ana")
    assert announcements(view(), won, phrases("en"), str) == [
        "Ana wins the tournament. Congratulations!"
    ]
    assert announcements(won, won, phrases("en"), str) == []


def test_say_that_is_no_command_is_refused_naming_the_option():
    with pytest.raises(InputError, match="--say"):
        parse_say('espeak-ng "unclosed')
    with pytest.raises(InputError, match="--say needs a command"):
        parse_say("  ")


def speaker(tmp_path):
    """A fake speech command: a script that appends its arguments to a file."""
    out = tmp_path / "said.txt"
    script = tmp_path / "fake-say.py"
    script.write_text(
        "import sys\n"
        f"with open({str(out)!r}, 'a', encoding='utf-8') as f:\n"
        "    f.write(' '.join(sys.argv[1:]) + '\\n')\n"
    )
    return [sys.executable, str(script), "-v", "ro"], out


def wait_for(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.02)


@pytest.mark.slow
def test_say_runs_the_command_with_the_words_of_each_moment(cli, tmp_path):
    db = tournament(cli, tmp_path, "ro")
    argv, out = speaker(tmp_path)
    voice = Voice(argv)
    shown = [voice(clock_json(db) | {"language": "ro"})]
    for command in (["clock", "next"], ["clock", "next"]):
        assert cli("--db", db, *command).exit_code == 0
        shown.append(voice(clock_json(db) | {"language": "ro"}))
        wait_for(lambda: not voice.running or all(p.poll() is not None for p in voice.running))
    wait_for(lambda: out.exists() and len(out.read_text().splitlines()) == 2)
    assert out.read_text(encoding="utf-8").splitlines() == [
        "-v ro Nivelul 2: blind-uri 3.000 și 6.000, big blind ante 6.000",
        "-v ro Pauză. Jocul continuă cu nivelul 3. Color-up: jetoanele de 100 ies din joc.",
    ]
    assert shown == [None, None, None]


@pytest.mark.slow
def test_words_that_come_while_the_command_speaks_wait_for_it(cli, tmp_path):
    db = tournament(cli, tmp_path)
    out = tmp_path / "said.txt"
    script = tmp_path / "slow-say.py"
    script.write_text(
        "import sys, time\n"
        f"out = open({str(out)!r}, 'a', encoding='utf-8')\n"
        "out.write('start ' + sys.argv[1][:7] + '\\n'); out.flush()\n"
        "time.sleep(0.4)\n"
        "out.write('end ' + sys.argv[1][:7] + '\\n'); out.flush()\n"
    )
    voice = Voice([sys.executable, str(script)])
    voice(clock_json(db))
    for _ in range(2):  # two moments at once: level 2, then the break
        assert cli("--db", db, "clock", "next").exit_code == 0
        start = time.monotonic()
        assert voice(clock_json(db)) is None
        assert time.monotonic() - start < 0.3  # the clock never waits for the voice
    now = clock_json(db)
    wait_for(lambda: voice(now) is None and not voice.waiting and not voice.running)
    assert out.read_text(encoding="utf-8").splitlines() == [
        "start Level 2", "end Level 2", "start Break. ", "end Break. ",
    ]  # fmt: skip


@pytest.mark.slow
def test_a_say_command_that_is_missing_or_fails_is_named_once(cli, tmp_path):
    db = tournament(cli, tmp_path)
    missing = Voice([str(tmp_path / "no-such-speaker")])
    missing(clock_json(db))
    assert cli("--db", db, "clock", "next").exit_code == 0
    line = missing(clock_json(db))
    assert line and "--say: cannot run" in line and "no-such-speaker" in line
    assert cli("--db", db, "clock", "next").exit_code == 0
    assert missing(clock_json(db)) is None  # named once, not tried again

    failing = Voice([sys.executable, "-c", "raise SystemExit(3)"])
    failing(clock_json(db))
    assert cli("--db", db, "clock", "next").exit_code == 0
    failing(clock_json(db))
    wait_for(lambda: all(p.poll() is not None for p in failing.running))
    line = failing(clock_json(db))
    assert line and "failed (exit 3)" in line
    assert failing(clock_json(db)) is None


HOUSE_SAY = """\
{% set SAY = {
  "level": "Ladies and gentlemen, level {level}: {small} and {big}",
  "level_ante": "Level {level}: {small}, {big}, ante {amount}",
  "level_bb_ante": "Level {level}: {small}, {big}, big blind ante {amount}",
  "minute_to_break": "A minute to the break, folks.",
  "break": "Break time at the Casino.",
  "color_up": "Colour-up of the {chips}s.",
  "bubble": "Bubble!",
  "seat_bubble": "Seat bubble!",
  "hand_for_hand": "Hand-for-hand, please.",
  "in_the_money": "In the money!",
  "winner": "{name} takes it all!",
  "seats_won": "{names} are going to the main event!",
} %}
"""


def test_a_house_theme_changes_the_spoken_words(cli, tmp_path):
    from tdtool.io.pages import load_theme

    house = tmp_path / "house"
    house.mkdir()
    (house / "clock_say.html").write_text(HOUSE_SAY)
    db = tournament(cli, tmp_path)
    before = clock_json(db)
    assert cli("--db", db, "clock", "next").exit_code == 0
    said = announcements(before, clock_json(db), phrases("en", load_theme(house)), str)
    assert said == ["Level 2: 3000, 6000, big blind ante 6000"]


def test_a_theme_whose_spoken_words_miss_a_moment_is_refused_naming_its_file(cli, tmp_path):
    house = tmp_path / "house"
    house.mkdir()
    (house / "clock_say.html").write_text(
        HOUSE_SAY.replace('  "winner": "{name} takes it all!",\n', "")
    )
    db = tournament(cli, tmp_path)
    for command in (["clock", "run", "--say", "espeak-ng"], ["clock", "serve", "--port", "0"]):
        refused = cli("--db", db, *command, "--theme", house)
        assert refused.exit_code == 2, refused.output
        assert "clock_say.html: the spoken words have no winner" in refused.output
        assert "Traceback" not in refused.output


money_panels = st.lists(
    st.fixed_dictionaries(
        {
            "id": st.sampled_from(["money", "deal"]),
            "bubble": st.booleans(),
            "alert": st.sampled_from(["", "HAND-FOR-HAND"]),
        }  # fmt: skip
    ),
    max_size=2,
)
views = st.builds(
    view,
    level=st.integers(1, 30),
    on_break=st.booleans(),
    past_last_level=st.booleans(),
    running=st.booleans(),
    ante=st.integers(0, 5000),
    bb_ante=st.integers(0, 5000),
    color_up=st.lists(st.sampled_from([25, 100, 500]), max_size=2),
    seconds_to_break=st.none() | st.integers(0, 7200),
    panels=money_panels,
    winner=st.none() | st.sampled_from(["Ana", "Bob"]),
    seat_winners=st.lists(st.sampled_from(["Ana", "Bob"]), max_size=2),
    seat_bubble=st.booleans(),
)


@settings(max_examples=200, deadline=None)
@given(views)
def test_nothing_changed_nothing_said(v):
    assert announcements(v, v, phrases("en"), str) == []
    assert announcements(None, v, phrases("en"), str) == []


@settings(max_examples=200, deadline=None)
@given(views, views)
def test_every_announcement_is_a_whole_sentence_of_the_words(before, after):
    """Whatever two data follow each other: sentences with every {name} filled in, at most
    one per moment."""
    said = announcements(before, after, phrases("en"), str)
    assert len(said) <= 6
    assert all(text and "{" not in text and "None" not in text for text in said)


# --- the final table (issue 24 item 4's leftover) -------------------------------------------

FINAL_TABLE = {
    "en": "We are at the final table. Congratulations to the players left!",
    "ro": "Am ajuns la masa finală. Felicitări jucătorilor rămași!",
    "de": "Wir sind am Finaltisch. Glückwunsch an alle, die noch spielen!",
}


@pytest.mark.parametrize("lang", sorted(FINAL_TABLE))
def test_rp9_the_final_table_is_announced_once_when_the_field_comes_to_it(cli, tmp_path, lang):
    from tests.test_clock_hand import display

    db = make(tmp_path / "ft.tdtool", buy_in=100, seats=4, places_paid=3, language=lang)
    names = [f"P{i:02d}" for i in range(1, 13)]
    cli("--db", db, "player", "add", *names)
    cli("--db", db, "seat", "draw")
    say, number = phrases(lang), words(lang).number
    before = display(db)
    heard = []
    for name in names[:9]:
        assert cli("--db", db, "player", "bust", name).exit_code == 0
        after = display(db)
        heard += [s for s in announcements(before, after, say, number) if s == FINAL_TABLE[lang]]
        if after["final_table"] and not before["final_table"]:
            assert after["players_left"] == 4  # the last two tables came together
        before = after
    assert heard == [FINAL_TABLE[lang]]


def test_a_one_table_game_starts_at_its_final_table_and_announces_none(cli, tmp_path):
    from tests.test_clock_hand import display

    db = make(tmp_path / "one.tdtool", buy_in=100, places_paid=2)
    cli("--db", db, "player", "add", "Ana", "Bob", "Cy", "Dan")
    cli("--db", db, "seat", "draw")
    assert display(db)["final_table"] is False


def test_a_theme_from_before_the_final_table_speaks_the_packages_words_there(tmp_path):
    from tdtool.io.pages import Theme

    folder = tmp_path / "house"
    folder.mkdir()
    old = {k: f"{k}." for k in MOMENTS if k != "final_table"}
    body = ",\n".join(f'  "{k}": "{v}"' for k, v in old.items())
    (folder / "clock_say.html").write_text("{% set SAY = {\n" + body + "\n} %}\n")
    said = phrases("en", Theme(folder=folder))
    assert said["final_table"] == FINAL_TABLE["en"] and said["level"] == "level."


# --- espeak-ng speaks the words: a WAV that sox measures as speech --------------------------


def _tool(name):
    """The path of `name`, or skip (fail under CI=true: the voice must be tested there)."""
    import os
    import shutil

    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{name} is not installed; CI must test the spoken words with it")
        pytest.skip(f"{name} is not installed")
    return path


def sox_stat(wav) -> dict[str, float]:
    """`sox WAV -n stat`'s figures by name ("Length (seconds)", "RMS amplitude", ...)."""
    import subprocess

    out = subprocess.run(
        [_tool("sox"), str(wav), "-n", "stat"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    figures = {}
    for line in out.stderr.splitlines():  # sox writes its stat to standard error
        name, _, value = line.partition(":")
        try:
            figures[name.strip()] = float(value)
        except ValueError:
            continue
    return figures


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ro", "de"])
def test_espeak_ng_speaks_a_level_change_as_speech_sox_can_measure(cli, tmp_path, lang):
    import subprocess

    db = tournament(cli, tmp_path, lang)
    (level_change, *_rest) = steps(cli, db, lang)[0]
    wav = tmp_path / f"level-{lang}.wav"
    voice = {"en": "en", "ro": "ro", "de": "de"}[lang]
    spoken = subprocess.run(
        [_tool("espeak-ng"), "-v", voice, "-w", str(wav), level_change],
        capture_output=True,
        timeout=60,
    )
    assert spoken.returncode == 0, spoken.stderr
    stat = sox_stat(wav)
    # "Level 2: blinds 3,000 and 6,000, big blind ante 6,000" takes seconds to say, and is
    # well above silence (a silent WAV's RMS is 0; speech at espeak's volume is ~0.1).
    assert stat["Length (seconds)"] > 2.0, stat
    assert stat["RMS     amplitude"] > 0.02, stat
    silence = tmp_path / "silence.wav"
    subprocess.run([_tool("sox"), "-n", "-r", "22050", str(silence), "trim", "0", "3"], check=True)
    assert sox_stat(silence)["RMS     amplitude"] < 0.001  # the measure tells the two apart
