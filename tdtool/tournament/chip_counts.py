"""Chip counts: recording them, the chip leader and big blinds, and the check against the
chips sold.

A count (`player.chips`) replaces that player's last one; rebuys and add-ons bought after it
are added to it, a bust clears it and a re-entry starts uncounted (tdtool.tournament.state).
The chips in play are what was sold (every entry's starting stack, each rebuy and add-on at
the terms' chip amounts) minus what was taken out of play (`chips.removed`: race-offs at a
colour-up, chips removed by a ruling). When every player left has a count, the counts must
add up to the chips in play; when they do not, the difference is named.

Counts taken at one moment add up (the bags at the end of a day, a count at a break); counts
taken at different moments of play need not, since chips moved between them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError, RuleError
from tdtool.tournament.events import ChipCount, ChipsRemoved, PlayerChips
from tdtool.tournament.state import State

if TYPE_CHECKING:
    from tdtool.tournament.rng import Rng

Events = list[tuple[str, dict[str, Any]]]


def _at(where: str | None, message: str) -> str:
    return f"{where}: {message}" if where else message


def record_counts(
    state: State,
    counts: Sequence[tuple[str, int]],
    source: str = "",
    where: Sequence[str | None] | None = None,
) -> Events:
    """The event recording `counts` ((name, chips) each) as one change.

    Every count is checked first, so nothing is recorded when one is wrong: a name nobody
    has (InputError), a player counted twice (InputError), a count that is not more than 0
    (InputError: a player with no chips is busted), a player already out (RuleError).
    `where` labels each count in messages (e.g. "counts.csv:4").
    """
    if not counts:
        raise InputError(
            "Give at least one count: a player's name and their chips,",
            "e.g. {chips:Anna 12000}.",
        )
    labels: list[str | None] = list(where) if where is not None else [None] * len(counts)
    seen: dict[str, str | None] = {}
    recorded: list[ChipCount] = []
    for (raw, chips), label in zip(counts, labels, strict=True):
        try:
            player = state.player(raw)
        except InputError as exc:
            raise InputError(_at(label, exc.wrong), exc.hint) from None
        if player.name in seen:
            first = seen[player.name]
            also = f" (also {first})" if first else ""
            raise InputError(
                _at(label, f"{player.name} is counted twice{also}; give each player's count once.")
            )
        seen[player.name] = label
        if chips <= 0:
            plain = "{" not in player.name and "}" not in player.name
            raise InputError(
                _at(
                    label,
                    f"{player.name}'s count is {chips:,}: a player still in has chips;"
                    " a player with none is busted:",
                ),
                ("{bust:" + player.name + "}.") if plain else "{bust}.",
            )
        if player.busted:
            raise RuleError(
                _at(label, f"{player.name} is out of the tournament; count only players still in."),
                "{players} shows who is in.",
            )
        recorded.append(ChipCount(player.name, chips))
    return [PlayerChips(tuple(recorded), source).event()]


def race_chips(state: State, race: int, up: int, held: Mapping[str, int], rng: Rng) -> Events:
    """A scheduled colour-up with its chip race (TDA 24, `tdtool.tournament.chip_race`):
    `held` names the players holding chips of the `race` denomination and how many (any case,
    accents or not; the others hold none). A player whose recorded count is just those chips
    cannot be raced out (TDA 24A)."""
    from tdtool.tournament.chip_race import chip_race
    from tdtool.tournament.events import ChipsRaced

    if not state.drawn:
        raise RuleError("Seats are not drawn yet;", "a chip race is run at the tables ({draw}).")
    counts: dict[str, int] = {}
    for name, n in held.items():
        player = state.player(name)
        if player.busted:
            raise RuleError(f"{player.name} is out of the tournament; name only players in.")
        if player.name in counts:
            raise InputError(f"{player.name} is named twice; give each player's chips once.")
        counts[player.name] = n
    last = frozenset(
        n for n, k in counts.items() if state.player(n).chips == k * race and k * race < up
    )
    result = chip_race(state.plan.seating(), counts, race, up, rng, last)
    if result.removed > state.total_chips:
        raise RuleError(f"Only {state.total_chips:,} chips are in play.")
    return [ChipsRaced(result).event()]


def remove_chips(state: State, chips: int, reason: str = "") -> Events:
    """The event taking `chips` out of play (a race-off at a colour-up, a ruling)."""
    if chips <= 0:
        raise InputError(f"Chips taken out of play: {chips:,}; give a number more than 0.")
    if chips > state.total_chips:
        raise RuleError(
            f"Only {state.total_chips:,} chips are in play; {chips:,} cannot be taken out."
        )
    return [ChipsRemoved(chips, " ".join(reason.split())).event()]


@dataclass(frozen=True)
class StackRow:
    """One player still in, with their recorded count (None: not counted in this entry)."""

    name: str
    chips: int | None
    big_blinds: float | None
    """The count in big blinds of the level being played (one decimal)."""
    counted_at: float | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "name": self.name,
            "chips": self.chips,
            "big_blinds": self.big_blinds,
            "counted_at": self.counted_at,
        }


@dataclass(frozen=True)
class ChipSummary:
    """What the recorded counts say: the chip leader, the stacks in big blinds, the average
    stack, and whether the counts add up to the chips in play."""

    players_left: int
    chips_sold: int
    chips_removed: int
    chips_in_play: int
    average_stack: int
    big_blind: int | None
    stacks: tuple[StackRow, ...]
    """Every player left, biggest count first, the uncounted last (in registration order)."""
    last_bust_at: float | None = None
    """When the last player busted: counts taken before it miss the chips won since."""

    @property
    def before_last_bust(self) -> tuple[str, ...]:
        """Players left whose count was taken before the last bust."""
        if self.last_bust_at is None:
            return ()
        return tuple(
            r.name
            for r in self.stacks
            if r.counted_at is not None and r.counted_at < self.last_bust_at
        )

    @property
    def counted(self) -> tuple[StackRow, ...]:
        """The players left who have a count."""
        return tuple(r for r in self.stacks if r.chips is not None)

    @property
    def uncounted(self) -> tuple[str, ...]:
        """The players left without a count."""
        return tuple(r.name for r in self.stacks if r.chips is None)

    @property
    def chips_counted(self) -> int:
        """The counts of the players left, added up."""
        return sum(r.chips or 0 for r in self.stacks)

    @property
    def leader(self) -> StackRow | None:
        """The biggest recorded count (the first recorded of equal ones); None: no count."""
        counted = self.counted
        return counted[0] if counted else None

    @property
    def difference(self) -> int | None:
        """Counted minus in play once every player left is counted (0: they add up; > 0:
        more chips counted than are in play; < 0: chips missing); None until then."""
        if not self.stacks or self.uncounted:
            return None
        return self.chips_counted - self.chips_in_play

    @property
    def average_big_blinds(self) -> float | None:
        """The average stack in big blinds."""
        return in_big_blinds(self.average_stack, self.big_blind)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (`chips` of `tdtool status --json`, `tdtool chips --json`)."""
        leader = self.leader
        return {
            "leader": None if leader is None else {"name": leader.name, "chips": leader.chips},
            "average_stack": self.average_stack,
            "average_big_blinds": self.average_big_blinds,
            "big_blind": self.big_blind,
            "chips_in_play": self.chips_in_play,
            "chips_sold": self.chips_sold,
            "chips_removed": self.chips_removed,
            "chips_counted": self.chips_counted,
            "counted": len(self.counted),
            "uncounted": list(self.uncounted),
            "difference": self.difference,
            "counted_before_last_bust": list(self.before_last_bust),
            "stacks": [r.to_dict() for r in self.stacks],
        }


