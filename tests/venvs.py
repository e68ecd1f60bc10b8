"""A virtual environment with its own install of this checkout, its dependencies taken from
the Python that runs the tests (the two-installs test and benchmark: two laptops, two
installs of one version)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def install_checkout(venv: Path) -> Path:
    """Make a venv at `venv`, install this checkout into it (not editable, no dependencies)
    and return its `tdtool` script.

    The dependencies are the running Python's own packages, named in a `.pth` file placed
    after the venv's site-packages, so the venv's install of tdtool comes first.
    `--system-site-packages` would reach the base interpreter's packages instead, which a
    fresh machine does not have (CI met `No module named 'typer'` there)."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    own = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ours = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    (Path(own) / "tdtool-test-dependencies.pth").write_text("".join(f"{p}\n" for p in ours))
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(ROOT)],
        check=True,
        env=dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1"),
    )
    return venv / "bin" / "tdtool"
