"""What the director does, as pure functions: current state in, the events to record out.

Each function checks the request against the state and the rules first (raising RuleError
or InputError, so nothing is recorded), then returns the list of `(kind, data)` events
that make up the change. The caller appends them in one transaction. Randomness comes in
as an `rng` argument; the time as `now`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tdtool.errors import InputError, RuleError
from tdtool.tournament import seating
from tdtool.tournament.events import (
    BustedEntry,
    ClockEndDay,
    ClockPause,
    PlayerAddon,
    PlayerBusted,
    PlayerRebuy,
    PlayerReentered,
    PlayerRegistered,
    PlayerRemoved,
    PlayerRenamed,
    SeatButton,
    SeatDrawn,
    SeatLocked,
    SeatMoved,
    SeatUnlocked,
)
from tdtool.tournament.places import Bust, finishing_places
from tdtool.tournament.rng import Rng
from tdtool.tournament.seating import Chooser, Move, MoveReason, Seat
from tdtool.tournament.state import Player, State, clock_reading, current_level, registration_open
from tdtool.tournament.structure import Break, Level

Events = list[tuple[str, dict[str, Any]]]


class AlreadyOut(RuleError):
    """A bust of a player already out (another terminal may have recorded it first); the
    app layer names who recorded that bust, which only the log knows."""

    def __init__(self, name: str, recorded: str = "") -> None:
        super().__init__(f"{name} is already out{recorded};", "{players} shows who is in.")
        self.name = name


def batches(moves: Sequence[Move]) -> list[list[Move]]:
    """Split moves into the batches `TablePlan.apply_moves` replays exactly.

    A table break's moves and the final-table draw each take seats as one batch; every other
    move (a balance move, a late entry) is a batch of its own.
    """
    out: list[list[Move]] = []
    for m in moves:
        prev = out[-1][-1] if out else None
        same = (
            prev is not None
            and prev.reason == m.reason
            and (
                m.reason is MoveReason.FINAL_TABLE
                or m.reason is MoveReason.DRAW
                or (
                    m.reason is MoveReason.TABLE_BREAK
                    and prev.from_seat is not None
                    and m.from_seat is not None
                    and prev.from_seat.table == m.from_seat.table
                )
            )
        )
        if same:
            out[-1].append(m)
        else:
            out.append([m])
    return out


def _move_events(moves: Sequence[Move]) -> Events:
    return [SeatMoved(tuple(b)).event() for b in batches(moves)]


def entries_to_come(state: State, now: float | None) -> bool:
    """Whether late entries or re-entries are still to come at `now`: the clock has started,
    the structure names the last level of late registration (or the terms that of re-entry)
    and the clock has not passed it. Then a table breaks only when its players fit the others
    with an open seat left at each (`seating.fits_one_table_fewer`), so it is not opened
    again by the next entry. Without a structure, before the clock starts, or with
    registration that never closes, the tool cannot tell where the evening stands, and tables
    break as soon as the players fit."""
    from tdtool.tournament.clock import ClockAction

    if now is None or state.structure is None:
        return False
    if not any(f.action is ClockAction.START for f in state.clock.facts):
        return False
    level = current_level(state, now)
    closes = state.structure.late_registration
    if closes is not None and level <= closes:
        return True
    until = state.terms.reentry_until
    return bool(state.terms.reentry) and until is not None and level <= until


def _settle(state: State, rng: Rng, choose: Chooser | None, now: float | None = None) -> Events:
    """Balance, break and form the final table as the plan needs (moves applied to the plan);
    while entries are to come at `now`, a break leaves them seats (`entries_to_come`)."""
    late = entries_to_come(state, now)
    return _move_events(seating.rebalance(state.plan, rng, choose, late_registration=late))


def _seat_late(
    state: State, names: Sequence[str], rng: Rng, choose: Chooser | None, now: float | None
) -> Events:
    """Seat late entries (TDA 8A), then settle: when an entry opened a table, only as many
    players move there as leave no table 3 or more short (TDA 11D, `seat_late_entries`)."""
    late = entries_to_come(state, now)
    moves = seating.seat_late_entries(state.plan, names, rng, choose, late_registration=late)
    return _move_events(moves)


def _clean_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InputError("A player's name cannot be empty.")
    if "," in cleaned or "=" in cleaned:
        # a list of stacks by name (Anna=5000,Ben=3000) could not name this player.
        raise InputError(
            f"{cleaned!r}: a name cannot hold ',' or '=' (deals list players as NAME=CHIPS,...);"
            " write it without them."
        )
    return cleaned


def _refuse_after_deal(state: State, what: str) -> None:
    """A deal divided the prize pool among the players left: nothing may add to it."""
    from tdtool.tournament.money import accepted_deal

    if accepted_deal(state) is not None:
        raise RuleError(
            f"{what} is closed: the players left have made a deal that divides the prize pool.",
            "If the deal was a mistake, take it back with {undo} first.",
        )


def now_playing(state: State, now: float) -> str:
    """Where the clock is, to be read aloud: 'level 7 is being played' or 'the break before
    level 7 is on' (on a break the next level's number applies, see `current_level`)."""
    if state.structure is None:
        return f"level {current_level(state, now)} is being played"
    reading = clock_reading(state, now)
    if reading.on_break:
        return f"the break before level {reading.level.number} is on"
    return f"level {reading.level.number} is being played"


def _require_open(state: State, now: float, what: str) -> None:
    _refuse_after_deal(state, what)
    if not registration_open(state, now):
        closes = state.structure.late_registration if state.structure else None
        raise RuleError(
            f"{what} is closed: late registration ended after level {closes},"
            f" and {now_playing(state, now)}."
        )


def register(
    state: State,
    names: list[str],
    now: float,
    rng: Rng,
    choose: Chooser | None = None,
    player_ids: Sequence[int | None] = (),
) -> Events:
    """New entries, one per name (names are unique as the look-ups read them: any case, with or
    without accents, `same_name`); `player_ids`, in the same order, link entries to the player
    registry (None: not linked), each id at most once in a tournament (`one_entry_per_id`).

    After the draw each takes a random open seat at a table with the fewest players (TDA 8A),
    and the tables are balanced. Changes `state.plan`.
    """
    ids = list(player_ids) + [None] * (len(names) - len(player_ids))
    one_entry_per_id(state, names, ids)
    if not names:
        raise InputError("Name at least one player to register,", "e.g. {register:Anna}.")
    _require_open(state, now, "Registration")
    from tdtool.names import ascii_fold

    events: Events = []
    seen: dict[str, str] = {}
    for raw, player_id in zip(names, ids, strict=False):
        name = _clean_name(raw)
        folded = ascii_fold(name)
        if folded in seen:
            first = seen[folded]
            same = "is named twice" if first == name else f"and {first!r} are one name"
            raise InputError(
                f"{name!r} {same} to every look-up (which ignores case and accents);"
                " register each player once, and tell two people of one name apart"
                " (e.g. add an initial)."
            )
        seen[folded] = name
        existing = same_name(state, name)
        if existing is not None:
            plain = "{" not in existing.name and "}" not in existing.name
            if existing.busted:
                hint = "use {reenter:" + existing.name + "}." if plain else "use {reenter}."
            else:
                example = (' e.g. {register:"' + existing.name + ' B"}') if plain else ""
                hint = (
                    "if this is another person of that name, register them under a name told"
                    f" apart (an initial, a nickname),{example}."
                )
            alike = "" if existing.name == name else f" ({name!r} is the same name to look-ups)"
            raise RuleError(f"{existing.name} is already registered{alike};", hint)
        events.append(PlayerRegistered(name, player_id).event())
    if state.drawn:
        events += _seat_late(state, [d["name"] for _, d in events], rng, choose, now)
    return events


def one_entry_per_id(state: State, names: Sequence[str], ids: Sequence[int | None]) -> None:
    """A registry id stands for one person: RuleError when an id is already on an entry of
    this tournament under another name, or given twice (their entries are re-entries)."""
    if all(i is None for i in ids):
        return  # nothing linked: no walk through a field of 30,000
    from tdtool.names import ascii_fold

    taken = {p.player_id: p.name for p in state.players.values() if p.player_id is not None}
    for name, player_id in zip(names, ids, strict=False):
        if player_id is None:
            continue
        if player_id in taken and ascii_fold(taken[player_id]) != ascii_fold(name):
            raise RuleError(
                f"#{player_id} is already registered in this tournament as"
                f" {taken[player_id]!r}; {name!r} would be a second entry of the same person"
                " (a re-entry, if the terms allow it)."
            )
        taken.setdefault(player_id, name)


def same_name(state: State, name: str) -> Player | None:
    """The registered player whose name every look-up reads as `name`: the same letters in
    any case, with or without accents, ł, ø, ß and the like spelled plainly (tdtool.names,
    `ascii_fold`); None when there is none.

    An ASCII name's key (its name folded to lower case) is its `ascii_fold` already, so only
    the names with other letters are folded here: a late entry at 30,000 players folds those
    few, not every name."""
    from tdtool.names import ascii_fold

    found = state.players.get(name.casefold())
    if found is not None:
        return found
    folded = ascii_fold(name)
    found = state.players.get(folded)
    if found is not None:
        return found
    for p in state.players.values():
        if not p.name.isascii() and ascii_fold(p.name) == folded:
            return p
    return None


def rename(state: State, old: str, new: str) -> Events:
    """Correct a player's name (a typo at registration): the same person keeps their entries,
    seat, places, knockouts and chips under the new name. Refused when the new name is, to
    the look-ups, another player's (`same_name`); a change of case or accents alone is fine."""
    p = state.player(old)
    name = _clean_name(new)
    if name == p.name:
        raise InputError(f"{p.name} is already called so; give the name to change it to.")
    other = same_name(state, name)
    if other is not None and other is not p:
        raise RuleError(
            f"{other.name} is already registered, so {p.name} cannot take that name;",
            "give a name told apart (an initial, a nickname).",
        )
    return [PlayerRenamed(p.name, name).event()]


