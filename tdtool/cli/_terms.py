"""The money-term options of `new`, `terms` and `payouts`, built from the core's declaration.

Each term is declared once, in `tdtool.tournament.terms.OPTIONS` (its word, meaning and
bounds), and checked once, by `Terms.check`. `term_options` adds one option per term to a
command and hands the command the values given as `terms` (by field name); a term out of
its bounds is reported naming its option.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from tdtool.errors import InputError
from tdtool.tournament.terms import OPTIONS, TermOption, TermsError

F = TypeVar("F", bound=Callable[..., Any])


def option_name(option: TermOption) -> str:
    """The command-line option of a term, e.g. '--buy-in'."""
    return f"--{option.name}"


PANELS = {
    "Entries": ("buy_in", "fee", "reentry", "max_entries", "reentry_until", "guarantee"),
    "Rebuys and add-ons": (
        "rebuy_price", "rebuy_fee", "rebuy_chips", "rebuy_until",
        "addon_price", "addon_fee", "addon_chips", "addon_after",
    ),
    "Payouts": ("rounding", "places_paid", "percent_paid"),
    "Bounties": ("bounty", "pko", "rebuy_bounty"),
    "Days, flights, clock": (
        "day_ends_after", "day_ends_at", "flight_reentry", "hand_for_hand_clock",
    ),
    "Satellites": ("satellite_value", "satellite_seats"),
    "Language": ("language",),
}  # fmt: skip
"""The terms grouped in `--help` as a director looks for them (each group a box of its own,
so one group's wide column does not squeeze the others' help text)."""
_PANEL_OF = {field: panel for panel, fields in PANELS.items() for field in fields}


def _parameter(option: TermOption, prefix: str) -> inspect.Parameter:
    decl = option_name(option)
    if option.kind is bool:
        decl = f"{decl}/--no-{option.name}"
    info = typer.Option(
        decl,
        help=prefix + option.help,
        show_default=False,
        metavar="" if option.kind is bool else None,  # a flag's row shows no `<bool>`
        rich_help_panel=_PANEL_OF.get(option.field, "Terms"),
    )
    kind: Any = option.kind
    return inspect.Parameter(
        f"term_{option.field}",
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        default=None,
        annotation=Annotated[kind | None, info],
    )


def term_options(*, what_if: bool = False) -> Callable[[F], F]:
    """Give the decorated command one option per money term (the what-if ones only, for
    the payout calculator), in place of its parameter `terms: dict[str, Any] | None = None`,
    which receives the values given (by `Terms` field name)."""
    options = [o for o in OPTIONS if o.what_if or not what_if]
    prefix = "What-if: " if what_if else ""

    def decorate(fn: F) -> F:
        signature = inspect.signature(fn, eval_str=True)
        params = list(signature.parameters.values())
        at = next(i for i, p in enumerate(params) if p.name == "terms")  # the options go here
        params[at : at + 1] = [_parameter(o, prefix) for o in options]

        @functools.wraps(fn)
        def command(*args: Any, **kwargs: Any) -> Any:
            values = {o.field: kwargs.pop(f"term_{o.field}", None) for o in options}
            given = {k: v for k, v in values.items() if v is not None}
            try:
                return fn(*args, terms=given, **kwargs)
            except TermsError as exc:
                raise InputError(
                    f"Invalid value for '{option_name(exc.option)}': {exc.value} ({exc.problem})."
                ) from None

        command.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
        return command  # type: ignore[return-value]

    return decorate
