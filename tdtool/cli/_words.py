"""How the CLI words the actions an error's hint names (see tdtool.errors): as commands.

The words live in tdtool.app.hints, shared with `tdtool serve`."""

from __future__ import annotations

from tdtool.app.hints import ACTIONS

__all__ = ["ACTIONS"]
