"""The tournament's money from its state: payouts now, terms changes, deals and final results.

Pure functions over `State` (the fold of the event log) and the reducers of the money
event kinds:

- `terms.changed`   {"terms": Terms.to_dict(), "table": PayoutTable.to_dict() | None}
- `deal.accepted`   Deal.to_dict() (players, stacks, prizes, hold_back, amounts, ...)

Results: a busted entry's place comes from the state (players out in one hand with
equal rank tie and share the prizes of their places, `payouts.share_tie`, listed by
name). When a deal has been accepted, each player in it is paid the deal's amount; a
held-back amount goes to the eventual winner. Players in a deal who are still playing
when the report is made are placed by their chips at the deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError, RuleError
from tdtool.tournament.events import DealAccepted, TermsChanged
from tdtool.tournament.payouts import (
    PayoutTable,
    PrizePool,
    payouts,
    prize_pool,
    share_tie,
)
from tdtool.tournament.state import State
from tdtool.tournament.terms import Terms

if TYPE_CHECKING:  # `payouts` and `status` never load the ICM module
    from tdtool.tournament.bounty import BountyMoney
    from tdtool.tournament.icm import Deal

Events = list[tuple[str, dict[str, Any]]]


def payout_table(state: State) -> PayoutTable | None:
    """The user payout table the tournament uses, or None for the default curve."""
    return state.money.table


def accepted_deal(state: State) -> DealAccepted | None:
    """The accepted deal, if any."""
    return state.money.deal


@dataclass(frozen=True)
class PayoutView:
    """What `tdtool payouts` shows: the pool, how it is made, and the paid places."""

    pool: PrizePool
    amounts: tuple[int, ...]
    rounding: int
    table: str | None
    """The user table's name, or None for the default curve."""
    deal: tuple[tuple[str, int], ...] = ()
    """(player, amount) of an accepted deal: it replaces the top places' prizes."""
    hold_back: int = 0
    """Left to play for by the deal; the winner takes it."""
    bounties: BountyMoney | None = None
    """The tournament's bounties, paid apart from the prize pool (None: it has none)."""
    seats: int = 0
    """A satellite: the top `seats` places each win a seat worth `seat_value`."""
    seat_value: int = 0

    @property
    def cash(self) -> int:
        """A satellite's remainder paid in cash to the place after the seats (0: none)."""
        return sum(self.amounts[self.seats :]) if self.seats or self.seat_value else 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready ("bounties" only when the tournament has them)."""
        satellite = (
            {"seats": self.seats, "seat_value": self.seat_value, "cash": self.cash}
            if self.seat_value
            else None
        )
        return (
            {
                "prize_pool": self.pool.total,
                "collected": self.pool.collected,
                "guarantee": self.pool.guarantee,
                "overlay": self.pool.overlay,
                "entries": self.pool.entries,
                "rebuys": self.pool.rebuys,
                "addons": self.pool.addons,
                "places_paid": len(self.amounts),
                "rounding": self.rounding,
                "table": "satellite" if self.seat_value else (self.table or "default curve"),
                "payouts": [
                    {"place": i, "amount": a, "seat": i <= self.seats}
                    for i, a in enumerate(self.amounts, start=1)
                ],
                "satellite": satellite,
            }
            | (
                {
                    "deal": [{"name": n, "amount": a} for n, a in self.deal],
                    "hold_back": self.hold_back,
                }
                if self.deal
                else {}
            )
            | ({"bounties": self.bounties.summary()} if self.bounties is not None else {})
        )


def payout_view(
    terms: Terms,
    entries: int,
    rebuys: int = 0,
    addons: int = 0,
    table: PayoutTable | None = None,
) -> PayoutView:
    """The prize pool and every paid place's amount for a field."""
    from tdtool.tournament.payouts import satellite_seats

    pool = prize_pool(terms, entries, rebuys, addons)
    amounts = tuple(p.amount for p in payouts(terms, pool.total, entries, table))
    seats = satellite_seats(terms, pool.total, entries)
    name = table.name if table and not terms.satellite_value else None
    return PayoutView(
        pool, amounts, terms.rounding, name, seats=seats, seat_value=terms.satellite_value
    )


