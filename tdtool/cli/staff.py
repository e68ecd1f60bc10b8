"""`tdtool staff ...`: who may act from a phone on `tdtool serve`, and their sign-in links."""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from tdtool.cli._app import App
from tdtool.cli._db import JsonOpt, db_path

SERVE_URL_ENVVAR = "TDTOOL_SERVE_URL"
DEFAULT_URL = "http://127.0.0.1:8780"
"""Where `tdtool serve` listens by default (its --host and --port)."""

HELP = (
    "The staff who act from phones on `tdtool serve`: desk, floor, director or dealer, each"
    " signed in from a one-time link.\n\n"
    "Example: tdtool staff add Maria --role floor --url http://192.168.1.20:8780"
)
"""The help of `tdtool staff` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)


@app.command("add")
def add(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The person's name, as `tdtool log` shows it.")],
    role: Annotated[
        str,
        typer.Option(
            "--role",
            help="desk (register, re-enter, rebuy, add-on), floor (desk + bust), director"
            " (everything) or dealer"
            " (hand rulings).",
            show_default=False,
        ),
    ],
    minutes: Annotated[
        int, typer.Option("--minutes", help="How long the sign-in link is valid.")
    ] = 10,
    url: Annotated[
        str | None,
        typer.Option(
            "--url",
            help=f"Where phones reach `tdtool serve` (default: ${SERVE_URL_ENVVAR}, else"
            f" {DEFAULT_URL}).",
            show_default=False,
        ),
    ] = None,
    qr: Annotated[
        bool | None,
        typer.Option(
            "--qr/--no-qr",
            help="Draw the link as a QR code too, for the phone's camera (default: when"
            " printing to a terminal).",
            show_default=False,
            metavar="",
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """Put a person on the staff and print their one-time sign-in link.

    Opening the link on a phone (within --minutes, once) signs them in to `tdtool serve`.
    Adding someone again gives them the new role and a new link; their phone stays signed in.

    In a terminal the link is drawn as a QR code above it too (--no-qr: not), for the
    person to scan with the phone.

    Example: tdtool staff add Maria --role floor --url http://192.168.1.20:8780
    """
    from tdtool.app.staff import add as add_person
    from tdtool.cli.render import emit_json

    base = url or os.environ.get(SERVE_URL_ENVVAR) or DEFAULT_URL
    if not base.startswith(("http://", "https://")):
        from tdtool.errors import InputError

        raise InputError(f"Option '--url': {base!r} is not an http:// or https:// address.")
    issued = add_person(db_path(ctx), name, role, minutes)
    if json_out:
        emit_json(issued.to_dict(base))
        return
    what = "now" if issued.again else "added as"
    typer.echo(f"{issued.name} {what} {issued.role}. Sign-in link (once, {minutes} min):")
    if qr if qr is not None else sys.stdout.isatty():
        from tdtool.io.qr import terminal

        typer.echo(terminal(issued.link(base)))
    typer.echo(issued.link(base))


@app.command("list")
def list_(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """Everyone on the staff, their role and who added them.

    Example: tdtool staff list --json
    """
    from tdtool.app.staff import people
    from tdtool.cli.render import emit_json, table

    found = people(db_path(ctx))
    if json_out:
        emit_json([p.to_dict() for p in found])
        return
    if not found:
        typer.echo("Nobody is on the staff yet: tdtool staff add NAME --role floor")
        return
    typer.echo(table([(p.name, p.role, p.added_by) for p in found], ["name", "role", "added by"]))


@app.command("revoke")
def revoke(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The person to take off the staff.")],
    json_out: JsonOpt = False,
) -> None:
    """Take a person off the staff: their phones are signed out at once, their link dies.

    Example: tdtool staff revoke Maria
    """
    from tdtool.app.staff import revoke as revoke_person
    from tdtool.cli.render import emit_json

    done = revoke_person(db_path(ctx), name)
    if json_out:
        emit_json(done.to_dict())
        return
    ended = f"{done.sessions} session{'s' if done.sessions != 1 else ''} ended"
    typer.echo(f"{done.name} is off the staff ({ended}).")
