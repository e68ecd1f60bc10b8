"""Paper on the tables: seat cards for the draw, the seat list by name, table-move slips.

Self-contained HTML pages made for A4 or Letter (chosen by `paper`), printed from a browser:

- seat cards: one card per player (name, table, seat in type readable at arm's length),
  eight to a page with cut lines, in the order of the seat list (by name);
- the seat list: every player by name, alphabetically, with table and seat, in two columns
  under the letters of the alphabet, for the registration desk and the wall;
- move slips: one per table move (the player, from, to, why and when), eight to a page, for
  the floor to hand to the player who moves.

Each is a template (tdtool/templates/seat_*.html, on the print base of tdtool/io/pages.py,
which a house theme may override); this module only lays the players out. Every name
reaches the page escaped (the templates autoescape). Times are given (unix seconds),
formatted here in local time; nothing reads the clock but the "printed" line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from tdtool.io.pages import Theme

T = TypeVar("T")

PAPERS = {"a4": "A4", "letter": "letter"}
"""The papers (`--paper`); the page templates are tdtool/templates/seat_*.html."""

CARDS_PER_PAGE = 8
"""Two columns of four cards: each card 93 x 63 mm, inside the margins of A4 and Letter."""


@dataclass(frozen=True)
class SeatCard:
    """A player and the seat they play from."""

    player: str
    table: int
    seat: int


@dataclass(frozen=True)
class MoveSlip:
    """A player moved from one seat to another, why and when."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str
    """The MoveReason's value: 'balance', 'table-break', 'final-table', 'late-entry'."""
    at: float
    """When the move was recorded (unix seconds)."""


REASONS = {
    "balance": "Balancing the tables",
    "by-hand": "Moved by the tournament director",
    "table-break": "Table {table} breaks",
    "final-table": "Final table: new seat drawn",
    "late-entry": "Late entry: tables rebalanced",
}
"""Why a player moves, in English (the slips say it in the tournament's language:
`reason_text`)."""


def reason_text(slip: MoveSlip, lang: str = "en") -> str:
    """Why the player moves, in words of `lang`: 'Table 3 breaks'.

    >>> reason_text(MoveSlip("Anna", 3, 7, 1, 4, "table-break", 0.0))
    'Table 3 breaks'
    """
    from tdtool.i18n import words

    _ = words(lang)
    if slip.reason == "balance":
        return _("Balancing the tables")
    if slip.reason == "by-hand":
        return _("Moved by the tournament director")
    if slip.reason == "table-break":
        return _("Table %(table)s breaks", table=slip.from_table)
    if slip.reason == "final-table":
        return _("Final table: new seat drawn")
    if slip.reason == "late-entry":
        return _("Late entry: tables rebalanced")
    return slip.reason


def _name_size(name: str, roomy: int, tight: int) -> str:
    """The class that keeps a name on its card: long names get smaller type."""
    length = len(name)
    if length <= roomy:
        return "n1"
    if length <= tight:
        return "n2"
    return "n3"


def _chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


_MARK = "<!-- tdtool {kind} sheet: the seats as of change {change} -->\n"
_MARK_RE = re.compile(r"<!-- tdtool (\w+) sheet: the seats as of change (\d+) -->")


def marked(html: str, kind: str, change: int) -> str:
    """The sheet with a last line saying which sheet it is and the change of seats it shows
    (a comment, whatever the theme's templates: `seat print` reads it back).

    >>> marked("", "moves", 12).strip()
    '<!-- tdtool moves sheet: the seats as of change 12 -->'
    >>> sheet_change(marked("<p>x</p>", "moves", 12), "moves"), sheet_change("<p>", "moves")
    (12, None)
    """
    return html + _MARK.format(kind=kind, change=change)


def sheet_change(html: str, kind: str) -> int | None:
    """The change of seats a `kind` sheet tdtool wrote shows (None: not such a sheet)."""
    found = _MARK_RE.findall(html[-200:])
    return int(found[-1][1]) if found and found[-1][0] == kind else None


