"""Random legal hands, played through the betting engine's own legal-action API.

Shared by the property test, the pokerkit differential test and the adjudication
benchmark. The RNG is passed in (a `random.Random`), so every hand is reproducible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tdtool.cards import FULL_DECK, Card
from tdtool.errors import InputError
from tdtool.game import Game, Variant
from tdtool.rules.betting import STREETS, Betting, IllegalAction, Player, Stakes, Street, Verb
from tdtool.rules.entry import (
    ActionLine,
    BoardLine,
    ChipsLine,
    DeclarationLine,
    EnteredHand,
    HandLine,
    PullBackLine,
    Said,
    SeatEntry,
    StraddleLine,
)
from tdtool.rules.hand import Replay

BOARD = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}


@dataclass(frozen=True)
class Generated:
    """A random hand: the entry to replay, plus the moves for other engines to follow."""

    hand: EnteredHand
    order: tuple[int, ...]
    """Seats clockwise from the first seat left of the button (pokerkit's player order)."""
    moves: tuple[tuple[str, int | None], ...]
    """('fold'|'check'|'call'|'raise'|'board', amount or None) in order."""
    straddles: tuple[int, ...] = ()
    """The straddles posted, in order (each the total asked for, twice the previous)."""


def random_stakes(rng: random.Random, game: Game | None = None, bb_ante: bool = True) -> Stakes:
    """Blinds, antes and a game drawn at random."""
    big = rng.choice([2, 10, 100, 200, 1000])
    small = rng.choice([big // 2, big // 2, big])
    ante = rng.choice([0, 0, 0, max(1, big // 10)])
    bba = rng.choice([0, 0, big]) if bb_ante and not ante else 0
    if game is None:
        game = rng.choice(list(Game))
    return Stakes(
        small_blind=small,
        big_blind=big,
        game=game,
        ante=ante,
        bb_ante=bba,
        cap=rng.choice([4, 4, 3, 0]),
    )


def random_hand(
    rng: random.Random,
    stakes: Stakes | None = None,
    players: int | None = None,
    all_in: bool = False,
    deep: bool = False,
    chip: int = 1,
    variant: Variant = Variant.HOLDEM,
    straddles: int = 0,
) -> Generated:
    """Play one random hand of legal actions; `all_in` makes everyone shove or call pre-flop."""
    stakes = stakes or random_stakes(rng)
    n = players or rng.randint(2, 8)
    seats = sorted(rng.sample(range(1, 11), n))
    button = rng.choice(seats) if n == 2 else rng.randint(1, 10)
    big = stakes.big_blind
    top = 200 * big if deep else 60 * big
    stacks = {
        s: rng.randint(1, top) if rng.random() < 0.25 else rng.randint(10 * big, top) for s in seats
    }
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    names = {s: f"P{s}" for s in seats}
    hole = {s: tuple(deck.pop() for _ in range(variant.hole_cards)) for s in seats}
    betting = Betting(stakes, [Player(s, names[s], stacks[s]) for s in seats], button)
    lines: list[HandLine] = []
    moves: list[tuple[str, int | None]] = []
    posted: list[int] = []

    def add(record: HandLine) -> None:
        lines.append(record)

    for _ in range(straddles):
        who = betting.straddler()
        if who is None:
            break
        seat, amount = betting.players[who].seat, 2 * betting.current
        betting.straddle(seat, amount)
        posted.append(amount)
        add(StraddleLine(len(lines) + 10, f"{names[seat]} straddle {amount}", seat, amount))

    while not betting.hand_over:
        if betting.to_act is None:
            if betting.street is Street.RIVER:
                break
            street = STREETS[STREETS.index(betting.street) + 1]
            cards: tuple[Card, ...] = tuple(deck.pop() for _ in range(BOARD[street]))
            add(BoardLine(len(lines) + 10, f"{street} {' '.join(map(str, cards))}", street, cards))
            moves.append(("board", None))
            betting.next_street()
            continue
        opts = betting.options()
        seat = opts.seat
        verb, amount = _choose(rng, opts, all_in)
        move = betting.act(seat, verb, amount)
        moves.append(
            (
                str(move.verb) if move.verb is not Verb.BET else "raise",
                move.to if move.verb in (Verb.BET, Verb.RAISE) else None,
            )
        )
        text = f"{names[seat]} {verb}" + (f" {amount}" if amount is not None else "")
        add(ActionLine(len(lines) + 10, text, seat, verb, amount))
    entries = tuple(SeatEntry(s, names[s], stacks[s], hole[s], k + 3) for k, s in enumerate(seats))
    hand = EnteredHand(
        source="random",
        stakes=stakes,
        button=button,
        seats=entries,
        lines=tuple(lines),
        chip=chip,
        end_line=len(lines) + 10,
        variant=variant,
    )
    order = tuple(p.seat for p in betting.players)
    return Generated(hand, order, tuple(moves), tuple(posted))


def _choose(rng: random.Random, opts, all_in: bool) -> tuple[Verb, int | None]:
    if all_in:
        if opts.min_to is not None:
            if opts.all_in_to > opts.max_to:
                return Verb.RAISE, opts.max_to
            return Verb.ALL_IN, None
        return (Verb.CHECK, None) if opts.can_check else (Verb.CALL, None)
    roll = rng.random()
    if opts.min_to is not None and roll < 0.3:
        assert opts.max_to is not None
        pick = rng.random()
        if pick < 0.2 and opts.all_in_to <= opts.max_to:
            return Verb.ALL_IN, None
        amount = opts.min_to if pick < 0.5 else rng.randint(opts.min_to, opts.max_to)
        return (Verb.BET if opts.can_check and opts.call_to == 0 else Verb.RAISE), amount
    if not opts.can_check and roll > 0.8:
        return Verb.FOLD, None
    return (Verb.CHECK, None) if opts.can_check else (Verb.CALL, None)


# ---------------------------------------------------------------------------------------
# Hands with the floor's lines: chips put out, words said, prior chips pulled back, actions
# out of turn. Each line is drawn at random and kept only if the hand so far still replays
# (the tool itself decides what the chips or words amount to), so the hand stays legal.

DENOMINATIONS = (1, 5, 25, 100, 500, 1000, 5000)


def replay_lines(hand: EnteredHand) -> Replay:
    """The replay state after every line of `hand` (as `replay` plays them, without finishing)."""
    state = Replay(hand)
    lines = hand.lines
    for k, record in enumerate(lines):
        state.upcoming = lines[k + 1] if k + 1 < len(lines) else None
        state.apply(record)
    return state


def _some_chips(rng: random.Random, most: int) -> tuple[int, ...]:
    chips: list[int] = []
    left = rng.randint(1, most)
    while left > 0 and len(chips) < 8:
        fits = [d for d in DENOMINATIONS if d <= left]
        chip = rng.choice(fits[-3:])
        chips.append(chip)
        left -= chip if rng.random() < 0.8 else left
    return tuple(chips) or (1,)


def _floor_candidates(
    rng: random.Random, state: Replay, names: dict[int, str], n: int
) -> list[list[HandLine]]:
    """Lines to try for the player to act (or someone out of turn), the plain ones last."""
    b = state.betting
    assert b.to_act is not None
    opts = b.options()
    seat = opts.seat
    who = names[seat]
    i = b.to_act
    behind = b.stack[i]
    line = n + 10
    out: list[list[HandLine]] = []
    roll = rng.random()
    if roll < 0.25 and behind:
        amount = rng.randint(1, behind)
        out.append([ChipsLine(line, f"{who} puts {amount}", seat, amount)])
    elif roll < 0.45 and behind:
        chips = _some_chips(rng, behind)
        text = f"{who} puts chips {' '.join(map(str, chips))}"
        out.append([ChipsLine(line, text, seat, sum(chips), chips)])
    elif roll < 0.6:
        said = rng.choice(list(Said))
        amount = None
        if said in (Said.RAISE, Said.AMOUNT):
            amount = rng.randint(1, b.bet[i] + behind + 1)
        text = f"{who} says {'' if said is Said.AMOUNT else said} {amount or ''}".strip()
        out.append([DeclarationLine(line, text, seat, said, amount)])
        if said is Said.RAISE and behind:
            chips = _some_chips(rng, behind)
            puts = ChipsLine(line + 1, f"{who} puts chips", seat, sum(chips), chips)
            out.append([DeclarationLine(line, f"{who} says raise", seat, Said.RAISE), puts])
    elif roll < 0.68 and b.bet[i] and b.current > b.bet[i] and behind:
        chips = _some_chips(rng, behind)
        pull = PullBackLine(line, f"{who} pulls back", seat)
        out.append([pull, ChipsLine(line + 1, f"{who} puts chips", seat, sum(chips), chips)])
    elif roll < 0.85:
        due = [
            k
            for k in range(b.n)
            if k != i
            and not b.folded[k]
            and not b.all_in[k]
            and (b.bet[k] < b.current or b.level[k] is None)
            and b.players[k].seat not in state.talk.pending
        ]
        if due:
            k = rng.choice(due)
            other = b.players[k].seat
            verb = rng.choice([Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.CALL, Verb.RAISE])
            amount = None
            if verb is Verb.RAISE:  # the minimum raise stays legal while the action is unchanged
                if stakes_game(b) is Game.LIMIT:  # a full bet above the last full bet
                    amount = max(b.full_level + b._size(), b.current + 1)
                else:
                    amount = b.current + b.min_raise
                limited = other in state.talk.limited  # skipped past substantial action
                if (
                    limited
                    or b.level[k] is not None
                    or b._capped()
                    or amount >= b.bet[k] + b.stack[k]
                ):
                    verb, amount = Verb.CALL, None
            if verb is Verb.CHECK and b.current > b.bet[k]:
                verb = Verb.CALL
            text = f"{names[other]} {verb}{f' {amount}' if amount else ''} out of turn"
            out.append([ActionLine(line, text, other, verb, amount, out_of_turn=True)])
    verb, amount = _choose(rng, opts, all_in=False)
    text = f"{who} {verb}" + (f" {amount}" if amount is not None else "")
    out.append([ActionLine(line, text, seat, verb, amount)])
    plain = (Verb.CHECK, None) if opts.can_check else (Verb.CALL, None)
    out.append([ActionLine(line, f"{who} {plain[0]}", seat, plain[0])])
    return out


def stakes_game(b: Betting) -> Game:
    """The game of a hand being bet."""
    return b.stakes.game


def random_floor_hand(rng: random.Random, chip: int = 1) -> EnteredHand:
    """A random legal hand mixing chip-level lines, declarations and out-of-turn lines."""
    stakes = random_stakes(rng)
    n = rng.randint(2, 6)
    seats = sorted(rng.sample(range(1, 11), n))
    button = rng.choice(seats) if n == 2 else rng.randint(1, 10)
    big = stakes.big_blind
    stacks = {s: rng.randint(1, 60 * big) if rng.random() < 0.3 else 60 * big for s in seats}
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    names = {s: f"P{s}" for s in seats}
    entries = tuple(
        SeatEntry(s, names[s], stacks[s], (deck.pop(), deck.pop()), k + 3)
        for k, s in enumerate(seats)
    )

    def hand_of(lines: list[HandLine]) -> EnteredHand:
        return EnteredHand(
            source="random",
            stakes=stakes,
            button=button,
            seats=entries,
            lines=tuple(lines),
            chip=chip,
            end_line=len(lines) + 20,
        )

    lines: list[HandLine] = []
    state = replay_lines(hand_of(lines))
    while not state.over:
        b = state.betting
        if b.to_act is None:
            street = STREETS[STREETS.index(b.street) + 1]
            cards = tuple(deck.pop() for _ in range(BOARD[street]))
            lines.append(BoardLine(len(lines) + 10, f"{street} ...", street, cards))
            state = replay_lines(hand_of(lines))
            continue
        for records in _floor_candidates(rng, state, names, len(lines)):
            try:
                trial = replay_lines(hand_of([*lines, *records]))
            except (IllegalAction, InputError):
                continue
            lines.extend(records)
            state = trial
            break
        else:  # pragma: no cover - a plain call or check is always legal
            raise AssertionError("no legal line for the player to act")
    return hand_of(lines)
