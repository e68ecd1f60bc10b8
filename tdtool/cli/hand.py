"""`tdtool hand ...`: adjudicate a hand typed into a YAML file (docs/hand-file.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tdtool.cli._app import App

if TYPE_CHECKING:
    from tdtool.rules.hand import HandResult, IllegalHand, PotHalf, PotResult, ShownHand

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
        typer.Argument(help="The hand file (YAML, see docs/hand-file.md).", show_default=False),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the answer as JSON.", metavar="")
    ] = False,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            help="House rules profile for the irregularities: tda or robert (overrides"
            " the file's `rules:`).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Check every action of a hand and say who wins what: pots, side pots, splits, stacks.

    Exit 0: legal and adjudicated. Exit 1: an action breaks a rule (line, player, rule).

    Exit 2: the file is not a readable hand (FILE:LINE).

    Example: tdtool hand check examples/hands/side-pots.yaml --json
    """
    from tdtool.io.hand_yaml import load_hand
    from tdtool.rules.hand import AfterMisdeal, IllegalHand, replay

    hand = load_hand(file)
    if rules is not None:
        from dataclasses import replace

        from tdtool.cli.ruling import parse_profile

        hand = replace(hand, profile=parse_profile(rules))
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


def illegal_json(exc: IllegalHand) -> dict[str, Any]:
    """The JSON answer for a hand that breaks a rule."""
    return {
        "legal": False,
        "line": exc.line,
        "player": exc.player,
        "what": exc.what,
        "allowed": exc.allowed,
        "rule": exc.rule,
        "error": str(exc),
    }


def result_json(result: HandResult) -> dict[str, Any]:
    """The JSON answer of an adjudicated hand (keys pinned by tests/test_hand_cli.py)."""
    return {
        "legal": True,
        "pots": [_pot_json(p) for p in result.pots],
        "returned": dict(result.returned),
        "stacks": dict(result.stacks),
        "board": [str(c) for c in result.board],
        "hands": {h.name: _shown_json(h) for h in result.hands},
        "showdown": {"order": list(result.showdown), "rule": result.showdown_rule},
        "won_by_fold": result.won_by_fold,
        "posted": [
            {"player": who, "kind": kind, "amount": amount, "all_in": all_in}
            for who, kind, amount, all_in in result.postings
        ],
        "chip": result.chip,
        "misdeal": result.misdeal is not None,
        "rulings": [r.to_dict() for r in result.rulings],
    }


def _pot_json(p: PotResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "amount": p.amount,
        "eligible": list(p.eligible),
        "winners": list(p.winners),
        "shares": dict(p.shares),
        "hand": p.hand,
        "odd_chips": list(p.odd_chips),
        "label": p.label,
    }
    if p.hilo:
        out["high"] = _half_json(p.high)
        out["low"] = _half_json(p.low)
        out["odd_chip_to_high"] = p.odd_to_high
    return out


def _half_json(h: PotHalf | None) -> dict[str, Any] | None:
    if h is None:
        return None
    return {
        "amount": h.amount,
        "winners": list(h.winners),
        "shares": dict(h.shares),
        "hand": h.hand,
        "odd_chips": list(h.odd_chips),
    }


def _shown_json(h: ShownHand) -> dict[str, Any]:
    out: dict[str, Any] = {
        "cards": [str(c) for c in h.cards],
        "best": [str(c) for c in h.best],
        "description": h.description,
    }
    if h.hilo:
        out["low"] = h.low_description if h.low is not None else None
        out["low_best"] = [str(c) for c in h.low_best]
    return out


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
            table([(who, chips) for who, chips in result.stacks], headers=["player", "stack"])
        )
        return "\n".join(out)
    posted = [
        f"{who} {kind} {amount}{' (all-in)' if all_in else ''}"
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
        shares = ", ".join(f"{who} {chips}" for who, chips in p.shares)
        rows.append(
            (
                p.label,
                p.amount,
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
    out.append(table(rows, headers=["pot", "chips", "eligible", "won by", "with", "shares"]))
    for p in result.pots:
        if p.hilo:
            out.extend(_hilo_lines(p, result.chip))
            continue
        if len(p.winners) > 1:
            line = (
                f"The {p.label} of {p.amount} is split {len(p.winners)} ways in chips of"
                f" {result.chip}"
            )
            if p.odd_chips:
                line += (
                    f"; the odd chip{'s' * (len(p.odd_chips) > 1)} went to"
                    f" {', '.join(p.odd_chips)}, first clockwise from the button (TDA 20)"
                )
            out.append(line + ".")
    for who, chips in result.returned:
        out.append(f"{chips} of {who}'s bet was not called and goes back to {who} (TDA 21).")
    out.append("")
    start = dict(result.start)
    out.append("Stacks after the hand:")
    out.append(
        table(
            [(who, start[who], chips, f"{chips - start[who]:+d}") for who, chips in result.stacks],
            headers=["player", "before", "after", "change"],
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
            f"The {p.label} of {p.amount}: no low qualifies (eight or better), so the high"
            f" hand takes it all: {who} with {high.hand}."
        ]
    lines = [
        f"The {p.label} of {p.amount} is split high and low:"
        f" high {high.amount} to {_split_words(high)} with {high.hand};"
        f" low {p.low.amount} to {_split_words(p.low)} with {p.low.hand}."
    ]
    if p.odd_to_high:
        lines.append(
            f"  The {p.label} does not halve in chips of {chip}: the odd chip goes to the"
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
    return " and ".join(f"{who} ({chips})" for who, chips in h.shares)
