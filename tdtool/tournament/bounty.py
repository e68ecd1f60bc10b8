"""Bounties: fixed and progressive knockouts (PKO), in cents, from the tournament's state.

The terms give the bounty part of an entry (`Terms.bounty`, bought again with each re-entry)
and of a rebuy (`Terms.rebuy_bounty`); it is paid on top of the buy-in and fee and is not in
the prize pool. Every player carries a bounty on their head:

- A bust names who knocked the player out (`player bust NAME --by ELIMINATOR`). The busted
  player's whole bounty is collected.
- Fixed bounties: the eliminator is paid the bounty in cash.
- PKO: half is paid to the eliminator in cash and half is added to the eliminator's own
  bounty; an odd cent goes to the cash half (it is paid now, not carried).
- A split pot (several eliminators) shares the bounty in equal shares, to the cent; the odd
  cents left over go one each to the eliminators in the order they are named (name them from
  the button's left, as the odd chip of a pot goes, TDA 20). Each share is then paid (fixed)
  or halved (PKO) as above.
- A re-entry buys a new bounty (`bounty`); a rebuy adds `rebuy_bounty` to the player's bounty
  (to a player who busted in the rebuy period and rebuys, that is their new bounty; the bounty
  they busted with was collected).
- The winner collects their own bounty at the end; when a deal ends the tournament, each
  player in it collects their own.

Money is conserved to the cent: bounties paid + bounties outstanding == the bounty parts of
every entry, re-entry and rebuy sold (tests/test_bounty.py proves it as a property).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tdtool.tournament.state import State

CENTS = 100


def shares(amount: int, eliminators: int) -> list[int]:
    """`amount` cents shared equally by `eliminators`, the odd cents one each from the first.

    >>> shares(2501, 3)
    [834, 834, 833]
    """
    if eliminators < 1:
        raise ValueError("a bounty is shared by at least one eliminator")
    base, odd = divmod(amount, eliminators)
    return [base + (1 if i < odd else 0) for i in range(eliminators)]


def paid_and_added(share: int, pko: bool) -> tuple[int, int]:
    """(cash paid now, cents added to the eliminator's own bounty) for one share: a fixed
    bounty is paid whole; a PKO share half and half, the odd cent to the cash.

    >>> paid_and_added(1251, True), paid_and_added(1251, False)
    ((626, 625), (1251, 0))
    """
    if not pko:
        return share, 0
    added = share // 2
    return share - added, added


def money(cents: int) -> str:
    """Cents as a person reads an amount: '1,250' or '12.50'.

    >>> money(125000), money(1250), money(5)
    ('1,250', '12.50', '0.05')
    """
    units, rest = divmod(abs(cents), CENTS)
    sign = "-" if cents < 0 else ""
    return f"{sign}{units:,}" + (f".{rest:02d}" if rest else "")


def deal_bounties_line(hold_back: int) -> str:
    """What a deal leaves of the bounties (listed beside each player as "Bounty"), read out
    before the players sign: the deal does not share them."""
    if hold_back:
        return (
            "The bounties are not part of this deal and stay in play: a knockout is paid as"
            " before, and the winner collects their own bounty."
        )
    return (
        "The bounties are not part of this deal: it ends play, so each player also collects"
        " their own bounty."
    )


@dataclass(frozen=True)
class Share:
    """What one eliminator got from one knockout."""

    name: str
    entry: int
    """The eliminator's entry (1 for the first) that won it."""
    paid: int
    """Cents paid in cash."""
    added: int
    """Cents added to the eliminator's own bounty (PKO)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"name": self.name, "paid_cents": self.paid, "added_cents": self.added}


@dataclass(frozen=True)
class Knockout:
    """A bust with its eliminator(s): the bounty collected and how it was shared."""

    busted: str
    collected: int
    """Cents: the busted player's whole bounty."""
    shares: tuple[Share, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "busted": self.busted,
            "collected_cents": self.collected,
            "by": [s.to_dict() for s in self.shares],
        }


# --- views -----------------------------------------------------------------------------------


def over(state: State) -> bool:
    """Whether play is over: a winner, a satellite's seats decided, or a deal that left
    nothing to play for."""
    if state.finished:
        return True
    deal = state.money.deal
    return deal is not None and not deal.hold_back


def own_collected(state: State) -> dict[str, int]:
    """Cents each player left collects of their own bounty once play is over (the winner;
    each seat winner still in when a satellite's seats are decided; every player in a deal
    that ended play), else nothing."""
    if not over(state):
        return {}
    return {p.name: p.bounty for p in state.players.values() if not p.busted}


@dataclass(frozen=True)
class BountyMoney:
    """The money of the bounties: the terms, what was bought, paid and is still on heads."""

    pko: bool
    per_entry: int
    """Currency units: the bounty part of an entry."""
    per_rebuy: int
    bought: int
    """Cents: the bounty parts of every entry, re-entry and rebuy sold."""
    paid: int
    """Cents paid out so far (knockouts, own bounties at the end)."""
    outstanding: int
    """Cents still on players' heads (and any bust recorded without an eliminator)."""

    @property
    def kind(self) -> str:
        """'pko' or 'fixed'."""
        return "pko" if self.pko else "fixed"

    def summary(self) -> dict[str, Any]:
        """JSON-ready (`status --json` "bounties", without the lists)."""
        return {
            "kind": self.kind,
            "per_entry": self.per_entry,
            "per_rebuy": self.per_rebuy,
            "bought_cents": self.bought,
            "paid_cents": self.paid,
            "outstanding_cents": self.outstanding,
        }

    def line(self, lang: str = "en") -> str:
        """One sentence for the status, payouts and report: the kind and the money (in the
        language `lang`)."""
        from tdtool.i18n import words

        _ = words(lang)
        kind = _("Progressive knockout (PKO)") if self.pko else _("Fixed bounties")
        rebuy = (
            _(", %(amount)s per rebuy", amount=_.cash(self.per_rebuy * CENTS))
            if self.per_rebuy
            else ""
        )
        return _(
            "%(kind)s: %(entry)s per entry%(rebuy)s, not in the prize pool; %(bought)s bought,"
            " %(paid)s paid, %(heads)s on players' heads.",
            kind=kind,
            entry=_.cash(self.per_entry * CENTS),
            rebuy=rebuy,
            bought=_.cash(self.bought),
            paid=_.cash(self.paid),
            heads=_.cash(self.outstanding),
        )


def bounty_money(state: State) -> BountyMoney | None:
    """The money of the bounties now, without a pass over every player while play goes on
    (the fold keeps the cash paid; what is not paid is on heads); None without bounties."""
    t = state.terms
    if not t.bounties:
        return None
    bought = (state.entries * t.bounty + state.rebuys * t.rebuy_bounty) * CENTS
    paid = state.bounty_paid + sum(own_collected(state).values())
    return BountyMoney(t.pko, t.bounty, t.rebuy_bounty, bought, paid, bought - paid)


def biggest(state: State, n: int) -> list[tuple[str, int]]:
    """(name, cents) of the `n` biggest bounties of the players still in (ties in the order
    they registered); none once play is over. A busted player's bounty is 0 (collected)."""
    import heapq
    from operator import attrgetter

    if over(state):
        return []
    top = heapq.nlargest(n, state.players.values(), key=attrgetter("bounty"))
    return [(p.name, p.bounty) for p in top if p.bounty > 0 and not p.busted]


@dataclass(frozen=True)
class BountyRow:
    """One player's bounties."""

    name: str
    bounty: int
    """Cents on their head now (0 once busted, or once collected at the end)."""
    won: int
    """Cents paid to them: knockouts, and their own bounty at the end."""
    knockouts: int
    """Players they knocked out (a split pot counts for each eliminator)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "name": self.name,
            "bounty_cents": self.bounty,
            "won_cents": self.won,
            "knockouts": self.knockouts,
        }


@dataclass(frozen=True)
class Bounties:
    """The bounties of a tournament: the terms, the money, every player and every knockout."""

    pko: bool
    per_entry: int
    """Currency units: the bounty part of an entry."""
    per_rebuy: int
    bought: int
    """Cents: the bounty parts of every entry, re-entry and rebuy sold."""
    paid: int
    """Cents paid out so far (knockouts, own bounties at the end)."""
    outstanding: int
    """Cents still on players' heads (and any bust recorded without an eliminator)."""
    rows: tuple[BountyRow, ...]
    knockouts: tuple[Knockout, ...]
    own: tuple[tuple[str, int], ...] = ()
    """(name, cents) of the own bounties collected once play is over (the winner, or each
    player of a deal that ended play): with the knockouts' cash, everything `paid`."""

    @property
    def money(self) -> BountyMoney:
        """The money alone."""
        return BountyMoney(self.pko, self.per_entry, self.per_rebuy, self.bought, self.paid,
                           self.outstanding)  # fmt: skip

    def summary(self) -> dict[str, Any]:
        """The money of the bounties (`status --json` "bounties", without the lists)."""
        return self.money.summary()

    def to_dict(self) -> dict[str, Any]:
        """`tdtool bounties --json`."""
        return {
            **self.summary(),
            "players": [r.to_dict() for r in self.rows],
            "knockouts": [k.to_dict() for k in self.knockouts],
        }

    def line(self, lang: str = "en") -> str:
        """One sentence for the status, payouts and report: the kind and the money."""
        return self.money.line(lang)


def bounties(state: State) -> Bounties | None:
    """The bounties of the tournament now; None when its terms have none."""
    t = state.terms
    if not t.bounties:
        return None
    own = own_collected(state)
    counts: dict[str, int] = {}
    for k in state.knockouts:
        for s in k.shares:
            counts[s.name] = counts.get(s.name, 0) + 1
    rows = tuple(
        BountyRow(
            p.name,
            0 if p.name in own else p.bounty,
            p.bounty_won + own.get(p.name, 0),
            counts.get(p.name, 0),
        )
        for p in state.players.values()
    )
    paid = sum(r.won for r in rows)
    outstanding = sum(r.bounty for r in rows) + state.bounty_unclaimed
    bought = ((state.entries * t.bounty) + state.rebuys * t.rebuy_bounty) * CENTS
    return Bounties(t.pko, t.bounty, t.rebuy_bounty, bought, paid, outstanding, rows,
                    tuple(state.knockouts), tuple(own.items()))  # fmt: skip


def won_by_entry(state: State) -> dict[tuple[str, int], int]:
    """Cents each entry (name, entry number from 1) won: its knockouts' cash and, for the
    entries still in when play is over, their own bounty."""
    won: dict[tuple[str, int], int] = {}
    for k in state.knockouts:
        for s in k.shares:
            won[(s.name, s.entry)] = won.get((s.name, s.entry), 0) + s.paid
    for name, cents in own_collected(state).items():
        key = (name, state.player(name).entries)
        won[key] = won.get(key, 0) + cents
    return won
