"""The league file, `NAME.league`: a small JSON document beside the tournaments.

It holds the league's name, its rules (tdtool.tournament.league.Rules) and the events it
counts, each by where its tournament lives (a file, relative to the league file when it sits
in the same folder or below, or a PostgreSQL URL without its password) and what identifies
the tournament (its name and creation time, so a copy of a file is not counted twice). The
results themselves are never copied: the standings read each tournament, which stays the
record (a correction made there shows in the standings at once).

JSON rather than SQLite: a league is a few settings and a list of references that changes a
few times a season, so a file a person can read and diff serves better than a database, and
it needs no migrations, only its `version` (a newer one is refused). It is written whole to a
temporary file beside it and moved into place, so it is never half written.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tdtool.errors import InputError
from tdtool.tournament.league import Rules

SUFFIX = ".league"
FORMAT = "tdtool-league"
VERSION = 1
MAX_BYTES = 5_000_000
"""A league file of a long season is a few kilobytes: a bigger one is not a league file."""


@dataclass(frozen=True)
class EventRef:
    """One event a league counts: where its tournament is and what identifies it."""

    source: str
    """A path (relative to the league file's folder, or absolute) or a postgresql:// URL."""
    identity: str
    """The tournament's name and creation time: the same in any copy of it."""
    name: str
    provisional: bool = False
    """Added before it was over (`league add --provisional`)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "identity": self.identity,
            "name": self.name,
            "provisional": self.provisional,
        }


@dataclass(frozen=True)
class LeagueFile:
    """What a league file holds."""

    name: str
    rules: Rules
    events: tuple[EventRef, ...] = field(default=())
    language: str | None = None
    """The language its standings print and show in (`league new --language`); None:
    English, or the language a command asks for."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "rules": self.rules.to_dict(),
            "events": [e.to_dict() for e in self.events],
        }
        if self.language is not None:
            data["language"] = self.language
        return data


def target_of(league: Path, source: str) -> Path | str:
    """The tournament an event's `source` names: a URL as it is, a relative path from the
    league file's folder."""
    if source.startswith(("postgresql://", "postgres://")):
        return source
    path = Path(source)
    return path if path.is_absolute() else league.parent / path


def source_of(league: Path, target: Path | str) -> str:
    """How the league file records `target`: relative to its folder where it can."""
    if isinstance(target, str):
        from tdtool.io.store_pg import safe_url

        return safe_url(target)
    absolute = target.resolve()
    try:
        return absolute.relative_to(league.resolve().parent).as_posix()
    except ValueError:
        return str(absolute)


def read(path: Path) -> LeagueFile:
    """The league file at `path`; InputError naming it when it is not one."""
    from tdtool.io.paths import shorten

    shown = shorten(str(path))
    try:
        if path.stat().st_size > MAX_BYTES:
            raise InputError(f"{shown} is too big to be a league file.")
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(
            f"No league file {shown};", "create one with `tdtool league new NAME`."
        ) from None
    except IsADirectoryError:
        raise InputError(f"{shown} is a folder, not a league file.") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{shown} is not a readable league file ({exc}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(f"{shown} is not a league file (made by `tdtool league new`).")
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise InputError(
            f"{shown} was written by a newer tdtool (league file version {version});"
            " upgrade tdtool to read it."
        )
    language = data.get("language")
    if language is not None:
        from tdtool.i18n import check

        try:
            language = check(str(language))
        except InputError as exc:
            raise InputError(f"{shown}: {exc}") from None
    try:
        return LeagueFile(
            str(data["name"]),
            Rules.from_dict(data["rules"]).check(),
            tuple(
                EventRef(
                    str(e["source"]),
                    str(e["identity"]),
                    str(e["name"]),
                    bool(e.get("provisional", False)),
                )
                for e in data["events"]
            ),
            language,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{shown} is a damaged league file ({exc!r}).") from None


def write(path: Path, league: LeagueFile, *, new: bool = False) -> None:
    """Write the league file whole (a temporary file moved into place); `new`: never over an
    existing file."""
    from tdtool.io.paths import shorten

    if new and path.exists():
        raise InputError(
            f"{shorten(str(path))} already exists; choose another name or --league FILE."
        )
    text = json.dumps(league.to_dict(), ensure_ascii=False, indent=2) + "\n"
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise InputError(f"Cannot write {shorten(str(path))}: {exc.strerror or exc}.") from None


def league_files(folder: Path) -> list[Path]:
    """The league files in `folder`, by name."""
    return sorted(folder.glob(f"*{SUFFIX}"))


def find(given: Path | None, folder: Path) -> Path:
    """The league a command works on: `given`, else the one league file in `folder`."""
    if given is not None:
        return given
    found = league_files(folder)
    if not found:
        raise InputError(
            "No league file (*.league) in this folder;",
            "create one with `tdtool league new NAME`, or pass --league FILE.",
        )
    if len(found) > 1:
        names = ", ".join(p.name for p in found)
        raise InputError(
            f"This folder holds several league files ({names}); pick one with --league FILE."
        )
    return found[0]
