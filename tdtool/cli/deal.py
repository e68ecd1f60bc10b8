"""`tdtool deal icm` / `tdtool deal chip-chop`: what a deal would pay the players left."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tdtool.cli._app import App
from tdtool.cli._theme import PaperOpt, SheetLanguageOpt, ThemeOpt

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tdtool.tournament.icm import Deal, DealMethod

HELP = (
    "Deals at the final table: ICM (Malmuth-Harville) or chip-chop, from the live "
    "tournament or from stacks and prizes you type.\n\n"
    "Example: tdtool deal icm --stacks 5000,3000,2000 --prizes 50,30,20"
)
"""The help of `tdtool deal` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)

StacksOpt = Annotated[
    str | None,
    typer.Option(
        "--stacks",
        help=(
            "Chips of each player left, comma-separated: 5000,3000,2000 or "
            "Anna=5000,Ben=3000,Cleo=2000 (names required in a live tournament). Left out in"
            " a live tournament: the chip counts recorded with `tdtool player chips`."
        ),
        show_default=False,
    ),
]
PrizesOpt = Annotated[
    str | None,
    typer.Option(
        "--prizes",
        help="Prizes still to be won, first place first (default: the tournament's payouts).",
        show_default=False,
    ),
]
HoldBackOpt = Annotated[
    int, typer.Option("--hold-back", help="Amount left to play for; the winner takes it.")
]
UnitOpt = Annotated[
    int | None,
    typer.Option(
        "--unit",
        help="Round the amounts to this unit (default: the tournament's rounding, else 1).",
        show_default=False,
    ),
]
SamplesOpt = Annotated[
    int,
    typer.Option(
        "--samples", help="Finishing orders sampled when ICM is too big to be exact.", min=1
    ),
]
SeedOpt = Annotated[
    int | None,
    typer.Option("--seed", help="Seed for the sampling, to repeat a result.", show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.", metavar="")]
PrintOpt = Annotated[
    Path | None,
    typer.Option(
        "--print",
        help="Write a summary for the players to sign: FILE.html, FILE.md or FILE.csv.",
        show_default=False,
    ),
]
AcceptOpt = Annotated[
    bool,
    typer.Option(
        "--accept", help="Record the deal in the tournament: everyone has agreed to it.", metavar=""
    ),
]


def run_deal(
    ctx: typer.Context,
    method: DealMethod,
    stacks_text: str | None,
    prizes_text: str | None,
    hold_back: int,
    unit: int | None,
    samples: int,
    seed: int | None,
    json_out: bool,
    print_to: Path | None,
    accept: bool,
    theme: Path | None = None,
    paper: str | None = None,
    language: str | None = None,
) -> None:
    """Parse -> work out the deal (live or from options) -> render; recorded on --accept."""
    from tdtool.app.deals import deal
    from tdtool.cli._db import db_path
    from tdtool.cli._theme import read_language, read_paper, read_theme
    from tdtool.cli._values import parse_ints, parse_stacks
    from tdtool.errors import InputError

    house = read_theme(theme) if print_to is not None else None
    sheet_paper = read_paper(paper)
    sheet_language = None if language is None else read_language(language)
    names: list[str] | None = None
    stacks: list[int] | None = None
    if stacks_text is not None:
        names, stacks = parse_stacks(stacks_text)

    def live_db() -> Path:
        try:
            found: Path = db_path(ctx)
        except InputError as exc:
            if stacks_text is None:
                raise InputError(
                    "Give the stacks with --stacks (in a tournament's folder, its recorded"
                    " chip counts are used):",
                    exc.wrong.replace("{", "{{").replace("}", "}}"),
                ) from None
            raise
        return found

    prizes = None if prizes_text is None else parse_ints(prizes_text, "--prizes", "50,30,20")
    result = deal(
        method,
        stacks,
        names=names,
        prizes=prizes,
        hold_back=hold_back,
        unit=unit,
        samples=samples,
        seed=seed,
        accept=accept,
        db=live_db,
        sheet=print_to,
        theme=house,
        paper=sheet_paper,
        lang=sheet_language,
    )
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(result.to_dict())
        return
    if result.stacks_from_counts:
        typer.echo("Stacks: the chip counts recorded (`tdtool chips show`).")
    typer.echo(describe(result.deal, result.bounties))
    if result.chips_off:
        off = result.chips_off
        typer.echo(
            f"Warning: the stacks add up to {sum(result.deal.stacks):,} but"
            f" {result.chips_in_play:,} chips are in play: {abs(off):,}"
            f" {'too many' if off > 0 else 'missing'}. Count the stacks again before anyone"
            " signs."
        )
    if print_to is not None:
        typer.echo(f"Summary for the players to sign written to {print_to}.")
    if accept:
        typer.echo("Deal accepted and recorded; `tdtool undo` takes it back.")
    else:
        typer.echo(
            "Nothing is recorded yet: when every player agrees, run the same command with --accept."
        )


def describe(deal: Deal, bounties: Sequence[tuple[str, int]] = ()) -> str:
    """The deal as a table a director can read aloud (with the bounties left on each head in
    a bounty tournament)."""
    from tdtool.app.deals import headers, prizes_line, rows, title
    from tdtool.cli.render import table
    from tdtool.tournament.bounty import deal_bounties_line

    lines = [
        f"{title(deal)} for {len(deal.names)} player{'' if len(deal.names) == 1 else 's'}."
        f" {prizes_line(deal)}",
        "",
        table(rows(deal, bounties), headers(bounties), disable_numparse=True),
    ]
    if bounties:
        lines += [deal_bounties_line(deal.hold_back)]
    notes = deal.notes()
    if notes:
        lines += ["", *notes]
    return "\n".join(lines)


@app.command("icm")
def icm_command(
    ctx: typer.Context,
    stacks: StacksOpt = None,
    prizes: PrizesOpt = None,
    hold_back: HoldBackOpt = 0,
    unit: UnitOpt = None,
    samples: SamplesOpt = 50_000,
    seed: SeedOpt = None,
    json_out: JsonOpt = False,
    print_to: PrintOpt = None,
    accept: AcceptOpt = False,
    theme: ThemeOpt = None,
    paper: PaperOpt = None,
    language: SheetLanguageOpt = None,
) -> None:
    """ICM deal (Malmuth-Harville): each player's expected prize from the stacks.

    Exact up to 20 players left (and more with few prizes); beyond that finishing orders
    are sampled and the largest possible error of each equity is stated.

    Example: tdtool deal icm --stacks 5000,3000,2000 --prizes 50,30,20 --json

    Example (the sheet the players sign, in German):
    tdtool deal icm --stacks 5000,3000,2000 --prizes 50,30,20 --language de --print deal.html
    """
    from tdtool.tournament.icm import DealMethod

    run_deal(
        ctx, DealMethod.ICM, stacks, prizes, hold_back, unit, samples, seed, json_out,
        print_to, accept, theme, paper, language,
    )  # fmt: skip


@app.command("chip-chop")
def chip_chop_command(
    ctx: typer.Context,
    stacks: StacksOpt = None,
    prizes: PrizesOpt = None,
    hold_back: HoldBackOpt = 0,
    unit: UnitOpt = None,
    json_out: JsonOpt = False,
    print_to: PrintOpt = None,
    accept: AcceptOpt = False,
    theme: ThemeOpt = None,
    paper: PaperOpt = None,
    language: SheetLanguageOpt = None,
) -> None:
    """Chip-chop deal: the smallest remaining prize each, the rest shared by chips.

    Example: tdtool deal chip-chop --stacks Anna=50000,Ben=30000,Cleo=20000 --prizes 500,300,200
    """
    from tdtool.tournament.icm import DealMethod

    run_deal(
        ctx, DealMethod.CHIP_CHOP, stacks, prizes, hold_back, unit, 0, None, json_out,
        print_to, accept, theme, paper, language,
    )  # fmt: skip
