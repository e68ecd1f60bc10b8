"""`tdtool report`: the final results, place, name and prize, for the wall or the books."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tdtool.cli._theme import PaperOpt, ThemeOpt

if TYPE_CHECKING:
    from tdtool.app.money import Results

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.", metavar="")]


def report(
    ctx: typer.Context,
    json_out: JsonOpt = False,
    csv_out: Annotated[
        bool, typer.Option("--csv", help="Print CSV instead of a table.", metavar="")
    ] = False,
    print_to: Annotated[
        Path | None,
        typer.Option(
            "--print",
            help="Also write the results to FILE.html, FILE.md or FILE.csv.",
            show_default=False,
        ),
    ] = None,
    theme: ThemeOpt = None,
    paper: PaperOpt = None,
) -> None:
    """Final results: every entry's place, name and prize (ties and deals included).

    Example: tdtool report --print results.html
    """
    from tdtool.app.money import report as results_now
    from tdtool.cli._db import db_path
    from tdtool.cli._theme import read_paper, read_theme
    from tdtool.io.money_sheets import Sheet, render, rows_of, write_sheet

    house = read_theme(theme) if print_to is not None else None
    sheet_paper = read_paper(paper)
    result = results_now(db_path(ctx))
    rows = result.results
    bounties = result.bounties
    headers, table_rows, lines = results_table(result)
    over = all(r.place is not None for r in rows) and bool(rows)
    sheet = Sheet(
        title=f"{result.name}: results",
        headers=headers,
        rows=rows_of(table_rows),
        lines=tuple(lines),
    )
    if print_to is not None:
        from dataclasses import replace

        from tdtool.i18n import words
        from tdtool.io.money_sheets import sheet_format

        # On paper, in the tournament's language: the date, the buy-in and the entries under
        # the title (they replace the first line above), places without a prize left blank,
        # sized to fit the page. A CSV file keeps plain data.
        lang = result.heading.lang if result.heading is not None else "en"
        _ = words(lang)
        paper_headers, paper_rows, paper_lines = results_table(result, lang)
        blank = [
            tuple("" if i == 2 and c == "0" else c for i, c in enumerate(r)) for r in paper_rows
        ]
        still = _("Still playing; %(paid)s.", paid=_paid(result, over, lang))
        printed = replace(
            sheet,
            title=_("%(name)s: results", name=result.name),
            headers=paper_headers,
            rows=rows_of(blank),
            lines=(() if over else (still,)) + tuple(paper_lines[1:]),
            lang=lang,
            heading=result.heading,
            size="fit",
            strong=2,
        )
        write_sheet(
            sheet if sheet_format(print_to) == "csv" else printed, print_to, house, sheet_paper
        )
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    if csv_out:
        typer.echo(render(sheet, "csv"), nl=False)
        return
    from tdtool.cli.render import table

    typer.echo("\n".join(lines))
    typer.echo("")
    align = ("right", "left", "right") + (("right",) if bounties else ()) + ("left",)
    typer.echo(table(table_rows, headers, colalign=align, disable_numparse=True))
    if print_to is not None:
        typer.echo(f"Results written to {print_to}.")


def _paid(result: Results, over: bool, lang: str) -> str:
    """What is paid: 'paid 1,400' once the tournament is over, 'paid so far 528' before."""
    from tdtool.i18n import words

    _ = words(lang)
    if over:
        return _("paid %(amount)s", amount=_.number(result.paid))
    return _("paid so far %(amount)s", amount=_.number(result.paid))


def results_table(
    result: Results, lang: str = "en"
) -> tuple[tuple[str, ...], list[tuple[str, ...]], list[str]]:
    """The results' headers, rows and sentences, in the language `lang` (the terminal's and
    CSV's: English)."""
    from tdtool.i18n import words

    _ = words(lang)
    rows = result.results
    money = _.number
    headers: tuple[str, ...] = (_("Place"), _("Name"), _("Prize"), _("Note"))
    table_rows: list[tuple[str, ...]] = [
        (
            "-" if r.place is None else str(r.place),
            r.name,
            _("Seat (%(amount)s)", amount=money(r.prize)) if r.seat else money(r.prize),
            note_text(r.note, lang),
        )
        for r in rows
    ]
    over = all(r.place is not None for r in rows) and bool(rows)
    paid = _paid(result, over, lang)
    lines = [
        _.ngettext(
            "%(num)s entry, prize pool %(pool)s; %(paid)s.",
            "%(num)s entries, prize pool %(pool)s; %(paid)s.",
            result.entries,
            num=str(result.entries),
            pool=money(result.prize_pool),
            paid=paid,
        )
    ]
    if result.ended_in_flights:
        lines.append(
            _.ngettext(
                "%(num)s entry of the %(entries)s ended in the flights (each flight's own report"
                " lists them); the places here are the event's.",
                "%(num)s entries of the %(entries)s ended in the flights (each flight's own"
                " report lists them); the places here are the event's.",
                result.ended_in_flights,
                num=str(result.ended_in_flights),
                entries=result.entries,
            )
        )
    bounties = result.bounties
    if bounties is not None:
        headers = (_("Place"), _("Name"), _("Prize"), _("Bounties"), _("Note"))
        table_rows = [
            (p, n, a, _.cash(r.bounties) if r.bounties else "", note)
            for (p, n, a, note), r in zip(table_rows, rows, strict=True)
        ]
        lines.append(bounties.line(lang))
    seats = [r for r in rows if r.seat]
    if seats:
        names = ", ".join(r.name for r in seats)
        value = money(seats[0].prize)
        if len(seats) > 1:
            lines.append(_("Seats won (%(value)s each): %(names)s.", value=value, names=names))
        else:
            lines.append(_("Seat won (%(value)s): %(names)s.", value=value, names=names))
    return headers, table_rows, lines


def note_text(note: str, lang: str = "en") -> str:
    """A result's note (tdtool.tournament.money.results writes them in English: 'entry 2;
    tied for 3-4', 'deal', 'seat', 'winner' ...) in the language `lang`.

    >>> note_text("entry 2; tied for 3-4", "de")
    'Entry 2; geteilter 3.-4. Platz'
    >>> note_text("deal; playing for 500", "ro")
    'deal; se joacă pentru 500'
    """
    import re

    from tdtool.i18n import SOURCE, words

    if lang == SOURCE or not note:
        return note
    _ = words(lang)
    said = []
    for part in note.split("; "):
        if part == "deal":
            said.append(_("deal"))
        elif part == "seat":
            said.append(_("seat"))
        elif part == "winner":
            said.append(_("winner"))
        elif part == "still playing":
            said.append(_("still playing"))
        elif part == "deal + held-back amount":
            said.append(_("deal + held-back amount"))
        elif found := re.fullmatch(r"entry (\d+)", part):
            said.append(_("entry %(num)s", num=found[1]))
        elif found := re.fullmatch(r"tied for (\d+)-(\d+)", part):
            said.append(_("tied for %(first)s-%(last)s", first=found[1], last=found[2]))
        elif found := re.fullmatch(r"playing for (\d+)", part):
            said.append(_("playing for %(amount)s", amount=_.number(int(found[1]))))
        else:
            said.append(part)
    return "; ".join(said)
