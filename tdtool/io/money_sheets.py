"""Printable money sheets: the payout sheet, a deal summary to sign, the final results.

Each is written as HTML, Markdown or CSV, chosen by the file's suffix. The HTML is the
template tdtool/templates/money_sheet.html on the print base (tdtool/io/pages.py), which
autoescapes every name and text, and which a house theme may override.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tdtool.errors import InputError

if TYPE_CHECKING:
    from tdtool.io.pages import Theme

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
    lang: str = "en"
    """The language the facts are printed in (the prices come in it already)."""

    def facts(self) -> tuple[str, ...]:
        """The lines printed: the date and the entries, then the prices."""
        from tdtool.i18n import words

        _ = words(self.lang)
        first = []
        if self.date is not None:
            first.append(_.day(self.date))
        if self.entries is not None:
            first.append(_.ngettext("%(num)s entry", "%(num)s entries", self.entries))
        if self.prize_pool:
            first.append(_("prize pool %(amount)s", amount=_.number(self.prize_pool)))
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
    landscape: bool = False
    """Printed across the page (a wide table: league standings with a column per event)."""
    lang: str = "en"
    """The language of the sheet's own words (signature lines, 'Printed') and of its
    numbers, which come written in it (`plain` reads them back for CSV)."""


def sheet_format(path: Path) -> str:
    """'html', 'md' or 'csv' from the file's suffix; InputError for any other."""
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(
            f"Cannot tell the format of {path}: name it .html, .md or .csv "
            "(e.g. payouts.html for a printable sheet)."
        )
    return fmt


def render(sheet: Sheet, fmt: str, theme: Theme | None = None, paper: str | None = None) -> str:
    """The sheet as HTML (in `theme`'s look, for `paper`: 'a4', 'letter' or None for a page
    that fits either), Markdown or CSV text."""
    if fmt == "html":
        return _html(sheet, theme, paper)
    if fmt == "md":
        return _markdown(sheet)
    return _csv(sheet)


def write_sheet(
    sheet: Sheet, path: Path, theme: Theme | None = None, paper: str | None = None
) -> None:
    """Write the sheet to `path` in the format its suffix names (HTML in `theme`'s look, on
    `paper`)."""
    text = render(sheet, sheet_format(path), theme, paper)
    try:
        path.write_text(text, encoding="utf-8", newline="" if path.suffix == ".csv" else None)
    except OSError as exc:
        raise InputError(f"Cannot write {path}: {exc.strerror or exc}.") from None


def _html(sheet: Sheet, theme: Theme | None = None, paper: str | None = None) -> str:
    """The sheet as a printable page (tdtool/templates/money_sheet.html)."""
    import time

    from tdtool.io import pages  # here, not at the top: `payouts` on screen never needs it

    # Players sign in their own row, next to what they are paid (all on one page).
    signing = set(sheet.signatures)
    from tdtool.i18n import words

    rows = [
        {
            "cells": [(c, _amount(c, sheet.lang)) for c in row],
            "signs": bool(row) and row[0] in signing,
        }
        for row in sheet.rows
    ]
    facts = sheet.heading.facts() if sheet.heading is not None else ()
    size = _size(sheet)
    if not size.startswith("small"):  # sized to fit one page: kept whole on one
        size = f"{size} short".strip()
    return pages.render(
        "money_sheet.html",
        theme,
        sheet.lang,
        title=sheet.title,
        paper=paper,  # None: printed on whatever the printer holds (it fits A4 and Letter)
        facts=[line.split(" · ") for line in facts],
        lines=sheet.lines,
        headers=sheet.headers,
        rows=rows,
        signing=bool(signing),
        total=sheet.total,
        # Columns of numbers (or places) as narrow as they can be; the paid column bold.
        narrow=[i for i in range(len(sheet.headers)) if _number_column(sheet, i)],
        strong=sheet.strong,
        size=size,
        printed=words(sheet.lang).when(time.time()),
        orientation="landscape" if sheet.landscape else "portrait",
    )


