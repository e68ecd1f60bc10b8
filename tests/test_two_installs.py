"""Two laptops, two installs of the same version, one tournament: each reads the other's
snapshots (a file and a PostgreSQL tournament).

The last release trusted a snapshot only in the install that wrote it (a hash of its source
files' times, which no two `pip install`s share) and each change deleted the other install's:
two laptops taking turns on 30,000 entries each folded the whole log, 2.7-3.2x the cost.
Here two virtual environments get their own install of this checkout; the second's change
reads the first's snapshot and leaves it in place.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.venvs import install_checkout

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def installs(tmp_path_factory) -> list[Path]:
    """Two venvs, each with its own (non-editable) install of this checkout; the
    dependencies come from the Python running the tests."""
    base = tmp_path_factory.mktemp("installs")
    return [install_checkout(base / name) for name in ("laptop-a", "laptop-b")]


def _run(tdtool: Path, db: object, *args: str, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TDTOOL_")}
    done = subprocess.run(
        [str(tdtool), "--db", str(db), *args], capture_output=True, text=True, env=env, cwd=cwd
    )
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def _snapshots_file(db: Path) -> list[tuple[int, str, bytes]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT upto, format, state FROM snapshots ORDER BY upto").fetchall()
    finally:
        conn.close()


def _snapshots_pg(url: str) -> list[tuple[int, str, bytes]]:
    import psycopg

    from tdtool.io.store_pg import parse_url

    target = parse_url(url)
    with psycopg.connect(target.conninfo, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT s.upto, s.format, s.state FROM tdtool_snapshots s"
            " JOIN tdtool_tournaments t ON t.id = s.tournament WHERE t.name = %s ORDER BY upto",
            (target.tournament,),
        ).fetchall()
    return [(int(u), str(f), bytes(b)) for u, f, b in rows]


def test_two_installs_of_one_version_read_each_others_snapshots(installs, backend, tmp_path):
    first, second = installs
    assert first.resolve() != second.resolve()
    db = backend.target("shared")
    snapshots = (lambda: _snapshots_pg(str(db))) if backend.is_pg else (lambda: _snapshots_file(db))
    _run(first, db, "new", "Shared Cup", "--structure", "turbo", cwd=tmp_path)
    _run(
        first, db, "player", "add", *[f"Player {i:03d}" for i in range(300)], "--yes", cwd=tmp_path
    )
    _run(first, db, "seat", "draw", cwd=tmp_path)  # read 300 events: writes a snapshot
    kept = snapshots()
    assert kept, "the first install wrote no snapshot"
    # The second install's change reads the first's snapshot (it folds a few events on it,
    # so it writes none of its own) and leaves it as it was.
    _run(second, db, "clock", "start", cwd=tmp_path)
    _run(second, db, "player", "bust", "Player 007", "--yes", cwd=tmp_path)
    assert snapshots() == kept
    status = json.loads(_run(second, db, "status", "--json", cwd=tmp_path))
    assert status["players_left"] == 299
    status = json.loads(_run(first, db, "status", "--json", cwd=tmp_path))
    assert status["players_left"] == 299
