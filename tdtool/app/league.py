"""Leagues: a league file created, events added to it, and the standings read from the
events' tournaments (files or PostgreSQL tournaments) as they are now."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tdtool.errors import InputError, RuleError
from tdtool.io.league_file import EventRef, LeagueFile
from tdtool.tournament.league import EventResult, Finish, Rules, Standings, standings
from tdtool.tournament.state import State


@dataclass(frozen=True)
class Created:
    """A new league file."""

    path: Path
    league: LeagueFile

    def to_dict(self) -> dict[str, Any]:
        """`tdtool league new --json`."""
        return {
            "file": str(self.path),
            "name": self.league.name,
            "language": self.league.language,
            **self.league.rules.to_dict(),
        }


def create(path: Path, name: str, rules: Rules, language: str | None = None) -> Created:
    """Create the league file `path` (never over an existing one) with checked rules, its
    standings in `language` (a shipped one; None: English unless a command asks)."""
    from tdtool.io import league_file

    cleaned = " ".join(name.split())
    if not cleaned:
        raise InputError("Give the league a name, e.g. 'Spring League 2026'.")
    league = LeagueFile(cleaned, rules.check(), language=language)
    league_file.write(path, league, new=True)
    return Created(path, league)


def finished(state: State) -> bool:
    """Every entry has its place: a winner, a satellite's seats decided, or a deal that
    ended play."""
    from tdtool.app.money import results_of

    rows = results_of(state).results
    return bool(rows) and all(r.place is not None for r in rows)


def finishes_of(state: State, same_as: Callable[[int], int] | None = None) -> tuple[Finish, ...]:
    """Each player's finish in the tournament `state`, with the facts a formula reads: their
    best place (their last entry's), the prizes of all their entries, their knockouts. A
    player still in is counted at the players left, the worst place they can finish. The
    registry id of a linked entry is given as `same_as(id)` (the player a merged id means)."""
    from tdtool.app.money import results_of

    rows = results_of(state).results
    entries = state.event_entries
    left = state.players_left
    knockouts: dict[str, int] = {}
    for k in state.knockouts:
        for share in k.shares:
            knockouts[share.name] = knockouts.get(share.name, 0) + 1
    best: dict[str, int | None] = {}
    prize: dict[str, int] = {}
    for r in rows:
        prize[r.name] = prize.get(r.name, 0) + r.prize
        now = best.get(r.name)
        if r.name not in best or (r.place is not None and (now is None or r.place < now)):
            best[r.name] = r.place
    placed = [r.place for r in rows if r.place is not None]
    out = []
    for player in state.players.values():
        name = player.name
        place = best.get(name)
        still = place is None
        at = left if place is None else place
        beaten = sum(1 for r in rows if r.name != name and (r.place or 0) > at)
        if still:
            beaten = sum(1 for p in placed if p > at)
        out.append(
            Finish(
                name,
                at,
                entries,
                buyin=state.terms.buy_in,
                prize=prize.get(name, 0),
                knockouts=knockouts.get(name, 0),
                rebuys=player.rebuys,
                reentries=player.entries - 1,
                beaten=beaten,
                still_playing=still,
                player_id=_linked(player.player_id, same_as),
            )
        )
    return tuple(out)


def _linked(player_id: int | None, same_as: Callable[[int], int] | None) -> int | None:
    """The id the standings match a finish by: None without a registry that linked it."""
    if player_id is None or same_as is None:
        return None
    return same_as(player_id)


def _read(target: Path | str) -> State:
    from tdtool.app.change import read_state

    return read_state(target)  # type: ignore[arg-type]  # a file or a URL


def _identity(state: State) -> str:
    return f"{state.name}@{state.created_at}"


def _shown(target: Path | str) -> str:
    if isinstance(target, str):
        from tdtool.io.store_pg import safe_url

        return safe_url(target)
    return str(target)


@dataclass(frozen=True)
class Added:
    """Events added to a league."""

    path: Path
    added: tuple[EventRef, ...]
    events: int

    def to_dict(self) -> dict[str, Any]:
        """`tdtool league add --json`."""
        return {
            "league": str(self.path),
            "added": [e.to_dict() for e in self.added],
            "events": self.events,
        }


def add(path: Path, targets: Sequence[Path | str], provisional: bool = False) -> Added:
    """Add tournaments to the league in `path`: each must be over, or `provisional`; none
    twice (a copy of a file counts as the same tournament). All or nothing."""
    from tdtool.io import league_file

    league = league_file.read(path)
    known = {e.identity: e for e in league.events}
    new: list[EventRef] = []
    for target in targets:
        state = _read(target)
        identity = _identity(state)
        if identity in known:
            raise RuleError(
                f"{_shown(target)} is {known[identity].name!r} ({known[identity].source}),"
                " already in the league (the same tournament); nothing was added."
            )
        over = finished(state)
        if not over and not provisional:
            raise RuleError(
                f"{state.name!r} ({_shown(target)}) is still being played: add it when it is"
                " over, or now with --provisional (its standings are then marked provisional);"
                " nothing was added."
            )
        ref = EventRef(
            league_file.source_of(path, target), identity, state.name, provisional and not over
        )
        known[identity] = ref
        new.append(ref)
    import dataclasses

    league_file.write(path, dataclasses.replace(league, events=league.events + tuple(new)))
    return Added(path, tuple(new), len(league.events) + len(new))


def event_result(
    path: Path,
    ref: EventRef,
    same_as: Callable[[int], int] | None = None,
    live: State | None = None,
) -> EventResult:
    """One event of the league as its tournament stands now (`same_as`: finishes_of);
    `live`: a tournament already read (the one `clock serve` shows), used when it is this
    event's rather than reading it again."""
    from tdtool.io import league_file

    target = league_file.target_of(path, ref.source)
    if live is not None and _identity(live) == ref.identity:
        state = live
    else:
        try:
            state = _read(target)
        except InputError as exc:
            raise InputError(f"The league's event {ref.name!r} ({ref.source}): {exc}") from None
    if _identity(state) != ref.identity:
        raise InputError(
            f"{ref.source} is no longer the league's event {ref.name!r} (it holds"
            f" {state.name!r}); put that tournament back there."
        )
    over = finished(state)
    return EventResult(
        state.name,
        ref.source,
        finishes_of(state, same_as),
        provisional=not over,
        date=state.created_at,
        entries=state.event_entries,
    )


def league_standings(
    path: Path, registry: Path | str | None = None, live: State | None = None
) -> Standings:
    """The standings of the league in `path`, from its events as they stand now; entries
    linked to the player `registry` (when there is one) are matched by id, a merged id as
    the player it was merged into; `live`: a tournament already read (event_result)."""
    from tdtool.io import league_file

    league = league_file.read(path)
    same_as, linked = _registry_ids(registry)
    events = [
        event_result(path, ref, same_as if ref.identity in linked else None, live)
        for ref in league.events
    ]
    return standings(league.name, league.rules, events, league.language)


def _registry_ids(registry: Path | str | None) -> tuple[Callable[[int], int] | None, set[str]]:
    """`same_as(id)`: the id of the player an id means now (merges followed), and the
    tournaments whose ids are this registry's (it linked their entries); none without one."""
    if registry is None:
        return None, set()
    from tdtool.app.registry import RegistryAt, opened
    from tdtool.tournament.registry import resolve_id

    with opened(RegistryAt(registry)) as reg:
        players = reg.players()
        linked = {e.identity for e in reg.events()}

    def same_as(player_id: int) -> int:
        found = resolve_id(player_id, players)
        return player_id if found is None else found.id

    return same_as, linked


STANDINGS_SHOWN = 60
"""The most lines of the standings a screen lists (the best): a TV across a room reads
about as many, and a phone scrolls through them."""

PG_EVERY = 5.0
"""Seconds between two readings of a league's PostgreSQL events on a screen (a file event
is looked at every time: its size and time, microseconds)."""


class LeagueView:
    """A league's standings as the screens show them (`clock serve --league`, `serve
    --league`), worked out again only when the league file, an event's tournament or the
    registry may have changed, and given a new `version` only when what they show changed.
    Used by one thread at a time."""

    def __init__(self, path: Path, registry: Path | str | None = None) -> None:
        import time

        self.path = path
        self.registry = registry
        self._version = int(time.time() * 1000)  # a restarted server never reuses one
        self._seen: tuple[Any, ...] | None = None
        self._live: State | None = None
        self._standings: Standings | None = None
        self._shown: dict[str, dict[str, Any]] = {}

    def _look(self) -> tuple[Any, ...]:
        """What changes when anything the standings read changes: the files' sizes and
        times (a tournament's write-ahead log too), and the time in PG_EVERY steps when an
        event or the registry is on PostgreSQL."""
        import time

        from tdtool.io import league_file

        targets: list[Path | str] = [self.path]
        if self.registry is not None:
            targets.append(self.registry)
        try:
            league = league_file.read(self.path)
            targets += [league_file.target_of(self.path, e.source) for e in league.events]
        except InputError:
            pass  # said when the standings are read
        seen: list[Any] = []
        for target in targets:
            if isinstance(target, str):
                seen.append(int(time.monotonic() // PG_EVERY))
                continue
            for one in (target, target.with_name(target.name + "-wal")):
                try:
                    st = one.stat()
                    seen.append((st.st_mtime_ns, st.st_size, st.st_ino))
                except OSError:
                    seen.append(None)
        return tuple(seen)

    def standings(self, live: State | None = None) -> Standings:
        """The standings now; `live`: the tournament the server shows (one of the events,
        read already)."""
        seen = self._look()
        if self._standings is None or seen != self._seen or live is not self._live:
            self._standings = league_standings(self.path, self.registry, live)
            self._seen, self._live = seen, live
        return self._standings

    def screen(self, live: State | None, lang: str) -> dict[str, Any]:
        """The standings screen's data in `lang` (standings_screen), with its `version`."""
        from tdtool.i18n import words

        data = standings_screen(self.standings(live), words(lang))
        before = self._shown.get(lang)
        if before is not None and {**before, "version": 0} == {**data, "version": 0}:
            return before
        self._version += 1
        data["version"] = self._version
        self._shown[lang] = data
        return data


def standings_screen(result: Standings, _: Any) -> dict[str, Any]:
    """The standings as a screen shows them (`_`: the language's tdtool.i18n.Words):
    `rows` of {rank, name, events (in words), played (the number), points, provisional}
    for the first STANDINGS_SHOWN
    lines, `lead` the events counted (and how many are still being played), `note` what the
    provisional mark means (empty when nothing is provisional), `more` the players not
    listed. Names, places and points only: never a registry's contact fields."""
    from tdtool.tournament.league import points_text

    events = result.events
    playing = [e.name for e in events if e.provisional]
    lead = _.ngettext("%(num)s event", "%(num)s events", len(events))
    if playing:
        lead += " · " + _.ngettext(
            "%(num)s still being played", "%(num)s still being played", len(playing)
        )
    rows = [
        {
            "rank": _.number(line.rank) + ("=" if line.shared else ""),
            "name": line.name,
            "events": _.ngettext("%(num)s event", "%(num)s events", line.events),
            "played": line.events,
            "points": points_text(line.points, _.lang),
            "provisional": line.provisional,
        }
        for line in result.lines[:STANDINGS_SHOWN]
    ]
    hidden = len(result.lines) - len(rows)
    return {
        "name": result.name,
        "lead": lead,
        "note": _(
            "* provisional: %(events)s still being played, its places may change",
            events=", ".join(playing),
        )
        if playing
        else "",
        "more": _.ngettext("and %(num)s more player", "and %(num)s more players", hidden)
        if hidden > 0
        else "",
        "rows": rows,
    }
