"""Which tournament a command works on: the file given, or the one in the folder, and the
file name a new tournament gets."""

from __future__ import annotations

from pathlib import Path

from tdtool.errors import InputError

SUFFIX = ".tdtool"
SLUG_MAX = 80
"""Characters of a tournament's name kept in its file name."""


def slug(name: str) -> str:
    """A file name for a tournament called `name`: 'Friday Deepstack' -> 'friday-deepstack'.

    Letters with accents are spelled in plain Latin, so the name stays readable.

    >>> slug("Friday Deepstack #3")
    'friday-deepstack-3'
    >>> slug("Łódź Open")
    'lodz-open'
    >>> len(slug("a" * 5000))
    80
    """
    import re

    from tdtool.names import ascii_fold

    text = re.sub(r"[^a-z0-9]+", "-", ascii_fold(name)).strip("-")
    # A long name makes a readable file name, not one the system refuses (255 bytes).
    text = text[:SLUG_MAX].rstrip("-")
    return text or "tournament"


def tournament_files(folder: Path) -> list[Path]:
    """The tournament files in `folder`, by name."""
    return sorted(folder.glob(f"*{SUFFIX}"))


def tournament_target(given: Path | str | None, folder: Path) -> Path | str:
    """The tournament a command works on: `given` (a file or a `postgresql://` URL) or else
    the one tournament file in `folder` (InputError when there is none or several)."""
    if given is not None:
        from tdtool.io.targets import parse_target

        return parse_target(given)
    found = tournament_files(folder)
    if not found:
        raise InputError(
            "No tournament file (*.tdtool) in this folder;",
            "create one with {new}, or pass {option:db} FILE.",
        )
    if len(found) > 1:
        names = ", ".join(p.name for p in found)
        raise InputError(
            f"This folder holds several tournament files ({names});",
            "pick one with {option:db} FILE or the environment variable TDTOOL_DB.",
        )
    return found[0]


def new_target(name: str, given: Path | str | None, folder: Path) -> Path | str:
    """Where a new tournament called `name` goes: the file or server given, else NAME's slug
    with .tdtool in `folder`. On a server without `?tournament=KEY`, NAME's slug names it."""
    if given is None:
        return folder / f"{slug(name)}{SUFFIX}"
    target = tournament_target(given, folder)
    if isinstance(target, str):
        from tdtool.io.store_pg import parse_url, with_tournament

        return target if parse_url(target).tournament else with_tournament(target, slug(name))
    return target