def remove(
    state: State,
    name: str,
    rng: Rng,
    choose: Chooser | None = None,
    not_played: bool = False,
    now: float | None = None,
) -> Events:
    """Take out a registration entered by mistake, before it played: not a bust (no place),
    the entry leaves the entries and the prize pool and its price is refunded; after the draw
    the tables are balanced (TDA 11). Refused once anything was recorded of the entry's play
    (a bust, a re-entry, a rebuy, an add-on, a chip count, a knockout), after a deal, and for a
    seated player once the clock has started unless the director says no hand was dealt to
    them (`not_played`)."""
    from tdtool.tournament.clock import ClockAction

    p = state.player(name)
    played = (
        "is out of the tournament" if p.busted
        else "has re-entered" if p.entries > 1
        else "has rebought" if p.rebuys
        else "has taken the add-on" if p.addons
        else "has a chip count" if p.chips is not None
        else "has won a bounty" if p.bounty_won
        else ""
    )  # fmt: skip
    if not played and any(p.name == s.name for k in state.knockouts for s in k.shares):
        played = "has knocked a player out"
    if (
        not played
        and state.origin is not None
        and any(b.name == p.name for b in state.origin.players)
    ):
        played = "advanced from a flight"
    if played:
        raise RuleError(
            f"{p.name} {played}: the entry has played, so its registration cannot be taken out;",
            "a player who is out is recorded with {bust}; the last change can be taken back"
            " with {undo}.",
        )
    _refuse_after_deal(state, "Taking out a registration")
    seat = state.plan.seat_of(p.name)
    started = any(f.action is ClockAction.START for f in state.clock.facts)
    if seat is not None and started and not not_played:
        raise RuleError(
            f"{p.name} sits at table {seat.table}, seat {seat.seat}, and the clock has started:"
            f" {p.name} may have been dealt in.",
            "If no hand was dealt to them, take the registration out with {option:not-played};"
            " if they played, they bust ({bust}).",
        )
    t = state.terms
    events: Events = [PlayerRemoved(p.name, t.buy_in + t.bounty + t.fee).event()]
    if seat is not None:
        state.plan.remove(p.name)
        events += _settle(state, rng, choose, now)
    return events


