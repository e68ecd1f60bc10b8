"""Players: register, bust, re-enter, rebuy, add-on, and the list of everyone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tdtool.app.change import Ask, moves_json, read_state, read_state_at, run_change
from tdtool.tournament import director
from tdtool.tournament.bounty import Bounties, BountyRow, Knockout
from tdtool.tournament.seating import Move, held_for_late_entries, left_short
from tdtool.tournament.state import State, registration_open, stale_buttons


@dataclass(frozen=True)
class SeatedPlayer:
    """A player and their seat (None before the draw)."""

    name: str
    table: int | None
    seat: int | None

    @classmethod
    def of(cls, state: State, name: str) -> SeatedPlayer:
        """Where `name` sits in `state`."""
        seat = state.plan.seat_of(name)
        return cls(name, seat.table if seat else None, seat.seat if seat else None)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"name": self.name, "table": self.table, "seat": self.seat}


@dataclass(frozen=True)
class Registered:
    """New entries, their seats, and the moves that seated and balanced them."""

    added: tuple[SeatedPlayer, ...]
    moves: tuple[Move, ...]
    entries: int
    players_left: int
    opened: tuple[int, ...] = ()
    """Tables opened for these entries (every open table was full)."""
    language: str = "en"
    """The tournament's language: the moves are read aloud in it (tdtool.i18n)."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool player add --json`."""
        return {
            "added": [p.to_dict() for p in self.added],
            "moves": moves_json(self.moves),
            "opened": list(self.opened),
        }


def register(
    db: Path,
    names: Sequence[str],
    ask: Ask | None = None,
    player_ids: Sequence[int | None] = (),
) -> Registered:
    """Register one entry per name (after the draw each gets a seat at once, TDA 8A);
    `player_ids` link them to the player registry (tdtool.app.registry.link_names)."""
    before: dict[str, set[int]] = {}

    def build(s: State, now: float, rng: Any, choose: Any) -> Any:
        before["open"] = set(s.plan.open_tables())
        return director.register(s, list(names), now, rng, choose, player_ids)

    change = run_change(db, build, ask)
    state = change.state
    added = [e.data["name"] for e in change.events if e.kind == "player.registered"]
    return Registered(
        tuple(SeatedPlayer.of(state, n) for n in added),
        change.moves,
        state.event_entries,
        state.players_left,
        _opened(before, change.moves),
        state.terms.language,
    )


def _opened(before: dict[str, Any], moves: Sequence[Move]) -> tuple[int, ...]:
    """Tables a late entry opened (every open table was full): entered at a table that was not
    open before the change (`before["open"]`; nothing before the seat draw)."""
    was_open = before.get("open") or set()
    if not was_open:
        return ()
    return tuple(sorted({m.to_seat.table for m in moves if m.from_seat is None} - set(was_open)))


@dataclass(frozen=True)
class Finish:
    """A busted player's place; `through` > `place` when tied players share places."""

    name: str
    place: int
    through: int

    @property
    def tied(self) -> bool:
        """Whether the player shares places with others out in the same hand."""
        return self.through != self.place

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"name": self.name, "place": self.place, "through": self.through}


@dataclass(frozen=True)
class MoneyNews:
    """What a bust means for the money, to announce at any table count."""

    paid: int
    """Places paid."""
    bubble: bool
    """One player more than the places paid is left: the next player out wins nothing."""
    in_the_money: bool
    """This bust put the players left in the money."""
    next_place: int | None
    """The place the next player out finishes in, when it pays."""
    next_prize: int | None
    """What that place wins."""
    jump: int | None
    """How much more that is than the place just awarded (a pay jump), when more."""
    seats: int = 0
    """A satellite: the seats it awards."""
    seat_bubble: bool = False
    """A satellite with one player more than its seats left: the next player out misses a
    seat (and wins the cash remainder, if any)."""
    deal: bool = False
    """A deal has divided the prize pool among the players in it: no place wins more than
    the deal paid, so there is no bubble, no next prize and no pay jump to announce."""
    held_back: int = 0
    """What the deal held back for the winner (still played for)."""
    bounties: bool = False
    """Bounties are still on the heads of the players left (still played for)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (after a deal, "deal" is true and the keys of places say nothing more
        is paid by place)."""
        return {
            "paid": self.paid,
            "bubble": self.bubble,
            "in_the_money": self.in_the_money,
            "next_place": self.next_place,
            "next_prize": self.next_prize,
            "pay_jump": self.jump,
            "seats": self.seats,
            "seat_bubble": self.seat_bubble,
            "deal": self.deal,
            "held_back": self.held_back,
            "bounties": self.bounties,
        }


