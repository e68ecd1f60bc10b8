"""`tdtool terms`: view the money terms, or change them before the first bust."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tdtool.cli._terms import term_options

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.", metavar="")]


def _opt(help: str, **kw: Any) -> Any:
    return typer.Option(help=help, show_default=False, **kw)


@term_options()
def terms(
    ctx: typer.Context,
    terms: dict[str, Any] | None = None,
    payout_table: Annotated[
        Path | None, _opt("Pay by this payout table (YAML) instead of the default curve.")
    ] = None,
    default_curve: Annotated[
        bool,
        typer.Option("--default-curve", help="Go back to the bundled default curve.", metavar=""),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Show the money terms, or change them (only before the first bust).

    Example: tdtool terms --buy-in 100 --fee 10 --guarantee 5000 --rounding 5
    """
    from tdtool.app.money import terms as app_terms
    from tdtool.cli._db import db_path
    from tdtool.errors import InputError
    from tdtool.tournament.terms import OPTIONS

    changes = terms or {}
    if payout_table is not None and default_curve:
        raise InputError("Give either --payout-table FILE or --default-curve, not both.")
    table: Any = False
    if payout_table is not None:
        from tdtool.io.payouts_yaml import load_payout_table

        table = load_payout_table(payout_table)
    elif default_curve:
        table = None
    view = app_terms(db_path(ctx), changes, table)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(view.to_dict())
        return
    from tdtool.cli.render import table as render_table

    rows = [(o.label, _show(getattr(view.terms, o.field))) for o in OPTIONS]
    rows.append(("Payout table", view.table or "default curve"))
    typer.echo(render_table(rows, ["Term", "Value"]))
    if view.changed:
        typer.echo(
            "Terms changed; `tdtool payouts` shows what they pay, `tdtool undo` takes it back."
        )
    elif view.fixed:
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
    if isinstance(value, str):
        return value
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"
