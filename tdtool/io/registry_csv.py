"""A CSV of players for `tdtool players import`: a header row, then one player a row.

    name,email,phone,aliases
    José García,jose@example.org,+34 600 123 456,Pepe; JG
    Anna Berg,,,

The header names the columns (any order, any case): `name` (or `player`; required), and
optionally `email`, `phone`, `aliases` (several separated by `;` or `|`); other columns (a
club number, notes) are ignored. Commas, semicolons or tabs separate the columns; blank rows
are skipped. Every row is read and checked before anything is added: a bad row is an
InputError naming FILE:LINE (and how many other rows are bad), so a file with one mistake
adds nobody.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

from tdtool.errors import InputError
from tdtool.io.chip_counts_csv import _delimiter, read_csv_text
from tdtool.io.paths import shorten
from tdtool.tournament.registry import clean_email, clean_name, clean_phone

"""The largest file read: a club's 100,000 players take about 5 MB."""

COLUMNS = {
    "name": "name",
    "player": "name",
    "email": "email",
    "e-mail": "email",
    "mail": "email",
    "phone": "phone",
    "telephone": "phone",
    "mobile": "phone",
    "aliases": "aliases",
    "alias": "aliases",
}


@dataclass(frozen=True)
class PlayerRow:
    """One row of the file, checked, and its line."""

    line: int
    name: str
    email: str | None
    phone: str | None
    aliases: tuple[str, ...]


def read_players_csv(path: Path) -> list[PlayerRow]:
    """The checked rows of the players CSV at `path`; InputError FILE:LINE on a bad one."""
    shown = shorten(str(path))
    lines = read_csv_text(path, shown).splitlines()
    first = next((line for line in lines if line.strip()), "")
    if not first:
        raise InputError(f"{shown}: the file holds no players; its first row names the columns.")
    reader = csv.reader(lines, delimiter=_delimiter(first), strict=True)
    columns: dict[str, int] | None = None
    rows: list[PlayerRow] = []
    bad: list[tuple[int, str]] = []
    while True:
        number = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            bad.append((number, f"the row is not readable CSV ({exc}); check its quotes"))
            break
        cells = [c.strip() for c in cells]
        if not any(cells):
            continue
        if columns is None:
            columns = {}
            for i, cell in enumerate(cells):
                key = COLUMNS.get(cell.casefold())
                if key is not None and key not in columns:
                    columns[key] = i
            if "name" not in columns:
                raise InputError(
                    f"{shown}:{number}: the first row ({shorten(', '.join(cells), 80)}) is not a"
                    " header naming a `name` column (and optionally email, phone, aliases);"
                    " nothing was imported."
                )
            continue
        found = {key: cells[i] if i < len(cells) else "" for key, i in columns.items()}
        try:
            name = clean_name(found["name"])
            aliases = tuple(
                clean_name(a, "alias")
                for a in re.split(r"[;|]", found.get("aliases", ""))
                if a.strip()
            )
            email, phone = clean_email(found.get("email")), clean_phone(found.get("phone"))
            rows.append(PlayerRow(number, name, email, phone, aliases))
        except InputError as exc:
            bad.append((number, str(exc).rstrip(".")))
    if bad:
        number, message = bad[0]
        more = ""
        if len(bad) > 1:
            others = ", ".join(str(n) for n, _ in bad[1:6]) + (", ..." if len(bad) > 6 else "")
            more = f" ({len(bad) - 1} more bad row{'s' if len(bad) > 2 else ''}: line {others})"
        raise InputError(f"{shown}:{number}: {message}{more}; nothing was imported.")
    if not rows:
        raise InputError(f"{shown}: the file holds no players, only its header.")
    return rows
