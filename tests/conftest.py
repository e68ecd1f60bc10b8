"""Shared fixtures: run the CLI in-process, find the repository's files."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

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
