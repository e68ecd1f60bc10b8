"""`tdtool clock run` in a real terminal (tmux): it shows the clock, and its keys control it."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

import pytest

from tdtool.cli.clock_screen import Bell, screen
from tdtool.io.store_base import open_store
from tdtool.tournament.clock import ClockAction, ClockFact, reading
from tests.conftest import ROOT
from tests.tournament_fixtures import STRUCTURE, make

TMUX = shutil.which("tmux")


def view(facts, now, **extra):
    data = reading(facts, STRUCTURE, now).as_dict()
    data.update(name="Test Cup", structure="Test Turbo", **extra)
    return data


def render(data, width=80, height=24) -> str:
    from rich.console import Console

    console = Console(width=width, height=height, record=True, color_system=None)
    console.print(screen(data, width, height))
    return console.export_text()


START = [ClockFact(ClockAction.START, 0.0)]


def test_the_screen_fits_80x24_and_keeps_the_blinds_while_paused():
    paused = [*START, ClockFact(ClockAction.PAUSE, 30.0)]
    text = render(
        view(
            paused,
            500.0,
            players_left=5,
            entries=6,
            average_stack=12000,
            average_big_blinds=120.0,
            prize_pool=600,
        )
    )
    lines = text.rstrip("\n").split("\n")
    assert len(lines) == 24 and max(map(len, lines)) <= 80
    assert "PAUSED" in text and "Blinds 50 / 100" in text
    assert "Players left 5 of 6 entries" in text and "Average 12,000 (120 BB)" in text


def test_the_screen_scales_the_digits_up_on_a_big_terminal():
    small = render(view(START, 0.0)).count("█")
    big = render(view(START, 0.0), 200, 60).count("█")
    assert big >= 4 * small


def test_past_the_last_level_the_screen_says_it_continues():
    text = render(view(START, 4 * 15 * 60 + 10 * 60 + 65.0))
    assert "LAST LEVEL" in text and "continues past the end" in text


def test_bell_rings_one_minute_before_and_at_the_level_change():
    bell = Bell(console=None, sound=None)
    assert not bell.should_ring(view(START, 800.0))
    assert not bell.should_ring(view(START, 839.0))  # 61 s left
    assert bell.should_ring(view(START, 840.5))  # 60 s left
    assert not bell.should_ring(view(START, 850.0))
    assert bell.should_ring(view(START, 900.0))  # level 2


def tmux(*args: str, socket: str) -> str:
    out = subprocess.run([TMUX, "-L", socket, *args], capture_output=True, text=True, timeout=20)
    return out.stdout


def remaining(cli, db) -> int:
    return json.loads(cli("--db", db, "clock", "status", "--json").stdout)["remaining_seconds"]


def shows(pane: str, has: tuple[str, ...], lacks: tuple[str, ...] = ()) -> bool:
    return all(t in pane for t in has) and not any(t in pane for t in lacks)


def wait_for(socket: str, has: tuple[str, ...], lacks: tuple[str, ...] = ()) -> str:
    """The pane once it shows all of `has` and none of `lacks` (or after 40 s, to fail on)."""
    deadline = time.monotonic() + 40
    while True:
        pane = tmux("capture-pane", "-p", "-t", "clock", socket=socket)
        done = all(t in pane for t in has) and not any(t in pane for t in lacks)
        if done or time.monotonic() > deadline:
            return pane
        time.sleep(0.2)


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_clock_run_in_tmux_pauses_and_moves_on_with_keys(tmp_path, cli):
    db = make(tmp_path / "cup.tdtool")
    socket = f"tdtool-clock-test-{os.getpid()}"
    command = shlex.join(
        [
            "env",
            f"PYTHONPATH={ROOT}",
            sys.executable,
            "-m",
            "tdtool",
            "--db",
            str(db),
            "clock",
            "run",
        ]
    )
    tmux("new-session", "-d", "-s", "clock", "-x", "80", "-y", "24", command, socket=socket)
    try:
        steps = [
            (None, ("LEVEL 1", "NOT STARTED", "Blinds 50 / 100"), ()),
            ("Space", ("LEVEL 1", "Blinds 50 / 100"), ("NOT STARTED", "PAUSED")),  # start
            ("Space", ("LEVEL 1", "PAUSED", "Blinds 50 / 100"), ()),  # pause
            ("n", ("LEVEL 2", "PAUSED", "Blinds 100 / 200"), ()),  # next
        ]
        for key, has, lacks in steps:
            if key:
                tmux("send-keys", "-t", "clock", key, socket=socket)
            pane = wait_for(socket, has, lacks)
            assert shows(pane, has, lacks), f"after {key!r}:\n{pane}"

        tmux("send-keys", "-t", "clock", "+", socket=socket)  # one more minute
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline and remaining(cli, db) != 16 * 60:
            time.sleep(0.2)
        assert remaining(cli, db) == 16 * 60

        # A command from another terminal shows on the running display.
        assert cli("--db", db, "clock", "next").exit_code == 0
        has = ("BREAK", "COLOR-UP NOW: 25", "Next: level 3")
        pane = wait_for(socket, has)
        assert shows(pane, has), pane

        tmux("send-keys", "-t", "clock", "q", socket=socket)
        wait_for(socket, (), ("BREAK",))
        with open_store(db) as store:
            kinds = [e.kind for e in store.events()][1:]
        assert kinds == ["clock.start", "clock.pause", "clock.next", "clock.add", "clock.next"]
    finally:
        tmux("kill-server", socket=socket)


def _digit_block(pane: str) -> list[str]:
    """The rows of the big digits on a captured screen, without the panel's borders."""
    return [row.strip("│╭╮╰╯") for row in pane.splitlines() if "█" in row]


