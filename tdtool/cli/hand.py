"""`tdtool hand ...`: adjudicate a hand typed into a YAML file (docs/hand-file.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tdtool.cli._app import App

if TYPE_CHECKING:
    from tdtool.rules.hand import HandResult, PotHalf, PotResult

HELP = (
    "Adjudicate an entered hand by the Poker TDA rules.\n\n"
    "Example: tdtool hand check examples/hands/side-pots.yaml"
)
"""The help of `tdtool hand` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)


@app.command("check")
def check(
    file: Annotated[
        Path,
        typer.Argument(
            help="The hand file (YAML, see docs/hand-file.md), or a hand history in PHH"
            " (FILE.phh).",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the answer as JSON.", metavar="")
    ] = False,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            help="House rules for the irregularities: tda, robert, or a house rules file"
            " (YAML: a base book and the choices it changes; see `tdtool rules show`)."
            " Overrides the file's `rules:`.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Check every action of a hand and say who wins what: pots, side pots, splits, stacks.

    Exit 0: legal and adjudicated. Exit 1: an action breaks a rule (line, player, rule).

    Exit 2: the file is not a readable hand (FILE:LINE).

    Example: tdtool hand check examples/hands/side-pots.yaml --json
    """
    from tdtool.app.hands import illegal_json, result_json
    from tdtool.rules.hand import AfterMisdeal, IllegalHand, replay

    hand = _load(file)
    if rules is not None:
        from dataclasses import replace

        from tdtool.cli.rules import resolve

        house = resolve(rules)
        hand = replace(hand, profile=house.base, house=house if house.overrides else None)
    try:
        result = replay(hand)
    except AfterMisdeal as exc:
        # The ruling first (what the floor says about the misdeal), then why the rest is refused.
        if not as_json:
            from tdtool.cli.ruling import render_rulings

            typer.echo(render_rulings([exc.ruling]))
        raise
    except IllegalHand as exc:
        if as_json:
            from tdtool.cli.render import emit_json

            emit_json(illegal_json(exc))
        raise
    if as_json:
        from tdtool.cli.render import emit_json

        emit_json(result_json(result))
    else:
        typer.echo(render(result))
        filled = [r for r in hand.lines if r.text.endswith("(not written)")]
        if filled:
            typer.echo(
                "\nNot written in the hand history, read as a check when free, else a fold:\n"
                + "\n".join(
                    f"  line {r.line}: {r.text.removesuffix(' (not written)')}"
                    f" ({hand.name(r.seat)})"
                    for r in filled
                )  # fmt: skip
            )


def _load(file: Path) -> Any:
    """A hand file, or a PHH hand history when the name ends in `.phh`."""
    if file.suffix.lower() == ".phh":
        from tdtool.io.phh import load_phh

        return load_phh(file)
    from tdtool.io.hand_yaml import load_hand

    return load_hand(file)


def _write(text: str, output: Path | None) -> None:
    if output is None:
        typer.echo(text, nl=False)
        return
    from tdtool.errors import InputError

    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"--output {output}: cannot write it: {exc.strerror}.") from None
    typer.echo(f"Wrote {output}.")


OutputOption = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write to this file instead of printing.",
                 show_default=False),
]  # fmt: skip


@app.command("import")
def import_phh(
    file: Annotated[
        Path, typer.Argument(help="A hand history in PHH (FILE.phh).", show_default=False)
    ],
    output: OutputOption = None,
) -> None:
    """Turn a PHH hand history (uoftcprg/phh-std: hold'em and Omaha) into a tdtool hand file,
    each line commented with the PHH line it came from.

    Example: tdtool hand import examples/hands/phh/wsop-2019-42-day3-00-01-07.phh -o wsop.yaml
    """
    from tdtool.io.phh import hand_yaml_text, load_phh

    _write(hand_yaml_text(load_phh(file), str(file)), output)


@app.command("export")
def export_phh(
    file: Annotated[
        Path, typer.Argument(help="The hand file (YAML) or PHH to write.", show_default=False)
    ],
    phh: Annotated[
        bool, typer.Option("--phh", metavar="", help="Write PHH (the one format).")
    ] = True,
    rules: Annotated[
        str | None,
        typer.Option("--rules", help="tda, robert or a house rules file.", show_default=False),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Write a hand as ruled in PHH: the actions the rulings made of its lines, the
    finishing stacks, and the rulings in `_rulings`. Exit 1 if the hand breaks a rule; exit
    2 if PHH cannot say it (a void hand, a blind posted out of position, a killed hand).

    Example: tdtool hand export examples/hands/side-pots.yaml --phh
    """
    from tdtool.io.phh import phh_text

    hand = _load(file)
    if rules is not None:
        from dataclasses import replace

        from tdtool.cli.rules import resolve

        house = resolve(rules)
        hand = replace(hand, profile=house.base, house=house if house.overrides else None)
    _write(phh_text(hand), output)


def render(result: HandResult) -> str:
    """The answer for a person: board, showdown, pots with winners, splits, returns, stacks."""
    from tdtool.cli.render import table

    out: list[str] = []
    if result.rulings:
        from tdtool.cli.ruling import render_rulings

        out += [render_rulings(result.rulings), ""]
    if result.misdeal is not None:
        how = (
            "is void (fouled deck)"
            if result.misdeal.irregularity == "duplicate-card"
            else "ends in a misdeal"
        )
        out.append(
            f"The hand {how} on line {result.misdeal.line}: every chip goes back where it started."
        )
        out.append(
            table(
                [(who, f"{chips:,}") for who, chips in result.stacks],
                headers=["player", "stack"],
                colalign=("left", "right"),
            )
        )
        return "\n".join(out)
    posted = [
        f"{who} {kind} {amount:,}{' (all-in)' if all_in else ''}"
        for who, kind, amount, all_in in result.postings
        if amount
    ]
    if posted:
        out.append("Posted: " + ", ".join(posted) + ".")
    if result.board:
        out.append("Board: " + " ".join(c.pretty for c in result.board))
    if result.won_by_fold:
        out.append(f"Everyone else folded: {result.won_by_fold} wins without a showdown.")
    if result.hands:
        how = (
            "every hand is turned face up (TDA 16)"
            if result.showdown_rule == "TDA 16"
            else "shown in this order (TDA 17)"
        )
        out.append("")
        out.append(f"Showdown: {', '.join(result.showdown)}; {how}.")
        hilo = any(h.hilo for h in result.hands)
        rows = [
            (
                h.name,
                " ".join(c.pretty for c in h.cards),
                h.description,
                " ".join(c.pretty for c in h.best),
                *((h.low_description, " ".join(c.pretty for c in h.low_best)) if hilo else ()),
            )
            for h in result.hands
        ]
        headers = ["player", "cards", "hand", "best five"]
        if hilo:
            headers = ["player", "cards", "high", "best five", "low", "low five"]
        out.append(table(rows, headers=headers))
    out.append("")
    rows = []
    for p in result.pots:
        shares = ", ".join(f"{who} {chips:,}" for who, chips in p.shares)
        rows.append(
            (
                p.label,
                f"{p.amount:,}",
                ", ".join(p.eligible),
                ", ".join(p.winners),
                _with(p),
                shares,
            )
        )
    title = "Pots" + (
        " (side pots are awarded first, then the main pot)" if len(result.pots) > 1 else ""
    )
    out.append(title + ":")
    out.append(
        table(
            rows,
            headers=["pot", "chips", "eligible", "won by", "with", "shares"],
            colalign=("left", "right", "left", "left", "left", "left"),
        )
    )
    for p in result.pots:
        if p.hilo:
            out.extend(_hilo_lines(p, result.chip))
            continue
        if len(p.winners) > 1:
            line = (
                f"The {p.label} of {p.amount:,} is split {len(p.winners)} ways in chips of"
                f" {result.chip:,}"
            )
            if p.odd_chips:
                line += (
                    f"; the odd chip{'s' * (len(p.odd_chips) > 1)} went to"
                    f" {', '.join(p.odd_chips)}, first clockwise from the button (TDA 20)"
                )
            out.append(line + ".")
    for who, chips in result.returned:
        out.append(f"{chips:,} of {who}'s bet was not called and goes back to {who} (TDA 21).")
    out.append("")
    start = dict(result.start)
    out.append("Stacks after the hand:")
    out.append(
        table(
            [
                (who, f"{start[who]:,}", f"{chips:,}", f"{chips - start[who]:+,}")
                for who, chips in result.stacks
            ],
            headers=["player", "before", "after", "change"],
            colalign=("left", "right", "right", "right"),
        )
    )
    return "\n".join(out)


def _with(p: PotResult) -> str:
    """The pots table's "with" column: the winning hand, both halves in high-low."""
    if p.hand is None:
        return "uncontested"
    if not p.hilo:
        return p.hand
    low = p.low.hand if p.low is not None else "no low"
    return f"high: {p.hand}; low: {low}"


def _hilo_lines(p: PotResult, chip: int) -> list[str]:
    """How an Omaha high-low pot was divided, read aloud: each half, its winners, odd chips."""
    high = p.high
    if high is None or high.hand is None:
        return []
    if p.low is None:
        who = " and ".join(high.winners)
        return [
            f"The {p.label} of {p.amount:,}: no low qualifies (eight or better), so the high"
            f" hand takes it all: {who} with {high.hand}."
        ]
    lines = [
        f"The {p.label} of {p.amount:,} is split high and low:"
        f" high {high.amount:,} to {_split_words(high)} with {high.hand};"
        f" low {p.low.amount:,} to {_split_words(p.low)} with {p.low.hand}."
    ]
    if p.odd_to_high:
        lines.append(
            f"  The {p.label} does not halve in chips of {chip:,}: the odd chip goes to the"
            " high half (TDA 20)."
        )
    for part, name in ((high, "high"), (p.low, "low")):
        if part.odd_chips:
            lines.append(
                f"  The {name} half is split {len(part.winners)} ways; the odd chip"
                f"{'s' * (len(part.odd_chips) > 1)} went to {', '.join(part.odd_chips)},"
                " first clockwise from the button (TDA 20)."
            )
    return lines


def _split_words(h: PotHalf) -> str:
    if len(h.winners) == 1:
        return h.winners[0]
    return " and ".join(f"{who} ({chips:,})" for who, chips in h.shares)
