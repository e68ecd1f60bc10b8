"""`tdtool structure ...`: list, show, check, print and generate blind structures."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import typer

from tdtool.cli._app import App
from tdtool.cli._theme import SheetLanguageOpt, ThemeOpt

HELP = (
    "Blind/ante structures: the bundled ones and your own YAML files.\n\n"
    "Example: tdtool structure show daily --start 19:00"
)
"""The help of `tdtool structure` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)

StartOption = Annotated[
    str | None,
    typer.Option(
        "--start",
        help="Clock time play starts (19:00 or 7pm): every level gets its time of day.",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.", metavar="")]


def unused_start(structure: Any, start: str | None) -> str | None:
    """The note when --start changes nothing: every day of the structure has its own start
    time (the sheet shows those; --start only times a day without one)."""
    days = structure.days
    if start is None or not days or any(d.start is None for d in days):
        return None
    first = days[0].start
    return (
        f"Note: --start {start} is not used: every day of {structure.name} has its own start"
        f" time (Day 1 at {first // 60:02d}:{first % 60:02d}); change them in the structure"
        " file (`- day: 1` with `start:`)."
    )


def parse_start(text: str | None) -> int | None:
    """'19:00', '7pm', '7:30 pm' -> minutes after midnight; InputError otherwise."""
    from tdtool.errors import InputError

    if text is None:
        return None
    match = re.fullmatch(r"\s*(\d{1,2})(?:[:.h](\d{2}))?\s*([ap]\.?m\.?)?\s*", text.lower())
    if match:
        hour, minute = int(match.group(1)), int(match.group(2) or 0)
        suffix = match.group(3)
        if suffix and 1 <= hour <= 12:
            hour = hour % 12 + (12 if suffix.startswith("p") else 0)
        elif suffix:
            hour = 99
        if (match.group(2) or suffix) and hour < 24 and minute < 60:
            return hour * 60 + minute
    raise InputError(f"--start {text!r} is not a time of day; write it like 19:00 or 7:30pm.")


@app.command("list")
def list_structures(json: JsonOption = False) -> None:
    """List the bundled structures and those in ./structures.

    Example: tdtool structure list
    """
    from tdtool.cli.render import emit_json, table
    from tdtool.errors import InputError
    from tdtool.io.structure_sheet import duration, total_minutes
    from tdtool.io.structure_yaml import available_structures, display_name, read_structure

    items = []
    for entry in available_structures():
        item: dict[str, object] = {
            "name": entry.name,
            "origin": entry.origin,
            "path": display_name(entry.path),
        }
        try:
            s = read_structure(entry.path).structure
        except InputError:
            item |= {"valid": False}
        else:
            lengths = sorted({lv.minutes for lv in s.levels})
            item |= {
                "valid": True,
                "title": s.name,
                "game": s.game.value,
                "starting_stack": s.starting_stack,
                "levels": len(s.levels),
                "level_minutes": lengths[0] if len(lengths) == 1 else lengths,
                "total_minutes": total_minutes(s),
            }
        items.append(item)
    if json:
        emit_json(items)
        return
    if not items:
        typer.echo("No structures found. Write one (see `tdtool structure new --help`).")
        return
    rows = []
    for item in items:
        if not item["valid"]:
            rows.append(
                [item["name"], "not valid: run `tdtool structure check`", "", "", "", "", ""]
            )
            continue
        minutes: Any = item["level_minutes"]  # one length, or the lengths of the levels
        shown = str(minutes) if isinstance(minutes, int) else f"{min(minutes)}-{max(minutes)}"
        rows.append(
            [
                item["name"],
                item["title"],
                item["game"],
                f"{item['starting_stack']:,}",
                item["levels"],
                shown,
                duration(item["total_minutes"]),  # type: ignore[arg-type]
                item["origin"],
            ]
        )
    typer.echo(
        table(rows, ["Name", "Title", "Game", "Stack", "Levels", "Minutes", "Total", "From"])
    )
    typer.echo(
        "\nShow one with `tdtool structure show NAME`; print it with `tdtool structure print NAME`."
    )


@app.command("show")
def show(
    structure: Annotated[str, typer.Argument(help="A structure name (see `list`) or a file.")],
    start: StartOption = None,
    json: JsonOption = False,
) -> None:
    """Show a structure as a table: blinds, antes, minutes, start times, breaks and color-ups.

    Example: tdtool structure show daily --start 19:00
    """
    from tdtool.cli.render import emit_json, table
    from tdtool.io.structure_sheet import (
        chip_list,
        duration,
        structure_json,
        summary,
        terminal_rows,
        total_minutes,
    )
    from tdtool.io.structure_yaml import read_structure

    start_of_day = parse_start(start)
    loaded = read_structure(structure)
    s = loaded.structure
    if json:
        emit_json(structure_json(s, start_of_day))
        return
    typer.echo(f"{s.name}\n{summary(s)}.")
    if s.chips:
        typer.echo(f"Chips in play at the start: {chip_list(s.chips)}.")
    typer.echo("")
    rows, headers = terminal_rows(s, start_of_day)
    typer.echo(table(rows, headers, disable_numparse=True))
    if s.days:
        from tdtool.io.structure_sheet import total_line

        typer.echo(f"\n{len(s.levels)} levels over {total_line(s)}.")
    else:
        typer.echo(f"\n{len(s.levels)} levels, {duration(total_minutes(s))} of play and breaks.")
    for warning in loaded.warnings:
        typer.echo(warning, err=True)
    note = unused_start(s, start)
    if note:
        typer.echo(note, err=True)


@app.command("check")
def check(
    file: Annotated[str, typer.Argument(help="The structure file to check (or a name).")],
    json_out: Annotated[
        bool,
        typer.Option("--json", help="Print JSON for scripts (problems and warnings).", metavar=""),
    ] = False,
) -> None:
    """Check a structure file: every problem is listed as FILE:LINE: level N: what is wrong.

    Exit code 0 when the structure is valid (warnings are printed), 2 when it is not.

    Example: tdtool structure check structures/friday.yaml
    """
    from tdtool.io.structure_sheet import duration, total_minutes
    from tdtool.io.structure_yaml import StructureFileError, display_name, read_structure

    try:
        loaded = read_structure(file)
    except StructureFileError as exc:
        if not json_out:
            raise
        from tdtool.cli.render import emit_json

        emit_json(
            {"file": exc.path, "valid": False, "problems": exc.problems, "warnings": exc.warnings}
        )
        raise typer.Exit(exc.exit_code) from None
    s = loaded.structure
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(
            {
                "file": display_name(loaded.path),
                "valid": True,
                "name": s.name,
                "levels": len(s.levels),
                "breaks": len(s.periods) - len(s.levels),
                "minutes": total_minutes(s),
                "problems": [],
                "warnings": list(loaded.warnings),
            }
        )
        return
    for warning in loaded.warnings:
        typer.echo(warning)
    breaks = len(s.periods) - len(s.levels)
    count = len(loaded.warnings)
    note = f" with {count} warning{'s' if count != 1 else ''}" if count else ""
    name = display_name(loaded.path)
    typer.echo(
        f"{name}: '{s.name}' is a valid structure{note}: {len(s.levels)} levels,"
        f" {breaks} break{'s' if breaks != 1 else ''}, {duration(total_minutes(s))} in all"
        + (f" over {len(s.days)} days." if s.days else ".")
    )


@app.command("print")
def print_sheet(
    ctx: typer.Context,
    structure: Annotated[
        str | None,
        typer.Argument(
            help="A structure name (see `list`) or a file; leave it out for the tournament's"
            " own structure, under its name, date and buy-in.",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="The file to write (default: NAME.html); .html, .md or .csv picks the format.",
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="html, md or csv (default: from the file name).",
            show_default=False,
        ),
    ] = None,
    start: StartOption = None,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter (HTML only).")] = "a4",
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Overwrite NAME.html (the file written without -o) if it exists.",
            metavar="",
        ),
    ] = False,
    theme: ThemeOpt = None,
    language: SheetLanguageOpt = None,
) -> None:
    """Write a structure sheet to hang on the tables: HTML for paper, Markdown or CSV.

    Without STRUCTURE it prints the tournament's structure (--db, or the tournament file in
    this folder) under the tournament's name, its date and what an entry, re-entry, rebuy
    and add-on cost.

    Without -o the sheet is NAME.html in this folder; if that file exists already, tdtool
    asks before replacing it (at a terminal) or refuses without --force.

    Example: tdtool structure print daily --start 19:00 -o daily.html
    """
    from tdtool.cli._theme import read_language, read_theme
    from tdtool.errors import InputError
    from tdtool.io.structure_sheet import FORMATS, PAPERS, sheet
    from tdtool.io.structure_yaml import read_structure

    house = read_theme(theme)
    lang = read_language(language)
    start_of_day = parse_start(start)
    if paper.lower() not in PAPERS:
        raise InputError(f"--paper {paper!r} is not known; use a4 or letter.")
    suffixes = {".html": "html", ".htm": "html", ".md": "md", ".markdown": "md", ".csv": "csv"}
    if fmt is not None and fmt.lower() not in FORMATS:
        raise InputError(f"--format {fmt!r} is not known; use html, md or csv.")
    if output is not None:
        from tdtool.io.paths import checked

        output = checked(output, "--output")
    title: str | None = None
    facts: tuple[str, ...] = ()
    if structure is None:
        from tdtool.app.change import read_state
        from tdtool.app.money import heading_of
        from tdtool.cli._db import db_path

        handle = db_path(ctx)
        target = handle.target
        state = read_state(handle)
        assert state.structure is not None  # every tournament is created with one
        chosen_structure = state.structure
        from tdtool.i18n import language_of

        lang = read_language(language, language_of(state))
        heading = heading_of(state, counts=False, lang=lang)
        title, facts = state.name, heading.facts()
        stem = f"{Path(str(target)).stem if isinstance(target, Path) else 'tournament'}-structure"
    else:
        loaded = read_structure(structure)
        chosen_structure, stem = loaded.structure, loaded.path.stem
    if output is None:
        chosen = (fmt or "html").lower()
        output = Path(f"{stem}.{chosen}")
        if output.exists() and not force:
            _confirm_overwrite(output)
    elif fmt is None:
        if output.suffix.lower() not in suffixes:
            raise InputError(
                f"Cannot tell the format of {output} from its name; end it in .html, .md or .csv,"
                " or give --format."
            )
        chosen = suffixes[output.suffix.lower()]
    else:
        chosen = fmt.lower()
    text = sheet(chosen_structure, chosen, start_of_day, paper.lower(), facts, title, house, lang)
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"Cannot write {output}: {exc.strerror or exc}.") from None
    s = chosen_structure
    size = "A4" if paper.lower() == "a4" else "Letter"
    hint = {
        "html": f"open it in a browser and print it on {size} paper.",
        "md": "paste it into a document or a chat.",
        "csv": "open it in a spreadsheet.",
    }[chosen]
    typer.echo(f"Wrote {output}: {s.name}, {len(s.levels)} levels; {hint}")
    note = unused_start(s, start)
    if note:
        typer.echo(note, err=True)