def reenter(state: State, name: str, now: float, rng: Rng, choose: Chooser | None = None) -> Events:
    """A busted player enters again (per the terms, until late registration closes).

    After the draw they take a random open seat as a late entry does (TDA 8A).
    """
    p = state.player(name)
    if not state.terms.reentry:
        raise RuleError(
            "This tournament has no re-entry",
            f"(set {{created:reentry}}); {p.name.replace('{', '{{').replace('}', '}}')} stays out.",
        )
    if not p.busted:
        raise RuleError(f"{p.name} is still in the tournament; only a busted player can re-enter.")
    most = state.terms.max_entries
    if most is not None and p.entries >= most:
        more = {1: "no re-entry", 2: "the first and one re-entry"}.get(
            most, f"the first and {most - 1} re-entries"
        )
        raise RuleError(
            f"{p.name} has had {most} entr{'y' if most == 1 else 'ies'}, as many as this"
            f" tournament allows a player ({more}); {p.name} stays out."
        )
    until = state.terms.reentry_until
    if until is None:
        _require_open(state, now, "Re-entry")
    else:
        _refuse_after_deal(state, "Re-entry")
        if current_level(state, now) > until:
            raise RuleError(
                f"Re-entry is closed: it ended after level {until}, and"
                f" {now_playing(state, now)}; {p.name} stays out."
            )
    events: Events = [PlayerReentered(p.name).event()]
    if state.drawn:
        events += _seat_late(state, [p.name], rng, choose, now)
    return events


