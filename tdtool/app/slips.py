"""What the floor reads aloud, in the tournament's language (tdtool.i18n): the moves as slips,
a table left short, tables opened, what each knockout paid. The CLI prints these lines and
`tdtool serve` shows them on the floor's phone, the same words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tdtool.i18n import Words, words
from tdtool.tournament.seating import Move


def _head(reason: str, table: int | None, _: Words) -> str:
    heads = {
        "table-break": _("Table %(table)s breaks; its players go to their new seats:", table=table),
        "balance": _("Balance the tables (TDA 11):"),
        "final-table": _("Final table (RP-9): everyone draws a new seat:"),
        "late-entry": _("New seats:"),
        "draw": _("Seat draw:"),
        "by-hand": _("Moved by hand:"),
    }
    return heads.get(reason, f"{reason}:")


def move_line(m: Move, _: Words) -> str:
    """'Table 3, seat 7 (Anna) → Table 1, seat 4'; a new entry: 'Anna → Table 1, seat 4'
    (tdtool.tournament.events.move_line, in a language)."""
    to = _("Table %(table)s, seat %(seat)s", table=m.to_seat.table, seat=m.to_seat.seat)
    if m.from_seat is None:
        line = f"{m.player} → {to}"
    else:
        at = _("Table %(table)s, seat %(seat)s", table=m.from_seat.table, seat=m.from_seat.seat)
        line = f"{at} ({m.player}) → {to}"
    if m.chosen_by_tool:
        line += "   " + _("(the tool chose who moves: no button recorded)")
    return line


def move_lines(moves: Sequence[Move], _: Words | None = None) -> list[str]:
    """Moves grouped under a heading per reason (and per broken table), in the language of
    `_` (English when None)."""
    _ = _ or words()
    lines: list[str] = []
    head = None
    for m in moves:
        reason = str(m.reason)
        table = m.from_seat.table if m.from_seat else None
        key = (reason, table if reason == "table-break" else None)
        if key != head:
            head = key
            lines.append(_head(reason, table, _))
        lines.append(f"  {move_line(m, _)}")
    if any(m.chosen_by_tool for m in moves):
        lines.append(
            "Record the buttons with `tdtool seat button TABLE SEAT` so moves follow TDA 11"
            " exactly (the player due the big blind moves)."
        )
    return lines


def left_short_line(table: int, _: Words | None = None) -> str:
    """Why a table two short gets nobody: it breaks within two busts (in the language of
    `_`, English when None)."""
    _ = _ or words()
    return _(
        "Table %(table)s plays two short: it breaks next, within two busts, so nobody is moved"
        " there to move again when it breaks (TDA 11D halts a table only at three short).",
        table=table,
    )


def opened_lines(opened: Sequence[int], moves: Sequence[Move], _: Words | None = None) -> list[str]:
    """What to say when a late entry opened a table: that it opens, and how many move there
    (in the language of `_`, English when None)."""
    _ = _ or words()
    lines = []
    for table in opened:
        moved = sum(1 for m in moves if m.to_seat.table == table and m.from_seat is not None)
        line = _("Table %(table)s opens: every table in play was full (TDA 8A).", table=table)
        if moved:
            line += " " + _.ngettext(
                "%(num)s player moves there, the fewest that leave no table 3 or more players"
                " short (TDA 11D); the next late entries sit there first.",
                "%(num)s players move there, the fewest that leave no table 3 or more players"
                " short (TDA 11D); the next late entries sit there first.",
                moved,
            )
        lines.append(line)
    return lines


def bounty_lines(result: Any, _: Words) -> list[str]:
    """What each knockout paid, to read aloud: 'Carl collects Anna's bounty: 25 ...' (in the
    language of the Words `_`)."""
    money = _.cash
    lines = []
    for k in result.knockouts:
        if not k.collected:
            continue
        if len(k.shares) == 1 and not k.shares[0].added:
            s = k.shares[0]  # a fixed bounty: paid whole
            lines.append(
                _(
                    "%(name)s collects %(busted)s's bounty: %(amount)s.",
                    name=s.name,
                    busted=k.busted,
                    amount=money(s.paid),
                )
            )
        elif len(k.shares) == 1:
            s = k.shares[0]
            what = _("%(amount)s paid", amount=money(s.paid))
            if s.added:
                what += _(
                    ", %(amount)s added to %(name)s's bounty", amount=money(s.added), name=s.name
                )
            lines.append(
                _(
                    "%(name)s collects %(busted)s's bounty of %(amount)s: %(what)s.",
                    name=s.name,
                    busted=k.busted,
                    amount=money(k.collected),
                    what=what,
                )
            )
        else:
            parts = "; ".join(
                _("%(name)s %(amount)s paid", name=s.name, amount=money(s.paid))
                + (_(" + %(amount)s to their bounty", amount=money(s.added)) if s.added else "")
                for s in k.shares
            )
            lines.append(
                _(
                    "Split pot: %(busted)s's bounty of %(amount)s is shared: %(parts)s.",
                    busted=k.busted,
                    amount=money(k.collected),
                    parts=parts,
                )
            )
    if result.bounty_now:
        now = ", ".join(f"{n} {money(c)}" for n, c in result.bounty_now)
        lines.append(_("Bounties now: %(list)s.", list=now))
    return lines
