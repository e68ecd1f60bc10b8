"""A league: points for each finish in a season of tournaments, and the standings.

Pure: the events' finishes come in as `EventResult` values (tdtool.app.league reads them
from the tournaments), the rules as `Rules`; `standings` adds them up. Points are kept in
hundredths (an int), so a season's totals add up exactly and print with two decimals.

The PokerStars formula's published examples:

>>> pokerstars_points(150, 3, 20) / 100
163.09
>>> pokerstars_points(900, 25, 0) / 100
23.88
>>> pokerstars_points(900, 136, 0)   # outside the top 15% (135 of 900)
0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Any

from tdtool.errors import InputError
from tdtool.names import ascii_fold


class Scoring(StrEnum):
    """How a finish earns points."""

    POKERSTARS = "pokerstars"
    TABLE = "table"
    FORMULA = "formula"


class TieBreak(StrEnum):
    """A rule that orders players level on points."""

    WINS = "wins"
    BEST = "best"
    EVENTS = "events"
    TOP = "top"

    @property
    def words(self) -> str:
        """The rule as the standings print it (in English: `in_words`)."""
        return self.in_words()

    def in_words(self, lang: str = "en") -> str:
        """The rule as the standings print it, in the language `lang`."""
        from tdtool.i18n import words

        _ = words(lang)
        return {
            TieBreak.WINS: _("most wins"),
            TieBreak.BEST: _("best finish (then the next best, and so on)"),
            TieBreak.EVENTS: _("most events played"),
            TieBreak.TOP: _("highest single result"),
        }[self]


DEFAULT_TIE_BREAK = (TieBreak.WINS, TieBreak.BEST, TieBreak.EVENTS)


def tie_break_of(text: str) -> tuple[TieBreak, ...]:
    """'wins,best,events' -> the rules, in order; InputError naming the known ones.

    >>> tie_break_of("best, wins")
    (<TieBreak.BEST: 'best'>, <TieBreak.WINS: 'wins'>)
    """
    rules: list[TieBreak] = []
    for word in (w.strip().casefold() for w in text.split(",")):
        if not word:
            continue
        try:
            rule = TieBreak(word)
        except ValueError:
            from difflib import get_close_matches

            close = get_close_matches(word, [t.value for t in TieBreak], n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            known = ", ".join(t.value for t in TieBreak)
            raise InputError(f"No tie-break rule {word!r}: {hint}(known: {known})") from None
        if rule in rules:
            raise InputError(f"The tie-break names {word!r} twice; name each rule once.")
        rules.append(rule)
    if not rules:
        raise InputError("Name at least one tie-break rule, e.g. 'wins,best,events'.")
    return tuple(rules)


@dataclass(frozen=True)
class PointsTable:
    """Points by place (hundredths), and the points of a finish below the table."""

    name: str
    places: tuple[int, ...]
    participation: int = 0

    def points(self, place: int) -> int:
        """The points of `place` (1 for the winner)."""
        return self.places[place - 1] if place <= len(self.places) else self.participation

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "places": [_number(p) for p in self.places],
            "participation": _number(self.participation),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PointsTable:
        return cls(
            str(data["name"]),
            tuple(hundredths(p) for p in data["places"]),
            hundredths(data.get("participation", 0)),
        )


def hundredths(value: float | int | str | Decimal) -> int:
    """`value` in hundredths, rounded half up: 163.085 -> 16309.

    >>> hundredths(163.085), hundredths("2.5"), hundredths(-1.005)
    (16309, 250, -101)
    """
    exact = Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return int(exact * 100)


def _number(cents: int) -> float | int:
    """Hundredths as JSON shows points: 16309 -> 163.09, 500 -> 5."""
    return cents // 100 if cents % 100 == 0 else cents / 100


def points_text(cents: int, lang: str = "en") -> str:
    """Points as printed: '163.09', '1,200.00', '-3.50'; in German and Romanian '1.200,00'.

    >>> points_text(120000), points_text(-350), points_text(120000, "de")
    ('1,200.00', '-3.50', '1.200,00')
    """
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    if lang == "en":
        return f"{sign}{whole:,}.{part:02d}"
    from decimal import Decimal

    from babel.numbers import format_decimal

    return str(format_decimal(Decimal(cents) / 100, "#,##0.00", locale=lang))


def pokerstars_paid(entries: int) -> int:
    """Places the PokerStars formula gives points to: the top 15%, rounded up, at least 1.

    >>> pokerstars_paid(150), pokerstars_paid(20), pokerstars_paid(3)
    (23, 3, 1)
    """
    return max(1, (15 * entries + 99) // 100)


def pokerstars_points(entries: int, place: int, buyin: float) -> int:
    """Hundredths of 10 x sqrt(n) / sqrt(k) x (1 + log10(b + 0.25)) for the top 15%, else 0."""
    if place < 1 or place > pokerstars_paid(entries):
        return 0
    value = 10 * math.sqrt(entries) / math.sqrt(place) * (1 + math.log10(buyin + 0.25))
    return hundredths(round(value, 10))  # 163.0850000001 and 163.0849999999 alike


@dataclass(frozen=True)
class Finish:
    """One player's finish in one event: the facts a formula reads."""

    name: str
    place: int
    entries: int
    buyin: int = 0
    prize: int = 0
    knockouts: int = 0
    rebuys: int = 0
    reentries: int = 0
    beaten: int = 0
    still_playing: bool = False
    """In an unfinished event: the player is still in (`place` is the players left, the
    worst they can finish)."""
    player_id: int | None = None
    """The player's id in the player registry (a merged id already read as the player it
    was merged into); None: the entry is not linked to it."""

    def facts(self) -> dict[str, float]:
        """The names a custom formula may use (tdtool.tournament.formula.FACTS)."""
        return {
            "entries": self.entries,
            "place": self.place,
            "buyin": self.buyin,
            "prize": self.prize,
            "knockouts": self.knockouts,
            "rebuys": self.rebuys,
            "reentries": self.reentries,
            "beaten": self.beaten,
        }


