"""Finding and opening the tournament file, shared by every command that uses one.

The file is `--db PATH` (or the environment variable TDTOOL_DB, through the same option)
when given; otherwise the one `*.tdtool` file in the current folder. `--db` may also be a
`postgresql://` URL: a tournament on a server (tdtool.io.store_pg); `db_path` returns it
as the string given.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from tdtool.io.store_base import TournamentStore

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.", metavar="")]
YesOpt = Annotated[
    bool,
    typer.Option(
        "--yes", "-y", help="Never ask who moves; the tool chooses and says so.", metavar=""
    ),
]


def db_path(ctx: typer.Context) -> Any:
    """The tournament this command works on, as the handle every application function takes
    (`tdtool.io.store_base.Tournament`: the file or URL, and who acts); InputError when there
    is no tournament file in the folder, or several. Built here, once: nothing is passed
    down through the environment."""
    from tdtool.app.files import tournament_target
    from tdtool.io.store_base import Tournament

    return Tournament(tournament_target(given_db(ctx), Path.cwd()), operator(ctx))


def given_db(ctx: typer.Context) -> Path | str | None:
    """The --db (or TDTOOL_DB) given, a file name checked as one, else None."""
    obj: Any = ctx.find_root().obj or {}
    given = obj.get("db") if isinstance(obj, dict) else None
    if given is None or isinstance(given, str):  # a URL (tdtool.io.store_base.parse_target)
        return given
    from tdtool.io.paths import checked

    return checked(given, "--db")


def operator(ctx: typer.Context) -> str | None:
    """The global --operator given (None: TDTOOL_OPERATOR or the login name, see the store)."""
    obj: Any = ctx.find_root().obj or {}
    return obj.get("operator") if isinstance(obj, dict) else None


def registry_given(ctx: typer.Context) -> Path | str | None:
    """The global --registry (or TDTOOL_REGISTRY) given, a file name checked as one."""
    obj: Any = ctx.find_root().obj or {}
    given = obj.get("registry") if isinstance(obj, dict) else None
    if given is None or isinstance(given, str):
        return given
    from tdtool.io.paths import checked

    return checked(given, "--registry")


def registry_at(ctx: typer.Context) -> Any:
    """The player registry a `tdtool players` command works on, and who acts: --registry
    (or TDTOOL_REGISTRY), else the festival's PostgreSQL database with a postgresql:// --db,
    else `players.tdreg` beside the --db file or in this folder."""
    from tdtool.app.registry import RegistryAt
    from tdtool.io.registry_where import default_target

    return RegistryAt(default_target(registry_given(ctx), given_db(ctx), Path.cwd()), operator(ctx))


def db_label(ctx: typer.Context) -> str:
    """How messages name this command's tournament (never a URL's password)."""
    target = db_path(ctx).target
    if isinstance(target, Path):
        return target.name
    from tdtool.io.store_pg import safe_url

    return safe_url(target)


def open_store(ctx: typer.Context) -> TournamentStore:
    """Open the tournament file of this command (use it in a `with` block)."""
    from tdtool.io import store_base

    return store_base.open_store(db_path(ctx))


def interactive() -> bool:
    """Whether a director is at the terminal to answer questions (tests patch this)."""
    import sys

    return sys.stdin.isatty() and sys.stdout.isatty()


def _ask_who_moves(plan: Any, table: int, candidates: list[str]) -> str:
    """Ask the director which player at `table` moves (no button recorded there)."""
    from tdtool.errors import InputError

    seats = plan.players_at(table)
    listing = ", ".join(f"seat {s} {p}" for s, p in sorted(seats.items()) if p in candidates)
    typer.echo(f"Table {table} gives a player, but its button is not recorded ({listing}).")
    for _ in range(3):
        answer = typer.prompt(
            "Who is due the big blind next hand there (name or seat number)"
        ).strip()
        seat = int(answer) if answer.isdigit() and len(answer) <= 4 else None
        if seat is not None and seat in seats and seats[seat] in candidates:
            return str(seats[seat])
        from tdtool.names import matches, or_list

        match = matches(answer, candidates)  # as --by reads a name: "jose" for José García
        if len(match) == 1:
            return match[0]
        if match:
            typer.echo(f"{answer!r} could be {or_list(match)}; type more of the name.")
            continue
        typer.echo(f"{answer!r} is not at table {table}; give a name or seat from the list.")
    raise InputError(f"No player at table {table} named; nothing was changed.")


def asker(yes: bool) -> Any:
    """How a change asks who moves: the director at the terminal, or nobody (the tool
    chooses and says so) with --yes, --json or without a terminal."""
    if yes or not interactive():
        return None
    return lambda plan, table, candidates: _ask_who_moves(plan, table, candidates)
