"""`--help` reads as a man page: a flag's row shows no value type (Typer 0.29 labels each
flag `<bool>`, as if `--json` took a value)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ENV = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}


@pytest.mark.parametrize(
    "command", [["player", "add"], ["status"], ["hand", "check"], ["seat", "print"], ["new"]]
)
def test_help_shows_no_bool_label_beside_a_flag(command):
    result = subprocess.run(
        [sys.executable, "-m", "tdtool", *command, "--help"],
        capture_output=True, text=True, env=ENV, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "--help" in result.stdout
    assert "<bool>" not in result.stdout
