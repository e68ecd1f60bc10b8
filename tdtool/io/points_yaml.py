"""Read a league's points table from YAML into a `PointsTable`, naming FILE:LINE for every
problem (as tdtool.io.payouts_yaml does for payout tables).

```yaml
name: Club league
participation: 5        # points for any finish below the table (default 0)
points:                 # a list for places 1, 2, 3 ... or a mapping
  1: 100
  2: 80
  3: 65
  4-6: 50               # a range of places: the points EACH
```

Points are numbers of at least 0 with at most two decimals; a place never earns more than
the place above it, and the participation point never more than the table's last place.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from pathlib import Path

import yaml

from tdtool.errors import InputError
from tdtool.io import guarded_yaml
from tdtool.io.guarded_yaml import Problems
from tdtool.tournament.league import PointsTable, hundredths, points_text

KEYS = ("name", "participation", "points")
MAX_PLACES = 10_000
"""More places than a league table lists: a bigger range is a typo."""
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def _points(node: yaml.Node, problems: Problems, what: str) -> int | None:
    """Hundredths of a points value, or None (the problem noted)."""
    text = node.value if isinstance(node, yaml.ScalarNode) else None
    try:
        value = Decimal(str(text).strip())
    except (InvalidOperation, ValueError):
        value = Decimal(-1)
    if text is None or not value.is_finite() or value < 0:
        problems.add(node, f"{what} must be a number of points, 0 or more, not {text!r}")
        return None
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -2:
        problems.add(node, f"{what} has at most two decimals, not {text}")
        return None
    return hundredths(value)


def _places(node: yaml.Node, problems: Problems) -> tuple[int, ...] | None:
    found: list[int] = []
    if isinstance(node, yaml.SequenceNode):
        for place, item in enumerate(node.value, start=1):
            value = _points(item, problems, f"place {place}")
            if value is None:
                return None
            found.append(value)
    elif isinstance(node, yaml.MappingNode):
        for key, item in node.value:
            match = _RANGE.match(key.value if isinstance(key, yaml.ScalarNode) else "")
            if not match:
                problems.add(key, f"a place is a number or a range like 4-6, not {key.value!r}")
                return None
            low = int(match.group(1))
            high = int(match.group(2) or low)
            if high > MAX_PLACES or high < low:
                problems.add(
                    key, f"places {low}-{high}: a range runs up, to {MAX_PLACES:,} at most"
                )
                return None
            if low != len(found) + 1:
                problems.add(
                    key, f"places must follow on from {len(found)}: expected {len(found) + 1}"
                )
                return None
            value = _points(item, problems, f"place {low}")
            if value is None:
                return None
            found.extend([value] * (high - low + 1))
    else:
        problems.add(node, "`points` is a list (places 1, 2, 3 ...) or a mapping of places")
        return None
    if not found:
        problems.add(node, "`points` lists no places")
        return None
    for place, (higher, lower) in enumerate(zip(found, found[1:], strict=False), start=2):
        if lower > higher:
            problems.add(
                node,
                f"place {place} earns more ({points_text(lower)}) than place {place - 1}"
                f" ({points_text(higher)})",
            )
            return None
    return tuple(found)


def parse_points_table(text: str, name: str = "<points>") -> PointsTable:
    """Parse YAML text into a `PointsTable`; InputError lists every `FILE:LINE: problem`."""
    problems = Problems(name)
    root = guarded_yaml.compose(text, name)
    if not isinstance(root, yaml.MappingNode):
        raise InputError(f"{name}:1: a points table is a mapping with `points:`")
    keys: dict[str, tuple[yaml.Node, yaml.Node]] = {str(k.value): (k, v) for k, v in root.value}
    for key, (knode, _) in keys.items():
        if key not in KEYS:
            from difflib import get_close_matches

            close = get_close_matches(key, KEYS, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            problems.add(knode, f"unknown key {key!r}: {hint}(known: {', '.join(KEYS)})")
    places = None
    if "points" not in keys:
        problems.add(root, "give `points:`, the points of places 1, 2, 3 ...")
    else:
        places = _places(keys["points"][1], problems)
    participation = 0
    if "participation" in keys:
        pnode = keys["participation"][1]
        value = _points(pnode, problems, "participation")
        if value is not None:
            participation = value
            if places and value > places[-1]:
                problems.add(
                    pnode,
                    f"participation ({points_text(value)}) is more than the table's last"
                    f" place earns ({points_text(places[-1])})",
                )
    title = None
    if "name" in keys:
        tnode = keys["name"][1]
        title = tnode.value if isinstance(tnode, yaml.ScalarNode) else None
        if not title or not str(title).strip():
            problems.add(tnode, "`name` is the table's name, a line of text")
    problems.raise_any()
    assert places is not None
    return PointsTable(str(title or Path(name).stem).strip(), places, participation)


def load_points_table(path: Path | str) -> PointsTable:
    """Read a points table file; InputError names the file (and line) on any problem."""
    cannot = "Cannot read the points table {path}: {reason}."
    text = guarded_yaml.read_text(path, "points table", cannot)
    return parse_points_table(text, str(path))
