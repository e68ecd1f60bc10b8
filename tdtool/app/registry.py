"""The player registry: regulars added, found, renamed, merged and imported, their history
across the tournaments, and a tournament's typed names matched against it at registration."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tdtool.errors import InputError, RuleError
from tdtool.io.registry_store import KnownEvent, Registry
from tdtool.names import nearest, or_list
from tdtool.tournament.registry import (
    Match,
    MatchKind,
    RegistryPlayer,
    clean_email,
    clean_name,
    clean_phone,
    ids_of,
    match_name,
    merged,
    parse_player_id,
    resolve_id,
    same_name_taken,
)


@dataclass(frozen=True)
class RegistryAt:
    """Which registry a command works on and who acts (built once, at the CLI's edge)."""

    target: Path | str
    operator: str | None = None


@contextmanager
def opened(at: RegistryAt, create: bool = False) -> Iterator[Registry]:
    from tdtool.io.registry_store import open_registry

    registry = open_registry(at.target, at.operator, create)
    try:
        yield registry
    finally:
        registry.close()


def player_json(p: RegistryPlayer, contact: bool = True) -> dict[str, Any]:
    """A player as every `players ... --json` prints them (contact fields: only where the
    command is the director's own: never on anything public)."""
    out: dict[str, Any] = {"id": p.id, "name": p.name, "aliases": list(p.aliases)}
    if contact:
        out |= {"email": p.email, "phone": p.phone}
    return out


def who(players: Sequence[RegistryPlayer], typed: str, shown: str) -> RegistryPlayer:
    """The one player `typed` (a name, an alias or `#104`) means; InputError naming both
    when it could be two, or the nearest names when none."""
    player_id = parse_player_id(typed)
    if player_id is not None:
        found = resolve_id(player_id, players)
        if found is None:
            raise InputError(f"No player #{player_id} in the registry {shown}.")
        return found
    match = match_name(typed, players)
    if len(match.players) == 1:
        return match.players[0]
    if match.players:
        listed = or_list([p.label for p in match.players])
        raise InputError(f"{typed!r} could be {listed}; give the id (like #{match.players[0].id}).")
    live = [n for p in players if p.merged_into is None for n in p.names()]
    close = nearest(typed, live)
    hint = f" Did you mean {or_list(close)}?" if close else ""
    raise InputError(f"No player called {typed!r} in the registry {shown}.{hint}")


# --- add, find, rename, merge --------------------------------------------------------------


@dataclass(frozen=True)
class Added:
    """A player added to the registry."""

    player: RegistryPlayer
    registry: str

    def to_dict(self) -> dict[str, Any]:
        """`tdtool players add --json`."""
        return {"registry": self.registry, "added": player_json(self.player)}


def _clean_aliases(aliases: Sequence[str]) -> tuple[str, ...]:
    out: list[str] = []
    for alias in aliases:
        name = clean_name(alias, "alias")
        if name.casefold() not in {a.casefold() for a in out}:
            out.append(name)
    return tuple(out)


def add(at: RegistryAt, name: str, email: str | None = None, phone: str | None = None,
        aliases: Sequence[str] = (), another: bool = False) -> Added:  # fmt: skip
    """Add a regular (the registry is made when there is none). A name that is, to every
    look-up, a name or alias already there is refused unless `another` (two people of one
    name, told apart by their ids)."""
    name = clean_name(name)
    email, phone = clean_email(email), clean_phone(phone)
    names = _clean_aliases(aliases)
    with opened(at, create=True) as registry, registry.change() as tx:
        players = tx.players()
        for each in (name, *names):
            taken = same_name_taken(each, players)
            if taken is not None and not another:
                raise RuleError(
                    f"{each!r} is already {taken.label} in the registry (the same name to"
                    " look-ups);",
                    "if this is another person of that name, add them with {option:another}"
                    " (their ids tell them apart); nothing was added.",
                )
        player_id = tx.add(name, email, phone, names)
        tx.record("player.added", {"id": player_id, "name": name, "aliases": list(names)})
        shown = registry.shown
    return Added(RegistryPlayer(player_id, name, names, email, phone), shown)


@dataclass(frozen=True)
class Found:
    """The players a text could mean."""

    text: str
    kind: MatchKind
    players: tuple[RegistryPlayer, ...]

    def to_dict(self) -> dict[str, Any]:
        """`tdtool players find --json`."""
        return {
            "text": self.text,
            "match": str(self.kind),
            "players": [player_json(p) for p in self.players],
        }


def find(at: RegistryAt, text: str) -> Found:
    """Who `text` could mean: an id, or a name matched as the look-ups do (any case, without
    accents, a word of the name or its start; the best kind of match only); all players
    for an empty text."""
    with opened(at) as registry:
        players = registry.players()
    player_id = parse_player_id(text)
    if player_id is not None:
        found = resolve_id(player_id, players)
        return Found(text, MatchKind.EXACT if found else MatchKind.NONE,
                     (found,) if found else ())  # fmt: skip
    if not text.strip():
        live = tuple(p for p in players if p.merged_into is None)
        return Found(text, MatchKind.EXACT, live)
    match: Match = match_name(text, players)
    return Found(text, match.kind, match.players)


@dataclass(frozen=True)
class Renamed:
    """A player's name changed; the old one kept as an alias."""

    old: str
    player: RegistryPlayer

    def to_dict(self) -> dict[str, Any]:
        """`tdtool players rename --json`."""
        return {"old": self.old, "player": player_json(self.player)}


def rename(at: RegistryAt, typed: str, new: str, keep_alias: bool = True) -> Renamed:
    """Give a player the name as they write it; the old name stays an alias (so it is still
    found) unless `keep_alias` is False. Refused when the new name is another player's."""
    from dataclasses import replace

    name = clean_name(new)
    with opened(at) as registry, registry.change() as tx:
        players = tx.players()
        p = who(players, typed, registry.shown)
        if name == p.name:
            raise InputError(f"{p.label} is already called so; give the name to change it to.")
        taken = same_name_taken(name, players, but=p.id)
        if taken is not None:
            raise RuleError(
                f"{name!r} is already {taken.label} in the registry;",
                f"merge them with {{merge:'#{taken.id}' '#{p.id}'}} if they are one person.",
            )
        aliases = [a for a in p.aliases if a.casefold() != name.casefold()]
        if keep_alias and p.name.casefold() not in {a.casefold() for a in aliases}:
            aliases.append(p.name)
        after = replace(p, name=name, aliases=tuple(aliases))
        tx.update(after)
        tx.record("player.renamed", {"id": p.id, "old": p.name, "new": name})
    return Renamed(p.name, after)


@dataclass(frozen=True)
class Merged:
    """Two registry entries made one: `kept` holds `gone`'s names, and `gone`'s id means it."""

    kept: RegistryPlayer
    gone: RegistryPlayer

    def to_dict(self) -> dict[str, Any]:
        """`tdtool players merge --json`."""
        return {"kept": player_json(self.kept), "merged": player_json(self.gone, contact=False)}


def merge_plan(at: RegistryAt, keep: str, gone: str) -> tuple[RegistryPlayer, RegistryPlayer]:
    """The two players a merge would join (to show the director before asking)."""
    with opened(at) as registry:
        players = registry.players()
        return who(players, keep, registry.shown), who(players, gone, registry.shown)


def merge(at: RegistryAt, keep: str, gone: str) -> Merged:
    """Merge `gone` into `keep`: `keep` takes `gone`'s name and aliases as aliases and the
    contact fields it lacks; `gone`'s id means `keep` from now on, so every event entered
    under either id is `keep`'s history. Never done by the tool on its own: a name that
    folds to another's is only ever merged by this command."""
    from dataclasses import replace

    with opened(at) as registry, registry.change() as tx:
        players = tx.players()
        a, b = who(players, keep, registry.shown), who(players, gone, registry.shown)
        after = merged(a, b)
        tx.update(after)
        tx.update(replace(b, merged_into=a.id))
        tx.record("player.merged", {"kept": a.id, "merged": b.id, "name": b.name})
    return Merged(after, b)


# --- the log ---------------------------------------------------------------------------------


def _described(kind: str, data: dict[str, Any]) -> str:
    """One change of the registry in words."""
    if kind == "player.added":
        return f"Added {data.get('name')} (#{data.get('id')})"
    if kind == "player.renamed":
        return f"Renamed #{data.get('id')} {data.get('old')} to {data.get('new')}"
    if kind == "player.merged":
        return f"Merged {data.get('name')} (#{data.get('merged')}) into #{data.get('kept')}"
    if kind == "players.imported":
        added, left = len(data.get("added") or []), data.get("duplicates", 0)
        return f"Imported {added} from {data.get('file')} ({left} duplicates left out)"
    return kind


@dataclass(frozen=True)
class LogEntry:
    """One change of the registry: when, by whom, what."""

    seq: int
    at: float
    operator: str
    kind: str
    text: str
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """One item of `tdtool players log --json`."""
        return {"seq": self.seq, "at": self.at, "operator": self.operator, "kind": self.kind,
                "text": self.text, "data": self.data}  # fmt: skip


def log(at: RegistryAt, last: int | None = None) -> list[LogEntry]:
    """Every change of the registry, oldest first (the last `last` only)."""
    with opened(at) as registry:
        lines = registry.log()
    if last is not None:
        lines = lines[-last:]
    return [
        LogEntry(x.seq, x.at, x.operator, x.kind, _described(x.kind, x.data), x.data) for x in lines
    ]


# --- import ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Duplicate:
    """A row of an import not added: its name is a player's already (or an earlier row's)."""

    line: int
    name: str
    existing: str
    """'José García (#104)', or 'line 3' for an earlier row of the file."""

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "name": self.name, "same_as": self.existing}


