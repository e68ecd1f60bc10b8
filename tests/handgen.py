"""Random legal hands, played through the betting engine's own legal-action API.

Shared by the property test, the pokerkit differential test and the adjudication
benchmark. The RNG is passed in (a `random.Random`), so every hand is reproducible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tdtool.cards import FULL_DECK, Card
from tdtool.game import Game, Variant
from tdtool.rules.betting import STREETS, Betting, Player, Stakes, Street, Verb
from tdtool.rules.entry import (
    ActionLine,
    BoardLine,
    EnteredHand,
    HandLine,
    SeatEntry,
    StraddleLine,
)

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
