"""`tdtool ruling`: the rule book a floor person can query, and a question flow that rules.

Only typer and the standard library are imported here; the rules core is imported inside
the commands (start-up speed).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tdtool.cli._app import App

if TYPE_CHECKING:
    from tdtool.rules.house import HouseRules
    from tdtool.rules.rulings import Ruling

HELP = (
    "The irregularities tdtool rules on, each with the ruling under the Poker TDA rules"
    " and Robert's Rules of Poker, the dealer's steps and the rule numbers.\n\n"
    "Example: tdtool ruling show premature-turn --rules robert"
)
"""The help of `tdtool ruling` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)

RulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        help="House rules: tda (Poker TDA), robert (Robert's Rules of Poker), or a house rules"
        " file (YAML: a base book and the choices it changes; see `tdtool rules show`).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the answer as JSON.", metavar="")]


def _house(value: str | None) -> HouseRules | None:
    """`--rules`: a book or a house rules file; None when not given."""
    if value is None:
        return None
    from tdtool.cli.rules import resolve

    return resolve(value)


def house_lines(house: HouseRules | None, entry_id: str) -> list[str]:
    """What a house's choices say about one rule-book entry: one line per choice that
    decides it, its value, `(changed)` where the house departs from its base book."""
    if house is None or not house.overrides:
        return []
    out = []
    for c in house.bearing_on(entry_id):
        value, book = house.get(c.name), c.default(house.base)
        whose = f"the house's change; {house.base}: {book}" if value != book else "as the book"
        out.append(f"  {c.name}: {value} ({whose}; {c.rule}): {c.meaning(value)}")
    if out:
        out.insert(0, f"House rules of {house.name} (base {house.base}):")
    return out


def _house_json(house: HouseRules | None, entry_id: str) -> dict[str, Any] | None:
    from tdtool.app.ruling_ask import house_json

    return house_json(house, entry_id)


@app.command("list")
def list_rulings(json: JsonOption = False) -> None:
    """List every irregularity tdtool knows, and whether the two books differ on it.

    Example: tdtool ruling list
    """
    from tdtool.cli.render import emit_json, table
    from tdtool.rules.rulebook import ENTRIES

    if json:
        emit_json(
            [
                {"id": e.id, "title": e.title, "situation": e.situation, "differs": e.differs}
                for e in ENTRIES
            ]
        )
        return
    rows = [(e.id, e.title, "differs" if e.differs else "same") for e in ENTRIES]
    typer.echo(table(rows, ["id", "irregularity", "TDA vs Robert's"]))
    typer.echo("\nShow one with: tdtool ruling show ID [--rules tda|robert]")


@app.command("show")
def show(
    id: Annotated[str, typer.Argument(help="The ruling's id, as `tdtool ruling list` shows it.")],
    rules: RulesOption = None,
    json: JsonOption = False,
) -> None:
    """Show one irregularity: the situation, the ruling under each profile, the steps.

    Example: tdtool ruling show four-card-flop --rules tda
    """
    from tdtool.cli.render import emit_json
    from tdtool.rules.rulebook import entry
    from tdtool.rules.rulings import Profile

    found = entry(id)
    house = _house(rules)
    profile = house.base if house is not None else None
    if json:
        data = found.to_dict(profile)
        if house is not None and house.overrides:
            data["house"] = _house_json(house, found.id)
        emit_json(data)
        return
    lines = [f"{found.title} ({found.id})", f"Situation: {found.situation}"]
    for p in [profile] if profile else list(Profile):
        book = found.under(p)
        name = "Poker TDA" if p == Profile.TDA else "Robert's Rules of Poker"
        lines += [f"\nUnder {name} ({book.rule}):", f"  {book.ruling}"]
        lines += [f"  {n}. {step}" for n, step in enumerate(book.steps, 1)]
    if profile is None:
        same = "differ here" if found.differs else "rule the same way here"
        lines.append(f"\nThe two books {same}.")
    extra = house_lines(house, found.id)
    if extra:
        lines += ["", *extra]
    _say("\n".join(lines))


# ------------------------------------------------------------------------------ ask


def _interactive() -> bool:
    return sys.stdin.isatty()


