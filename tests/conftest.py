"""Shared fixtures: run the CLI in-process, find the repository's files."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

# Property tests check what is true, not how fast: on a loaded machine (CI, or eight people
# testing on two cores) one example may take far longer than Hypothesis's 200 ms default
# deadline, and a test must not fail for that.
settings.register_profile("tdtool", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("tdtool")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@pytest.fixture
def cli():
    """Run `tdtool ARGS...` in-process; returns the click Result (exit_code, stdout, stderr)."""
    from tdtool.cli import app

    runner = CliRunner()

    def run(*args: str, input: str | None = None, env: dict[str, str] | None = None):
        return runner.invoke(app, [str(a) for a in args], input=input, env=env)

    return run