def _untorn(block: list[str], candidates: list[str]) -> bool:
    """Whether the block is the big text of one of `candidates`, every row at one offset."""
    from tdtool.cli.clock_screen import big_text

    for text in candidates:
        for scale in range(1, 8):
            rows = big_text(text, scale)
            if len(rows) != len(block):
                continue
            anchor = next(i for i, w in enumerate(rows) if not w.startswith(" "))
            pad = len(block[anchor]) - len(block[anchor].lstrip())
            if all(
                r.rstrip() == (" " * pad + w).rstrip() for r, w in zip(block, rows, strict=True)
            ):
                return True
    return False


def test_digits_never_tear_at_any_time_on_a_120x35_screen():
    # Every 7th second of a 15-minute level: each row of the digits at the same offset.
    from tdtool.tournament.clock import format_seconds

    for seconds in range(0, 15 * 60, 7):
        data = view(START, seconds)
        block = _digit_block(render(data, 120, 35))
        assert _untorn(block, [format_seconds(data["remaining_seconds"])]), (seconds, block)


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_clock_run_in_tmux_never_tears_its_digits(tmp_path, cli):
    """`clock run` at 80x24, 120x35 and 160x48 at once, each in a tmux of its own: every
    capture of each screen shows whole digits of one time."""
    from tdtool.tournament.clock import format_seconds

    sizes = [(80, 24), (120, 35), (160, 48)]
    dbs, sockets = {}, {}
    try:
        for size in sizes:
            db = dbs[size] = make(tmp_path / f"cup-{size[0]}.tdtool")
            cli("--db", db, "clock", "start")
            cli("--db", db, "clock", "set", "9:58")  # digits with blank edges: 9, 4, 7, 1 ...
            socket = sockets[size] = f"tdtool-tear-{os.getpid()}-{size[0]}"
            command = shlex.join(
                ["env", f"PYTHONPATH={ROOT}", sys.executable, "-m", "tdtool", "--db", str(db),
                 "clock", "run"]
            )  # fmt: skip
            tmux("new-session", "-d", "-s", "clock", "-x", str(size[0]), "-y", str(size[1]),
                 command, socket=socket)  # fmt: skip
        for socket in sockets.values():
            wait_for(socket, ("LEVEL 1",))
        seen = dict.fromkeys(sizes, 0)
        deadline = time.monotonic() + 30
        while min(seen.values()) < 12 and time.monotonic() < deadline:
            for size, socket in sockets.items():
                before = remaining(cli, dbs[size])
                pane = tmux("capture-pane", "-p", "-t", "clock", socket=socket)
                after = remaining(cli, dbs[size])
                block = _digit_block(pane)
                if block:
                    times = [format_seconds(s) for s in range(after - 1, before + 2)]
                    assert _untorn(block, times), (size, "\n".join(block))
                    seen[size] += 1
            time.sleep(0.45)
        assert min(seen.values()) >= 8, seen
    finally:
        for socket in sockets.values():
            tmux("kill-server", socket=socket)


def test_the_screen_says_end_of_day_bag_and_tag_and_where_the_next_day_resumes():
    ended = [*START, ClockFact(ClockAction.END_DAY, 90.0)]
    text = render(view(ended, 5000.0), 100, 30)
    assert "END OF DAY 1 — BAG AND TAG" in text and "PAUSED" not in text
    assert "Day 2 resumes at level 1 with 13:30 left" in text
    running = render(view(START, 60.0), 100, 30)
    assert "END OF DAY" not in running


