"""`structure print NAME` without -o never replaces an existing NAME.html silently (issue 13)."""

from __future__ import annotations

import tdtool.cli._db as db_module


def test_print_without_output_refuses_to_overwrite_without_force(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("structure", "print", "daily").exit_code == 0
    sheet = tmp_path / "daily.html"
    sheet.write_text("my notes", encoding="utf-8")
    result = cli("structure", "print", "daily")
    assert result.exit_code == 2
    assert "daily.html exists already" in result.stderr and "--force" in result.stderr
    assert sheet.read_text(encoding="utf-8") == "my notes"
    forced = cli("structure", "print", "daily", "--force")
    assert forced.exit_code == 0, forced.output
    assert "<html" in sheet.read_text(encoding="utf-8").lower()


def test_print_asks_at_a_terminal_before_replacing(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(db_module, "interactive", lambda: True)
    sheet = tmp_path / "daily.html"
    sheet.write_text("my notes", encoding="utf-8")
    kept = cli("structure", "print", "daily", input="n\n")
    assert kept.exit_code == 2 and "Replace it?" in kept.stdout
    assert sheet.read_text(encoding="utf-8") == "my notes"
    replaced = cli("structure", "print", "daily", input="y\n")
    assert replaced.exit_code == 0, replaced.output
    assert "Wrote daily.html" in replaced.stdout