def money_news(state: State, before: int) -> MoneyNews | None:
    """The bubble, getting in the money and the pay jumps after a bust that left
    `state.players_left` of `before` players (None when nothing is paid or the money is
    still far off)."""
    from tdtool.tournament.money import accepted_deal, payout_table, state_payouts
    from tdtool.tournament.payouts import paid_count

    pool = state.prize_pool
    left = state.players_left
    if pool <= 0 or left < 1:
        return None
    paid = paid_count(state.terms, pool, state.event_entries, payout_table(state))
    deal = accepted_deal(state)
    if deal is not None:  # the deal paid the places: what is left is the rest
        heads = bool(state.terms.bounties)
        return MoneyNews(paid, False, False, None, None, None, deal=True,
                         held_back=deal.hold_back, bounties=heads)  # fmt: skip
    seats = state.seats_awarded
    if paid <= 0 or left > paid + 1:
        return None
    seat_bubble = seats > 0 and left == seats + 1
    if left == paid + 1:
        return MoneyNews(paid, True, False, None, None, None, seats, seat_bubble)
    amounts = state_payouts(state).amounts
    prize = amounts[left - 1] if left - 1 < len(amounts) else None
    last = amounts[left] if left < len(amounts) else 0
    jump = prize - last if prize is not None and 0 < last < prize and left > 1 else None
    if seats and left <= seats:
        jump = prize = None  # the seats are decided: no next place
    return MoneyNews(
        paid,
        False,
        before > paid >= left,
        left if left > 1 and prize is not None else None,
        prize if left > 1 else None,
        jump if left > 1 else None,
        seats,
        seat_bubble,
    )


@dataclass(frozen=True)
class Busted:
    """Players out in one hand, the moves that followed and where the tournament stands."""

    busted: tuple[Finish, ...]
    moves: tuple[Move, ...]
    players_left: int
    tables: int
    winner: str | None
    hand_for_hand_next: bool
    """The next hand is on the money bubble: play it hand-for-hand (RP-8)."""
    late_registration_open: bool
    """Places move down as new entries arrive while late registration is open."""
    stale_buttons: tuple[tuple[int, int], ...]
    """(table, minutes ago): buttons that decided a move though recorded a while ago."""
    may_rebuy: tuple[SeatedPlayer, ...] = ()
    """Busted during the rebuy period: each may rebuy into the seat shown; the tables are
    settled at the next bust (or `tdtool seat balance`) once it is known who stays out."""
    rebuy_until: int | None = None
    """The last level of the rebuy period (when `may_rebuy`)."""
    money: MoneyNews | None = None
    """The bubble, the money and the pay jumps (None while the money is far off)."""
    knockouts: tuple[Knockout, ...] = ()
    """The bounties this bust collected and who got them."""
    bounty_now: tuple[tuple[str, int], ...] = ()
    """(eliminator, cents on their head now) of a PKO's eliminators."""
    winner_bounty: int = 0
    """Cents of the winner's own bounty, collected at the end."""
    seats_decided: tuple[str, ...] = ()
    """A satellite whose seats this bust decided: the players who win them."""
    seat_value: int = 0
    own_bounties: tuple[tuple[str, int], ...] = ()
    language: str = "en"
    """The tournament's language: what the director reads aloud is in it (tdtool.i18n)."""
    """(name, cents) of the own bounties the seat winners still in collect when this bust
    decided a satellite's seats."""
    left_short: int | None = None
    """A table left two short: it breaks next, within two busts (`seating.left_short`)."""
    held_for_late_entries: tuple[int, int] | None = None
    """(table, players): the players fit one table fewer, but late registration is open, so
    the table that breaks next stays open until `players` or fewer are left (an open seat
    for a late entry at every other table, `seating.held_for_late_entries`)."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool player bust --json`."""
        return {
            "busted": [b.to_dict() for b in self.busted],
            "moves": moves_json(self.moves),
            "players_left": self.players_left,
            "tables": self.tables,
            "winner": self.winner,
            "hand_for_hand_next": self.hand_for_hand_next,
            "may_rebuy": [p.to_dict() for p in self.may_rebuy],
            "money": None if self.money is None else self.money.to_dict(),
            "knockouts": [k.to_dict() for k in self.knockouts],
            "seats_decided": list(self.seats_decided),
            "held_for_late_entries": None
            if self.held_for_late_entries is None
            else dict(zip(("table", "breaks_at"), self.held_for_late_entries, strict=True)),
        }