@dataclass(frozen=True)
class Imported:
    """The players a CSV file added, and the rows left out as duplicates."""

    file: str
    added: tuple[RegistryPlayer, ...]
    duplicates: tuple[Duplicate, ...]

    def to_dict(self) -> dict[str, Any]:
        """`tdtool players import --json`."""
        return {
            "file": self.file,
            "added": [player_json(p) for p in self.added],
            "duplicates": [d.to_dict() for d in self.duplicates],
        }


def import_csv(at: RegistryAt, path: Path) -> Imported:
    """Add every row of a CSV file (tdtool.io.registry_csv): a bad row refuses the whole file
    (FILE:LINE, nothing added); a row whose name is, to the look-ups, a player's already or an
    earlier row's is left out and reported, never merged."""
    from tdtool.io.registry_csv import read_players_csv
    from tdtool.names import ascii_fold

    rows = read_players_csv(path)
    added: list[RegistryPlayer] = []
    duplicates: list[Duplicate] = []
    with opened(at, create=True) as registry, registry.change() as tx:
        players = tx.players()
        seen: dict[str, int] = {}
        for row in rows:
            names = (row.name, *row.aliases)
            taken = next((t for n in names if (t := same_name_taken(n, players))), None)
            earlier = next((seen[f] for n in names if (f := ascii_fold(n)) in seen), None)
            if taken is not None or earlier is not None:
                existing = taken.label if taken is not None else f"line {earlier}"
                duplicates.append(Duplicate(row.line, row.name, existing))
                continue
            for n in names:
                seen[ascii_fold(n)] = row.line
            player_id = tx.add(row.name, row.email, row.phone, row.aliases)
            added.append(RegistryPlayer(player_id, row.name, row.aliases, row.email, row.phone))
        tx.record(
            "players.imported",
            {"file": path.name, "added": [p.id for p in added], "duplicates": len(duplicates)},
        )
    return Imported(str(path), tuple(added), tuple(duplicates))


