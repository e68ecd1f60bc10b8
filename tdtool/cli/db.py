"""`tdtool db ...`: the tournaments in a database (or folder), and copying one between them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tdtool.cli._app import App
from tdtool.cli._db import JsonOpt

HELP = (
    "Where tournaments are kept: list those on a PostgreSQL server (or in this folder),"
    " copy one between a file and a server.\n\n"
    "A server holds many tournaments; a URL picks one with ?tournament=KEY, e.g.\n\n"
    "export TDTOOL_DB='postgresql://td@venue-server/festival?tournament=main-event'\n\n"
    "Example: tdtool db list --json"
)
"""The help of `tdtool db` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)


def _shown(target: Any) -> str:
    from tdtool.io.store_base import is_url

    if is_url(target):
        from tdtool.io.store_pg import safe_url

        return safe_url(str(target))
    return str(target)


@app.command("list")
def list_(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """The tournaments on the --db server (or the *.tdtool files in this folder).

    Each line gives the key to put in the URL (?tournament=KEY), the tournament's name, its
    changes and when the last one was made.

    Example: TDTOOL_DB=postgresql://td@venue-server/festival tdtool db list
    """
    import time

    from tdtool.cli.render import emit_json, table
    from tdtool.io.store_base import is_url

    obj: Any = ctx.find_root().obj or {}
    given = obj.get("db") if isinstance(obj, dict) else None
    if given is not None and is_url(given):
        from tdtool.io.store_pg import list_tournaments, parse_url, with_tournament

        rows = list_tournaments(str(given))
        base = parse_url(str(given)).shown
        for row in rows:
            row["db"] = with_tournament(base, row["tournament"])
    else:
        rows = _files(given)
    if json_out:
        emit_json(rows)
        return
    if not rows:
        where = _shown(given) if given is not None else "this folder"
        typer.echo(f"No tournaments in {where}; create one with `tdtool new NAME --structure S`.")
        return

    def when(at: float | None) -> str:
        return "-" if at is None else time.strftime("%a %H:%M", time.localtime(at))

    key = "tournament" if given is not None and is_url(given) else "file"
    typer.echo(
        table(
            [(r[key], r["name"], r["changes"], when(r["last_change_at"])) for r in rows],
            [key, "name", "changes", "last change"],
        )
    )
    if key == "tournament":
        typer.echo(f"Use one on every laptop: export TDTOOL_DB='{rows[0]['db']}'")


def _files(given: Any) -> list[dict[str, Any]]:
    from tdtool.app.files import tournament_files
    from tdtool.errors import TdtoolError
    from tdtool.io.store_base import open_store

    paths = [Path(given)] if given is not None else tournament_files(Path.cwd())
    out = []
    for path in paths:
        try:
            with open_store(path) as store:
                log = store.log()
        except TdtoolError:
            if given is not None:
                raise
            continue  # a damaged or foreign file in the folder: not a tournament to list
        created = log[0].event.data if log else {}
        out.append(
            {
                "file": str(path),
                "name": created.get("name", ""),
                "changes": max((r.event.change for r in log), default=0),
                "events": len(log),
                "last_change_at": log[-1].event.at if log else None,
            }
        )
    return out


@app.command("copy")
def copy(
    src: Annotated[str, typer.Argument(help="The tournament to copy: a file or a URL.")],
    dst: Annotated[str, typer.Argument(help="Where to: a file or a URL.")],
    force: Annotated[
        bool, typer.Option("--force", help="Replace a tournament already at DST.", metavar="")
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Copy a tournament between a file and a PostgreSQL server (either way), exactly.

    The whole log is copied (every change, undone ones, times and operators), so the copy's
    `tdtool log` is the original's. A URL for DST without ?tournament=KEY takes the source's
    key (its file name without .tdtool). An existing tournament at DST is left alone unless
    --force. Stop the laptops using DST before replacing it.

    Example: tdtool db copy friday.tdtool 'postgresql://td@venue-server/festival'
    """
    from tdtool.cli.render import emit_json
    from tdtool.errors import InputError
    from tdtool.io.store_base import (
        is_url,
        open_store,
        restore_store,
    )

    with open_store(src) as source:
        records = source.log()
        key = getattr(source, "tournament", None) or Path(src).stem
    if is_url(dst):
        from tdtool.io.store_pg import parse_url, with_tournament

        if not parse_url(dst).tournament:
            dst = with_tournament(dst, key)
    elif Path(src).resolve() == Path(dst).resolve():
        raise InputError("SRC and DST are the same file; nothing was copied.")
    restore_store(dst, records, force=force)
    with open_store(dst) as copied:
        same = copied.log() == records
    if not same:  # never expected: restore writes exactly what it read
        raise InputError(f"The copy at {_shown(dst)} differs from {_shown(src)}; check it.")
    changes = max((r.event.change for r in records), default=0)
    if json_out:
        emit_json(
            {"from": _shown(src), "to": _shown(dst), "events": len(records), "changes": changes}
        )
        return
    name = records[0].event.data.get("name", "") if records else ""
    typer.echo(
        f"Copied {name} ({len(records)} events, {changes} changes) from {_shown(src)} to"
        f" {_shown(dst)}; the logs compare equal."
    )
