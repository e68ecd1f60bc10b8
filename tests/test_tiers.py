"""The fast tier (`-m "not slow"`) starts no process: tests/conftest.py marks and guards it.

Each test runs pytest on a small project of its own that uses this repository's conftest.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow  # it starts pytest itself

_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "CI"))}

TESTS = """
import subprocess, sys
import pytest

def test_starts_a_process_unmarked():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

@pytest.mark.slow
def test_starts_a_process_marked():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

def test_starts_nothing():
    pass

@pytest.mark.browser
def test_in_a_browser():
    pass

def test_on_each_backend(backend):
    pass
"""


def _pytest(project: Path, *args: str) -> str:
    (project / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text())
    (project / "test_x.py").write_text(TESTS)
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
        env={**_ENV, "PYTHONPATH": str(ROOT)},
    )
    return out.stdout + out.stderr


def test_an_unmarked_test_that_starts_a_process_fails_and_a_slow_one_passes(tmp_path):
    out = _pytest(tmp_path, "-k", "process or nothing")
    assert "1 failed, 2 passed" in out, out
    assert "test_starts_a_process_unmarked starts a process but is not marked slow" in out, out


def test_browser_and_postgresql_tests_are_left_out_of_the_fast_tier(tmp_path):
    out = _pytest(tmp_path, "-m", "not slow", "--collect-only", "-q")
    collected = {line for line in out.splitlines() if line.startswith("test_x.py::")}
    assert collected == {
        "test_x.py::test_starts_a_process_unmarked",
        "test_x.py::test_starts_nothing",
        "test_x.py::test_on_each_backend[file]",
    }, out
