"""Paper on the tables: seat cards for the draw, the seat list by name, table-move slips.

Self-contained HTML pages made for A4 or Letter (chosen by `paper`), printed from a browser:

- seat cards: one card per player (name, table, seat in type readable at arm's length),
  eight to a page with cut lines, in the order of the seat list (by name);
- the seat list: every player by name, alphabetically, with table and seat, in two columns
  under the letters of the alphabet, for the registration desk and the wall;
- move slips: one per table move (the player, from, to, why and when), eight to a page, for
  the floor to hand to the player who moves.

Every name reaches the page escaped. Times are given (unix seconds), formatted here in
local time; nothing reads the clock but the "printed" line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PAPERS = {"a4": "A4", "letter": "letter"}

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
    "table-break": "Table {table} breaks",
    "final-table": "Final table: new seat drawn",
    "late-entry": "Late entry: tables rebalanced",
}


def reason_text(slip: MoveSlip) -> str:
    """Why the player moves, in words: 'Table 3 breaks'.

    >>> reason_text(MoveSlip("Anna", 3, 7, 1, 4, "table-break", 0.0))
    'Table 3 breaks'
    """
    return REASONS.get(slip.reason, slip.reason).format(table=slip.from_table)


def _name_size(name: str, roomy: int, tight: int) -> str:
    """The class that keeps a name on its card: long names get smaller type."""
    length = len(name)
    if length <= roomy:
        return "n1"
    if length <= tight:
        return "n2"
    return "n3"


CSS = """
@page { size: %(paper)s portrait; margin: 10mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif;
       color: #111; margin: 0; }
.page { width: 186mm; margin: 0 auto; break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
.grid { display: grid; grid-template-columns: 93mm 93mm; grid-auto-rows: 63mm; }
.card { border: 0.3mm dashed #777; padding: 4mm 5mm; display: flex; flex-direction: column;
        overflow: hidden; }
.event { font-size: 9pt; color: #444; white-space: nowrap; overflow: hidden;
         text-overflow: ellipsis; }
.name { font-weight: 700; line-height: 1.1; margin: 1.5mm 0 0; overflow-wrap: anywhere;
        max-height: 17mm; overflow: hidden; }
.n1 { font-size: 24pt; } .n2 { font-size: 17pt; } .n3 { font-size: 13pt; }
.where { display: flex; margin-top: auto; gap: 4mm; }
.where > div { flex: 1; border: 0.5mm solid #111; border-radius: 2mm; text-align: center;
               padding: 0.5mm 0 1mm; }
.label { display: block; font-size: 9pt; text-transform: uppercase; letter-spacing: 0.08em;
         color: #333; }
.big { display: block; font-size: 48pt; font-weight: 800; line-height: 1;
       font-variant-numeric: tabular-nums; }
.slip .kind { font-size: 10pt; font-weight: 800; letter-spacing: 0.1em; text-transform: uppercase;
              display: flex; justify-content: space-between; }
.slip .kind span:last-child { font-weight: 400; letter-spacing: 0; text-transform: none;
                              color: #444; }
.slip .where > div.from { border-style: dashed; color: #444; }
.slip .arrow { flex: 0 0 auto; align-self: center; font-size: 22pt; font-weight: 800;
               border: 0; }
.slip .big { font-size: 17pt; line-height: 1.15; }
.slip .where > div.to { background: #111; color: #fff; }
.slip .where > div.to .label { color: #ddd; }
.slip .why { font-size: 9.5pt; color: #333; margin-top: 1mm; }
header { border-bottom: 0.8mm solid #111; padding-bottom: 1.5mm; margin-bottom: 3mm; }
h1 { font-size: 20pt; margin: 0; line-height: 1.15; white-space: nowrap; overflow: hidden;
     text-overflow: ellipsis; }
header .count { font-size: 10pt; color: #333; white-space: nowrap; margin-top: 0.5mm; }
.list { display: grid; grid-template-columns: 1fr 1fr; column-gap: 8mm; align-items: start; }
.col + .col { border-left: 0.2mm solid #bbb; padding-left: 4mm; margin-left: -4mm; }
.colhead { display: flex; font-size: 8pt; text-transform: uppercase; letter-spacing: 0.06em;
           color: #333; border-bottom: 0.5mm solid #111; padding: 0 1mm 1mm; }
.letter { font-size: 13pt; font-weight: 800; border-bottom: 0.4mm solid #111;
          margin: 2.5mm 0 0.5mm; line-height: 6mm; }
.row { display: flex; align-items: baseline; font-size: 12.5pt; line-height: 5.2mm;
       padding: 0.5mm 1mm; border-bottom: 0.2mm solid #ddd; }
.who { flex: 1; min-width: 0; overflow-wrap: anywhere; padding-right: 2mm; }
.t, .s { width: 13mm; text-align: right; font-variant-numeric: tabular-nums; }
.row .t, .row .s { font-weight: 700; }
.wait { width: 26mm; text-align: right; font-style: italic; color: #333; }
@media screen { body { background: #888; padding: 6mm 0; }
  .page { background: #fff; padding: 10mm; width: 210mm; margin: 0 auto 6mm;
          box-shadow: 0 1mm 4mm rgba(0,0,0,.4); } }
"""


def _page(title: str, paper: str, pages: Sequence[str]) -> str:
    from html import escape

    css = CSS % {"paper": PAPERS.get(paper, "A4")}
    body = "\n".join(f'<div class="page">{p}</div>' for p in pages)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<style>{css}</style>
</head>
<body>
{body}
</body>
</html>
"""


def _chunks(items: Sequence[str], size: int) -> list[Sequence[str]]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def cards_html(tournament: str, cards: Sequence[SeatCard], paper: str = "a4") -> str:
    """One seat card per player, eight to a page, in the order given."""
    from html import escape

    event = escape(tournament)
    made = [
        '<div class="card">'
        f'<div class="event">{event}</div>'
        f'<div class="name {_name_size(c.player, 14, 28)}">{escape(c.player)}</div>'
        '<div class="where">'
        f'<div><span class="label">Table</span><span class="big">{c.table}</span></div>'
        f'<div><span class="label">Seat</span><span class="big">{c.seat}</span></div>'
        "</div></div>"
        for c in cards
    ]
    pages = [f'<div class="grid">{"".join(chunk)}</div>' for chunk in _chunks(made, 8)]
    return _page(f"{tournament}: seat cards", paper, pages)


def _initial(name: str) -> str:
    """The letter a name is listed under: 'É' under E, digits and signs under '#'."""
    from tdtool.names import ascii_fold

    first = ascii_fold(name)[:1].upper()
    return first if "A" <= first <= "Z" else "#"


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical as a person reads it: case and accents aside ('Émile' beside 'Emil')."""
    from tdtool.names import ascii_fold

    return (ascii_fold(name), name)


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


def _columns(entries: Sequence[tuple[str, str]], budget: float) -> list[list[str]]:
    """The seat list's rows (name, where) cut into columns of at most `budget` mm, each
    letter headed, and headed again at the top of a column that goes on with it."""
    from html import escape

    columns: list[list[str]] = [[]]
    used = 0.0
    letter = None
    for name, where in entries:
        initial = _initial(name)
        height = ROW_MM[0] + ROW_MM[1] * name_lines(name)
        heading = initial != letter
        if used + height + (LETTER_MM if heading else 0) > budget and columns[-1]:
            columns.append([])
            used = 0.0
            heading = True
        if heading:
            letter = initial
            columns[-1].append(f'<div class="letter">{escape(initial)}</div>')
            used += LETTER_MM
        columns[-1].append(f'<div class="row"><span class="who">{escape(name)}</span>{where}</div>')
        used += height
    return columns


def list_html(
    tournament: str,
    cards: Sequence[SeatCard],
    waiting: Sequence[str] = (),
    paper: str = "a4",
    printed: str = "",
) -> str:
    """Every player by name with table and seat (waiting players marked), in two columns
    under the letters of the alphabet; a header on every page, the letter again at the top
    of a column that goes on with it."""
    from html import escape

    entries: list[tuple[str, str]] = [
        (c.player, f'<span class="t">{c.table}</span><span class="s">{c.seat}</span>')
        for c in cards
    ]
    entries += [(name, '<span class="wait">waiting</span>') for name in waiting]
    entries.sort(key=lambda e: sort_key(e[0]))
    budget = COLUMN_MM.get(paper, COLUMN_MM["letter"])
    columns = _columns(entries, budget)
    if len(columns) <= 2:  # one page: share it between the two columns, not one long one
        total = sum(ROW_MM[0] + ROW_MM[1] * name_lines(name) for name, _ in entries)
        total += LETTER_MM * len({_initial(name) for name, _ in entries})
        balanced = _columns(entries, min(budget, total / 2 + LETTER_MM))
        columns = balanced if len(balanced) <= 2 else columns
    head = (
        '<div class="colhead"><span class="who">Player</span>'
        '<span class="t">Table</span><span class="s">Seat</span></div>'
    )
    count = f"{len(entries)} player{'s' if len(entries) != 1 else ''}"
    pairs = [columns[i : i + 2] for i in range(0, len(columns), 2)]
    when = f" &middot; {escape(printed)}" if printed else ""
    pages = []
    title = f'<h1 style="font-size: {title_pt(tournament):g}pt">{escape(tournament)}</h1>'
    for number, pair in enumerate(pairs, 1):
        of = f" &middot; page {number} of {len(pairs)}" if len(pairs) > 1 else ""
        cols = "".join(f'<div class="col">{head}{"".join(c)}</div>' for c in pair)
        pages.append(
            f"<header>{title}"
            f'<div class="count">Seats by name &middot; {count}{of}{when}</div></header>'
            f'<div class="list">{cols}</div>'
        )
    return _page(f"{tournament}: seats by name", paper, pages)


def slips_html(tournament: str, slips: Sequence[MoveSlip], paper: str = "a4") -> str:
    """One slip per table move, eight to a page, in the order given."""
    import time
    from html import escape

    event = escape(tournament)
    made = []
    for s in slips:
        when = time.strftime("%H:%M", time.localtime(s.at))
        made.append(
            '<div class="card slip">'
            f'<div class="kind"><span>Table move</span><span>{escape(when)}</span></div>'
            f'<div class="name {_name_size(s.player, 14, 28)}">{escape(s.player)}</div>'
            f'<div class="why">{escape(reason_text(s))} &middot; {event}</div>'
            '<div class="where">'
            '<div class="from"><span class="label">From</span>'
            f'<span class="big">Table {s.from_table}<br>Seat {s.from_seat}</span></div>'
            '<div class="arrow">&rarr;</div>'
            '<div class="to"><span class="label">To</span>'
            f'<span class="big">Table {s.to_table}<br>Seat {s.to_seat}</span></div>'
            "</div></div>"
        )
    pages = [f'<div class="grid">{"".join(chunk)}</div>' for chunk in _chunks(made, 8)]
    return _page(f"{tournament}: table moves", paper, pages)


def title_pt(name: str) -> float:
    """The seat list's title size: 20pt fits about 40 characters across the page on one
    line; a longer name prints smaller (down to 11pt, then it ends in an ellipsis) rather
    than cut at 'Thursday ...'. One line whatever the size: the pages are cut to fit."""
    return max(11.0, min(20.0, round(20 * 40 / max(len(name), 1), 1)))
