"""A structure as rows for people: the terminal table, JSON, and printable HTML, Markdown, CSV.

Times are passed in (minutes after midnight of the start), never read from the clock.
The HTML sheet is a template (tdtool/templates/structure_sheet.html, autoescaped, on the
print base); this module works out its rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tdtool.game import Game
from tdtool.tournament.structure import Break, Day, Level, Structure, start_minutes
from tdtool.tournament.structure_check import chips_in_play

if TYPE_CHECKING:
    from tdtool.i18n import Words
    from tdtool.io.pages import Theme

FORMATS = ("html", "md", "csv")
PAPERS = {"a4": "A4", "letter": "letter"}


@dataclass(frozen=True)
class Row:
    """One line of a structure sheet: a level or a break, with its times."""

    period: Level | Break
    start: int
    """Minutes from the start of play."""
    end: int
    chips: tuple[int, ...]
    """Chips in play during the period (for a break: before its color-up)."""
    last_registration: bool = False
    after_level: int = 0
    """For a break: the level it follows (0 before level 1)."""
    day: int = 1
    """The day it is played on (1 unless the structure plans days)."""
    day_start: int = 0
    """Minutes from the start of play (of day 1) at which its day's play begins."""
    day_start_clock: int | None = None
    """The clock time its day starts (minutes after midnight), when the structure says."""

    @property
    def day_minute(self) -> int:
        """Minutes from the start of its day's play."""
        return self.start - self.day_start


def rows(structure: Structure) -> list[Row]:
    """The sheet's rows in play order; in a multi-day structure each day's times count from
    the start of that day (a day ends overnight, not with a break)."""
    starts = start_minutes(structure)
    chips = chips_in_play(structure)
    result: list[Row] = []
    last_level = 0
    days = {d.number: d for d in structure.days}
    day, day_start = 1, 0
    for index, period in enumerate(structure.periods):
        late = isinstance(period, Level) and period.number == structure.late_registration
        if isinstance(period, Level) and structure.day_of(period.number) != day:
            day, day_start = structure.day_of(period.number), starts[index]
        planned = days.get(day)
        result.append(
            Row(
                period,
                starts[index],
                starts[index] + period.minutes,
                chips[index],
                late,
                last_level,
                day,
                day_start,
                planned.start if planned else None,
            )
        )
        if isinstance(period, Level):
            last_level = period.number
    return result


def when(row: Row, start_of_day: int | None) -> str:
    """When a row starts: the clock time (its day's own start time, else `start_of_day`), or
    the time since its day's play began.

    >>> when(Row(Level(6, 300, 600, 120), 900, 1020, (), day=2, day_start=900), 11 * 60)
    '11:00'
    """
    start = row.day_start_clock if row.day_start_clock is not None else start_of_day
    return clock(start, row.day_minute)


def _words(_: Words | None) -> Words:
    """`_`, or English (the terminal's, Markdown's and CSV's language)."""
    if _ is not None:
        return _
    from tdtool.i18n import words

    return words()


def day_title(
    day: Day, structure: Structure, start_of_day: int | None, _: Words | None = None
) -> str:
    """'Day 2 · starts 11:00 · levels 6-10' (in `_`'s language)."""
    _ = _words(_)
    numbers = [lv.number for lv in structure.levels if structure.day_of(lv.number) == day.number]
    start = day.start if day.start is not None else start_of_day
    parts = [_("Day %(day)s", day=day.number)]
    if start is not None:
        parts.append(_("starts %(time)s", time=f"{start // 60:02d}:{start % 60:02d}"))
    if numbers:
        span = (
            _("level %(level)s", level=numbers[0])
            if len(numbers) == 1
            else _("levels %(first)s–%(last)s", first=numbers[0], last=numbers[-1])
        )
        parts.append(span)
    return " · ".join(parts)


