"""`tdtool payouts`: the prize pool and what every paid place gets (live or what-if)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from tdtool.tournament.money import PayoutView

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
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
    buy_in: Annotated[int | None, _opt("What-if: prize-pool part of an entry.", min=0)] = None,
    rebuys: Annotated[int, typer.Option(help="What-if: rebuys sold.", min=0)] = 0,
    rebuy: Annotated[int | None, _opt("What-if: prize-pool part of a rebuy.", min=0)] = None,
    addons: Annotated[int, typer.Option(help="What-if: add-ons sold.", min=0)] = 0,
    addon: Annotated[int | None, _opt("What-if: prize-pool part of an add-on.", min=0)] = None,
    guarantee: Annotated[int | None, _opt("What-if: guaranteed prize pool.", min=0)] = None,
    rounding: Annotated[int | None, _opt("What-if: payouts are multiples of this.", min=1)] = None,
    places_paid: Annotated[int | None, _opt("What-if: places paid.", min=1)] = None,
    percent_paid: Annotated[
        float | None, _opt("What-if: percent of the entries paid.", min=0.01, max=100)
    ] = None,
) -> None:
    """The prize pool and the payout of every paid place.

    In a tournament folder it shows the live tournament (its terms and payout table);
    with --entries it works out a what-if from the options alone.

    Example: tdtool payouts --entries 120 --buy-in 100 --rounding 5 --print payouts.html
    """
    from tdtool.errors import InputError
    from tdtool.tournament.money import payout_view, state_payouts
    from tdtool.tournament.terms import Terms

    what_if = {
        "buy_in": buy_in,
        "rebuy_price": rebuy,
        "addon_price": addon,
        "guarantee": guarantee,
        "rounding": rounding,
        "places_paid": places_paid,
        "percent_paid": percent_paid,
    }
    given = {k: v for k, v in what_if.items() if v is not None}
    loaded = None
    if table is not None:
        from tdtool.io.payouts_yaml import load_payout_table

        loaded = load_payout_table(table)
    title = "Payouts"
    if entries is not None:
        view = payout_view(Terms(**given), entries, rebuys, addons, loaded)
    else:
        if given or rebuys or addons:
            raise InputError(
                "--buy-in, --rounding and the other what-if options need --entries N "
                "(to change the tournament's own terms use `tdtool terms`)."
            )
        from tdtool.cli._db import open_store

        with open_store(ctx) as store:
            state = store.state()
        title = f"{state.name}: payouts"
        if loaded is not None:
            view = payout_view(state.terms, state.entries, state.rebuys, state.addons, loaded)
        else:
            view = state_payouts(state)
    if print_to is not None:
        from tdtool.io.money_sheets import write_sheet

        write_sheet(payout_sheet(view, title), print_to)
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
    if pool.overlay:
        lines.append(
            f"The field brought {money(pool.collected)}; the guarantee of "
            f"{money(pool.guarantee)} adds {money(pool.overlay)}."
        )
    how = f"the payout table {view.table!r}" if view.table else "the default curve"
    if view.amounts:
        lines.append(
            f"{len(view.amounts):,} place{'s' * (len(view.amounts) != 1)} paid by {how},"
            f" rounded to multiples of {view.rounding:,}."
        )
    return lines


def _rows(view: PayoutView) -> list[tuple[str, str, str]]:
    from tdtool.io.money_sheets import money, ordinal

    total = view.pool.total or 1
    return [
        (ordinal(i), money(a), f"{100 * a / total:.2f}%")
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


def payout_sheet(view: PayoutView, title: str) -> object:
    """The printable payout sheet."""
    from tdtool.io.money_sheets import Sheet, rows_of

    return Sheet(
        title=title,
        headers=("Place", "Prize", "Share"),
        rows=rows_of(_rows(view)),
        lines=tuple(_summary(view)),
    )
