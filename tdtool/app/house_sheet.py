"""The printed house-rules sheet (`tdtool rules print RULES`): every named choice of a rule
set, what this house decides on it and the rule, made from the same house rules file that
`hand check --rules` reads, so the paper on the wall and the rulings cannot disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdtool.rules.house import CHOICES, HouseRules
from tdtool.rules.rulings import Profile

if TYPE_CHECKING:
    from tdtool.io.money_sheets import Sheet

BOOKS = {Profile.TDA: "the Poker TDA rules (2024)", Profile.ROBERT: "Robert's Rules of Poker"}


def house_sheet(house: HouseRules) -> Sheet:
    """The sheet: the book the house starts from, then one row per choice (its question, the
    rule, what this house does), a house's change marked with `*`."""
    from tdtool.io.money_sheets import Sheet

    changed = [c for c in CHOICES if house.changed(c.name)]
    lines = [f"Play is by {BOOKS[house.base]}, with the house's choices below."]
    if changed:
        lines.append(f"* marks a change to the book ({len(changed)} of {len(CHOICES)}).")
    else:
        lines.append("This house plays every one of them as the book does.")
    rows = tuple(
        (
            c.title,
            c.rule,
            _upper_first(c.meaning(house.get(c.name))) + (" *" if house.changed(c.name) else ""),
        )
        for c in CHOICES
    )
    name = house.name if house.source is not None else BOOKS[house.base]
    return Sheet(
        title=f"House rules: {name[:1].upper()}{name[1:]}",
        headers=("Question", "Rule", "This house"),
        rows=rows,
        lines=tuple(lines),
    )


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]
