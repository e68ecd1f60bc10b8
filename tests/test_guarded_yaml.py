"""Every YAML entry point reads through tdtool/io/guarded_yaml.py: hostile files are refused.

Nested thousands deep, tagged to run code, 5,000-digit numbers, a billion aliases, gigabytes:
each is one `Error: FILE:LINE: ...` (exit 2), never a traceback, never run, nothing written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.errors import InputError
from tdtool.io import guarded_yaml
from tdtool.io.guarded_yaml import YamlRefused, compose, value
from tests.conftest import EXAMPLES, ROOT

HAND = (EXAMPLES / "hands" / "side-pots.yaml").read_text()
STRUCTURE = (ROOT / "structures" / "turbo.yaml").read_text()
PAYOUTS = (EXAMPLES / "payouts" / "home-game.yaml").read_text()

LAUGHS = "".join(
    f"{a}: &{a} [{', '.join([f'*{b}'] * 10) if b else ', '.join(['lol'] * 10)}]\n"
    for a, b in zip("abcdefgh", ["", *"abcdefg"], strict=True)
)

# (id, text, line the refusal names, words of the message)
HOSTILE = [
    ("deep-flow", "x: " + "[" * 1000 + "]" * 1000 + "\n", 1, "nest more than 32 deep"),
    # Nested far deeper than any parser's own limit, and never closed: still the guard's words.
    ("deep-flow-unclosed", "a: 1\nx: " + "[{" * 5000 + "\n", 2, "nest more than 32 deep"),
    (
        "tag-before-deep-flow",
        "a: 1\nx: [1, !!python/name:os.system " + "[" * 2000 + "]" * 2001 + "\n",
        2,
        "tag `!!python/name:os.system`",
    ),
    ("deep-block", "".join("  " * i + "-\n" for i in range(200)), 33, "nest more than 32 deep"),
    ("python-tag", "a: 1\nb: !!python/name:os.system\n", 2, "tag `!!python/name:os.system`"),
    (
        "python-apply",
        "a: 1\n\nb: !!python/object/apply:os.system ['touch pwned']\n",
        3,
        "is not allowed",
    ),
    ("unknown-tag", "x: !foo bar\n", 1, "tag `!foo` is not allowed"),
    ("binary-tag", "x: !!binary aGVsbG8=\n", 1, "tag `!!binary`"),
    ("wrong-int-tag", "a: 1\nx: !!int twelve\n", 2, "is not a YAML int"),
    ("huge-int", "a: 1\nx: " + "9" * 5000 + "\n", 2, "has 5,000 digits"),
    ("huge-int-text", "x: 'raise " + "9" * 40 + "'\n", 1, "has 40 digits"),
    ("huge-hex", "x: 0x" + "f" * 30 + "\n", 1, "larger than any tournament uses"),
    ("huge-float", "x: 1.5e+300\n", 1, "larger than any tournament uses"),
    ("billion-laughs", LAUGHS, 6, "more than 250,000 values"),
    ("recursive-alias", "x: &a [1, *a]\n", 1, "names no anchor &a before it"),
    ("two-documents", "a: 1\n---\nb: 2\n", 2, "a second YAML document"),
    ("control-char", "a: 1\nb: \x1b[31m\n", 2, "U+001B"),
]


@pytest.mark.parametrize(("text", "line", "says"), [h[1:] for h in HOSTILE],
                         ids=[h[0] for h in HOSTILE])  # fmt: skip
def test_compose_refuses_hostile_yaml_naming_the_line(text, line, says):
    with pytest.raises(YamlRefused) as refused:
        compose(text, "f.yaml")
    assert refused.value.line == line and says in refused.value.reason
    assert str(refused.value).startswith(f"f.yaml:{line}: ")


def test_compose_builds_the_same_nodes_as_pyyaml_for_every_file_in_the_repository():
    def same(a: yaml.Node, b: yaml.Node) -> bool:
        if type(a) is not type(b) or a.start_mark.line != b.start_mark.line:
            return False
        if a.tag != b.tag and not b.tag.endswith("timestamp"):  # dates stay text for us
            return False
        if isinstance(a, yaml.ScalarNode):
            return (a.value, a.style) == (b.value, b.style)
        if isinstance(a, yaml.SequenceNode):
            return len(a.value) == len(b.value) and all(map(same, a.value, b.value))
        pairs = zip(a.value, b.value, strict=False)
        return len(a.value) == len(b.value) and all(
            same(k1, k2) and same(v1, v2) for (k1, v1), (k2, v2) in pairs
        )

    files = [p for p in ROOT.glob("**/*.yaml") if ".git" not in p.parts]
    assert len(files) > 20
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert same(compose(text, path.name), yaml.compose(text, Loader=yaml.SafeLoader)), path


_NUMBERISH = st.text(alphabet="0123456789_,.:-+x\u0663", min_size=1, max_size=18)


@settings(max_examples=300, deadline=None)
@given(text=_NUMBERISH | st.integers(0, 10**16).map(str))
def test_plain_numbers_compose_as_pyyaml_resolves_them(text):
    """The shortcut for plain digits gives the node PyYAML's resolver would: same tag, value."""
    try:
        ours = compose(f"x: {text}\n", "f")
    except YamlRefused:
        return  # too many digits: refused before anything resolves it
    theirs = yaml.compose(f"x: {text}\n", Loader=yaml.SafeLoader)
    a, b = ours.value[0][1], theirs.value[0][1]
    assert (a.value, a.style) == (b.value, b.style)
    assert a.tag == b.tag or b.tag.endswith("timestamp")


