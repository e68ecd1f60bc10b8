"""Money: the terms (shown, or changed before the first bust) and the payouts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.app.change import read_state, run_change
from tdtool.tournament.bounty import Bounties
from tdtool.tournament.money import (
    PayoutView,
    Result,
    change_terms,
    payout_table,
    payout_view,
    results,
    state_payouts,
)
from tdtool.tournament.payouts import PayoutTable
from tdtool.tournament.state import State
from tdtool.tournament.terms import Terms

if TYPE_CHECKING:
    from tdtool.io.money_sheets import Heading


@dataclass(frozen=True)
class TermsView:
    """The money terms, the payout table they use, whether they just changed, and whether
    they are fixed (players have busted under them)."""

    terms: Terms
    table: str | None
    """The payout table's name; None: the default curve."""
    changed: bool
    fixed: bool

    def to_dict(self) -> dict[str, Any]:
        """`tdtool terms --json`."""
        from tdtool.tournament.terms import ALWAYS_SHOWN, IGNORABLE

        data = self.terms.to_dict()
        data.pop(IGNORABLE, None)  # how the log stores a display term, not a term
        for key, default in ALWAYS_SHOWN.items():
            data.setdefault(key, default)
        return {**data, "payout_table": self.table, "changed": self.changed}


def terms(
    db: Path,
    changes: Mapping[str, Any] | None = None,
    table: PayoutTable | None | bool = False,
) -> TermsView:
    """The terms of the tournament in `db`, after changing them when `changes` (by `Terms`
    field) or `table` (a table; None: the default curve; False: as it is) are given."""
    changed = bool(changes) or table is not False
    if changed:
        state = run_change(
            db, lambda s, now, rng, choose: change_terms(s, dict(changes or {}), table)
        ).state
    else:
        state = read_state(db)
    used = payout_table(state)
    return TermsView(state.terms, used.name if used else None, changed, bool(state.eliminations))


def payouts_of(state: State, table: PayoutTable | None = None) -> PayoutView:
    """The prize pool and every paid place of a tournament (by `table` instead of its own),
    with the accepted deal if there is one."""
    import dataclasses

    from tdtool.tournament.money import accepted_deal

    view = payout_view(
        state.terms,
        state.event_entries,
        state.event_rebuys,
        state.event_addons,
        table or payout_table(state),
    )
    from tdtool.tournament.bounty import bounty_money

    view = dataclasses.replace(view, bounties=bounty_money(state))
    deal = accepted_deal(state)
    if deal is None or table is not None:
        return view
    return dataclasses.replace(
        view, deal=tuple(zip(deal.players, deal.amounts, strict=True)), hold_back=deal.hold_back
    )


def payouts(db: Path, table: PayoutTable | None = None) -> tuple[str, PayoutView]:
    """The tournament's name and its payouts now (by `table` instead of its own if given)."""
    state = read_state(db)
    return state.name, payouts_of(state, table)


def what_if(
    entries: int,
    values: Mapping[str, Any] | None = None,
    rebuys: int = 0,
    addons: int = 0,
    table: PayoutTable | None = None,
) -> PayoutView:
    """The payouts of an imagined field: `entries` under the terms `values` (by field)."""
    return payout_view(Terms().with_values(values or {}), entries, rebuys, addons, table)


def heading_of(state: State, counts: bool = True, lang: str | None = None) -> Heading:
    """What the tournament's sheets say under their title: its date and prices, and (when
    `counts`) its entries and prize pool; in `lang` (default: the tournament's language)."""
    from tdtool.i18n import language_of
    from tdtool.io.money_sheets import Heading
    from tdtool.tournament.terms import prices

    structure = state.structure
    lang = lang or language_of(state)
    listed = prices(
        state.terms,
        structure.starting_stack if structure else None,
        structure.late_registration if structure else None,
        lang,
    )
    if not counts:
        return Heading(state.created_at, listed, lang=lang)
    pool = state_payouts(state).pool.total
    return Heading(state.created_at, listed, state.event_entries, pool, lang)


def sheet_heading(db: Path, counts: bool = True) -> Heading:
    """`heading_of` the tournament in `db`."""
    return heading_of(read_state(db), counts)


@dataclass(frozen=True)
class Results:
    """Every entry's finish (best place first; players still playing last) and the money."""

    name: str
    entries: int
    prize_pool: int
    results: tuple[Result, ...]
    bounties: Bounties | None = None
    """The bounties (None: the terms have none)."""
    heading: Heading | None = None
    """The date, prices and entries for the printed sheet."""
    ended_in_flights: int = 0
    """Entries of the event that ended in its flights (a day combined from flights ranks only
    the players who advanced)."""

    @property
    def paid(self) -> int:
        """The prizes of the finishes so far."""
        return sum(r.prize for r in self.results)

    def to_dict(self) -> dict[str, Any]:
        """`tdtool report --json` (the bounty keys only when the tournament has bounties)."""
        b = self.bounties
        return {
            "name": self.name,
            "entries": self.entries,
            "prize_pool": self.prize_pool,
            "results": [
                {"place": r.place, "name": r.name, "prize": r.prize, "note": r.note}
                | ({"bounties_cents": r.bounties} if b is not None else {})
                | ({"seat": True} if r.seat else {})
                for r in self.results
            ],
        } | ({"bounties": b.to_dict()} if b is not None else {})


def results_of(state: State) -> Results:
    """The results of a state (ties share their places' prizes; a deal pays its amounts)."""
    from tdtool.tournament.bounty import bounties

    return Results(
        state.name,
        state.event_entries,
        state_payouts(state).pool.total,
        results(state),
        bounties(state),
        heading_of(state),
        state.carried.entries - state.carried.players,
    )


def report(db: Path) -> Results:
    """The results of the tournament in `db` now."""
    return results_of(read_state(db))
