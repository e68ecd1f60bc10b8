"""`tdtool demo`: a small real tournament, run step by step in a temporary file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

NAMES = (
    "Anna Berg",
    "Ben Okafor",
    "Carla Diaz",
    "Dev Patel",
    "Eve Larsen",
    "Farid Haddad",
    "Gia Romano",
    "Hugo Weber",
    "Ines Costa",
    "Jon Park",
    "Kemal Aksoy",
    "Lena Novak",
    "Mo Nasser",
    "Nina Petrova",
    "Oscar Lind",
    "Priya Rao",
    "Quinn Walsh",
    "Rosa Silva",
    "Sam Cohen",
    "Tara Byrne",
)


def demo(
    structure: Annotated[str, typer.Option(help="The bundled structure to play.")] = "turbo",
    keep: Annotated[
        Path | None, typer.Option(help="Keep the tournament file at this path to look at it after.")
    ] = None,
) -> None:
    """Walk through a small real tournament: registration, draw, busts with moves, a break.

    Each step is a real tdtool command run on a temporary tournament file, printed as the
    director would type it and see it. Nothing is installed or kept (unless --keep FILE).

    Example: tdtool demo
    """
    import shlex
    import tempfile

    from tdtool.app.seats import plan
    from tdtool.cli import app

    with tempfile.TemporaryDirectory(prefix="tdtool-demo-") as tmp:
        path = keep if keep is not None else Path(tmp) / "friday-turbo.tdtool"

        def step(note: str, *args: str) -> None:
            typer.echo("")
            typer.secho(f"# {note}", fg=typer.colors.CYAN)
            typer.secho(f"$ tdtool {shlex.join(args)}", bold=True)
            app(["--db", str(path), *args], prog_name="tdtool", standalone_mode=False)

        def tables() -> dict[int, dict[int, str]]:
            """Who sits where now (table -> seat -> player), as `seat show` reads it."""
            return {t.table: dict(t.seats) for t in plan(path).tables}

        _show_structure(structure)
        step(
            "Create the tournament: $50 + $10 entries, re-entry allowed, $1,000 guaranteed.",
            "new",
            "Friday Turbo",
            "--structure",
            structure,
            "--buy-in",
            "50",
            "--fee",
            "10",
            "--reentry",
            "--guarantee",
            "1000",
        )
        step("Register the players as they pay.", "player", "add", *NAMES)
        step("Draw the seats: random, tables filled evenly (TDA 7, 8A).", "seat", "draw")
        step(
            "Shuffle up and deal: start the level clock (any terminal can control it).",
            "clock",
            "start",
        )
        for table in sorted(tables()):
            first = min(tables()[table])
            step(
                f"Table {table}'s dealer reports where the button is (so moves follow TDA 11).",
                "seat",
                "button",
                str(table),
                str(first),
            )
        seated = tables()
        short = min(seated, key=lambda t: len(seated[t]))
        out = seated[short][max(seated[short])]
        step(
            f"{out} busts at table {short}: the short table is now two short, so the player"
            " due the big blind at a full table moves to the worst open seat (TDA 11A).",
            "player",
            "bust",
            out,
        )
        seated = tables()
        big = max(seated, key=lambda t: len(seated[t]))
        a, b = list(seated[big].values())[:2]
        step(
            f"{a} and {b} bust in the same hand; {a} started it with more chips and places"
            " higher. 17 players would fit two tables, but late registration is open: the"
            " next entry would find no seat, so the table stays open for now.",
            "player",
            "bust",
            a,
            b,
            "--stacks",
            "12500,4300",
        )
        seated = tables()
        big = max(seated, key=lambda t: len(seated[t]))
        third = list(seated[big].values())[0]
        step(
            f"{third} busts: 16 players fit two tables with an open seat at each for the"
            " late entries, so a table breaks (TDA 10B) and stays broken.",
            "player",
            "bust",
            third,
        )
        step(
            f"{out} re-enters (late registration is still open) and takes one of those seats.",
            "player",
            "reenter",
            out,
        )
        step("The table plan now.", "seat", "show")
        step("Who finished where so far.", "player", "list")
        step("The status screen.", "status")
        step("What the places pay with this field (it grows with every entry).", "payouts")
        step(
            "Every change is in the log; `tdtool undo` takes back the last one.",
            "log",
            "--last",
            "8",
        )
        typer.echo("")
        typer.echo(
            "That was the whole evening in miniature. Start your own with"
            ' `tdtool new "My Tournament" --structure turbo`, then `tdtool --help`.'
        )


def _show_structure(name: str) -> None:
    """The first levels of the structure, as the director sees them on the sheet."""
    from tdtool.cli.render import table
    from tdtool.io.structure_yaml import load_structure
    from tdtool.tournament.structure import Level

    s = load_structure(name)
    typer.secho(
        f"# The blind structure: {s.name} (bundled; a YAML file of your own works too).",
        fg=typer.colors.CYAN,
    )
    rows: list[tuple[int | str, str, str, int]] = []
    for p in s.periods[:9]:
        if isinstance(p, Level):
            # "(BB)": a big blind ante, paid by the big blind alone, as `structure show` marks it.
            ante = f"{p.bb_ante:,} (BB)" if p.bb_ante else f"{p.ante:,}" if p.ante else ""
            rows.append((p.number, f"{p.small_blind:,}/{p.big_blind:,}", ante, p.minutes))
        else:
            rows.append(("break", "", "", p.minutes))
    typer.echo(table(rows, ["level", "blinds", "ante", "minutes"]))
    typer.echo(
        f"... {len(s.levels)} levels; starting stack {s.starting_stack:,};"
        f" late registration until the end of level {s.late_registration}."
    )
