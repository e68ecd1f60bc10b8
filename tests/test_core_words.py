"""The core names no command option: its errors say what went wrong, and a hint names what
to do by a placeholder (`{option:stacks}`) that each front end words (tdtool.errors)."""

from __future__ import annotations

import ast
import re

from tests.conftest import ROOT

CORE = ["tdtool/tournament", "tdtool/rules"]
OPTION = re.compile(r"(?<![\w-])--[a-z]")


def _error_texts(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("InputError", "RuleError")
        ):
            for arg in node.args:
                for part in ast.walk(arg):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        yield node.lineno, part.value


def test_core_errors_name_no_command_option():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for folder in CORE
        for path in sorted((ROOT / folder).glob("*.py"))
        for line, text in _error_texts(path)
        if OPTION.search(text)
    ]
    assert not found, "core errors naming a CLI option:\n" + "\n".join(found)