def read_sheet_change(path: Path, kind: str) -> int | None:
    """`sheet_change` of the file at `path` (None when it cannot be read)."""
    try:
        with path.open("rb") as f:
            f.seek(0, 2)
            f.seek(max(f.tell() - 200, 0))
            tail = f.read().decode("utf-8", "replace")
    except OSError:
        return None
    return sheet_change(tail, kind)


def cards_html(
    tournament: str,
    cards: Sequence[SeatCard],
    paper: str = "a4",
    theme: Theme | None = None,
    qr: str | None = None,
    lang: str = "en",
) -> str:
    """One seat card per player, eight to a page, in the order given, in the language
    `lang`; with `qr` (a URL, the players' page), a QR code to it on each card and the URL
    beside it."""
    from tdtool.i18n import words
    from tdtool.io import pages

    _ = words(lang)
    made = [
        {"player": c.player, "table": c.table, "seat": c.seat, "size": _name_size(c.player, 14, 28)}
        for c in cards
    ]
    return pages.render(
        "seat_cards.html",
        theme,
        lang,
        title=_("%(tournament)s: seat cards", tournament=tournament),
        tournament=tournament,
        paper=paper if paper in PAPERS else "a4",
        pages=_chunks(made, CARDS_PER_PAGE),
        qr_url=qr or "",
        qr_svg=_qr_svg(qr) if qr else "",
    )


def _qr_svg(url: str) -> Any:
    """The QR code of `url` as inline SVG, marked safe for the template (segno draws it from
    the URL's bytes: nothing of the URL lands in it as text)."""
    from markupsafe import Markup

    from tdtool.io.qr import svg

    return Markup(svg(url))  # noqa: S704 - segno's own SVG, no text of ours in it


def _initial(name: str) -> str:
    """The letter a name is listed under: 'É' under E, digits and signs under '#'."""
    from tdtool.names import ascii_fold

    first = ascii_fold(name)[:1].upper()
    return first if "A" <= first <= "Z" else "#"


def sort_key(name: str) -> tuple[str, str]:
    """By surname, alphabetical as a person reads it: case and accents aside ('Émile'
    beside 'Emil'), 'Nina Petrova' under P (tdtool.names.surname_first)."""
    from tdtool.names import ascii_fold, surname_first

    return (ascii_fold(surname_first(name)), name)


COLUMN_MM = {"a4": 240.0, "letter": 220.0}
"""Height of one column of the seat list on a page (two columns a page), with room to spare:
the page less its margins, the title and the column heads."""

ROW_MM = (1.3, 5.2)
"""A row of the seat list: its padding and border, and each line of its name (see CSS)."""

LETTER_MM = 9.5
"""A letter's heading in the seat list."""

NAME_WIDTH = 22.0
"""Width of one line of a name in the seat list, in widths of an average letter (`_width`),
counted short: about 25 fit."""

_NARROW = frozenset("fijlrtI.,'’ ")
_WIDE = frozenset("MWmw@")


def _width(text: str) -> float:
    """Roughly how wide `text` is in DejaVu Sans, in widths of an average letter."""
    return sum(
        0.55 if c in _NARROW else 1.6 if c in _WIDE else 1.2 if c.isupper() else 1.0 for c in text
    )


def name_lines(name: str, width: float = NAME_WIDTH) -> int:
    """Lines a name takes in the seat list, wrapped at spaces and hyphens as a browser does.

    >>> name_lines("Anna Berg"), name_lines("Anna Karamazov-Smerdyakov"), name_lines("W" * 45)
    (1, 2, 4)
    """
    import re

    lines, used = 1, 0.0
    for word in re.findall(r"[^\s-]+-?", name):
        size = _width(word)
        if used and used + 0.55 + size > width:
            lines += 1
            used = 0.0
        while size > width:  # longer than a line: broken anywhere
            size -= width
            lines += 1
        used += (0.55 if used else 0.0) + size
    return lines


Entry = dict[str, object]
"""One line of the seat list: {"letter": "E"}, or a player's {"name", "table", "seat"} or
{"name", "waiting": True}."""


