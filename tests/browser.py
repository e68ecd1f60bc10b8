"""Headless Chromium for the tests that look at a page (the TV clock, the structure sheets)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

CHROMIUM = next(
    (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None
)
"""The browser's path, or None (the tests that need it are skipped; .ci/run installs it)."""

# Headless on a closed network: no sandbox as root, no background connections that this
# machine would refuse many at a time. Every tab runs as the one in front: a TV or a phone
# shows one page, while a test opens several in one browser, and Chromium would otherwise
# slow the timers of those behind to once a second.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
)


def headless(tmp_path: Path, *args: str) -> str:
    """Run Chromium once with a fresh profile under `tmp_path`; its standard output."""
    assert CHROMIUM is not None
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    out = subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout
