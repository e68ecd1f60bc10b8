"""Deals at the final table: work one out (ICM or chip-chop) and record it once accepted."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError

if TYPE_CHECKING:
    from tdtool.io.money_sheets import Heading
    from tdtool.io.pages import Theme
    from tdtool.tournament.icm import Deal, DealMethod


@dataclass(frozen=True)
class DealResult:
    """A deal worked out, and whether it was recorded in the tournament."""

    deal: Deal
    accepted: bool
    chips_in_play: int | None = None
    """The live tournament's chips in play (None for a deal worked out from options)."""
    stacks_from_counts: bool = False
    """The stacks are the chip counts recorded (`player chips`), no --stacks given."""
    bounties: tuple[tuple[str, int], ...] = ()
    """(name, cents) on each dealing player's head in a bounty tournament (not dealt)."""

    @property
    def chips_off(self) -> int:
        """How many chips the stacks are over (> 0) or under (< 0) the chips in play."""
        if not self.chips_in_play:
            return 0
        return sum(self.deal.stacks) - self.chips_in_play

    def to_dict(self) -> dict[str, Any]:
        """`tdtool deal icm|chip-chop --json`."""
        out = {
            **self.deal.to_dict(),
            "accepted": self.accepted,
            "stacks_from_counts": self.stacks_from_counts,
        }
        if self.chips_in_play:
            out["chips_in_play"] = self.chips_in_play
            out["chips_off"] = self.chips_off
        if self.bounties:
            out["bounties"] = [{"name": n, "bounty_cents": c} for n, c in self.bounties]
        return out


def deal(
    method: DealMethod,
    stacks: Sequence[int] | None,
    names: Sequence[str] | None = None,
    prizes: Sequence[int] | None = None,
    hold_back: int = 0,
    unit: int | None = None,
    samples: int = 50_000,
    seed: int | None = None,
    accept: bool = False,
    db: Callable[[], Path] | None = None,
    sheet: Path | None = None,
    theme: Theme | None = None,
    paper: str | None = None,
) -> DealResult:
    """Work out a deal; record it when `accept` (every player has agreed).

    The live tournament (`db()`, asked only then) gives the players left, the prizes still
    to be won and the rounding unit when `prizes` is None or the deal is accepted; otherwise
    the deal is worked out from the values alone and no file is opened. `stacks` None: the
    chip counts recorded in the live tournament (every player left counted since the last
    bust). `sheet`: write the summary the players sign there (.html, .md or .csv) before
    anything is recorded, in `theme`'s look (HTML) on `paper` (None: fits A4 and Letter).
    """
    from tdtool.tournament.icm import make_deal

    names = None if names is None else list(names)
    live = None
    tournament: tuple[str, Heading] | None = None
    """The live tournament's name and sheet heading (for the sheet)."""
    from_counts = stacks is None
    if prizes is None or accept or stacks is None:
        from tdtool.io.store_base import open_store
        from tdtool.tournament.money import deal_context

        if db is None:
            raise InputError("A deal on the live tournament needs its file.")
        from tdtool.app.money import heading_of

        with open_store(db()) as store:
            state = store.state()
            if stacks is None:
                from tdtool.tournament.chip_counts import recorded_stacks

                names, stacks = recorded_stacks(state)
            live = deal_context(state, names)
            tournament = (state.name, heading_of(state))
    elif sheet is not None and db is not None:
        tournament = _tournament_of(db)
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
    heads = live.bounties if live is not None else ()
    if sheet is not None:
        from tdtool.io.money_sheets import write_sheet

        in_play = live.chips_in_play if live is not None else 0
        off = sum(worked_out.stacks) - in_play if in_play else 0
        check = (
            f"Check the count: the stacks add up to {sum(worked_out.stacks):,} but {in_play:,}"
            f" chips are in play ({abs(off):,} {'too many' if off > 0 else 'missing'})."
            if off
            else ""
        )
        sheet_text = deal_sheet(worked_out, tournament, check, heads)
        write_sheet(sheet_text, sheet, theme, paper)
    if accept:
        from tdtool.io.store_base import open_store
        from tdtool.tournament.money import accept_deal

        assert db is not None
        with open_store(db()) as store, store.transaction() as tx:
            for kind, data in accept_deal(tx.state(), worked_out):
                tx.append(kind, data)
    return DealResult(
        worked_out, accept, live.chips_in_play if live is not None else None, from_counts, heads
    )