def rebuy_until(state: State) -> int | None:
    """The last level of the rebuy period (the terms, else the late-registration level)."""
    return state.terms.rebuy_until or (
        state.structure.late_registration if state.structure else None
    )


def rebuys_open(state: State, now: float) -> bool:
    """Whether rebuys are sold at `now`: the terms sell them, the rebuy period runs, no deal."""
    from tdtool.tournament.money import accepted_deal

    if state.terms.rebuy_price <= 0 or accepted_deal(state) is not None:
        return False
    until = rebuy_until(state)
    return until is None or current_level(state, now) <= until


def rebuy(
    state: State, name: str, now: float, rng: Rng | None = None, choose: Chooser | None = None
) -> Events:
    """A player buys more chips, per the terms, until the rebuy period ends.

    A player who busted during the rebuy period may rebuy too: that takes the bust back
    (their place is gone) and they sit down again, in the seat they busted from if it is
    still free, else in a random open seat (TDA 8A); the tables are settled after.
    """
    p = state.player(name)
    t = state.terms
    if t.rebuy_price <= 0:
        raise RuleError("This tournament sells no rebuys", "(set {created:rebuy PRICE}).")
    until = rebuy_until(state)
    level = current_level(state, now)
    if until is not None and level > until:
        gone = f" {p.name} is out" + (";" if t.reentry else ".") if p.busted else ""
        raise RuleError(
            f"Rebuys ended after level {until}, and {now_playing(state, now)}.{gone}",
            "they may re-enter with {reenter}." if p.busted and t.reentry else "",
        )
    _refuse_after_deal(state, "Rebuying")
    events: Events = [PlayerRebuy(p.name).event()]
    if p.busted and state.drawn:
        seat = state.last_seat.get(p.name)
        held = (
            seat is not None
            and seat.table in state.plan.open_tables()
            and seat.seat in state.plan.open_seats(seat.table)
        )
        assert rng is not None, "a returning player's seat may be drawn: pass the rng"
        if held:
            assert seat is not None
            move = Move(p.name, None, seat, MoveReason.LATE_ENTRY)
            state.plan.apply(move)
            events += _move_events([move]) + _settle(state, rng, choose, now)
        else:
            events += _seat_late(state, [p.name], rng, choose, now)
    return events


def addon_period(state: State) -> tuple[int, int] | None:
    """(index of the period, number of the level before it) in which add-ons are sold:
    the period right after the rebuy period's last level, normally the add-on break.
    None when the structure has no such period."""
    if state.structure is None:
        return None
    until = state.terms.addon_after or rebuy_until(state)
    if until is None:
        return None
    periods = state.structure.periods
    for i, period in enumerate(periods):
        if isinstance(period, Level) and period.number == until and i + 1 < len(periods):
            return i + 1, until
    return None


def addon(state: State, name: str, now: float) -> Events:
    """A player still in takes the add-on (once per entry), at the add-on break per the terms."""
    p = state.player(name)
    if state.terms.addon_price <= 0:
        raise RuleError("This tournament has no add-on", "(set {created:addon PRICE}).")
    if p.busted:
        raise RuleError(f"{p.name} is out of the tournament and cannot take the add-on.")
    if p.addons >= p.entries:
        raise RuleError(f"{p.name} has already taken the add-on for this entry.")
    _refuse_after_deal(state, "The add-on")
    window = addon_period(state)
    if window is not None and state.structure is not None:
        index, after = window
        period = state.structure.periods[index]
        when = (
            f"at the break after level {after}"
            if isinstance(period, Break)
            else f"after level {after}, during level {after + 1}"
        )
        reading = clock_reading(state, now)
        if reading.period_index != index or reading.past_last_level:
            raise RuleError(
                f"The add-on is sold {when} (the end of the rebuy period), and now"
                f" {now_playing(state, now)}."
            )
    return [PlayerAddon(p.name).event()]


