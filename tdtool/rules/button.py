"""Where the button and the blinds go this hand, from where they were the hand before.

The hand file's `previous:` block gives the button and blinds of the hand before at the table;
the seats of this hand say who is still there. Two ways of moving them, a house choice
(`button_movement`):

- `dead-button` (TDA 32; RRoP Button and Blind Use 2(b)): the big blind moves on to the next
  player, the small blind is the seat that had the big blind (none if that player is gone) and
  the button the seat that had the small blind (even an empty one). Nobody skips the big blind.
- `moving-button`: the button moves on to the next player and the blinds are the two players
  after it; a player may miss a blind, nobody posts dead.

Heads-up, the button posts the small blind (TDA 34B), and starting heads-up the button is set
so nobody has the big blind twice running: the big blind is the next player after the last
big blind. Pure: no I/O.

>>> expected((1, 2, 3, 4), Positions(1, 2, 3)).positions
Positions(button=2, small_blind=3, big_blind=4)
>>> expected((1, 2, 4), Positions(1, 2, 3)).positions  # seat 3 busted: a dead small blind
Positions(button=2, small_blind=None, big_blind=4)
>>> expected((1, 3, 4), Positions(1, 2, 3)).positions  # seat 2 busted: a dead button
Positions(button=2, small_blind=3, big_blind=4)
>>> expected((1, 3), Positions(1, 2, 3)).positions  # heads-up: seat 3 had the big blind
Positions(button=3, small_blind=3, big_blind=1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tdtool.rules.rulings import Irregularity, Ruling


@dataclass(frozen=True, slots=True)
class Positions:
    """The button and blind seats of one hand; `small_blind` None: no small blind (dead)."""

    button: int
    small_blind: int | None
    big_blind: int


@dataclass(frozen=True, slots=True)
class Expected:
    """Where the button and blinds belong this hand, the rule that puts them there and why."""

    positions: Positions
    rule: str
    steps: tuple[str, ...]


def _after(seats: Sequence[int], seat: int) -> int:
    """The first seat of `seats` clockwise strictly after `seat` (seat numbers wrap round)."""
    later = [s for s in sorted(seats) if s > seat]
    return later[0] if later else min(seats)


def expected(seats: Sequence[int], previous: Positions, movement: str = "dead-button") -> Expected:
    """This hand's button and blinds, given the occupied `seats` and the hand before."""
    if len(seats) < 2:
        raise ValueError("a hand needs two players")
    here = set(seats)
    if len(seats) == 2:
        big = _after(seats, previous.big_blind)
        button = next(s for s in seats if s != big)
        went = "had" if previous.big_blind in here else "was due after"
        return Expected(
            Positions(button, button, big),
            "TDA 34B",
            (
                f"Heads-up the button posts the small blind and acts first before the flop;"
                f" seat {button} has the button and the small blind.",
                f"Nobody has the big blind twice running: seat {previous.big_blind} {went} it"
                f" last hand, so seat {big} has it now.",
            ),
        )
    if movement == "moving-button":
        button = _after(seats, previous.button)
        small = _after(seats, button)
        big = _after(seats, small)
        return Expected(
            Positions(button, small, big),
            "TDA 32 set aside",
            (
                f"The button moves on to the next player, seat {button}.",
                f"The blinds are the next two players: small blind seat {small}, big blind"
                f" seat {big}; a player the blinds passed by posts no dead blind.",
            ),
        )
    last_small = previous.small_blind
    if last_small is None:
        raise ValueError(
            "the dead button needs the seat where the small blind was last hand (give its"
            " number, even for an empty seat)"
        )
    big = _after(seats, previous.big_blind)
    sb = previous.big_blind if previous.big_blind in here else None
    button = last_small
    if button == big:
        raise ValueError("the big blind would come round to the button")
    steps = [f"The big blind moves on to the next player, seat {big}."]
    if sb is None:
        steps.append(
            f"The small blind is the seat that had the big blind, seat {previous.big_blind},"
            " which is empty now: there is no small blind this hand (dead small blind)."
        )
    else:
        steps.append(f"The small blind is the seat that had the big blind, seat {sb}.")
    if button in here:
        steps.append(f"The button is the seat that had the small blind, seat {button}.")
    else:
        steps.append(
            f"The button is the seat that had the small blind, seat {button}, though it is"
            " empty now (a dead button): nobody skips the big blind."
        )
    return Expected(Positions(button, sb, big), "TDA 32", tuple(steps))


def _where(p: Positions) -> str:
    if p.small_blind == p.button:  # heads-up (TDA 34B)
        return f"button and small blind seat {p.button}, big blind seat {p.big_blind}"
    small = "none" if p.small_blind is None else f"seat {p.small_blind}"
    return f"button seat {p.button}, small blind {small}, big blind seat {p.big_blind}"


def rule_button(
    seats: Sequence[int],
    previous: Positions,
    actual: Positions,
    line: int,
    sa_line: int | None,
    movement: str = "dead-button",
    note: str = "",
) -> Ruling:
    """The ruling on this hand's button and blinds against the hand before (TDA 32, 34):
    where they belong and, when the hand put them elsewhere, what TDA 34A does about it.
    `sa_line`: the line where substantial action came (None: it never did); `note`: the
    house-rule note that starts the rule when the house chose the movement."""
    found = expected(seats, previous, movement)
    right = found.positions
    steps = list(found.steps)
    if actual == right:
        return Ruling(
            line,
            Irregularity.BUTTON_PLACEMENT,
            False,
            note + found.rule,
            tuple(steps),
            f"The button and blinds are where they belong: {_where(right)}.",
        )
    steps.append(
        f"This hand put them elsewhere ({_where(actual)}). Noticed before substantial action,"
        " the error is corrected: the chips go back, the button and blinds go where they belong"
        " and the cards are dealt again."
    )
    if sa_line is None:
        steps.append(
            "No substantial action came in this hand, so it was still to be corrected; the"
            " hand is now over and stands as played."
        )
    else:
        steps.append(
            f"Substantial action came on line {sa_line}: noticed after that, play goes on as"
            " dealt and the button is not backed up next hand; it moves on from here."
        )
    return Ruling(
        line,
        Irregularity.BUTTON_PLACEMENT,
        False,
        f"{note}{found.rule}, 34A",
        tuple(steps),
        f"The button and blinds belong on {_where(right)}; this hand had {_where(actual)}.",
    )
