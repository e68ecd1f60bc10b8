"""Structure files (docs/structure-file.md): YAML in, a checked `Structure` out.

Every problem of a file is reported at once, each as `FILE:LINE: level N: what is wrong`,
with the line taken from the YAML itself (guarded_yaml.compose keeps each node's position).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

import tdtool
from tdtool.errors import InputError
from tdtool.game import Game
from tdtool.io import guarded_yaml
from tdtool.io.paths import checked
from tdtool.tournament.structure import Break, Day, Level, Period, Structure
from tdtool.tournament.structure_check import check_structure, where

TOP_KEYS = (
    "name",
    "game",
    "starting_stack",
    "level_minutes",
    "chips",
    "late_registration",
    "levels",
)
LEVEL_KEYS = ("blinds", "ante", "bb_ante", "minutes", "bets")
BREAK_KEYS = ("break", "color_up", "name")
DAY_KEYS = ("day", "start")
ALIASES = {
    "big_blind_ante": "bb_ante",
    "colour_up": "color_up",
    "chip_race": "color_up",
    "late_reg": "late_registration",
    "stack": "starting_stack",
    "label": "name",
}
GAME_ALIASES = {
    "no-limit": Game.NO_LIMIT,
    "nl": Game.NO_LIMIT,
    "nlhe": Game.NO_LIMIT,
    "nolimit": Game.NO_LIMIT,
    "pot-limit": Game.POT_LIMIT,
    "pl": Game.POT_LIMIT,
    "plhe": Game.POT_LIMIT,
    "potlimit": Game.POT_LIMIT,
    "limit": Game.LIMIT,
    "fixed-limit": Game.LIMIT,
    "fl": Game.LIMIT,
    "lhe": Game.LIMIT,
}
SUFFIXES = (".yaml", ".yml")


class StructureFileError(InputError):
    """A structure file with problems; `problems` holds each `FILE:LINE: ...` line."""

    def __init__(self, path: str, problems: list[str], warnings: list[str] | None = None):
        self.path = path
        self.problems = problems
        self.warnings = warnings or []
        count = f"{len(problems)} problem" + ("s" if len(problems) != 1 else "")
        super().__init__(
            f"{path} is not a valid structure ({count}); fix "
            + ("it" if len(problems) == 1 else "them")
            + f" and run `tdtool structure check {path}` again:\n"
            + "\n".join(problems)
        )


@dataclass(frozen=True)
class LoadedStructure:
    """A structure read from a file, with the file's warnings as `FILE:LINE: ...` lines."""

    structure: Structure
    path: Path
    warnings: tuple[str, ...] = ()


# ---------------------------------------------------------------- finding structures


def bundled_structures_dir() -> Path:
    """Where the structures shipped with tdtool live (installed package or source checkout)."""
    package = Path(tdtool.__file__).resolve().parent
    installed = package / "structures"
    return installed if installed.is_dir() else package.parent / "structures"


def local_structures_dir() -> Path:
    """The director's own structures: ./structures in the current folder."""
    return Path.cwd() / "structures"


@dataclass(frozen=True)
class StructureEntry:
    """A structure that `tdtool structure list` shows: its short name, file and origin."""

    name: str
    path: Path
    origin: str
    """`bundled` or `./structures`."""


def available_structures() -> list[StructureEntry]:
    """Every structure known by name: ./structures first (it wins a name clash), then bundled."""
    seen_names: set[str] = set()
    seen_paths: set[Path] = set()
    found: list[StructureEntry] = []
    bundled = bundled_structures_dir().resolve()
    for folder, origin in ((local_structures_dir(), "./structures"), (bundled, "bundled")):
        if not folder.is_dir():
            continue
        if folder.resolve() == bundled:
            origin = "bundled"
        for path in sorted(folder.iterdir()):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            if path.stem in seen_names or path.resolve() in seen_paths:
                continue
            seen_names.add(path.stem)
            seen_paths.add(path.resolve())
            found.append(StructureEntry(path.stem, path, origin))
    return found


