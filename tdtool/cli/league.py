"""`tdtool league ...`: a season of tournaments scored into standings."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tdtool.cli._app import App
from tdtool.cli._db import JsonOpt
from tdtool.cli._theme import PaperOpt, ThemeOpt

if TYPE_CHECKING:
    from tdtool.app.league import LeagueView
    from tdtool.io.money_sheets import Sheet
    from tdtool.io.pages import Theme
    from tdtool.tournament.league import Standings

HELP = (
    "Leagues: points for every finish in a season of tournaments, and the standings.\n\n"
    "A league is a small file of its own (NAME.league, JSON) beside the tournaments: its"
    " formula, how many results count, its tie-break, and the events it counts (tournament"
    " files or PostgreSQL URLs). The standings read each event as it is now.\n\n"
    "Example: tdtool league new 'Spring League' --formula pokerstars --best 8"
)
"""The help of `tdtool league` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)

LeagueOpt = Annotated[
    Path | None,
    typer.Option(
        "--league",
        help="The league file (default: the one *.league file in this folder).",
        show_default=False,
    ),
]


def _registry_beside(ctx: typer.Context, league: Path) -> Path | str | None:
    """The player registry whose ids match the league's players: --registry (or
    TDTOOL_REGISTRY), else players.tdreg beside the league file, if there is one."""
    from tdtool.cli._db import registry_given
    from tdtool.io.registry_where import FILE_NAME, exists

    given = registry_given(ctx)
    target = given if given is not None else league.parent / FILE_NAME
    return target if exists(target) else None


def league_view(ctx: typer.Context, path: Path) -> LeagueView:
    """The standings of the league file `path` for a screen (`clock serve --league`, `serve
    --league`), with the registry beside it; read once now, so a league that cannot be
    read (a damaged file, an event moved) is refused before anything is served."""
    from tdtool.app.league import LeagueView

    view = LeagueView(path, _registry_beside(ctx, path))
    view.standings()
    return view


def _league(given: Path | None) -> Path:
    from tdtool.io.league_file import find

    return find(given, Path.cwd())


