"""Files written by the last release (tdtool 0.1.0) keep opening and read the same.

`tests/data/release-0.1.0*.tdtool` were made with the 0.1.0 CLI (registrations, a draw, the
clock, a rebuy, a re-entry, an add-on, busts with moves, an undo, an accepted ICM deal, a terms
change). The JSON beside each is what 0.1.0 printed for it. A change of these views must be a
deliberate one: update the JSON in the same commit and say why.
"""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import ROOT

DATA = ROOT / "tests" / "data"
FILES = ["release-0.1.0", "release-0.1.0-terms"]
VIEWS = [("report",), ("player", "list"), ("seat", "show")]


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("view", VIEWS, ids=lambda v: "-".join(v))
def test_a_file_written_by_release_0_1_0_opens_and_reads_the_same(cli, tmp_path, name, view):
    db = tmp_path / f"{name}.tdtool"
    shutil.copy(DATA / f"{name}.tdtool", db)  # a copy: opening may migrate the file
    result = cli("--db", db, *view, "--json")
    assert result.exit_code == 0, result.output
    expected = json.loads((DATA / name / f"{'-'.join(view)}.json").read_text())
    assert json.loads(result.stdout) == expected


@pytest.mark.parametrize("name", FILES)
def test_a_file_written_by_release_0_1_0_takes_new_changes(cli, tmp_path, name):
    db = tmp_path / f"{name}.tdtool"
    shutil.copy(DATA / f"{name}.tdtool", db)
    before = json.loads(cli("--db", db, "log", "--json").stdout)
    assert cli("--db", db, "clock", "pause").exit_code in (0, 1)
    assert cli("--db", db, "status", "--json").exit_code == 0
    after = json.loads(cli("--db", db, "log", "--json").stdout)
    assert after[: len(before)] == before


def test_a_file_of_the_last_main_with_a_pickled_snapshot_reads_the_same_and_drops_the_pickle(
    cli, tmp_path
):
    """`main-c3719ee-pickled-snapshot.tdtool` was written by the build before snapshots became
    explicit documents (schema 4, a pickled snapshot at event 25; a PKO field of 24, three
    knockouts). The pickle is never read: the state is folded from the log, reads as that
    build printed it, and the first change upgrades the file, drops the pickle and gives the
    log its chain."""
    import sqlite3

    name = "main-c3719ee-pickled-snapshot"
    db = tmp_path / f"{name}.tdtool"
    shutil.copy(DATA / f"{name}.tdtool", db)
    result = cli("--db", db, "player", "list", "--json")
    assert result.exit_code == 0, result.output
    expected = json.loads((DATA / f"{name}.players.json").read_text())
    got = json.loads(result.stdout)
    assert [{k: row[k] for k in old} for row, old in zip(got, expected, strict=True)] == expected
    assert cli("--db", db, "clock", "pause").exit_code == 0
    conn = sqlite3.connect(db)
    try:
        formats = {f for (f,) in conn.execute("SELECT format FROM snapshots")}
        from tdtool.io.store import SCHEMA_VERSION

        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7
    finally:
        conn.close()
    assert all(f.startswith("msgpack-") for f in formats)
    verified = json.loads(cli("--db", db, "log", "--verify", "--json").stdout)
    assert verified["ok"] and verified["events"] == 33  # 32 written then, the pause