def resolve_structure(name_or_path: str | Path) -> Path:
    """The file behind a bundled name (`daily`), a name in ./structures, or a path."""
    text = str(name_or_path)
    path = checked(Path(text).expanduser(), "The structure")
    if path.is_file():
        return path
    if path.is_dir():
        raise InputError(f"{text} is a folder; give a structure file (.yaml) or a name.")
    has_folder = "/" in text or "\\" in text
    missing_file = ""
    if path.suffix in SUFFIXES and not has_folder:
        missing_file = f"There is no file {text} here, and "
        text = path.stem  # `daily.yaml` typed for the bundled `daily`
    elif has_folder or path.suffix in SUFFIXES:
        raise InputError(
            f"There is no file {text}. Check the path, or run `tdtool structure list`"
            " to see the structures known by name."
        )
    entries = available_structures()
    for entry in entries:
        if entry.name == text or entry.name == text.lower():
            return entry.path
    names = [e.name for e in entries]
    close = difflib.get_close_matches(text.lower(), names, n=1, cutoff=0.5)
    hint = f" Did you mean '{close[0]}'?" if close else ""
    known = ", ".join(names) if names else "none"
    opening = f"{missing_file}there is no" if missing_file else "There is no"
    raise InputError(
        f"{opening} structure named '{text}'.{hint} Known structures: {known}."
        " Give a file of your own by its path."
    )


def load_structure(name_or_path: str | Path) -> Structure:
    """The checked structure behind a name or path; raises InputError listing every problem."""
    return read_structure(name_or_path).structure


def read_structure(name_or_path: str | Path) -> LoadedStructure:
    """Like `load_structure`, and keeps the file's warnings and path."""
    path = resolve_structure(name_or_path)
    text = guarded_yaml.read_text(path, "structure", "Cannot read {path}: {reason}.")
    loaded = parse_structure(text, display_name(path), default_name=path.stem)
    return LoadedStructure(loaded.structure, path, loaded.warnings)


def display_name(path: Path) -> str:
    """A path as a director would type it: relative to the current folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# ---------------------------------------------------------------- parsing


@dataclass
class _Report:
    """Problems found so far, each (line, where, message)."""

    filename: str
    errors: list[tuple[int, str, str]] = field(default_factory=list)
    warnings: list[tuple[int, str, str]] = field(default_factory=list)

    def error(self, node: yaml.Node | int, label: str, message: str) -> None:
        self.errors.append((_line(node), label, message))

    def lines(self, items: list[tuple[int, str, str]]) -> list[str]:
        ordered = sorted(dict.fromkeys(items), key=lambda item: item[0])
        return [
            f"{self.filename}:{line}: {label + ': ' if label else ''}{message}"
            for line, label, message in ordered
        ]


def _line(node: yaml.Node | int) -> int:
    return node if isinstance(node, int) else node.start_mark.line + 1


@dataclass
class _Located:
    """Line numbers of what was built: per period index, the entry's line and each key's."""

    top: dict[str, int] = field(default_factory=dict)
    levels_in_file: int = 0
    periods: list[tuple[int, dict[str, int], str]] = field(default_factory=list)


def parse_structure(text: str, filename: str, default_name: str = "structure") -> LoadedStructure:
    """Parse structure YAML `text`; `filename` is used in messages. Raises StructureFileError."""
    report = _Report(filename)
    try:
        root = guarded_yaml.compose(text, filename)
    except guarded_yaml.YamlRefused as exc:  # not YAML, or hostile: nothing more to read
        report.error(exc.line, "", exc.reason)
        raise StructureFileError(filename, report.lines(report.errors)) from None
    structure, located = _build(root, report, default_name)
    if structure is not None:
        for found in check_structure(structure, located.levels_in_file):
            line = _problem_line(located, found.period, found.key)
            label = where(structure, found.period)
            if found.period is not None:
                label = located.periods[found.period][2]
            if found.is_error:
                report.errors.append((line, label, found.message))
            else:
                report.warnings.append((line, label, f"warning: {found.message}"))
    warnings = report.lines(report.warnings)
    if report.errors:
        raise StructureFileError(filename, report.lines(report.errors), warnings)
    assert structure is not None
    return LoadedStructure(structure, Path(filename), tuple(warnings))


def _problem_line(located: _Located, period: int | None, key: str | None) -> int:
    if period is None:
        return located.top.get(key or "", located.top.get("", 1))
    line, keys, _label = located.periods[period]
    return keys.get(key or "", line)


def _mapping(
    node: yaml.Node, known: tuple[str, ...], report: _Report, label: str, other: dict[str, str]
) -> dict[str, tuple[yaml.Node, yaml.Node]]:
    """The keys of a mapping node (aliases applied); unknown and repeated keys are reported."""
    assert isinstance(node, yaml.MappingNode)
    result: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    for key_node, value_node in node.value:
        key = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else "?"
        key = ALIASES.get(key, key)
        if key in other:
            report.error(key_node, label, other[key])
            continue
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
            keys = ", ".join(known)
            hint = f"; did you mean `{close[0]}`?" if close else f"; the keys are {keys}."
            report.error(key_node, label, f"unknown key `{key}`{hint}")
            continue
        if key in result:
            first = _line(result[key][0])
            report.error(key_node, label, f"`{key}` is given twice (first at line {first}).")
            continue
        result[key] = (key_node, value_node)
    return result


_WHOLE = re.compile(r"^(\d{1,3}(?:[,_ ]\d{3})+|\d+)$")
_THOUSANDS = re.compile(r"^(\d+(?:\.\d+)?)\s*[kK]$")


def _whole(value: Any) -> int:
    """A whole number from YAML: 1000, '1,000', '1 000', '25k', '1.5k'; ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        raise ValueError
    if isinstance(value, str):
        text = value.strip()
        sign = -1 if text.startswith("-") else 1
        text = text.lstrip("-").strip()
        if _WHOLE.match(text):
            return sign * int(re.sub(r"[,_ ]", "", text))
        match = _THOUSANDS.match(text)
        if match:
            thousands = float(match.group(1)) * 1000
            if thousands.is_integer():
                return sign * int(thousands)
    raise ValueError


