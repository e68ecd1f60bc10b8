"""`tdtool payouts`: the prize pool and what every paid place gets (live or what-if)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from tdtool.io.money_sheets import Heading, Sheet
    from tdtool.tournament.money import PayoutView

from tdtool.cli._terms import term_options
from tdtool.cli._theme import PaperOpt, ThemeOpt

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.", metavar="")]
PrintOpt = Annotated[
    Path | None,
    typer.Option(
        "--print",
        help="Also write a printable sheet: FILE.html, FILE.md or FILE.csv.",
        show_default=False,
    ),
]


def _opt(help: str, **kw: Any) -> Any:
    return typer.Option(help=help, show_default=False, **kw)


@term_options(what_if=True)
def payouts(
    ctx: typer.Context,
    json_out: JsonOpt = False,
    print_to: PrintOpt = None,
    table: Annotated[
        Path | None, _opt("A payout table (YAML) to show instead of the tournament's.")
    ] = None,
    entries: Annotated[
        int | None,
        _opt("What-if: this many entries, without opening a tournament.", min=0, max=1_000_000),
    ] = None,
    rebuys: Annotated[int, typer.Option(help="What-if: rebuys sold.", min=0)] = 0,
    addons: Annotated[int, typer.Option(help="What-if: add-ons sold.", min=0)] = 0,
    theme: ThemeOpt = None,
    paper: PaperOpt = None,
    terms: dict[str, Any] | None = None,
) -> None:
    """The prize pool and the payout of every paid place.

    In a tournament folder it shows the live tournament (its terms and payout table);
    with --entries it works out a what-if from the options alone.

    Example: tdtool payouts --entries 120 --buy-in 100 --rounding 5 --print payouts.html
    """
    from tdtool.app import money
    from tdtool.cli._theme import read_paper, read_theme
    from tdtool.errors import InputError

    house = read_theme(theme) if print_to is not None else None
    sheet_paper = read_paper(paper)
    given = terms or {}
    loaded = None
    if table is not None:
        from tdtool.io.payouts_yaml import load_payout_table

        loaded = load_payout_table(table)
    from tdtool.i18n import words

    heading = None
    lang = "en"
    if entries is not None:
        view = money.what_if(entries, given, rebuys, addons, loaded)
        if print_to is not None:
            from tdtool.io.money_sheets import Heading
            from tdtool.tournament.terms import Terms, prices

            what_if = Terms().with_values(given)
            lang = what_if.language
            heading = Heading(None, prices(what_if, lang=lang), lang=lang)
        _ = words(lang)
        title = _("Payouts")
    else:
        if given or rebuys or addons:
            raise InputError(
                "--buy-in, --rounding and the other what-if options need --entries N "
                "(to change the tournament's own terms use `tdtool terms`)."
            )
        from tdtool.cli._db import db_path

        name, view = money.payouts(db_path(ctx), loaded)
        if print_to is not None:
            heading = money.sheet_heading(db_path(ctx), counts=False)
            lang = heading.lang
        _ = words(lang)
        title = _("%(name)s: payouts", name=name)
    if print_to is not None:
        from tdtool.io.money_sheets import write_sheet

        write_sheet(payout_sheet(view, title, heading, lang), print_to, house, sheet_paper)
    if json_out:
        from tdtool.cli.render import emit_json

        emit_json(view.to_dict())
        return
    typer.echo(describe(view))
    if print_to is not None:
        typer.echo(f"Printable payout sheet written to {print_to}.")


def _summary(view: PayoutView, lang: str = "en") -> list[str]:
    """The sentences above the payouts, in the language `lang` (the terminal's: English)."""
    from tdtool.i18n import words

    _ = words(lang)
    money = _.number
    pool = view.pool
    parts = [_.ngettext("%(num)s entry", "%(num)s entries", pool.entries)]
    if pool.rebuys:
        parts.append(_.ngettext("%(num)s rebuy", "%(num)s rebuys", pool.rebuys))
    if pool.addons:
        parts.append(_.ngettext("%(num)s add-on", "%(num)s add-ons", pool.addons))
    lines = [
        _(
            "Prize pool: %(amount)s from %(parts)s.",
            amount=money(pool.total),
            parts=", ".join(parts),
        )
    ]
    if view.bounties is not None:
        lines.append(view.bounties.line(lang))
    if pool.overlay:
        lines.append(
            _(
                "The field brought %(collected)s; the guarantee of %(guarantee)s adds %(overlay)s.",
                collected=money(pool.collected),
                guarantee=money(pool.guarantee),
                overlay=money(pool.overlay),
            )
        )
    if view.table:
        how = _("the payout table %(name)s", name=repr(view.table))
    else:
        how = _("the default curve")
    if view.deal:
        shares = ", ".join(f"{n} {money(a)}" for n, a in view.deal)
        held = (
            _(
                "; %(amount)s is still played for (the winner takes it)",
                amount=money(view.hold_back),
            )
            if view.hold_back
            else ""
        )
        lines.append(
            _(
                "Deal accepted: the last %(num)s players share places 1-%(num)s:"
                " %(shares)s%(held)s.",
                num=len(view.deal),
                shares=shares,
                held=held,
            )
            + (
                _(" The places below are paid as listed.")
                if len(view.amounts) > len(view.deal)
                else ""
            )
        )
    if view.seat_value:
        lines.append(satellite_line(view, lang))
    elif view.amounts:
        lines.append(
            _.ngettext(
                "%(num)s place paid by %(how)s, rounded to multiples of %(rounding)s.",
                "%(num)s places paid by %(how)s, rounded to multiples of %(rounding)s.",
                len(view.amounts),
                how=how,
                rounding=money(view.rounding),
            )
        )
    return lines


def _place(lang: str, place: int) -> str:
    """A place as a sentence names it: '4th place' (en), 'locul 4' (ro), '4. Platz' (de)."""
    from tdtool.i18n import SOURCE, words

    named = words(lang).ordinal(place)
    return f"{named} place" if lang == SOURCE else named


def satellite_line(view: PayoutView, lang: str = "en") -> str:
    """What a satellite awards, read aloud: seats, their value, the cash to the next place."""
    from tdtool.i18n import SOURCE, words

    _ = words(lang)
    seats = view.seats
    if not seats:
        return _(
            "A satellite for seats worth %(value)s: the prize pool does not buy one yet; it is"
            " paid in cash.",
            value=_.number(view.seat_value),
        )
    if lang != SOURCE:
        places = _.places(1, seats)
    else:
        places = ("1st" if seats == 1 else f"1st to {_.ordinal(seats)}") + " place"
    line = _.ngettext(
        "A satellite: %(num)s seat worth %(value)s (%(places)s); it ends when the seat is decided.",
        "A satellite: %(num)s seats worth %(value)s each (%(places)s); it ends when the seats"
        " are decided.",
        seats,
        value=_.number(view.seat_value),
        places=places,
    )
    if view.cash:
        line += _(
            " %(place)s wins the rest, %(amount)s, in cash.",
            place=_place(lang, seats + 1),
            amount=_.number(view.cash),
        )
    return line


def _rows(view: PayoutView, lang: str = "en") -> list[tuple[str, str, str]]:
    from tdtool.i18n import words

    _ = words(lang)
    total = view.pool.total or 1
    dealt = len(view.deal)
    return [
        (_.ordinal(i), _("by the deal"), "")
        if i <= dealt
        else (
            _.ordinal(i),
            _("Seat (%(amount)s)", amount=_.number(a)) if i <= view.seats else _.number(a),
            _.percent(100 * a / total),
        )
        for i, a in enumerate(view.amounts, start=1)
    ]


def describe(view: PayoutView) -> str:
    """The payouts as a table a director can read aloud."""
    from tdtool.cli.render import table

    lines = _summary(view)
    if not view.amounts:
        lines.append("Nothing is paid yet: no entries (or an empty prize pool).")
        return "\n".join(lines)
    lines += [
        "",
        table(_rows(view), ["Place", "Prize", "Share"], colalign=("left", "right", "right")),
    ]
    return "\n".join(lines)


def payout_sheet(
    view: PayoutView, title: str, heading: Heading | None = None, lang: str = "en"
) -> Sheet:
    """The printable payout sheet: under the title the date and the prices (`heading`), then
    the pool; a deal's players by name with their amounts, then the places below the deal;
    in the language `lang`."""
    from tdtool.i18n import words
    from tdtool.io.money_sheets import Sheet, rows_of

    _ = words(lang)
    total = view.pool.total or 1
    deal = [
        (_("Deal: %(name)s", name=n), _.number(a), _.percent(100 * a / total)) for n, a in view.deal
    ]
    return Sheet(
        title=title,
        headers=(_("Place"), _("Prize"), _("Share")),
        rows=rows_of(deal + _rows(view, lang)[len(view.deal) :]),
        lines=tuple(_summary(view, lang)),
        heading=heading,
        strong=1,
        lang=lang,
    )
