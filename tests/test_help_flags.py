"""`--help` reads as a man page: a flag's row shows no value type (Typer 0.29 labels each
flag `<bool>`, as if `--json` took a value)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ENV = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}


@pytest.mark.parametrize(
    "command", [[], ["player", "add"], ["status"], ["hand", "check"], ["seat", "print"], ["new"]]
)
@pytest.mark.slow
def test_help_shows_no_bool_label_beside_a_flag(command):
    result = subprocess.run(
        [sys.executable, "-m", "tdtool", *command, "--help"],
        capture_output=True, text=True, env=ENV, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "--help" in result.stdout
    assert "<bool>" not in result.stdout


def test_every_money_term_has_its_help_panel():
    from tdtool.cli._terms import PANELS
    from tdtool.tournament.terms import OPTIONS

    grouped = [field for fields in PANELS.values() for field in fields]
    assert sorted(grouped) == sorted(o.field for o in OPTIONS)


@pytest.mark.slow
def test_new_help_groups_the_terms_in_boxes_that_fit_80_columns():
    result = subprocess.run(
        [sys.executable, "-m", "tdtool", "new", "--help"],
        capture_output=True, text=True, env={**ENV, "COLUMNS": "80"}, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    for panel in ("Entries", "Rebuys and add-ons", "Payouts", "Bounties", "Days, flights, clock",
                  "Language"):  # fmt: skip
        assert f"─ {panel} ─" in result.stdout
    # one box per group keeps each help column wide: under 108 lines (was about 150; 99
    # before the Language box, 103 before --hand-for-hand-clock)
    assert len(result.stdout.splitlines()) < 108
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


def test_no_help_screen_of_any_command_labels_a_flag_bool(cli):
    # Each flag declares metavar="" (tdtool.cli._app): one added without it in any command
    # showed `--lock <bool>`; this walks every command and group, in this process.
    from tests.test_docs import _leaves

    paths = _leaves()
    groups = {p[0] for p in paths if len(p) == 2}
    labelled = []
    for path in [*paths, *([g] for g in sorted(groups))]:
        shown = cli(*path, "--help", env={"COLUMNS": "100", "NO_COLOR": "1"})
        assert shown.exit_code == 0, (path, shown.output)
        if "<bool>" in shown.stdout:
            labelled.append(" ".join(path))
    assert not labelled, labelled
    assert len(paths) > 60
