"""What the players' page of `tdtool serve` shows: the clock and the figures a player may see.

Chosen key by key (never "everything but ..."): the clock, blinds and antes, the next level,
players left, entries, average stack, prize pool, payouts, the results at the end. No chip
counts (no chip leader), no operators, nothing of the staff. "Find my seat" answers only for
the names a player typed, with the CLI's look-up (accents and case ignored).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tdtool.app.clock import DisplayBase, display_base, view_data
from tdtool.tournament.state import State

CLOCK_KEYS = (
    "level",
    "small_blind",
    "big_blind",
    "ante",
    "bb_ante",
    "remaining_seconds",
    "running",
    "on_break",
    "status",
    "break_minutes",
    "break_name",
    "next_level",
    "seconds_to_break",
    "past_last_level",
    "day_ended",
)
"""The clock reading's keys a player's page gets (tdtool.tournament.clock.ClockReading)."""
FIGURE_KEYS = (
    "name",
    "structure",
    "players_left",
    "entries",
    "average_stack",
    "average_big_blinds",
    "prize_pool",
    "winner",
    "results",
)
"""The tournament's figures a player's page gets (tdtool.app.clock.ClockView)."""


@dataclass(frozen=True)
class PublicBase:
    """What the players' page keeps from one change to the next (`View.derived`)."""

    display: DisplayBase
    payouts: tuple[dict[str, Any], ...]


def public_base(state: State) -> PublicBase:
    """The part of the players' page that changes only with the log."""
    from tdtool.tournament.money import state_payouts

    paid = state_payouts(state).to_dict()["payouts"] if state.structure else []
    return PublicBase(
        display_base(state),
        tuple({"place": p["place"], "amount": p["amount"]} for p in paid),
    )


def public_view(state: State, now: float, base: PublicBase | None = None) -> dict[str, Any]:
    """The players' page's data now: the keys chosen above, and the payouts."""
    base = base or public_base(state)
    data = view_data(state, now, base.display).to_dict()
    out = {key: data.get(key) for key in CLOCK_KEYS + FIGURE_KEYS}
    out["payouts"] = list(base.payouts)
    return out


MIN_TYPED = 2
MAX_FOUND = 5


def find_seat(state: State, typed: str) -> list[dict[str, Any]]:
    """The players `typed` means (the CLI's look-up: `tdtool.names.matches`), at most five,
    each with their table and seat, or their place once out; [] for fewer than two letters."""
    from tdtool.names import matches

    if len(" ".join(typed.split())) < MIN_TYPED:
        return []
    found = []
    names = [p.name for p in state.players.values()]
    for name in matches(typed, names)[:MAX_FOUND]:
        seat = state.plan.seat_of(name)
        place = state.place(name) if state.player(name).busted else None
        found.append(
            {
                "name": name,
                "table": seat.table if seat else None,
                "seat": seat.seat if seat else None,
                "place": place.place if place is not None and seat is None else None,
            }
        )
    return found


def players_in(state: State) -> list[dict[str, Any]]:
    """The players still in, with their seats (for the staff's forms), by name."""
    rows = []
    for player in state.players.values():
        if player.busted:
            continue
        seat = state.plan.seat_of(player.name)
        rows.append(
            {
                "name": player.name,
                "table": seat.table if seat else None,
                "seat": seat.seat if seat else None,
            }
        )
    return sorted(rows, key=lambda r: str(r["name"]).casefold())