def _value(node: yaml.Node) -> Any:
    """A scalar's value (str, int, float, bool or None); None for a list or mapping."""
    return guarded_yaml.value(node)


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value)


def _number(node: yaml.Node, report: _Report, label: str, what: str) -> int | None:
    value = _value(node) if isinstance(node, yaml.ScalarNode) else None
    try:
        if value is None:
            raise ValueError
        return _whole(value)
    except ValueError:
        shown = _show(value) if isinstance(node, yaml.ScalarNode) else "a list or mapping"
        report.error(node, label, f"{what} must be a positive whole number, not {shown}.")
        return None


def _pair(
    node: yaml.Node, report: _Report, label: str, what: str, example: str
) -> tuple[int, int] | None:
    """`SMALL/BIG` (or a two-item list) as two whole numbers."""
    parts: list[Any]
    if isinstance(node, yaml.SequenceNode):
        parts = [_value(item) for item in node.value]
    elif isinstance(node, yaml.ScalarNode):
        value = _value(node)
        parts = str(value).split("/") if isinstance(value, str) else [value]
    else:
        parts = []
    try:
        if len(parts) != 2:
            raise ValueError
        small, big = (_whole(p.strip() if isinstance(p, str) else p) for p in parts)
        return small, big
    except ValueError:
        shown = _show(_value(node)) if isinstance(node, yaml.ScalarNode) else "that"
        report.error(node, label, f"{what} must be written SMALL/BIG, like {example}, not {shown}.")
        return None


def _chips(node: yaml.Node, report: _Report, label: str, what: str) -> tuple[int, ...] | None:
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    if isinstance(node, yaml.MappingNode):
        items = []
    chips: list[int] = []
    ok = bool(items)
    for item in items:
        number = _number(item, report, label, f"every denomination in {what}")
        if number is None:
            ok = False
        else:
            chips.append(number)
    if not items:
        report.error(node, label, f"{what} must be a list of chip denominations, like [25, 100].")
    return tuple(chips) if ok else None


