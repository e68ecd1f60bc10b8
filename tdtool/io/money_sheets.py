"""Printable money sheets: the payout sheet, a deal summary to sign, the final results.

Each is written as HTML, Markdown or CSV, chosen by the file's suffix. Every name and
text that reaches HTML is escaped.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tdtool.errors import InputError

FORMATS = {".html": "html", ".htm": "html", ".md": "md", ".markdown": "md", ".csv": "csv"}


@dataclass(frozen=True)
class Heading:
    """What every money sheet of a tournament says under its title: the date, what an entry
    (and a re-entry, rebuy, add-on) costs, the entries and the prize pool."""

    date: float | None
    """When the tournament was created (a timestamp), or None."""
    prices: tuple[str, ...] = ()
    """`tdtool.tournament.terms.prices`: 'Buy-in 100 + 10 fee for 20,000 chips', ..."""
    entries: int | None = None
    prize_pool: int | None = None

    def facts(self) -> tuple[str, ...]:
        """The lines printed: the date and the entries, then the prices."""
        import time

        first = []
        if self.date is not None:
            day = time.localtime(self.date)
            first.append(f"{time.strftime('%A', day)} {day.tm_mday} {time.strftime('%B %Y', day)}")
        if self.entries is not None:
            first.append(f"{self.entries:,} {'entry' if self.entries == 1 else 'entries'}")
        if self.prize_pool:
            first.append(f"prize pool {self.prize_pool:,}")
        lines = [" · ".join(first)] if first else []
        if self.prices:
            lines.append(" · ".join(self.prices))
        return tuple(lines)


@dataclass(frozen=True)
class Sheet:
    """A titled table with lines of text above it and signature lines below."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[str, ...] = ()
    """Sentences printed above the table."""
    signatures: tuple[str, ...] = ()
    """Names that get a line to sign on."""
    heading: Heading | None = None
    """The tournament's date, prices and entries, under the title (not in CSV)."""
    size: str = "fit"
    """How big the table prints: "fit" (22pt, read from a distance, smaller as the rows and
    columns grow so the sheet fits a page) or "large" (22pt whatever the length)."""
    strong: int | None = None
    """A column printed bold (what is paid)."""
    total: bool = False
    """The last row is a total (printed bold, ruled off)."""


def sheet_format(path: Path) -> str:
    """'html', 'md' or 'csv' from the file's suffix; InputError for any other."""
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(
            f"Cannot tell the format of {path}: name it .html, .md or .csv "
            "(e.g. payouts.html for a printable sheet)."
        )
    return fmt


def render(sheet: Sheet, fmt: str) -> str:
    """The sheet as HTML, Markdown or CSV text."""
    if fmt == "html":
        return _html(sheet)
    if fmt == "md":
        return _markdown(sheet)
    return _csv(sheet)


def write_sheet(sheet: Sheet, path: Path) -> None:
    """Write the sheet to `path` in the format its suffix names."""
    text = render(sheet, sheet_format(path))
    try:
        path.write_text(text, encoding="utf-8", newline="" if path.suffix == ".csv" else None)
    except OSError as exc:
        raise InputError(f"Cannot write {path}: {exc.strerror or exc}.") from None


def _html(sheet: Sheet) -> str:
    import time
    from html import escape as e  # here, not at the top: `payouts` on screen never needs it

    printed = time.strftime("%Y-%m-%d %H:%M")

    # Players sign in their own row, next to what they are paid (all on one page).
    signing = set(sheet.signatures)
    head = "".join(f"<th>{e(h)}</th>" for h in sheet.headers)
    if signing:
        head += '<th class="signature">Signature</th>'

    def sign_cell(row: tuple[str, ...]) -> str:
        if not signing:
            return ""
        return '<td class="signature"></td>' if row and row[0] in signing else "<td></td>"

    body = "\n".join(
        ('<tr class="total">' if sheet.total and i == len(sheet.rows) - 1 else "<tr>")
        + "".join(f'<td class="n">{e(c)}</td>' if _amount(c) else f"<td>{e(c)}</td>" for c in row)
        + sign_cell(row)
        + "</tr>"
        for i, row in enumerate(sheet.rows)
    )
    facts = sheet.heading.facts() if sheet.heading is not None else ()
    lines = "\n".join(
        [
            '<p class="facts">'
            + " &middot; ".join(f"<span>{e(part)}</span>" for part in line.split(" · "))
            + "</p>"
            for line in facts
        ]
        + [f"<p>{e(line)}</p>" for line in sheet.lines]
    )
    signs = ""
    if signing:
        signs = '<div class="sign witness"><span>Tournament director</span>'
        signs += '<span class="line"></span><span>Date and time</span>'
        signs += '<span class="line short"></span></div>'
    # Columns of numbers (or places) as narrow as they can be; the paid column bold.
    align = "".join(
        f"th:nth-child({i + 1}) {{ width: 1%; white-space: nowrap; }}\n"
        for i in range(len(sheet.headers))
        if _number_column(sheet, i)
    )
    if sheet.strong is not None:
        align += f"td:nth-child({sheet.strong + 1}) {{ font-weight: bold; }}\n"
    size = _size(sheet)
    sized = f'<table class="{size}">' if size else "<table>"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{e(sheet.title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; font-size: 16pt; }}