def _columns(entries: Sequence[Entry], budget: float) -> list[list[Entry]]:
    """The seat list's entries cut into columns of at most `budget` mm, each letter headed,
    and headed again at the top of a column that goes on with it."""
    columns: list[list[Entry]] = [[]]
    used = 0.0
    letter = None
    for entry in entries:
        name = str(entry["name"])
        initial = _initial(name)
        height = ROW_MM[0] + ROW_MM[1] * name_lines(name)
        heading = initial != letter
        if used + height + (LETTER_MM if heading else 0) > budget and columns[-1]:
            columns.append([])
            used = 0.0
            heading = True
        if heading:
            letter = initial
            columns[-1].append({"letter": initial})
            used += LETTER_MM
        columns[-1].append(entry)
        used += height
    return columns


def list_html(
    tournament: str,
    cards: Sequence[SeatCard],
    waiting: Sequence[str] = (),
    paper: str = "a4",
    printed: str = "",
    theme: Theme | None = None,
    lang: str = "en",
) -> str:
    """Every player by name with table and seat (waiting players marked), in two columns
    under the letters of the alphabet; a header on every page, the letter again at the top
    of a column that goes on with it; in the language `lang` (`printed` is the line saying
    when, already in it)."""
    from tdtool.i18n import words
    from tdtool.io import pages

    _ = words(lang)
    from tdtool.names import surname_first

    listed: list[tuple[str, Entry]] = [
        (c.player, {"name": surname_first(c.player), "table": c.table, "seat": c.seat})
        for c in cards
    ]
    listed += [(name, {"name": surname_first(name), "waiting": True}) for name in waiting]
    listed.sort(key=lambda pair: sort_key(pair[0]))
    entries = [entry for _name, entry in listed]
    budget = COLUMN_MM.get(paper, COLUMN_MM["letter"])
    columns = _columns(entries, budget)
    if len(columns) <= 2:  # one page: share it between the two columns, not one long one
        names = [str(e["name"]) for e in entries]
        total = sum(ROW_MM[0] + ROW_MM[1] * name_lines(name) for name in names)
        total += LETTER_MM * len({_initial(name) for name in names})
        balanced = _columns(entries, min(budget, total / 2 + LETTER_MM))
        columns = balanced if len(balanced) <= 2 else columns
    return pages.render(
        "seat_list.html",
        theme,
        lang,
        title=_("%(tournament)s: seats by name", tournament=tournament),
        tournament=tournament,
        paper=paper if paper in PAPERS else "a4",
        pages=[columns[i : i + 2] for i in range(0, len(columns), 2)],
        count=_.ngettext("%(num)s player", "%(num)s players", len(entries)),
        printed=printed,
        title_pt=f"{title_pt(tournament):g}",
    )


def slips_html(
    tournament: str,
    slips: Sequence[MoveSlip],
    paper: str = "a4",
    theme: Theme | None = None,
    lang: str = "en",
) -> str:
    """One slip per table move, eight to a page, in the order given, in the language
    `lang`."""
    import time

    from tdtool.i18n import words
    from tdtool.io import pages

    _ = words(lang)
    made = [
        {
            "player": s.player,
            "size": _name_size(s.player, 14, 28),
            "when": time.strftime("%H:%M", time.localtime(s.at)),
            "why": reason_text(s, lang),
            "from_table": s.from_table,
            "from_seat": s.from_seat,
            "to_table": s.to_table,
            "to_seat": s.to_seat,
            # The final table's draw (RP-9) gives everyone a slip; one who drew the seat they
            # sit in is told to stay, not sent from seat 4 to seat 4.
            "stays": (s.from_table, s.from_seat) == (s.to_table, s.to_seat),
        }
        for s in slips
    ]
    return pages.render(
        "seat_moves.html",
        theme,
        lang,
        title=_("%(tournament)s: table moves", tournament=tournament),
        tournament=tournament,
        paper=paper if paper in PAPERS else "a4",
        pages=_chunks(made, CARDS_PER_PAGE),
    )


def title_pt(name: str) -> float:
    """The seat list's title size: 20pt fits about 40 characters across the page on one
    line; a longer name prints smaller (down to 11pt, then it ends in an ellipsis) rather
    than cut at 'Thursday ...'. One line whatever the size: the pages are cut to fit."""
    return max(11.0, min(20.0, round(20 * 40 / max(len(name), 1), 1)))
