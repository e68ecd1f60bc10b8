"""Side panels of the clock displays: what the room needs to read beside the clock right now.

A panel is a plain JSON-ready dict, worked out once per change of the tournament (with the
other figures of `clock.display_base`) and drawn by the TV page as it comes, so any part of
the tool can add one without touching the page:

    {"id": "money",                   # what it is about (the page keys its style on it)
     "title": "IN THE MONEY",         # the heading, read from across the room
     "lead": "5 players left",        # one line under the heading ("" for none)
     "rows": [{"label": "1st", "value": "4,000", "mark": ""}, ...],
     "foot": "Next out: 5th · 600",   # one line under the rows ("" for none)
     "alert": "HAND-FOR-HAND",        # a short call-out shown loud ("" for none)
     "bubble": False}                 # the next player out wins nothing (or no seat)

`mark` is "" or "next" (the row that matters next: the place the next player out finishes
in), "out" (a player in a deal who has busted since) or "gap" (rows left out: the label
says which).

The words are in the language given (`panels(state, words("de"))`; English by default), the
numbers in its locale (tdtool.i18n).

`panels(state)` gives the panels that apply now:
- the money, from the bubble on (one more player left than places paid) and in the money:
  the players left, the places still to be paid with the next one out marked, and
  hand-for-hand when it applies (RP-8);
- an accepted deal instead: each player's amount and what is held back.
None while the money is far off, or once the tournament is over (the page shows the results).
"""

from __future__ import annotations

from typing import Any

from tdtool.i18n import Words, words
from tdtool.tournament.state import State

MAX_ROWS = 10
"""Rows a panel shows at most: more would not read from across a room."""

Panel = dict[str, Any]


def panels(state: State, _: Words | None = None) -> list[Panel]:
    """The side panels that apply to the tournament now (see the module docstring), in the
    language of `_` (English when None)."""
    if state.players_left <= 1 and state.eliminations:
        return []
    from tdtool.tournament.money import accepted_deal

    _ = _ or words()
    deal = accepted_deal(state)
    if deal is not None:
        return [_deal_panel(state, deal, _)]
    money = _money_panel(state, _)
    return [money] if money is not None else []


def _row(label: str, value: str, mark: str = "") -> dict[str, str]:
    return {"label": label, "value": value, "mark": mark}


def _money_panel(state: State, _: Words) -> Panel | None:
    from tdtool.tournament.director import hand_for_hand_next
    from tdtool.tournament.money import state_payouts

    if state.prize_pool <= 0:
        return None
    amounts = state_payouts(state).amounts
    paid, left = len(amounts), state.players_left
    if paid == 0 or left > paid + 1 or left < 1:
        return None
    players = _.ngettext("%(num)s player left", "%(num)s players left", left)
    seats = state.seats_awarded
    bubble = False
    if seats and left == seats + 1:  # a satellite: the seats are what the players play for
        cash = amounts[left - 1] if left <= paid else 0
        title, bubble = _("SEAT BUBBLE"), True
        lead = players + " · " + _.ngettext("%(num)s seat", "%(num)s seats", seats)
        foot = (
            _(
                "Next out: %(place)s · %(amount)s in cash",
                place=_.ordinal(left),
                amount=_.number(cash),
            )
            if cash
            else _("Next out wins no seat")
        )
    elif left == paid + 1:
        title, bubble = _("BUBBLE"), True
        lead = players + " · " + _.ngettext("%(num)s paid", "%(num)s paid", paid)
        foot = _("Next out wins nothing")
    else:
        title = _("IN THE MONEY")
        lead = players
        foot = _(
            "Next out: %(place)s · %(amount)s",
            place=_.ordinal(left),
            amount=_.number(amounts[left - 1]),
        )
    alert = _("HAND-FOR-HAND") if hand_for_hand_next(state) else ""
    rows = _place_rows(amounts[: min(left, paid)], left if left <= paid else None, _)
    for row in rows[: 1 if seats else 0]:
        # the seats share the first row: one value
        row["value"] = _("Seat · %(amount)s", amount=row["value"])
    return {
        "id": "money",
        "title": title,
        "lead": lead,
        "rows": rows,
        "foot": foot,
        "alert": alert,
        "bubble": bubble,
    }


def _place_rows(
    amounts: tuple[int, ...], next_out: int | None, _: Words | None = None
) -> list[dict[str, str]]:
    """1st first; equal amounts in a run share a row ("7th-9th"); the next out is marked;
    a long list keeps its top and the places about to be paid, with a gap row between."""
    _ = _ or words()
    groups: list[tuple[int, int, int]] = []  # (first place, last place, amount)
    for place, amount in enumerate(amounts, start=1):
        if groups and groups[-1][2] == amount:
            groups[-1] = (groups[-1][0], place, amount)
        else:
            groups.append((place, place, amount))
    rows = []
    for first, last, amount in groups:
        mark = "next" if next_out is not None and first <= next_out <= last else ""
        rows.append(_row(_.places(first, last), _.number(amount), mark))
    if len(rows) > MAX_ROWS:
        top, bottom = 3, MAX_ROWS - 4
        hidden = groups[top : len(groups) - bottom]
        gap = _.places(hidden[0][0], hidden[-1][1])
        rows = [*rows[:top], _row(gap, "…", "gap"), *rows[len(rows) - bottom :]]
    return rows


def _deal_panel(state: State, deal: Any, _: Words) -> Panel:
    methods = {"icm": _("ICM deal"), "chip-chop": _("Chip-chop deal")}
    method = methods.get(deal.method, _("Deal"))
    pairs = sorted(zip(deal.players, deal.amounts, strict=True), key=lambda p: -p[1])
    out = {p.name for p in state.players.values() if p.busted}
    rows = [_row(name, _.number(amount), "out" if name in out else "") for name, amount in pairs]
    if len(rows) > MAX_ROWS:
        more = _.ngettext("and %(num)s more", "and %(num)s more", len(rows) - MAX_ROWS + 1)
        rows = rows[: MAX_ROWS - 1] + [_row(more, "…", "gap")]
    foot = (
        _("%(amount)s held back: the winner takes it", amount=_.number(deal.hold_back))
        if deal.hold_back
        else _("Every prize is settled")
    )
    n = len(deal.players)
    return {
        "id": "deal",
        "title": _("DEAL"),
        "lead": method + " · " + _.ngettext("%(num)s player", "%(num)s players", n),
        "rows": rows,
        "foot": foot,
        "alert": "",
        "bubble": False,
    }