h1 {{ font-size: 30pt; margin: 0 0 0.3em; }}
p {{ margin: 0.2em 0; }}
table {{ border-collapse: collapse; margin: 0.8em 0; width: 100%; font-size: 22pt; }}
th, td {{ border: 1px solid #444; padding: 0.25em 0.8em; }}
th {{ background: #eee; font-size: 16pt; text-align: left; }}
td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
{align}table.big {{ font-size: 18pt; }}
table.medium {{ font-size: 15pt; }}
table.small {{ font-size: 12pt; }}
table.small td, table.small th {{ padding: 0.15em 0.6em; }}
table.big th, table.medium th, table.small th {{ font-size: 0.8em; }}
tbody tr:nth-child(even) {{ background: #f4f4f4; }}
thead {{ display: table-header-group; }}
tr {{ break-inside: avoid; }}
.facts {{ font-size: 15pt; font-weight: bold; }}
.facts span {{ white-space: nowrap; }}
.printed {{ color: #555; font-size: 11pt; margin-top: 1em; }}
tr.total td {{ font-weight: bold; border-top: 2px solid #000; background: #fff; }}
td {{ white-space: nowrap; }}
td:last-child {{ white-space: normal; }}
table.wrap td {{ white-space: normal; }}
th.signature {{ width: 30%; }}
td.signature {{ height: 2em; background: #fff; }}
.sign {{ display: flex; gap: 1em; margin-top: 1.5em; align-items: flex-end; }}
.sign span {{ white-space: nowrap; }}
.sign span:first-child {{ min-width: 10.5em; }}
.sign .line {{ border-bottom: 1px solid #000; width: 16em; }}
.sign .line.short {{ width: 8em; }}
.witness {{ margin-top: 2em; }}
@media print {{ body {{ margin: 0; }} @page {{ margin: 1.2cm 1.5cm; }} }}
</style>
</head>
<body>
<h1>{e(sheet.title)}</h1>
{lines}
{sized}
<thead><tr>{head}</tr></thead>
<tbody>
{body}
</tbody>
</table>
{signs}
<p class="printed">Printed {printed}</p>
</body>
</html>
"""


def _number_column(sheet: Sheet, column: int) -> bool:
    """Whether every filled cell of a column is a number or a place (1st, 2nd ...)."""
    import re

    cells = [row[column].strip() for row in sheet.rows if column < len(row) and row[column]]
    return bool(cells) and all(
        _amount(c) or re.fullmatch(r"\d+(st|nd|rd|th)|-|–", c) for c in cells
    )


def _size(sheet: Sheet) -> str:
    """The table's print size class: "" (22pt) for a large sheet, else as large as the rows
    and columns let one A4 or Letter page hold (a long list runs on, its header repeated)."""
    if sheet.size == "large":
        return ""
    rows = len(sheet.rows)
    if rows > 26:
        size = "small"
    elif rows > 18 or len(sheet.headers) > 3:
        size = "medium"
    elif rows > 12:
        size = "big"
    else:
        size = ""
    # Then smaller while its columns are wider than the page: cut off at the right edge, the
    # last column of a bounty sheet lost its border and could lose its figures.
    order = ["", "big", "medium", "small"]
    for smaller in order[order.index(size) :]:
        if _width_pt(sheet, smaller) <= PAGE_WIDTH_PT:
            return smaller
    return "small wrap"  # long names: every cell wraps at its spaces (figures have none)


PAGE_WIDTH_PT = 500
"""The table's width on paper: A4 (180 mm, 510 pt) and Letter (527 pt) inside the margins
of 1.5 cm, less a little for the borders."""

SIZE_PT = {"": (22, 0.8), "big": (18, 0.8), "medium": (15, 0.8), "small": (12, 0.6)}
"""Size class -> (font size in points, cell padding each side in em), as the CSS prints."""


def _width_pt(sheet: Sheet, size: str) -> float:
    """About how wide the table prints at a size class: every cell stays on one line except
    the last column's, which wraps at spaces (a character of the sans-serif is about 0.6 em;
    a header prints at 0.8 of it, bold, and a header over names wraps at spaces too)."""
    pt, pad = SIZE_PT[size]
    em = 0.0
    last = len(sheet.headers) - 1
    for i, header in enumerate(sheet.headers):
        cells = [row[i] for row in sheet.rows if i < len(row)]
        wraps = i == last and not sheet.signatures
        text = max((len(w) for c in cells for w in (c.split() if wraps else [c])), default=0)
        heads = [header] if _number_column(sheet, i) else header.split() or [""]
        head = max(len(h) for h in heads) * (0.8 if size == "" else 0.85)
        em += 0.6 * max(text, head) + 2 * pad
    if sheet.signatures:
        em /= 0.7  # the signature column takes 30% of the width
    return em * pt


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _markdown(sheet: Sheet) -> str:
    out = [f"# {sheet.title}", ""]
    facts = sheet.heading.facts() if sheet.heading is not None else ()
    out += [f"**{_md_cell(line)}**  " for line in facts]
    out += [line + "  " for line in sheet.lines]
    if sheet.lines or facts:
        out.append("")
    out.append("| " + " | ".join(_md_cell(h) for h in sheet.headers) + " |")
    out.append("|" + "|".join(" --- " for _ in sheet.headers) + "|")
    out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in sheet.rows]
    if sheet.signatures:
        out.append("")
        out += [f"{_md_cell(name)}: ______________________________  " for name in sheet.signatures]
        out.append("Tournament director: ______________________________  ")
        out.append("Date and time: ________________  ")
    return "\n".join(out) + "\n"


def plain(cell: str) -> str:
    """A number as a spreadsheet reads it: '1,250' -> '1250', '12.50%' -> '12.50'; other text
    (names, places such as '3rd') as it is.

    >>> [plain(c) for c in ("1,250", "12.50%", "3rd", "Anna", "1,000.50")]
    ['1250', '12.50', '3rd', 'Anna', '1000.50']
    """
    import re

    text = cell.strip()
    if re.fullmatch(r"-?\d{1,3}(,\d{3})*(\.\d+)?%?|-?\d+(\.\d+)?%", text):
        return text.replace(",", "").removesuffix("%")
    return cell


def _amount(cell: str) -> bool:
    """A number, or a satellite's seat ('Seat (200)'): right-aligned in the prize column
    with the cash below it (a seat left-aligned above right-aligned cash read as two
    columns)."""
    import re

    return _numeric(cell) or re.fullmatch(r"Seat \([\d,.]+\)", cell.strip()) is not None


def _numeric(cell: str) -> bool:
    """Whether a cell is a number ('1,250', '12.50', '61.00%', '8'): numbers are right-aligned
    on a printed sheet, names and notes left-aligned.

    >>> [_numeric(c) for c in ("1,250", "12.50", "61.00%", "8", "1st", "Anna", "")]
    [True, True, True, True, False, False, False]
    """
    import re

    return re.fullmatch(r"-?\d{1,3}(,\d{3})*(\.\d+)?%?|-?\d+(\.\d+)?%?", cell.strip()) is not None


def _csv(sheet: Sheet) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(sheet.headers)
    writer.writerows([plain(c) for c in row] for row in sheet.rows)
    return buffer.getvalue()


def money(amount: int | float) -> str:
    """An amount with thousands separators; cents only when there are some."""
    if isinstance(amount, float) and not amount.is_integer():
        return f"{amount:,.2f}"
    return f"{int(amount):,}"


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def rows_of(items: Sequence[Sequence[object]]) -> tuple[tuple[str, ...], ...]:
    """Stringify table rows."""
    return tuple(tuple(str(c) for c in row) for row in items)
