"""The printed sheet of every bundled structure renders in headless Chromium, on one page."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tdtool.io.structure_sheet import sheet_html
from tdtool.io.structure_yaml import bundled_structures_dir, load_structure
from tests.browser import CHROMIUM, headless

BUNDLED = sorted(p.stem for p in bundled_structures_dir().glob("*.yaml"))


def chromium(tmp_path, *args: str) -> None:
    headless(tmp_path, *args)


def page_count(pdf: bytes) -> int:
    """Pages of a PDF Chromium wrote (its page objects are `/Type /Page`)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
@pytest.mark.parametrize(
    ("name", "paper"),
    # Letter is the shorter page, so every sheet is tried on it; A4 once, with the longest sheet.
    [(name, "letter") for name in BUNDLED] + [("main-event", "a4")],
)
def test_sheet_prints_on_one_page(tmp_path, name, paper):
    html = tmp_path / f"{name}.html"
    html.write_text(sheet_html(load_structure(name), 19 * 60, paper), encoding="utf-8")
    pdf = tmp_path / f"{name}.pdf"
    chromium(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", html.as_uri())
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert page_count(data) == 1, f"{name} on {paper} does not fit one page"
    if shutil.which("pdftoppm"):
        # Kept for a person to look at: pytest --basetemp=DIR keeps DIR/*/NAME-1.png.
        subprocess.run(
            ["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / name)],
            check=True,
            timeout=60,
        )
        assert (tmp_path / f"{name}-1.png").stat().st_size > 10_000
