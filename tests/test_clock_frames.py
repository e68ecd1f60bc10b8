"""The terminal clock's frames: a tick rewrites only the cells that changed, in one write.

A whole-screen redraw each second (4-10 KiB) reached tmux in pieces under load, and a capture
showed the big digits half the old second and half the new. These tests replay what
`Frames` writes on a small terminal model (cursor moves and text; styles stripped) and check
that the screen then holds exactly the new frame, and that a tick is a few hundred bytes.
"""

from __future__ import annotations

import io
import re

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from tdtool.cli.clock_screen import screen
from tdtool.cli.frames import BEGIN_SYNC, END_SYNC, Frames, cells_of, changes
from tdtool.tournament.clock import ClockAction, ClockFact, reading
from tests.tournament_fixtures import STRUCTURE

START = [ClockFact(ClockAction.START, 0.0)]
_CODE = re.compile(r"\x1b\[(\?2026[hl]|H|2J|0m|[0-9;]*m|(\d+);(\d+)H)")


def view(now: float) -> dict:
    data = reading(START, STRUCTURE, now).as_dict()
    data.update(name="Test Cup", structure="Test Turbo")
    return data


def apply(screen_rows: list[list[str]], written: str) -> list[list[str]]:
    """The screen after `written`: a terminal model of cursor positioning, clear and text."""
    rows = [list(r) for r in screen_rows]
    y = x = 0
    at = 0
    while at < len(written):
        code = _CODE.match(written, at)
        if code:
            if code.group(1) == "2J":
                rows = [[" "] * len(r) for r in rows]
            elif code.group(1) == "H":
                y = x = 0
            elif code.group(2):
                y, x = int(code.group(2)) - 1, int(code.group(3)) - 1
            at = code.end()
            continue
        assert written[at] != "\x1b", written[at : at + 12]
        rows[y][x] = written[at]
        x += 1
        if Console().measure(Text(written[at])).maximum == 2:  # a wide character takes two cells
            rows[y][x] = ""
            x += 1
        at += 1
    return rows


def plain(frame) -> list[list[str]]:
    return [[char for char, _ in row] for row in frame]


def console(width: int = 80, height: int = 24) -> Console:
    return Console(width=width, height=height, force_terminal=True, color_system="256")


def test_a_clock_tick_writes_only_the_changed_digit_in_one_synchronized_update():
    out = io.StringIO()
    frames = Frames(console(), out)
    first = frames.draw(screen(view(100.0), 80, 24))
    shown = plain(frames.shown)
    out.truncate(0), out.seek(0)
    tick = frames.draw(screen(view(101.0), 80, 24))
    written = out.getvalue()
    assert written.startswith(BEGIN_SYNC) and written.endswith(END_SYNC)
    assert tick < 1000 < first, (tick, first)  # a digit's columns, not the screen
    expected = plain(cells_of(console(), screen(view(101.0), 80, 24), 80, 24))
    assert apply(shown, written) == expected


def test_the_first_frame_and_a_resized_one_are_drawn_whole_from_a_cleared_screen():
    out = io.StringIO()
    frames = Frames(console(), out)
    frames.draw(screen(view(5.0), 80, 24))
    first = out.getvalue()
    garbage = [["x"] * 80 for _ in range(24)]
    assert apply(garbage, first) == plain(frames.shown)
    frames.console = console(100, 30)
    out.truncate(0), out.seek(0)
    frames.draw(screen(view(6.0), 100, 30))
    garbage = [["x"] * 100 for _ in range(30)]
    assert apply(garbage, out.getvalue()) == plain(frames.shown)


def test_an_unchanged_frame_writes_nothing():
    out = io.StringIO()
    frames = Frames(console(), out)
    frames.draw(screen(view(5.0), 80, 24))
    out.truncate(0), out.seek(0)
    assert frames.draw(screen(view(5.0), 80, 24)) == 0 and out.getvalue() == ""


_TEXT = st.text(alphabet="ab █│李小龍éX", max_size=12)


@given(st.lists(_TEXT, min_size=3, max_size=3), st.lists(_TEXT, min_size=3, max_size=3))
def test_the_changes_turn_any_frame_into_the_next_even_with_wide_characters(before, after):
    c = console(16, 3)
    old = cells_of(c, Text("\n".join(before), style="bold"), 16, 3)
    new = cells_of(c, Text("\n".join(after)), 16, 3)
    assert apply(plain(old), changes(old, new, None)) == plain(new)
