"""`tdtool clock run`: the full-screen terminal clock (rich), with keys that control it.

`screen(view, width, height)` draws one frame from the display data (`clock.view_data`),
so it is tested without a terminal; `run(...)` is the loop that reads the tournament file,
draws, rings and turns key presses into clock events.
"""

from __future__ import annotations

import contextlib
import os
import select
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from rich.align import Align
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from tdtool.cli._values import bb_text
from tdtool.cli.frames import Frames
from tdtool.i18n import Words, words
from tdtool.tournament.clock import ClockAction, format_seconds

# A 3x5 font for the time left; each "#" becomes a block 2*scale wide and scale high.
FONT = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", "..#", "..#"),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    ":": (".", "#", ".", "#", "."),
    "+": ("...", ".#.", "###", ".#.", "..."),
}

KEY_ACTIONS = {
    "n": (ClockAction.NEXT, 0),
    "p": (ClockAction.PREV, 0),
    "+": (ClockAction.ADD, 60),
    "=": (ClockAction.ADD, 60),  # the + key without shift
    "-": (ClockAction.ADD, -60),
}
"""Keys of `clock run` and the clock event each records (space depends on the state)."""
SPACE = {
    "not started": (ClockAction.START, 0),
    "running": (ClockAction.PAUSE, 0),
    "paused": (ClockAction.RESUME, 0),
}

SCREEN_ACTIONS = {
    "clock": lambda action: {
        "start": "space",
        "pause": "space",
        "resume": "space",
        "next": "n",
        "add MINUTES": "+ or -",
    }.get(action, f"`tdtool clock {action}` in another terminal"),
}
"""How the screen words an error's hint (tdtool.errors): by its keys."""

KEYS_HELP = "space pause/resume · n next · p previous · + / - one minute · q quit"


def keys_help(_: Words) -> str:
    """KEYS_HELP in the screen's language (the keys stay the keys)."""
    return _("space pause/resume · n next · p previous · + / - one minute · q quit")


def big_text(text: str, scale: int = 1) -> list[str]:
    """`text` in block letters, `5 * scale` lines high.

    >>> big_text("7")
    ['██████', '    ██', '    ██', '    ██', '    ██']
    """
    rows = []
    for r in range(5):
        parts = []
        for ch in text:
            glyph = FONT[ch][r]
            parts.append("".join(("██" if px == "#" else "  ") * scale for px in glyph))
        rows.extend([("  " * scale).join(parts)] * scale)
    return rows


def big_width(text: str, scale: int = 1) -> int:
    """Columns `big_text(text, scale)` takes."""
    return len(big_text(text, scale)[0])


def later_day_closes(view: dict[str, Any]) -> bool:
    """Late registration closes on a later day than today's: a countdown in hours of play
    (past tonight's end) reads as wrong, so the level is named instead."""
    last = view.get("day_last_level")
    level = view.get("late_registration_level")
    return last is not None and level is not None and level > last


def _blinds(v: dict[str, Any], _: Words) -> str:
    n = _.number
    text = _("Blinds %(small)s / %(big)s", small=n(v["small_blind"]), big=n(v["big_blind"]))
    if v.get("ante"):
        text += "   " + _("Ante %(amount)s", amount=n(v["ante"]))
    if v.get("bb_ante"):
        text += "   " + _("BB ante %(amount)s", amount=n(v["bb_ante"]))
    return text


def time_text(view: dict[str, Any]) -> str:
    """The time the big digits show: the time left, or past the end '+' the time beyond it."""
    if view["past_last_level"]:
        return "+" + format_seconds(view["overtime_seconds"])
    return format_seconds(view["remaining_seconds"])


