"""`tdtool terms`: view the money terms, or change them before the first bust."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def _opt(help: str, **kw: Any) -> Any:
    return typer.Option(help=help, show_default=False, **kw)


LABELS = {
    "buy_in": "Buy-in (prize pool part)",
    "fee": "Fee (house part)",
    "reentry": "Re-entry",
    "rebuy_price": "Rebuy (prize pool part)",
    "rebuy_fee": "Rebuy fee",
    "rebuy_chips": "Rebuy chips (0: starting stack)",
    "rebuy_until": "Rebuys until level",
    "addon_price": "Add-on (prize pool part)",
    "addon_fee": "Add-on fee",
    "addon_chips": "Add-on chips (0: starting stack)",
    "guarantee": "Guarantee",
    "rounding": "Payouts rounded to",
    "places_paid": "Places paid",
    "percent_paid": "Percent of entries paid",
}


def terms(
    ctx: typer.Context,
    buy_in: Annotated[int | None, _opt("Prize-pool part of an entry.", min=0)] = None,
    fee: Annotated[int | None, _opt("House part of an entry.", min=0)] = None,
    reentry: Annotated[
        bool | None,
        typer.Option(
            "--reentry/--no-reentry", help="Busted players may enter again.", show_default=False
        ),
    ] = None,
    rebuy: Annotated[int | None, _opt("Prize-pool part of a rebuy (0: none).", min=0)] = None,
    rebuy_fee: Annotated[int | None, _opt("House part of a rebuy.", min=0)] = None,
    rebuy_chips: Annotated[
        int | None, _opt("Chips a rebuy gives (0: starting stack).", min=0)
    ] = None,
    rebuy_until: Annotated[
        int | None, _opt("Last level of rebuys (0: late registration).", min=0)
    ] = None,
    addon: Annotated[int | None, _opt("Prize-pool part of an add-on (0: none).", min=0)] = None,
    addon_fee: Annotated[int | None, _opt("House part of an add-on.", min=0)] = None,
    addon_chips: Annotated[
        int | None, _opt("Chips an add-on gives (0: starting stack).", min=0)
    ] = None,
    guarantee: Annotated[int | None, _opt("Guaranteed prize pool.", min=0)] = None,
    rounding: Annotated[int | None, _opt("Payouts are multiples of this.", min=1)] = None,
    places_paid: Annotated[
        int | None, _opt("Places paid (0: by percent or the curve).", min=0)
    ] = None,
    percent_paid: Annotated[
        float | None, _opt("Percent of entries paid (0: the default 12.5).", min=0, max=100)
    ] = None,
    payout_table: Annotated[
        Path | None, _opt("Pay by this payout table (YAML) instead of the default curve.")
    ] = None,
    default_curve: Annotated[
        bool, typer.Option("--default-curve", help="Go back to the bundled default curve.")
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Show the money terms, or change them (only before the first bust).

    Example: tdtool terms --buy-in 100 --fee 10 --guarantee 5000 --rounding 5
    """
    from tdtool.cli._db import open_store
    from tdtool.errors import InputError
    from tdtool.tournament.money import change_terms
    from tdtool.tournament.money import payout_table as table_of

    changes: dict[str, Any] = {
        k: v
        for k, v in {
            "buy_in": buy_in,
            "fee": fee,
            "reentry": reentry,
            "rebuy_price": rebuy,
            "rebuy_fee": rebuy_fee,
            "rebuy_chips": rebuy_chips,
            "addon_price": addon,
            "addon_fee": addon_fee,
            "addon_chips": addon_chips,
            "guarantee": guarantee,
            "rounding": rounding,
        }.items()
        if v is not None
    }
    for key, value in (
        ("rebuy_until", rebuy_until),
        ("places_paid", places_paid),
        ("percent_paid", percent_paid),
    ):
        if value is not None:
            changes[key] = value or None
    if payout_table is not None and default_curve:
        raise InputError("Give either --payout-table FILE or --default-curve, not both.")
    table: Any = False
    if payout_table is not None:
        from tdtool.io.payouts_yaml import load_payout_table

        table = load_payout_table(payout_table)
    elif default_curve:
        table = None
    with open_store(ctx) as store:
        if changes or table is not False:
            with store.transaction() as tx:
                for kind, data in change_terms(tx.state(), changes, table):
                    tx.append(kind, data)
            changed = True
        else:
            changed = False
        state = store.state()
    current = state.terms.to_dict()
    used = table_of(state)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json({**current, "payout_table": used.name if used else None, "changed": changed})
        return
    from tdtool.cli.render import table as render_table

    rows = [(LABELS[k], _show(v)) for k, v in current.items() if k in LABELS]
    rows.append(("Payout table", used.name if used else "default curve"))
    typer.echo(render_table(rows, ["Term", "Value"]))
    if changed:
        typer.echo(
            "Terms changed; `tdtool payouts` shows what they pay, `tdtool undo` takes it back."
        )
    elif state.eliminations:
        typer.echo("These terms are fixed: players have busted under them.")
    else:
        typer.echo(
            "Change a term with e.g. `tdtool terms --guarantee 5000` (before the first bust)."
        )


def _show(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"