def state_payouts(state: State) -> PayoutView:
    """The payout view of the tournament now."""
    return payout_view(
        state.terms,
        state.event_entries,
        state.event_rebuys,
        state.event_addons,
        payout_table(state),
    )


def change_terms(
    state: State, changes: dict[str, Any], table: PayoutTable | None | bool = False
) -> Events:
    """Change money terms before the first bust (`changes` by field name, checked by
    `Terms.with_values`). `table`: a table, None (default curve), or False (leave as is)."""
    from tdtool.tournament.terms import DAY_TERMS

    day_terms_only = bool(changes) and set(changes) <= DAY_TERMS and table is False
    if state.eliminations and not day_terms_only:
        raise RuleError(
            "The terms cannot change after the first bust: the players out so far finished"
            " under them.",
            "Take the bust back with {undo} first if it was a mistake.",
        )
    levels = len(state.structure.levels) if state.structure is not None else None
    new = state.terms.with_values(changes, levels)
    if new == state.terms and table is False:
        raise InputError("Nothing to change:", "give the terms to set, e.g. {option:buy-in} 100.")
    given = table is not False
    chosen = table if isinstance(table, PayoutTable) else None
    return [TermsChanged(new, chosen, given).event()]


def _braced(text: str) -> str:
    """`text` as literal text inside an error's hint (braces mark actions there)."""
    return text.replace("{", "{{").replace("}", "}}")


@dataclass(frozen=True)
class DealContext:
    """What a live deal is worked out on: the players left and the prizes still to be won."""

    names: tuple[str, ...]
    prizes: tuple[int, ...]
    unit: int
    chips_in_play: int = 0
    """Chips in the tournament: the stacks of a deal should add up to this."""
    bounties: tuple[tuple[str, int], ...] = ()
    """(name, cents) on each dealing player's head, when the tournament has bounties: they
    are not part of the deal (`tdtool.tournament.bounty.deal_bounties_line`)."""


def deal_context(state: State, names: list[str] | None) -> DealContext:
    """The players left (in the order of `names`) and their remaining prizes."""
    if accepted_deal(state) is not None:
        raise RuleError("A deal has already been accepted;", "{undo} takes it back.")
    left = [p.name for p in state.players.values() if not p.busted]
    if len(left) < 2:
        raise RuleError("A deal needs at least two players left.")
    if names is None:
        raise InputError(
            "Name each player's stack,",
            "e.g. {option:stacks} "
            + ",".join(f"{_braced(n)}=CHIPS" for n in left[:3])
            + (" and so on, one for each player left" if len(left) > 3 else "")
            + ".",
        )
    given: dict[str, str] = {}
    for raw in names:
        player = state.player(raw)
        if player.busted:
            raise RuleError(f"{player.name} is out of the tournament and cannot be in the deal.")
        if player.name in given.values():
            raise InputError(f"{player.name} is named twice; give each stack once.")
        given[raw] = player.name
    missing = [n for n in left if n not in given.values()]
    if missing:
        raise InputError(f"Give a stack for every player left; missing: {', '.join(missing)}.")
    view = state_payouts(state)
    prizes = view.amounts[: len(left)]
    if not prizes:
        raise RuleError("No prize is left to deal for: nobody still playing is in the money.")
    dealing = tuple(given[n] for n in names)
    heads = tuple((n, state.player(n).bounty) for n in dealing) if state.terms.bounties else ()
    return DealContext(dealing, tuple(prizes), state.terms.rounding, state.total_chips, heads)


def accept_deal(state: State, deal: Deal) -> Events:
    """Record a deal every player has agreed to."""
    context = deal_context(state, list(deal.names))
    if context.prizes != deal.prizes:
        raise RuleError(
            "An accepted deal must share the tournament's remaining prizes ("
            + ", ".join(str(p) for p in context.prizes)
            + ");",
            "leave out {option:prizes}.",
        )
    return [DealAccepted.from_dict(deal.to_dict()).event()]


