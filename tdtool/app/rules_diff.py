"""Which hands a change of rules decides otherwise: every hand file under a folder, ruled
under two rule sets, and the ones whose answer differs (`tdtool rules diff A B --hands DIR`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from tdtool.errors import InputError, RuleError
from tdtool.rules.entry import EnteredHand
from tdtool.rules.house import HouseRules


@dataclass(frozen=True, slots=True)
class HandChange:
    """One hand whose answer differs: the file and each rule set's answer in words."""

    path: Path
    a: str
    b: str


def answer(hand: EnteredHand, rules: HouseRules) -> str:
    """A hand's answer under `rules`, in one line: the stacks, or why it was refused."""
    return answer_and_rulings(hand, rules)[0]


def answer_and_rulings(hand: EnteredHand, rules: HouseRules) -> tuple[str, tuple[str, ...]]:
    """The answer, and what the floor said on the way: each ruling's line and summary, and
    the showdown order (a house's choice may change these and not the stacks)."""
    from tdtool.rules.hand import replay

    ruled = replace(hand, profile=rules.base, house=rules if rules.overrides else None)
    try:
        result = replay(ruled)
    except RuleError as exc:  # exit 1: the rules refuse a line
        line = getattr(exc, "line", None)
        rule = getattr(exc, "rule", "")
        return f"refused at line {line} ({rule})", ()
    except InputError as exc:
        return f"not a hand under these rules ({str(exc).split(': ', 1)[-1]})", ()
    said = tuple(f"line {r.line}: {r.summary}" for r in result.rulings)
    if result.misdeal is not None:
        return f"void: {result.misdeal.summary}", said
    if result.showdown:
        said += (f"shown first: {result.showdown[0]}",)
    return ", ".join(f"{name} {chips}" for name, chips in result.stacks), said


def hand_changes(a: HouseRules, b: HouseRules, paths: Iterable[Path]) -> list[HandChange]:
    """The hands (hand files, `.yaml`, and PHH, `.phh`) whose answer differs under b."""
    from tdtool.io.hand_yaml import load_hand
    from tdtool.io.phh import load_phh

    out = []
    for path in paths:
        try:
            hand = load_phh(path) if path.suffix.lower() == ".phh" else load_hand(path)
        except InputError:
            continue  # not a hand file: nothing to compare
        (old, old_said), (new, new_said) = answer_and_rulings(hand, a), answer_and_rulings(hand, b)
        if old == new and old_said != new_said:  # the same chips, another ruling: say which
            old += "; " + "; ".join(x for x in old_said if x not in new_said)
            new += "; " + "; ".join(x for x in new_said if x not in old_said)
        if old != new:
            out.append(HandChange(path, old, new))
    return out


def hand_files(folder: Path) -> list[Path]:
    """Every `.yaml` and `.phh` under `folder`, in name order; an error names a bad folder."""
    if not folder.is_dir():
        raise InputError(f"--hands {folder}: not a folder of hand files.")
    return sorted(p for p in folder.rglob("*") if p.suffix.lower() in (".yaml", ".yml", ".phh"))