def _number_column(sheet: Sheet, column: int) -> bool:
    """Whether every filled cell of a column is a number or a place (1st, 2nd ...)."""
    import re

    from tdtool.i18n import words

    _ = words(sheet.lang)
    place = re.escape(_("place %(place)s", place=0)).replace("0", r"\d+")
    cells = [row[column].strip() for row in sheet.rows if column < len(row) and row[column]]
    return bool(cells) and all(
        _amount(c, sheet.lang) or re.fullmatch(rf"\d+(st|nd|rd|th)|{place}|-|–", c, re.I)
        for c in cells
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
    page = LANDSCAPE_WIDTH_PT if sheet.landscape else PAGE_WIDTH_PT
    for smaller in order[order.index(size) :]:
        if _width_pt(sheet, smaller) <= page:
            return smaller
    return "small wrap"  # long names: every cell wraps at its spaces (figures have none)


PAGE_WIDTH_PT = 500
"""The table's width on paper: A4 (180 mm, 510 pt) and Letter (527 pt) inside the margins
of 1.5 cm, less a little for the borders."""

LANDSCAPE_WIDTH_PT = 740
"""The same across the page: A4 (267 mm, 757 pt) and Letter (749 pt) inside the margins."""

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
        em /= 0.76  # the signature column takes 24% of the width
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
        from tdtool.i18n import words

        _ = words(sheet.lang)
        out.append(_("Tournament director") + ": ______________________________  ")
        out.append(_("Date and time") + ": ________________  ")
    return "\n".join(out) + "\n"


def plain(cell: str, lang: str = "en") -> str:
    """A number as a spreadsheet reads it: '1,250' -> '1250', '12.50%' -> '12.50'; other text
    (names, places such as '3rd') as it is. In German and Romanian the number is written
    '1.250' and '12,50%'.

    >>> [plain(c) for c in ("1,250", "12.50%", "3rd", "Anna", "1,000.50")]
    ['1250', '12.50', '3rd', 'Anna', '1000.50']
    >>> [plain(c, "de") for c in ("1.250", "12,50%", "1.000,50", "Anna")]
    ['1250', '12.50', '1000.50', 'Anna']
    """
    import re

    text = cell.strip()
    if lang != "en":
        if re.fullmatch(r"-?\d{1,3}(\.\d{3})*(,\d+)?\s?%?|-?\d+(,\d+)?\s?%?", text):
            return text.replace(".", "").replace(",", ".").removesuffix("%").strip()
        return cell
    if re.fullmatch(r"-?\d{1,3}(,\d{3})*(\.\d+)?%?|-?\d+(\.\d+)?%", text):
        return text.replace(",", "").removesuffix("%")
    return cell


def _amount(cell: str, lang: str = "en") -> bool:
    """A number, or a satellite's seat ('Seat (200)'): right-aligned in the prize column
    with the cash below it (a seat left-aligned above right-aligned cash read as two
    columns)."""
    import re

    from tdtool.i18n import words

    _ = words(lang)
    seat = re.escape(_("Seat (%(amount)s)", amount="0")).replace("0", r"[\d,.]+")
    return _numeric(cell, lang) or re.fullmatch(seat, cell.strip()) is not None


def _numeric(cell: str, lang: str = "en") -> bool:
    """Whether a cell is a number ('1,250', '12.50', '61.00%', '8'): numbers are right-aligned
    on a printed sheet, names and notes left-aligned.

    >>> [_numeric(c) for c in ("1,250", "12.50", "61.00%", "8", "1st", "Anna", "")]
    [True, True, True, True, False, False, False]
    """
    import re

    if lang != "en":  # '1.250', '12,50', '61,00%' (German, Romanian)
        local = r"-?\d{1,3}(\.\d{3})*(,\d+)?\s?%?|-?\d+(,\d+)?\s?%?"
        return re.fullmatch(local, cell.strip()) is not None
    return re.fullmatch(r"-?\d{1,3}(,\d{3})*(\.\d+)?%?|-?\d+(\.\d+)?%?", cell.strip()) is not None


def _csv(sheet: Sheet) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(sheet.headers)
    writer.writerows([plain(c, sheet.lang) for c in row] for row in sheet.rows)
    return buffer.getvalue()


def money(amount: int | float) -> str:
    """An amount with thousands separators; cents only when there are some (the templates'
    `money` filter, tdtool.io.pages.money)."""
    from tdtool.io.pages import money as amount_text

    return amount_text(amount)


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th' (tdtool.tournament.places.ordinal, the one copy)."""
    from tdtool.tournament.places import ordinal as place

    return place(n)


def rows_of(items: Sequence[Sequence[object]]) -> tuple[tuple[str, ...], ...]:
    """Stringify table rows."""
    return tuple(tuple(str(c) for c in row) for row in items)
