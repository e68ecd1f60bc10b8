"""The README's quick start works word for word on a fresh machine, in a fresh checkout.

Its first line makes a virtual environment (Debian and Ubuntu refuse `pip install` on the
system Python); the next installs tdtool from the checkout and runs the demo; the last
installs the test extras at the locked versions. The first two run here as written, in bash,
in a copy of the repository; the install of the last is resolved by pip without installing
(running the suite inside the suite is left to CI). pip's cache keeps this to a few seconds
after the first time.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow  # a venv, pip, and tdtool as a program

NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis",
    ".benchmarks", "*.tdtool*", "out",
)  # fmt: skip


def quick_start() -> list[str]:
    """The commands of the README's quick start block, comments dropped."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```bash\n(.*?)```", section, re.S)
    assert block is not None, "the quick start has no ```bash block"
    return [line.partition("  #")[0].strip() for line in block[1].splitlines() if line.strip()]


def test_the_quick_start_makes_a_venv_then_has_its_two_commands():
    venv, install, tests = quick_start()
    assert venv == "python3 -m venv .venv && . .venv/bin/activate"
    assert install == "pip install . && tdtool demo"
    assert tests == "pip install -c constraints.txt '.[test]' && python -m pytest"
    assert (ROOT / "constraints.txt").is_file()


def test_the_quick_start_runs_in_a_fresh_checkout(tmp_path):
    venv, install, tests = quick_start()
    checkout = tmp_path / "tdtool"
    shutil.copytree(ROOT, checkout, ignore=NOT_COPIED, symlinks=True)
    # `python3` is the interpreter running these tests; nothing of this venv leaks in.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(sys.executable)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "TDTOOL_DB"}
    }
    env["PATH"] = f"{bin_dir}{os.pathsep}/usr/bin{os.pathsep}/bin"
    dry_run = tests.split(" && ")[0].replace("pip install", "pip install --dry-run --quiet")
    script = "\n".join(["set -e", venv, "command -v pip", install, dry_run, ""])
    out = subprocess.run(
        ["bash", "-c", script],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert out.stdout.splitlines()[0] == str(checkout / ".venv" / "bin" / "pip"), out.stdout
    assert "Traceback" not in out.stdout + out.stderr
    assert "That was the whole evening in miniature." in out.stdout, out.stdout[-3000:]