def wrap(text: str, width: int) -> str:
    """`text` wrapped at spaces to `width` columns, each continuation under the start of its
    line's words (past its indent, any "3. " number and a menu's id), so the terminal never
    breaks a word.

    >>> print(wrap("  2. Leave the burn card where it is.", 22))
      2. Leave the burn
         card where it is.
    """
    import re
    import textwrap

    out = []
    for line in text.split("\n"):
        lead = re.match(r"\s*(\d+\.\s+([a-z0-9-]+\s{2,})?|As in: )?", line)  # a menu's id
        hang = " " * (lead.end() if lead else 0)
        out += textwrap.wrap(
            line, width, subsequent_indent=hang, break_long_words=False, break_on_hyphens=False
        ) or [""]
    return "\n".join(out)


def _say(text: str) -> None:
    """Echo `text`, wrapped to the terminal's width when it is one (a pipe gets it whole)."""
    if sys.stdout.isatty():
        import shutil

        text = wrap(text, max(40, shutil.get_terminal_size().columns - 1))
    typer.echo(text)


def _ask(value: Any, option: str, question: str, kind: type = str) -> Any:
    """The option's value, or the answer to `question` at a terminal; exit 2 without one."""
    from tdtool.errors import InputError

    if value is not None:
        return value
    if not _interactive():
        raise InputError(
            f"No terminal to ask {question!r}: give the answer with {option}"
            " (see tdtool ruling ask --help)."
        )
    return typer.prompt(question, type=kind)


def _answers(what: str, given: dict[str, Any]) -> dict[str, Any]:
    """The answers to `what`'s questions (tdtool.app.ruling_ask.QUESTIONS): the options
    given, the rest asked at the terminal in turn (exit 2 naming the option without one)."""
    from tdtool.app.ruling_ask import QUESTIONS
    from tdtool.errors import InputError

    out = dict(given)
    for q in QUESTIONS.get(what, ()):
        if q.key in ("players", "seat", "round") and out.get("card") is not None:
            continue  # the exposed card given as which card off the deck
        if (
            q.key == "players"
            and out["seat"] is None
            and out["round"] is None
            and not _interactive()
        ):
            raise InputError(
                "No terminal to ask which card was exposed: give --seat N --round 1|2"
                " --players P (or --card N, counting from the first card dealt)."
            )
        kind = int if q.kind in ("count", "number", "card-round") else str
        out[q.key] = _ask(out[q.key], q.option, q.text, kind)
    return out


