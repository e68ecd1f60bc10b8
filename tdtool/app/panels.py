"""Side panels of the clock displays: what the room needs to read beside the clock right now.

A panel is a plain JSON-ready dict, worked out once per change of the tournament (with the
other figures of `clock.display_base`) and drawn by the TV page as it comes, so any part of
the tool can add one without touching the page:

    {"id": "money",                   # what it is about (the page keys its style on it)
     "title": "IN THE MONEY",         # the heading, read from across the room
     "lead": "5 players left",        # one line under the heading ("" for none)
     "rows": [{"label": "1st", "value": "4,000", "mark": ""}, ...],
     "foot": "Next out: 5th · 600",   # one line under the rows ("" for none)
     "alert": "HAND-FOR-HAND"}        # a short call-out shown loud ("" for none)

`mark` is "" or "next" (the row that matters next: the place the next player out finishes
in), "out" (a player in a deal who has busted since) or "gap" (rows left out: the label
says which).

`panels(state)` gives the panels that apply now:
- the money, from the bubble on (one more player left than places paid) and in the money:
  the players left, the places still to be paid with the next one out marked, and
  hand-for-hand when it applies (RP-8);
- an accepted deal instead: each player's amount and what is held back.
None while the money is far off, or once the tournament is over (the page shows the results).
"""

from __future__ import annotations

from typing import Any

from tdtool.tournament.places import ordinal
from tdtool.tournament.state import State

MAX_ROWS = 10
"""Rows a panel shows at most: more would not read from across a room."""

Panel = dict[str, Any]


def panels(state: State) -> list[Panel]:
    """The side panels that apply to the tournament now (see the module docstring)."""
    if state.players_left <= 1 and state.eliminations:
        return []
    from tdtool.tournament.money import accepted_deal

    deal = accepted_deal(state)
    if deal is not None:
        return [_deal_panel(state, deal)]
    money = _money_panel(state)
    return [money] if money is not None else []


def _row(label: str, value: str, mark: str = "") -> dict[str, str]:
    return {"label": label, "value": value, "mark": mark}


def _money_panel(state: State) -> Panel | None:
    from tdtool.tournament.director import hand_for_hand_next
    from tdtool.tournament.money import state_payouts

    if state.prize_pool <= 0:
        return None
    amounts = state_payouts(state).amounts
    paid, left = len(amounts), state.players_left
    if paid == 0 or left > paid + 1 or left < 1:
        return None
    players = f"{left} player{'' if left == 1 else 's'} left"
    seats = state.seats_awarded
    if seats and left == seats + 1:  # a satellite: the seats are what the players play for
        cash = amounts[left - 1] if left <= paid else 0
        title = "SEAT BUBBLE"
        lead = f"{players} · {seats} seat{'' if seats == 1 else 's'}"
        foot = f"Next out: {ordinal(left)} · {cash:,} in cash" if cash else "Next out wins no seat"
    elif left == paid + 1:
        title = "BUBBLE"
        lead = f"{players} · {paid} paid"
        foot = "Next out wins nothing"
    else:
        title = "IN THE MONEY"
        lead = players
        foot = f"Next out: {ordinal(left)} · {amounts[left - 1]:,}"
    alert = "HAND-FOR-HAND" if hand_for_hand_next(state) else ""
    rows = _place_rows(amounts[: min(left, paid)], next_out=left if left <= paid else None)
    for row in rows[: 1 if seats else 0]:
        row["value"] = f"Seat · {row['value']}"  # the seats share the first row: one value
    return {
        "id": "money",
        "title": title,
        "lead": lead,
        "rows": rows,
        "foot": foot,
        "alert": alert,
    }


def _place_rows(amounts: tuple[int, ...], next_out: int | None) -> list[dict[str, str]]:
    """1st first; equal amounts in a run share a row ("7th-9th"); the next out is marked;
    a long list keeps its top and the places about to be paid, with a gap row between."""
    groups: list[tuple[int, int, int]] = []  # (first place, last place, amount)
    for place, amount in enumerate(amounts, start=1):
        if groups and groups[-1][2] == amount:
            groups[-1] = (groups[-1][0], place, amount)
        else:
            groups.append((place, place, amount))
    rows = []
    for first, last, amount in groups:
        label = ordinal(first) if first == last else f"{ordinal(first)}–{ordinal(last)}"
        mark = "next" if next_out is not None and first <= next_out <= last else ""
        rows.append(_row(label, f"{amount:,}", mark))
    if len(rows) > MAX_ROWS:
        top, bottom = 3, MAX_ROWS - 4
        hidden = groups[top : len(groups) - bottom]
        gap = f"{ordinal(hidden[0][0])}–{ordinal(hidden[-1][1])}"
        rows = [*rows[:top], _row(gap, "…", "gap"), *rows[len(rows) - bottom :]]
    return rows


def _deal_panel(state: State, deal: Any) -> Panel:
    method = {"icm": "ICM deal", "chip-chop": "Chip-chop deal"}.get(deal.method, "Deal")
    pairs = sorted(zip(deal.players, deal.amounts, strict=True), key=lambda p: -p[1])
    out = {p.name for p in state.players.values() if p.busted}
    rows = [_row(name, f"{amount:,}", "out" if name in out else "") for name, amount in pairs]
    if len(rows) > MAX_ROWS:
        rows = rows[: MAX_ROWS - 1] + [_row(f"and {len(rows) - MAX_ROWS + 1} more", "…", "gap")]
    foot = (
        f"{deal.hold_back:,} held back: the winner takes it"
        if deal.hold_back
        else "Every prize is settled"
    )
    n = len(deal.players)
    return {
        "id": "deal",
        "title": "DEAL",
        "lead": f"{method} · {n} players",
        "rows": rows,
        "foot": foot,
        "alert": "",
    }