# --- history ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaguePoints:
    league: str
    points: int
    """Hundredths."""

    def to_dict(self) -> dict[str, Any]:
        from tdtool.tournament.league import _number

        return {"league": self.league, "points": _number(self.points)}


@dataclass(frozen=True)
class EventLine:
    """One event the player entered (under any id that means them)."""

    name: str
    source: str
    date: float | None
    entries: int
    entered_as: str
    place: int | None
    """Their best place; None while still playing."""
    prize: int
    points: tuple[LeaguePoints, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "event": self.name,
            "source": self.source,
            "date": self.date,
            "entries": self.entries,
            "entered_as": self.entered_as,
            "place": self.place,
            "prize": self.prize,
            "points": [p.to_dict() for p in self.points],
        }


@dataclass(frozen=True)
class History:
    """A player, the ids merged into them, and every event they entered."""

    player: RegistryPlayer
    ids: tuple[int, ...]
    events: tuple[EventLine, ...]
    unreadable: tuple[str, ...] = field(default=())
    """Events known to the registry that could not be read now (moved, or the server down)."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool players show --json`."""
        return {
            "player": player_json(self.player),
            "ids": list(self.ids),
            "events": [e.to_dict() for e in self.events],
            "unreadable": list(self.unreadable),
        }


def _event_target(source: str, registry_target: Path | str) -> Path | str:
    """Where a known event's tournament is: a file, or a tournament of a PostgreSQL server
    (through the registry's own URL, password and all, when the registry is on that server)."""
    from tdtool.io.targets import is_url

    if not is_url(source):
        return Path(source)
    if isinstance(registry_target, str):
        from tdtool.io.store_pg import parse_url, with_tournament

        name = parse_url(source).tournament
        if name and parse_url(registry_target).shown.split("?")[0] == source.split("?")[0]:
            return with_tournament(registry_target, name)
    return source


