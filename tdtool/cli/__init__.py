"""The `tdtool` command: one Typer sub-app per noun, joined here.

Start-up speed matters (a director types many short commands), so the modules in
this package import only typer at the top; YAML, SQLite, tabulate and the rules
core are imported inside the commands that need them. The sub-apps themselves are
registered by name in `LAZY` and imported only when run: add a new one there (a sub-app
module makes its `app = App(...)`, tdtool.cli._app, so its commands get tdtool's `--help`).

Only public Typer API is used here: `TyperGroup`/`TyperCommand` subclasses given as `cls`
(Typer's documented way to customise a group or command; tdtool.cli._app), `typer.main.
get_command` to turn a `Typer` into its command, `add_typer`, the methods of the group and
context that Typer documents as click's (`list_commands`, `get_command`, `parse_args`,
`invoke`, `get_help_option`, `Context.obj`), and `typer.TyperException`, the base of click's
errors (a usage error is one with exit code 2). Typer bundles click and exports none of it
but `BadParameter`, `Exit`, `Abort` and that base.
"""

from __future__ import annotations

import os
from typing import Annotated, Any

import typer

from tdtool import __version__
from tdtool.cli._app import Command, Group
from tdtool.errors import TdtoolError

USAGE_EXIT = 2
"""The exit code of click's UsageError (bad option value, unknown option, missing argument):
how a usage error is told from the other `typer.TyperException`s (a file error exits 1)."""


def _one_line(exc: Exception) -> str:
    """A usage error as one `Error: ...` line naming the option, with where to read more.

    Typer prints usage errors as a usage line, a hint and a boxed panel; the README
    promises one line. The message already names the option (`'--buy-in'`) or the
    argument; line breaks (the list of choices) are joined.
    """
    message = " ".join(exc.format_message().split())  # type: ignore[attr-defined]
    param = getattr(exc, "param", None)
    if param is not None and param.param_type_name == "argument" and param.name:
        # An argument by its name, as `--help` shows it ('minutes'), whatever Typer's version
        # (before 0.29 it said 'MINUTES', 'NAMES...').
        import re

        named = re.compile(rf"'{re.escape(param.name)}(\.\.\.)?'", re.IGNORECASE)
        message = named.sub(f"'{param.name}'", message, count=1)
    if not message.endswith((".", "?")):
        message += "."
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        message += f" See {ctx.command_path} --help."
    return f"Error: {message}"


def _translating(run: Any) -> Any:
    """Run `run()`, turning a usage error or a `TdtoolError` into one `Error:` line and an exit."""
    try:
        return run()
    except TdtoolError as exc:
        from tdtool.cli._words import ACTIONS

        typer.echo(_short_words(f"Error: {exc.worded(ACTIONS)}"), err=True)
        raise typer.Exit(exc.exit_code) from None
    except BrokenPipeError:
        # Standard output closed early (`tdtool log | head`): not a file error; stop quietly.
        _stdout_closed()
        raise typer.Exit(STDOUT_CLOSED) from None
    except OSError as exc:
        # The last net for what the commands check themselves (a name too long, a folder
        # that cannot be written, a full disk): the system's reason in one line, not a trace.
        typer.echo(f"Error: {_os_error(exc)}", err=True)
        raise typer.Exit(2) from None
    except typer.TyperException as exc:
        if exc.exit_code != USAGE_EXIT or type(exc).__name__ == "NoArgsIsHelpError":
            raise  # `tdtool player` shows the help, as Typer has it
        typer.echo(_short_words(_one_line(exc)), err=True)
        raise typer.Exit(2) from None


LONGEST_WORD = 200
"""Characters of one word an error line quotes in full: a value typed or read that is longer
(a 5,000-digit number, a name of 5,000 letters) is cut, so the line stays one line to read."""


def _short_words(line: str) -> str:
    """`line` with each run of more than LONGEST_WORD non-space characters cut to its start,
    its end and its length.

    >>> line = _short_words("Error: no ruling called '" + "x" * 5000 + "'.")
    >>> len(line), line[-40:]
    (142, "xx... (5,003 characters) ...xxxxxxxxxx'.")
    """
    if len(line) <= LONGEST_WORD:
        return line
    import re

    return re.sub(
        rf"\S{{{LONGEST_WORD + 1},}}",
        lambda m: f"{m[0][:80]}... ({len(m[0]):,} characters) ...{m[0][-12:]}",
        line,
    )


