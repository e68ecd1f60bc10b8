"""The one door for YAML a user hands us: hand files, structure files, payout tables.

A file someone else wrote may be hostile or simply broken: nested thousands of levels deep,
tagged to run code (`!!python/name:os.system`), holding a 5,000-digit number, a billion
aliases, or gigabytes long. Every YAML entry point reads through `read_text` and `compose`,
which refuse all of that with one `FILE:LINE: what is wrong` error (an `InputError`, exit 2)
before anything else looks at the text, so that nothing below needs to know:

- size: at most `MAX_CHARS` characters (read no further than that from disk);
- depth: lists and mappings nested at most `MAX_DEPTH` deep (no RecursionError, no crash);
- nodes: at most `MAX_NODES` values, aliases counted as often as they are used;
- tags: only the plain YAML ones (`!!str`, `!!int` ...); any other tag is refused, never run;
- numbers: no number longer than `MAX_DIGITS` digits, no integer beyond `MAX_NUMBER`;
- time: composing one file stops after `MAX_SECONDS`.

Nodes are built from the parser's events in a loop (not recursively), with libyaml's C parser
when PyYAML has it (several times faster than the pure-Python one) and the same line numbers.
Composed nodes are ordinary `yaml.Node`s: scalars keep their text in `.value`, their resolved
tag in `.tag` and their position in `.start_mark.line` (0-based). `value(node)` gives a
scalar's Python value (str, int, float, bool or None) without ever failing.
"""

from __future__ import annotations

import contextlib
import math
import re
import time
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from tdtool.errors import InputError
from tdtool.io import paths

MAX_CHARS = 2_000_000
"""The longest file read: a payout table for a 10,000-entry field is far smaller."""
MAX_DEPTH = 32
"""Lists and mappings nest a few levels in any tdtool file."""
MAX_NODES = 250_000
"""Values in one file, counting each use of an alias (no billion laughs)."""
MAX_DIGITS = 15
"""Digits in one whole number (separators aside): up to 999,999,999,999,999 chips."""
MAX_NUMBER = 10**MAX_DIGITS - 1
"""The largest whole number a tournament file may hold."""
MAX_FRACTION_DIGITS = 30
"""Digits after a decimal point (a payout of 33.333...%)."""
MAX_SECONDS = 10.0
"""Composing one file never takes longer than this."""

_PARSER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's C parser when PyYAML was built with it (it is on the usual wheels)."""

_CORE = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_IMPLICIT_AS_TEXT = {_CORE + t for t in ("timestamp", "merge", "value", "yaml")}
"""Tags the YAML 1.1 resolver gives plain text like `2026-11-30`, `<<` or `=`: kept as text."""
_DIGIT_RUN = re.compile(r"(\.?)(\d[\d,_]*)")
_LONG_DIGITS = re.compile(r"\d[\d,_]{" + str(MAX_DIGITS) + ",}")
"""A quick look for a run that may hold too many digits (checked exactly by _DIGIT_RUN)."""
_STR, _NULL, _SEQ, _MAP, _INT = (_CORE + t for t in ("str", "null", "seq", "map", "int"))
_NONZERO = frozenset("123456789")
_IMPLICIT: dict[str, list[tuple[str, re.Pattern[str]]]] = dict(
    yaml.resolver.Resolver.yaml_implicit_resolvers
)
"""The YAML 1.1 resolver's table (what SafeLoader resolves plain scalars with), by first char."""
_ScalarEvent, _SequenceStart, _MappingStart, _Alias = (
    yaml.ScalarEvent,
    yaml.SequenceStartEvent,
    yaml.MappingStartEvent,
    yaml.AliasEvent,
)
_CONSTRUCT = SafeConstructor()


class YamlRefused(InputError):
    """A file the guard refuses: `source:line: reason`."""

    def __init__(self, source: str, line: int, reason: str) -> None:
        self.source = source
        self.line = line
        self.reason = reason
        super().__init__(f"{source}:{line}: {reason}")


