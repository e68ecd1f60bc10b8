"""CI: run the CLI tests on the LOWEST versions pyproject.toml allows.

`pyproject.toml` promises ranges (`typer>=0.28,<1`); CI otherwise installs the newest
release of each, so a lower bound would never be tried. This script reads every runtime
dependency's lower bound (and those of pytest and hypothesis from the test extra), installs
exactly those versions in a fresh virtual environment of its own (no system packages), and
runs the tests that drive the commands through the CLI. Exit status: pytest's.

    python3 .ci/lowest.py            # from the repository root, or anywhere
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_TOOLS = ("pytest", "hypothesis", "psycopg", "pytest-xdist")
"""From the test extra: what the tests below need besides the runtime dependencies (psycopg:
test_tournament_cli runs on a PostgreSQL server too; pytest-xdist: addopts runs -n 2)."""
TESTS = [
    "tests/test_cli_basics.py",
    "tests/test_bad_input.py",
    "tests/test_json_contract.py",
    "tests/test_readme_examples.py",
    "tests/test_render.py",
    "tests/test_tournament_cli.py",
    "tests/test_seat_cli.py",
    "tests/test_structure_cli.py",
    "tests/test_money_cli.py",
    "tests/test_hand_cli.py",
    "tests/test_clock_cli.py",
    "tests/test_release_files.py",
]
"""Every command through the CLI (JSON shapes, bad input, README lines, files of 0.1.0)."""


def lowest_pins(pyproject: dict) -> list[str]:
    """`name==LOWER` for each runtime dependency and test tool, from its `>=LOWER` bound.

    >>> lowest_pins({"project": {"dependencies": ["typer>=0.26,<0.30", "rich>=13.8"],
    ...     "optional-dependencies": {"test": ["pytest>=8", "pokerkit>=0.5"]}}})
    ['typer==0.26', 'rich==13.8', 'pytest==8']
    """
    project = pyproject["project"]
    tools = [
        spec
        for spec in project["optional-dependencies"]["test"]
        if re.split(r"[<>=!~ \[;]", spec, maxsplit=1)[0].lower() in TEST_TOOLS
    ]
    pins = []
    for spec in [*project["dependencies"], *tools]:
        match = re.fullmatch(
            r"([A-Za-z0-9_.-]+(?:\[[A-Za-z0-9_,-]+\])?)\s*>=\s*([0-9][0-9A-Za-z.]*)\s*(,.*)?", spec
        )
        if match is None:
            raise SystemExit(f"{spec!r} has no lower bound (NAME>=VERSION): pin one")
        pins.append(f"{match[1]}=={match[2]}")
    return pins


def main() -> int:
    pins = lowest_pins(tomllib.loads((ROOT / "pyproject.toml").read_text()))
    print("lowest allowed versions:", " ".join(pins), flush=True)
    with tempfile.TemporaryDirectory(prefix="tdtool-lowest-") as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        python = str(venv / "bin" / "python")
        subprocess.run(
            [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *pins],
            check=True,
        )
        # The package is not installed: the tests import it from the repository root.
        return subprocess.run(
            [python, "-m", "pytest", "-p", "no:cacheprovider", *TESTS], cwd=ROOT
        ).returncode


if __name__ == "__main__":
    sys.exit(main())
