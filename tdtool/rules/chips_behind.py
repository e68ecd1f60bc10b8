"""Chips found behind an all-in player after a call (TDA 62): `chips found behind WHO N`.

The hand file gives a player's whole stack, so `WHO all-in` put in the hidden chips too; the
line says N of them were found behind later, after a call. tdtool rules them not part of the
action, as TDA 62 does unless the TD finds them part of accepted action (TDA 49): the all-in
was for what could be seen, the calls of it come down to that, and the N chips are set aside.
If the player wins anything, they are not paid off for the chips but keep them; if they lose,
the chips do not save them and go to the winner of the main pot, as the TD may award them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tdtool.errors import InputError
from tdtool.names import and_list
from tdtool.rules.betting import Verb
from tdtool.rules.pots import split
from tdtool.rules.rulings import Irregularity, Ruling

if TYPE_CHECKING:
    from tdtool.rules.entry import IrregularityLine
    from tdtool.rules.hand import Replay


@dataclass(frozen=True, slots=True)
class Found:
    """Chips found behind one all-in player: how many, on which line, and the calls brought
    down to the all-in as seen (seat -> chips back)."""

    seat: int
    chips: int
    line: int
    all_in: int
    back: tuple[tuple[int, int], ...]


def _n(amount: int) -> str:
    return f"{amount:,}"


def found(replay: Replay, record: IrregularityLine) -> Found:
    """Check the line and set the chips aside (exit 2 where TDA 62 does not apply)."""
    b = replay.betting
    where = replay.where(record.line)
    assert record.seat is not None
    seat, chips = record.seat, record.amount or 0
    i = b.index[seat]
    who = b.players[i].name
    if b.folded[i] or not b.all_in[i]:
        raise InputError(
            f"{where}: `{record.text}`: {who} is not all-in; chips found behind matter for a"
            " player who moved all-in (TDA 62)."
        )
    if any(f.seat == seat for f in replay.found):
        raise InputError(f"{where}: `{record.text}`: chips were already found behind {who}.")
    k, move = next((k, m) for k, m in reversed(list(enumerate(b.moves))) if m.seat == seat)
    if not any(m.verb is Verb.CALL for m in b.moves[k + 1 :] if m.street is move.street):
        raise InputError(
            f"{where}: `{record.text}`: nobody has called {who}'s all-in yet, so the chips are"
            " simply part of it (an all-in is every chip); TDA 62 is about chips found after a"
            " call."
        )
    if move.street is b.street and b.to_act is not None:
        raise InputError(
            f"{where}: `{record.text}`: write it once the {b.street} betting is over (the"
            f" players still to act face the all-in as it stands)."
        )
    if chips >= move.to:
        raise InputError(
            f"{where}: `{record.text}`: {who}'s all-in was {_n(move.to)} in all on the"
            f" {move.street}, so fewer chips than that can have been hidden behind it."
        )
    back = b.set_aside(seat, chips)
    return Found(seat, chips, record.line, move.to - chips, tuple(back.items()))


def settle(
    f: Found,
    names: dict[int, str],
    winnings: dict[int, int],
    main_winners: tuple[int, ...],
    chip: int,
) -> tuple[dict[int, int], Ruling]:
    """Who gets the chips set aside once the pots are decided, and the ruling."""
    who = names[f.seat]
    steps = [
        f"{_n(f.chips)} of {who}'s chips were found behind after the all-in was called: hidden,"
        " they were not part of the action (unless the TD finds them part of accepted action,"
        " TDA 49).",
        f"{who}'s all-in is the {_n(f.all_in)} that could be seen.",
    ]
    if f.back:
        steps.append(
            "The calls come down to it: "
            + and_list([f"{names[s]} gets {_n(c)} back" for s, c in f.back])
            + "."
        )
    if winnings.get(f.seat, 0) > 0 or not main_winners:
        steps.append(f"{who} wins but is not paid off for the chips: {who} keeps them.")
        return {f.seat: f.chips}, Ruling(
            f.line,
            Irregularity.CHIPS_BEHIND,
            False,
            "TDA 62",
            tuple(steps),
            f"{who}'s {_n(f.chips)} chips found behind are not part of the action; {who} keeps"
            " them.",
        )
    shares = dict(split(f.chips, list(main_winners), chip))
    takers = and_list([names[s] for s in main_winners])
    steps.append(
        f"{who} loses and is not saved by the chips: they go to the winning caller, {takers},"
        " as the TD may award them."
    )
    return shares, Ruling(
        f.line,
        Irregularity.CHIPS_BEHIND,
        False,
        "TDA 62",
        tuple(steps),
        f"{who}'s {_n(f.chips)} chips found behind do not save {who}: they go to {takers}.",
    )