def _league_events(leagues: Sequence[Path]) -> list[tuple[str, Any, dict[str, Path | str]]]:
    """(league name, rules, {identity: tournament}) of each league file."""
    from tdtool.io import league_file

    out = []
    for path in leagues:
        league = league_file.read(path)
        targets = {e.identity: league_file.target_of(path, e.source) for e in league.events}
        out.append((league.name, league.rules, targets))
    return out


def show(at: RegistryAt, typed: str, leagues: Sequence[Path] = ()) -> History:
    """Every event of the player (entries linked to their id, or to an id merged into theirs)
    in the tournaments the registry knows (it notes each one when it links an entry: an id in
    a tournament it never linked is another registry's), with their place, prize and the
    points of each of the `leagues` that counts the event. A tournament moved since it was
    noted is read where a league finds it."""
    from tdtool.app.league import finishes_of

    with opened(at) as registry:
        players = registry.players()
        p = who(players, typed, registry.shown)
        known = registry.events()
    ids = ids_of(p, players)
    scored = _league_events(leagues)
    lines: list[EventLine] = []
    unreadable: list[str] = []
    for e in known:
        identity = e.identity
        places = [_event_target(e.source, at.target)]
        places += [t[identity] for _, _, t in scored if identity in t]
        found = _read_event(places, identity)
        if found is None:
            unreadable.append(e.name)
            continue
        state, target = found
        entered = [q.name for q in state.players.values() if q.player_id in ids]
        if not entered:
            continue
        finishes = {f.name: f for f in finishes_of(state)}
        for name in entered:
            f = finishes[name]
            points = tuple(
                LeaguePoints(league, rules.points(f))
                for league, rules, league_targets in scored
                if identity in league_targets
            )
            lines.append(
                EventLine(
                    state.name,
                    _source_shown(target),
                    state.created_at,
                    state.event_entries,
                    name,
                    None if f.still_playing else f.place,
                    f.prize,
                    points,
                )
            )
    lines.sort(key=lambda e: (e.date or 0.0, e.name))
    return History(p, tuple(sorted(ids)), tuple(lines), tuple(unreadable))