def finished_screen(
    view: dict[str, Any], width: int, height: int, _: Words | None = None
) -> RenderableType:
    """The screen once the tournament is over: the winner and the results (in the language
    of `_`, English when None)."""
    _ = _ or words()
    head = Text(view.get("name") or "", style="bold")
    seats = view.get("seat_winners") or []
    if seats:
        from tdtool.names import and_list

        and_ = _("and")

        won = (
            _("%(names)s win a seat!", names=and_list(seats, and_))
            if len(seats) > 1
            else _("%(name)s wins the seat!", name=seats[0])
        )
        winner = Text(_("The seats are decided: %(won)s", won=won), style="bold black on green")
    else:
        winner = Text(
            _("%(name)s wins the tournament!", name=view["winner"]), style="bold black on green"
        )
    from rich.table import Table

    # One block, centred as a whole: places right-aligned, names in one column, prizes in
    # another (each line centred on its own made a ragged list).
    seat = _("seat")
    results = Table(box=None, show_header=False, padding=(0, 1))
    results.add_column(justify="right")
    results.add_column(justify="left")
    results.add_column(justify="right")
    for r in view.get("results", []):
        prize = seat if r["name"] in seats else (_.number(r["prize"]) if r["prize"] else "")
        results.add_row(f"{r['place']}.", r["name"], prize, style="bold" if r["place"] == 1 else "")
    figures = Text(
        _.ngettext("%(num)s entry", "%(num)s entries", view["entries"])
        + "   "
        + _("Prize pool %(amount)s", amount=_.number(view["prize_pool"]))
        + "   "
        + _("The clock is stopped"),
        style="dim",
    )
    body = Group(
        Align.center(head),
        Text(""),
        Align.center(winner),
        Text(""),
        Align.center(results),
        Text(""),
        Align.center(figures),
        Align.center(Text(_("q quit"), style="dim")),  # the clock's other keys do nothing now
    )
    return Panel(
        Align.center(body, vertical="middle", height=max(1, height - 2)),
        border_style="green",
        height=height,
        width=width,
    )


def _says(name: str, part: str) -> bool:
    """Whether the tournament's name already says `part` (whole words, any case)."""
    import re

    return re.search(rf"(?<!\w){re.escape(part)}(?!\w)", name, re.IGNORECASE) is not None