def _who_busted(db: Path, name: str) -> str:
    """': Dana recorded that bust at 21:04 (change 57)' from the log, for a player busted
    already (often by another laptop a moment before); "" when the log does not say."""
    import time

    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        busts = [
            e
            for e in store.events(["player.busted"])
            if any(p.get("name") == name for p in e.data.get("players", ()))
        ]
    if not busts:
        return ""
    e = busts[-1]
    who = f"{e.operator} recorded" if e.operator else "recorded"
    return (
        f": {who} that bust at {time.strftime('%H:%M', time.localtime(e.at))} (change {e.change})"
    )


def bust(
    db: Path,
    names: Sequence[str],
    stacks: Sequence[int] | None = None,
    hand_for_hand: bool = False,
    ask: Ask | None = None,
    by: Mapping[str, Sequence[str]] | None = None,
    anywhere: bool = False,
) -> Busted:
    """Players out in one hand (ranked by `stacks` at its start), then balance/break (TDA 10B,
    11) or form the final table (RP-9); `by` names who knocked each one out (their bounty),
    each at the busted player's table unless `anywhere`."""
    try:
        change = run_change(
            db,
            lambda s, now, rng, choose: director.bust(
                s,
                list(names),
                rng,
                None if stacks is None else list(stacks),
                hand_for_hand,
                choose,
                now,
                by,
                anywhere,
            ),
            ask,
        )
    except director.AlreadyOut as exc:
        raise director.AlreadyOut(exc.name, _who_busted(db, exc.name)) from None
    state = change.state
    busted = next(e for e in change.events if e.kind == "player.busted").data["players"]
    named = sum(1 for b in busted if b.get("by"))
    knockouts = tuple(state.knockouts[len(state.knockouts) - named :])
    finishes = []
    for b in busted:
        place = state.place(b["name"])
        assert place is not None
        finishes.append(Finish(b["name"], place.place, place.place + place.tied - 1))
    now = change.now  # what the bust was recorded at decides the rebuys and registration
    moves = change.moves
    winner = state.winner()
    held = not moves and winner is None and director.rebuys_open(state, now)
    may_rebuy = tuple(
        SeatedPlayer(
            f.name,
            state.last_seat[f.name].table if f.name in state.last_seat else None,
            state.last_seat[f.name].seat if f.name in state.last_seat else None,
        )
        for f in finishes
        if held
    )
    from tdtool.tournament.bounty import own_collected

    pko = state.terms.pko
    eliminators = dict.fromkeys(s.name for k in knockouts for s in k.shares)
    left = state.players_left  # counted once: 30,000 players at a festival
    return Busted(
        knockouts=knockouts,
        bounty_now=tuple((n, state.player(n).bounty) for n in eliminators) if pko else (),
        winner_bounty=own_collected(state).get(winner, 0) if winner else 0,
        seats_decided=state.seats_won(),
        own_bounties=tuple(own_collected(state).items()) if state.seat_winners() else (),
        seat_value=state.terms.satellite_value,
        language=state.terms.language,
        money=None if may_rebuy else money_news(state, left + len(finishes)),
        may_rebuy=may_rebuy,
        rebuy_until=director.rebuy_until(state) if may_rebuy else None,
        busted=tuple(finishes),
        moves=moves,
        players_left=left,
        tables=len(state.plan.open_tables()),  # not state.tables: a copy of every table
        winner=winner,
        hand_for_hand_next=director.hand_for_hand_next(state),
        late_registration_open=not state.finished
        and state.money.deal is None  # a deal closes registration (director.register)
        and registration_open(state, now),
        stale_buttons=tuple(stale_buttons(state, moves_json(moves), now).items()),
        held_for_late_entries=held_for_late_entries(state.plan)
        if not may_rebuy and director.entries_to_come(state, now)
        else None,
        left_short=None
        if may_rebuy
        else left_short(state.plan, late_registration=director.entries_to_come(state, now)),
    )


