"""Ruff holds the layer rule (STYLE.md, pyproject.toml's flake8-tidy-imports settings).

The core never imports typer, click, rich, tabulate, yaml, sqlite3, time or random, nor reads
the clock through datetime; CLI modules import yaml, sqlite3, tabulate and pydantic inside the
commands only. These tests run ruff on a probe file as if it sat at a given path, so that a
change to the settings that lifted the rule fails here. Linting, the format check and mypy on
the whole repository are steps of `.ci/run`, not tests.
"""

import importlib.util
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _run_tool(
    module: str, *args: str, input_text: str | None = None
) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install '.[test]')")
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        input=input_text,
    )


PROBE = """\
import random
import time
from datetime import datetime

import typer
import yaml

NOW = datetime.now()
"""


def _ruff_on(path: str) -> str:
    """Ruff's findings on PROBE as if it were the file `path` of the repository."""
    out = _run_tool(
        "ruff",
        "check",
        "--no-cache",
        "--stdin-filename",
        path,
        "--output-format",
        "concise",
        "-",
        input_text=PROBE,
    )
    return out.stdout


@pytest.mark.parametrize(
    "path",
    [
        "tdtool/rules/probe.py",
        "tdtool/tournament/probe.py",
        "tdtool/hands.py",
        "tdtool/cards.py",
        "tdtool/errors.py",
    ],
)
def test_ruff_keeps_the_core_free_of_io_cli_clock_and_randomness(path):
    found = _ruff_on(path)
    for banned in ("`random`", "`time`", "`datetime.datetime.now`", "`typer`", "`yaml`"):
        assert f"TID251 {banned} is banned" in found, found


def test_ruff_lets_the_cli_use_them_but_loads_yaml_lazily():
    found = _ruff_on("tdtool/cli/probe.py")
    assert "TID251" not in found, found
    assert "TID253 `yaml` is banned at the module level" in found, found
    assert "`random` is banned" not in found and "`time` is banned" not in found


@pytest.mark.parametrize("layer", ["tdtool/web", "tdtool/app", "tdtool/io"])
def test_the_web_the_app_and_io_never_import_the_cli(layer):
    """The CLI is the outermost layer: `tdtool serve`'s application runs without it (its
    Host check, say, is tdtool.io.hosts, which `clock serve` imports too)."""
    import ast

    found = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno}: {n}"
                for n in names
                if n == "tdtool.cli" or n.startswith("tdtool.cli.")
            ]
    assert not found, found
