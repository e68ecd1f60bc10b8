"""The `tdtool` command: one Typer sub-app per noun, joined here.

Start-up speed matters (a director types many short commands), so the modules in
this package import only typer at the top; YAML, SQLite, tabulate and the rules
core are imported inside the commands that need them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from tdtool import __version__
from tdtool.errors import TdtoolError


class _Group(TyperGroup):
    """Turns every `TdtoolError` into one `Error: ...` line and its exit code (specs/cli.md)."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except TdtoolError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(exc.exit_code) from None


app = typer.Typer(
    cls=_Group,
    name="tdtool",
    help=(
        "The poker tournament director's tool: structures, seats, bust-outs, the level clock,"
        " payouts, and rulings on hands by the Poker TDA rules.\n\n"
        "Example: tdtool hand check examples/hands/side-pots.yaml"
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tdtool {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    db: Annotated[
        Path | None,
        typer.Option(
            "--db",
            envvar="TDTOOL_DB",
            help="The tournament file to use (default: the one tournament file in this folder).",
            show_default=False,
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    ctx.obj = {"db": db}


# Sub-apps, one per noun, each a Typer() of its own in tdtool/cli/NOUN.py, joined here.
from tdtool.cli import ruling  # noqa: E402

app.add_typer(ruling.app, name="ruling")

from tdtool.cli import (  # noqa: E402
    clock,
    deal,
    demo,
    hand,
    payouts,
    player,
    report,
    seat,
    structure,
    terms,
    tournament,
)

app.command("new")(tournament.new)
app.command("status")(tournament.status)
app.command("log")(tournament.log)
app.command("undo")(tournament.undo)
app.command("demo")(demo.demo)
app.add_typer(player.app, name="player")
app.add_typer(seat.app, name="seat")
app.add_typer(structure.app, name="structure")
app.add_typer(hand.app, name="hand")
app.add_typer(clock.app, name="clock")
app.command("payouts")(payouts.payouts)
app.command("terms")(terms.terms)
app.command("report")(report.report)
app.add_typer(deal.app, name="deal")


def main() -> None:
    """Console-script entry point."""
    app(prog_name="tdtool")
