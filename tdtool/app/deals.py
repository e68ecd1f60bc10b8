"""Deals at the final table: work one out (ICM or chip-chop) and record it once accepted."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError

if TYPE_CHECKING:
    from tdtool.i18n import Words
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
    language: str = "en"
    """The live tournament's language (English for a deal worked out from options)."""

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
    lang: str | None = None,
) -> DealResult:
    """Work out a deal; record it when `accept` (every player has agreed).

    The live tournament (`db()`, asked only then) gives the players left, the prizes still
    to be won and the rounding unit when `prizes` is None or the deal is accepted; otherwise
    the deal is worked out from the values alone and no file is opened. `stacks` None: the
    chip counts recorded in the live tournament (every player left counted since the last
    bust). `sheet`: write the summary the players sign there (.html, .md or .csv) before
    anything is recorded, in `theme`'s look (HTML) on `paper` (None: fits A4 and Letter),
    in the language `lang` (None: the tournament's, English without a tournament).
    """
    from tdtool.tournament.icm import make_deal

    names = None if names is None else list(names)
    live = None
    language = "en"
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
            tournament = (state.name, heading_of(state, lang=lang))
            language = state.terms.language
    elif sheet is not None and db is not None:
        tournament = _tournament_of(db, lang)
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
        check = _check_line(sum(worked_out.stacks), in_play, tournament) if off else ""
        shown = worked_out if names is not None else _named(worked_out, tournament, lang)
        sheet_text = deal_sheet(shown, tournament, check, heads, lang)
        write_sheet(sheet_text, sheet, theme, paper)
    if accept:
        from tdtool.io.store_base import open_store
        from tdtool.tournament.money import accept_deal

        assert db is not None
        with open_store(db()) as store, store.transaction() as tx:
            for kind, data in accept_deal(tx.state(), worked_out):
                tx.append(kind, data)
    return DealResult(
        worked_out,
        accept,
        live.chips_in_play if live is not None else None,
        from_counts,
        heads,
        language,
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


def _tournament_of(db: Callable[[], Path], lang: str | None = None) -> tuple[str, Heading] | None:
    """The name and sheet heading of the tournament in this folder, if there is one (a deal
    worked out from typed prizes may be printed without any), in `lang` (None: its own)."""
    from tdtool.app.change import read_state
    from tdtool.app.money import heading_of

    try:
        state = read_state(db())
    except InputError:
        return None
    return state.name, heading_of(state, lang=lang)


@dataclass(frozen=True)
class DealTable:
    """A deal in words, as the players read it on the sheet and the director on the phone."""

    title: str
    """'ICM deal' or 'Chip-chop deal'."""
    prizes_line: str
    """'Prizes still to be won: 1st 1,000 · 2nd 500 (total 1,500).'"""
    paid_line: str
    """Who is paid what, and the rounding."""
    notes: tuple[str, ...]
    """What a director reads out before the players sign (`Deal.notes()`)."""
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    """One per player, the biggest stack first."""
    total: tuple[str, ...]
    """The row to check against."""
    bounties_line: str = ""
    """In a bounty tournament: what becomes of the bounties."""


def deal_table(deal: Deal, bounties: Sequence[tuple[str, int]] = (), lang: str = "en") -> DealTable:
    """The deal's words, figures and table in `lang` (the deal sheet's, the phone's):
    `bounties`, (name, cents) on each head in a bounty tournament, are a column of their own
    that the deal does not share."""
    from tdtool.i18n import words
    from tdtool.io.money_sheets import money

    _ = words(lang)
    cash = money if lang == "en" else _.number
    # A place and its prize never part at the end of a line ("3." | "Platz 600" read badly).
    places = " · ".join(
        f"{_.ordinal(i)} {cash(p)}".replace(" ", "\u00a0")
        for i, p in enumerate(deal.prizes, start=1)
    )
    paid = (
        _(
            "Each player is paid the amount under “%(column)s” at once (rounded to multiples"
            " of %(unit)s).",
            column=_("Paid now"),
            unit=cash(deal.unit),
        )
        if deal.unit > 1
        else _("Each player is paid the amount under “%(column)s” at once.", column=_("Paid now"))
    )
    chips = sum(deal.stacks)
    share, equity = _figures(lang)
    heads = dict(bounties)
    players = zip(deal.names, deal.stacks, deal.equities, deal.amounts, strict=True)
    body = [
        (who, cash(stack), share(100 * stack / chips), equity(worth), cash(amount))
        + ((_.cash(heads[who]),) if bounties else ())
        for who, stack, worth, amount in sorted(players, key=lambda p: -p[1])
    ]
    total = (
        _("Total"),
        cash(chips),
        "100%",
        equity(sum(deal.equities)),
        cash(sum(deal.amounts)),
    ) + ((_.cash(sum(c for _n, c in bounties)),) if bounties else ())
    columns = (_("Player"), _("Chips"), _("Share"), _("Equity"), _("Paid now"))
    return DealTable(
        _("ICM deal") if deal.method == "icm" else _("Chip-chop deal"),
        _(
            "Prizes still to be won: %(places)s (total %(total)s).",
            places=places,
            total=cash(deal.total),
        ),  # fmt: skip
        paid,
        tuple(deal.notes() if lang == "en" else _deal_notes(deal, _)),
        (*columns, _("Bounty")) if bounties else columns,
        tuple(body),
        total,
        _bounties_line(deal.hold_back, _) if bounties else "",
    )


def deal_sheet(
    deal: Deal,
    tournament: tuple[str, Heading] | None = None,
    check: str = "",
    bounties: Sequence[tuple[str, int]] = (),
    lang: str | None = None,
) -> Any:
    """The printable summary the players sign (under the tournament's name, date, buy-in and
    entries when it is known), with a total row to check against; `check`: a line saying
    the stacks do not add up to the chips in play; `bounties`: (name, cents) on each head in
    a bounty tournament, a column of their own that the deal does not share. In `lang`,
    else the tournament's language (its heading's), English without a tournament."""
    from tdtool.i18n import words
    from tdtool.io.money_sheets import Sheet, rows_of

    lang = lang or (tournament[1].lang if tournament is not None else "en")
    _ = words(lang)
    table = deal_table(deal, bounties, lang)
    lines = [
        table.prizes_line,
        table.paid_line,
        *table.notes,
        *([check] if check else []),
        *([table.bounties_line] if table.bounties_line else []),
        _("By signing, each player agrees to this deal."),
    ]
    name = table.title if tournament is None else f"{tournament[0]}: {table.title}"
    return Sheet(
        name,
        table.headers,
        rows_of([*table.rows, table.total]),
        tuple(lines),
        deal.names,
        heading=None if tournament is None else tournament[1],
        size="fit",
        strong=len(HEADERS) - 1,
        total=True,
        lang=lang,
    )


def _named(deal: Deal, tournament: tuple[str, Heading] | None, lang: str | None) -> Deal:
    """`deal` of stacks typed without names, its players named for the sheet in its
    language ("Spieler 1" ... in German; the terminal and --json keep "Player 1")."""
    import dataclasses

    from tdtool.i18n import words

    _ = words(lang or (tournament[1].lang if tournament is not None else "en"))
    labels = tuple(_("Player %(num)s", num=i) for i in range(1, len(deal.names) + 1))
    return dataclasses.replace(deal, names=labels)


def _check_line(stacks: int, in_play: int, tournament: tuple[str, Heading] | None) -> str:
    """The sheet's line saying the stacks typed do not add up to the chips in play."""
    from tdtool.i18n import words

    lang = tournament[1].lang if tournament is not None else "en"
    _ = words(lang)
    off = stacks - in_play
    number = (lambda n: f"{n:,}") if lang == "en" else _.number
    if off > 0:
        wrong = _("%(chips)s too many", chips=number(off))
    else:
        wrong = _("%(chips)s missing", chips=number(-off))
    return _(
        "Check the count: the stacks add up to %(stacks)s but %(chips)s chips are in play"
        " (%(off)s).",
        stacks=number(stacks),
        chips=number(in_play),
        off=wrong,
    )


def _figures(lang: str) -> tuple[Callable[[float], str], Callable[[float], str]]:
    """How the deal sheet writes a share of the chips ('33.3%') and an equity ('1,234.56')
    in `lang`: '33,3%' and '1.234,56' in German and Romanian."""
    if lang == "en":
        return (lambda v: f"{v:.1f}%"), (lambda v: f"{v:,.2f}")
    from babel.numbers import format_decimal

    def share(v: float) -> str:
        return str(format_decimal(round(v, 1), "#,##0.0", locale=lang)) + "%"

    def equity(v: float) -> str:
        return str(format_decimal(round(v, 2), "#,##0.00", locale=lang))

    return share, equity


def _deal_notes(deal: Deal, _: Words) -> list[str]:
    """`Deal.notes()`, the sentences read out before the players sign, in `_`'s language."""
    from tdtool.tournament.icm import MAX_ERROR_STANDARD_ERRORS, SUBSET_PLAYERS, Computation

    out: list[str] = []
    first = deal.prizes[0]
    for name, amount in zip(deal.names, deal.amounts, strict=True):
        if amount > first:
            out.append(
                _(
                    "%(name)s would get %(amount)s, more than first prize (%(first)s): chip-chop"
                    " overpays big stacks; compare the ICM deal.",
                    name=name,
                    amount=_.number(amount),
                    first=_.number(first),
                )
            )
    if deal.hold_back:
        out.append(
            _(
                "%(amount)s is held back: play goes on and the winner takes it.",
                amount=_.number(deal.hold_back),
            )
        )
    if deal.computation is Computation.SAMPLED:
        out.append(
            _(
                "Equities were sampled (%(samples)s finishing orders, more than %(players)s"
                " players left): each is within %(error)s of the exact value (%(errors)s"
                " standard errors; a larger error has odds of about 1 in 15,000).",
                samples=_.number(deal.samples),
                players=SUBSET_PLAYERS,
                error=_.decimal(deal.max_error, 2),
                errors=f"{MAX_ERROR_STANDARD_ERRORS:g}",
            )
        )
    return out


def _bounties_line(hold_back: int, _: Words) -> str:
    """`tdtool.tournament.bounty.deal_bounties_line` in `_`'s language."""
    if hold_back:
        return _(
            "The bounties are not part of this deal and stay in play: a knockout is paid as"
            " before, and the winner collects their own bounty."
        )
    return _(
        "The bounties are not part of this deal: it ends play, so each player also collects"
        " their own bounty."
    )