def day_end_note(row: Row, structure: Structure, _: Words | None = None) -> str:
    """'End of Day 1: bag and tag' on the last level of a day but the last."""
    _ = _words(_)
    if isinstance(row.period, Level) and row.period.number in structure.day_ends:
        return _("End of Day %(day)s: bag and tag", day=row.day)
    return ""


def day_lengths(structure: Structure) -> dict[int, int]:
    """Minutes of play and breaks of each day."""
    lengths: dict[int, int] = {}
    for row in rows(structure):
        lengths[row.day] = max(lengths.get(row.day, 0), row.end - row.day_start)
    return lengths


def number(value: int) -> str:
    """1000 -> '1,000'."""
    return f"{value:,}"


def duration(minutes: int) -> str:
    """Minutes as h:mm: 90 -> '1:30'."""
    return f"{minutes // 60}:{minutes % 60:02d}"


def clock(start_of_day: int | None, offset: int) -> str:
    """The clock time `offset` minutes after `start_of_day` (or the offset as h:mm without it).

    >>> clock(19 * 60, 150), clock(23 * 60, 90), clock(None, 150)
    ('21:30', '00:30 +1d', '2:30')
    """
    if start_of_day is None:
        return duration(offset)
    total = start_of_day + offset
    days, minute = divmod(total, 24 * 60)
    text = f"{minute // 60:02d}:{minute % 60:02d}"
    return f"{text} +{days}d" if days else text


def blinds(level: Level) -> str:
    """'100/200'."""
    return f"{number(level.small_blind)}/{number(level.big_blind)}"


def ante(level: Level, _: Words | None = None) -> str:
    """'200 (BB)' for a big blind ante, '25' for a classic ante, '' for none."""
    show = number if _ is None else _.number
    if level.bb_ante:
        _ = _words(_)
        return show(level.bb_ante) + " " + _("(BB)")
    return show(level.ante) if level.ante else ""


def limits(level: Level, _: Words | None = None) -> str:
    """The limit bets: '200/400'."""
    show = number if _ is None else _.number
    small, big = level.limit_bets
    return f"{show(small)}/{show(big)}"


def chip_list(chips: tuple[int, ...]) -> str:
    """'25, 100, 500'."""
    return ", ".join(number(c) for c in chips)


def break_label(period: Break, _: Words | None = None) -> str:
    """'Break', or the break's own name ('Dinner break', as the structure writes it)."""
    _ = _words(_)
    return period.name or _("Break")


def break_note(row: Row, _: Words | None = None) -> str:
    """'Color up the 25s' (the chips that leave play at this break) or ''.

    >>> break_note(Row(Break(10, (100, 500)), 0, 10, (100, 500, 1000)))
    'Color up the 100s and 500s'
    """
    assert isinstance(row.period, Break)
    _ = _words(_)
    chips = [_("%(chip)ss", chip=_.number(c)) for c in row.period.color_up]
    if not chips:
        return ""
    listed = (
        chips[0]
        if len(chips) == 1
        else _("%(first)s and %(last)s", first=", ".join(chips[:-1]), last=chips[-1])
    )
    return _("Color up the %(chips)s", chips=listed)


def level_note(structure: Structure, row: Row, _: Words | None = None) -> str:
    """'Last level to register' on the late-registration level; 'End of Day 1: bag and tag'
    on a day's last level."""
    _ = _words(_)
    notes = [_("Last level to register")] if row.last_registration else []
    end = day_end_note(row, structure, _)
    return "; ".join([*notes, end] if end else notes)


def game_name(game: Game, _: Words | None = None) -> str:
    """'No-limit hold'em'."""
    _ = _words(_)
    return {
        Game.NO_LIMIT: _("No-limit hold'em"),
        Game.POT_LIMIT: _("Pot-limit hold'em"),
        Game.LIMIT: _("Limit hold'em"),
    }[game]


