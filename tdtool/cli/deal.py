"""`tdtool deal icm` / `tdtool deal chip-chop`: what a deal would pay the players left."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from tdtool.tournament.icm import Deal, DealMethod

HELP = (
    "Deals at the final table: ICM (Malmuth-Harville) or chip-chop, from the live "
    "tournament or from stacks and prizes you type.\n\n"
    "Example: tdtool deal icm --stacks 5000,3000,2000 --prizes 50,30,20"
)
"""The help of `tdtool deal` (read by `tdtool --help` without building the commands)."""

app = typer.Typer(help=HELP, no_args_is_help=True)

StacksOpt = Annotated[
    str,
    typer.Option(
        "--stacks",
        help=(
            "Chips of each player left, comma-separated: 5000,3000,2000 or "
            "Anna=5000,Ben=3000,Cleo=2000 (names required in a live tournament)."
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
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
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
    typer.Option("--accept", help="Record the deal in the tournament: everyone has agreed to it."),
]


def _ints(text: str, what: str) -> list[int]:
    from tdtool.errors import InputError

    values = []
    for part in text.split(","):
        part = part.strip().replace("_", "")
        if not part.lstrip("-").isdigit():
            raise InputError(
                f"{what} must be whole numbers separated by commas (e.g. 5000,3000,2000), "
                f"not {part!r}."
            )
        values.append(int(part))
    return values


def parse_stacks(text: str) -> tuple[list[str] | None, list[int]]:
    """'5000,3000' -> (None, [5000, 3000]); 'Anna=5000,Ben=3000' -> (names, stacks)."""
    from tdtool.errors import InputError

    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        raise InputError("Give the stacks of the players left, e.g. --stacks 5000,3000,2000.")
    named = [p for p in parts if "=" in p]
    if not named:
        return None, _ints(",".join(parts), "Stacks")
    if len(named) != len(parts):
        raise InputError(
            "Either name every stack (Anna=5000,Ben=3000) or none of them (5000,3000)."
        )
    names = [p.split("=", 1)[0].strip() for p in parts]
    if any(not n for n in names):
        raise InputError("A stack needs a name before '=' (e.g. Anna=5000).")
    stacks = _ints(",".join(p.split("=", 1)[1] for p in parts), "Stacks")
    return names, stacks


def run_deal(
    ctx: typer.Context,
    method: DealMethod,
    stacks_text: str,
    prizes_text: str | None,
    hold_back: int,
    unit: int | None,
    samples: int,
    seed: int | None,
    json_out: bool,
    print_to: Path | None,
    accept: bool,
) -> None:
    """Parse -> work out the deal (live or from options) -> render; record it on --accept.

    The live tournament is used when --prizes is left out or the deal is accepted;
    otherwise the deal is worked out from the options alone and no file is opened.
    """
    import random

    from tdtool.errors import InputError
    from tdtool.tournament.icm import make_deal

    names, stacks = parse_stacks(stacks_text)
    live = None
    if prizes_text is None or accept:
        from tdtool.cli._db import open_store
        from tdtool.tournament.money import deal_context

        with open_store(ctx) as store:
            live = deal_context(store.state(), names)
    if prizes_text is not None:
        prizes = _ints(prizes_text, "Prizes")
    elif live is not None:
        prizes = list(live.prizes)
    else:
        raise InputError("Give the prizes still to be won, first place first: --prizes 50,30,20.")
    if live is not None:
        names = list(live.names)
        unit = unit if unit is not None else live.unit
    deal = make_deal(
        method,
        stacks,
        prizes,
        names=names,
        hold_back=hold_back,
        unit=unit if unit is not None else 1,
        rng=random.Random(seed),
        samples=samples,
    )
    if print_to is not None:
        from tdtool.io.money_sheets import write_sheet

        write_sheet(deal_sheet(deal), print_to)
    if accept:
        from tdtool.cli._db import open_store
        from tdtool.tournament.money import accept_deal

        with open_store(ctx) as store, store.transaction() as tx:
            for kind, data in accept_deal(tx.state(), deal):
                tx.append(kind, data)
    if json_out:
        from tdtool.cli.render import emit_json

        data = deal.to_dict()
        data["accepted"] = accept
        emit_json(data)
        return
    typer.echo(describe(deal))
    if print_to is not None:
        typer.echo(f"Summary for the players to sign written to {print_to}.")
    if accept:
        typer.echo("Deal accepted and recorded; `tdtool undo` takes it back.")
    else:
        typer.echo(
            "Nothing is recorded yet: when every player agrees, run the same command with --accept."
        )


HEADERS = ("Player", "Chips", "Share", "Equity", "Paid now")


def _title(deal: Deal) -> str:
    return "ICM deal" if deal.method == "icm" else "Chip-chop deal"


def _rows(deal: Deal) -> list[tuple[str, str, str, str, str]]:
    from tdtool.io.money_sheets import money

    chips = sum(deal.stacks)
    return [
        (name, f"{stack:,}", f"{100 * stack / chips:.1f}%", f"{equity:,.2f}", money(amount))
        for name, stack, equity, amount in zip(
            deal.names, deal.stacks, deal.equities, deal.amounts, strict=True
        )
    ]


def _prizes_line(deal: Deal) -> str:
    from tdtool.io.money_sheets import money

    prizes = ", ".join(money(p) for p in deal.prizes)
    return f"Prizes still to be won: {prizes} (total {money(deal.total)})."


def describe(deal: Deal) -> str:
    """The deal as a table a director can read aloud."""
    from tdtool.cli.render import table

    lines = [
        f"{_title(deal)} for {len(deal.names)} players. {_prizes_line(deal)}",
        "",
        table(_rows(deal), HEADERS, disable_numparse=True),
    ]
    notes = deal.notes()
    if notes:
        lines += ["", *notes]
    return "\n".join(lines)


def deal_sheet(deal: Deal) -> Any:
    """The printable summary the players sign."""
    from tdtool.io.money_sheets import Sheet, rows_of

    lines = [
        _prizes_line(deal),
        f"Each player below is paid the amount in the last column now (rounded to {deal.unit}).",
        *deal.notes(),
        "By signing, each player agrees to this deal.",
    ]
    return Sheet(_title(deal), HEADERS, rows_of(_rows(deal)), tuple(lines), deal.names)


@app.command("icm")
def icm_command(
    ctx: typer.Context,
    stacks: StacksOpt,
    prizes: PrizesOpt = None,
    hold_back: HoldBackOpt = 0,
    unit: UnitOpt = None,
    samples: SamplesOpt = 50_000,
    seed: SeedOpt = None,
    json_out: JsonOpt = False,
    print_to: PrintOpt = None,
    accept: AcceptOpt = False,
) -> None:
    """ICM deal (Malmuth-Harville): each player's expected prize from the stacks.

    Exact up to 17 players left; beyond that finishing orders are sampled and the
    standard error is stated.

    Example: tdtool deal icm --stacks 5000,3000,2000 --prizes 50,30,20 --json
    """
    from tdtool.tournament.icm import DealMethod

    run_deal(
        ctx, DealMethod.ICM, stacks, prizes, hold_back, unit, samples, seed, json_out,
        print_to, accept,
    )  # fmt: skip


@app.command("chip-chop")
def chip_chop_command(
    ctx: typer.Context,
    stacks: StacksOpt,
    prizes: PrizesOpt = None,
    hold_back: HoldBackOpt = 0,
    unit: UnitOpt = None,
    json_out: JsonOpt = False,
    print_to: PrintOpt = None,
    accept: AcceptOpt = False,
) -> None:
    """Chip-chop deal: the smallest remaining prize each, the rest shared by chips.

    Example: tdtool deal chip-chop --stacks Anna=50000,Ben=30000,Cleo=20000 --prizes 500,300,200
    """
    from tdtool.tournament.icm import DealMethod

    run_deal(
        ctx, DealMethod.CHIP_CHOP, stacks, prizes, hold_back, unit, 0, None, json_out,
        print_to, accept,
    )  # fmt: skip