def test_values_are_plain_python_and_never_fail():
    root = compose("a: 1_000\nb: yes\nc: ~\nd: 2026-13-45\ne: 1:30\nf: '12'\ng: 0.5\nh: [1]\n", "f")
    got = {k.value: value(v) for k, v in root.value}
    assert got == {
        "a": 1000, "b": True, "c": None, "d": "2026-13-45", "e": 90, "f": "12", "g": 0.5, "h": None
    }  # fmt: skip


def test_the_largest_number_a_tournament_uses_is_read():
    root = compose(f"stack: {guarded_yaml.MAX_NUMBER}\nshare: 33.333333333333333333\n", "f")
    assert value(root.value[0][1]) == guarded_yaml.MAX_NUMBER


def test_composing_stops_at_the_time_bound(monkeypatch):
    monkeypatch.setattr(guarded_yaml, "MAX_SECONDS", -1.0)
    with pytest.raises(YamlRefused, match="took longer than"):
        compose("[" + ", ".join(["1"] * 2000) + "]", "f.yaml")


def test_an_oversized_file_is_refused_before_it_is_read_whole(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("# " + "x" * guarded_yaml.MAX_CHARS + "\n")
    with pytest.raises(InputError, match="longer than 2,000,000 characters"):
        guarded_yaml.read_text(path, "hand file")


def test_a_non_utf8_file_names_the_line_of_the_bad_byte(tmp_path):
    path = tmp_path / "h.yaml"
    path.write_bytes(b"blinds: 1/2\nbutton: 1\nseats: \xff\xfe\n")
    with pytest.raises(InputError, match=r"h\.yaml:3: this is not UTF-8 text \(byte 0xff\)"):
        guarded_yaml.read_text(path, "hand file")


# Every command that reads YAML, with where the hostile text goes in its kind of file.
ENTRY_POINTS = [
    ("hand", ["hand", "check"], HAND),
    ("structure", ["structure", "check"], STRUCTURE),
    ("structure", ["structure", "show"], STRUCTURE),
    ("structure", ["structure", "print", "-o", "sheet.html"], STRUCTURE),
    ("structure", ["new", "Cup", "--structure"], STRUCTURE),
    ("structure", ["demo", "--structure"], STRUCTURE),
    ("payouts", ["payouts", "--entries", "30", "--buy-in", "10", "--table"], PAYOUTS),
    ("payouts", ["terms", "--payout-table"], PAYOUTS),
]


@pytest.mark.parametrize(("kind", "command", "base"), ENTRY_POINTS,
                         ids=[" ".join(c[:2]) for _, c, _ in ENTRY_POINTS])  # fmt: skip
@pytest.mark.parametrize(
    "hostile", ["deep-flow", "python-apply", "huge-int", "billion-laughs", "unknown-tag"]
)
def test_every_yaml_entry_point_refuses_hostile_files(
    cli, tmp_path, monkeypatch, kind, command, base, hostile
):
    monkeypatch.chdir(tmp_path)
    _id, text, line, says = next(h for h in HOSTILE if h[0] == hostile)
    # The hostile text goes after the file's first line (a comment in every example).
    first, rest = base.split("\n", 1)
    assert first.startswith("#")
    Path("f.yaml").write_text(first + "\n" + text + rest)
    result = cli(*command, "f.yaml")
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert f"f.yaml:{line + 1}: " in result.output and says in result.output, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.yaml"]  # nothing written, ran


def _tree(node):
    """A composed node as plain values: kind, tag, line, style and children (to compare)."""
    if node is None:
        return None
    if isinstance(node, yaml.ScalarNode):
        return ("scalar", node.tag, node.start_mark.line, node.value, node.style)
    if isinstance(node, yaml.SequenceNode):
        items = [_tree(item) for item in node.value]
        return ("seq", node.tag, node.start_mark.line, node.flow_style, items)
    pairs = [(_tree(k), _tree(v)) for k, v in node.value]
    return ("map", node.tag, node.start_mark.line, node.flow_style, pairs)


def _outcome(compose_fn, text):
    try:
        return _tree(compose_fn(text))
    except YamlRefused as refused:
        return ("refused", refused.line, refused.reason)


def _by_the_parser(text):
    return guarded_yaml._compose_with(guarded_yaml._PARSER, text, "f.yaml", float("inf"))


def _by_the_lines(text):
    return guarded_yaml._compose_plain(text, "f.yaml")


def test_a_hand_file_of_plain_lines_composes_without_the_parser_to_the_same_nodes():
    from benchmarks.bench_hand_files import _hands, hand_file

    texts = [hand_file(g) for g in _hands(40)]
    texts += [
        p.read_text(encoding="utf-8") for p in ROOT.glob("**/*.yaml") if ".git" not in p.parts
    ]
    taken = 0
    for text in texts:
        if _by_the_lines(text) is None:
            continue  # not of the plain shape: the parser reads it
        taken += 1
        assert _outcome(_by_the_lines, text) == _outcome(_by_the_parser, text), text
    assert taken >= 40  # the benchmark's hands at least


_TYPED = st.sampled_from(["Anna", "100/200", "Ah Kd", "5", "P10 all-in", "José", "yes", "1_000"])
_SAFE = list("aZ09 _./-") * 6  # mostly what a dealer types, now and then what YAML reads apart
_RISKY = st.lists(
    st.sampled_from(
        [*_SAFE, *":#,[]{}&*!|>'\"%@`?~=+\té", "\u2028", "\x85", "\ufeff", "\u00a0", ": ", " #"]
    ),
    max_size=8,
).map("".join)


@settings(max_examples=600, deadline=None)
@given(
    values=st.lists(_TYPED | _RISKY, min_size=6, max_size=6),
    indent=st.sampled_from(["  ", " ", "    "]),
    keep=st.lists(st.booleans(), min_size=9, max_size=9),
    order=st.none() | st.permutations(range(9)),
)
def test_the_plain_lines_shortcut_takes_only_what_the_parser_reads_the_same(
    values, indent, keep, order
):
    a, b, c, d, e, f = values
    lines = [
        f"blinds: {a}",
        "seats:",
        f"{indent}1: {{name: {b}, stack: 100, cards: {c}}}",
        f"{indent}{d}: {{name: B, stack: {e}}}",
        "actions:",
        f"{indent}- {f}",
        f"{indent}- B call{d}",
        "# a comment",
        f"{a}: {e}",
    ]
    lines = [line for line, kept in zip(lines, keep, strict=True) if kept or line.endswith(":")]
    text = "\n".join(lines if order is None else [lines[i] for i in order if i < len(lines)])
    fast = _outcome(_by_the_lines, text + "\n")
    if fast is not None:  # taken (or refused) by the shortcut: as the parser does
        assert fast == _outcome(_by_the_parser, text + "\n"), text


def test_the_plain_lines_shortcut_refuses_a_long_number_as_the_parser_does():
    text = "blinds: 100/200\nbutton: 1234567890123456789\nseats:\n  1: {name: A, stack: 5}\n"
    refused = _outcome(_by_the_lines, text)
    assert refused == _outcome(_by_the_parser, text)
    assert refused[:2] == ("refused", 2) and "19 digits" in refused[2]