def summary(structure: Structure, _: Words | None = None) -> str:
    """One line: game, stack, level length, chips and registration."""
    _ = _words(_)
    lengths = [lv.minutes for lv in structure.levels]
    usual = max(set(lengths), key=lambda m: (lengths.count(m), -m))
    others = [lv for lv in structure.levels if lv.minutes != usual]
    minutes = _("%(minutes)s-minute levels", minutes=usual)
    if 0 < len(others) <= 3:
        minutes += (
            " ("
            + ", ".join(
                _("level %(level)s: %(minutes)s", level=lv.number, minutes=lv.minutes)
                for lv in others
            )
            + ")"
        )
    elif others:
        minutes = _("levels of %(low)s-%(high)s minutes", low=min(lengths), high=max(lengths))
    parts = [
        game_name(structure.game, _),
        _("starting stack %(chips)s", chips=_.number(structure.starting_stack)),
        minutes,
    ]
    if structure.late_registration is not None:
        parts.append(
            _("registration open through level %(level)s", level=structure.late_registration)
        )
    if structure.days:
        parts.append(_.ngettext("%(num)s day", "%(num)s days", len(structure.days)))
    return " · ".join(parts)


def total_minutes(structure: Structure) -> int:
    """The whole structure's length in minutes, breaks included."""
    return sum(p.minutes for p in structure.periods)


# ---------------------------------------------------------------- terminal and JSON


def terminal_rows(
    structure: Structure, start_of_day: int | None
) -> tuple[list[list[str]], list[str]]:
    """Rows and headers for `tdtool structure show`."""
    is_limit = structure.game is Game.LIMIT
    headers = ["Level", "Blinds"] + (["Limits"] if is_limit else []) + ["Ante", "Minutes"]
    timed = start_of_day is not None or any(d.start is not None for d in structure.days)
    headers += ["Starts" if timed else "Starts after", "Total time", "Notes"]
    if structure.days:
        headers = ["Day", *headers]
    table: list[list[str]] = []
    for row in rows(structure):
        period = row.period
        at = when(row, start_of_day)
        played = duration(row.end - row.day_start)
        if isinstance(period, Level):
            line = [str(period.number), blinds(period)]
            line += [limits(period)] if is_limit else []
            line += [ante(period), str(period.minutes), at, played]
            line += [level_note(structure, row)]
        else:
            line = [break_label(period).lower(), ""] + ([""] if is_limit else [])
            line += ["", str(period.minutes), at, played, break_note(row)]
        if structure.days:
            line = [str(row.day), *line]
        table.append(line)
    return table, headers


def structure_json(structure: Structure, start_of_day: int | None) -> dict[str, Any]:
    """The structure as JSON for scripts (keys pinned by a test)."""
    periods: list[dict[str, Any]] = []
    for row in rows(structure):
        period = row.period
        timed = start_of_day is not None or row.day_start_clock is not None
        common = {
            "minutes": period.minutes,
            "start_minute": row.start,
            "end_minute": row.end,
            "start": when(row, start_of_day) if timed else None,
            "chips_in_play": list(row.chips),
            "day": row.day,
            "day_minute": row.day_minute,
        }
        if isinstance(period, Level):
            item: dict[str, Any] = {
                "type": "level",
                "level": period.number,
                "small_blind": period.small_blind,
                "big_blind": period.big_blind,
                "ante": period.ante,
                "bb_ante": period.bb_ante,
            }
            if structure.game is Game.LIMIT:
                item["bets"] = list(period.limit_bets)
            item["last_registration"] = row.last_registration
        else:
            item = {
                "type": "break",
                "after_level": row.after_level,
                "color_up": list(period.color_up),
                "name": period.name or None,
            }
        periods.append(item | common)
    return {
        "name": structure.name,
        "game": structure.game.value,
        "starting_stack": structure.starting_stack,
        "chips": list(structure.chips),
        "late_registration": structure.late_registration,
        "levels": len(structure.levels),
        "total_minutes": total_minutes(structure),
        "days": [
            {
                "day": d.number,
                "first_level": d.first_level,
                "start": None if d.start is None else f"{d.start // 60:02d}:{d.start % 60:02d}",
                "minutes": day_lengths(structure).get(d.number, 0),
            }
            for d in structure.days
        ],
        "periods": periods,
    }