def _build(
    root: yaml.Node | None, report: _Report, default_name: str
) -> tuple[Structure | None, _Located]:
    located = _Located()
    if root is None:
        report.error(1, "", "the file is empty; a structure needs starting_stack and levels.")
        return None, located
    if not isinstance(root, yaml.MappingNode):
        report.error(
            root, "", "a structure file is a mapping of keys (name, starting_stack, levels ...)."
        )
        return None, located
    located.top[""] = _line(root)
    top = _mapping(root, TOP_KEYS, report, "", {})
    for key, (key_node, _value_node) in top.items():
        located.top[key] = _line(key_node)
    ok = True

    name = default_name
    if "name" in top:
        node = top["name"][1]
        raw = _value(node) if isinstance(node, yaml.ScalarNode) else None
        if raw is None or str(raw).strip() == "":
            report.error(node, "", "name must be a line of text, like `name: Daily 11am`.")
        else:
            name = str(raw).strip()

    game = Game.NO_LIMIT
    if "game" in top:
        node = top["game"][1]
        raw = _value(node) if isinstance(node, yaml.ScalarNode) else None
        norm = re.sub(r"[\s_]+", "-", str(raw).strip().lower()) if raw is not None else ""
        norm = norm.replace("hold'em", "").strip("-")
        if norm in GAME_ALIASES:
            game = GAME_ALIASES[norm]
        else:
            choices = [g.value for g in Game]
            close = difflib.get_close_matches(norm, choices, n=1, cutoff=0.5)
            hint = f"; did you mean `{close[0]}`?" if close else "."
            report.error(
                node, "", f"game must be one of {', '.join(choices)}, not {_show(raw)}{hint}"
            )
            ok = False

    starting_stack: int | None = None
    if "starting_stack" in top:
        starting_stack = _number(top["starting_stack"][1], report, "", "starting_stack")
    else:
        report.error(
            root,
            "",
            "starting_stack is missing; add the chips each entry starts with,"
            " like `starting_stack: 20000`.",
        )

    level_minutes: int | None = None
    if "level_minutes" in top:
        level_minutes = _number(top["level_minutes"][1], report, "", "level_minutes")
        ok = ok and level_minutes is not None

    chips: tuple[int, ...] = ()
    if "chips" in top:
        parsed = _chips(top["chips"][1], report, "", "chips")
        ok = ok and parsed is not None
        chips = parsed or ()

    late: int | None = None
    if "late_registration" in top:
        late = _number(top["late_registration"][1], report, "", "late_registration")
        ok = ok and late is not None

    periods: list[Period] = []
    days: list[tuple[Day, int]] = []
    if "levels" not in top:
        report.error(root, "", "levels is missing; list the levels and breaks under `levels:`.")
        ok = False
    elif not isinstance(top["levels"][1], yaml.SequenceNode) or not top["levels"][1].value:
        report.error(
            top["levels"][1],
            "",
            "levels must be a list of levels and breaks, each line starting `- `.",
        )
        ok = False
    else:
        entries = list(_entries(top["levels"][1], report, level_minutes, top, days))
        located.levels_in_file = sum(label.startswith("level") for _p, _l, label in entries)
        for period, lines, label in entries:
            if period is None:
                ok = False
                continue
            periods.append(period)
            located.periods.append((lines[""], lines, label))

    if starting_stack is None or not periods:
        return None, located
    ok = _check_days(days, located.levels_in_file, report) and ok
    # Even when some entries could not be read (not ok), the rest are checked too, so that
    # every problem of the file is reported at once.
    structure = Structure(
        name=name,
        starting_stack=starting_stack,
        periods=tuple(periods),
        game=game,
        chips=chips,
        late_registration=late,
        days=_planned_days(days),
    )
    return structure, located


def _planned_days(days: list[tuple[Day, int]]) -> tuple[Day, ...]:
    """The days as the structure keeps them: Day 1 from level 1 even when not marked."""
    planned = [d for d, _line in days]
    if planned and planned[0].first_level > 1:
        planned.insert(0, Day(1, 1))
    return tuple(planned)


def _check_days(days: list[tuple[Day, int]], levels: int, report: _Report) -> bool:
    """Days numbered in order from 1 (or 2 when Day 1 is not marked), each with a level."""
    ok = True
    expected = None
    seen: set[int] = set()
    for day, line in days:
        label = f"day before level {day.first_level}"
        if expected is None:
            expected = 1 if day.first_level == 1 else 2
        if day.number != expected:
            report.error(
                line, label, f"days are numbered in order; this one should be day {expected}."
            )
            ok = False
        if day.first_level > levels or day.first_level in seen:
            report.error(
                line,
                label,
                "has no level of its own; a `- day: N` line goes before the day's first level.",
            )
            ok = False
        seen.add(day.first_level)
        expected = day.number + 1
    return ok


