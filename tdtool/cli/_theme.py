"""`--theme DIR` (or TDTOOL_THEME), for every command that prints a sheet or serves a page.

A house theme is a folder whose templates override the package's by name and whose
theme.yaml may give a logo, colours and fonts (tdtool/io/pages.py). It is read and checked
whole here, at the edge, before the command does anything: a broken theme is refused with
FILE:LINE and exit 2, and nothing is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from tdtool.io.pages import Theme

THEME_ENVVAR = "TDTOOL_THEME"

ThemeOpt = Annotated[
    Path | None,
    typer.Option(
        "--theme",
        envvar=THEME_ENVVAR,
        help="A house theme for the printed sheet: a folder whose templates override"
        " tdtool's by name and whose theme.yaml gives a logo, colours and fonts"
        " (default: the environment variable TDTOOL_THEME).",
        show_default=False,
    ),
]


PaperOpt = Annotated[
    str | None,
    typer.Option(
        "--paper",
        help="The paper of the printed sheet: a4 or letter (default: it fits either).",
        show_default=False,
    ),
]


SheetLanguageOpt = Annotated[
    str | None,
    typer.Option(
        "--language",
        help="The language of the printed sheet: en, ro or de (default: the tournament's;"
        " English for a sheet of no tournament).",
        show_default=False,
    ),
]


def read_language(code: str | None, own: str = "en") -> str:
    """The language --language names (checked: one line naming the shipped ones), else `own`."""
    if code is None:
        return own
    from tdtool.i18n import check

    return check(code)


ScreenThemeOpt = Annotated[
    Path | None,
    typer.Option(
        "--theme",
        envvar=THEME_ENVVAR,
        help="A house theme for the page: a folder whose templates (clock.html,"
        " clock_words.html, clock_say.html, screen_base.html, screen_payouts.html,"
        " screen_seats.html, screen_chips.html, screen_results.html ...) override tdtool's"
        " by name and whose theme.yaml may give a logo and the house slide of /screen/house"
        " (house: {title: ..., lines: [...], image: sponsor.png}) (default: the environment"
        " variable TDTOOL_THEME).",
        show_default=False,
    ),
]


def read_paper(paper: str | None) -> str | None:
    """`--paper` checked: 'a4', 'letter', or None for a sheet that fits either."""
    if paper is None:
        return None
    from tdtool.errors import InputError
    from tdtool.io.pages import PAPERS

    if paper.lower() not in PAPERS:
        raise InputError(f"--paper {paper!r} is not known; use a4 or letter.")
    return paper.lower()


def read_theme(folder: Path | None) -> Theme | None:
    """The theme in `folder`, checked; None for tdtool's own look."""
    if folder is None or not str(folder):
        return None
    from tdtool.io.pages import load_theme

    return load_theme(folder)
