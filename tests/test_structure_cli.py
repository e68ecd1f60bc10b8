"""`tdtool structure list/show/check/print`: what a director sees, prints and pipes."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.conftest import ROOT

BAD = """\
name: Bad
starting_stack: 3000
level_minutes: 20
chips: [25, 100]
levels:
  - blinds: 100/50
  - blinds: 25/50
    ante: 10
"""

HOSTILE = """\
name: "<script>alert('x')</script> & Co"
starting_stack: 20000
level_minutes: 20
chips: [25, 100, 500]
late_registration: 2
levels:
  - blinds: 25/50
  - blinds: 50/100
  - break: 10
    color_up: [25]
  - blinds: 100/200
"""


def test_list_shows_every_bundled_structure(cli):
    result = cli("structure", "list")
    assert result.exit_code == 0
    for path in (ROOT / "structures").glob("*.yaml"):
        assert path.stem in result.stdout


def test_list_json_names_and_origin(cli):
    items = json.loads(cli("structure", "list", "--json").stdout)
    daily = next(i for i in items if i["name"] == "daily")
    assert daily["origin"] == "bundled" and daily["valid"] and daily["levels"] == 16


def test_show_prints_levels_breaks_color_ups_and_clock_times(cli):
    result = cli("structure", "show", "daily", "--start", "19:00")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Daily No-Limit Hold'em" in out
    assert "19:00" in out and "21:00" in out  # level 1 and the first break (6 x 20 min)
    assert "Color up the 25s" in out
    assert "Last level to register" in out
    assert "00:00 +1d" in out  # past midnight


def test_show_json_keys_are_pinned(cli):
    data = json.loads(cli("structure", "show", "turbo", "--json", "--start", "7pm").stdout)
    assert set(data) == {
        "name",
        "game",
        "starting_stack",
        "chips",
        "late_registration",
        "levels",
        "total_minutes",
        "days",  # issue 14: the days of a multi-day event ([] for one day)
        "periods",
    }
    assert data["days"] == []
    level, brk = data["periods"][0], next(p for p in data["periods"] if p["type"] == "break")
    assert set(level) >= {
        "type",
        "level",
        "small_blind",
        "big_blind",
        "ante",
        "bb_ante",
        "minutes",
        "start_minute",
        "end_minute",
        "start",
        "chips_in_play",
        "last_registration",
        "day",
        "day_minute",
    }
    assert level["start"] == "19:00"
    assert brk["color_up"] == [25] and brk["after_level"] == 6


def test_show_refuses_a_bad_start_time(cli):
    result = cli("structure", "show", "daily", "--start", "25:00")
    assert result.exit_code == 2
    assert "write it like 19:00 or 7:30pm" in result.stderr


def test_check_valid_file_exits_0(cli):
    result = cli("structure", "check", str(ROOT / "structures" / "daily.yaml"))
    assert result.exit_code == 0
    assert "is a valid structure: 16 levels, 3 breaks, 6:10 in all." in result.stdout


def test_check_prints_warnings_and_still_exits_0(cli, tmp_path):
    path = tmp_path / "w.yaml"
    path.write_text("starting_stack: 1000\nlevel_minutes: 10\nlevels: [blinds: 50/100]\n")
    result = cli("structure", "check", str(path))
    assert result.exit_code == 0
    assert "warning: the starting stack of 1000 is only 10 big blinds" in result.stdout
    assert "with 1 warning" in result.stdout


def test_check_invalid_file_lists_every_problem_and_exits_2(cli, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD)
    result = cli("structure", "check", str(path))
    assert result.exit_code == 2
    err = result.stderr
    assert err.startswith(f"Error: {path} is not a valid structure (2 problems)")
    assert f"{path}:6: level 1: the small blind 100 is larger than the big blind 50" in err
    assert f"{path}:8: level 2: the ante of 10 cannot be paid with the chips in play" in err


@pytest.mark.slow
def test_check_in_a_subprocess_exits_2(tmp_path):
    import os
    import subprocess
    import sys

    path = tmp_path / "bad.yaml"
    path.write_text(BAD)
    out = subprocess.run(
        [sys.executable, "-m", "tdtool", "structure", "check", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.count(f"{path}:") == 2


@pytest.mark.parametrize("suffix", ["html", "md", "csv"])
def test_print_picks_the_format_from_the_file_name(cli, tmp_path, suffix):
    target = tmp_path / f"sheet.{suffix}"
    result = cli("structure", "print", "deepstack-bb-ante", "-o", str(target), "--start", "18:30")
    assert result.exit_code == 0, result.output
    text = target.read_text()
    assert "18:30" in text
    if suffix == "html":
        assert text.startswith("<!DOCTYPE html>") and "@page { size: A4 portrait" in text
        assert "<thead>" in text and "Last level to register" in text
        assert "Color up the 100s and 500s" in text
        assert '<span class="chip">25,000</span>' in text
    elif suffix == "md":
        assert text.startswith("# Deep Stack (big blind ante)")
        assert "| **Break** |" in text
    else:
        rows = list(csv.DictReader(io.StringIO(text)))
        assert rows[0]["big_blind"] == "200" and rows[0]["start"] == "18:30"
        assert any(r["type"] == "break" and r["color_up"] == "1000" for r in rows)


def test_print_letter_paper(cli, tmp_path):
    target = tmp_path / "s.html"
    assert cli("structure", "print", "turbo", "-o", str(target), "--paper", "letter").exit_code == 0
    assert "@page { size: letter portrait" in target.read_text()


def test_print_refuses_an_unknown_extension(cli, tmp_path):
    result = cli("structure", "print", "turbo", "-o", str(tmp_path / "s.pdf"))
    assert result.exit_code == 2
    assert "end it in .html, .md or .csv, or give --format" in result.stderr


def test_every_text_from_a_file_is_escaped_in_html(cli, tmp_path):
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE)
    target = tmp_path / "s.html"
    assert cli("structure", "print", str(path), "-o", str(target)).exit_code == 0
    html = target.read_text()
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co" in html


def test_commands_teach_with_an_example(cli):
    for command in ("list", "show", "check", "print", "new"):
        assert "Example:" in cli("structure", command, "--help").stdout
