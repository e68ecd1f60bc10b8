"""The program itself: version, help, error translation at the edge."""

import subprocess
import sys

from tests.conftest import ROOT


def test_version_prints_package_version(cli):
    from tdtool import __version__

    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"tdtool {__version__}"


def test_help_teaches_with_an_example(cli):
    result = cli("--help")
    assert result.exit_code == 0
    assert "Example:" in result.stdout


def test_python_dash_m_runs_the_cli():
    out = subprocess.run(
        [sys.executable, "-m", "tdtool", "--version"], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("tdtool ")


def test_help_paragraphs_wrap_to_the_terminal_without_ragged_breaks(cli):
    # The docstring of `player bust` wraps its second paragraph at ~90 columns; on an
    # 80-column terminal the help must reflow it instead of breaking after "of the".
    result = cli("player", "bust", "--help", env={"COLUMNS": "80"})
    assert result.exit_code == 0
    text = result.stdout.split("╭")[0]  # the description, above the option boxes
    paragraphs: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            paragraphs[-1].append(line.strip())
        else:
            paragraphs.append([])
    for lines in paragraphs:
        short = [line for line in lines[:-1] if len(line) < 60 and not line.startswith("Usage")]
        assert not short, f"ragged help lines {short!r} in:\n{result.stdout}"
