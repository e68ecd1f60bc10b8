"""A league's own points formula: a small, safe expression language over an event's facts.

A formula is arithmetic over the facts of one player's finish in one event (`FACTS`), the
functions `sqrt`, `log`, `log10`, `min` and `max`, numbers, `+ - * / **` and parentheses:

>>> f = parse("10 * sqrt(entries) / sqrt(place) + knockouts")
>>> f.evaluate({"entries": 100, "place": 4, "knockouts": 2})
52.0

The text is read by Python's own parser (`ast.parse(mode="eval")`) and then only a strict
whitelist of node types is accepted: anything else (attributes, subscripts, comparisons,
lambdas, strings, keywords ...) is refused with its position. Nothing is ever `eval`ed: the
checked tree is walked by `Formula.evaluate`. Every value is a float, so `2 ** 9999` overflows
at once (an error) rather than building a number for minutes.

>>> parse("10 * entires")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tdtool.errors.InputError: The formula '10 * entires' names 'entires' at position 6, ...
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from tdtool.errors import InputError

FACTS: dict[str, str] = {
    "entries": "the event's entries (re-entries included)",
    "place": "the player's finishing place (1 for the winner)",
    "buyin": "the buy-in without the fee",
    "prize": "what the player won (every entry of theirs together)",
    "knockouts": "players the player knocked out (a split knockout counts for each)",
    "rebuys": "the player's rebuys",
    "reentries": "the player's re-entries",
    "beaten": "entries that finished below the player",
}
"""The names a formula may use, with what each means."""


def _log(*args: float) -> float:
    return math.log(*args)


FUNCTIONS: dict[str, tuple[Callable[..., float], int, int | None]] = {
    "sqrt": (math.sqrt, 1, 1),
    "log": (_log, 1, 2),
    "log10": (math.log10, 1, 1),
    "min": (min, 2, None),
    "max": (max, 2, None),
}
"""Function name -> (function, fewest arguments, most arguments or None)."""

MAX_LENGTH = 500
"""Characters in one formula: longer is a mistake (and would nest too deep to read)."""

_OPERATORS: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.Pow: lambda a, b: a**b,
}


class FormulaError(InputError):
    """A formula that cannot be worked out for one finish (a division by zero, the log of 0)."""


def _names_line() -> str:
    return f"(facts: {', '.join(FACTS)}; functions: {', '.join(FUNCTIONS)})"


def _where(node: ast.AST) -> int:
    """The 1-based position of `node` in the text."""
    return getattr(node, "col_offset", 0) + 1


@dataclass(frozen=True)
class Formula:
    """A checked formula: its text and the tree that is walked to evaluate it."""

    text: str
    tree: ast.expr = field(compare=False, repr=False)

    def evaluate(self, facts: Mapping[str, float]) -> float:
        """The formula's value for one finish; FormulaError when it has none."""
        try:
            value = _value(self.tree, facts)
        except ZeroDivisionError:
            raise FormulaError(f"the formula {self.text!r} divides by zero") from None
        except OverflowError:
            raise FormulaError(f"the formula {self.text!r} gives a number too large") from None
        except ValueError:  # sqrt(-1), log(0)
            raise FormulaError(
                f"the formula {self.text!r} takes the square root or log of a number"
                " below zero (or the log of zero)"
            ) from None
        if isinstance(value, complex) or not math.isfinite(value):  # (-8) ** 0.5
            raise FormulaError(f"the formula {self.text!r} has no real value")
        return float(value)


def _value(node: ast.expr, facts: Mapping[str, float]) -> float:
    """Walk the checked tree (only the node types `_check` lets through)."""
    if isinstance(node, ast.Constant):
        assert isinstance(node.value, int | float)
        return float(node.value)
    if isinstance(node, ast.Name):
        return float(facts[node.id])
    if isinstance(node, ast.UnaryOp):
        inner = _value(node.operand, facts)
        return -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.BinOp):
        left, right = _value(node.left, facts), _value(node.right, facts)
        return _OPERATORS[type(node.op)](left, right)
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    function = FUNCTIONS[node.func.id][0]
    return float(function(*(_value(a, facts) for a in node.args)))


def _unknown(name: str, node: ast.AST, text: str, what: str) -> InputError:
    from difflib import get_close_matches

    known = [*FACTS, *FUNCTIONS]
    close = get_close_matches(name, known, n=2, cutoff=0.6)
    hint = f"did you mean {' or '.join(close)}? " if close else ""
    return InputError(
        f"The formula {text!r} names {name!r} at position {_where(node)}, which is not {what}:"
        f" {hint}{_names_line()}"
    )


def _check(node: ast.AST, text: str) -> None:
    """Refuse every node that is not arithmetic over facts and the known functions."""
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, int | float):
            raise InputError(
                f"The formula {text!r} has {node.value!r} at position {_where(node)}:"
                " only numbers, facts and functions may appear."
            )
        return
    if isinstance(node, ast.Name):
        if node.id not in FACTS:
            what = "a fact (a function needs parentheses)" if node.id in FUNCTIONS else "a fact"
            raise _unknown(node.id, node, text, what)
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        _check(node.operand, text)
        return
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        _check(node.left, text)
        _check(node.right, text)
        return
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            name = node.func.id if isinstance(node.func, ast.Name) else ast.unparse(node.func)
            raise _unknown(name, node, text, "a function")
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise InputError(
                f"The formula {text!r}: {node.func.id}() at position {_where(node)} takes plain"
                " arguments only."
            )
        _, fewest, most = FUNCTIONS[node.func.id]
        if len(node.args) < fewest or (most is not None and len(node.args) > most):
            wanted = (
                f"{fewest}"
                if most == fewest
                else f"{fewest} or more"
                if most is None
                else f"{fewest} or {most}"
            )
            raise InputError(
                f"The formula {text!r}: {node.func.id}() at position {_where(node)} takes"
                f" {wanted} argument{'s' if wanted != '1' else ''}, not {len(node.args)}."
            )
        for arg in node.args:
            _check(arg, text)
        return
    shown = ast.unparse(node) if isinstance(node, ast.expr) else type(node).__name__
    raise InputError(
        f"The formula {text!r} has {shown!r} at position {_where(node)}: a formula is"
        f" arithmetic (+ - * / ** and parentheses) over the facts and functions {_names_line()}."
    )


def parse(text: str) -> Formula:
    """The checked formula `text`; InputError naming the position of what is wrong.

    >>> parse("max(1, 20 - place)").evaluate({"place": 3})
    17.0
    >>> parse("__import__('os')")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tdtool.errors.InputError: The formula ... names '__import__' at position 1, which is not a ...
    """
    cleaned = " ".join(text.split())
    if not cleaned:
        raise InputError("The formula is empty: e.g. '100 / place + knockouts'.")
    if len(cleaned) > MAX_LENGTH:
        raise InputError(f"The formula is {len(cleaned):,} characters; at most {MAX_LENGTH}.")
    try:
        tree = ast.parse(cleaned, mode="eval")
    except SyntaxError as exc:
        where = f" at position {exc.offset}" if exc.offset else ""
        raise InputError(
            f"The formula {cleaned!r} cannot be read{where}: {exc.msg}."
            " Write arithmetic such as '10 * sqrt(entries) / place'."
        ) from None
    except (RecursionError, MemoryError, ValueError):
        raise InputError(f"The formula {cleaned!r} nests too deep to read.") from None
    _check(tree.body, cleaned)
    return Formula(cleaned, tree.body)