def draw(state: State, rng: Rng) -> Events:
    """The random seat draw for everyone registered (TDA 7, 8A), tables filled evenly."""
    if state.drawn:
        raise RuleError(
            "Seats are already drawn; players registered now get a seat at once",
            "({seats} shows the plan).",
        )
    players = [p.name for p in state.players.values() if not p.busted]
    if len(players) < 2:
        raise RuleError(
            f"{'No player is' if not players else 'Only one player is'} registered;",
            "register at least two with {register:NAME...} before the draw.",
        )
    moves = seating.draw(state.plan, players, rng)
    return [SeatDrawn(tuple(moves)).event()]


def bust(
    state: State,
    names: Sequence[str],
    rng: Rng,
    stacks: Sequence[int] | None = None,
    hand_for_hand: bool = False,
    choose: Chooser | None = None,
    now: float | None = None,
    by: Mapping[str, Sequence[str]] | None = None,
    anywhere: bool = False,
) -> Events:
    """Players out in one hand: their places (RP-8; ranked by `stacks` at the start of the
    hand, ties when equal), then the balancing moves or breaks that follow (TDA 10B, 11).

    `by` names who knocked each busted player out (busted name -> eliminators; several: a
    split pot, who share the bounty, `tdtool.tournament.bounty`). A tournament with bounties
    needs it for every busted player. An eliminator must sit at the busted player's table
    (hand-for-hand too: one hand is dealt at each table), unless the director says the
    knockout stands as given (`anywhere`: a player moved during the hand, a seat recorded
    wrongly).

    During the rebuy period (`now` given and `rebuys_open`) the tables are left as they are:
    a busted player may rebuy and sit down again in the same seat (`rebuy`), so the moves
    wait for the next bust or `balance`, when it is known who stays out."""
    if not names:
        raise InputError("Name the busted player(s),", "e.g. {bust:Anna}.")
    if not state.drawn:
        raise RuleError("Seats are not drawn yet;", "run {draw} first.")
    decided = state.seats_won()
    if decided:
        raise RuleError(
            f"The satellite is over: its {len(decided)} seats are decided ("
            + ", ".join(decided)
            + ")."
        )
    if stacks is not None and len(stacks) != len(names):
        raise InputError(
            f"{len(stacks)} starting stack(s) given for {len(names)} player(s);",
            "give one per player, in the same order, with {option:stacks}.",
        )
    if stacks is not None and 0 in stacks:
        raise InputError(
            "A player with no chips was not dealt into the hand;",
            "give with {option:stacks} the chips each had at the start of the hand (more than 0).",
        )
    players = [state.player(n) for n in names]
    for p in players:
        if p.busted:
            raise AlreadyOut(p.name)
    eliminators = _eliminators(state, [p.name for p in players], by or {})
    if not anywhere:
        _verify_same_table(state, eliminators)
    busts = []
    for i, p in enumerate(players):
        seat = state.plan.seat_of(p.name)
        busts.append(
            Bust(p.name, None if stacks is None else stacks[i], seat.table if seat else None)
        )
    finishes = finishing_places(busts, state.players_left, hand_for_hand)
    best = min(f.place for f in finishes)
    by_name = {f.player: f for f in finishes}
    busted = PlayerBusted(
        tuple(
            BustedEntry(
                name=b.player,
                rank=by_name[b.player].place - best,
                stack=b.stack,
                table=b.table,
                place=by_name[b.player].place,
                through=by_name[b.player].through,
                by=eliminators.get(b.player, ()),
            )
            for b in busts
        ),
        hand_for_hand,
    )
    for p in players:
        if state.plan.seat_of(p.name) is not None:
            state.plan.remove(p.name)
    left = state.players_left - len(players)
    if now is not None and rebuys_open(state, now) and left > 1:
        return [busted.event()]
    events = [busted.event(), *_settle(state, rng, choose, now)]
    seats = state.seats_awarded
    decided_now = left == 1 or (seats > 1 and left <= seats)
    over = decided_now and now is not None and state.structure is not None
    if over and now is not None and clock_reading(state, now).running:
        # The tournament is over (a winner, or a satellite's seats decided): its clock stops
        # (status and the displays show the winner or the seat winners).
        events.append(ClockPause().event())
    elif day_ends_now(state, left, now):
        # The day ends at a player count: the clock stops and keeps the time left.
        events.append(ClockEndDay().event())
    return events


