"""The league standings printed (`tdtool league standings --print FILE.html`): the template
tdtool/templates/league_sheet.html on the print base, in the league's language.

Its words come from the catalogue and its numbers are written in the language (Babel):
`1.200,00` in German and Romanian. A4 or Letter (`--paper`), across the page from four
events (a column each). Markdown and CSV go through tdtool.io.money_sheets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tdtool.io.pages import Theme
    from tdtool.tournament.league import Standings

LANDSCAPE_FROM = 4
"""Events from which the sheet prints across the page (a column each)."""


def standings_html(
    result: Standings, lang: str = "en", theme: Theme | None = None, paper: str | None = None
) -> str:
    """The standings as a printable page in the language `lang`."""
    import time

    from tdtool.i18n import words
    from tdtool.io import pages
    from tdtool.tournament.league import points_text

    _ = words(lang)
    rules = result.rules
    events = result.events
    playing = sum(1 for e in events if e.provisional)
    counted = rules.best is not None or rules.drop_worst is not None
    facts = [
        _.ngettext("%(num)s event", "%(num)s events", len(events))
        + (
            " "
            + _.ngettext(
                "(%(num)s still being played: provisional)",
                "(%(num)s still being played: provisional)",
                playing,
            )
            if playing
            else ""
        ),
        _("Points: %(formula)s", formula=rules.formula_in(lang)),
        rules.counting_in(lang)[:1].upper() + rules.counting_in(lang)[1:] + ".",
        rules.tie_break_in(lang) + ".",
    ]
    notes = any(line.tie is not None for line in result.lines)
    rows: list[dict[str, Any]] = []
    for line in result.lines:
        by_event: list[tuple[str, str]] = [("", "")] * len(events)
        for r in line.results:
            text = points_text(r.points, lang)
            css = "n" if r.counted else "n dropped"
            if not r.counted:
                text = f"[{text}]"
            if r.provisional:
                text, css = text + "*", css + " prov"
            by_event[r.event] = (text, css)
        rows.append(
            {
                "rank": _.number(line.rank) + ("=" if line.shared else ""),
                "name": line.name,
                "points": points_text(line.points, lang),
                "events": _.number(line.events),
                "wins": _.number(line.wins),
                "best": _.number(line.best),
                "cells": by_event,
                "note": line.note_in(lang),
                "css": "prov" if line.provisional else "",
            }
        )
    legend = []
    if counted:
        legend.append(_("[ ]: a result that does not count"))
    if playing:
        legend.append(_("*: an event still being played; its points may change"))
    landscape = len(events) >= LANDSCAPE_FROM
    size = "small" if len(rows) > 40 or len(events) > 10 else ""
    return pages.render(
        "league_sheet.html",
        theme,
        lang,
        title=_("%(league)s: standings", league=result.name),
        paper=paper,
        orientation="landscape" if landscape else "portrait",
        facts=facts,
        events=[
            {
                "n": i,
                "name": e.name,
                "date": _.when(e.date) if e.date is not None else "",
                "entries": _.number(e.entries),
                "provisional": e.provisional,
            }
            for i, e in enumerate(events, start=1)
        ],
        rows=rows,
        notes=notes,
        legend=legend,
        size=size,
        printed=_.when(time.time()),
    )