@dataclass(frozen=True)
class Result:
    """One entry's finish: place (None while still playing), prize, and how it was decided."""

    place: int | None
    name: str
    prize: int
    note: str = ""
    bounties: int = 0
    """Cents of bounties this entry won (knockouts; its own bounty if it won)."""
    seat: bool = False
    """A satellite's seat (worth `prize`) rather than cash."""


def results(state: State) -> tuple[Result, ...]:
    """Every entry's finish, best place first; players still playing last."""
    view = state_payouts(state)
    amounts = view.amounts
    deal = accepted_deal(state)
    in_deal: dict[str, int] = {}
    deal_after = state.money.deal_after
    if deal is not None:
        in_deal = dict(zip(deal.players, deal.amounts, strict=True))
    rows: list[Result] = []
    entry_no: dict[str, int] = {}
    several = {p.name for p in state.players.values() if p.entries > 1}
    from tdtool.tournament.bounty import won_by_entry

    won = won_by_entry(state) if state.knockouts or state.terms.bounties else {}
    nth: dict[str, int] = {}

    def bounty(name: str, last: bool = False) -> int:
        """Cents won by the player's next entry in order (`last`: their current one)."""
        if not won:
            return 0
        nth[name] = state.player(name).entries if last else nth.get(name, 0) + 1
        return won.get((name, nth[name]), 0)

    seats = state.seats_awarded

    def label(name: str, note: str) -> str:
        """A re-entered player's entries are told apart: 'entry 1', 'entry 2' ..."""
        if name not in several:
            return note
        entry_no[name] = entry_no.get(name, 0) + 1
        return f"entry {entry_no[name]}" + (f"; {note}" if note else "")

    busted_before = 0
    for group, hand in enumerate(state.eliminations):
        ranks = sorted({r for _, r in hand})
        for rank in ranks:
            tied = sorted((n for n, r in hand if r == rank), key=str.casefold)
            place = state.place_of(group, rank, busted_before)
            shares = share_tie(amounts, place.place, tied, state.terms.rounding)
            for name in tied:
                note = (
                    f"tied for {place.place}-{place.place + place.tied - 1}"
                    if place.tied > 1
                    else ""
                )
                prize = shares[name]
                if name in in_deal and group >= deal_after:
                    prize, note = in_deal[name], "deal"
                seat = name not in in_deal and place.place + place.tied - 1 <= seats
                if seat:
                    note = "seat" + (f"; {note}" if note else "")
                cents = bounty(name)
                rows.append(Result(place.place, name, prize, label(name, note), cents, seat=seat))
        busted_before += len(hand)
    left = [p.name for p in state.players.values() if not p.busted]
    if deal is not None:
        stacks = dict(zip(deal.players, deal.stacks, strict=True))
        left.sort(key=lambda n: (-stacks.get(n, 0), n.casefold()))
        over = len(left) == 1 or not deal.hold_back
        for i, name in enumerate(left, start=1):
            prize = in_deal.get(name, 0)
            note = "deal"
            if deal.hold_back:
                if len(left) == 1:
                    prize, note = prize + deal.hold_back, "deal + held-back amount"
                else:
                    note = f"deal; playing for {deal.hold_back}"
            rows.append(
                Result(i if over else None, name, prize, label(name, note), bounty(name, True))
            )
    elif state.seat_winners():
        for name in left:
            value = state.terms.satellite_value
            rows.append(Result(1, name, value, label(name, "seat"), bounty(name, True), True))
    elif len(left) == 1 and state.eliminations:
        rows.append(
            Result(
                1,
                left[0],
                amounts[0] if amounts else 0,
                label(left[0], "winner; seat" if seats else "winner"),
                bounty(left[0], True),
                bool(seats),
            )
        )
    else:
        rows += [
            Result(None, name, 0, label(name, "still playing"), bounty(name, True)) for name in left
        ]
    return tuple(sorted(rows, key=lambda r: (r.place is None, r.place or 0, r.name.casefold())))