# ---------------------------------------------------------------- printable sheets


def sheet(
    structure: Structure,
    fmt: str,
    start_of_day: int | None,
    paper: str = "a4",
    facts: Sequence[str] = (),
    title: str | None = None,
    theme: Theme | None = None,
    lang: str = "en",
) -> str:
    """The printable sheet in `fmt` (html, md or csv). `title` (default: the structure's name)
    and `facts` (lines under it: a tournament's date and buy-in) are for html and md; the
    HTML sheet is in the language `lang` (Markdown and CSV, files for a program or a
    website, stay English)."""
    if fmt == "html":
        return sheet_html(structure, start_of_day, paper, facts, title, theme, lang)
    if fmt == "md":
        return sheet_markdown(structure, start_of_day, facts, title)
    if fmt == "csv":
        return sheet_csv(structure, start_of_day)
    raise ValueError(fmt)


def sheet_markdown(
    structure: Structure,
    start_of_day: int | None,
    facts: Sequence[str] = (),
    title: str | None = None,
) -> str:
    """A Markdown table with a title and a summary line."""
    table, headers = terminal_rows(structure, start_of_day)

    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = [f"# {cell(title or structure.name)}", ""]
    lines += [f"**{cell(line)}**  " for line in facts]
    lines.append(summary(structure) + ".")
    if structure.chips:
        lines.append(f"Chips in play at the start: {chip_list(structure.chips)}.")
    lines += ["", "| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    first = 1 if structure.days else 0  # the Level column
    days = {d.number: d for d in structure.days}
    shown_day = 0
    for row, line in zip(rows(structure), table, strict=True):
        if structure.days and row.day != shown_day:
            shown_day = row.day
            heading = day_title(days[row.day], structure, start_of_day) if row.day in days else ""
            lines.append(f"| **{cell(heading)}** |" + " |" * (len(headers) - 1))
        if isinstance(row.period, Break):
            line = [*line[:first], f"**{cell(break_label(row.period))}**", *line[first + 1 :]]
            line[-1] = f"**{line[-1]}**" if line[-1] else ""
        elif line[-1]:
            line[-1] = f"**{line[-1]}**"
        lines.append("| " + " | ".join(c if c.startswith("**") else cell(c) for c in line) + " |")
    lines += ["", total_line(structure) + "."]
    return "\n".join(lines) + "\n"


def total_line(structure: Structure, _: Words | None = None) -> str:
    """'Total: 6:10 of play and breaks', or per day for a multi-day structure."""
    _ = _words(_)
    if not structure.days:
        return _("Total: %(time)s of play and breaks", time=duration(total_minutes(structure)))
    lengths = day_lengths(structure)
    if len(set(lengths.values())) == 1:
        return _.ngettext(
            "%(num)s day of %(time)s of play and breaks",
            "%(num)s days of %(time)s of play and breaks",
            len(lengths),
            time=duration(next(iter(lengths.values()))),
        )
    each = ", ".join(_("Day %(day)s %(time)s", day=d, time=duration(m)) for d, m in lengths.items())
    return _("%(num)s days: %(each)s of play and breaks", num=len(lengths), each=each)


def sheet_csv(structure: Structure, start_of_day: int | None) -> str:
    """One row per level or break, plain numbers, for a spreadsheet."""
    import csv  # only for a CSV sheet: `structure show` never loads it
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "type",
            "level",
            "small_blind",
            "big_blind",
            "ante",
            "bb_ante",
            "small_bet",
            "big_bet",
            "minutes",
            "start",
            "total_time",
            "color_up",
            "note",
            "day",
        ]
    )
    is_limit = structure.game is Game.LIMIT
    for row in rows(structure):
        period = row.period
        at = when(row, start_of_day)
        played = duration(row.end - row.day_start)
        if isinstance(period, Level):
            bets = list(period.limit_bets) if is_limit else ["", ""]
            writer.writerow(
                ["level", period.number, period.small_blind, period.big_blind]
                + [period.ante or "", period.bb_ante or ""]
                + bets
                + [period.minutes, at, played, "", level_note(structure, row), row.day]
            )
        else:
            color_up = " ".join(str(c) for c in period.color_up)
            note = "; ".join(n for n in (period.name, break_note(row)) if n)
            writer.writerow(
                ["break", "", "", "", "", "", "", "", period.minutes, at, played]
                + [color_up, note, row.day]
            )
    return out.getvalue()


