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


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_a_romanian_and_a_german_structure_sheet_are_no_wider_than_the_paper(tmp_path):
    """A level's note in Romanian or German ("Ultimul nivel de înscriere", "Letztes Level zur
    Anmeldung") wraps in its column: kept on one line it pushed the table past the right
    edge of A4 and Letter, where the printer cut it off. Laid out for print at the sheet's
    width on A4 (186 mm inside the margins, 703 px), the table is no wider."""
    from tests.cdp import Browser

    structure = load_structure("turbo")
    browser = Browser(tmp_path, "width")
    try:
        page = browser.page(703, 1000, 1)
        page.send("Emulation.setDeviceMetricsOverride", width=703, height=1000,
                  deviceScaleFactor=1, mobile=False)  # fmt: skip
        page.send("Emulation.setEmulatedMedia", media="print")
        for lang, note in (("ro", "Ultimul nivel de înscriere"), ("de", "Letztes Level zur")):
            html = tmp_path / f"{lang}.html"
            html.write_text(sheet_html(structure, 19 * 60, "a4", lang=lang), encoding="utf-8")
            assert note in html.read_text(encoding="utf-8")
            page.goto(html.as_uri())
            width = page.js("document.querySelector('table').getBoundingClientRect().right")
            assert width <= 703, (lang, width)
    finally:
        browser.close()
