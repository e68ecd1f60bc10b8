"""docs/ is the contract users and scripts read: it must say what the program does.

- every command of the tree is listed in docs/cli.md;
- every JSON shape in docs/cli.md (a ```json block under `<!-- json: ARGS -->`) is what
  `tdtool ARGS` prints on a small live tournament: each key shown is printed, at every
  level, with a value of the kind shown (or null); the program may print more keys;
- the pages the README, the help texts and the tests point to exist.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import ROOT

DOCS = ROOT / "docs"
CLI = (DOCS / "cli.md").read_text()
SHAPES = re.findall(r"<!-- json: (.+?) -->\n```json\n(.*?)```", CLI, re.S)


def _leaves() -> list[list[str]]:
    import typer
    from typer.main import get_command

    from tdtool.cli import app

    root = get_command(app)
    ctx = typer.Context(root, info_name="tdtool")
    found = []
    for name in root.list_commands(ctx):
        command = root.get_command(ctx, name)
        if hasattr(command, "list_commands"):
            found += [[name, sub] for sub in command.list_commands(ctx)]
        else:
            found.append([name])
    return found


@pytest.mark.parametrize("path", _leaves(), ids=" ".join)
def test_every_command_is_in_the_command_list(path):
    head, *sub = path
    rows = [line for line in CLI.splitlines() if line.startswith(f"| `tdtool {head}")]
    assert rows, f"docs/cli.md lists no `tdtool {head}` command"
    if sub:
        assert any(re.search(rf"[`/ ]{re.escape(sub[0])}[` ]", row) for row in rows), (
            f"docs/cli.md does not list `tdtool {' '.join(path)}`"
        )


def _matches(doc, out, where: str) -> list[str]:
    """Where `out` (printed) lacks what `doc` (documented) shows."""
    if doc is None or out is None:
        return []
    if isinstance(doc, dict):
        if not isinstance(out, dict):
            return [f"{where}: documented an object, printed {out!r}"]
        wrong = []
        for key, value in doc.items():
            if key == "...":
                continue
            if key.startswith("<"):
                for name, item in out.items():
                    wrong += _matches(value, item, f"{where}.{name}")
            elif key not in out:
                wrong.append(f"{where}: documented key {key!r} is not printed")
            else:
                wrong += _matches(value, out[key], f"{where}.{key}")
        return wrong
    if isinstance(doc, list):
        if not isinstance(out, list):
            return [f"{where}: documented a list, printed {out!r}"]
        wrong = []
        for i, item in enumerate(out if doc else []):  # each item is like one of those shown
            tries = [_matches(shown, item, f"{where}[{i}]") for shown in doc]
            if all(tries):
                wrong += min(tries, key=len)
        return wrong
    if isinstance(doc, bool):
        return [] if isinstance(out, bool) else [f"{where}: documented true/false, printed {out!r}"]
    if isinstance(doc, int | float):
        ok = isinstance(out, int | float) and not isinstance(out, bool)
        return [] if ok else [f"{where}: documented a number, printed {out!r}"]
    return [] if isinstance(out, str) else [f"{where}: documented text, printed {out!r}"]


@pytest.fixture(scope="module")
def shapes_printed(tmp_path_factory):
    """Each documented command's JSON, run in doc order on a small live tournament."""
    from typer.testing import CliRunner

    from tdtool.cli import app

    db = tmp_path_factory.mktemp("docs") / "friday.tdtool"
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, [*args, "--db", str(db)])
        assert result.exit_code == 0, (args, result.output)
        return result.stdout

    # A PKO (the bounty is on top of the buy-in: the prize pool is the buy-ins alone), so the
    # page shows the bounty keys too.
    # One table of 11, so the eliminators the page names sit with the players they bust.
    run(
        "new",
        "Friday Cup",
        "--structure",
        "turbo",
        "--buy-in",
        "100",
        "--fee",
        "10",
        "--reentry",
        "--bounty",
        "25",
        "--pko",
        "--seats",
        "11",
    )
    run("player", "add", *[f"P{i}" for i in range(1, 11)])
    run("seat", "draw")
    run("clock", "start")
    run("player", "bust", "P3", "--by", "P1", "--yes")
    run("player", "chips", "P1", "31000", "P2", "9000")  # the chip figures are not null
    import os

    here = os.getcwd()
    os.chdir(ROOT)  # `structure check structures/turbo.yaml` as the page shows it
    try:
        return [(args, json.loads(run(*args.split()))) for args, _ in SHAPES]
    finally:
        os.chdir(here)


def test_the_page_shows_the_shapes_scripts_rely_on():
    shown = {args.split(" --")[0] for args, _ in SHAPES}
    assert {"status", "clock status", "player list", "seat show", "payouts"} <= shown


@pytest.mark.parametrize("index", range(len(SHAPES)), ids=[args for args, _ in SHAPES])
def test_every_documented_json_shape_is_what_the_command_prints(shapes_printed, index):
    args, text = SHAPES[index]
    documented = json.loads(text)
    printed_args, printed = shapes_printed[index]
    assert printed_args == args
    wrong = _matches(documented, printed, args)
    assert not wrong, "docs/cli.md is not what the program prints:\n" + "\n".join(wrong)


def test_the_pages_the_repository_points_to_exist():
    for page in ("README.md", "cli.md", "hand-file.md", "structure-file.md", "payout-table.md"):
        assert (DOCS / page).is_file(), page
    pointed = set()
    for path in [ROOT / "README.md", *ROOT.glob("tdtool/**/*.py"), *ROOT.glob("tests/*.py")]:
        pointed |= set(re.findall(r"docs/([a-z-]+\.md)", path.read_text(errors="replace")))
        old = re.findall(r"(?<![/\w])specs/[a-z-]+\.md", path.read_text(errors="replace"))
        assert not old, f"{path}: {old} is not in the repository; the pages are in docs/"
    assert pointed, "nothing points to docs/"
    for page in pointed:
        assert (DOCS / page).is_file(), f"docs/{page} is pointed to but missing"


def test_the_hand_file_page_keeps_the_floor_questions_contract():
    text = (DOCS / "hand-file.md").read_text()
    assert "## Floor questions" in text
    for line in (
        "WHO puts N",
        "WHO says WORDS",
        "out of turn",
        "WHO straddle N",
        "extra card WHO",
        "without burn",
        "plays the board",
        "`variant`",
        "`small_blind`",
    ):
        assert line in text, line