@dataclass(frozen=True)
class Renamed:
    """A name corrected, and where the player sits (None: not seated)."""

    old: str
    player: SeatedPlayer
    status: str

    def to_dict(self) -> dict[str, Any]:
        """`tdtool player rename --json`."""
        return {"old": self.old, "new": self.player.name, "status": self.status,
                "table": self.player.table, "seat": self.player.seat}  # fmt: skip


def rename(db: Path, old: str, new: str) -> Renamed:
    """Correct a player's name: one recorded change (`undo` takes it back); the seat, the
    results, the sheets and the knockouts name the player so from now on."""
    change = run_change(db, lambda s, now, rng, choose: director.rename(s, old, new))
    renamed = next(e for e in change.events if e.kind == "player.renamed").data
    state = change.state
    return Renamed(renamed["old"], SeatedPlayer.of(state, renamed["new"]),
                   state.status(renamed["new"]))  # fmt: skip


@dataclass(frozen=True)
class Removed:
    """A registration taken out: the refund, the moves that balanced the tables after it."""

    name: str
    refund: int
    moves: tuple[Move, ...]
    entries: int
    players_left: int
    language: str = "en"
    """The tournament's language: the moves are read aloud in it (tdtool.i18n)."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool player remove --json`."""
        return {"removed": self.name, "refund": self.refund, "moves": moves_json(self.moves),
                "entries": self.entries, "players_left": self.players_left}  # fmt: skip


def remove(db: Path, name: str, not_played: bool = False, ask: Ask | None = None) -> Removed:
    """Take out a registration entered by mistake before it played (director.remove)."""
    change = run_change(
        db, lambda s, now, rng, choose: director.remove(s, name, rng, choose, not_played, now), ask
    )
    gone = next(e for e in change.events if e.kind == "player.removed").data
    state = change.state
    return Removed(
        gone["name"], gone["refund"], change.moves, state.event_entries, state.players_left,
        state.terms.language,
    )  # fmt: skip


@dataclass(frozen=True)
class Reentered:
    """A busted player entered again and where they sit."""

    player: SeatedPlayer
    entries: int
    """The player's entries, this one included."""
    moves: tuple[Move, ...]
    opened: tuple[int, ...] = ()
    """The table opened for this entry (every open table was full)."""
    bounty: int | None = None
    """Cents on the player's head now: the new bounty bought (None: no bounties)."""
    language: str = "en"
    """The tournament's language: the moves are read aloud in it (tdtool.i18n)."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool player reenter --json` ("bounty_cents" only with bounties)."""
        return {
            **self.player.to_dict(),
            "entries": self.entries,
            "moves": moves_json(self.moves),
            "opened": list(self.opened),
        } | _bounty_json(self.bounty)


def reenter(db: Path, name: str, ask: Ask | None = None) -> Reentered:
    """A busted player enters again (if the terms allow it and registration is open)."""
    before: dict[str, Any] = {}

    def build(s: State, now: float, rng: Any, choose: Any) -> Any:
        before["open"] = set(s.plan.open_tables())
        return director.reenter(s, name, now, rng, choose)

    change = run_change(db, build, ask)
    p = change.state.player(name)
    return Reentered(
        SeatedPlayer.of(change.state, p.name),
        p.entries,
        change.moves,
        _opened(before, change.moves),
        _bounty_of(change.state, p.name),
        change.state.terms.language,
    )


