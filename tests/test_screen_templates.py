"""The structure sheet and the TV page from templates (issue 24 item 1): the sheet on the
print base, the TV page on the screen base, and a house theme that changes either without
touching the package."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdtool.cli.clock_web import page
from tdtool.io.pages import load_theme
from tdtool.io.structure_sheet import sheet_html
from tdtool.io.structure_yaml import load_structure

TEMPLATES = Path(__file__).resolve().parent.parent / "tdtool" / "templates"


def test_no_html_is_assembled_in_the_python_of_the_sheet_or_the_page():
    for module in ("tdtool/io/structure_sheet.py", "tdtool/cli/clock_web.py"):
        text = (TEMPLATES.parent.parent / module).read_text(encoding="utf-8")
        for tag in ("<html", "<style", "<script", "<table", "<tr", "<td", "<div"):
            assert tag not in text, f"{module} builds {tag}"


def test_the_structure_sheet_is_on_the_print_base_for_both_papers():
    for paper, size in (("a4", "A4"), ("letter", "letter")):
        html = sheet_html(load_structure("turbo"), 19 * 60, paper)
        assert f"@page {{ size: {size} portrait; margin: 11mm 12mm 12mm 12mm; }}" in html
        assert "thead { display: table-header-group; }" in html  # from base.html
    assert '<td class="blinds">' in html and "Chips in play at the start:" in html


def test_the_tv_page_is_on_the_screen_base():
    html = page({"name": "Cup", "level": 1})
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert "<title>Cup · clock</title>" in html
    assert html.count("<script>") == 1 and 'let data = {"name": "Cup", "level": 1};' in html


@pytest.fixture
def house(tmp_path) -> Path:
    """A theme that changes the TV page's accent and adds a line to the structure sheet."""
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "screen_base.html").write_text(
        (TEMPLATES / "screen_base.html")
        .read_text()
        .replace(
            "{% block style %}{% endblock %}",
            "{% block style %}{% endblock %}\n:root { --accent: #ff00aa !important; }",
        )  # fmt: skip
    )
    (folder / "structure_sheet.html").write_text(
        '{% extends "base.html" %}{% block body %}<p class="house">Royal Club · {{ title }}'
        "</p>{% for row in rows %}{{ row.kind }} {% endfor %}{% endblock %}"
    )
    return folder


def test_a_theme_overrides_the_tv_page_and_the_structure_sheet(house):
    theme = load_theme(house)
    assert "#ff00aa" in page({"name": "Cup"}, theme) and "#ff00aa" not in page({"name": "Cup"})
    sheet = sheet_html(load_structure("turbo"), None, "a4", title="Friday <Cup>", theme=theme)
    assert '<p class="house">Royal Club · Friday &lt;Cup&gt;</p>level level' in sheet


def test_structure_print_and_clock_serve_take_a_theme(cli, house, tmp_path):
    target = tmp_path / "s.html"
    result = cli("structure", "print", "turbo", "-o", target, "--theme", house)
    assert result.exit_code == 0, result.output
    assert "Royal Club" in target.read_text()
    assert "--theme" in cli("clock", "serve", "--help").stdout


def test_a_broken_screen_theme_is_refused_with_file_and_line(cli, tmp_path):
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "clock.html").write_text("{% extends 'screen_base.html' %}\n{% block body %}\n")
    target = tmp_path / "s.html"
    result = cli("structure", "print", "turbo", "-o", target, "--theme", folder)
    assert result.exit_code == 2 and not target.exists()
    assert "clock.html:2:" in result.stderr and "Traceback" not in result.output
