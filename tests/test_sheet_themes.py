"""Printed sheets from templates (issue 24): one Jinja2 environment, and a house theme.

A theme is a folder (`--theme DIR` or TDTOOL_THEME): its templates override tdtool's by
name, its theme.yaml gives a logo, colours and fonts; a broken one is refused with
FILE:LINE and exit 2, and nothing is written.
"""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PNG = base64.b64decode(  # a 1x1 red pixel
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)


@pytest.fixture
def tournament(cli, tmp_path, monkeypatch):
    """Six players seated, with a buy-in, in their own folder (the working folder)."""
    monkeypatch.chdir(tmp_path)
    assert cli("new", "Club Night", "--structure", "daily", "--buy-in", "50").exit_code == 0
    assert cli("player", "add", "Anna", "Ben", "Cleo", "Dan", "Eve", "Fay").exit_code == 0
    assert cli("seat", "draw").exit_code == 0
    return tmp_path


@pytest.fixture
def theme(tmp_path) -> Path:
    """A house theme: a red title, a logo, a font."""
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "logo.png").write_bytes(PNG)
    (folder / "theme.yaml").write_text(
        "logo: logo.png\ncolors:\n  title: '#c00000'\n"
        "fonts:\n  title: '\"Fira Sans\", sans-serif'\n"
    )
    return folder


def test_a_theme_changes_the_title_colour_and_adds_a_logo_without_touching_the_package(
    cli, tournament, theme
):
    assert cli("payouts", "--print", "plain.html").exit_code == 0
    result = cli("payouts", "--print", "house.html", "--theme", theme)
    assert result.exit_code == 0, result.output
    plain, house = ((tournament / n).read_text() for n in ("plain.html", "house.html"))
    assert "h1 { font-family:" in house and "color: #c00000; }" in house
    assert '"Fira Sans", sans-serif' in house
    assert '<img class="logo" src="data:image/png;base64,' in house
    assert "#c00000" not in plain and "<img" not in plain
    # The same through the environment variable, on the seat cards.
    assert cli("seat", "print", "cards", "-o", "cards.html").exit_code == 0
    result = cli(
        "seat", "print", "cards", "-o", "house-cards.html", env={"TDTOOL_THEME": str(theme)}
    )
    assert result.exit_code == 0, result.output
    cards = (tournament / "house-cards.html").read_text()
    assert cards.count('<img class="logo"') == 6 and "color: #c00000;" in cards
    assert "<img" not in (tournament / "cards.html").read_text()


def test_a_theme_template_overrides_the_package_one_by_name(cli, tournament, theme):
    (theme / "money_sheet.html").write_text(
        '{% extends "base.html" %}\n'
        "{% block body %}<h1>{{ title }}</h1><p>House rules apply.</p>"
        "{% for row in rows %}<p>{{ row.cells[0][0] }}</p>{% endfor %}{% endblock %}\n"
    )
    assert cli("payouts", "--print", "p.html", "--theme", theme).exit_code == 0
    page = (tournament / "p.html").read_text()
    assert "<h1>Club Night: payouts</h1><p>House rules apply.</p><p>1st</p>" in page
    assert cli("seat", "print", "list", "--theme", theme).exit_code == 0  # the others stay


@pytest.mark.parametrize(
    ("name", "text", "where", "words"),
    [
        pytest.param(
            "seat_cards.html",
            '{% extends "seat_base.html" %}\n\n{% block page %}{% for c in page %}\n',
            "seat_cards.html:3:",
            "Unexpected end of template",
            id="template-syntax-error",
        ),
        pytest.param(
            "theme.yaml",
            "colors:\n  title: navy\nlogoo: logo.png\n",
            "theme.yaml:3:",
            "unknown key `logoo` in theme.yaml; did you mean `logo`?",
            id="unknown-key",
        ),
        pytest.param(
            "theme.yaml",
            "colors:\n  title: 'red; } body { display: none'\n",
            "theme.yaml:2:",
            "is not a colour",
            id="not-a-colour",
        ),
        pytest.param(
            "theme.yaml", "logo: missing.png\n", "theme.yaml:1:", "cannot read logo", id="no-logo"
        ),
    ],
)
def test_a_broken_theme_is_refused_with_file_and_line(
    cli, tournament, tmp_path, name, text, where, words
):
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / name).write_text(text)
    for args in (["seat", "print", "cards"], ["payouts", "--print", "payouts.html"]):
        result = cli(*args, "--theme", folder)
        assert result.exit_code == 2, result.output
        assert where in result.stderr and words in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
    assert not (tournament / "seat-cards.html").exists()
    assert not (tournament / "payouts.html").exists()


