"""What the director does, as pure functions: current state in, the events to record out.

Each function checks the request against the state and the rules first (raising RuleError
or InputError, so nothing is recorded), then returns the list of `(kind, data)` events
that make up the change. The caller appends them in one transaction. Randomness comes in
as an `rng` argument; the time as `now`.
"""

from __future__ import annotations

from typing import Any

from tdtool.errors import InputError, RuleError
from tdtool.tournament.state import State, current_level, registration_open

Events = list[tuple[str, dict[str, Any]]]


def _clean_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InputError("A player's name cannot be empty.")
    return cleaned


def _require_open(state: State, now: float, what: str) -> None:
    if not registration_open(state, now):
        closes = state.structure.late_registration if state.structure else None
        raise RuleError(
            f"{what} is closed: late registration ended after level {closes}"
            f" and level {current_level(state, now)} is being played."
        )


def register(state: State, names: list[str], now: float) -> Events:
    """New entries, one per name (names are unique, any capitalisation)."""
    if not names:
        raise InputError("Name at least one player to register, e.g. `tdtool player add Anna`.")
    if state.drawn:
        _require_open(state, now, "Registration")
    events: Events = []
    seen: set[str] = set()
    for raw in names:
        name = _clean_name(raw)
        key = name.casefold()
        if key in seen:
            raise InputError(f"{name!r} is named twice; register each player once.")
        seen.add(key)
        existing = state.players.get(key)
        if existing is not None:
            hint = (
                f"use `tdtool player reenter {existing.name}`"
                if existing.busted
                else "give the new player a different name (e.g. add an initial)"
            )
            raise RuleError(f"{existing.name} is already registered; {hint}.")
        events.append(("player.registered", {"name": name}))
    return events


def reenter(state: State, name: str, now: float) -> Events:
    """A busted player enters again (per the terms, until late registration closes)."""
    p = state.player(name)
    if not state.terms.reentry:
        raise RuleError(
            "This tournament has no re-entry (set at `tdtool new` with --reentry);"
            f" {p.name} stays out."
        )
    if not p.busted:
        raise RuleError(f"{p.name} is still in the tournament; only a busted player can re-enter.")
    _require_open(state, now, "Re-entry")
    return [("player.reentered", {"name": p.name})]


def rebuy(state: State, name: str, now: float) -> Events:
    """A player still in buys more chips, per the terms."""
    p = state.player(name)
    t = state.terms
    if t.rebuy_price <= 0:
        raise RuleError("This tournament sells no rebuys (set at `tdtool new` with --rebuy PRICE).")
    if p.busted:
        hint = "re-enter with `tdtool player reenter`" if t.reentry else "they stay out"
        raise RuleError(f"{p.name} is out of the tournament; {hint}.")
    until = t.rebuy_until or (state.structure.late_registration if state.structure else None)
    level = current_level(state, now)
    if until is not None and level > until:
        raise RuleError(f"Rebuys ended after level {until}; level {level} is being played.")
    return [("player.rebuy", {"name": p.name})]


def addon(state: State, name: str, now: float) -> Events:
    """A player still in takes the add-on (once per entry), per the terms."""
    p = state.player(name)
    if state.terms.addon_price <= 0:
        raise RuleError("This tournament has no add-on (set at `tdtool new` with --addon PRICE).")
    if p.busted:
        raise RuleError(f"{p.name} is out of the tournament and cannot take the add-on.")
    if p.addons >= p.entries:
        raise RuleError(f"{p.name} has already taken the add-on for this entry.")
    return [("player.addon", {"name": p.name})]
