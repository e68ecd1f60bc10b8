"""The printed house-rules sheet (`tdtool rules print RULES`): every named choice of a rule
set, what this house decides on it and the rule, made from the same house rules file that
`hand check --rules` reads, so the paper on the wall and the rulings cannot disagree. It is
printed in the room's language (`--language`): the headings, each choice's question and what
the house decides come from the catalogue (tdtool.i18n); rule numbers and the house's own
name stay as written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdtool.rules.house import CHOICES, N_, HouseRules
from tdtool.rules.rulings import Profile

if TYPE_CHECKING:
    from tdtool.io.money_sheets import Sheet

BOOKS = {
    Profile.TDA: N_("the Poker TDA rules (2024)"),
    Profile.ROBERT: N_("Robert's Rules of Poker"),
}


def house_sheet(house: HouseRules, lang: str = "en") -> Sheet:
    """The sheet: the book the house starts from, then one row per choice (its question, the
    rule, what this house does), a house's change marked with `*`."""
    from tdtool.i18n import words
    from tdtool.io.money_sheets import Sheet

    _ = words(lang)
    book = _(BOOKS[house.base])
    changed = [c for c in CHOICES if house.changed(c.name)]
    lines = [_("Play is by %(book)s, with the house's choices below.", book=book)]
    if changed:
        lines.append(
            _(
                "* marks a change to the book (%(changed)s of %(choices)s).",
                changed=len(changed),
                choices=len(CHOICES),
            )
        )
    else:
        lines.append(_("This house plays every one of them as the book does."))
    rows = tuple(
        (
            _(c.title),
            c.rule,
            _upper_first(_(c.meaning(house.get(c.name)))) + (" *" if house.changed(c.name) else ""),
        )
        for c in CHOICES
    )
    name = house.name if house.source is not None else book
    return Sheet(
        title=_("House rules: %(name)s", name=f"{name[:1].upper()}{name[1:]}"),
        headers=(_("Question"), _("Rule"), _("This house")),
        rows=rows,
        lines=tuple(lines),
        lang=lang,
    )


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]