def _read_event(places: Sequence[Path | str], identity: str) -> tuple[Any, Path | str] | None:
    """The tournament `identity` names, from the first of `places` that holds it."""
    from tdtool.app.change import read_state

    for target in places:
        try:
            state = read_state(target)  # type: ignore[arg-type]  # a file or a URL
        except InputError:
            continue
        if f"{state.name}@{state.created_at}" == identity:
            return state, target
    return None


def _source_shown(target: Path | str) -> str:
    if isinstance(target, str):
        from tdtool.io.store_pg import safe_url

        return safe_url(target)
    return str(target)


# --- registration ----------------------------------------------------------------------------

Confirm = Callable[[str], bool]
"""`confirm(question) -> yes?`: the director at the terminal answers (typer.confirm)."""
Pick = Callable[[str, Sequence[RegistryPlayer]], int | None]
"""`pick(typed, players) -> id, or None for a new player`: the director chooses."""


@dataclass(frozen=True)
class Link:
    """A typed name at registration, and the registry player it is entered as (if any)."""

    typed: str
    name: str
    player_id: int | None
    how: str
    """'id' (#104 typed), 'exact', 'same' (accents or case aside), 'confirmed' (the director
    said yes), 'new' (not in the registry, or the director said it is someone else)."""

    def to_dict(self) -> dict[str, Any]:
        return {"typed": self.typed, "name": self.name, "player_id": self.player_id,
                "how": self.how}  # fmt: skip


@dataclass(frozen=True)
class Linking:
    """The names to register, their registry ids, and the registry they came from."""

    links: tuple[Link, ...]
    registry: str

    @property
    def names(self) -> list[str]:
        return [link.name for link in self.links]

    @property
    def ids(self) -> list[int | None]:
        return [link.player_id for link in self.links]


def link_names(
    db: Any,
    registry_target: Path | str,
    typed: Sequence[str],
    confirm: Confirm | None = None,
    pick: Pick | None = None,
    operator: str | None = None,
) -> Linking | None:
    """None when there is no registry there; else each typed name matched against it
    (tdtool.tournament.registry.match_name): `#104` is that player; the same name (any
    case, accents aside) is them; a partial match ("jose") is asked about (`confirm`:
    "Did you mean José García (#104)?"); two or more are never guessed between (`pick`,
    or InputError without one); no match is a new player. The tournament is noted in the
    registry so its results show in `players show`."""
    from tdtool.app.change import read_state
    from tdtool.io.registry_store import NoRegistry, open_registry
    from tdtool.io.store_base import target_of

    try:  # one connection finds the registry (or none: None) and matches the names
        registry = open_registry(registry_target, operator)
    except NoRegistry:
        return None
    try:
        players = registry.players()
        shown = registry.shown
        links = [_link(t, players, shown, confirm, pick) for t in typed]
        if any(link.player_id is not None for link in links):
            _note(registry, read_state(db), target_of(db))
    finally:
        registry.close()
    return Linking(tuple(links), shown)


def note_tournament(db: Any, registry_target: Path | str, operator: str | None = None) -> bool:
    """Note in the registry a tournament whose entries carry its ids (a next day combined
    from flights), so `show` reads it; False when none of its entries is linked."""
    from tdtool.app.change import read_state
    from tdtool.io.store_base import target_of

    state = read_state(db)
    if not any(p.player_id is not None for p in state.players.values()):
        return False
    with opened(RegistryAt(registry_target, operator)) as registry:
        _note(registry, state, target_of(db))
    return True


def _note(registry: Registry, state: Any, target: Path | str) -> None:
    with registry.change() as tx:
        tx.note_event(
            KnownEvent(f"{state.name}@{state.created_at}", _noted_source(target), state.name)
        )


def _noted_source(target: Path | str) -> str:
    if isinstance(target, str):
        from tdtool.io.store_pg import safe_url

        return safe_url(target)
    return str(target.resolve())


