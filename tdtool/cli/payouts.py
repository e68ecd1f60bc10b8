"""`tdtool payouts`: the prize pool and what every paid place gets (live or what-if)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from tdtool.io.money_sheets import Heading, Sheet
    from tdtool.tournament.money import PayoutView

from tdtool.cli._terms import term_options
from tdtool.cli._theme import PaperOpt, ThemeOpt

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.", metavar="")]
PrintOpt = Annotated[
    Path | None,
    typer.Option(
        "--print",
        help="Also write a printable sheet: FILE.html, FILE.md or FILE.csv.",
        show_default=False,
    ),
]


def _opt(help: str, **kw: Any) -> Any:
    return typer.Option(help=help, show_default=False, **kw)


@term_options(what_if=True)
def payouts(
    ctx: typer.Context,
    json_out: JsonOpt = False,
    print_to: PrintOpt = None,
    table: Annotated[
        Path | None, _opt("A payout table (YAML) to show instead of the tournament's.")
    ] = None,
    entries: Annotated[
        int | None,
        _opt("What-if: this many entries, without opening a tournament.", min=0, max=1_000_000),
    ] = None,
    rebuys: Annotated[int, typer.Option(help="What-if: rebuys sold.", min=0)] = 0,
    addons: Annotated[int, typer.Option(help="What-if: add-ons sold.", min=0)] = 0,
    theme: ThemeOpt = None,
    paper: PaperOpt = None,
    terms: dict[str, Any] | None = None,
) -> None:
    """The prize pool and the payout of every paid place.

    In a tournament folder it shows the live tournament (its terms and payout table);
    with --entries it works out a what-if from the options alone.

    Example: tdtool payouts --entries 120 --buy-in 100 --rounding 5 --print payouts.html
    """
    from tdtool.app import money
    from tdtool.cli._theme import read_paper, read_theme
    from tdtool.errors import InputError

    house = read_theme(theme) if print_to is not None else None
    sheet_paper = read_paper(paper)
    given = terms or {}
    loaded = None
    if table is not None:
        from tdtool.io.payouts_yaml import load_payout_table

        loaded = load_payout_table(table)
    title = "Payouts"
    heading = None
    if entries is not None:
        view = money.what_if(entries, given, rebuys, addons, loaded)
        if print_to is not None:
            from tdtool.io.money_sheets import Heading
            from tdtool.tournament.terms import Terms, prices

            heading = Heading(None, prices(Terms().with_values(given)))
    else:
        if given or rebuys or addons:
            raise InputError(
                "--buy-in, --rounding and the other what-if options need --entries N "
                "(to change the tournament's own terms use `tdtool terms`)."
            )
        from tdtool.cli._db import db_path

        name, view = money.payouts(db_path(ctx), loaded)
        title = f"{name}: payouts"
        if print_to is not None:
            heading = money.sheet_heading(db_path(ctx), counts=False)
    if print_to is not None:
        from tdtool.io.money_sheets import write_sheet

        write_sheet(payout_sheet(view, title, heading), print_to, house, sheet_paper)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(view.to_dict())
        return
    typer.echo(describe(view))
    if print_to is not None:
        typer.echo(f"Printable payout sheet written to {print_to}.")


def _summary(view: PayoutView) -> list[str]:
    from tdtool.io.money_sheets import money

    pool = view.pool
    parts = [f"{pool.entries:,} {'entry' if pool.entries == 1 else 'entries'}"]
    if pool.rebuys:
        parts.append(f"{pool.rebuys:,} rebuy{'s' * (pool.rebuys != 1)}")
    if pool.addons:
        parts.append(f"{pool.addons:,} add-on{'s' * (pool.addons != 1)}")
    lines = [f"Prize pool: {money(pool.total)} from {', '.join(parts)}."]
    if view.bounties is not None:
        lines.append(view.bounties.line())
    if pool.overlay:
        lines.append(
            f"The field brought {money(pool.collected)}; the guarantee of "
            f"{money(pool.guarantee)} adds {money(pool.overlay)}."
        )
    how = f"the payout table {view.table!r}" if view.table else "the default curve"
    if view.deal:
        shares = ", ".join(f"{n} {money(a)}" for n, a in view.deal)
        held = (
            f"; {money(view.hold_back)} is still played for (the winner takes it)"
            if view.hold_back
            else ""
        )
        lines.append(
            f"Deal accepted: the last {len(view.deal)} players share places 1-{len(view.deal)}:"
            f" {shares}{held}."
            + (
                " The places below are paid as listed."
                if len(view.amounts) > len(view.deal)
                else ""
            )
        )
    if view.seat_value:
        lines.append(satellite_line(view))
    elif view.amounts:
        lines.append(
            f"{len(view.amounts):,} place{'s' * (len(view.amounts) != 1)} paid by {how},"
            f" rounded to multiples of {view.rounding:,}."
        )
    return lines


def satellite_line(view: PayoutView) -> str:
    """What a satellite awards, read aloud: seats, their value, the cash to the next place."""
    from tdtool.io.money_sheets import money, ordinal

    seats = view.seats
    if not seats:
        return (
            f"A satellite for seats worth {money(view.seat_value)}: the prize pool does not buy"
            " one yet; it is paid in cash."
        )
    places = "1st" if seats == 1 else f"1st to {ordinal(seats)}"
    line = (
        f"A satellite: {seats} seat{'s' * (seats != 1)} worth {money(view.seat_value)}"
        + " each" * (seats != 1)
        + f" ({places} place); it ends when the seat"
        + ("s are" if seats != 1 else " is")
        + " decided."
    )
    if view.cash:
        line += f" {ordinal(seats + 1)} place wins the rest, {money(view.cash)}, in cash."
    return line


def _rows(view: PayoutView) -> list[tuple[str, str, str]]:
    from tdtool.io.money_sheets import money, ordinal

    total = view.pool.total or 1
    dealt = len(view.deal)
    return [
        (ordinal(i), "by the deal", "")
        if i <= dealt
        else (
            ordinal(i),
            f"Seat ({money(a)})" if i <= view.seats else money(a),
            f"{100 * a / total:.2f}%",
        )
        for i, a in enumerate(view.amounts, start=1)
    ]


def describe(view: PayoutView) -> str:
    """The payouts as a table a director can read aloud."""
    from tdtool.cli.render import table

    lines = _summary(view)
    if not view.amounts:
        lines.append("Nothing is paid yet: no entries (or an empty prize pool).")
        return "\n".join(lines)
    lines += [
        "",
        table(_rows(view), ["Place", "Prize", "Share"], colalign=("left", "right", "right")),
    ]
    return "\n".join(lines)


def payout_sheet(view: PayoutView, title: str, heading: Heading | None = None) -> Sheet:
    """The printable payout sheet: under the title the date and the prices (`heading`), then
    the pool; a deal's players by name with their amounts, then the places below the deal."""
    from tdtool.io.money_sheets import Sheet, money, rows_of

    total = view.pool.total or 1
    deal = [(f"Deal: {n}", money(a), f"{100 * a / total:.2f}%") for n, a in view.deal]
    return Sheet(
        title=title,
        headers=("Place", "Prize", "Share"),
        rows=rows_of(deal + _rows(view)[len(view.deal) :]),
        lines=tuple(_summary(view)),
        heading=heading,
        strong=1,
    )