@app.command("ask")
def ask(
    what: Annotated[
        str | None,
        typer.Option(
            "--what",
            help="What happened: any id `tdtool ruling list` shows, e.g. exposed-card.",
            show_default=False,
        ),
    ] = None,
    acted: Annotated[
        str | None,
        typer.Option(
            "--acted",
            help="Actions in turn since the deal, in order, e.g. 'fold,call' (or none);"
            " blinds and antes do not count.",
            show_default=False,
        ),
    ] = None,
    card: Annotated[
        int | None,
        typer.Option(
            "--card",
            min=1,
            help="Exposed card: which card off the deck (1 = first).",
            show_default=False,
        ),
    ] = None,
    exposed_before: Annotated[
        int | None,
        typer.Option(
            "--exposed-before",
            min=0,
            show_default=False,
            help="Exposed card: other down cards already exposed on this deal.",
        ),
    ] = None,
    boxed_before: Annotated[
        int | None,
        typer.Option(
            "--boxed-before",
            min=0,
            show_default=False,
            help="Boxed card: other boxed cards already found on this deal.",
        ),
    ] = None,
    reason: Annotated[
        str | None, typer.Option("--reason", help="Misdeal: why it was called.", show_default=False)
    ] = None,
    flop_action: Annotated[
        str | None,
        typer.Option(
            "--flop-action",
            show_default=False,
            help="Flop without a burn: has anyone acted on the flop (yes/no)?",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", show_default=False, help="Exposed card: players dealt in."),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            show_default=False,
            help="Exposed card: whose card, counting players from the small blind (1).",
        ),
    ] = None,
    round_: Annotated[
        int | None,
        typer.Option(
            "--round", show_default=False, help="Exposed card: their first (1) or second (2) card."
        ),
    ] = None,
    extra: Annotated[
        int | None,
        typer.Option(
            "--extra",
            min=1,
            show_default=False,
            help="Extra card: how many extra cards were dealt.",
        ),
    ] = None,
    rules: RulesOption = None,
    json: JsonOption = False,
) -> None:
    """Answer a few questions (what was exposed? when? who acted?) and get the ruling.

    Every question is also an option, so a script can ask without a terminal; with no
    terminal, a missing answer is an error that names its option.

    Example: tdtool ruling ask --what exposed-card --card 2 --exposed-before 0 --acted none
    """
    from tdtool.app import ruling_ask
    from tdtool.cli.render import emit_json

    house = _house(rules)
    from tdtool.rules.rulings import Profile

    profile = house.base if house is not None else Profile.TDA
    from tdtool.rules.rulebook import ENTRIES

    if what is None and _interactive():
        _say(menu(ENTRIES))
    chosen = ruling_ask.chosen(_ask(what, "--what", "What happened (number or name)?"))
    if chosen not in ruling_ask.WHAT:
        book = ruling_ask.book_ruling(chosen, profile)
        if json:
            emit_json({"profile": str(profile), **book, "house": _house_json(house, chosen)})
            return
        steps = [f"  {n}. {step}" for n, step in enumerate(book["steps"], 1)]
        notes = house_lines(house, chosen)
        _say(
            "\n".join(
                [
                    f"{book['title']} ({chosen}):",
                    f"{book['summary']} ({book['rule']})",
                    *steps,
                    *([""] + notes if notes else []),
                ]
            )
        )
        return
    answers = {
        "acted": acted,
        "card": card,
        "exposed_before": exposed_before,
        "boxed_before": boxed_before,
        "reason": reason,
        "flop_action": flop_action,
        "extra": extra,
        "players": players,
        "seat": seat,
        "round": round_,
    }
    ruling = ruling_ask.decide(chosen, profile, _answers(chosen, answers))
    if json:
        data = ruling.to_dict()
        del data["line"]
        emit_json({"profile": str(profile), **data, "house": _house_json(house, chosen)})
        return
    notes = house_lines(house, chosen)
    _say(render_ruling(ruling) + ("\n\n" + "\n".join(notes) if notes else ""))


def menu(entries: Sequence[Any]) -> str:
    """What `ruling ask` offers: first the irregularities it works out from a few questions,
    then those it looks up in the book, numbered on through both, in one style."""
    from tdtool.app.ruling_ask import WHAT

    width = max(len(e.id) for e in entries)
    asked = [(n, e) for n, e in enumerate(entries, 1) if e.id in WHAT]
    book = [(n, e) for n, e in enumerate(entries, 1) if e.id not in WHAT]

    def line(n: int, e: Any) -> str:
        what = WHAT.get(e.id, e.title)
        return f"{n:2}. {e.id:<{width}}  {what[:1].upper()}{what[1:]}"

    out = ["Worked out from a few questions:", *(line(n, e) for n, e in asked)]
    if book:
        out += [
            "",
            "Looked up in the book (the rule and the steps):",
            *(line(n, e) for n, e in book),
        ]
    return "\n".join(out)


def render_rulings(rulings: Sequence[Ruling]) -> str:
    """The rulings of a checked hand, line by line, each with its steps."""
    out = ["Rulings:"]
    for ruling in rulings:
        out.append(f"  Line {ruling.line}: " + render_ruling(ruling, "    ").lstrip())
    return "\n".join(out)


def render_ruling(ruling: Ruling, indent: str = "") -> str:
    """A ruling as a director reads it aloud: the decision, the rule, the numbered steps."""
    head = ""
    if ruling.misdeal:  # a fouled deck is no misdeal to re-deal: the hand is void (TDA 35E)
        head = "VOID HAND. " if ruling.irregularity == "duplicate-card" else "MISDEAL. "
    lines = [f"{indent}{head}{ruling.summary} ({ruling.rule})"]
    lines += [f"{indent}  {n}. {step}" for n, step in enumerate(ruling.steps, 1)]
    if ruling.example:
        lines.append(f"{indent}  As in: {ruling.example}.")
    return "\n".join(lines)