def _entries(
    node: yaml.SequenceNode,
    report: _Report,
    level_minutes: int | None,
    top: dict[str, tuple[yaml.Node, yaml.Node]],
    days: list[tuple[Day, int]],
) -> Iterator[tuple[Period | None, dict[str, int], str]]:
    number = 0
    for item in node.value:
        if isinstance(item, yaml.MappingNode) and any(
            isinstance(k, yaml.ScalarNode) and k.value == "day" for k, _ in item.value
        ):
            day = _day(item, report, number + 1)
            if day is not None:
                days.append((day, _line(item)))
            continue
        if isinstance(item, yaml.MappingNode) and any(
            isinstance(k, yaml.ScalarNode) and ALIASES.get(k.value, k.value) == "break"
            for k, _ in item.value
        ):
            label = f"break after level {number}" if number else "break before level 1"
            yield _break(item, report, label)
        else:
            number += 1
            yield _level(item, report, f"level {number}", number, level_minutes, top)


_CLOCK_TIME = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$", re.IGNORECASE)


def clock_time(text: str) -> int | None:
    """Minutes after midnight of '12:00', '9:30', '7pm' or '7:30pm'; None if not a time.

    >>> clock_time("12:00"), clock_time("7:30pm"), clock_time("25:00")
    (720, 1170, None)
    """
    match = _CLOCK_TIME.match(text.strip())
    if not match:
        return None
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    suffix = (match.group(3) or "").lower()
    if suffix:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if suffix == "pm" else 0)
    elif match.group(2) is None:
        return None  # a bare number is not a clock time
    if hour > 23 or minute > 59:
        return None
    return hour * 60 + minute


def _day(node: yaml.MappingNode, report: _Report, first_level: int) -> Day | None:
    """`- day: N` (optionally `start: "12:00"`): day N begins with the next level."""
    label = f"day before level {first_level}"
    other = {k: f"`{k}` belongs to a level or a break, not a day." for k in LEVEL_KEYS + BREAK_KEYS}
    other.pop("name")
    keys = _mapping(node, DAY_KEYS, report, label, other)
    number = _number(keys["day"][1], report, label, "the day")
    start: int | None = None
    if "start" in keys:
        raw = keys["start"][1]
        start = clock_time(str(raw.value)) if isinstance(raw, yaml.ScalarNode) else None
        if start is None:
            report.error(raw, label, 'start must be a time of day, like `start: "12:00"`.')
            return None
    if number is None or number < 1:
        if number is not None:
            report.error(keys["day"][1], label, "the day must be a positive whole number.")
        return None
    return Day(number, first_level, start)


def _break(
    node: yaml.MappingNode, report: _Report, label: str
) -> tuple[Period | None, dict[str, int], str]:
    other = {k: f"`{k}` belongs to a level, not a break." for k in LEVEL_KEYS}
    keys = _mapping(node, BREAK_KEYS, report, label, other)
    lines = {"": _line(node)} | {k: _line(kn) for k, (kn, _v) in keys.items()}
    minutes = _number(keys["break"][1], report, label, "the break length in minutes")
    color_up: tuple[int, ...] | None = ()
    if "color_up" in keys:
        color_up = _chips(keys["color_up"][1], report, label, "color_up")
    name = ""
    if "name" in keys:
        raw = _value(keys["name"][1]) if isinstance(keys["name"][1], yaml.ScalarNode) else None
        name = " ".join(str(raw).split()) if raw is not None else ""
        if not name:
            report.error(
                keys["name"][1], label, "name must be a line of text, like `name: Dinner break`."
            )
            return None, lines, label
    if minutes is None or color_up is None:
        return None, lines, label
    return Break(minutes, color_up, name), lines, label


