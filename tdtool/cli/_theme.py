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


ScreenThemeOpt = Annotated[
    Path | None,
    typer.Option(
        "--theme",
        envvar=THEME_ENVVAR,
        help="A house theme for the page: a folder whose templates (clock.html,"
        " clock_words.html, screen_base.html) override tdtool's by name (default: the"
        " environment variable TDTOOL_THEME).",
        show_default=False,
    ),
]


def read_theme(folder: Path | None) -> Theme | None:
    """The theme in `folder`, checked; None for tdtool's own look."""
    if folder is None or not str(folder):
        return None
    from tdtool.io.pages import load_theme

    return load_theme(folder)
