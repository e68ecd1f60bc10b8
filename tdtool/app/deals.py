"""Deals at the final table: work one out (ICM or chip-chop) and record it once accepted."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError

if TYPE_CHECKING:
    from tdtool.tournament.icm import Deal, DealMethod


@dataclass(frozen=True)
class DealResult:
    """A deal worked out, and whether it was recorded in the tournament."""

    deal: Deal
    accepted: bool
    chips_in_play: int | None = None
    """The live tournament's chips in play (None for a deal worked out from options)."""

    @property
    def chips_off(self) -> int:
        """How many chips the stacks are over (> 0) or under (< 0) the chips in play."""
        if not self.chips_in_play:
            return 0
        return sum(self.deal.stacks) - self.chips_in_play

    def to_dict(self) -> dict[str, Any]:
        """`tdtool deal icm|chip-chop --json`."""
        out = {**self.deal.to_dict(), "accepted": self.accepted}
        if self.chips_in_play:
            out["chips_in_play"] = self.chips_in_play
            out["chips_off"] = self.chips_off
        return out


def deal(
    method: DealMethod,
    stacks: Sequence[int],
    names: Sequence[str] | None = None,
    prizes: Sequence[int] | None = None,
    hold_back: int = 0,
    unit: int | None = None,
    samples: int = 50_000,
    seed: int | None = None,
    accept: bool = False,
    db: Callable[[], Path] | None = None,
    sheet: Path | None = None,
) -> DealResult:
    """Work out a deal; record it when `accept` (every player has agreed).

    The live tournament (`db()`, asked only then) gives the players left, the prizes still
    to be won and the rounding unit when `prizes` is None or the deal is accepted; otherwise
    the deal is worked out from the values alone and no file is opened. `sheet`: write the
    summary the players sign there (.html, .md or .csv) before anything is recorded.
    """
    from tdtool.tournament.icm import make_deal

    names = None if names is None else list(names)
    live = None
    if prizes is None or accept:
        from tdtool.io.store import Store
        from tdtool.tournament.money import deal_context

        if db is None:
            raise InputError("A deal on the live tournament needs its file.")
        with Store.open(db()) as store:
            live = deal_context(store.state(), names)
    if prizes is None:
        if live is None:  # pragma: no cover - live is read whenever prizes is None
            raise InputError("Give the prizes still to be won, first place first.")
        prizes = list(live.prizes)
    if live is not None:
        names = list(live.names)
        unit = unit if unit is not None else live.unit
    worked_out = make_deal(
        method,
        stacks,
        prizes,
        names=names,
        hold_back=hold_back,
        unit=unit if unit is not None else 1,
        rng=random.Random(seed),
        samples=samples,
    )
    if sheet is not None:
        from tdtool.io.money_sheets import write_sheet

        write_sheet(deal_sheet(worked_out), sheet)
    if accept:
        from tdtool.io.store import Store
        from tdtool.tournament.money import accept_deal

        assert db is not None
        with Store.open(db()) as store, store.transaction() as tx:
            for kind, data in accept_deal(tx.state(), worked_out):
                tx.append(kind, data)
    return DealResult(worked_out, accept, live.chips_in_play if live is not None else None)


HEADERS = ("Player", "Chips", "Share", "Equity", "Paid now")
"""The columns of a deal's table (on screen and on the sheet)."""


def title(deal: Deal) -> str:
    """'ICM deal' or 'Chip-chop deal'."""
    return "ICM deal" if deal.method == "icm" else "Chip-chop deal"


def rows(deal: Deal) -> list[tuple[str, str, str, str, str]]:
    """One row per player: name, chips, share of the chips, equity, amount paid now."""
    from tdtool.io.money_sheets import money

    chips = sum(deal.stacks)
    return [
        (name, f"{stack:,}", f"{100 * stack / chips:.1f}%", f"{equity:,.2f}", money(amount))
        for name, stack, equity, amount in zip(
            deal.names, deal.stacks, deal.equities, deal.amounts, strict=True
        )
    ]


def prizes_line(deal: Deal) -> str:
    """'Prizes still to be won: ... (total ...).'"""
    from tdtool.io.money_sheets import money

    prizes = ", ".join(money(p) for p in deal.prizes)
    return f"Prizes still to be won: {prizes} (total {money(deal.total)})."


def deal_sheet(deal: Deal) -> Any:
    """The printable summary the players sign."""
    from tdtool.io.money_sheets import Sheet, rows_of

    lines = [
        prizes_line(deal),
        f"Each player below is paid the amount in the last column now (rounded to {deal.unit}).",
        *deal.notes(),
        "By signing, each player agrees to this deal.",
    ]
    return Sheet(title(deal), HEADERS, rows_of(rows(deal)), tuple(lines), deal.names)
