"""The random number generator the core is handed: what it asks of one.

The core never imports `random` (ruff's banned-api holds that, see pyproject.toml): the
caller makes the generator (a `random.Random`, seeded so a dry run and its replay agree)
and passes it in; the core only draws from it.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Rng(Protocol):
    """The draws the core makes; `random.Random` provides them all."""

    def choice(self, seq: Sequence[T], /) -> T: ...

    def sample(self, population: Sequence[T], k: int) -> list[T]: ...

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...

    def expovariate(self, lambd: float, /) -> float: ...
