"""Moves as the floor reads them aloud, and as JSON."""

from __future__ import annotations

from typing import Any

_HEAD = {
    "table-break": "Table {table} breaks; its players go to their new seats:",
    "balance": "Balance the tables (TDA 11):",
    "final-table": "Final table (RP-9): everyone draws a new seat:",
    "late-entry": "New seats:",
    "draw": "Seat draw:",
}


def recorded_moves(events: list[Any]) -> list[dict[str, Any]]:
    """The moves recorded by a change, in order (move dicts as stored)."""
    return [m for e in events if e.kind in ("seat.moved", "seat.drawn") for m in e.data["moves"]]


def _seat(d: dict[str, int]) -> str:
    return f"Table {d['table']}, seat {d['seat']}"


def move_line(m: dict[str, Any]) -> str:
    """'Table 3, seat 7 (Anna) → Table 1, seat 4'; a new entry: 'Anna → Table 1, seat 4'."""
    if m.get("from") is None:
        line = f"{m['player']} → {_seat(m['to'])}"
    else:
        line = f"{_seat(m['from'])} ({m['player']}) → {_seat(m['to'])}"
    if m.get("chosen_by_tool"):
        line += "   (the tool chose who moves: no button recorded)"
    return line


def move_lines(moves: list[dict[str, Any]]) -> list[str]:
    """Moves grouped under a heading per reason (and per broken table)."""
    lines: list[str] = []
    head = None
    for m in moves:
        reason = m["reason"]
        table = m["from"]["table"] if m.get("from") else None
        key = (reason, table if reason == "table-break" else None)
        if key != head:
            head = key
            lines.append(_HEAD.get(reason, f"{reason}:").format(table=table))
        lines.append(f"  {move_line(m)}")
    if any(m.get("chosen_by_tool") for m in moves):
        lines.append(
            "Record the buttons with `tdtool seat button TABLE SEAT` so moves follow TDA 11"
            " exactly (the player due the big blind moves)."
        )
    return lines