def in_big_blinds(chips: int | None, big_blind: int | None) -> float | None:
    """`chips` in big blinds, to one decimal (None without a count or a big blind)."""
    if chips is None or not big_blind:
        return None
    return round(chips / big_blind, 1)


def chip_summary(state: State, big_blind: int | None = None) -> ChipSummary:
    """The chip summary of `state`; `big_blind` of the level being played (the caller reads
    the clock), for the stacks in big blinds."""
    left = [p for p in state.players.values() if not p.busted]
    counted = sorted((p for p in left if p.chips is not None), key=lambda p: -(p.chips or 0))
    rows = tuple(
        StackRow(p.name, p.chips, in_big_blinds(p.chips, big_blind), p.counted_at)
        for p in [*counted, *(p for p in left if p.chips is None)]
    )
    return ChipSummary(
        players_left=len(left),
        chips_sold=state.chips_sold,
        chips_removed=state.chips_removed,
        chips_in_play=state.total_chips,
        average_stack=state.average_stack,
        big_blind=big_blind,
        stacks=rows,
        last_bust_at=state.last_bust_at,
    )


def check_line(summary: ChipSummary) -> str:
    """The check of the counts against the chips in play, as a director reads it aloud."""
    diff = summary.difference
    if not summary.counted:
        return "No chip counts recorded yet."
    if diff is None:
        missing = summary.uncounted
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        named = ", ".join(missing[:5]) + more
        return (
            f"{len(summary.counted)} of {summary.players_left} players counted"
            f" ({summary.chips_counted:,} chips); not counted yet: {named}."
        )
    stale = summary.before_last_bust
    who = ", ".join(stale[:5]) + (f" and {len(stale) - 5} more" if len(stale) > 5 else "")
    if diff == 0:
        again = (
            f" Counted before the last bust: {who}; count them again before a deal."
            if stale
            else ""
        )
        return f"The counts add up: {summary.chips_in_play:,} chips in play.{again}"
    off = f"{diff:,} over" if diff > 0 else f"{-diff:,} short of"
    sold = (
        f" ({summary.chips_sold:,} sold, {summary.chips_removed:,} taken out of play)"
        if summary.chips_removed
        else ""
    )
    recount = ""
    if stale:
        recount = (
            f" Counted before the last bust, so without the chips won since: {who};"
            " count them again."
        )
    return (
        f"The counts do not add up: {summary.chips_counted:,} counted, {off} the"
        f" {summary.chips_in_play:,} chips in play{sold}.{recount}"
    )


