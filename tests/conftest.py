"""Shared fixtures: run the CLI in-process, find the repository's files; the two test tiers.

The fast tier (`python -m pytest -m "not slow"`) starts nothing: every test that starts a
process (tdtool in a subprocess, a browser, tmux, a PostgreSQL server) or runs a load or kill
loop is `slow`. Tests on the PostgreSQL server and browser tests are marked here by what they
use; the others carry `@pytest.mark.slow` or sit in a SLOW_FILES module. A test that starts a
process without being `slow` fails (`_ProcessGuard`), so the fast tier stays that way.
"""

from __future__ import annotations

import os
import sys
import tempfile
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

# The processes the slow tests start (`python -m tdtool`, the sample scripts, `clock serve`)
# run with a bytecode cache, as an installed tdtool does (pip compiles it at install): where
# PYTHONDONTWRITEBYTECODE is set (some machines set it for everything), each of the hundreds
# of tdtool processes would compile every module it imports from source again. The cache is
# kept out of the checkout (PYTHONPYCACHEPREFIX); Python checks each file against its source.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    os.environ.setdefault(
        "PYTHONPYCACHEPREFIX",
        str(Path(tempfile.gettempdir()) / f"tdtool-tests-pycache-{os.getuid()}"),
    )
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


SLOW_FILES = {
    "test_clock_browser.py",  # clock serve in a subprocess, the TV page in Chromium
    "test_clock_serve.py",  # the TV page server under load, in a subprocess
    "test_clock_terminal.py",  # clock run in tmux
    "test_closed_stdout.py",  # tdtool processes writing into closed pipes
    "test_new_leftovers.py",  # `tdtool new` killed at random moments
    "test_sample_script.py",  # the example tournament scripts, run as shell scripts
    "test_store_concurrency.py",  # two terminals at once, processes killed mid-change
    "test_store_load.py",  # clients on a loaded store, killed at random moments
    "test_store_whole_file.py",  # backups and copies beside a running clock serve
    "test_tooling.py",  # ruff on probe files
}
"""Modules where every test starts processes."""


def pytest_collection_modifyitems(config, items):
    """Mark `slow` what runs on the PostgreSQL server, in a browser or in a SLOW_FILES module."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_server = "pg_server" in getattr(item, "fixturenames", ()) or (
            callspec is not None and callspec.params.get("backend") == "postgresql"
        )
        if on_server or item.get_closest_marker("browser") or item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


class _ProcessGuard:
    """Fails a test that is not `slow` but starts a process (an audit hook sees every start)."""

    EVENTS = frozenset(
        {"subprocess.Popen", "os.system", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
         "os.exec", "pty.spawn"}
    )  # fmt: skip

    def __init__(self) -> None:
        self.watching = False
        self.started: list[str] = []
        sys.addaudithook(self.audit)

    def audit(self, event: str, args: tuple) -> None:
        if self.watching and event in self.EVENTS:
            self.started.append(f"{event} {str(args[:2])[:200]}")

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item):
        return (yield from self.watch(item))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item):
        return (yield from self.watch(item))

    def watch(self, item):
        slow = item.get_closest_marker("slow") is not None
        self.watching, self.started = not slow, []
        try:
            result = yield
        finally:
            self.watching = False
        if self.started:
            pytest.fail(
                f"{item.nodeid} starts a process but is not marked slow (the fast tier starts"
                f" none): mark it @pytest.mark.slow. It ran: {self.started[0]}",
                pytrace=False,
            )
        return result


def pytest_configure(config):
    config.pluginmanager.register(_ProcessGuard(), "tdtool-process-guard")
