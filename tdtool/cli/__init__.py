"""The `tdtool` command: one Typer sub-app per noun, joined here.

Start-up speed matters (a director types many short commands), so the modules in
this package import only typer at the top; YAML, SQLite, tabulate and the rules
core are imported inside the commands that need them. The sub-apps themselves are
registered by name in `LAZY` and imported only when run: add a new one there.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from tdtool import __version__
from tdtool.errors import TdtoolError


class _FalseHelpFlag:
    """Gives the `--help` flag the default False, so a run without it never loads pydantic.

    Typer 0.29 leaves that default None, and coerces a None with pydantic (~60 ms at
    start-up) where a bool passes straight through.
    """

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None and option.default is None:
            option.default = False
        return option


class _Suggesting:
    """Suggests the closest command name for a typo among the commands not built yet too.

    Typer looks for "Did you mean ...?" among the commands already built only.
    """

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)  # type: ignore[misc]
        except Exception as exc:
            message = getattr(exc, "message", None)
            if args and isinstance(message, str) and "Did you mean" not in message:
                from difflib import get_close_matches

                names = self.list_commands(ctx)  # type: ignore[attr-defined]
                matches = get_close_matches(args[0], names)
                if matches and message.startswith("No such command"):
                    suggestions = ", ".join(repr(m) for m in matches)
                    exc.message = f"{message.rstrip('.')}. Did you mean {suggestions}?"  # type: ignore[attr-defined]
            raise


class _Command(_FalseHelpFlag, TyperCommand):
    """A command of a sub-app (see `_FalseHelpFlag`)."""


class _SubGroup(_Suggesting, _FalseHelpFlag, TyperGroup):
    """A sub-app whose commands are built from their functions when first used.

    Typer builds every command of a sub-app to run one of them (~1 ms a command, most of
    it reading the function's signature); `tdtool structure show` builds `show` alone.
    """

    pending: dict[str, Any]
    """Command name -> its Typer CommandInfo, in the order registered, until built."""
    typer_app: Any

    def list_commands(self, ctx: Any) -> list[str]:
        names = list(super().list_commands(ctx))
        return names + [name for name in self.pending if name not in names]

    def get_command(self, ctx: Any, name: str) -> Any:
        info = self.pending.pop(name, None)
        if info is not None:
            from typer.main import get_command_from_info

            command = get_command_from_info(
                info,
                pretty_exceptions_short=self.typer_app.pretty_exceptions_short,
                rich_markup_mode=self.typer_app.rich_markup_mode,
            )
            _reflow_help(command)
            self.add_command(command, name)
        return super().get_command(ctx, name)


class _Group(_Suggesting, _FalseHelpFlag, TyperGroup):
    """Turns every `TdtoolError` into one `Error: ...` line and its exit code (specs/cli.md).

    Sub-apps and top-level commands listed in `LAZY` are imported only when they are run
    (or listed by `tdtool --help`), so a command pays for its own module alone.

    The global option `--db FILE` is taken out of the arguments here, before Typer sees
    them: Typer loads pydantic (~60 ms) to coerce the value of any non-flag option, so a
    `--db` declared as a Typer option would slow every command, `--help` included.
    """

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        db, rest = _take_db(ctx, args)
        if db is None:
            db = os.environ.get(DB_ENVVAR) or None
        ctx.obj = {"db": None if db is None else Path(db)}
        return super().parse_args(ctx, rest)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except TdtoolError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(exc.exit_code) from None

    def list_commands(self, ctx: Any) -> list[str]:
        names = list(super().list_commands(ctx))
        return names + [name for name in LAZY if name not in names]

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is None and name in LAZY:
            if getattr(self, "_listing", False):
                return _listed(name)
            command = _load(name)
            self.add_command(command, name)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        # `tdtool --help` lists every command with the first paragraph of its help: that
        # needs each module's help text, not the click command built from it (~20 ms).
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


DB_ENVVAR = "TDTOOL_DB"


def _take_db(ctx: Any, args: list[str]) -> tuple[str | None, list[str]]:
    """Split `--db FILE` / `--db=FILE` (before the command name) from the root's arguments.

    The last one given wins, as for any option; everything from the command name on is
    left alone, so a sub-command may have a `--db` of its own.
    """
    db: str | None = None
    rest: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--" or not arg.startswith("-"):
            rest.extend(args[index:])
            break
        if arg == "--db" or arg.startswith("--db="):
            if arg == "--db":
                index += 1
                value = args[index] if index < len(args) else ""
            else:
                value = arg.removeprefix("--db=")
            if not value:
                ctx.fail("Option '--db' requires a tournament file: tdtool --db FILE COMMAND ...")
            db = value
        else:
            rest.append(arg)
        index += 1
    return db, rest


LAZY: dict[str, tuple[str, str]] = {}
"""Command name -> (module in tdtool.cli, attribute): a Typer sub-app or a command function."""


def _load(name: str) -> Any:
    """Build the click command of a lazily registered sub-app or top-level command."""
    import importlib

    from typer.main import get_command, get_group

    module_name, attribute = LAZY[name]
    target = getattr(importlib.import_module(f"tdtool.cli.{module_name}"), attribute)
    if isinstance(target, typer.Typer) and not target.registered_groups:
        import copy

        from typer.main import get_command_name

        for info in target.registered_commands:
            if info.cls is TyperCommand:
                info.cls = _Command
        shell = copy.copy(target)  # the group itself, its commands left to _SubGroup
        shell.registered_commands = []
        shell.info = copy.copy(target.info)
        shell.info.cls = _SubGroup
        command = get_group(shell)
        command.typer_app = target
        command.pending = {
            info.name or get_command_name(info.callback.__name__): info
            for info in target.registered_commands
        }
    elif isinstance(target, typer.Typer):
        command = get_group(target)
    else:
        single = typer.Typer(add_completion=False)
        single.command(name, cls=_Command)(target)
        command = get_command(single)
    command.name = name
    _reflow_help(command)
    return command


def _listed(name: str) -> Any:
    """A stand-in for a lazy command in the list of `tdtool --help`: its name and help only."""
    import importlib
    import inspect

    module_name, attribute = LAZY[name]
    target = getattr(importlib.import_module(f"tdtool.cli.{module_name}"), attribute)
    if isinstance(target, typer.Typer):
        if target.registered_callback is not None:  # its help may come from the callback
            return _load(name)
        text = getattr(target.info.help, "value", target.info.help)
    else:
        text = inspect.getdoc(target)
    command = TyperCommand(name, help=text)
    _reflow_help(command)
    return command


def _reflow_help(command: Any) -> None:
    """Join the hard line breaks of docstring paragraphs, so help wraps to the terminal.

    Typer keeps single line breaks inside paragraphs, which leaves ragged lines on a
    narrow terminal. A paragraph that starts with a backslash-b (click's convention) keeps its
    lines as written.
    """
    if command.help:
        paragraphs = command.help.strip().split("\n\n")
        command.help = "\n\n".join(
            p if p.startswith("\b") else " ".join(line.strip() for line in p.splitlines())
            for p in paragraphs
        )
    for sub in getattr(command, "commands", {}).values():
        _reflow_help(sub)


app = typer.Typer(
    cls=_Group,
    name="tdtool",
    help=(
        "The poker tournament director's tool: structures, seats, bust-outs, the level clock,"
        " payouts, and rulings on hands by the Poker TDA rules.\n\n"
        "Global option --db FILE (before the command): the tournament file to use; default:"
        " the environment variable TDTOOL_DB, else the one *.tdtool file in this folder.\n\n"
        "Example: tdtool hand check examples/hands/side-pots.yaml\n\n"
        "Example: tdtool --db friday.tdtool player list"
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tdtool {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """The global option --db is read by `_Group.parse_args` into `ctx.obj["db"]`."""


# Sub-apps, one per noun, each a Typer() of its own in tdtool/cli/NOUN.py, and top-level
# commands, functions in a cli module: registered by name and imported only when used.
LAZY.update(
    {
        "new": ("tournament", "new"),
        "status": ("tournament", "status"),
        "log": ("tournament", "log"),
        "undo": ("tournament", "undo"),
        "demo": ("demo", "demo"),
        "player": ("player", "app"),
        "seat": ("seat", "app"),
        "structure": ("structure", "app"),
        "hand": ("hand", "app"),
        "clock": ("clock", "app"),
        "payouts": ("payouts", "payouts"),
        "terms": ("terms", "terms"),
        "report": ("report", "report"),
        "deal": ("deal", "app"),
        "ruling": ("ruling", "app"),
    }
)


def main() -> None:
    """Console-script entry point."""
    app(prog_name="tdtool")
