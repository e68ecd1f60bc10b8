"""One screen of the tournament: clock, players, money, tables."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tdtool.app.change import read_state_at
from tdtool.tournament.chip_counts import ChipBrief, chip_brief
from tdtool.tournament.clock import ClockReading
from tdtool.tournament.state import State, clock_reading


@dataclass(frozen=True)
class Status:
    """What `tdtool status` shows."""

    name: str
    structure: str | None
    players_left: int
    entries: int
    rebuys: int
    addons: int
    average_stack: int
    chips_in_play: int
    prize_pool: int
    overlay: int
    """What the house adds to reach the guarantee: 0 once the field covers it (or none)."""
    tables: tuple[tuple[int, int], ...]
    """(table, players) of each open table, by number."""
    clock: ClockReading | None
    winner: str | None = None
    """Set once the tournament is over."""
    results: tuple[tuple[int, str, int], ...] = ()
    """(place, name, prize) of the paid places once the tournament is over."""
    deal: tuple[tuple[str, int], ...] = ()
    """(player, amount) of an accepted deal."""
    bounties: dict[str, Any] | None = None
    """The bounties' money and the biggest bounties in play (None: the terms have none)."""
    chips: ChipBrief | None = None
    """The chip leader, the counts and their check against the chips in play."""
    satellite: tuple[int, int, int] | None = None
    """(seats, seat value, cash to the next place) of a satellite; None: not one."""
    seat_winners: tuple[str, ...] = ()
    """A satellite whose seats are decided: the players who won them (it is over)."""
    from_flights: dict[str, Any] | None = None
    """Where a day combined from flights came from (`origin_dict`); None: not combined."""
    breaks_now: tuple[int, bool] | None = None
    """(table, forms the final table) of a table held open for late entries that breaks now
    that late registration has closed (`breaks_now`); None: no such table."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool status --json`."""
        return {
            "name": self.name,
            "structure": self.structure,
            "players_left": self.players_left,
            "entries": self.entries,
            "rebuys": self.rebuys,
            "addons": self.addons,
            "average_stack": self.average_stack,
            "chips_in_play": self.chips_in_play,
            "prize_pool": self.prize_pool,
            "overlay": self.overlay,
            "tables": [{"table": t, "players": n} for t, n in self.tables],
            "clock": None if self.clock is None else self.clock.as_dict(),
            "winner": self.winner,
            "results": [{"place": p, "name": n, "prize": a} for p, n, a in self.results],
            "deal": [{"name": n, "amount": a} for n, a in self.deal],
            "bounties": self.bounties,
            "chips": None if self.chips is None else self.chips.to_dict(),
            "satellite": None
            if self.satellite is None
            else {
                "seats": self.satellite[0],
                "seat_value": self.satellite[1],
                "cash": self.satellite[2],
                "seat_winners": list(self.seat_winners),
            },
            "from_flights": self.from_flights,
            "breaks_now": None
            if self.breaks_now is None
            else {"table": self.breaks_now[0], "final_table": self.breaks_now[1]},
        }


def status_of(state: State, now: float) -> Status:
    """The status of a state at wall time `now`."""
    plan = state.plan
    winner = state.winner()
    seat_winners = state.seats_won()
    finished: tuple[tuple[int, str, int], ...] = ()
    if winner is not None or seat_winners:
        from tdtool.tournament.money import results

        finished = tuple(
            (r.place, r.name, r.prize) for r in results(state) if r.place is not None and r.prize
        )
        if not finished and winner is not None:  # nothing paid: the winner alone
            finished = ((1, winner, 0),)
    from tdtool.tournament.money import accepted_deal

    deal = accepted_deal(state)
    clock = clock_reading(state, now) if state.structure else None
    satellite = None
    if state.terms.satellite_value:
        from tdtool.tournament.money import state_payouts

        view = state_payouts(state)
        satellite = (view.seats, view.seat_value, view.cash)
    from tdtool.tournament.payouts import prize_pool

    pool = prize_pool(state.terms, state.event_entries, state.event_rebuys, state.event_addons)
    return Status(
        bounties=bounty_summary(state),
        satellite=satellite,
        seat_winners=seat_winners,
        deal=() if deal is None else tuple(zip(deal.players, deal.amounts, strict=True)),
        winner=winner,
        results=finished,
        name=state.name,
        structure=state.structure.name if state.structure else None,
        players_left=state.players_left,
        entries=state.event_entries,
        rebuys=state.event_rebuys,
        addons=state.event_addons,
        average_stack=state.average_stack,
        chips_in_play=state.total_chips,
        prize_pool=pool.total,
        overlay=pool.overlay,
        tables=tuple((t, plan.count(t)) for t in plan.open_tables()),  # no table copies
        clock=clock,
        chips=chip_brief(state, clock.level.big_blind if clock else None, now),
        from_flights=origin_dict(state),
        breaks_now=None if winner is not None else breaks_now(state, now),
    )


def breaks_now(state: State, now: float) -> tuple[int, bool] | None:
    """(table, whether its break forms the final table) when late registration has closed
    and the players fit one table fewer: a bust during late registration held that table
    open for late entries (`seating.held_for_late_entries`), and nothing breaks it until the
    next change that seats or busts players, or `seat balance`. None otherwise (nothing closes
    late registration or re-entry, the clock not started or not past it, no table to
    break)."""
    from tdtool.tournament import director
    from tdtool.tournament.clock import ClockAction
    from tdtool.tournament.seating import fits_one_table_fewer, next_to_break

    closes = state.structure.late_registration if state.structure else None
    if state.structure is None or (closes is None and state.terms.reentry_until is None):
        return None
    if not any(f.action is ClockAction.START for f in state.clock.facts):
        return None
    plan = state.plan
    if director.entries_to_come(state, now) or not fits_one_table_fewer(plan):
        return None
    table = next_to_break(plan)
    return None if table is None else (table, plan.player_count <= plan.final_seats)


def origin_dict(state: State) -> dict[str, Any] | None:
    """`from_flights` of `tdtool status --json`: the flights a day was combined from."""
    o = state.origin
    if o is None:
        return None
    return {
        "day": o.day,
        "rule": o.rule,
        "entries": o.entries,
        "advanced": len(o.players),
        "forfeited": len(o.forfeited),
        "flights": [
            {"name": f.name, "source": f.source, "entries": f.entries, "survivors": f.survivors}
            for f in o.flights
        ],
    }


BIGGEST = 5
"""How many of the biggest bounties the status and the TV page show."""


def bounty_summary(state: State) -> dict[str, Any] | None:
    """`status --json` "bounties": the money (`Bounties.summary`), the sentence to show and
    the biggest bounties of the players still in; None when the terms have no bounties."""
    from tdtool.tournament.bounty import biggest, bounty_money

    view = bounty_money(state)
    if view is None:
        return None
    return {
        **view.summary(),
        "line": view.line(),
        "biggest": [{"name": n, "bounty_cents": c} for n, c in biggest(state, BIGGEST)],
    }


def status(db: Path) -> Status:
    """The status of the tournament in `db` now."""
    return status_of(*read_state_at(db))


def status_data(state: State, now: float) -> dict[str, Any]:
    """`status_of(state, now).to_dict()` (what `tdtool status --json` prints)."""
    return status_of(state, now).to_dict()