@app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The league's name.", show_default=False)],
    formula: Annotated[
        str,
        typer.Option(
            "--formula",
            help="pokerstars, table (with --table FILE.yaml), or a formula of your own over"
            " entries, place, buyin, prize, knockouts, rebuys, reentries and beaten, e.g."
            " '100 * sqrt(entries / place) + 10 * knockouts'.",
        ),
    ] = "pokerstars",
    table: Annotated[
        Path | None,
        typer.Option(
            "--table", help="The points table (YAML) for --formula table.", show_default=False
        ),
    ] = None,
    best: Annotated[
        int | None,
        typer.Option("--best", help="Count each player's N best results.", show_default=False),
    ] = None,
    drop_worst: Annotated[
        int | None,
        typer.Option(
            "--drop-worst",
            help="Drop each player's N worst results (an event missed is a worst).",
            show_default=False,
        ),
    ] = None,
    tie_break: Annotated[
        str,
        typer.Option(
            "--tie-break",
            help="The rules that order players level on points, in turn: wins, best (best"
            " finish, then the next best ...), events (most played), top (highest single"
            " result).",
        ),
    ] = "wins,best,events",
    language: Annotated[
        str | None,
        typer.Option(
            "--language",
            help="The language its standings print and show in: en, ro or de (default:"
            " English, or the one a command asks for).",
            show_default=False,
        ),
    ] = None,
    league: LeagueOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Create a league file (NAME's slug with .league in this folder, or --league FILE).

    The formula is checked now: a custom one names the position of anything it does not
    know, with "did you mean".

    Example: tdtool league new "Liga de toamnă" --best 8 --language ro
    """
    from tdtool.app.files import slug
    from tdtool.app.league import create
    from tdtool.cli._theme import read_language
    from tdtool.tournament.league import Rules, Scoring, tie_break_of

    lang = read_language(language) if language is not None else None
    kind = formula.strip().casefold()
    scoring = Scoring(kind) if kind in {"pokerstars", "table"} else Scoring.FORMULA
    points_table = None
    if table is not None:
        from tdtool.io.points_yaml import load_points_table

        points_table = load_points_table(table)
    rules = Rules(
        scoring,
        formula if scoring is Scoring.FORMULA else None,
        points_table,
        best,
        drop_worst,
        tie_break_of(tie_break),
    )
    if scoring is Scoring.FORMULA:
        from tdtool.tournament.formula import parse

        rules = Rules(scoring, parse(formula).text, points_table, best, drop_worst, rules.tie_break)
    path = league or Path.cwd() / f"{slug(name)}.league"
    made = create(path, name, rules, lang)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(made.to_dict())
        return
    typer.echo(f"League {made.league.name!r} created in {path}.")
    typer.echo(f"Points: {rules.formula_text}; {rules.counting}.")
    typer.echo(f"{rules.tie_break_text}.")
    typer.echo(f"Add the events with `tdtool league add EVENT.tdtool` (--league {path.name}).")


@app.command("add")
def add(
    events: Annotated[
        list[str],
        typer.Argument(
            help="Each event's tournament file (or postgresql:// URL).", show_default=False
        ),
    ],
    provisional: Annotated[
        bool,
        typer.Option(
            "--provisional",
            help="Also add an event still being played (its results are marked provisional).",
            metavar="",
        ),
    ] = False,
    league: LeagueOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Add finished events to the league (an unfinished one only with --provisional).

    Example: tdtool league add friday-1.tdtool friday-2.tdtool
    """
    from tdtool.app.league import add as add_events
    from tdtool.io.targets import parse_target

    path = _league(league)
    done = add_events(path, [parse_target(e) for e in events], provisional)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(done.to_dict())
        return
    for ref in done.added:
        mark = " (provisional: still being played)" if ref.provisional else ""
        typer.echo(f"Added {ref.name!r} ({ref.source}){mark}.")
    typer.echo(f"The league counts {done.events} event{'s' if done.events != 1 else ''}.")


@app.command("standings")
def show_standings(
    ctx: typer.Context,
    league: LeagueOpt = None,
    json_out: JsonOpt = False,
    csv_out: Annotated[
        bool, typer.Option("--csv", help="Print CSV instead of a table.", metavar="")
    ] = False,
    print_to: Annotated[
        Path | None,
        typer.Option(
            "--print",
            help="Also write the standings to FILE.html, FILE.md or FILE.csv.",
            show_default=False,
        ),
    ] = None,
    paper: PaperOpt = None,
    language: Annotated[
        str | None,
        typer.Option(
            "--language",
            help="The language of the table and the printed sheet: en, ro or de (default:"
            " the league's, else English; CSV and JSON stay English).",
            show_default=False,
        ),
    ] = None,
    theme: ThemeOpt = None,
) -> None:
    """The standings: each player's points, results, wins and best finish; the tie-break.

    A result in brackets does not count (--best / --drop-worst); a * marks a result of an
    event still being played. Players are matched across events by name (any case, accents
    or not) and, with a player registry beside the league (or --registry), by their id: a
    player merged in the registry mid-season is one line. The table and the sheet are in
    the league's language (`league new --language`) or --language; CSV and JSON are
    English with plain numbers, for a website or a spreadsheet.

    Example: tdtool league standings --print standings.html --paper letter --language de
    """
    from tdtool.app.league import league_standings
    from tdtool.cli._theme import read_language, read_paper, read_theme

    sheet_paper = read_paper(paper)
    lang = read_language(language) if language is not None else None
    house = read_theme(theme)
    path = _league(league)
    result = league_standings(path, _registry_beside(ctx, path))
    lang = lang or result.language or "en"
    sheet = standings_sheet(result, lang)
    if print_to is not None:
        _print(result, print_to, lang, house, sheet_paper)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    from tdtool.io.money_sheets import render

    if csv_out:
        typer.echo(render(standings_sheet(result), "csv"), nl=False)
        return
    from tdtool.cli.render import table

    typer.echo("\n".join(sheet.lines))
    typer.echo("")
    numbers = ("right",) * (len(sheet.headers) - 3)
    align = ("right", "left", *numbers, "left")
    typer.echo(table(sheet.rows, sheet.headers, colalign=align, disable_numparse=True))
    if print_to is not None:
        typer.echo(f"Standings written to {print_to}.")


def _print(
    result: Standings, path: Path, lang: str, theme: Theme | None, paper: str | None
) -> None:
    """Write the standings to `path`: a sheet to print (HTML, in `lang`), Markdown (in
    `lang`) or CSV (English, plain numbers), by its suffix."""
    from tdtool.io.money_sheets import sheet_format, write_sheet

    fmt = sheet_format(path)
    if fmt != "html":
        write_sheet(standings_sheet(result, lang if fmt == "md" else "en"), path)
        return
    from tdtool.io.league_sheet import standings_html

    text = standings_html(result, lang, theme, paper)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        from tdtool.errors import InputError

        raise InputError(f"Cannot write {path}: {exc.strerror or exc}.") from None


CSV_HEADERS = ("Rank", "Name", "Points", "Events", "Wins", "Best")
"""The first columns of the standings (then one per event, then the note), as CSV names
them in every language (standings_sheet in English)."""


def standings_sheet(result: Standings, lang: str = "en") -> Sheet:
    """The standings as a sheet, in the language `lang`: for the terminal, the printout
    and (in English, its numbers plain) CSV."""
    from tdtool.i18n import words
    from tdtool.io.money_sheets import Sheet, rows_of
    from tdtool.tournament.league import points_text

    _ = words(lang)
    events = result.events
    rules = result.rules
    provisional = sum(1 for e in events if e.provisional)
    played = _.ngettext("%(num)s event", "%(num)s events", len(events))
    if provisional:
        played += " " + _.ngettext(
            "(%(num)s still being played: provisional)",
            "(%(num)s still being played: provisional)",
            provisional,
        )
    lines = [
        _(
            "%(events)s; points: %(formula)s; %(counting)s.",
            events=played,
            formula=rules.formula_in(lang),
            counting=rules.counting_in(lang),
        ),
        f"{rules.tie_break_in(lang)}.",
    ]
    for i, e in enumerate(events, start=1):
        entries = _.ngettext("%(num)s entry", "%(num)s entries", e.entries)
        mark = " " + _("*provisional") if e.provisional else ""
        lines.append(f"#{i}: {e.name} ({entries}){mark}")
    rows = []
    for line in result.lines:
        cells = [""] * len(events)
        for r in line.results:
            text = points_text(r.points, lang)
            text = text if r.counted else f"[{text}]"
            cells[r.event] = text + ("*" if r.provisional else "")
        rows.append(
            (
                f"{line.rank}=" if line.shared else str(line.rank),
                line.name,
                points_text(line.points, lang),
                line.events,
                line.wins,
                line.best,
                *cells,
                line.note_in(lang),
            )
        )
    first = (_("Rank"), _("Name"), _("Points"), _("Events"), _("Wins"), _("Best"))
    headers = (*first, *(f"#{i}" for i in range(1, len(events) + 1)), _("Note"))
    return Sheet(
        title=_("%(league)s: standings", league=result.name),
        headers=headers,
        rows=rows_of(rows),
        lines=tuple(lines),
        landscape=len(headers) > 9,  # a column per event: across the page from four events
        lang=lang,
    )