@dataclass(frozen=True)
class EventResult:
    """One event of the league as it stands: its finishes, and whether it is over."""

    name: str
    source: str
    finishes: tuple[Finish, ...]
    provisional: bool = False
    """Still being played: its places may change."""
    date: float | None = None
    entries: int = 0


@dataclass(frozen=True)
class Rules:
    """How a league scores: the formula, how many results count and the tie-break."""

    scoring: Scoring
    formula: str | None = None
    table: PointsTable | None = None
    best: int | None = None
    """Each player's `best` best results count (None: all)."""
    drop_worst: int | None = None
    """Each player's `drop_worst` worst results of the season's events are dropped, an
    event missed counting as the worst (None: none)."""
    tie_break: tuple[TieBreak, ...] = DEFAULT_TIE_BREAK

    def check(self) -> Rules:
        """The rules, or InputError saying what does not fit (a formula is parsed here)."""
        if self.scoring is Scoring.TABLE and self.table is None:
            raise InputError(
                "The table formula needs a points table:", "give {option:table} FILE.yaml."
            )
        if self.scoring is not Scoring.TABLE and self.table is not None:
            raise InputError(
                "A points table goes with the table formula only;", "drop {option:table}."
            )
        if self.scoring is Scoring.FORMULA:
            from tdtool.tournament.formula import parse

            parse(self.formula or "")
        if self.best is not None and self.drop_worst is not None:
            raise InputError(
                "Count the best results or drop the worst, not both:",
                "give {option:best} N or {option:drop-worst} N.",
            )
        for option, n in (("best", self.best), ("drop-worst", self.drop_worst)):
            if n is not None and n < 1:
                raise InputError(
                    f"A count of results is 1 or more, not {n}:", f"give {{option:{option}}} N."
                )
        return self

    @property
    def formula_text(self) -> str:
        """The formula as the standings name it (in English: `formula_in`)."""
        return self.formula_in()

    @property
    def counting(self) -> str:
        """Which results count, in words (in English: `counting_in`)."""
        return self.counting_in()

    @property
    def tie_break_text(self) -> str:
        """'Ties on points are broken by most wins, then best finish ...' (`tie_break_in`)."""
        return self.tie_break_in()

    def formula_in(self, lang: str = "en") -> str:
        """The formula as the standings name it, in the language `lang`."""
        from tdtool.i18n import words

        _ = words(lang)
        if self.scoring is Scoring.POKERSTARS:
            return _(
                "PokerStars: 10 x sqrt(entries) / sqrt(place) x (1 + log10(buy-in + 0.25)), top 15%"
            )
        if self.scoring is Scoring.TABLE:
            assert self.table is not None
            return _("points table %(name)s", name=repr(self.table.name))
        return _("formula %(formula)s", formula=self.formula)

    def counting_in(self, lang: str = "en") -> str:
        """Which results count, in words, in the language `lang`."""
        from tdtool.i18n import words

        _ = words(lang)
        if self.best is not None:
            return _.ngettext(
                "each player's best %(num)s result counts",
                "each player's best %(num)s results count",
                self.best,
            )
        if self.drop_worst is not None:
            return _.ngettext(
                "each player's worst %(num)s result is dropped (a missed event is a worst)",
                "each player's worst %(num)s results are dropped (a missed event is a worst)",
                self.drop_worst,
            )
        return _("every result counts")

    def tie_break_in(self, lang: str = "en") -> str:
        """'Ties on points are broken by most wins, then best finish ...' in `lang`."""
        from tdtool.i18n import words

        _ = words(lang)
        rules = _(", then ").join(t.in_words(lang) for t in self.tie_break)
        return _("Ties on points are broken by %(rules)s", rules=rules)

    def points(self, finish: Finish) -> int:
        """The hundredths of points one finish earns."""
        if self.scoring is Scoring.POKERSTARS:
            return pokerstars_points(finish.entries, finish.place, finish.buyin)
        if self.scoring is Scoring.TABLE:
            assert self.table is not None
            return self.table.points(finish.place)
        from tdtool.tournament.formula import parse

        return hundredths(round(parse(self.formula or "").evaluate(finish.facts()), 10))

    def to_dict(self) -> dict[str, Any]:
        return {
            "scoring": self.scoring.value,
            "formula": self.formula,
            "table": self.table.to_dict() if self.table else None,
            "best": self.best,
            "drop_worst": self.drop_worst,
            "tie_break": [t.value for t in self.tie_break],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        table = data.get("table")
        return cls(
            Scoring(data["scoring"]),
            data.get("formula"),
            PointsTable.from_dict(table) if table else None,
            data.get("best"),
            data.get("drop_worst"),
            tuple(TieBreak(t) for t in data.get("tie_break", DEFAULT_TIE_BREAK)),
        )


@dataclass(frozen=True)
class Result:
    """One player's result in one event of the league."""

    event: int
    """The event's index in the league (0 first)."""
    place: int
    points: int
    counted: bool
    provisional: bool = False


SHARED_NAMES = 3
"""A place shared with more players than this says how many, not who (their lines say)."""


@dataclass(frozen=True)
class Tie:
    """How a tie on points was settled: shared with `names`, or `ahead` of (`behind`) the
    one named on `rule`."""

    kind: str
    """"shares", "ahead" or "behind"."""
    names: tuple[str, ...]
    rule: TieBreak | None = None

    def text(self, lang: str = "en") -> str:
        """The note the standings print, in the language `lang`:

        >>> Tie("ahead", ("Ben",), TieBreak.WINS).text(), Tie("shares", ("A", "B")).text()
        ('ahead of Ben on wins', 'shares the place with A, B')
        >>> Tie("shares", tuple("ABCD")).text()
        'shares the place with 4 other players'
        """
        from tdtool.i18n import words

        _ = words(lang)
        if self.kind == "shares" and len(self.names) > SHARED_NAMES:
            # Everyone still on 0 points of a first provisional event: 21 names on each of
            # 22 lines ran the printed standings to six pages.
            return _.ngettext(
                "shares the place with %(num)s other player",
                "shares the place with %(num)s other players",
                len(self.names),
            )
        if self.kind == "shares":
            return _("shares the place with %(names)s", names=", ".join(self.names))
        assert self.rule is not None
        name = self.names[0]
        if self.kind == "ahead":  # a sentence each: languages word each rule their way
            return {
                TieBreak.WINS: lambda: _("ahead of %(name)s on wins", name=name),
                TieBreak.BEST: lambda: _("ahead of %(name)s on best finish", name=name),
                TieBreak.EVENTS: lambda: _("ahead of %(name)s on events played", name=name),
                TieBreak.TOP: lambda: _("ahead of %(name)s on highest single result", name=name),
            }[self.rule]()
        return {
            TieBreak.WINS: lambda: _("behind %(name)s on wins", name=name),
            TieBreak.BEST: lambda: _("behind %(name)s on best finish", name=name),
            TieBreak.EVENTS: lambda: _("behind %(name)s on events played", name=name),
            TieBreak.TOP: lambda: _("behind %(name)s on highest single result", name=name),
        }[self.rule]()


@dataclass(frozen=True)
class Line:
    """One player's line of the standings."""

    rank: int
    shared: bool
    """Level with another player on points and every tie-break: they share `rank`."""
    name: str
    points: int
    """Hundredths: the counted results added up."""
    results: tuple[Result, ...]
    wins: int
    best: int
    events: int
    tie: Tie | None = None
    """How a tie on points was broken, or who the rank is shared with."""

    @property
    def note(self) -> str:
        """The tie in English (`note_in`)."""
        return self.note_in()

    def note_in(self, lang: str = "en") -> str:
        """How a tie on points was broken, or who the rank is shared with, in `lang`."""
        return "" if self.tie is None else self.tie.text(lang)

    @property
    def provisional(self) -> bool:
        return any(r.provisional for r in self.results)

    def to_dict(self, events: int) -> dict[str, Any]:
        by_event: list[dict[str, Any] | None] = [None] * events
        for r in self.results:
            by_event[r.event] = {
                "place": r.place,
                "points": _number(r.points),
                "counted": r.counted,
                "provisional": r.provisional,
            }
        return {
            "rank": self.rank,
            "shared": self.shared,
            "name": self.name,
            "points": _number(self.points),
            "events": self.events,
            "wins": self.wins,
            "best": self.best,
            "provisional": self.provisional,
            "note": self.note,
            "results": by_event,
        }


@dataclass(frozen=True)
class Standings:
    """The league table: every player who has a result, best first."""

    name: str
    rules: Rules
    events: tuple[EventResult, ...]
    lines: tuple[Line, ...] = field(default=())
    language: str | None = None
    """The league's own language (its file's), None for none."""

    def to_dict(self) -> dict[str, Any]:
        """`tdtool league standings --json`."""
        n = len(self.events)
        return {
            "name": self.name,
            "formula": self.rules.scoring.value,
            "rules": self.rules.to_dict(),
            "tie_break": [t.value for t in self.rules.tie_break],
            "events": [
                {
                    "name": e.name,
                    "source": e.source,
                    "entries": e.entries,
                    "provisional": e.provisional,
                    "date": e.date,
                }
                for e in self.events
            ],
            "standings": [line.to_dict(n) for line in self.lines],
        }


def _counted(points: list[int], rules: Rules, events: int) -> set[int]:
    """Indexes of the results that count among a player's `points` (in event order)."""
    keep = len(points)
    if rules.best is not None:
        keep = rules.best
    elif rules.drop_worst is not None:
        keep = max(events - rules.drop_worst, 1)
    # Best first; of equal results the earlier one counts.
    order = sorted(range(len(points)), key=lambda i: (-points[i], i))
    return set(order[:keep])


def _key(line: Line, rule: TieBreak, events: int) -> tuple[int, ...]:
    """A tie-break's key for `line`: smaller is better."""
    if rule is TieBreak.WINS:
        return (-line.wins,)
    if rule is TieBreak.EVENTS:
        return (-line.events,)
    if rule is TieBreak.TOP:
        return (-max(r.points for r in line.results),)
    places = sorted(r.place for r in line.results)
    return tuple(places) + (10**9,) * (events - len(places))


def _players(events: Sequence[EventResult]) -> Any:
    """`player_of(finish) -> key`: one key per person across the events. A name folded as
    the look-ups fold it is a person; finishes linked to one registry id are one person
    whatever their names (a player merged mid-season), and so are the names they joined.

    >>> one = EventResult("W1", "w1", (Finish("José García", 1, 2, player_id=4),))
    >>> pepe, ben = Finish("Pepe G", 2, 2, player_id=4), Finish("Ben", 1, 2)
    >>> two = EventResult("W2", "w2", (pepe, ben))
    >>> player_of = _players([one, two])
    >>> player_of(pepe) == player_of(one.finishes[0]) != player_of(ben)
    True
    """
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        while parent.setdefault(key, key) != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    for event in events:
        for finish in event.finishes:
            if finish.player_id is not None:
                a, b = root(ascii_fold(finish.name)), root(f"#{finish.player_id}")
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return lambda finish: root(ascii_fold(finish.name))


def standings(
    name: str, rules: Rules, events: Sequence[EventResult], language: str | None = None
) -> Standings:
    """The standings of a league after `events`: each player's results (matched across
    events by their name folded as the look-ups fold it, and by their registry id: `_players`),
    those that count, the totals, and the ranks by points, then the tie-break rules in turn."""
    by_player: dict[str, list[tuple[int, Finish]]] = {}
    shown: dict[str, str] = {}
    player_of = _players(events)
    for index, event in enumerate(events):
        for finish in event.finishes:
            key = player_of(finish)
            same = by_player.setdefault(key, [])
            if same and same[-1][0] == index:  # two entries of one person (merged since)
                if finish.place < same[-1][1].place:
                    same[-1] = (index, finish)
                continue
            same.append((index, finish))
            shown[key] = finish.name  # the latest spelling
    unranked: list[Line] = []
    for key, finishes in by_player.items():
        points = []
        for index, finish in finishes:
            try:
                points.append(rules.points(finish))
            except InputError as exc:
                raise InputError(
                    f"{events[index].name}, {finish.name} (place {finish.place}): {exc}"
                ) from None
        counted = _counted(points, rules, len(events))
        results = tuple(
            Result(index, f.place, p, i in counted, events[index].provisional)
            for i, ((index, f), p) in enumerate(zip(finishes, points, strict=True))
        )
        unranked.append(
            Line(
                0,
                False,
                shown[key],
                sum(r.points for r in results if r.counted),
                results,
                wins=sum(1 for r in results if r.place == 1),
                best=min(r.place for r in results),
                events=len(results),
            )
        )
    n = len(events)

    def order(line: Line) -> tuple[Any, ...]:
        return (-line.points, *(_key(line, t, n) for t in rules.tie_break))

    unranked.sort(key=lambda line: (order(line), ascii_fold(line.name)))
    lines: list[Line] = []
    for i, line in enumerate(unranked):
        rank = i + 1
        level = [o for o in unranked if order(o) == order(line) and o is not line]
        if lines and order(unranked[i - 1]) == order(line):
            rank = lines[-1].rank
        tie = None
        if level:
            tie = Tie("shares", tuple(o.name for o in level))
        else:
            below = unranked[i + 1] if i + 1 < len(unranked) else None
            above = unranked[i - 1] if i > 0 else None
            if below is not None and below.points == line.points:
                tie = Tie("ahead", (below.name,), _deciding(line, below, rules, n))
            elif above is not None and above.points == line.points:
                tie = Tie("behind", (above.name,), _deciding(above, line, rules, n))
        lines.append(
            Line(
                rank,
                bool(level),
                line.name,
                line.points,
                line.results,
                line.wins,
                line.best,
                line.events,
                tie,
            )
        )
    return Standings(name, rules, tuple(events), tuple(lines), language)


def _deciding(ahead: Line, behind: Line, rules: Rules, events: int) -> TieBreak:
    """The first tie-break rule that puts `ahead` before `behind` (level on points)."""
    return next(t for t in rules.tie_break if _key(ahead, t, events) != _key(behind, t, events))