def test_the_screen_at_the_end_of_a_day_marks_the_blinds_as_the_next_days():
    ended = [*START, ClockFact(ClockAction.END_DAY, 90.0)]
    text = render(view(ended, 5000.0), 100, 30)
    assert re.search(r"Day 2: Blinds \d", text), text
    assert "Day 2: Blinds" not in render(view(START, 60.0), 100, 30)


def test_the_finished_screen_names_the_seat_winners_in_plain_words():
    from rich.console import Console

    from tdtool.cli.clock_screen import finished_screen

    def shown(seats):
        results = [{"place": 1, "name": n, "prize": 200} for n in seats]
        data = {
            "name": "Sat",
            "seat_winners": seats,
            "winner": None,
            "results": results,
            "entries": 9,
            "prize_pool": 450,
        }
        console = Console(width=80, height=24, record=True, color_system=None)
        console.print(finished_screen(data, 80, 24))
        return console.export_text()

    assert "The seats are decided: Ann, Bo and Cy win a seat!" in shown(["Ann", "Bo", "Cy"])
    assert "The seats are decided: Ann and Bo win a seat!" in shown(["Ann", "Bo"])
    one = shown(["Ann"])  # was "The seats are decided:  and Ann win a seat!"
    assert "The seats are decided: Ann wins the seat!" in one and " and Ann" not in one


def test_the_end_screen_lists_the_results_as_one_aligned_block_and_offers_only_quit():
    # Issue 22: each result line was centred on its own (a ragged list) and the running
    # clock's keys were still offered after the winner.
    from rich.console import Console

    from tdtool.cli.clock_screen import finished_screen

    results = [
        {"place": 1, "name": "Anna", "prize": 5000},
        {"place": 2, "name": "Maximilian Van der Westhuizen", "prize": 3000},
        {"place": 10, "name": "Bo", "prize": 0},
    ]
    data = {"name": "Cup", "winner": "Anna", "seat_winners": [], "results": results,
            "entries": 10, "prize_pool": 8000}  # fmt: skip
    console = Console(width=80, height=24, record=True, color_system=None)
    console.print(finished_screen(data, 80, 24))
    text = console.export_text()
    rows = [x for x in text.splitlines() if re.search(r"\b\d+\.  ", x)]
    lines = {r["name"]: next(x for x in rows if r["name"] in x) for r in results}
    starts = {line.index(name) for name, line in lines.items()}
    assert len(starts) == 1, lines  # the names in one column
    dots = {line.index(".") for line in lines.values()}
    assert len(dots) == 1, lines  # the places right-aligned
    assert "q quit" in text and "space pause" not in text


def test_the_clock_screen_does_not_repeat_a_structure_the_name_already_says():
    # Issue 22: 'Friday PKO · Friday PKO' when the structure had the tournament's name.
    same = view(START, 5.0)
    same.update(name="Friday PKO", structure="Friday PKO")
    head = render(same).splitlines()[2]
    assert head.count("Friday PKO") == 1 and "·" not in head
    other = view(START, 5.0)
    other.update(name="Friday PKO", structure="Deepstack")
    assert "Friday PKO  ·  Deepstack" in render(other)


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_clock_run_in_tmux_speaks_the_tournaments_language_and_follows_a_change(tmp_path, cli):
    db = make(tmp_path / "cupa.tdtool", language="ro")
    socket = f"tdtool-clock-lang-{os.getpid()}"
    command = shlex.join(["env", f"PYTHONPATH={ROOT}", sys.executable, "-m", "tdtool",
                          "--db", str(db), "clock", "run"])  # fmt: skip
    tmux("new-session", "-d", "-s", "clock", "-x", "100", "-y", "30", command, socket=socket)
    try:
        has = ("NIVELUL 1", "Blind-uri 50 / 100", "q ie")
        pane = wait_for(socket, has)
        assert shows(pane, has), pane
        tmux("send-keys", "-t", "clock", "Space", socket=socket)  # start
        tmux("send-keys", "-t", "clock", "Space", socket=socket)  # pause
        pane = wait_for(socket, ("NIVELUL 1", "OPRIT"))
        assert shows(pane, ("NIVELUL 1", "OPRIT")), pane
        # The language changed from another terminal shows on the running screen.
        assert cli("--db", db, "terms", "--language", "de").exit_code == 0
        has = ("LEVEL 1", "ANGEHALTEN", "Blinds 50 / 100", "Nachmeldung")
        pane = wait_for(socket, has, ("NIVELUL",))
        assert shows(pane, has, ("NIVELUL",)), pane
        tmux("send-keys", "-t", "clock", "q", socket=socket)
    finally:
        tmux("kill-server", socket=socket)
