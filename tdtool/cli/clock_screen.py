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
    "/": ("..#", "..#", ".#.", "#..", "#.."),
    ",": (".", ".", ".", "#", "#"),
    ".": (".", ".", ".", ".", "#"),
    " ": (".", ".", ".", ".", "."),
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

HAND_KEY = (ClockAction.HAND, 0)
"""The key h: the next hand-for-hand hand, as `tdtool clock hand` records it."""

SCREEN_ACTIONS = {
    "clock": lambda action: {
        "start": "space",
        "pause": "space",
        "resume": "space",
        "next": "n",
        "add MINUTES": "+ or -",
        "hand": "h",
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


SIDE_FROM = 120
"""From this width the panels (money, deal, bounties) stand in a column at the right."""
SIDE_MAX = 44
BIG_FROM_W, BIG_FROM_H = 160, 48
"""From this size the blinds are drawn in big digits too, half the time's size."""

MARKS = {"next": "bold black on yellow", "out": "dim strike", "gap": "dim"}
"""How a panel row is drawn by its mark (tdtool.app.panels)."""


def _block(rows: list[str], width: int, style: str) -> RenderableType:
    """Big-letter rows centred once as a whole: rich centres each line on its own after
    stripping its trailing blanks, so rows ending in a blank pixel moved (the digits tore)."""
    pad = max(0, (width - len(rows[0])) // 2)
    block = [" " * pad + row + " " * max(0, width - pad - len(row)) for row in rows]
    return Text("\n".join(block), style=style, justify="left", no_wrap=True)


def blinds_digits(view: dict[str, Any], _: Words) -> str:
    """The blinds as the big digits draw them: '3,000/6,000' in the language's numbers."""
    if view.get("small_blind") is None:
        return ""
    text = f"{_.number(view['small_blind'])}/{_.number(view['big_blind'])}"
    text = text.replace("\u202f", " ").replace("\xa0", " ")
    return "".join(ch for ch in text if ch in FONT)


def _bounty_line(view: dict[str, Any], _: Words) -> str:
    b = view.get("bounties")
    if not b or not b.get("biggest"):
        return ""
    head = _("BIGGEST BOUNTIES (PKO)") if b["kind"] == "pko" else _("BIGGEST BOUNTIES")
    return head + ": " + " · ".join(f"{x['name']} {x['bounty']}" for x in b["biggest"])


def side_parts(view: dict[str, Any], _: Words, width: int = 76) -> list[tuple[int, RenderableType]]:
    """The TV's side panels (the money from the bubble on, a deal) and the bounty leaders as
    lines under the clock, each with its priority (the lowest is dropped first on a small
    terminal): the headline and the next out before the prizes, the prizes before the
    bounties."""
    out: list[tuple[int, RenderableType]] = []
    for p in view.get("panels") or ():
        head = Text(overflow="ellipsis", no_wrap=True)
        loud = "bold white on red" if p.get("bubble") else "bold black on green"
        head.append(f" {p['title']} ", style=loud)
        if p.get("lead"):
            head.append("  " + p["lead"], style="bold")
        out.append((9, Align.center(head)))
        # The places on as few lines as they fit; the line with the next out's place (or
        # the first) is kept longest.
        lines: list[Text] = []
        marked = 0
        for r in p.get("rows") or ():
            item = f"{r['label']} {r['value']}"
            if not lines or len(lines[-1].plain) + 3 + len(item) > width:
                lines.append(Text(overflow="ellipsis", no_wrap=True))
            else:
                lines[-1].append(" · ", style="dim")
            lines[-1].append(item, style=MARKS.get(r.get("mark") or "", ""))
            if r.get("mark") == "next":
                marked = len(lines) - 1
        for k, line in enumerate(lines):
            out.append((4 if k == marked else 3, Align.center(line)))
        if p.get("foot"):
            out.append((8 if p["id"] == "money" else 3, Align.center(Text(p["foot"]))))
    bounties = _bounty_line(view, _)
    if bounties:
        out.append((3, Align.center(Text(bounties, style="bold", overflow="ellipsis"))))
    return out


def side_boxes(view: dict[str, Any], _: Words, width: int) -> list[tuple[str, RenderableType]]:
    """The same panels as boxes for a column `width` wide: a heading, a line under it, the
    places (or a deal's players) and their amounts, the next out marked, a foot."""
    from rich.table import Table

    out: list[tuple[str, RenderableType]] = []
    for p in view.get("panels") or ():
        rows = Table.grid(padding=(0, 1), expand=True)
        rows.add_column(justify="left", overflow="ellipsis", no_wrap=True)
        rows.add_column(justify="right", no_wrap=True)
        for r in p.get("rows") or ():
            rows.add_row(r["label"], r["value"], style=MARKS.get(r.get("mark") or "", "bold"))
        parts: list[RenderableType] = []
        if p.get("alert"):
            parts.append(Align.center(Text(f" {p['alert']} ", style="bold white on red")))
        if p.get("lead"):
            parts.append(Align.center(Text(p["lead"], style="bold", overflow="ellipsis")))
        parts.append(rows)
        if p.get("foot"):
            parts.append(Align.center(Text(p["foot"], overflow="fold")))
        border = "red" if p.get("bubble") else "green"
        title = Text(f" {p['title']} ", style=f"bold {border}")
        out.append((p["id"], Panel(Group(*parts), title=title, border_style=border, width=width)))
    b = view.get("bounties")
    if b and b.get("biggest"):
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(justify="left", overflow="ellipsis", no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
        for x in b["biggest"]:
            table.add_row(x["name"], x["bounty"], style="bold")
        head = _("BIGGEST BOUNTIES (PKO)") if b["kind"] == "pko" else _("BIGGEST BOUNTIES")
        title = Text(f" {head} ", style="bold magenta")
        out.append(("bounties", Panel(table, title=title, border_style="magenta", width=width)))
    return out


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
    h4h = view.get("hand_for_hand")
    if h4h and not view.get("day_ended"):
        pill = _("HAND FOR HAND")
        if h4h.get("hand"):
            pill += " · " + _("HAND %(hand)s", hand=n(h4h["hand"]))
        title.append("  ")
        title.append(f" {pill} ", style="bold white on red")
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
    info: list[tuple[int, RenderableType]] = []  # (priority: the lowest is dropped first, line)
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
        info.append((7, Align.center(Text("     ".join(upcoming), overflow="ellipsis"))))

    figures: list[str] = []
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
    if figures:
        info.append(
            (6, Align.center(Text("     ".join(figures), style="bold", overflow="ellipsis")))
        )
        figures = []
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
        info.append(
            (2, Align.center(Text("     ".join(figures), style="bold", overflow="ellipsis")))
        )

    notes: list[Text] = []
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
        info.append((5, Align.center(note)))
    if h4h and h4h.get("clock_stops") and not view.get("day_ended"):
        stopped = _("Hand-for-hand: the clock stands still, each hand takes 2 minutes off it")
        info.append((8, Align.center(Text(stopped, style="bold red", overflow="ellipsis"))))
    if message:
        info.append((10, Align.center(Text(message, style="bold red"))))
    keys = keys_help(_)
    if h4h:
        keys = keys.replace(" · q", " · h " + _("next hand") + " · q", 1)
    info.append((0, Align.center(Text(keys, style="dim", overflow="ellipsis"))))

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
    side = side_parts(view, _, inner_w)
    main_w = inner_w
    if side and width >= SIDE_FROM:  # the panels in a column of their own at the right
        side_w = min(SIDE_MAX, max(30, inner_w // 4))
        main_w = inner_w - side_w - 2
        column: RenderableType | None = Group(*(part for _k, part in side_boxes(view, _, side_w)))
    else:
        column = None
        info.extend(side)  # the panels as lines under the clock
    digits_w = big_width(digits)
    fixed = 2 + len(lines) + 4  # the name, the title and the blank lines between the parts
    big_blinds = width >= BIG_FROM_W and height >= BIG_FROM_H and not view.get("day_ended")
    blinds_glyphs = blinds_digits(view, _) if big_blinds else ""
    # Drop the least important lines until the rest fits beside digits at least 5 rows high;
    # what is kept stays in its order.
    by_priority = sorted(range(len(info)), key=lambda k: -info[k][0])
    while by_priority and inner_h - fixed - 1 - len(by_priority) < 5:
        if info[by_priority[-1]][0] >= 10:
            break
        by_priority.pop()
    shown = [info[k][1] for k in sorted(by_priority)]
    room = inner_h - fixed - 1 - len(shown)
    scale = max(1, min(room // 5, main_w // digits_w)) if room >= 5 else 1
    blinds_block: RenderableType = Align.center(blinds)
    if blinds_glyphs and scale >= 2:
        b_scale = max(1, scale // 2)
        while b_scale > 1 and big_width(blinds_glyphs, b_scale) > main_w:
            b_scale -= 1
        room_left = room - 5 * b_scale - 1  # the blinds in words under their digits
        if big_width(blinds_glyphs, b_scale) <= main_w and room_left >= 5:
            scale = max(1, min(room_left // 5, main_w // digits_w))
            blinds_block = Group(
                _block(big_text(blinds_glyphs, b_scale), main_w, "bold bright_white"),
                Align.center(Text(_blinds(view, _), style="dim")),
            )
    if room < 5 or digits_w > main_w:
        big: RenderableType = Text(digits, style=digit_style, justify="center")
    else:
        big = _block(big_text(digits, scale), main_w, digit_style)

    main = Group(
        Align.center(head),
        Text(""),
        *lines,
        Text(""),
        big,
        Text(""),
        blinds_block,
        *shown,
    )
    body: RenderableType = main
    if column is not None:
        from rich.table import Table

        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=main_w)
        grid.add_column(width=inner_w - main_w - 2)
        grid.add_row(main, column)
        body = grid
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
    from tdtool.app.clock import deal_hand, perform
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
            if key in ("h", "H"):
                action = HAND_KEY
            if action is not None:
                try:
                    if action is HAND_KEY:
                        deal_hand(store)
                    else:
                        perform(store, *action)
                    message = ""
                except TdtoolError as exc:
                    message, message_until = exc.worded(SCREEN_ACTIONS), time.monotonic() + 8
            now = time.monotonic()
            if action is not None or key is not None or now >= next_draw:
                frames.draw(frame())
                next_draw = now + 0.5
