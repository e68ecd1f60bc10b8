"""`tdtool rules`: house rules as data: what a rule set decides, and what two decide differently.

A rule set is a book (`tda`, `robert`) or a house rules file (YAML: a base book and the named
choices it changes, see docs/hand-file.md). Only typer is imported at module level.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tdtool.cli._app import App
from tdtool.cli._theme import PaperOpt, ThemeOpt

if TYPE_CHECKING:
    from tdtool.rules.house import HouseRules

HELP = (
    "House rules as data: the named choices a rule set makes (a book, tda or robert, or a"
    " house rules file), and what two rule sets decide differently.\n\n"
    "Example: tdtool rules diff tda house.yaml"
)
"""The help of `tdtool rules` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)

JsonOption = Annotated[bool, typer.Option("--json", metavar="", help="Print the answer as JSON.")]
RuleSet = Annotated[
    str,
    typer.Argument(
        help="tda, robert, or a house rules file (YAML).", show_default=False, metavar="RULES"
    ),
]
RuleSetA = Annotated[
    str,
    typer.Argument(help="The rule set compared from: tda, robert or a file.", metavar="A"),
]
RuleSetB = Annotated[
    str,
    typer.Argument(help="The rule set compared to: tda, robert or a file.", metavar="B"),
]


def resolve(value: str, given: str = "--rules") -> HouseRules:
    """A `--rules` value or a RULES argument: a book by name, else a house rules file."""
    from pathlib import Path

    from tdtool.errors import InputError
    from tdtool.rules.house import HouseRules
    from tdtool.rules.rulings import Profile

    word = value.strip().lower()
    if word in set(Profile):
        return HouseRules.of(Profile(word))
    if Path(value).suffix.lower() in (".yaml", ".yml") or Path(value).exists():
        from tdtool.io.house_yaml import load_house

        return load_house(value)
    raise InputError(
        f"{given} {value!r} is neither a house profile nor a house rules file: use tda,"
        " robert, or FILE.yaml."
    )


def _label(rules: HouseRules) -> str:
    return rules.source or str(rules.base)


@app.command("show")
def show(rules: RuleSet, json: JsonOption = False) -> None:
    """Every named choice of a rule set, its value and the rule it rests on; `*` marks a
    house's change to its base book.

    Example: tdtool rules show house.yaml
    """
    from tdtool.cli.render import emit_json, table
    from tdtool.rules.house import CHOICES

    house = resolve(rules, "RULES")
    if json:
        emit_json(
            {
                "name": house.name,
                "base": str(house.base),
                "choices": {
                    c.name: {
                        "value": house.get(c.name),
                        "changed": house.changed(c.name),
                        "values": list(c.values),
                        "rule": c.rule,
                    }
                    for c in CHOICES
                },
            }
        )
        return
    typer.echo(f"{house.name} (base: {house.base})")
    rows = [
        [c.name, house.get(c.name) + (" *" if house.changed(c.name) else ""), c.title, c.rule]
        for c in CHOICES
    ]
    typer.echo(table(rows, ["choice", "value", "what it decides", "rule"]))


@app.command("diff")
def diff(
    a: RuleSetA,
    b: RuleSetB,
    hands: Annotated[
        Path | None,
        typer.Option(
            "--hands",
            help="Also rule every hand file (.yaml, .phh) under this folder both ways and list"
            " each hand whose answer changes, with both answers.",
            show_default=False,
        ),
    ] = None,
    json: JsonOption = False,
) -> None:
    """What rule set B decides differently from A: each choice with both values, and with
    --hands the hands whose answer changes. Prints nothing when they decide alike.

    Example: tdtool rules diff tda house.yaml --hands examples/hands
    """
    from tdtool.cli.render import emit_json
    from tdtool.rules.house import diff as differences

    left, right = resolve(a, "A"), resolve(b, "B")
    found = differences(left, right)
    base_differs = left.base != right.base
    changes = []
    if hands is not None:
        from tdtool.app.rules_diff import hand_changes, hand_files

        changes = hand_changes(left, right, hand_files(hands))
    if json:
        emit_json(
            {
                "a": _label(left),
                "b": _label(right),
                "base": None if not base_differs else {"a": str(left.base), "b": str(right.base)},
                "choices": [
                    {"choice": d.choice.name, "a": d.a, "b": d.b, "rule": d.choice.rule}
                    for d in found
                ],
                "hands": [{"file": str(c.path), "a": c.a, "b": c.b} for c in changes],
            }
        )
        return
    if base_differs:
        typer.echo(
            f"base: {left.base} -> {right.base} (every irregularity the books rule differently:"
            " tdtool ruling list)"
        )
    for d in found:
        typer.echo(f"{d.choice.name}: {d.a} -> {d.b}  ({d.choice.title}; {d.choice.rule})")
    for c in changes:
        typer.echo(f"{c.path}:\n  {_label(left)}: {c.a}\n  {_label(right)}: {c.b}")


@app.command("print")
def print_sheet(
    rules: RuleSet,
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            help="The file to write: .html (printable), .md or .csv picks the format.",
            show_default=False,
        ),
    ],
    theme: ThemeOpt = None,
    paper: PaperOpt = None,
    language: Annotated[
        str | None,
        typer.Option(
            "--language",
            help="The language of the sheet: en, ro or de (default: English).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Write the house-rules sheet to put up in the room: the book the house plays by and,
    for every named choice, what this house decides and the rule; `*` marks its changes.

    Made from the same file `hand check --rules` reads, in the room's language with
    --language (the rule numbers and the house's name stay as written).

    Example: tdtool rules print examples/house/friday-deepstack.yaml -o house-rules.html

    Example: tdtool rules print examples/house/friday-deepstack.yaml --language de -o regeln.html
    """
    from tdtool.app.house_sheet import house_sheet
    from tdtool.cli._theme import read_language, read_paper, read_theme
    from tdtool.io.money_sheets import sheet_format, write_sheet

    sheet_format(output)  # a name with no known format is refused before anything is read
    look, size, lang = read_theme(theme), read_paper(paper), read_language(language)
    write_sheet(house_sheet(resolve(rules, "RULES"), lang), output, look, size)
    typer.echo(f"House-rules sheet written to {output}.")
