"""Full-screen frames that change in place: only the cells that differ reach the terminal.

`clock run` redraws once or twice a second. Rewriting the whole screen each time (what
rich's `Live(screen=True)` does) sends 4-10 KiB per frame; a terminal reads that from its
pty in pieces and may paint between them, so the big digits can show for a moment half the
old second and half the new (seen in tmux under load: rows 6-7 of a "6" under the rest of a
"7"). A `Frames` instead keeps the last frame's cells and writes, for each changed row, only
the run from its first to its last changed cell, all in one write wrapped in the synchronized
update mode (DEC private mode 2026: terminals that know it paint the frame whole, the others
ignore it). A tick of the clock is then one digit's columns: a few hundred bytes.

Rendering stays rich's (`Console.render_lines`), and each run is styled by `Style.render`,
both public; nothing here reads the tournament.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TextIO

from rich.cells import cell_len
from rich.color import ColorSystem
from rich.console import Console, RenderableType
from rich.style import Style

Cell = tuple[str, Style | None]
"""One screen cell: its character ("" for the right half of a wide one) and style."""

BEGIN_SYNC, END_SYNC = "\x1b[?2026h", "\x1b[?2026l"
HOME_CLEAR = "\x1b[H\x1b[2J"
RESET = "\x1b[0m"

_SYSTEMS = {
    "standard": ColorSystem.STANDARD,
    "256": ColorSystem.EIGHT_BIT,
    "truecolor": ColorSystem.TRUECOLOR,
    "windows": ColorSystem.WINDOWS,
}


def cells_of(
    console: Console, renderable: RenderableType, width: int, height: int
) -> list[list[Cell]]:
    """The frame as rows of cells, exactly `height` rows of `width` cells."""
    options = console.options.update_dimensions(width, height)
    rows: list[list[Cell]] = []
    for line in console.render_lines(renderable, options, pad=True)[:height]:
        row: list[Cell] = []
        for segment in line:
            if segment.control:
                continue
            for char in segment.text:
                row.append((char, segment.style))
                if cell_len(char) == 2:
                    row.append(("", segment.style))
        rows.append((row + [(" ", None)] * width)[:width])
    blank = [(" ", None)] * width
    return rows + [list(blank) for _ in range(height - len(rows))]


def _span(old: list[Cell], new: list[Cell]) -> tuple[int, int] | None:
    """The first and last (exclusive) columns where two rows differ, on whole characters."""
    first = next((i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b), None)
    if first is None:
        return None
    last = max(i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b) + 1
    while first > 0 and new[first][0] == "":  # never start on a wide character's right half
        first -= 1
    while last < len(new) and new[last][0] == "":
        last += 1
    return first, last


def _styled(cells: list[Cell], system: ColorSystem | None) -> str:
    """The cells as text with their styles, one style code per run of equal styles."""
    out: list[str] = []
    run: list[str] = []
    style: Style | None = None
    for char, cell_style in cells:
        if cell_style != style and run:
            out.append(style.render("".join(run), color_system=system) if style else "".join(run))
            run = []
        style = cell_style
        run.append(char)
    if run:
        out.append(style.render("".join(run), color_system=system) if style else "".join(run))
    return "".join(out)


def changes(old: list[list[Cell]] | None, new: list[list[Cell]], system: ColorSystem | None) -> str:
    """What to write to turn the screen showing `old` into `new` (all of it when `old` is None
    or of another size), as one synchronized update; "" when nothing changed."""
    whole = (
        old is None
        or len(old) != len(new)
        or any(len(a) != len(b) for a, b in zip(old, new, strict=True))
    )
    parts: list[str] = [HOME_CLEAR] if whole else []
    for y, row in enumerate(new):
        span = (0, len(row)) if whole or old is None else _span(old[y], row)
        if span is None:
            continue
        first, last = span
        parts.append(f"\x1b[{y + 1};{first + 1}H{_styled(row[first:last], system)}{RESET}")
    if not parts:
        return ""
    return BEGIN_SYNC + "".join(parts) + END_SYNC


class Frames:
    """The alternate screen, drawn frame by frame with only the changed cells written."""

    def __init__(self, console: Console, out: TextIO | None = None) -> None:
        self.console = console
        self.out = out if out is not None else console.file
        self.system = _SYSTEMS.get(console.color_system or "")
        self.shown: list[list[Cell]] | None = None

    def draw(self, renderable: RenderableType) -> int:
        """Show `renderable` on the whole screen; the number of characters written."""
        width, height = self.console.size
        frame = cells_of(self.console, renderable, width, height)
        text = changes(self.shown, frame, self.system)
        self.shown = frame
        if text:
            self.out.write(text)
            self.out.flush()
        return len(text)

    @contextlib.contextmanager
    def screen(self) -> Iterator[Frames]:
        """The alternate screen with the cursor hidden, restored on the way out."""
        self.console.set_alt_screen(True)
        self.console.show_cursor(False)
        try:
            yield self
        finally:
            self.console.show_cursor(True)
            self.console.set_alt_screen(False)
