"""A command whose clock is behind the tournament's log (a laptop's clock set wrong, a server's
set back) warns once on stderr, and the log's times still never run backwards (issue 21).

The release before clamped the time to the log's last event and said nothing on a file, and on
PostgreSQL wrote the server's earlier time after the later one.
"""

from __future__ import annotations

import json

import pytest

from tdtool.io import steady_clock
from tdtool.io.store_base import open_store

WARNING = "min behind the tournament's log; check the time."


@pytest.fixture(autouse=True)
def _warn_again(monkeypatch):
    """Each test's commands run in this process: the once-a-process warning starts unsaid."""
    monkeypatch.setattr(steady_clock, "_WARNED", False)


def _ahead(db, seconds: float) -> None:
    """Record a change `seconds` ahead of this machine's time, as a laptop with its clock
    ahead would have (the file or server then carries the later time in its log)."""
    with open_store(db) as store, store.transaction(now=store.now() + seconds) as tx:
        tx.append("player.registered", {"name": "Early"})


def test_a_clock_behind_the_log_warns_once_and_the_log_stays_in_order(cli, backend):
    db = backend.target("behind")
    assert cli("new", "Late Cup", "--structure", "turbo", "--db", db).exit_code == 0
    _ahead(db, 10 * 60)
    result = cli("--db", db, "player", "add", "Anna")
    assert result.exit_code == 0, result.output
    whose = "the server's clock" if backend.is_pg else "this laptop's clock"
    assert result.stderr.count(WARNING) == 1, result.stderr
    assert f"Warning: {whose} is 10 {WARNING}" in result.stderr
    log = json.loads(cli("--db", db, "log", "--json").stdout)
    times = [row["at"] for row in log]
    assert times == sorted(times)


def test_a_clock_within_a_minute_of_the_log_says_nothing(cli, backend):
    db = backend.target("close")
    assert cli("new", "Near Cup", "--structure", "turbo", "--db", db).exit_code == 0
    _ahead(db, 20)
    result = cli("--db", db, "player", "add", "Anna")
    assert result.exit_code == 0, result.output
    assert WARNING not in result.stderr
    assert cli("--db", db, "clock", "start").stderr == ""
