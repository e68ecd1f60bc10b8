"""How an error's hint names the actions (see tdtool.errors): as the commands that take them.

The CLI words a refusal with these, and `tdtool serve` answers with the very same sentence,
so a refusal on a phone reads as it would in the terminal.
"""

from __future__ import annotations

ACTIONS: dict[str, str] = {
    "undo": "`tdtool undo`",
    "register": "`tdtool player add {}`",
    "reenter": "`tdtool player reenter {}`",
    "bust": "`tdtool player bust {}`",
    "chips": "`tdtool player chips {}`",
    "draw": "`tdtool seat draw`",
    "seats": "`tdtool seat show`",
    "players": "`tdtool player list`",
    "created": "at `tdtool new` with --{}",
    "new": "`tdtool new NAME --structure S`",
    "clock": "`tdtool clock {}`",
    "seat": "`tdtool seat {}`",
    "option": "--{}",
    "merge": "`tdtool players merge {}`",
}
