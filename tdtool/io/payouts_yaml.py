"""Read a payout table from YAML into a `PayoutTable`, naming FILE:LINE for every problem.

The file gives percentages of the prize pool by place, either one list for every field
size or rows by field size:

```yaml
name: Friday payouts
tables:
  - entries: 2-9          # a range, a single number, or "N+" for N and more
    pays: [70, 30]        # percent for 1st, 2nd, ...
  - entries: 10-29
    pays: [50, 30, 20]
  - entries: 30+
    pays:                 # or a mapping: a place or a range of places -> percent EACH
      1: 40
      2: 25
      3: 15
      4-5: 10
```

or simply `pays: [50, 30, 20]` (used for any field of at least 3 entries).
Each row's percentages must add up to 100, never rise down the list, and pay no more
places than the row's smallest field has entries; rows must not overlap.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

import yaml

from tdtool.errors import InputError
from tdtool.io import guarded_yaml
from tdtool.io.guarded_yaml import Problems
from tdtool.tournament.payouts import PayoutTable, TableRow

_RANGE = re.compile(r"^\s*(\d+)\s*(?:(-)\s*(\d+)|(\+))?\s*$")


def _scalar(node: yaml.Node) -> str | None:
    return node.value if isinstance(node, yaml.ScalarNode) else None


def _mapping(node: yaml.Node) -> dict[str, tuple[yaml.Node, yaml.Node]]:
    assert isinstance(node, yaml.MappingNode)
    return {str(k.value): (k, v) for k, v in node.value}


def _span(text: str | None, allow_open: bool) -> tuple[int, int | None] | None:
    """'5' -> (5, 5); '2-9' -> (2, 9); '30+' -> (30, None); bad -> None."""
    match = _RANGE.match(text or "")
    if not match:
        return None
    low = int(match.group(1))
    if match.group(4):
        return (low, None) if allow_open else None
    high = int(match.group(3)) if match.group(2) else low
    return (low, high) if 1 <= low <= high else None


def _percent(node: yaml.Node, problems: Problems) -> Fraction | None:
    text = _scalar(node)
    try:
        value = Decimal(str(text).strip().removesuffix("%"))
    except (InvalidOperation, ValueError):
        value = Decimal(-1)
    if text is None or not value.is_finite() or value <= 0:
        problems.add(node, f"a payout must be a positive percentage, not {text!r}")
        return None
    if value > 100:
        problems.add(node, f"a payout is a percentage of the prize pool, at most 100, not {text}")
        return None
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -guarded_yaml.MAX_FRACTION_DIGITS:
        # `1e-999999999` would take forever to turn into a fraction.
        problems.add(
            node,
            f"a payout has at most {guarded_yaml.MAX_FRACTION_DIGITS} decimal places, not {text}",
        )
        return None
    return Fraction(value)


MAX_PLACES = 100_000
"""More paid places than any real field pays: a bigger range is a typo (and would hang)."""


def _pays(node: yaml.Node, problems: Problems) -> tuple[Fraction, ...] | None:
    """Percentages for places 1, 2, 3 ... from a list or a place -> percent mapping."""
    shares: list[Fraction] = []
    if isinstance(node, yaml.SequenceNode):
        for item in node.value:
            value = _percent(item, problems)
            if value is None:
                return None
            shares.append(value)
    elif isinstance(node, yaml.MappingNode):
        for key, item in node.value:
            span = _span(_scalar(key), allow_open=False)
            if span is None:
                problems.add(
                    key, f"a place must be a number or a range like 4-5, not {key.value!r}"
                )
                return None
            low, high = span
            assert high is not None
            if high > MAX_PLACES:
                problems.add(
                    key, f"a payout table pays at most {MAX_PLACES:,} places, not {high:,}"
                )
                return None
            if low != len(shares) + 1:
                problems.add(
                    key, f"places must follow on from {len(shares)}: expected {len(shares) + 1}"
                )
                return None
            value = _percent(item, problems)
            if value is None:
                return None
            shares.extend([value] * (high - low + 1))
    else:
        problems.add(
            node, "`pays` must be a list of percentages or a mapping of places to percentages"
        )
        return None
    if not shares:
        problems.add(node, "`pays` lists no places")
        return None
    for place, (higher, lower) in enumerate(zip(shares, shares[1:], strict=False), start=2):
        if lower > higher:
            problems.add(
                node, f"place {place} pays more ({float(lower):g}%) than place {place - 1}"
            )
            return None
    total = sum(shares, Fraction(0))
    if abs(total - 100) > Fraction(1, 20):
        problems.add(node, f"the percentages add up to {float(total):g}, not 100")
        return None
    return tuple(shares)


def _row(node: yaml.Node, problems: Problems) -> TableRow | None:
    if not isinstance(node, yaml.MappingNode):
        problems.add(node, "each row needs `entries:` and `pays:`")
        return None
    keys = _mapping(node)
    for key, (knode, _) in keys.items():
        if key not in {"entries", "pays"}:
            problems.add(knode, f"unknown key {key!r} in a row (known: entries, pays)")
    if "entries" not in keys or "pays" not in keys:
        problems.add(node, "each row needs `entries:` (e.g. 10-29 or 30+) and `pays:`")
        return None
    enode = keys["entries"][1]
    span = _span(_scalar(enode), allow_open=True)
    if span is None:
        problems.add(enode, f"`entries` must be like 12, 10-29 or 30+, not {_scalar(enode)!r}")
        return None
    shares = _pays(keys["pays"][1], problems)
    if shares is None:
        return None
    if len(shares) > span[0]:
        problems.add(
            keys["pays"][1],
            f"pays {len(shares)} places but a field of {span[0]} entries can pay at most {span[0]}",
        )
        return None
    return TableRow(span[0], span[1], shares, line=node.start_mark.line + 1)


def parse_payout_table(text: str, name: str = "<payouts>") -> PayoutTable:
    """Parse YAML text into a `PayoutTable`; InputError lists every `FILE:LINE: problem`."""
    problems = Problems(name)
    root = guarded_yaml.compose(text, name)  # FILE:LINE for bad or hostile YAML
    if not isinstance(root, yaml.MappingNode):
        raise InputError(f"{name}:1: a payout table is a mapping with `pays:` or `tables:`")
    keys = _mapping(root)
    for key, (knode, _) in keys.items():
        if key not in {"name", "pays", "tables"}:
            problems.add(knode, f"unknown key {key!r} (known: name, pays, tables)")
    title = _scalar(keys["name"][1]) if "name" in keys else None
    rows: list[TableRow] = []
    if ("pays" in keys) == ("tables" in keys):
        problems.add(root, "give either `pays:` (one list) or `tables:` (rows by field size)")
    elif "pays" in keys:
        shares = _pays(keys["pays"][1], problems)
        if shares is not None:
            rows.append(
                TableRow(len(shares), None, shares, line=keys["pays"][0].start_mark.line + 1)
            )
    else:
        tnode = keys["tables"][1]
        if not isinstance(tnode, yaml.SequenceNode) or not tnode.value:
            problems.add(tnode, "`tables` must be a list of rows, each with `entries:` and `pays:`")
        else:
            for item in tnode.value:
                row = _row(item, problems)
                if row is not None:
                    for other in rows:
                        if _overlap(row, other):
                            problems.add(
                                item, f"these entries overlap the row on line {other.line}"
                            )
                    rows.append(row)
    problems.raise_any()
    return PayoutTable(name=title or Path(name).stem, rows=tuple(rows))


def _overlap(a: TableRow, b: TableRow) -> bool:
    a_high = a.max_entries if a.max_entries is not None else float("inf")
    b_high = b.max_entries if b.max_entries is not None else float("inf")
    return a.min_entries <= b_high and b.min_entries <= a_high


def load_payout_table(path: Path | str) -> PayoutTable:
    """Read a payout table file; InputError names the file (and line) on any problem."""
    cannot = "Cannot read the payout table {path}: {reason}."
    text = guarded_yaml.read_text(path, "payout table", cannot)
    return parse_payout_table(text, str(path))