def read_text(
    path: str | Path, what: str, cannot_read: str = "{path}: cannot read the {what}: {reason}."
) -> str:
    """The text of the file at `path`, a `what` ("hand file" ...): UTF-8, at most MAX_CHARS.

    Refuses folders, unreadable (message `cannot_read`), non-UTF-8 and over-long files with an
    InputError naming the file (and the line of a bad byte); never reads more than
    MAX_CHARS * 4 bytes from disk.
    """
    shown = paths.shorten(str(path))
    wrong = paths.problem(path)
    if wrong is not None:
        raise InputError(cannot_read.format(path=shown, what=what, reason=wrong))
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_CHARS * 4 + 1)
    except IsADirectoryError:
        raise InputError(f"{shown} is a folder; give the {what} itself.") from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InputError(cannot_read.format(path=shown, what=what, reason=reason)) from None
    except ValueError:  # a NUL byte in the path
        reason = "the path holds a NUL character"
        raise InputError(cannot_read.format(path=shown, what=what, reason=reason)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(
            f"{shown}:{line}: this is not UTF-8 text (byte 0x{data[exc.start]:02x});"
            f" save the {what} as UTF-8 YAML."
        ) from None
    if len(text) > MAX_CHARS:
        raise InputError(
            f"{shown}: the {what} is longer than {MAX_CHARS:,} characters;"
            " tdtool files are a few pages at most. Check that this is the right file."
        )
    return text.removeprefix("\ufeff")


def compose(text: str, source: str) -> yaml.Node | None:
    """The node tree of a single YAML document, checked against every limit above.

    `None` for an empty document. Raises `YamlRefused` (`source:line: reason`) for text that
    is not YAML or breaks a limit; YAML syntax errors read `this is not valid YAML (...)`.
    """
    if len(text) > MAX_CHARS:
        raise YamlRefused(
            source,
            1,
            f"the file is longer than {MAX_CHARS:,} characters; check that it is the right file.",
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        line = text[: exc.start].count("\n") + 1
        raise YamlRefused(source, line, "this line holds text that is not valid Unicode.") from None
    if len(text) <= PLAIN_CHARS:
        plain = _compose_plain(text, source)
        if plain is not None:
            return plain
    deadline = time.monotonic() + MAX_SECONDS
    try:
        return _compose_with(_PARSER, text, source, deadline)
    except _NotYaml as not_yaml:
        if _PARSER is not yaml.SafeLoader:
            # libyaml reads a line ahead of the events it hands over, and refuses on its own
            # what it finds there (since PyYAML 6.0.4, lists and mappings nested 1,000 deep,
            # in words of its own). Read up to that line again with PyYAML's pure-Python
            # parser, which hands over each event as it comes: the guard's own limits
            # (depth, tags, numbers) are then checked first and worded as everywhere else.
            # Text that neither parser takes keeps libyaml's words.
            end = _line_end(text, not_yaml.line)
            with contextlib.suppress(_NotYaml):
                _compose_with(yaml.SafeLoader, text[:end], source, deadline)
        raise


PLAIN_CHARS = 100_000
"""Texts up to this long are first tried by `_compose_plain` (a hand file is a few hundred)."""
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@` ")
"""Characters a plain scalar may not start with (YAML 1.1, 9.1.3), and a space."""
_FLOW_STOP = re.compile(r"[,\[\]{}:#]")
"""Characters that end a plain scalar inside `{...}`, or might: refused there altogether."""
_TOP_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):(?: (.*))?")
_CHILD_KEY = re.compile(r"( +)([A-Za-z0-9_]+): (.+)")
_CHILD_ITEM = re.compile(r"( +)- (.+)")
_FLOW_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_RESOLVED: dict[str, str] = {}
"""Plain scalar text -> the tag `_Composer.scalar` gave it (it depends on the text alone), for
texts it took without refusing; at most `_RESOLVED_MAX` of them."""
_RESOLVED_MAX = 4096


class _PlainEvent:
    """The one scalar event `_compose_plain` hands to `_Composer.scalar`, refilled each time:
    a plain scalar, as libyaml reports one."""

    __slots__ = ("value", "start_mark", "end_mark")
    value: str
    start_mark: Any
    end_mark: Any
    tag = None
    implicit = (True, False)
    style = None
    anchor = None


def _plain(text: str, flow: bool) -> bool:
    """Whether any YAML parser reads `text` as one plain scalar of exactly that text: no
    indicator first, no `: `, ` #` or trailing `:`, nothing but printable characters (no tab,
    no NEL or line separator), and in flow context none of `,[]{}:#` at all."""
    if not text or text[0] in _INDICATORS or text[-1] in " :" or not text.isprintable():
        return False
    if flow:
        return _FLOW_STOP.search(text) is None
    return ": " not in text and " #" not in text


def _compose_plain(text: str, source: str) -> yaml.Node | None:
    """The node tree `compose` would give, built straight from the lines when the text keeps to
    the plain shape of a hand file, else None (then the YAML parser reads it).

    The shape: `key: value` lines at the left margin; under a `key:` alone, an indented block
    of `- value` lines or of `key: value` lines, whose value may be a one-line flow mapping
    `{key: value, key: value}` with single spaces; blank lines and whole-line comments. Every
    value is a plain scalar that reads the same in any YAML parser (`_plain`) and is resolved
    by the same `_Composer.scalar` as the parser's (tags, numbers, limits). Anything else
    (quotes, tabs, comments after a value, other indentation ...) is left to the parser; the
    nodes are the parser's, lines included (tests/test_guarded_yaml.py compares both).
    """
    if "\t" in text or "\r" in text:
        return None
    composer = _Composer(None, source, text, 0.0)
    event = _PlainEvent()
    resolved = _RESOLVED
    scalar_node = yaml.ScalarNode
    new_mark = object.__new__
    mark: Any = None

    def leaf(value: str) -> yaml.Node:
        tag = resolved.get(value)
        if tag is not None:
            return scalar_node(tag, value, mark, mark, None)
        event.value = value
        event.start_mark = event.end_mark = mark
        node = composer.scalar(event)  # refuses as for the parser's event
        if len(resolved) < _RESOLVED_MAX:
            resolved[value] = node.tag
        return node

    top: list[tuple[yaml.Node, yaml.Node | None]] = []
    block: yaml.MappingNode | yaml.SequenceNode | None = None  # the open block under a key
    indent = 0
    lines = text.split("\n")
    for number, line in enumerate(lines):
        stripped = line.lstrip(" ")
        if not stripped or stripped[0] == "#":
            continue  # a blank line or a comment
        mark = new_mark(yaml.Mark)  # what the parser's marks hold that anything reads
        mark.__dict__ = {"name": source, "index": 0, "line": number, "column": 0,
                         "buffer": None, "pointer": 0}  # fmt: skip
        if line[0] != " ":  # a key of the top mapping
            found = _TOP_KEY.fullmatch(line)
            if found is None:
                return None
            key, rest = found.groups()
            block = None
            if rest is None:  # the value is the block below
                top.append((leaf(key), None))
            elif _plain(rest, flow=False):
                top.append((leaf(key), leaf(rest)))
            else:
                return None
            continue
        if not top or (block is None and top[-1][1] is not None):
            return None  # indented, but under no `key:` that opened a block
        width = len(line) - len(stripped)
        if block is None:
            indent = width
            if stripped.startswith("- "):
                block = yaml.SequenceNode(_SEQ, [], mark, None, flow_style=False)
            else:
                block = yaml.MappingNode(_MAP, [], mark, None, flow_style=False)
            top[-1] = (top[-1][0], block)
        elif width != indent:
            return None
        if block.__class__ is yaml.SequenceNode:
            item = _CHILD_ITEM.fullmatch(line)
            if item is None or not _plain(item.group(2), flow=False):
                return None
            block.value.append(leaf(item.group(2)))
            continue
        pair = _CHILD_KEY.fullmatch(line)
        if pair is None:
            return None
        child, value = pair.group(2), pair.group(3)
        key_node = leaf(child)
        if value[0] != "{":
            if not _plain(value, flow=False):
                return None
            block.value.append((key_node, leaf(value)))
            continue
        if value[-1] != "}":
            return None
        inner = yaml.MappingNode(_MAP, [], mark, mark, flow_style=True)
        fields = inner.value
        for part in value[1:-1].split(", "):
            name, colon, field = part.partition(": ")
            if not colon or not _FLOW_KEY.fullmatch(name) or not _plain(field, flow=True):
                return None
            fields.append((leaf(name), leaf(field)))
        block.value.append((key_node, inner))
    if not top or any(value is None for _, value in top):
        return None  # a `key:` with nothing under it: its null's position is the parser's
    first = top[0][0].start_mark
    return yaml.MappingNode(_MAP, top, first, mark, flow_style=False)


class _NotYaml(YamlRefused):
    """Text the YAML parser itself refused (syntax, characters), not one of the guard's limits."""


def _line_end(text: str, line: int) -> int:
    """The index just past 1-based `line` of `text` (its newline included), or len(text)."""
    end = -1
    for _ in range(line):
        end = text.find("\n", end + 1)
        if end == -1:
            return len(text)
    return end + 1


def _compose_with(parser: type, text: str, source: str, deadline: float) -> yaml.Node | None:
    """`compose` with one YAML parser class; its own errors become `_NotYaml`."""
    loader = None
    try:
        loader = parser(text)  # the pure-Python reader checks the characters here
        return _Composer(loader, source, text, deadline).document()
    except yaml.reader.ReaderError as exc:
        position = exc.position
        if parser is not yaml.SafeLoader:  # libyaml counts bytes of UTF-8
            position = len(text.encode("utf-8")[:position].decode("utf-8", "ignore"))
        line = text[:position].count("\n") + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise _NotYaml(
            source,
            line,
            f"this line holds a character YAML does not allow (U+{code:04X}); delete it.",
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = exc.problem or exc.context or "unreadable"
        raise _NotYaml(source, line, f"this is not valid YAML ({problem}).") from None
    except yaml.YAMLError as exc:
        raise _NotYaml(source, 1, f"this is not valid YAML ({exc}).") from None
    finally:
        if loader is not None:
            loader.dispose()


class Problems:
    """Collects the `FILE:LINE: message` lines of every problem found in one file, so that
    a reader (payout tables, league points) reports them all at once."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: list[str] = []

    def add(self, node: yaml.Node | None, message: str) -> None:
        """Note `message` at the line of `node` (line 1 when there is no node)."""
        line = node.start_mark.line + 1 if node is not None else 1
        self.lines.append(f"{self.name}:{line}: {message}")

    def raise_any(self) -> None:
        """Raise one InputError listing every problem noted, if there is any.

        >>> problems = Problems("pays.yaml")
        >>> problems.raise_any()
        >>> problems.add(None, "give `pays:`")
        >>> problems.raise_any()
        Traceback (most recent call last):
        tdtool.errors.InputError: pays.yaml:1: give `pays:`
        """
        if self.lines:
            raise InputError("\n".join(self.lines))


def value(node: yaml.Node) -> Any:
    """A composed scalar's value: None, bool, int, float or str. None for a list or mapping.

    Never raises: `compose` already refused any int/float/bool/null that would not construct.
    """
    if not isinstance(node, yaml.ScalarNode):
        return None
    if node.tag == _CORE + "null":
        return None
    if node.tag == _CORE + "bool":
        return _CONSTRUCT.construct_yaml_bool(node)
    if node.tag == _CORE + "int":
        return _CONSTRUCT.construct_yaml_int(node)
    if node.tag == _CORE + "float":
        return _CONSTRUCT.construct_yaml_float(node)
    return str(node.value)


class _Composer:
    """Builds nodes from parser events with an explicit stack, checking the limits."""

    def __init__(self, loader: Any, source: str, text: str, deadline: float) -> None:
        self.loader = loader
        self.source = source
        self.text = text
        self.anchors: dict[str, yaml.Node] = {}
        self.weight: dict[int, int] = {}  # id(node) -> values in it, aliases expanded
        self.nodes = 0
        self.deadline = deadline

    def refuse(self, mark: Any, reason: str) -> YamlRefused:
        line = mark.line + 1 if mark is not None else 1
        return YamlRefused(self.source, line, reason)

    def document(self) -> yaml.Node | None:
        loader = self.loader
        loader.get_event()  # stream start
        if loader.check_event(yaml.StreamEndEvent):
            loader.get_event()
            return None
        loader.get_event()  # document start
        root = self.node()
        loader.get_event()  # document end
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.get_event()
            raise self.refuse(
                event.start_mark,
                "a second YAML document starts here (`---`); a file holds one document.",
            )
        loader.get_event()
        return root

    def node(self) -> yaml.Node:
        """One whole node: the next event's, with everything nested in it."""
        get_event = self.loader.get_event
        anchors = self.anchors
        weights = self.weight
        # Each open collection: [node, anchor, weight so far, pending mapping key or None].
        stack: list[list[Any]] = []
        count = 0
        while True:
            count += 1
            if count & 511 == 0 and time.monotonic() > self.deadline:
                raise self.refuse(
                    None, f"reading this file took longer than {MAX_SECONDS:g} s; it is too big."
                )
            event = get_event()
            cls = event.__class__
            weight = 1
            if cls is _ScalarEvent:
                done: yaml.Node = self.scalar(event)
                if event.anchor is not None:
                    anchors[event.anchor] = done
                    weights[id(done)] = 1
            elif cls is _SequenceStart or cls is _MappingStart:
                if len(stack) >= MAX_DEPTH:
                    raise self.refuse(
                        event.start_mark,
                        f"lists and mappings nest more than {MAX_DEPTH} deep here;"
                        " a tdtool file nests a few levels.",
                    )
                if cls is _SequenceStart:
                    kind: type = yaml.SequenceNode
                    tag = _SEQ if event.tag is None or event.tag == "!" else self.tag(event)
                else:
                    kind = yaml.MappingNode
                    tag = _MAP if event.tag is None or event.tag == "!" else self.tag(event)
                new = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
                stack.append([new, event.anchor, 1, None])
                continue
            elif cls is _Alias:
                if event.anchor not in anchors:
                    raise self.refuse(
                        event.start_mark,
                        f"the alias *{event.anchor} names no anchor &{event.anchor} before it.",
                    )
                done = anchors[event.anchor]
                weight = weights[id(done)]
            else:  # the end of a sequence or mapping
                done, anchor, weight, _pending = stack.pop()
                done.end_mark = event.end_mark
                if anchor is not None:  # only now: an alias inside its own anchor is refused
                    weights[id(done)] = weight
                    anchors[anchor] = done
            self.nodes += weight
            if self.nodes > MAX_NODES:
                raise self.refuse(
                    event.start_mark,
                    f"the file holds more than {MAX_NODES:,} values (aliases counted each time"
                    " they are used); it is too big.",
                )
            if not stack:
                return done
            top = stack[-1]
            top[2] += weight
            parent = top[0]
            if parent.__class__ is yaml.SequenceNode:
                parent.value.append(done)
            elif top[3] is None:
                top[3] = done
            else:
                parent.value.append((top[3], done))
                top[3] = None

    def tag(self, event: Any) -> str:
        """An explicit tag: one of the plain YAML tags, or refused."""
        tag = str(event.tag)
        if tag not in _PLAIN_TAGS:
            shown = tag.replace(_CORE, "!!") if tag.startswith(_CORE) else tag
            raise self.refuse(
                event.start_mark,
                f"the YAML tag `{shown[:60]}` is not allowed; tdtool files hold plain values"
                " (remove the tag).",
            )
        return tag

    def scalar(self, event: Any) -> yaml.ScalarNode:
        text = event.value
        if event.tag is not None and event.tag != "!":
            tag = self.tag(event)
        elif event.implicit[0] and text:
            if (
                text[0] in _NONZERO
                and len(text) <= MAX_DIGITS
                and text.isdigit()
                and text.isascii()
            ):
                # plain digits (seats, stacks): the resolver's int, always in bounds
                return yaml.ScalarNode(_INT, text, event.start_mark, event.end_mark, None)
            tag = _STR
            for candidate, regexp in _IMPLICIT.get(text[0], ()):
                if regexp.match(text):
                    tag = _STR if candidate in _IMPLICIT_AS_TEXT else candidate
                    break
        elif event.implicit[0]:
            tag = _NULL  # an empty plain scalar
        else:
            tag = _STR
        if len(text) > MAX_DIGITS and _LONG_DIGITS.search(text):
            for point, run in _DIGIT_RUN.findall(text):
                digits = len(run) - run.count(",") - run.count("_")
                limit = MAX_FRACTION_DIGITS if point else MAX_DIGITS
                if digits > limit:
                    raise self.refuse(
                        event.start_mark,
                        f"a number here has {digits:,} digits; tdtool takes numbers of at most"
                        f" {limit} digits (up to {MAX_NUMBER:,}).",
                    )
        node = yaml.ScalarNode(tag, text, event.start_mark, event.end_mark, event.style or None)
        if tag is not _STR and tag != _STR:
            self.check_value(node, event)
        return node

    def check_value(self, node: yaml.ScalarNode, event: Any) -> None:
        """An int, float, bool or null scalar constructs, and its number is in bounds."""
        text = node.value
        if (
            node.tag == _CORE + "int"
            and len(text) <= MAX_DIGITS
            and text.isascii()
            and text.isdigit()
        ):
            return  # plain digits (amounts, seats): always in bounds, nothing to construct
        kind = node.tag.removeprefix(_CORE)
        try:
            result = value(node)
        except (ValueError, OverflowError, TypeError, KeyError, IndexError):
            raise self.refuse(
                event.start_mark, f"`{node.value[:40]}` is not a YAML {kind}; remove the tag."
            ) from None
        if isinstance(result, bool) or result is None:
            return
        if isinstance(result, int) and abs(result) > MAX_NUMBER:
            raise self.refuse(
                event.start_mark,
                f"{node.value[:40]} is larger than any tournament uses (at most {MAX_NUMBER:,}).",
            )
        if isinstance(result, float) and math.isfinite(result) and abs(result) > MAX_NUMBER:
            raise self.refuse(
                event.start_mark,
                f"{node.value[:40]} is larger than any tournament uses (at most {MAX_NUMBER:,}).",
            )
