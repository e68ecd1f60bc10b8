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
