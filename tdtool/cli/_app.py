"""The classes every tdtool command and group is built with, given through Typer's own `cls`.

- `--help` is declared with `typer.Option` like any other flag: default False, no `<bool>`
  label beside it. Typer's built-in help flag has no default (None), and Typer 0.29 converts
  a None with pydantic (~60 ms of start-up) where a bool passes straight through; with this
  one, a command whose options are all flags (`status`, `player list`, `undo`) never loads
  pydantic. The option replaces the built-in through click's documented
  `Command.get_help_option(ctx)`.
- A mistyped command name gets "Did you mean ...?", whatever Typer's version.

A sub-app module makes its `app = App(...)`: an `App` is a `typer.Typer` whose commands and
groups get these classes unless told otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup

F = TypeVar("F", bound=Callable[..., Any])

HELP_TEXT = "Show this message and exit."

_HELP_OPTION: Any = None


def _show_help(ctx: typer.Context, value: bool) -> None:
    """What the built-in help flag does: print the help, stop."""
    if value and not ctx.resilient_parsing:
        typer.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


def help_option() -> Any:
    """The `--help` option (one object, shared by every command: it holds no state).

    Declared as a parameter of a throwaway Typer command and taken from the command Typer
    builds (`typer.main.get_command`), so Typer makes it exactly as it makes our flags.
    """
    global _HELP_OPTION
    if _HELP_OPTION is None:
        from typer.main import get_command

        shell = typer.Typer(add_completion=False)

        @shell.command()
        def declared(
            help: Annotated[  # noqa: A002 - the name click gives its own help option
                bool,
                typer.Option(
                    "--help",
                    is_eager=True,
                    expose_value=False,
                    callback=_show_help,
                    metavar="",
                    help=HELP_TEXT,
                ),
            ] = False,
        ) -> None:
            """Never run: it only declares the option."""

        (_HELP_OPTION,) = get_command(shell).params
    return _HELP_OPTION


def _help_of(command: Any, ctx: Any) -> Any:
    """`command`'s help option: ours, where click would give its own `--help`."""
    if not command.add_help_option or "--help" not in command.get_help_option_names(ctx):
        return None
    return help_option()


class Command(TyperCommand):
    """A tdtool command: Typer's, with the `--help` flag of `help_option`."""

    def get_help_option(self, ctx: Any) -> Any:
        return _help_of(self, ctx)


def _suggest(exc: Any, typed: str, names: list[str]) -> None:
    from difflib import get_close_matches

    matches = get_close_matches(typed, names)
    if matches and exc.message.startswith("No such command"):
        suggestions = ", ".join(repr(m) for m in matches)
        exc.message = f"{exc.message.rstrip('.')}. Did you mean {suggestions}?"


class Group(TyperGroup):
    """A tdtool group: the `--help` flag of `help_option`, "Did you mean ...?" on a typo."""

    def get_help_option(self, ctx: Any) -> Any:
        return _help_of(self, ctx)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except typer.TyperException as exc:  # click's UsageError: "No such command 'x'."
            message = getattr(exc, "message", None)
            if args and isinstance(message, str) and "Did you mean" not in message:
                _suggest(exc, args[0], self.list_commands(ctx))
            raise


class App(typer.Typer):
    """A `typer.Typer` whose groups are `Group`s and whose commands are `Command`s."""

    def __init__(self, *, cls: type[TyperGroup] | None = None, **kwargs: Any) -> None:
        super().__init__(cls=cls or Group, **kwargs)

    def command(
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **kwargs: Any
    ) -> Callable[[F], F]:
        return super().command(name, cls=cls or Command, **kwargs)
