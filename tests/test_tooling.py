"""STYLE.md item 10: the core type-checks under mypy --strict and the whole repo passes ruff.

Both tools read their settings from pyproject.toml; each test runs one from the repository root,
as a developer or CI would, and fails with the tool's own report.
"""

import importlib.util
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _run_tool(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install '.[test]')")
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_core_passes_mypy_strict():
    out = _run_tool("mypy")
    assert out.returncode == 0, f"mypy found problems:\n{out.stdout}{out.stderr}"


def test_repository_passes_ruff_check():
    out = _run_tool("ruff", "check", ".")
    assert out.returncode == 0, f"ruff found problems:\n{out.stdout}{out.stderr}"
