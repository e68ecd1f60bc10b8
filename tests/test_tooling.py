"""STYLE.md item 10: the package type-checks under mypy --strict and the whole repo passes ruff.

Ruff also holds the layer rule (pyproject.toml, flake8-tidy-imports): the core never imports
typer, click, rich, tabulate, yaml, sqlite3, time or random, nor reads the clock through
datetime; CLI modules import yaml, sqlite3, tabulate and pydantic inside the commands only.

Both tools read their settings from pyproject.toml; each test runs one from the repository root,
as a developer or CI would, and fails with the tool's own report.
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


def test_package_passes_mypy_strict():
    out = _run_tool("mypy")
    assert out.returncode == 0, f"mypy found problems:\n{out.stdout}{out.stderr}"


def test_repository_passes_ruff_check():
    out = _run_tool("ruff", "check", ".")
    assert out.returncode == 0, f"ruff found problems:\n{out.stdout}{out.stderr}"


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
