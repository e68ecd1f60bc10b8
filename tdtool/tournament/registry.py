"""The player registry's rules: who a typed name or `#104` means, and what a merge keeps.

Pure: the registry's players come in as `RegistryPlayer` values (tdtool.io.registry_store
reads them); names are matched with the same folding as every tournament look-up
(tdtool.names: any case, without accents, one word of the name or its start), and a match
is never a guess: two possible players are both named.

>>> jose = RegistryPlayer(104, "José García", ("Pepe",))
>>> ana = RegistryPlayer(7, "Ana Garcia")
>>> found = match_name("jose garcia", [jose, ana])
>>> str(found.kind), [p.label for p in found.players]
('same', ['José García (#104)'])
>>> [p.id for p in match_name("garcia", [jose, ana]).players]
[7, 104]
>>> parse_player_id("#104"), parse_player_id("104"), parse_player_id("Anna")
(104, None, None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from tdtool.errors import InputError
from tdtool.names import ascii_fold, matches

MAX_NAME = 100
"""Characters of a registry name or alias: a longer one is not a name someone writes."""

_ID = re.compile(r"#\s*(\d{1,9})")


def parse_player_id(text: str) -> int | None:
    """The registry id `text` names (`#104`), None when it names none."""
    found = _ID.fullmatch(text.strip())
    return int(found[1]) if found else None


def clean_name(text: str, what: str = "name") -> str:
    """A name as the registry keeps it: white space made single; InputError when empty, too
    long, or written as an id (`#12` is how ids are typed)."""
    name = " ".join(text.split())
    if not name:
        raise InputError(f"The {what} is empty; give the player's name.")
    if len(name) > MAX_NAME:
        raise InputError(f"The {what} is {len(name):,} characters long (at most {MAX_NAME}).")
    if parse_player_id(name) is not None:
        raise InputError(f"{name!r} reads as a registry id; a {what} cannot be one.")
    return name


_EMAIL = re.compile(r"[^\s@]+@[^\s@]+\.[^\s@]+")
_PHONE = re.compile(r"\+?[0-9][0-9 ()./-]{3,30}")


def clean_email(text: str | None) -> str | None:
    """An e-mail address, or None for an empty one; InputError when it is not one."""
    if text is None or not text.strip():
        return None
    email = text.strip()
    if not _EMAIL.fullmatch(email) or len(email) > 254:
        raise InputError(f"{email!r} is not an e-mail address (like anna@example.org).")
    return email


def clean_phone(text: str | None) -> str | None:
    """A phone number (digits, spaces, + ( ) . / -), or None; InputError when it is not one."""
    if text is None or not text.strip():
        return None
    phone = " ".join(text.split())
    if not _PHONE.fullmatch(phone):
        raise InputError(f"{phone!r} is not a phone number (digits, spaces, + ( ) - . /).")
    return phone


@dataclass(frozen=True)
class RegistryPlayer:
    """One regular: their id, their name as they write it, aliases and contact fields."""

    id: int
    name: str
    aliases: tuple[str, ...] = ()
    email: str | None = None
    phone: str | None = None
    merged_into: int | None = None
    """Set once merged into another player (`merge`): this id then means that player."""

    @property
    def label(self) -> str:
        """'José García (#104)'."""
        return f"{self.name} (#{self.id})"

    def names(self) -> tuple[str, ...]:
        """The name and the aliases: everything a typed name is matched against."""
        return (self.name, *self.aliases)


class MatchKind(StrEnum):
    """How a typed name met the registry."""

    EXACT = "exact"
    """The same letters, any case (a name or an alias)."""
    SAME = "same"
    """The same name to every look-up: accents and case aside."""
    PARTIAL = "partial"
    """One word of the name, or its start ("jose" for José García)."""
    NONE = "none"


@dataclass(frozen=True)
class Match:
    """The players a typed name could mean, and how it met them (best kind only)."""

    kind: MatchKind
    players: tuple[RegistryPlayer, ...] = ()


def match_name(typed: str, players: Iterable[RegistryPlayer]) -> Match:
    """Who `typed` could mean among `players` (merged ones aside), by the look-ups' folding:
    the best kind of match that meets anyone (tdtool.names.matches), each player once,
    by id; a whole name meets every player whose name or alias folds to it.

    >>> two = [RegistryPlayer(1, "José García"), RegistryPlayer(2, "Jose Garcia")]
    >>> [p.id for p in match_name("Jose Garcia", two).players]
    [1, 2]
    """
    live = [p for p in players if p.merged_into is None]
    owners: dict[str, list[RegistryPlayer]] = {}
    for p in live:
        for name in p.names():
            owners.setdefault(name, []).append(p)
    found = matches(typed, owners)
    if not found:
        return Match(MatchKind.NONE)
    wanted = " ".join(typed.split()).casefold()
    if found[0].casefold() == wanted:
        kind = MatchKind.EXACT
    elif ascii_fold(found[0]) == ascii_fold(typed):
        kind = MatchKind.SAME
    else:
        kind = MatchKind.PARTIAL
    if kind is not MatchKind.PARTIAL:
        # Two people whose names fold to one ("Jose Garcia" and "José García") are both
        # candidates, whichever of them was typed letter for letter: never a guess.
        folded = ascii_fold(typed)
        found = [name for name in owners if ascii_fold(name) == folded]
    by_id = {p.id: p for name in found for p in owners[name]}
    return Match(kind, tuple(by_id[i] for i in sorted(by_id)))


def resolve_id(player_id: int, players: Sequence[RegistryPlayer]) -> RegistryPlayer | None:
    """The player `player_id` means now: itself, or the player it was merged into (followed
    to the end); None when no player has that id."""
    by_id = {p.id: p for p in players}
    seen: set[int] = set()
    found = by_id.get(player_id)
    while found is not None and found.merged_into is not None and found.id not in seen:
        seen.add(found.id)
        found = by_id.get(found.merged_into)
    return found


def ids_of(player: RegistryPlayer, players: Sequence[RegistryPlayer]) -> set[int]:
    """Every id that means `player`: its own and those merged into it (directly or not)."""
    return {p.id for p in players if (r := resolve_id(p.id, players)) and r.id == player.id}


def same_name_taken(
    name: str, players: Iterable[RegistryPlayer], but: int | None = None
) -> RegistryPlayer | None:
    """A live player (not `but`) whose name or alias is `name` to every look-up."""
    folded = ascii_fold(name)
    for p in players:
        if p.merged_into is None and p.id != but and folded in map(ascii_fold, p.names()):
            return p
    return None


def merged(keep: RegistryPlayer, gone: RegistryPlayer) -> RegistryPlayer:
    """`keep` after `gone` is merged into it: `gone`'s name and aliases become aliases (each
    once, whatever its case), its contact fields fill the ones `keep` lacks.

    >>> a = RegistryPlayer(1, "José García", ("Pepe",), email="j@x.org")
    >>> b = RegistryPlayer(2, "Jose Garcia", ("pepe", "JG"), phone="555 1234")
    >>> m = merged(a, b)
    >>> m.aliases, m.email, m.phone
    (('Pepe', 'Jose Garcia', 'JG'), 'j@x.org', '555 1234')
    """
    if keep.id == gone.id:
        raise InputError(f"{keep.label} cannot be merged into itself.")
    aliases = list(keep.aliases)
    seen = {n.casefold() for n in keep.names()}
    for name in gone.names():
        if name.casefold() not in seen:
            aliases.append(name)
            seen.add(name.casefold())
    return replace(
        keep,
        aliases=tuple(aliases),
        email=keep.email or gone.email,
        phone=keep.phone or gone.phone,
    )
