"""`tdtool report`: the final results, place, name and prize, for the wall or the books."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tdtool.cli._theme import PaperOpt, ThemeOpt

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
    from tdtool.io.money_sheets import Sheet, money, render, rows_of, write_sheet

    house = read_theme(theme) if print_to is not None else None
    sheet_paper = read_paper(paper)
    result = results_now(db_path(ctx))
    rows = result.results
    from tdtool.tournament.bounty import money as cents

    bounties = result.bounties
    headers: tuple[str, ...] = ("Place", "Name", "Prize", "Note")
    table_rows: list[tuple[str, ...]] = [
        (
            "-" if r.place is None else str(r.place),
            r.name,
            f"Seat ({money(r.prize)})" if r.seat else money(r.prize),
            r.note,
        )
        for r in rows
    ]
    over = all(r.place is not None for r in rows) and bool(rows)
    paid = f"paid {money(result.paid)}" if over else f"paid so far {money(result.paid)}"
    lines = [f"{result.entries} entries, prize pool {money(result.prize_pool)}; {paid}."]
    if result.ended_in_flights:
        n = result.ended_in_flights
        lines.append(
            f"{n} {'entry' if n == 1 else 'entries'} of the {result.entries} ended in the flights"
            " (each flight's own report lists them); the places here are the event's."
        )
    if bounties is not None:
        headers = ("Place", "Name", "Prize", "Bounties", "Note")
        table_rows = [
            (p, n, a, cents(r.bounties) if r.bounties else "", note)
            for (p, n, a, note), r in zip(table_rows, rows, strict=True)
        ]
        lines.append(bounties.line())
    seats = [r for r in rows if r.seat]
    if seats:
        each = (
            f"Seats won ({money(seats[0].prize)} each)"
            if len(seats) > 1
            else (f"Seat won ({money(seats[0].prize)})")
        )
        lines.append(f"{each}: {', '.join(r.name for r in seats)}.")
    sheet = Sheet(
        title=f"{result.name}: results",
        headers=headers,
        rows=rows_of(table_rows),
        lines=tuple(lines),
    )
    if print_to is not None:
        from dataclasses import replace

        from tdtool.io.money_sheets import sheet_format

        # On paper: the date, the buy-in and the entries under the title (they replace the
        # first line above), places without a prize left blank, sized to fit the page. A CSV
        # file keeps plain data.
        blank = [
            tuple("" if i == 2 and c == "0" else c for i, c in enumerate(r)) for r in table_rows
        ]
        printed = replace(
            sheet,
            rows=rows_of(blank),
            lines=(() if over else (f"Still playing; {paid}.",)) + tuple(lines[1:]),
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
