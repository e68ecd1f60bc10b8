"""The program itself: version, help, error translation at the edge."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def test_version_prints_package_version(cli):
    from tdtool import __version__

    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"tdtool {__version__}"


def test_help_teaches_with_an_example(cli):
    result = cli("--help")
    assert result.exit_code == 0
    assert "Example:" in result.stdout


@pytest.mark.slow
def test_python_dash_m_runs_the_cli():
    out = subprocess.run(
        [sys.executable, "-m", "tdtool", "--version"], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("tdtool ")


def test_help_paragraphs_wrap_to_the_terminal_without_ragged_breaks(cli):
    # The docstring of `player bust` wraps its second paragraph at ~90 columns; on an
    # 80-column terminal the help must reflow it instead of breaking after "of the".
    result = cli("player", "bust", "--help", env={"COLUMNS": "80"})
    assert result.exit_code == 0
    text = result.stdout.split("╭")[0]  # the description, above the option boxes
    paragraphs: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            paragraphs[-1].append(line.strip())
        else:
            paragraphs.append([])
    for lines in paragraphs:
        short = [line for line in lines[:-1] if len(line) < 60 and not line.startswith("Usage")]
        assert not short, f"ragged help lines {short!r} in:\n{result.stdout}"


def test_help_lists_every_command_as_loading_it_would_without_building_them():
    import typer
    from typer.main import get_command

    from tdtool.cli import LAZY, app

    group = get_command(app)
    ctx = typer.Context(group, info_name="tdtool")
    listed = group.get_help(ctx)
    assert not set(LAZY) & set(group.commands), "the listing built commands"
    for name in group.list_commands(ctx):
        group.get_command(ctx, name)  # now every command is really built, help and all
    assert set(LAZY) <= set(group.commands)
    assert group.get_help(ctx) == listed


def test_global_db_option_before_the_command_is_read_by_the_root(cli, tmp_path):
    missing = tmp_path / "nowhere.tdtool"
    for args in (["--db", missing], [f"--db={missing}"]):
        result = cli(*args, "status")
        assert result.exit_code == 2 and "nowhere.tdtool" in result.stderr, result.stderr
    result = cli("status", env={"TDTOOL_DB": str(missing)})
    assert result.exit_code == 2 and "nowhere.tdtool" in result.stderr, result.stderr
    result = cli("--db")
    assert result.exit_code == 2 and "Option '--db' requires a tournament file" in result.stderr
    assert "--db FILE" in cli("--help").stdout


@pytest.mark.slow
def test_commands_with_flags_only_never_load_pydantic(tmp_path):
    code = (
        "import sys\n"
        "from tdtool.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('pydantic' in sys.modules)"
    )
    for args in (["player", "--help"], ["--db", str(tmp_path / "t.tdtool"), "undo", "--help"]):
        out = subprocess.run(
            [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT
        )
        assert out.stdout.strip().endswith("False"), (args, out.stdout, out.stderr)


def test_a_command_builds_its_own_sub_app_only():
    # A sub-app is built whole by Typer's public get_command (building its commands costs
    # ~2 ms; building them one by one needed Typer's internals); the others stay unbuilt.
    import typer
    from typer.main import get_command

    from tdtool.cli import app

    group = get_command(app)
    ctx = typer.Context(group, info_name="tdtool")
    structure = group.get_command(ctx, "structure")
    assert list(group.commands) == ["structure"]
    assert {"show", "check"} <= set(structure.list_commands(ctx))
    assert structure.get_command(ctx, "show").name == "show"


def test_a_mistyped_command_gets_the_closest_name(cli):
    for args, near in ((["hnad", "check"], "'hand'"), (["structure", "shwo"], "'show'")):
        result = cli(*args)
        assert result.exit_code == 2
        assert f"Did you mean {near}?" in result.stderr


def test_global_db_option_after_the_command_too(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("new", "X", "--structure", "turbo", "--db", "x.tdtool")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.tdtool"]
    assert cli("player", "add", "Anna", "Ben", f"--db={tmp_path / 'x.tdtool'}").exit_code == 0
    (tmp_path / "other.tdtool").touch()  # two files here: only --db says which
    listed = cli("player", "list", "--json", "--db", "x.tdtool")
    assert listed.exit_code == 0, listed.output
    assert [row["name"] for row in json.loads(listed.stdout)] == ["Anna", "Ben"]
    assert "--db FILE (before or after the command)" in cli("--help").stdout
    # After `--` it is an argument like any other: a player may be called "--db".
    added = cli("--db", "x.tdtool", "player", "add", "--", "--db")
    assert added.exit_code == 0, added.output
    missing = cli("status", "--db")
    assert missing.exit_code == 2 and "Option '--db' requires a tournament file" in missing.stderr


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["new", "Y", "--structure", "turbo", "--buy-in", "-5"], "'--buy-in'"),
        (["clock", "add", "abc"], "'minutes'"),
        (["seat", "button", "a", "b"], "'table'"),
        (["player", "list", "--bogus"], "--bogus"),
        (["player", "add"], "'names'"),
        (["new", "Y"], "'--structure'"),
        (["new", "Y", "--structure"], "--structure"),
        (["structure", "shwo"], "'shwo'"),
        (["--bogus", "status"], "--bogus"),
        (["ruling", "show", "premature-flop", "--rules"], "--rules"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
def test_every_usage_error_is_one_error_line_naming_the_option(
    cli, tmp_path, monkeypatch, args, names
):
    monkeypatch.chdir(tmp_path)
    assert cli("new", "X", "--structure", "turbo").exit_code == 0
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ") and names in lines[0], lines[0]
    assert "╭" not in result.stderr and "Usage:" not in result.stderr


@pytest.mark.slow
def test_usage_errors_are_one_line_from_a_real_process_too(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "tdtool", "clock", "add", "abc"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 2
    assert out.stderr.startswith("Error: Invalid value for 'minutes'"), out.stderr
    assert out.stderr.endswith("See tdtool clock add --help.\n") and out.stderr.count("\n") == 1


def test_every_command_and_group_has_the_help_flag_of_tdtools_classes():
    """A sub-app made with a plain `typer.Typer()` would get Typer's own `--help` (no default:
    pydantic loaded at every start, and `<bool>` beside it in the help): each command of the
    tree is built from tdtool.cli._app's classes, whose `--help` is one declared flag."""
    import typer
    from typer.main import get_group

    from tdtool.cli import app
    from tdtool.cli._app import Command, Group, help_option

    def walk(group, path):
        ctx = typer.Context(group, info_name=path[-1])
        assert group.get_help_option(ctx) is help_option(), path
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert isinstance(command, Group | Command), (path, name, type(command))
            if isinstance(command, Group):
                walk(command, [*path, name])
            else:
                sub = typer.Context(command, info_name=name, parent=ctx)
                assert command.get_help_option(sub) is help_option(), (path, name)

    walk(get_group(app), ["tdtool"])
    option = help_option()
    assert (option.default, option.metavar, option.opts) == (False, "", ["--help"])
