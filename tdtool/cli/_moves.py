"""Moves as the floor reads them aloud."""

from __future__ import annotations

from collections.abc import Sequence

from tdtool.tournament.events import move_line
from tdtool.tournament.seating import Move

_HEAD = {
    "table-break": "Table {table} breaks; its players go to their new seats:",
    "balance": "Balance the tables (TDA 11):",
    "final-table": "Final table (RP-9): everyone draws a new seat:",
    "late-entry": "New seats:",
    "draw": "Seat draw:",
    "by-hand": "Moved by hand:",
}


def move_lines(moves: Sequence[Move]) -> list[str]:
    """Moves grouped under a heading per reason (and per broken table)."""
    lines: list[str] = []
    head = None
    for m in moves:
        reason = str(m.reason)
        table = m.from_seat.table if m.from_seat else None
        key = (reason, table if reason == "table-break" else None)
        if key != head:
            head = key
            lines.append(_HEAD.get(reason, f"{reason}:").format(table=table))
        lines.append(f"  {move_line(m)}")
    if any(m.chosen_by_tool for m in moves):
        lines.append(
            "Record the buttons with `tdtool seat button TABLE SEAT` so moves follow TDA 11"
            " exactly (the player due the big blind moves)."
        )
    return lines


def left_short_line(table: int) -> str:
    """Why a table two short gets nobody: it breaks within two busts."""
    return (
        f"Table {table} plays two short: it breaks next, within two busts, so nobody is moved"
        " there to move again when it breaks (TDA 11D halts a table only at three short)."
    )


def opened_lines(opened: Sequence[int], moves: Sequence[Move]) -> list[str]:
    """What to say when a late entry opened a table: that it opens, and how many move there."""
    lines = []
    for table in opened:
        moved = sum(1 for m in moves if m.to_seat.table == table and m.from_seat is not None)
        line = f"Table {table} opens: every table in play was full (TDA 8A)."
        if moved:
            who = "1 player moves" if moved == 1 else f"{moved} players move"
            line += (
                f" {who} there, the fewest that leave no table 3 or more players short"
                " (TDA 11D); the next late entries sit there first."
            )
        lines.append(line)
    return lines
