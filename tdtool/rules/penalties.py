"""The house's penalties where the rules leave a penalty to the TD (TDA 71A; house choice
`penalties`): acting out of turn (TDA 53A, 58), exposing cards with action pending (TDA 68),
saying pot in no-limit (TDA 54D), a conditional statement (TDA 59).

>>> from tdtool.rules.house import HouseRules
>>> from tdtool.rules.rulings import Profile, rule_player_exposes
>>> house = HouseRules(Profile.TDA, "Friday", (("penalties", "no-penalty"),))
>>> (ruling,) = house_penalties((rule_player_exposes(Profile.TDA, 9, "Anna"),), house)
>>> ruling.rule, ruling.steps[-1]
('house rule (Friday: penalties no-penalty); TDA 68, 71B', 'House rule: no penalty for this.')
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tdtool.rules.rulings import Irregularity, Ruling

if TYPE_CHECKING:
    from tdtool.rules.house import HouseRules

CONCERNED = (
    Irregularity.OUT_OF_TURN,
    Irregularity.PLAYER_EXPOSES,
    Irregularity.DECLARATION,
    Irregularity.CONDITIONAL_STATEMENT,
)
"""The rulings whose steps leave a penalty to the TD."""

HOUSE_STEP = {
    "warning-first": "House penalty: a verbal warning the first time; after that a one-round"
    " penalty, the player missing one hand for each player at the table, starting after this"
    " hand (TDA 71A, 71C).",
    "no-penalty": "House rule: no penalty for this.",
}
"""What the house does instead of leaving it to the TD, by value of the choice."""

_CLAUSES = (
    ("; consider a penalty.", "."),
    ("; a penalty is at the TD's discretion.", "."),
    (" Consider a penalty.", ""),
)


def _without_penalty(step: str) -> str:
    """The step without its sentence leaving a penalty to the TD ('' if that was all)."""
    if step in ("Consider a penalty.", "Any penalty is the floor's call and starts after the"
                " hand ends."):  # fmt: skip
        return ""
    for clause, instead in _CLAUSES:
        step = step.replace(clause, instead)
    return step


def house_penalties(rulings: tuple[Ruling, ...], house: HouseRules | None) -> tuple[Ruling, ...]:
    """The rulings with the house's penalty where the book leaves it to the TD."""
    if house is None or not house.changed("penalties"):
        return rulings
    out = []
    for ruling in rulings:
        if ruling.irregularity not in CONCERNED or not any(
            "penalt" in s.lower() for s in ruling.steps
        ):
            out.append(ruling)
            continue
        steps = [t for t in (_without_penalty(s) for s in ruling.steps) if t]
        steps.append(HOUSE_STEP[house.get("penalties")])
        out.append(replace(ruling, steps=tuple(steps), rule=house.note("penalties") + ruling.rule))
    return tuple(out)
