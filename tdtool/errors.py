"""Errors the core raises; the CLI turns each into one `Error: ...` line and its exit code."""


class TdtoolError(Exception):
    """Base of every error meant for the user. `exit_code` follows docs/cli.md."""

    exit_code = 2


class InputError(TdtoolError):
    """Bad input: an unreadable file, an unknown name, a bad option. Nothing changed (exit 2)."""

    exit_code = 2


class RuleError(TdtoolError):
    """Refused by the rules or the tournament's state. Nothing changed (exit 1)."""

    exit_code = 1
