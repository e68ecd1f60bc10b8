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
