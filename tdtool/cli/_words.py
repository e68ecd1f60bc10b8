"""How the CLI words the actions an error's hint names (see tdtool.errors): as commands."""

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