def _link(typed: str, players: Sequence[RegistryPlayer], shown: str,
          confirm: Confirm | None, pick: Pick | None) -> Link:  # fmt: skip
    player_id = parse_player_id(typed)
    if player_id is not None:
        found = resolve_id(player_id, players)
        if found is None:
            raise InputError(
                f"No player #{player_id} in the registry {shown}; nothing was changed."
            )
        return Link(typed, found.name, found.id, "id")
    match = match_name(typed, players)
    if match.kind is MatchKind.NONE:
        return Link(typed, typed, None, "new")
    if len(match.players) == 1 and match.kind in (MatchKind.EXACT, MatchKind.SAME):
        p = match.players[0]
        return Link(typed, p.name, p.id, str(match.kind))
    if len(match.players) == 1 and confirm is not None:
        p = match.players[0]
        if confirm(f"Did you mean {p.label}?"):
            return Link(typed, p.name, p.id, "confirmed")
        return Link(typed, typed, None, "new")
    if len(match.players) > 1 and pick is not None:
        chosen = pick(typed, match.players)
        if chosen is None:
            return Link(typed, typed, None, "new")
        p = next(q for q in match.players if q.id == chosen)
        return Link(typed, p.name, p.id, "confirmed")
    listed = or_list([p.label for p in match.players])
    example = f"#{match.players[0].id}"
    raise InputError(
        f"{typed!r} could be {listed} in the registry {shown};",
        f"register with the id ('{example}'), the full name, or {{option:new}} for a player"
        " not in the registry; nothing was changed.",
    )


@dataclass(frozen=True)
class Asked:
    """A typed name the registry cannot settle alone: the players it may be, to choose from."""

    typed: str
    candidates: tuple[RegistryPlayer, ...]

    @property
    def question(self) -> str:
        """As the terminal asks it: "Did you mean José García (#104)?", or who it could be."""
        if len(self.candidates) == 1:
            return f"Did you mean {self.candidates[0].label}?"
        return f"{self.typed!r} could be {or_list([p.label for p in self.candidates])}."

    def to_dict(self) -> dict[str, Any]:
        return {
            "typed": self.typed,
            "question": self.question,
            "candidates": [{"id": p.id, "name": p.name, "label": p.label} for p in self.candidates],
        }


def link_chosen(
    db: Any,
    registry_target: Path | str,
    typed: Sequence[str],
    chosen: dict[str, int | None],
    operator: str | None = None,
) -> Linking | tuple[Asked, ...] | None:
    """`link_names` with the desk's choices given ahead (a phone cannot be asked midway):
    `chosen[typed]` is the registry id chosen for a name the registry could not settle alone
    (a part of a name, or two players), None for a new player. None when there is no
    registry there; the names still to choose for as `Asked` (nothing noted, so nothing
    changed); else the linking, as a terminal's answers would give it. An id chosen that is
    not one of the name's candidates is InputError."""
    from tdtool.app.change import read_state
    from tdtool.io.registry_store import NoRegistry, open_registry
    from tdtool.io.store_base import target_of

    try:
        registry = open_registry(registry_target, operator)
    except NoRegistry:
        return None
    try:
        players = registry.players()
        shown = registry.shown
        links: list[Link] = []
        asked: list[Asked] = []
        for name in typed:
            match = match_name(name, players)
            settled = (
                parse_player_id(name) is not None
                or match.kind is MatchKind.NONE
                or (len(match.players) == 1 and match.kind in (MatchKind.EXACT, MatchKind.SAME))
            )
            if settled:
                links.append(_link(name, players, shown, None, None))
            elif name not in chosen:
                asked.append(Asked(name, match.players))
            elif chosen[name] is None:
                links.append(Link(name, name, None, "new"))
            else:
                found = next((p for p in match.players if p.id == chosen[name]), None)
                if found is None:
                    listed = or_list([p.label for p in match.players])
                    raise InputError(
                        f"{name!r}: #{chosen[name]} is not {listed}; nothing was changed."
                    )
                links.append(Link(name, found.name, found.id, "confirmed"))
        if asked:
            return tuple(asked)
        if any(link.player_id is not None for link in links):
            _note(registry, read_state(db), target_of(db))
    finally:
        registry.close()
    return Linking(tuple(links), shown)