def _confirm_overwrite(output: Path) -> None:
    """Ask before replacing a sheet written earlier (maybe edited by hand); no terminal: refuse."""
    from tdtool.cli._db import interactive
    from tdtool.errors import InputError

    if interactive() and typer.confirm(f"{output} exists already. Replace it?", default=False):
        return
    raise InputError(
        f"{output} exists already and was left as it is; give --force to replace it,"
        " or -o FILE to write another file."
    )


def _slug(name: str) -> str:
    from tdtool.names import ascii_fold

    slug = re.sub(r"[^a-z0-9]+", "-", ascii_fold(name)).strip("-")
    return slug[:80].rstrip("-") or "structure"  # a file name the system accepts


@app.command("new")
def new(
    name: Annotated[
        str, typer.Argument(help="The structure's name, shown on the clock and sheet.")
    ],
    stack: Annotated[int, typer.Option("--stack", help="Starting stack in chips.")],
    hours: Annotated[
        float | None,
        typer.Option("--hours", help="How long the tournament should last.", show_default=False),
    ] = None,
    final_table_level: Annotated[
        int | None,
        typer.Option(
            "--final-table-level",
            help="Instead of --hours: the level by which one table should be left.",
            show_default=False,
        ),
    ] = None,
    level_minutes: Annotated[
        int | None,
        typer.Option(
            "--level-minutes",
            help="Minutes a level (default: with --hours, chosen to fit them, near 20).",
            show_default=False,
        ),
    ] = None,
    players: Annotated[int, typer.Option("--players", help="Entries you expect.")] = 50,
    chips: Annotated[
        str | None,
        typer.Option(
            "--chips",
            help="Denominations in play, smallest first: 25,100,500,1000,5000 (default: by stack).",
            show_default=False,
        ),
    ] = None,
    ante: Annotated[
        str, typer.Option("--ante", help="bb (big blind ante), classic or none.")
    ] = "bb",
    ante_from: Annotated[
        int | None,
        typer.Option(
            "--ante-from",
            help="First level with an ante (default 2, classic 3).",
            show_default=False,
        ),
    ] = None,
    game: Annotated[str, typer.Option("--game", help="no-limit, pot-limit or limit.")] = "no-limit",
    late_reg: Annotated[
        int | None,
        typer.Option(
            "--late-reg",
            help="Last level to register (default: while a new entry has 30 big blinds).",
            show_default=False,
        ),
    ] = None,
    break_minutes: Annotated[
        int,
        typer.Option("--break-minutes", help="Break length, one about every 2 hours (0: none)."),
    ] = 15,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="File to write (default: structures/NAME.yaml).",
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite an existing file.", metavar="")
    ] = False,
) -> None:
    """Generate a structure from what you know: stack, field, length, level length, chips.

    Blinds grow 1.2-1.5x a level, rounded to amounts the chips in play can pay; small chips
    are raced off at breaks once nothing needs them. The YAML explains itself in comments.

    Example: tdtool structure new "Friday 7pm" --stack 20000 --hours 5 --players 60
    """
    import dataclasses

    from tdtool.errors import InputError
    from tdtool.game import Game
    from tdtool.io.structure_sheet import duration, total_minutes
    from tdtool.io.structure_yaml import display_name, dump_structure, parse_structure
    from tdtool.tournament.structure_gen import AnteStyle, Plan, explain, fit

    try:
        ante_style = AnteStyle(ante.lower())
    except ValueError:
        raise InputError(f"--ante {ante!r} is not known; use bb, classic or none.") from None
    try:
        game_value = Game(game.lower())
    except ValueError:
        raise InputError(
            f"--game {game!r} is not known; use no-limit, pot-limit or limit."
        ) from None
    denominations: tuple[int, ...] = ()
    if chips:
        try:
            denominations = tuple(
                int(c.replace("_", "")) for c in re.split(r"[,\s]+", chips.strip()) if c
            )
        except ValueError:
            raise InputError(
                f"--chips {chips!r} must list whole numbers: 25,100,500,1000."
            ) from None
    plan = Plan(
        name=name.strip() or "Structure",
        starting_stack=stack,
        level_minutes=level_minutes or 20,
        players=players,
        hours=hours,
        final_table_level=final_table_level,
        chips=denominations,
        ante=ante_style,
        ante_from=ante_from,
        game=game_value,
        late_registration=late_reg,
        break_minutes=break_minutes,
    )
    generated = fit(plan, fixed_level_minutes=level_minutes is not None)
    plan = dataclasses.replace(plan, level_minutes=generated.structure.levels[0].minutes)
    header, comments = explain(generated, plan)
    text = dump_structure(generated.structure, header, comments)
    from tdtool.io.paths import checked

    target = checked(output or Path("structures") / f"{_slug(plan.name)}.yaml", "--output")
    loaded = parse_structure(text, str(target), default_name=target.stem)  # the contract: it checks
    if target.exists() and not force:
        raise InputError(f"{target} already exists; give another --output or add --force.")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"Cannot write {target}: {exc.strerror or exc}.") from None
    s = loaded.structure
    typer.echo(
        f"Wrote {display_name(target)}: {len(s.levels)} levels of {plan.level_minutes} minutes,"
        f" {duration(total_minutes(s))} in all, blinds from {s.levels[0].small_blind:,}/"
        f"{s.levels[0].big_blind:,} growing about {generated.step:.2f}x a level."
    )
    typer.echo(
        f"Expect one table left around level {generated.final_table_level} and the end around"
        f" level {generated.end_level} (after about {duration(generated.end_minutes)})."
    )
    for note in generated.notes:
        typer.echo(note)
    typer.echo(f"See it with `tdtool structure show {display_name(target)}`.")