def _eliminators(
    state: State, busted: list[str], by: Mapping[str, Sequence[str]]
) -> dict[str, tuple[str, ...]]:
    """Busted player -> who knocked them out, checked: every name a player, each eliminator
    still in after this hand and named once per busted player; every busted player named
    when the tournament has bounties."""
    out: dict[str, tuple[str, ...]] = {}
    folded = {n.casefold(): n for n in busted}
    for raw, names in by.items():
        target = state.player(raw).name
        if target.casefold() not in folded:
            raise InputError(
                f"An eliminator is named for {target}, who is not busted in this hand"
                f" ({', '.join(busted)})."
            )
        found: list[str] = []
        for name in names:
            p = state.player(name)
            if p.name.casefold() in folded:
                raise RuleError(
                    f"{p.name} busts in this hand and cannot have knocked out {target};",
                    "name a player who won the pot and is still in.",
                )
            if p.busted:
                raise RuleError(f"{p.name} is already out and cannot have knocked out {target}.")
            if p.name in found:
                raise InputError(
                    f"{p.name} is named twice as {target}'s eliminator; name each once."
                )
            found.append(p.name)
        if found:
            out[target] = tuple(found)
    if state.terms.bounties:
        missing = [n for n in busted if n not in out]
        if missing:
            who = " and ".join(missing)
            raise InputError(
                f"This tournament has bounties: say who knocked out {who},",
                "e.g. {option:by} NAME (give it twice for a split pot: they share the"
                " bounty; with several players out, {option:by} BUSTED=NAME for each).",
            )
    return out


def _verify_same_table(state: State, eliminators: Mapping[str, Sequence[str]]) -> None:
    """Refuse a knockout by a player seated at another table than the busted player's: only
    a player dealt into the same hand can win their chips (checked where both are seated)."""
    for busted, names in eliminators.items():
        where = state.plan.seat_of(busted)
        if where is None:
            continue
        for name in names:
            theirs = state.plan.seat_of(name)
            if theirs is not None and theirs.table != where.table:
                raise RuleError(
                    f"{name} sits at table {theirs.table} and {busted} at table {where.table}:"
                    f" only a player in {busted}'s hand, at table {where.table}, can knock"
                    f" {busted} out.",
                    "Check the names; if the knockout is right all the same (a player moved"
                    " during the hand), bust again with {option:anywhere}.",
                )


def day_ends_now(state: State, left: int, now: float | None) -> bool:
    """Whether a bust leaving `left` players ends the day (the term `day_ends_at`) now."""
    target = state.terms.day_ends_at
    if target is None or now is None or state.structure is None or left <= 1:
        return False
    if not left <= target < state.players_left:
        return False
    reading = clock_reading(state, now)
    return reading.running and not reading.day_ended


def balance(
    state: State, rng: Rng, choose: Chooser | None = None, now: float | None = None
) -> Events:
    """Balance now: breaks, TDA 11 moves and the final table as the plan needs."""
    if not state.drawn:
        raise RuleError("Seats are not drawn yet;", "run {draw} first.")
    return _settle(state, rng, choose, now)


def break_table(
    state: State, table: int, rng: Rng, choose: Chooser | None = None, now: float | None = None
) -> Events:
    """Break a table now (TDA 10B, 11C): its players draw new seats, then balance."""
    if not state.drawn:
        raise RuleError("Seats are not drawn yet;", "run {draw} first.")
    open_tables = state.plan.open_tables()
    if table in open_tables and len(open_tables) < 2:
        raise RuleError(f"Table {table} is the only table in play; it cannot break.")
    moves = seating.break_table(state.plan, table, rng)
    return _move_events(moves) + _settle(state, rng, choose, now)


