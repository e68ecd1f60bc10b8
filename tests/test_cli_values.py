"""Option and argument values that pass parsing but would break later: one `Error:` line, exit 2.

`clock add 1e308` (infinite seconds), `clock serve --host` with a right-to-left mark, names and
paths longer than the system allows, `new` in a folder that cannot be written.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tournament_fixtures import make

LONG = "a" * 300
RLO = "\u202e"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    make(tmp_path / "cup.tdtool")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output and "[Errno" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0]


@pytest.mark.parametrize("minutes", ["1e308", "-1e308", "inf", "nan", "1e7"])
def test_clock_add_of_an_impossible_number_of_minutes_is_bad_input(cli, folder, minutes):
    line = one_error_line(cli("clock", "add", "--", minutes))
    assert "minutes" in line


@pytest.mark.parametrize("host", [RLO, "", " ", "a b", "host\x00", "é.example", "x" * 300])
def test_clock_serve_refuses_a_host_that_is_no_address_without_printing_it_raw(cli, folder, host):
    line = one_error_line(cli("clock", "serve", "--host", host, "--port", "0"))
    assert "--host" in line
    assert RLO not in line and "\x00" not in line  # a bidi mark would garble the terminal


def test_a_tournament_name_longer_than_a_file_name_gets_a_shorter_file(cli, folder):
    result = cli("new", "Friday " + LONG, "--structure", "turbo")
    assert result.exit_code == 0, result.output
    created = sorted(p.name for p in folder.glob("*.tdtool") if p.name != "cup.tdtool")
    assert created == [f"friday-{'a' * 73}.tdtool"]


@pytest.mark.parametrize(
    "command",
    [
        ["structure", "check", LONG],
        ["structure", "check", LONG + ".yaml"],
        ["structure", "show", LONG],
        ["structure", "print", LONG],
        ["structure", "print", "turbo", "-o", LONG + ".html"],
        ["structure", "new", "X", "--stack", "20000", "--hours", "4", "-o", LONG + ".yaml"],
        ["demo", "--structure", LONG],
        ["new", "Cup", "--structure", LONG],
        ["hand", "check", LONG],
        ["hand", "check", f"{LONG}/x.yaml"],
        ["payouts", "--entries", "30", "--buy-in", "10", "--table", LONG],
        ["terms", "--payout-table", LONG],
        ["--db", "a" * 5000, "status"],
        ["--db", "a/" * 3000, "seat", "show"],
        ["--db", LONG, "player", "add", "Anna"],
        ["--db", LONG + ".tdtool", "new", "Cup", "--structure", "turbo"],
    ],
    ids=lambda c: " ".join(a[:12] for a in c),
)
def test_a_path_longer_than_the_system_allows_is_one_error_line(cli, folder, command):
    before = sorted(p.name for p in folder.iterdir())
    line = one_error_line(cli(*command))
    assert "a" * 150 not in line  # the path is shortened in the message
    assert sorted(p.name for p in folder.iterdir()) == before


def _unwritable(folder: Path) -> contextlib.AbstractContextManager[bool]:
    """Make `folder` unwritable for this process (chmod; as root, the immutable attribute)."""

    @contextlib.contextmanager
    def managed():
        folder.chmod(0o555)
        immutable = False
        if os.geteuid() == 0 and shutil.which("chattr"):
            done = subprocess.run(["chattr", "+i", str(folder)], capture_output=True)
            immutable = done.returncode == 0
        try:
            probe = folder / "probe"
            try:
                probe.touch()
            except OSError:
                yield True
            else:
                probe.unlink()
                yield False
        finally:
            if immutable:
                subprocess.run(["chattr", "-i", str(folder)], check=True)
            folder.chmod(0o755)

    return managed()


@pytest.mark.slow
def test_new_in_a_folder_that_cannot_be_written_says_so_and_creates_nothing(
    cli, tmp_path, monkeypatch
):
    locked = tmp_path / "locked"
    locked.mkdir()
    monkeypatch.chdir(locked)
    with _unwritable(locked) as unwritable:
        if not unwritable:
            pytest.skip("this machine lets the tests write any folder (root without chattr)")
        line = one_error_line(cli("new", "Cup", "--structure", "turbo"))
        assert "Cannot create" in line and "Nothing was created" in line
    assert list(locked.iterdir()) == []


HUGE = "9" * 5000
"""A number past Python's 4,300-digit limit for int(): found by the fuzz campaign."""


@pytest.mark.parametrize(
    "command, option",
    [
        (["deal", "icm", "--stacks", HUGE, "--prizes", "50,30"], "--stacks"),
        (["deal", "icm", "--stacks", "100," + HUGE, "--prizes", "50,30"], "--stacks"),
        (["deal", "chip-chop", "--stacks", "5000,3000", "--prizes", HUGE], "--prizes"),
        (["player", "bust", "Anna", "--stacks", HUGE], "--stacks"),
    ],
)
def test_fuzz_a_5000_digit_number_in_a_list_option_is_one_error_line(cli, folder, command, option):
    line = one_error_line(cli(*command))
    assert line.startswith(f"Error: {option} '")
    assert "a number of 5,000 digits is past anything a tournament counts" in line
    assert len(line) < 250


@pytest.mark.parametrize("typed", [HUGE, "1:" + HUGE, "99999999999"])
def test_fuzz_clock_set_with_a_5000_digit_time_is_one_error_line(cli, folder, typed):
    line = one_error_line(cli("clock", "set", typed))
    assert "is not a time left in a level; write MM:SS such as 12:30." in line
    assert len(line) < 150


def test_fuzz_ruling_ask_with_a_5000_digit_choice_is_one_error_line(cli, folder):
    line = one_error_line(cli("ruling", "ask", "--what", HUGE))
    assert line.startswith("Error: --what: There is no ruling called '99999")
    assert "99999..." in line  # the value in its quotes, cut; the known ids follow
    assert len(line) < 1000


@pytest.mark.parametrize(
    "command",
    [
        ("ruling", "show", "x" * 5000),
        ("seat", "print", "x" * 5000),
        ("structure", "print", "turbo", "--format", "x" * 5000),
        ("structure", "print", "turbo", "--paper", HUGE),
        ("new", "Cup2", "--structure", "turbo", "--break-order", HUGE),
    ],
    ids=lambda c: " ".join(a[:12] for a in c),
)
def test_fuzz_an_error_quoting_a_5000_character_value_stays_short(cli, folder, command):
    line = one_error_line(cli(*command))
    assert "(5,00" in line and " characters) ..." in line
    assert len(line) < 1000  # `ruling show` lists the rulings there are after it
