"""The lock for the test install: constraints.txt pins every package `.[test]` pulls in.

`pip install -c constraints.txt '.[test]'` (the README's test command, and `.ci/run`) then
installs the same versions on every machine, whatever was released since; `.ci/run` also
runs the suite on the newest releases, so that drift shows up there and is fixed in the code.

    python3 .ci/lock.py             # refresh: the newest releases, resolved in a fresh venv
    python .ci/lock.py --compare    # in a venv: would the newest releases differ from the lock?
    python .ci/lock.py --verify     # in a venv: is everything installed there pinned, exactly?

The pins are for Python 3.11 on Linux (what the README asks for, and CI's machine); refresh with
that interpreter. `--compare` and `--verify` exit 1 when they find a difference, and say which.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "constraints.txt"
HEADER = """\
# Every package `pip install '.[test]'` pulls in, pinned (Python {python}, {platform}).
# The README's test command and .ci/run install with it: pip install -c constraints.txt '.[test]'
# Refresh (the newest releases pyproject.toml allows): python3 .ci/lock.py
"""
NOT_PINNED = {"tdtool", "pip", "setuptools", "wheel"}
"""The project itself, and the installer's own packages (a venv brings them)."""


def canonical(name: str) -> str:
    """A distribution name as pip compares them: `PyYAML`, `pyyaml` -> `pyyaml`.

    >>> canonical("typing_extensions"), canonical("PyYAML"), canonical("psycopg.binary")
    ('typing-extensions', 'pyyaml', 'psycopg-binary')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def newest(python: str) -> dict[str, tuple[str, str]]:
    """What `pip install '.[test]'` would install from scratch with `python`: name -> (as
    spelled, version), resolved by pip itself (a dry run: nothing is installed)."""
    out = subprocess.run(
        [python, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
         "--disable-pip-version-check", "--report", "-", ".[test]"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )  # fmt: skip
    report = json.loads(out.stdout)
    found = {}
    for item in report["install"]:
        name, version = item["metadata"]["name"], item["metadata"]["version"]
        if canonical(name) not in NOT_PINNED:
            found[canonical(name)] = (name, version)
    return found


def locked() -> dict[str, str]:
    """constraints.txt as canonical name -> version."""
    pins = {}
    for line in LOCK.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[canonical(name)] = version.strip()
    return pins


def refresh() -> int:
    with tempfile.TemporaryDirectory(prefix="tdtool-lock-") as tmp:
        subprocess.run([sys.executable, "-m", "venv", f"{tmp}/venv"], check=True)
        found = newest(f"{tmp}/venv/bin/python")
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    lines = [f"{name}=={version}" for name, version in sorted(found.values(), key=_key)]
    LOCK.write_text(HEADER.format(python=python, platform=sys.platform) + "\n".join(lines) + "\n")
    print(f"{LOCK.name}: {len(lines)} packages pinned (Python {python})")
    return 0


def _key(pin: tuple[str, str]) -> str:
    return canonical(pin[0])


def compare() -> int:
    pins, found = locked(), newest(sys.executable)
    changes = [
        f"{name} {pins.get(key, '(not locked)')} -> {version}"
        for key, (name, version) in sorted(found.items())
        if pins.get(key) != version
    ]
    changes += [f"{key} {version} -> (no longer needed)" for key, version in
                sorted(pins.items()) if key not in found]  # fmt: skip
    if not changes:
        print(f"the newest releases are exactly the {len(pins)} locked in {LOCK.name}")
        return 0
    print("the newest releases differ from constraints.txt: " + ", ".join(changes))
    return 1


def verify() -> int:
    pins = locked()
    wrong = []
    for dist in metadata.distributions():
        name, key = dist.metadata["Name"], canonical(dist.metadata["Name"])
        if key in NOT_PINNED:
            continue
        if key not in pins:
            wrong.append(f"{name} {dist.version} is installed but not in {LOCK.name}")
        elif pins[key] != dist.version:
            wrong.append(f"{name} {dist.version} is installed, {LOCK.name} pins {pins[key]}")
    for problem in wrong:
        print(f"Error: {problem}; refresh the lock: python3 .ci/lock.py")
    return 1 if wrong else 0


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    actions = {"": refresh, "--compare": compare, "--verify": verify}
    if mode not in actions:
        sys.exit(f"usage: python3 .ci/lock.py [--compare | --verify] (not {mode!r})")
    sys.exit(actions[mode]())