def button(state: State, table: int, seat: int) -> Events:
    """Record where the button is at a table (TDA 11A moves then follow it exactly)."""
    if not state.drawn:
        raise RuleError("Seats are not drawn yet;", "run {draw} first.")
    state.plan.set_button(table, seat)
    return [SeatButton(table, seat).event()]


def _table_seat(state: State, table: int, seat: int) -> Seat:
    """The seat, checked: a table in play and a seat it has."""
    if not state.drawn:
        raise RuleError("Seats are not drawn yet;", "run {draw} first.")
    plan = state.plan
    if table not in plan.open_tables():
        raise RuleError(
            f"Table {table} is not in play; tables in play: "
            + ", ".join(str(t) for t in plan.open_tables())
            + "."
        )
    if not 1 <= seat <= plan.capacity(table):
        raise InputError(f"Table {table} has seats 1-{plan.capacity(table)}; give one of those.")
    return Seat(table, seat)


def move_by_hand(state: State, name: str, table: int, seat: int, lock: bool = False) -> Events:
    """The director moves a seated player to an open seat at a table in play (a broken chair,
    a player in the wrong seat, a feature table); with `lock` the new seat is locked too, so
    balancing and breaking leave the player there (`seating.TablePlan.lock`). A lock on the
    seat left ends with the move. Nothing else moves: the next bust balances the tables."""
    p = state.player(name)
    if p.busted:
        raise RuleError(f"{p.name} is out of the tournament;", "{players} shows who is in.")
    to = _table_seat(state, table, seat)
    now_seat = state.plan.seat_of(p.name)
    if now_seat is None:
        raise RuleError(
            f"{p.name} has no seat yet;",
            "players get their seats at the draw ({draw}) and as they enter.",
        )
    if now_seat == to:
        raise RuleError(f"{p.name} already sits at {to}.")
    there = state.plan.players_at(table).get(seat)
    if there is not None:
        open_seats = ", ".join(str(s) for s in state.plan.open_seats(table)) or "none"
        raise RuleError(
            f"{to} is taken by {there}; move {there} first, or choose an open seat"
            f" (open at table {table}: {open_seats})."
        )
    move = Move(p.name, now_seat, to, MoveReason.BY_HAND)
    state.plan.apply(move)
    events = [SeatMoved((move,)).event()]
    if lock:
        state.plan.lock(to)
        events.append(SeatLocked(to.table, to.seat, p.name).event())
    return events


def lock(state: State, table: int, seat: int) -> Events:
    """Lock a seat: its player stays there when the tool balances or breaks tables, and
    their table breaks only when unlocked (TDA 9: accommodations for special needs; a
    feature table)."""
    where = _table_seat(state, table, seat)
    if where in state.plan.locked():
        who = state.plan.players_at(table)[seat]
        raise RuleError(f"{where} ({who}) is already locked.")
    player = state.plan.lock(where)
    return [SeatLocked(table, seat, player).event()]


def unlock(
    state: State,
    table: int,
    seat: int,
    rng: Rng,
    choose: Chooser | None = None,
    now: float | None = None,
) -> Events:
    """Take a seat's lock off: balancing and breaking may move its player again, and the plan
    settles at once (`_settle`). A lock keeps its table from breaking, so when every table
    left held one the players may fit one table fewer already: the table due breaks now
    rather than at the next bust, and tables the lock kept uneven are balanced."""
    where = Seat(table, seat)
    state.plan.unlock(where)
    return [SeatUnlocked(table, seat).event(), *_settle(state, rng, choose, now)]


def hand_for_hand_next(state: State) -> bool:
    """Whether the next hand is played hand-for-hand: the money bubble, tables in play (RP-8);
    never after a deal, which has paid the places."""
    from tdtool.tournament.money import accepted_deal, payout_table
    from tdtool.tournament.payouts import paid_count
    from tdtool.tournament.places import hand_for_hand_applies

    pool = state.prize_pool
    if pool <= 0 or accepted_deal(state) is not None:
        return False
    paid = paid_count(state.terms, pool, state.event_entries, payout_table(state))
    seats = state.seats_awarded  # a satellite's seat bubble too
    also = (seats,) if seats > 1 else ()
    return hand_for_hand_applies(state.players_left, len(state.plan.open_tables()), paid, also)