def test_a_theme_error_at_render_names_the_theme_template_and_line(cli, tournament, tmp_path):
    folder = tmp_path / "typo"
    folder.mkdir()
    (folder / "seat_cards.html").write_text(
        '{% extends "seat_base.html" %}\n{% block page %}\n{{ nonesuch.name }}\n{% endblock %}\n'
    )
    result = cli("seat", "print", "cards", "--theme", folder)
    assert result.exit_code == 2
    assert "seat_cards.html:3: 'nonesuch' is undefined" in result.stderr, result.stderr


def test_the_templates_ship_in_the_package():
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "templates/*.html" in data["tool"]["setuptools"]["package-data"]["tdtool"]
    shipped = {p.name for p in (ROOT / "tdtool" / "templates").glob("*") if p.is_file()}
    assert shipped == {p.name for p in (ROOT / "tdtool" / "templates").glob("*.html")}
    # tdtool serve's pages, script and style (tdtool/web): the whole folder ships.
    assert "templates/web/*" in data["tool"]["setuptools"]["package-data"]["tdtool"]
    assert [p for p in (ROOT / "tdtool" / "templates").iterdir() if p.is_dir()] == [
        ROOT / "tdtool" / "templates" / "web"
    ]


@pytest.mark.slow
def test_help_and_status_never_load_jinja2(tmp_path):
    code = (
        "import sys\n"
        "from tdtool.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted({'jinja2', 'markupsafe'} & set(sys.modules)))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    db = tmp_path / "t.tdtool"
    made = subprocess.run(
        [sys.executable, "-m", "tdtool", "--db", str(db), "new", "Cup", "--structure", "daily"],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    for args in (["--help"], ["--db", str(db), "status"], ["--db", str(db), "payouts"]):
        out = subprocess.run(
            [sys.executable, "-c", code, *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
        )
        assert out.stdout.strip().splitlines()[-1] == "[]", (args, out.stdout, out.stderr)
    # ... and a command that prints a sheet does.
    out = subprocess.run(
        [sys.executable, "-c", code, "--db", str(db), "payouts", "--print", tmp_path / "p.html"],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert "jinja2" in out.stdout.strip().splitlines()[-1], out.stdout + out.stderr


def test_compiled_templates_are_cached_and_a_changed_template_is_compiled_again(
    tmp_path, monkeypatch
):
    """Jinja2's bytecode cache (start-up, issue 20): a sheet printed again loads its
    templates compiled; Jinja2 checks the source, so an edited theme template is compiled
    anew, not taken from the cache."""
    import jinja2

    from tdtool.io import pages

    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setattr(
        pages,
        "_bytecode_cache",
        lambda: jinja2.FileSystemBytecodeCache(str(cache), "__tdtool_test_%s.cache"),
    )
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "one.html").write_text("first {{ n }}\n")
    theme = pages.Theme(folder=folder)

    def fresh_render() -> str:
        pages._ENVIRONMENTS.clear()  # a new process: a new environment
        return pages.render("one.html", theme, n=1)

    try:
        assert fresh_render() == "first 1\n"
        assert len(list(cache.iterdir())) == 1
        assert fresh_render() == "first 1\n"  # from the cache
        (folder / "one.html").write_text("second {{ n }}\n")
        assert fresh_render() == "second 1\n"
    finally:
        pages._ENVIRONMENTS.clear()


def test_the_cache_of_compiled_templates_is_jinja2s_private_folder():
    """The cache lives where Jinja2 keeps it, a folder of this user's only (0700)."""
    import stat

    from tdtool.io import pages

    cache = pages._bytecode_cache()
    assert cache is not None
    mode = os.stat(cache.directory).st_mode  # type: ignore[attr-defined]
    assert stat.S_IMODE(mode) == 0o700