def screen(
    view: dict[str, Any], width: int, height: int, message: str = "", lang: str = "en"
) -> RenderableType:
    """One frame of the clock for a terminal of `width` x `height`, in the language `lang`."""
    _ = words(lang)
    n = _.number
    if view.get("winner") or view.get("seat_winners"):
        return finished_screen(view, width, height, _)
    status = view["status"]
    on_break = view["on_break"]
    paused = status == "paused"
    accent = "bright_cyan" if on_break else ("yellow" if paused else "green")

    head = Text(overflow="ellipsis", no_wrap=True)
    head.append(view.get("name") or "", style="bold")
    structure = view.get("structure")
    if structure and not _says(view.get("name") or "", structure):
        head.append(f"  ·  {structure}", style="dim")  # not 'Friday PKO · Friday PKO'

    if on_break:
        word = (view.get("break_name") or _("break")).upper()
        title = Text(
            " " + _("%(name)s · %(minutes)s MIN", name=word, minutes=view["break_minutes"]) + " ",
            style="bold black on bright_cyan",
        )
    elif view["past_last_level"]:
        title = Text(
            " " + _("LEVEL %(level)s", level=view["level"]) + " · " + _("LAST LEVEL") + " ",
            style="bold white on red",
        )
    else:
        title = Text(
            " " + _("LEVEL %(level)s", level=view["level"]) + " ", style="bold black on green"
        )
    if view.get("day_ended"):
        title.append("  ")
        title.append(
            " " + _("END OF DAY %(day)s — BAG AND TAG", day=view["day"]) + " ",
            style="bold black on yellow",
        )
    elif paused:
        title.append("  ")
        title.append(" ❚❚ " + _("PAUSED") + " ", style="bold black on yellow")
    elif status == "not started":
        title.append("  ")
        title.append(" " + _("NOT STARTED · space starts") + " ", style="bold black on white")

    blinds_style = "bold"
    if on_break:
        nxt_level = _("Next: level %(level)s", level=view["level"])
        blinds = Text(f"{nxt_level}   {_blinds(view, _)}", style=blinds_style)
    elif view.get("day_ended"):  # the next day's first level, not one being played
        day = _("Day %(day)s:", day=view["day"] + 1)
        blinds = Text(f"{day} {_blinds(view, _)}", style="bold bright_white")
    else:
        blinds = Text(_blinds(view, _), style="bold bright_white")

    lines: list[RenderableType] = [Align.center(title)]
    info: list[RenderableType] = [Align.center(blinds)]
    nxt = view.get("next_level")
    upcoming = []
    if view["past_last_level"]:
        upcoming.append(_("The last level continues past the end of the structure"))
    elif nxt is not None and not on_break:
        upcoming.append(
            _("Next: level %(level)s", level=nxt["level"])
            + f"  {n(nxt['small_blind'])}/{n(nxt['big_blind'])}"
        )
        if nxt.get("ante"):
            upcoming[-1] += " " + _("ante %(amount)s", amount=n(nxt["ante"]))
        if nxt.get("bb_ante"):
            upcoming[-1] += " " + _("BB ante %(amount)s", amount=n(nxt["bb_ante"]))
    if view.get("seconds_to_break") is not None:
        upcoming.append(_("Next break in %(time)s", time=format_seconds(view["seconds_to_break"])))
    if upcoming:
        info.append(Align.center(Text("     ".join(upcoming), overflow="ellipsis")))

    figures = []
    if view.get("entries"):
        figures.append(
            _.ngettext(
                "Players left %(left)s of %(num)s entry",
                "Players left %(left)s of %(num)s entries",
                view["entries"],
                left=n(view["players_left"]),
            )
        )
        if view.get("average_stack"):
            bbs = view.get("average_big_blinds")
            figures.append(
                _("Average %(amount)s", amount=n(view["average_stack"]))
                + (f" ({bb_text(bbs, _)} BB)" if bbs else "")
            )
    leader = view.get("chip_leader")
    if leader:
        bbs = leader.get("big_blinds")
        last = leader.get("at_last_count")
        figures.append(
            (_("Chip leader at the last count") if last else _("Chip leader"))
            + f" {leader['name']} {n(leader['chips'])}"
            + (f" ({bb_text(bbs, _)} BB)" if bbs else "")
        )
    if view.get("prize_pool"):
        figures.append(_("Prize pool %(amount)s", amount=n(view["prize_pool"])))
    if figures:
        info.append(Align.center(Text("     ".join(figures), style="bold")))

    notes = []
    if view.get("seat_bubble"):
        bubble = _.ngettext(
            "SEAT BUBBLE: %(players)s players for %(num)s seat",
            "SEAT BUBBLE: %(players)s players for %(num)s seats",
            view["seats"],
            players=n(view["players_left"]),
        )
        notes.append(Text(f" {bubble} ", style="bold white on red"))
    if view.get("color_up"):
        chips = ", ".join(n(c) for c in view["color_up"])
        notes.append(
            Text(
                " " + _("COLOR-UP NOW: %(chips)s chips leave play", chips=chips) + " ",
                style="bold black on magenta",
            )
        )
    elif view.get("next_color_up") and view.get("seconds_to_break") is not None:
        chips = ", ".join(n(c) for c in view["next_color_up"])
        notes.append(
            Text(
                _("Color-up of the %(chips)s chips at the next break", chips=chips), style="magenta"
            )
        )
    if view.get("day_ended"):
        values = {
            "day": view["day"] + 1,
            "level": view["level"],
            "time": format_seconds(view["remaining_seconds"]),
        }
        notes.append(
            Text(
                _(
                    "Day %(day)s resumes with the break, then at level %(level)s with %(time)s"
                    " of break left",
                    **values,
                )
                if on_break
                else _("Day %(day)s resumes at level %(level)s with %(time)s left", **values),
                style="bold",
            )
        )
    elif view.get("day_last_level") is not None:
        ends = format_seconds(view.get("seconds_to_day_end") or 0)
        notes.append(
            Text(
                _(
                    "Day %(day)s ends after level %(level)s (in %(time)s)",
                    day=view["day"],
                    level=view["day_last_level"],
                    time=ends,
                )
            )
        )
    late = view.get("late_registration")
    if late == "open" and later_day_closes(view):
        level = view["late_registration_level"]
        notes.append(
            Text(_("Late registration open through level %(level)s", level=level), style="bold")
        )
    elif late == "open":
        left = format_seconds(view.get("seconds_to_late_registration_end") or 0)
        notes.append(Text(_("Late registration closes in %(time)s", time=left), style="bold"))
    elif late == "closed" and view["level"] == (view.get("late_registration_level") or 0) + 1:
        notes.append(
            Text(" " + _("Late registration is closed") + " ", style="bold black on dark_orange")
        )
    for note in notes:
        info.append(Align.center(note))
    if message:
        info.append(Align.center(Text(message, style="bold red")))
    info.append(Align.center(Text(keys_help(_), style="dim", overflow="ellipsis")))

    digits = time_text(view)
    if paused:
        digit_style = "bold yellow"
    elif on_break:
        digit_style = "bold bright_cyan"
    elif not view["past_last_level"] and view["remaining_seconds"] <= 60 and status == "running":
        digit_style = "bold red"
    else:
        digit_style = "bold bright_white"

    inner_w, inner_h = width - 4, height - 2
    spacing = 4  # blank lines around the digits and between the parts
    room = inner_h - 2 - len(lines) - len(info) - spacing
    scale = max(1, min(room // 5, inner_w // big_width(digits)))
    if room < 5 or big_width(digits) > inner_w:
        big: RenderableType = Text(digits, style=digit_style, justify="center")
    else:
        # Centred once for the whole block: rich centres each line on its own after stripping
        # its trailing blanks, so rows ending in a blank pixel moved (the digits tore).
        rows = big_text(digits, scale)
        pad = max(0, (inner_w - len(rows[0])) // 2)
        block = [" " * pad + row + " " * max(0, inner_w - pad - len(row)) for row in rows]
        big = Text("\n".join(block), style=digit_style, justify="left", no_wrap=True)

    body = Group(
        Align.center(head),
        Text(""),
        *lines,
        Text(""),
        big,
        Text(""),
        *info,
    )
    return Panel(
        Align.center(body, vertical="middle", height=max(1, inner_h)),
        border_style=accent,
        height=height,
        width=width,
    )


# --- the live loop --------------------------------------------------------------------------


@contextlib.contextmanager
def _keys() -> Iterator[Callable[[float], str | None]]:
    """Read single key presses without echo; yields `poll(timeout) -> key or None`."""
    if not sys.stdin.isatty():

        def wait(timeout: float) -> str | None:
            time.sleep(timeout)
            return None

        yield wait
        return
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    try:

        def poll(timeout: float) -> str | None:
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready:
                return None
            return os.read(fd, 1).decode(errors="replace")

        yield poll
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


class Bell:
    """Rings one minute before each level change and at each change (and plays `sound`)."""

    def __init__(self, console: Console, sound: str | None) -> None:
        self.console = console
        self.sound = shlex.split(sound) if sound else None
        self.last: dict[str, Any] | None = None

    def should_ring(self, view: dict[str, Any]) -> bool:
        """Whether going from the last frame to `view` crosses one minute left or a change."""
        last, self.last = self.last, view
        if last is None:
            return False
        changed = (last["level"], last["on_break"], last["past_last_level"]) != (
            view["level"],
            view["on_break"],
            view["past_last_level"],
        )
        one_minute = (
            not changed
            and view["running"]
            and last["remaining_seconds"] > 60 >= view["remaining_seconds"]
        )
        return changed or one_minute

    def __call__(self, view: dict[str, Any]) -> None:
        if not self.should_ring(view):
            return
        self.console.bell()
        if self.sound:
            with contextlib.suppress(OSError):
                subprocess.Popen(
                    self.sound,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )


def _display(view: Any) -> dict[str, Any]:
    """The display data now, from the cached view (its figures counted once per change),
    with the tournament's language under "language"."""
    from tdtool.app.clock import display_base, view_data
    from tdtool.i18n import language_of

    state, base = view.derived(display_base)
    return view_data(state, view.store.now(), base).to_dict() | {"language": language_of(state)}


def run(
    store: Any,
    sound: str | None = None,
    tick: float = 0.25,
    say: list[str] | None = None,
    theme: Any = None,
) -> None:
    """Show the clock full-screen until `q` (or Ctrl-C); keys record clock events; `say`
    (a command's argv) speaks the announcements in `theme`'s words (tdtool.cli.clock_voice)."""
    from tdtool.cli.clock_voice import Voice

    console = Console()
    bell = Bell(console, sound)
    voice = Voice(say, theme) if say else None
    with contextlib.suppress(KeyboardInterrupt):
        _loop(store, console, bell, tick, voice)


def _loop(
    store: Any, console: Console, bell: Bell, tick: float, voice: Callable[[Any], str | None] | None
) -> None:
    """Draw, read keys and record their events until `q`."""
    from tdtool.app.clock import perform
    from tdtool.errors import TdtoolError

    message = ""
    message_until = 0.0
    cached = store.view()  # folds again only after a change (its own keys' or another's)

    def frame() -> RenderableType:
        nonlocal message, message_until
        view = _display(cached)
        bell(view)
        problem = voice(view) if voice is not None else None
        if problem:
            message, message_until = problem, time.monotonic() + 15
        w, h = console.size
        shown = message if time.monotonic() < message_until else ""
        return screen(view, w, h, shown, view["language"])

    frames = Frames(console)
    with _keys() as poll, frames.screen():
        frames.draw(frame())
        next_draw = 0.0
        while True:
            key = poll(tick)
            if key in ("q", "Q"):
                break
            action = KEY_ACTIONS.get((key or "").lower())
            if key == " ":
                action = SPACE[_display(cached)["status"]]
            if action is not None:
                try:
                    perform(store, *action)
                    message = ""
                except TdtoolError as exc:
                    message, message_until = exc.worded(SCREEN_ACTIONS), time.monotonic() + 8
            now = time.monotonic()
            if action is not None or key is not None or now >= next_draw:
                frames.draw(frame())
                next_draw = now + 0.5