def _bounty_of(state: State, name: str) -> int | None:
    """Cents on the player's head, or None when the tournament has no bounties."""
    return state.player(name).bounty if state.terms.bounties else None


def _bounty_json(cents: int | None) -> dict[str, Any]:
    return {} if cents is None else {"bounty_cents": cents}


@dataclass(frozen=True)
class Rebought:
    """A rebuy sold: the chips to hand over."""

    name: str
    rebuys: int
    """The player's rebuys, this one included."""
    chips: int
    back_in: SeatedPlayer | None = None
    """Set when the player had busted in the rebuy period: where they sit down again."""
    same_seat: bool = False
    """Whether that is the seat they busted from."""
    moves: tuple[Move, ...] = ()
    opened: tuple[int, ...] = ()
    """The table opened to seat the returning player (every open table was full)."""
    bounty: int | None = None
    """Cents on the player's head after the rebuy (None: no bounties)."""
    language: str = "en"
    """The tournament's language: the moves are read aloud in it (tdtool.i18n)."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool player rebuy --json` ("bounty_cents" only with bounties)."""
        out: dict[str, Any] = {"name": self.name, "rebuys": self.rebuys, "chips": self.chips}
        out |= _bounty_json(self.bounty)
        if self.back_in is not None:
            out["back_in"] = {**self.back_in.to_dict(), "same_seat": self.same_seat}
            out["moves"] = moves_json(self.moves)
            out["opened"] = list(self.opened)
        return out


def rebuy(db: Path, name: str, ask: Ask | None = None) -> Rebought:
    """A player buys a rebuy (per the terms, until the rebuy period ends); a player who busted
    in the rebuy period comes back in (the bust is taken back)."""
    before: dict[str, Any] = {}

    def build(s: State, now: float, rng: Any, choose: Any) -> Any:
        p = s.player(name)
        before["busted"] = p.busted
        before["seat"] = s.last_seat.get(p.name)
        before["open"] = set(s.plan.open_tables())
        return director.rebuy(s, name, now, rng, choose)

    change = run_change(db, build, ask)
    state = change.state
    p = state.player(name)
    if not before.get("busted"):
        return Rebought(p.name, p.rebuys, state.rebuy_chips, bounty=_bounty_of(state, p.name))
    entry = [m for m in change.moves if m.player == p.name and m.from_seat is None]
    same = bool(entry) and entry[0].to_seat == before.get("seat")
    where = SeatedPlayer.of(state, p.name)
    return Rebought(
        p.name,
        p.rebuys,
        state.rebuy_chips,
        where,
        same,
        change.moves,
        _opened(before, change.moves),
        _bounty_of(state, p.name),
        state.terms.language,
    )


@dataclass(frozen=True)
class AddonTaken:
    """An add-on sold: the chips to hand over."""

    name: str
    addons: int
    chips: int

    def to_dict(self) -> dict[str, Any]:
        """`tdtool player addon --json`."""
        return {"name": self.name, "addons": self.addons, "chips": self.chips}


def addon(db: Path, name: str) -> AddonTaken:
    """A player still in takes the add-on (once per entry)."""
    change = run_change(db, lambda s, now, rng, choose: director.addon(s, name, now))
    p = change.state.player(name)
    return AddonTaken(p.name, p.addons, change.state.addon_chips)