HEADERS = ("Player", "Chips", "Share", "Equity", "Paid now")
"""The columns of a deal's table (on screen and on the sheet)."""


def title(deal: Deal) -> str:
    """'ICM deal' or 'Chip-chop deal'."""
    return "ICM deal" if deal.method == "icm" else "Chip-chop deal"


def headers(bounties: Sequence[tuple[str, int]] = ()) -> tuple[str, ...]:
    """The deal table's columns; "Bounty" last in a bounty tournament (not dealt)."""
    return (*HEADERS, "Bounty") if bounties else HEADERS


def rows(deal: Deal, bounties: Sequence[tuple[str, int]] = ()) -> list[tuple[str, ...]]:
    """One row per player, the biggest stack first: name, chips, share of the chips, equity,
    amount paid now, and with `bounties` ((name, cents)) the bounty on their head."""
    from tdtool.io.money_sheets import money
    from tdtool.tournament.bounty import money as cents

    chips = sum(deal.stacks)
    heads = dict(bounties)
    players = zip(deal.names, deal.stacks, deal.equities, deal.amounts, strict=True)
    return [
        (name, f"{stack:,}", f"{100 * stack / chips:.1f}%", f"{equity:,.2f}", money(amount))
        + ((cents(heads[name]),) if bounties else ())
        for name, stack, equity, amount in sorted(players, key=lambda p: -p[1])
    ]


def prizes_line(deal: Deal) -> str:
    """'Prizes still to be won: ... (total ...).'"""
    from tdtool.io.money_sheets import money

    prizes = ", ".join(money(p) for p in deal.prizes)
    return f"Prizes still to be won: {prizes} (total {money(deal.total)})."


def _tournament_of(db: Callable[[], Path]) -> tuple[str, Heading] | None:
    """The name and sheet heading of the tournament in this folder, if there is one (a deal
    worked out from typed prizes may be printed without any)."""
    from tdtool.app.change import read_state
    from tdtool.app.money import heading_of

    try:
        state = read_state(db())
    except InputError:
        return None
    return state.name, heading_of(state)


def deal_sheet(
    deal: Deal,
    tournament: tuple[str, Heading] | None = None,
    check: str = "",
    bounties: Sequence[tuple[str, int]] = (),
) -> Any:
    """The printable summary the players sign (under the tournament's name, date, buy-in and
    entries when it is known), with a total row to check against; `check`: a line saying
    the stacks do not add up to the chips in play; `bounties`: (name, cents) on each head in
    a bounty tournament, a column of their own that the deal does not share."""
    from tdtool.io.money_sheets import Sheet, money, ordinal, rows_of
    from tdtool.tournament.bounty import deal_bounties_line
    from tdtool.tournament.bounty import money as cents

    places = " · ".join(f"{ordinal(i)} {money(p)}" for i, p in enumerate(deal.prizes, start=1))
    lines = [
        f"Prizes still to be won: {places} (total {money(deal.total)}).",
        "Each player is paid the amount under “Paid now” at once"
        + (f" (rounded to multiples of {deal.unit:,})." if deal.unit > 1 else "."),
        *deal.notes(),
        *([check] if check else []),
        *([deal_bounties_line(deal.hold_back)] if bounties else []),
        "By signing, each player agrees to this deal.",
    ]
    name = title(deal) if tournament is None else f"{tournament[0]}: {title(deal)}"
    total = (
        "Total",
        f"{sum(deal.stacks):,}",
        "100%",
        f"{sum(deal.equities):,.2f}",
        money(sum(deal.amounts)),
    ) + ((cents(sum(c for _, c in bounties)),) if bounties else ())
    return Sheet(
        name,
        headers(bounties),
        rows_of([*rows(deal, bounties), total]),
        tuple(lines),
        deal.names,
        heading=None if tournament is None else tournament[1],
        size="fit",
        strong=len(HEADERS) - 1,
        total=True,
    )