def _density(count: int) -> str:
    """A CSS class that lets the sheet fit one page where it can (A4 and Letter alike)."""
    if count <= 20:
        return "large"
    if count <= 27:
        return "roomy"
    if count <= 36:
        return "compact"
    if count <= 46:
        return "dense"
    return "densest"


def sheet_html(
    structure: Structure,
    start_of_day: int | None,
    paper: str = "a4",
    facts: Sequence[str] = (),
    title: str | None = None,
    theme: Theme | None = None,
    lang: str = "en",
) -> str:
    """A self-contained HTML page made for paper: one page where it fits, header repeated.
    `title` (default: the structure's name) and `facts` (lines under it) name a tournament;
    the page is `structure_sheet.html` on the print base, in `theme`'s look, its words and
    numbers in the language `lang`."""
    from tdtool.i18n import words
    from tdtool.io import pages

    _ = words(lang)

    is_limit = structure.game is Game.LIMIT
    has_ante = any(lv.ante or lv.bb_ante for lv in structure.levels)
    timed = start_of_day is not None or any(d.start is not None for d in structure.days)
    columns = 6 + is_limit + has_ante
    body: list[dict[str, Any]] = []
    days = {d.number: d for d in structure.days}
    shown_day = 0
    for row in rows(structure):
        period = row.period
        if structure.days and row.day != shown_day:
            shown_day = row.day
            heading = (
                day_title(days[row.day], structure, start_of_day, _) if row.day in days else ""
            )
            body.append({"kind": "day", "heading": heading})
        common = {"minutes": period.minutes, "when": when(row, start_of_day)}
        if isinstance(period, Level):
            note = level_note(structure, row, _)
            css = "level alt" if period.number % 2 == 0 else "level"
            css += " lastreg" if row.last_registration else ""
            css += " dayend" if day_end_note(row, structure, _) else ""
            body.append(
                common
                | {
                    "kind": "level",
                    "css": css,
                    "number": period.number,
                    "small_blind": _.number(period.small_blind),
                    "big_blind": _.number(period.big_blind),
                    "limits": limits(period, _) if is_limit else "",
                    "ante": ante(period, _),
                    "notes": note.split("; ") if note else [],
                }
            )
        else:
            body.append(
                common
                | {
                    "kind": "break",
                    "css": "break meal" if period.name else "break",
                    "label": break_label(period, _),
                    "note": break_note(row, _),
                }
            )
    total = (
        total_line(structure, _)
        if structure.days
        else _("%(time)s of play and breaks", time=duration(total_minutes(structure)))
    )
    return pages.render(
        "structure_sheet.html",
        theme,
        lang,
        title=title or structure.name,
        paper=paper if paper in PAPERS else "a4",
        density=_density(len(structure.periods) + len(structure.days)),
        facts=[line.split(" · ") for line in facts],
        summary=summary(structure, _),
        chips=[_.number(c) for c in structure.chips],
        limit=is_limit,
        has_ante=has_ante,
        timed=timed,
        columns=columns,
        rows=body,
        levels=len(structure.levels),
        total=total,
    )