def _level(
    node: yaml.Node,
    report: _Report,
    label: str,
    number: int,
    level_minutes: int | None,
    top: dict[str, tuple[yaml.Node, yaml.Node]],
) -> tuple[Period | None, dict[str, int], str]:
    lines = {"": _line(node)}
    if not isinstance(node, yaml.MappingNode):
        report.error(
            node, label, "each entry of levels is `- blinds: SB/BB` or `- break: MINUTES`."
        )
        return None, lines, label
    other = {k: f"`{k}` belongs to a break, not a level." for k in BREAK_KEYS}
    keys = _mapping(node, LEVEL_KEYS, report, label, other)
    lines |= {k: _line(kn) for k, (kn, _v) in keys.items()}
    ok = True
    blinds = None
    if "blinds" in keys:
        blinds = _pair(keys["blinds"][1], report, label, "blinds", "100/200")
    else:
        report.error(node, label, "has no blinds; add `blinds: SB/BB`, like `blinds: 100/200`.")
    ok = blinds is not None
    antes = {"ante": 0, "bb_ante": 0}
    for key, what in (("ante", "the ante"), ("bb_ante", "the big blind ante")):
        if key in keys:
            value = _number(keys[key][1], report, label, what)
            ok = ok and value is not None
            antes[key] = value or 0
    minutes = level_minutes
    if "minutes" in keys:
        minutes = _number(keys["minutes"][1], report, label, "minutes")
        ok = ok and minutes is not None
    elif level_minutes is None:
        if "level_minutes" not in top:
            report.error(
                node,
                label,
                "has no `minutes`, and there is no `level_minutes` for every level;"
                " add one of them.",
            )
        ok = False
    bets = None
    if "bets" in keys:
        bets = _pair(keys["bets"][1], report, label, "bets", "200/400")
        ok = ok and bets is not None
    if not ok or blinds is None or minutes is None:
        return None, lines, label
    level = Level(
        number=number,
        small_blind=blinds[0],
        big_blind=blinds[1],
        minutes=minutes,
        ante=antes["ante"],
        bb_ante=antes["bb_ante"],
        bets=bets,
    )
    return level, lines, label


# ---------------------------------------------------------------- writing


def dump_structure(
    structure: Structure,
    header: list[str] | None = None,
    comments: dict[int, str] | None = None,
) -> str:
    """A structure as YAML in the spec's format; `header` lines become comments at the top and
    `comments` maps a period index to an end-of-line comment. `parse_structure` reads it back."""
    import json
    import textwrap

    comments = comments or {}
    lines = [
        f"# {part}".rstrip()
        for line in header or []
        for part in textwrap.wrap(" ".join(line.split()), 90) or [""]
    ]

    def add(text: str, comment: str | None = None) -> None:
        lines.append(f"{text:<27} # {comment}" if comment else text)

    add(f"name: {json.dumps(structure.name, ensure_ascii=False)}")
    add(f"game: {structure.game.value}")
    add(f"starting_stack: {structure.starting_stack}")
    minutes = [lv.minutes for lv in structure.levels]
    usual = max(set(minutes), key=minutes.count) if minutes else None
    if usual is not None:
        add(f"level_minutes: {usual}")
    if structure.chips:
        add(f"chips: [{', '.join(str(c) for c in structure.chips)}]")
    if structure.late_registration is not None:
        add(
            f"late_registration: {structure.late_registration}",
            "the last level to register or re-enter",
        )
    lines.append("levels:")
    day_at = {d.first_level: d for d in structure.days}
    for index, period in enumerate(structure.periods):
        note = comments.get(index)
        if isinstance(period, Level) and period.number in day_at:
            day = day_at[period.number]
            add(f"  - day: {day.number}")
            if day.start is not None:
                add(f'    start: "{day.start // 60:02d}:{day.start % 60:02d}"')
        if isinstance(period, Level):
            add(f"  - blinds: {period.small_blind}/{period.big_blind}", note)
            if period.ante:
                add(f"    ante: {period.ante}")
            if period.bb_ante:
                add(f"    bb_ante: {period.bb_ante}")
            if period.bets is not None:
                add(f"    bets: {period.bets[0]}/{period.bets[1]}")
            if period.minutes != usual:
                add(f"    minutes: {period.minutes}")
        else:
            add(f"  - break: {period.minutes}", note)
            if period.color_up:
                add(f"    color_up: [{', '.join(str(c) for c in period.color_up)}]")
            if period.name:
                add(f"    name: {json.dumps(period.name, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"
