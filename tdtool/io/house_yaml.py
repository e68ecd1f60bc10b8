"""Read a house rules file into a `HouseRules`, naming FILE:LINE for any mistake.

```yaml
# house.yaml: "TDA with changes"
base: tda                  # tda (Poker TDA) or robert (Robert's Rules of Poker)
name: Friday Deepstack     # optional: shown in rulings that a change decides
choices:                   # each a named choice of tdtool.rules.house.CHOICES
  heads_up_cap: unlimited
  pot_in_no_limit: pot-size
```

A choice left out keeps the base book's value. `tdtool rules show FILE` lists them all.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import yaml

from tdtool.errors import InputError
from tdtool.io import guarded_yaml
from tdtool.names import or_list
from tdtool.rules.house import BY_NAME, CHOICES, HouseRules
from tdtool.rules.rulings import Profile

KEYS = ("base", "name", "choices")


def load_house(path: str | Path) -> HouseRules:
    """Read and check a house rules file; InputError `FILE:LINE: what is wrong` otherwise."""
    return parse_house(guarded_yaml.read_text(path, "house rules file"), str(path))


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _scalar(node: yaml.Node, source: str, key: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or not str(node.value).strip():
        raise InputError(f"{source}:{_line(node)}: `{key}` should be a single word or name.")
    return str(node.value).strip()


def _close(word: str, words: list[str]) -> str:
    close = difflib.get_close_matches(word, words, n=1)
    return f" Did you mean `{close[0]}`?" if close else ""


def parse_house(text: str, source: str = "<house>") -> HouseRules:
    """Build a `HouseRules` from the text of a house rules file."""
    root = guarded_yaml.compose(text, source)
    if root is None:
        raise InputError(f"{source}:1: the house rules file is empty; start with `base: tda`.")
    if not isinstance(root, yaml.MappingNode):
        raise InputError(f"{source}:{_line(root)}: a house rules file is `key: value` lines.")
    top: dict[str, yaml.Node] = {}
    for key_node, value in root.value:
        key = str(key_node.value)
        if key not in KEYS:
            raise InputError(
                f"{source}:{_line(key_node)}: unknown key `{key}`.{_close(key, list(KEYS))}"
                f" The keys are: {', '.join(KEYS)}."
            )
        if key in top:
            raise InputError(f"{source}:{_line(key_node)}: `{key}` is given twice.")
        top[key] = value
    if "base" not in top:
        raise InputError(
            f"{source}:{_line(root)}: the house rules have no `base:`; add `base: tda` or"
            " `base: robert`, the book the house changes."
        )
    word = _scalar(top["base"], source, "base").lower()
    if word not in set(Profile):
        raise InputError(
            f"{source}:{_line(top['base'])}: unknown base `{word}`: write tda (Poker TDA) or"
            " robert (Robert's Rules of Poker)."
        )
    base = Profile(word)
    name = _scalar(top["name"], source, "name") if "name" in top else Path(source).stem
    overrides: list[tuple[str, str]] = []
    node = top.get("choices")
    if node is not None and not (isinstance(node, yaml.ScalarNode) and node.tag.endswith("null")):
        if not isinstance(node, yaml.MappingNode):
            raise InputError(
                f"{source}:{_line(node)}: `choices` should be `name: value` lines, like"
                " `heads_up_cap: unlimited`."
            )
        names = [c.name for c in CHOICES]
        for key_node, value in node.value:
            key = str(key_node.value)
            where = f"{source}:{_line(key_node)}"
            if key not in BY_NAME:
                raise InputError(
                    f"{where}: unknown choice `{key}`.{_close(key, names)} The choices are:"
                    f" {', '.join(names)}."
                )
            if any(k == key for k, _ in overrides):
                raise InputError(f"{where}: the choice `{key}` is given twice.")
            choice = BY_NAME[key]
            raw = value.value if isinstance(value, yaml.ScalarNode) else None
            text_value = str(raw).strip().lower() if raw is not None else ""
            if text_value not in choice.values:
                shown = text_value or "a list or mapping"
                raise InputError(
                    f"{source}:{_line(value)}: `{key}: {shown}` is not one of its values:"
                    f" {or_list(list(choice.values))}."
                )
            overrides.append((key, text_value))
    return HouseRules(base, name, tuple(overrides), source)