@dataclass(frozen=True)
class ChipBrief:
    """The chip figures of the status screen and the displays, worked out in one pass over
    the players (no list of stacks: cheap at 30,000 entries)."""

    leader: tuple[str, int] | None
    """(name, chips) of the biggest recorded count (the first registered of equal ones)."""
    counted: int
    not_counted: int
    chips_counted: int
    chips_in_play: int
    average_stack: int
    big_blind: int | None
    difference: int | None
    """Counted minus in play once every player left is counted; None until then."""
    before_last_bust: int = 0
    """Counts taken before the last bust (they miss the chips won since)."""
    leader_age: float | None = None
    """Seconds since the leader's count was taken (None: not asked for, see `chip_brief`)."""

    @property
    def at_last_count(self) -> bool:
        """Whether the leader is the leader at the last count only: some counts were taken
        before the last bust, so the chips won since are missing (the displays say so)."""
        return self.before_last_bust > 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (`chips` of `tdtool status --json`; the leader's `at_last_count` and
        `minutes_ago`, how long ago their count was taken, beside name, chips and BB)."""
        leader = None
        if self.leader is not None:
            name, chips = self.leader
            big_blinds = in_big_blinds(chips, self.big_blind)
            age = self.leader_age
            leader = {"name": name, "chips": chips, "big_blinds": big_blinds,
                      "at_last_count": self.at_last_count,
                      "minutes_ago": None if age is None else int(age // 60)}  # fmt: skip
        return {
            "leader": leader,
            "average_stack": self.average_stack,
            "average_big_blinds": in_big_blinds(self.average_stack, self.big_blind),
            "big_blind": self.big_blind,
            "chips_in_play": self.chips_in_play,
            "chips_counted": self.chips_counted,
            "counted": self.counted,
            "not_counted": self.not_counted,
            "difference": self.difference,
            "counted_before_last_bust": self.before_last_bust,
        }


def chip_brief(state: State, big_blind: int | None = None, now: float | None = None) -> ChipBrief:
    """The chip figures of `state` (see ChipBrief); `big_blind` of the level being played.
    From the totals the fold keeps: no player is read, but for the leader when `now` (wall
    time) is given and counts were taken before the last bust, to say how old theirs is."""
    t = state.chip_totals
    in_play = state.total_chips
    not_counted = state.players_left - t.counted
    age = None
    if now is not None and t.leader is not None and t.counted > t.fresh:  # only when stale
        counted_at = state.player(t.leader[0]).counted_at
        age = None if counted_at is None else max(0.0, now - counted_at)
    return ChipBrief(
        leader_age=age,
        leader=t.leader,
        counted=t.counted,
        not_counted=not_counted,
        chips_counted=t.chips,
        chips_in_play=in_play,
        average_stack=state.average_stack,
        big_blind=big_blind,
        difference=t.chips - in_play if t.counted and not not_counted else None,
        before_last_bust=t.counted - t.fresh,
    )


def recorded_stacks(state: State) -> tuple[list[str], list[int]]:
    """The players left and their recorded counts, for a deal made without typed stacks.

    InputError when a player left has no count, or a count was taken before the last bust
    (it misses the chips won since): the director counts again or types the stacks.
    """
    left = [p for p in state.players.values() if not p.busted]
    missing = [p.name for p in left if p.chips is None]
    if missing:
        raise InputError(
            "Not every player left has a recorded chip count (not counted: "
            + ", ".join(missing)
            + ");",
            "record the counts with {chips} or give {option:stacks}.",
        )
    last = state.last_bust_at
    stale = [p.name for p in left if last is not None and (p.counted_at or 0) < last]
    if stale:
        raise InputError(
            "The chip counts of " + ", ".join(stale) + " were recorded before the last bust"
            " and miss the chips won since;",
            "count again with {chips} or give {option:stacks}.",
        )
    return [p.name for p in left], [p.chips or 0 for p in left]