@dataclass(frozen=True)
class PlayerRow:
    """One player (their current entry) as the player list shows them."""

    name: str
    status: str
    """`seated`, `unseated` or `busted`."""
    table: int | None
    seat: int | None
    place: int | None
    tied: int | None
    """How many share the place (None unless tied)."""
    entries: int
    rebuys: int
    addons: int
    bounty: BountyRow | None = None
    """The player's bounty, bounties won and knockouts (None: the terms have no bounties)."""
    chips: int | None = None
    """The player's recorded count (`player chips`, plus rebuys and add-ons since); None:
    not counted in this entry, or out."""
    big_blinds: float | None = None
    """That count in big blinds of the level being played."""

    def to_dict(self) -> dict[str, Any]:
        """One row of `tdtool player list --json` ("tied" only when tied; the bounty keys
        only when the tournament has bounties)."""
        row: dict[str, Any] = {
            "name": self.name,
            "status": self.status,
            "table": self.table,
            "seat": self.seat,
            "place": self.place,
            "entries": self.entries,
            "rebuys": self.rebuys,
            "addons": self.addons,
            "chips": self.chips,
            "big_blinds": self.big_blinds,
        }
        if self.tied:
            row["tied"] = self.tied
        if self.bounty is not None:
            b = self.bounty.to_dict()
            del b["name"]
            row |= b
        return row


@dataclass(frozen=True)
class PlayerList:
    """Every player, in registration order."""

    rows: tuple[PlayerRow, ...]

    def to_list(self) -> list[dict[str, Any]]:
        """`tdtool player list --json`."""
        return [r.to_dict() for r in self.rows]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, under "players"."""
        return {"players": self.to_list()}


def player_rows(state: State, big_blind: int | None = None) -> PlayerList:
    """The player list of a state (`big_blind` of the level being played: the counts in
    big blinds)."""
    from tdtool.tournament.bounty import bounties
    from tdtool.tournament.chip_counts import in_big_blinds

    heads = bounties(state)
    by_name = {r.name: r for r in heads.rows} if heads is not None else {}
    rows = []
    places = state.places()
    for p in state.players.values():
        place = places[p.name]
        seat = state.plan.seat_of(p.name)
        rows.append(
            PlayerRow(
                name=p.name,
                status=state.status(p.name),
                table=seat.table if seat else None,
                seat=seat.seat if seat else None,
                place=place.place if place else None,
                tied=place.tied if place and place.tied > 1 else None,
                entries=p.entries,
                rebuys=p.rebuys,
                addons=p.addons,
                bounty=by_name.get(p.name),
                chips=p.chips,
                big_blinds=in_big_blinds(p.chips, big_blind),
            )
        )
    return PlayerList(tuple(rows))


def players(db: Path) -> PlayerList:
    """Every player of the tournament in `db`."""
    from tdtool.app.chips import big_blind_now

    state, now = read_state_at(db)
    return player_rows(state, big_blind_now(state, now))


def bounty_view(db: Path) -> tuple[str, Bounties, str]:
    """The tournament's name, its bounties and its language (RuleError when its terms have
    none)."""
    from tdtool.errors import RuleError
    from tdtool.i18n import language_of
    from tdtool.tournament.bounty import bounties

    state = read_state(db)
    view = bounties(state)
    if view is None:
        raise RuleError("This tournament has no bounties", "(set {created:bounty AMOUNT}).")
    return state.name, view, language_of(state)


def eliminators(names: list[str], given: list[str]) -> dict[str, list[str]]:
    """--by of a bust: busted name -> eliminators. `NAME` (or `A,B`: a split pot) applies to
    every busted player not given as `BUSTED=NAME` (or `BUSTED=A,B`)."""
    from tdtool.errors import InputError

    plain: list[str] = []
    each: dict[str, list[str]] = {}
    for value in given:
        target, sep, rest = value.partition("=")
        who = [n.strip() for n in (rest if sep else value).split(",") if n.strip()]
        if (sep and not target.strip()) or not who or "=" in rest:
            raise InputError(
                f"--by {value!r}: give NAME (A,B for a split pot), or BUSTED=NAME for each"
                " player out."
            )
        if sep:
            each.setdefault(target.strip(), []).extend(who)
        else:
            plain.extend(who)
    out = dict(each)
    if plain:
        named = {k.casefold() for k in each}
        rest_out = [n for n in names if n.casefold() not in named]
        if not rest_out:
            raise InputError(
                f"--by {','.join(plain)}: every player out is already given as BUSTED=NAME."
            )
        for n in rest_out:
            out[n] = plain
    return out
