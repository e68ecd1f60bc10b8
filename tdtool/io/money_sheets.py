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
class Sheet:
    """A titled table with lines of text above it and signature lines below."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[str, ...] = ()
    """Sentences printed above the table."""
    signatures: tuple[str, ...] = ()
    """Names that get a line to sign on."""


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

    head = "".join(f"<th>{e(h)}</th>" for h in sheet.headers)
    body = "\n".join(
        "<tr>"
        + "".join(f'<td class="n">{e(c)}</td>' if _numeric(c) else f"<td>{e(c)}</td>" for c in row)
        + "</tr>"
        for row in sheet.rows
    )
    lines = "\n".join(f"<p>{e(line)}</p>" for line in sheet.lines)
    signs = "\n".join(
        f'<div class="sign"><span>{e(name)}</span><span class="line"></span></div>'
        for name in sheet.signatures
    )
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
tbody tr:nth-child(even) {{ background: #f4f4f4; }}
.printed {{ color: #555; font-size: 11pt; margin-top: 1em; }}
.sign {{ display: flex; gap: 1em; margin-top: 2.5em; }}
.sign .line {{ border-bottom: 1px solid #000; width: 20em; }}
@media print {{ body {{ margin: 1cm; }} }}
</style>
</head>
<body>
<h1>{e(sheet.title)}</h1>
{lines}
<table>
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


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _markdown(sheet: Sheet) -> str:
    out = [f"# {sheet.title}", ""]
    out += [line + "  " for line in sheet.lines]
    if sheet.lines:
        out.append("")
    out.append("| " + " | ".join(_md_cell(h) for h in sheet.headers) + " |")
    out.append("|" + "|".join(" --- " for _ in sheet.headers) + "|")
    out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in sheet.rows]
    if sheet.signatures:
        out.append("")
        out += [f"{_md_cell(name)}: ______________________________  " for name in sheet.signatures]
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
