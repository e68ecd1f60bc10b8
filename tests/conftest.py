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


@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL 15 server for this test session (tests/pg_server.py).

    Skipped where none can start, except in CI (CI=true), where that is a failure: the
    PostgreSQL backend must be tested there.
    """
    import os

    from tests import pg_server as pg

    try:
        import psycopg  # noqa: F401

        server = pg.start()
    except Exception as exc:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"The PostgreSQL test server could not start: {exc}")
        pytest.skip(f"no PostgreSQL test server: {exc}")
    yield server
    server.stop()


class Backend:
    """Where a test's tournaments live: files in tmp_path, or tournaments on the server."""

    def __init__(self, name: str, tmp_path: Path, server=None) -> None:
        self.name = name
        self.tmp_path = tmp_path
        self.server = server

    @property
    def is_pg(self) -> bool:
        return self.name == "postgresql"

    def target(self, stem: str = "t"):
        """A new tournament's --db: a file path, or a URL naming a fresh tournament."""
        if self.server is None:
            return self.tmp_path / f"{stem}.tdtool"
        import uuid

        return self.server.url(f"{stem}-{uuid.uuid4().hex[:10]}")


@pytest.fixture(params=["file", "postgresql"])
def backend(request, tmp_path):
    """Run the test on a tournament file and on the PostgreSQL server (one parameter)."""
    if request.param == "file":
        return Backend("file", tmp_path)
    return Backend("postgresql", tmp_path, request.getfixturevalue("pg_server"))