STDOUT_CLOSED = 141
"""Exit status when standard output was closed before the output was written (`| head`):
what a shell reports for any tool stopped by SIGPIPE (128 + 13), with no message."""


def _stdout_closed() -> None:
    """Point standard output at /dev/null, so nothing left to flush at exit complains."""
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (a test runner)
        pass


def _os_error(exc: OSError) -> str:
    """An OSError as a sentence: the reason, the file (shortened) and what to do."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    name = exc.filename
    shown = ""
    if name is not None:
        text = os.fsdecode(name) if isinstance(name, bytes) else str(name)
        shown = f" ({text[:40]}...{text[-15:]})" if len(text) > 60 else f" ({text})"
    return f"{reason}{shown}; check the file name and that its folder can be written."


class _Group(Group):
    """The root: lazy sub-apps, the global `--db`, every error as one `Error: ...` line.

    Sub-apps and top-level commands listed in `LAZY` are imported only when they are run
    (or listed by `tdtool --help`), so a command pays for its own module alone.

    The global option `--db FILE` is taken out of the arguments here, wherever it stands
    (before or after the command name, up to a `--`), before Typer sees them: it belongs to
    the tournament, not to one command, and Typer loads pydantic (~60 ms) to coerce the
    value of any non-flag option, so a `--db` declared as a Typer option would slow every
    command, `--help` included.
    """

    def make_context(
        self, info_name: Any, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        make = super().make_context
        return _translating(lambda: make(info_name, args, parent, **extra))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        db, rest = _take_db(ctx, args)
        operator, rest = _take_db(ctx, rest, "--operator")
        registry, rest = _take_db(ctx, rest, "--registry")
        if db is None:
            db = os.environ.get(DB_ENVVAR) or None
        if registry is None:
            registry = os.environ.get(REGISTRY_ENVVAR) or None
        from tdtool.io.targets import parse_target

        target = None if db is None else parse_target(db)
        registry_target = None if registry is None else parse_target(registry)
        ctx.obj = {"db": target, "operator": operator, "registry": registry_target}
        return super().parse_args(ctx, rest)

    def invoke(self, ctx: Any) -> Any:
        # --db and --operator reach the application as one handle (tdtool.cli._db.db_path).
        invoke = super().invoke
        return _translating(lambda: invoke(ctx))

    def list_commands(self, ctx: Any) -> list[str]:
        names = list(super().list_commands(ctx))
        return names + [name for name in LAZY if name not in names]

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is None and name in LAZY:
            if self._listing:
                listed = _listed(name)
                if listed is not None:
                    return listed
            command = _load(name)
            self.add_command(command, name)
        return command

    _listing = False

    def format_help(self, ctx: Any, formatter: Any) -> None:
        # `tdtool --help` lists every command with the first paragraph of its help: that
        # needs each module's help text, not the commands built from it (~20 ms).
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


DB_ENVVAR = "TDTOOL_DB"
OPERATOR_ENVVAR = "TDTOOL_OPERATOR"
REGISTRY_ENVVAR = "TDTOOL_REGISTRY"


def _take_db(ctx: Any, args: list[str], flag: str = "--db") -> tuple[str | None, list[str]]:
    """Split `--db FILE` / `--db=FILE` from the arguments, before or after the command name.

    `tdtool --db x.tdtool new X` and `tdtool new X --db x.tdtool` are the same. The last
    one given wins, as for any option; a `--` ends the options, so `player add -- --db`
    registers a player called "--db" (no command has a `--db` of its own). The same for
    the global `--operator NAME` (who makes the changes), with `flag="--operator"`.
    """
    db: str | None = None
    rest: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest.extend(args[index:])
            break
        if arg == flag or arg.startswith(f"{flag}="):
            if arg == flag:
                index += 1
                value = args[index] if index < len(args) else ""
            else:
                value = arg.removeprefix(f"{flag}=")
            if not value or value.startswith("-"):
                what = "a tournament file: --db FILE"
                if flag == "--registry":
                    what = "a registry file: --registry FILE"
                elif flag != "--db":
                    what = f"a name: {flag} NAME"
                ctx.fail(f"Option '{flag}' requires {what}.")
            db = value
        else:
            rest.append(arg)
        index += 1
    return db, rest


LAZY: dict[str, tuple[str, str]] = {}
"""Command name -> (module in tdtool.cli, attribute): a Typer sub-app or a command function."""


def _load(name: str) -> Any:
    """Build the command of a lazily registered sub-app or top-level command."""
    import importlib

    from typer.main import get_command

    module_name, attribute = LAZY[name]
    target = getattr(importlib.import_module(f"tdtool.cli.{module_name}"), attribute)
    shell = typer.Typer(add_completion=False)
    if isinstance(target, typer.Typer):
        # Added under its name, a sub-app is a group even when it has a single command.
        shell.add_typer(target, name=name, cls=Group)
        command = get_command(shell).get_command(None, name)  # type: ignore[attr-defined]
    else:
        shell.command(name, cls=Command)(target)  # a single command: Typer makes it itself
        command = get_command(shell)
        command.name = name
    _reflow_help(command)
    return command


def _listed(name: str) -> Any:
    """A stand-in for a lazy command in the list of `tdtool --help`: its name and help only.

    The help of a sub-app is its module's `HELP`, of a command its function's docstring;
    None (build the real command) for a sub-app module without `HELP`.
    """
    import importlib
    import inspect

    module_name, attribute = LAZY[name]
    module = importlib.import_module(f"tdtool.cli.{module_name}")
    target = getattr(module, attribute)
    if isinstance(target, typer.Typer):
        text = getattr(module, "HELP", None)
    else:
        text = inspect.getdoc(target)
    if text is None:
        return None
    command = Command(name, help=text)
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
        "Global option --db FILE (before or after the command): the tournament file to"
        " use; default: the environment variable TDTOOL_DB, else the one *.tdtool file in"
        " this folder. A URL postgresql://USER@HOST/DB?tournament=NAME uses a tournament on a"
        " PostgreSQL server (several laptops, one tournament; see `tdtool db --help`).\n\n"
        "Global option --operator NAME: who makes the changes, shown by `tdtool log`"
        " (default: the environment variable TDTOOL_OPERATOR, else the login name).\n\n"
        "Global option --registry FILE: the player registry (`tdtool players`; default: the"
        " environment variable TDTOOL_REGISTRY, else the festival's PostgreSQL database with"
        " a postgresql:// --db, else players.tdreg beside the tournament file).\n\n"
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
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version.", metavar=""
        ),
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
        "backup": ("backup", "backup"),
        "demo": ("demo", "demo"),
        "player": ("player", "app"),
        "players": ("players", "app"),
        "chips": ("chips", "app"),
        "flights": ("flights", "app"),
        "seat": ("seat", "app"),
        "structure": ("structure", "app"),
        "hand": ("hand", "app"),
        "clock": ("clock", "app"),
        "payouts": ("payouts", "payouts"),
        "terms": ("terms", "terms"),
        "report": ("report", "report"),
        "deal": ("deal", "app"),
        "ruling": ("ruling", "app"),
        "rules": ("rules", "app"),
        "db": ("db", "app"),
        "league": ("league", "app"),
        "staff": ("staff", "app"),
        "serve": ("serve", "serve"),
    }
)


def main() -> None:
    """Console-script entry point."""
    import gc
    import sys

    # A command is a short process: the cyclic collector would only walk the objects it
    # builds (300,000 reading a tournament of 30,000 entries, 15-20 ms a full pass) and
    # free none; reference counting frees what it drops. `clock run` and `clock serve`,
    # which run for hours, turn it back on (tdtool.cli.clock).
    gc.disable()
    was_devnull = _stdout_is_devnull()
    try:
        try:
            app(prog_name="tdtool")
        finally:
            sys.stdout.flush()  # a pipe closed early shows here, not as a warning at exit
    except BrokenPipeError:
        _stdout_closed()
        raise SystemExit(STDOUT_CLOSED) from None
    except SystemExit as done:
        # When the pipe closes under the help, rich (or Typer) stops quietly with status 1,
        # having pointed stdout at /dev/null (Typer: wrapped it): the same case as above.
        closed = _stdout_is_devnull() and not was_devnull
        if done.code == 1 and (closed or type(sys.stdout).__name__ == "PacifyFlushWrapper"):
            _stdout_closed()
            raise SystemExit(STDOUT_CLOSED) from None
        raise


def _stdout_is_devnull() -> bool:
    try:
        out, null = os.fstat(1), os.stat(os.devnull)
    except OSError:
        return False
    return (out.st_dev, out.st_ino) == (null.st_dev, null.st_ino)
