"""Bad input never ends in a traceback: one `Error: ...` line, exit 1 or 2, nothing changed.

docs/cli.md: exit 1 is refused by the rules or the tournament's state, 2 is bad input
(unreadable file, unknown name, bad option); nothing changes either way. Each case runs a
command against a seated tournament and compares the whole event log before and after.
"""

from __future__ import annotations

import os
import sqlite3

import pytest

from tests.conftest import EXAMPLES, ROOT
from tests.tournament_fixtures import make

PLAYERS = ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]


@pytest.fixture
def folder(cli, tmp_path, monkeypatch):
    """A folder holding one seated tournament (12 players at 2 tables, Anna busted)."""
    make(tmp_path / "cup.tdtool")
    monkeypatch.chdir(tmp_path)
    for args in (["player", "add", *PLAYERS], ["seat", "draw"], ["player", "bust", "Anna"]):
        assert cli(*args, "--yes" if args[1] == "bust" else "--json").exit_code == 0
    (tmp_path / "empty.yaml").write_text("")
    (tmp_path / "list.yaml").write_text("- a\n- b\n")
    (tmp_path / "scalar.yaml").write_text("hello\n")
    (tmp_path / "broken.yaml").write_text("levels: [\n")
    (tmp_path / "unknown.yaml").write_text("foo: 1\n")
    (tmp_path / "binary.yaml").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "folder.yaml").mkdir()
    return tmp_path


def _log(cli) -> str:
    result = cli("log", "--json")
    assert result.exit_code == 0, result.output
    return result.stdout


def _assert_refused(result, code: int, *words: str) -> None:
    assert result.exit_code == code, result.output
    # A traceback leaves its exception on the result; a clean exit is a SystemExit.
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    # Python's own wording is no message for a director.
    assert "codec can't" not in result.output and "[Errno" not in result.output
    for word in words:
        assert word in result.output, result.output


FILES = ["missing.yaml", "folder.yaml", "empty.yaml", "list.yaml", "scalar.yaml", "broken.yaml",
         "unknown.yaml", "binary.yaml"]  # fmt: skip


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize(
    "command",
    [
        ["structure", "check"],
        ["structure", "show"],
        ["hand", "check"],
        ["terms", "--payout-table"],
        ["new", "Other Cup", "--structure"],
    ],
    ids=lambda c: " ".join(c),
)
def test_a_bad_file_names_the_file_and_changes_nothing(cli, folder, command, name):
    before = _log(cli)
    result = cli(*command, name)
    _assert_refused(result, 2, "Error:" if command[0] != "structure" else "", name.split(".")[0])
    assert _log(cli) == before
    assert sorted(p.name for p in folder.glob("*.tdtool")) == ["cup.tdtool"]


STATE_REFUSALS = [
    pytest.param(["player", "bust", "Anna"], "already out", id="bust-someone-already-out"),
    pytest.param(["player", "reenter", "Anna"], "no re-entry", id="reenter-without-re-entry"),
    pytest.param(["player", "rebuy", "Ben"], "no rebuys", id="rebuy-not-sold"),
    pytest.param(["player", "addon", "Ben"], "no add-on", id="addon-not-sold"),
    pytest.param(["player", "add", "ben"], "already registered", id="register-twice"),
    pytest.param(["seat", "draw"], "already drawn", id="draw-twice"),
    pytest.param(["clock", "pause"], "not been started", id="pause-before-start"),
    pytest.param(["clock", "resume"], "not been started", id="resume-before-start"),
]


@pytest.mark.parametrize(("args", "says"), STATE_REFUSALS)
def test_refused_by_the_state_exits_1_and_changes_nothing(cli, folder, args, says):
    before = _log(cli)
    _assert_refused(cli(*args), 1, "Error:", says)
    assert _log(cli) == before


def test_pausing_twice_and_undoing_too_far_are_refused(cli, folder):
    assert cli("clock", "start").exit_code == 0
    assert cli("clock", "pause").exit_code == 0
    before = _log(cli)
    _assert_refused(cli("clock", "pause"), 1, "already paused")
    _assert_refused(cli("clock", "start"), 1, "resume")
    assert _log(cli) == before
    while cli("undo").exit_code == 0:
        pass
    _assert_refused(cli("undo"), 1, "Nothing to undo")


BUST_TWO = ["player", "bust", "Ben", "Cleo"]

BAD_INPUT = [
    # unknown names and tables
    pytest.param(["player", "bust", "Nobody"], "Nobody", id="bust-unknown-player"),
    pytest.param(["player", "reenter", "Nobody"], "Nobody", id="reenter-unknown-player"),
    pytest.param(["player", "bust", "Ben", "Ben"], "twice", id="bust-same-player-twice"),
    pytest.param(["player", "add", ""], "empty", id="add-empty-name"),
    pytest.param(["player", "add", "Zed", "Zed"], "twice", id="add-same-name-twice"),
    pytest.param(["player", "add", "Zed,Yu"], "','", id="add-name-with-comma"),
    pytest.param(["clock", "serve", "--host", "999.1.1.1"], "--host", id="serve-bad-host"),
    pytest.param(["seat", "break", "9"], "Table 9 is not in play", id="break-unknown-table"),
    pytest.param(["seat", "button", "9", "1"], "Table 9", id="button-unknown-table"),
    pytest.param(["seat", "button", "1", "99"], "seats 1-9", id="button-unknown-seat"),
    pytest.param(["seat", "button", "1", "0"], "seats 1-9", id="button-seat-zero"),
    pytest.param(["seat", "break", "abc"], "table", id="break-not-a-number"),
    # --stacks
    pytest.param([*BUST_TWO, "--stacks", "1"], "--stacks", id="stacks-count"),
    pytest.param([*BUST_TWO, "--stacks", "a,b"], "--stacks", id="stacks-text"),
    pytest.param([*BUST_TWO, "--stacks", "1.5,2"], "--stacks", id="stacks-float"),
    pytest.param([*BUST_TWO, "--stacks", "-1,5"], "negative", id="stacks-neg"),
    pytest.param([*BUST_TWO, "--stacks", "0,5"], "more than 0", id="stacks-0"),
    # the clock
    pytest.param(["clock", "set", "99:99"], "59", id="clock-set-99:99"),
    pytest.param(["clock", "set", "-1:00"], "negative", id="clock-set-negative"),
    pytest.param(["clock", "set", "abc"], "MM:SS", id="clock-set-text"),
    pytest.param(["clock", "set", "0:00"], "clock next", id="clock-set-zero"),
    pytest.param(["clock", "set", "1230"], "6 hours", id="clock-set-huge"),
    pytest.param(["clock", "add", "abc"], "minutes", id="clock-add-text"),
    pytest.param(["clock", "add", "0"], "changes nothing", id="clock-add-zero"),
    pytest.param(["clock", "add", "nan"], "not a number", id="clock-add-nan"),
    pytest.param(["clock", "add", "inf"], "not a number", id="clock-add-inf"),
    pytest.param(["clock", "add", "1e9"], "6 hours", id="clock-add-huge"),
    pytest.param(["clock", "add", "-30"], "clock next", id="clock-take-off-more-than-left"),
    # options
    pytest.param(["new", " ", "--structure", "turbo"], "name", id="new-empty-name"),
    pytest.param(["new", "X", "--structure", "nosuch"], "nosuch", id="new-unknown-structure"),
    pytest.param(["new", "X", "-s", "turbo", "--seats", "1"], "--seats", id="new-one-seat"),
    pytest.param(["new", "X", "-s", "turbo", "--seats", "abc"], "--seats", id="new-seats-text"),
    pytest.param(["new", "X", "-s", "turbo", "--break-order", "x"], "--break-order", id="break-o"),
    pytest.param(["new", "X", "-s", "turbo", "--buy-in", "-5"], "--buy-in", id="new-neg-buy-in"),
    pytest.param(["structure", "new", "X", "--stack", "20000"], "--hours", id="gen-no-target"),
    pytest.param(
        ["new", "X", "-s", "turbo", "--rebuy", "5", "--rebuy-until", "99"], "17 levels", id="rebuy"
    ),
    pytest.param(["structure", "show", "turbo", "--start", "25:00"], "--start", id="bad-start"),
    pytest.param(["payouts", "--entries", "99999999"], "--entries", id="payouts-huge-field"),
    pytest.param(["payouts", "--print", "x.pdf"], "x.pdf", id="payouts-unknown-format"),
    pytest.param(["deal", "icm", "--stacks", "a,b", "--prizes", "2,1"], "a", id="deal-stacks-text"),
    pytest.param(["deal", "icm", "--stacks", "1,2", "--prizes", "-1,2"], "negative", id="prizes"),
    pytest.param(["deal", "icm", "--stacks", "1,2,3"], "CHIPS", id="deal-live-without-names"),
    pytest.param(["deal", "icm", "--stacks", ",".join(["1"] * 5000), "--prizes", "5,4,3"],
                 "at most 100 players", id="deal-huge-field"),
    pytest.param(["deal", "icm", "--stacks", "5,3,2", "--prizes", f"{10**29},30,20"],
                 "smaller units", id="deal-huge-prize"),
    pytest.param(["deal", "icm", "--stacks", "5,3,2", "--prizes", "5,3,2", "--samples", "0"],
                 "--samples", id="deal-no-samples"),
    pytest.param(["ruling", "show", "nosuch"], "nosuch", id="ruling-unknown"),
    pytest.param(["ruling", "show", "misdeal", "--rules", "x"], "--rules", id="ruling-profile"),
    pytest.param(["log", "--last", "0"], "--last", id="log-last-zero"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "says"), BAD_INPUT)
def test_bad_input_exits_2_names_the_problem_and_changes_nothing(cli, folder, args, says):
    before = _log(cli)
    result = cli(*args)
    _assert_refused(result, 2, says)
    assert _log(cli) == before
    assert sorted(p.name for p in folder.glob("*.tdtool")) == ["cup.tdtool"]


# --- the tournament file itself --------------------------------------------------------------

READERS = [
    ["status"],
    ["player", "list"],
    ["log"],
    ["seat", "show"],
    ["clock", "pause"],
    ["payouts"],
]


def _damage(path, how: str) -> None:
    if how == "empty":
        path.write_bytes(b"")
    elif how == "text":
        path.write_text("not a tournament\n")
    elif how == "truncated":
        path.write_bytes(path.read_bytes()[:3000])
    elif how == "other-sqlite":
        path.unlink()
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE t (x)")
        conn.close()
    elif how == "bad-event-data":
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE events SET data = '{broken' WHERE seq = 2")
        conn.close()
    elif how == "damaged-pages":
        with sqlite3.connect(path) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        data = bytearray(path.read_bytes())
        for page in range(1, len(data) // 4096):  # every page but the header's
            data[page * 4096 + 8 : page * 4096 + 1000] = os.urandom(992)
        path.write_bytes(bytes(data))
    elif how == "folder":
        path.unlink()
        path.mkdir()


@pytest.mark.parametrize("args", READERS, ids=lambda a: " ".join(a))
@pytest.mark.parametrize(
    "how",
    ["empty", "text", "truncated", "other-sqlite", "bad-event-data", "damaged-pages", "folder"],
)
def test_a_damaged_tournament_file_is_named_never_a_traceback(cli, folder, args, how):
    path = folder / "cup.tdtool"
    for leftover in folder.glob("cup.tdtool-*"):
        leftover.unlink()
    _damage(path, how)
    result = cli(*args)
    _assert_refused(result, 2, "Error:", "cup.tdtool")


def test_db_pointing_to_a_missing_file_says_how_to_create_one(cli, folder):
    _assert_refused(cli("--db", folder / "nope.tdtool", "status"), 2, "nope.tdtool", "tdtool new")


def test_no_tournament_and_two_tournaments_in_the_folder(cli, folder):
    make(folder / "other.tdtool")
    _assert_refused(cli("status"), 2, "cup.tdtool, other.tdtool", "--db")
    (folder / "cup.tdtool").unlink()
    (folder / "other.tdtool").unlink()
    _assert_refused(cli("player", "list"), 2, "No tournament file", "tdtool new")


def test_a_read_only_tournament_file_is_refused_and_left_as_it_was(cli, folder):
    # Opened read-only as SQLite would for a file without write permission (tests may run
    # as root, who may write anyway).
    before = _log(cli)
    real_connect = sqlite3.connect

    def read_only(path, *args, **kwargs):
        return real_connect(f"file:{path}?mode=ro", *args, uri=True, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite3, "connect", read_only)
        result = cli("player", "add", "Zed")
    _assert_refused(result, 2, "Error:", "cup.tdtool", "readonly", "writable")
    assert _log(cli) == before


HAND = (EXAMPLES / "hands" / "side-pots.yaml").read_text()

HAND_EDITS = [
    ("blinds: 5/10", "blinds: 0/0", "more than 0"),
    ("blinds: 5/10", "blinds: -5/10", "negative"),
    ("blinds: 5/10", "blinds: 10/5", "smaller amount first"),
    ("blinds: 5/10", "blinds: 5.5/10", "two amounts"),
    ("button: 1 ", "button: x ", "`button` should be a whole number, not `x`"),
    ("button: 1 ", "button: 11 ", "at most 10"),
    ("1: {name: Anna", "x: {name: Anna", "`seat number` should be a whole number, not `x`"),
    ("name: Ben", "name: ''", "empty `name`"),
    ("stack: 20,", "stack: .nan,", "whole number of chips"),
    ("stack: 20,", "stack: -20,", "negative"),
    ("cards: Ah Ad}", "cards: Ah}", "2 hole cards"),
    ("  - Anna all-in", "  - Zed all-in", "Zed is not seated"),
    ("  - Anna all-in", "  - Anna raise 1e5", "not an action"),
    ("  - flop 2c 7s 9d", "  - flop 2c 7s", "3 cards"),
    ("game: no-limit", "game: stud", "stud"),
]


@pytest.mark.parametrize(("old", "new", "says"), HAND_EDITS, ids=[e[1] for e in HAND_EDITS])
def test_a_bad_hand_file_names_the_line(cli, tmp_path, old, new, says):
    path = tmp_path / "hand.yaml"
    path.write_text(HAND.replace(old, new, 1))
    result = cli("hand", "check", path)
    _assert_refused(result, 2, f"{path}:", says)


STRUCTURE = (ROOT / "structures" / "turbo.yaml").read_text()

STRUCTURE_EDITS = [
    ("starting_stack: 10000", "starting_stack: abc", ":9:"),
    ("starting_stack: 10000", "starting_stack: -5", ":9:"),
    ("late_registration: 6", "late_registration: 99", ":12:"),
    ("  - blinds: 25/50\n", "  - blinds: 50/25\n", ":14: level 1"),
    ("  - blinds: 25/50\n", "  - blinds: 25/50\n    minutes: 99999\n", ":15: level 1"),
    ("  - break: 10\n    color_up: [25]", "  - break: 0", ":21: break after level 6"),
    (
        "  - break: 10\n    color_up: [25]",
        "  - break: 10\n    color_up: [7]",
        ":22: break after level 6",
    ),
    ("game: no-limit", "game: stud", ":8:"),
]


@pytest.mark.parametrize(
    ("old", "new", "says"), STRUCTURE_EDITS, ids=[e[1].strip() for e in STRUCTURE_EDITS]
)
@pytest.mark.parametrize("command", [["structure", "check"], ["new", "Cup", "--structure"]])
def test_a_bad_structure_file_names_the_line(cli, tmp_path, monkeypatch, command, old, new, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.yaml").write_text(STRUCTURE.replace(old, new, 1))
    _assert_refused(cli(*command, "s.yaml"), 2, f"s.yaml{says}")
    assert list(tmp_path.glob("*.tdtool")) == []


PAYOUTS = (EXAMPLES / "payouts" / "home-game.yaml").read_text()


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("pays: [100]", "pays: [x]", ":7: a payout must be a positive percentage"),
        ("pays: [100]", "pays: [1e400]", ":7: a payout is a percentage"),
        ("entries: 2-6", "entries: 6-2", ":6: `entries` must be like"),
        ("4-5: 10", "4-99999999: 10", ":17: a payout table pays at most 100,000 places"),
    ],
    ids=["text", "huge-percent", "backwards-range", "huge-place-range"],
)
def test_a_bad_payout_table_names_the_line(cli, tmp_path, old, new, says):
    path = tmp_path / "pays.yaml"
    path.write_text(PAYOUTS.replace(old, new, 1))
    args = ["payouts", "--entries", "30", "--buy-in", "10", "--table", path]
    _assert_refused(cli(*args), 2, f"{path}{says}")


def test_a_second_tournament_in_the_folder_says_to_pick_one_with_db(cli, folder):
    result = cli("new", "Second Cup", "--structure", "turbo")
    assert result.exit_code == 0, result.output
    assert "also holds cup.tdtool" in result.stdout
    assert "--db second-cup.tdtool" in result.stdout


def test_terms_after_a_bust_do_not_invite_a_change_that_is_refused(cli, folder):
    result = cli("terms")
    assert result.exit_code == 0, result.output
    assert "fixed" in result.stdout and "before the first bust" not in result.stdout


def test_no_entry_after_a_deal_divided_the_prize_pool(cli, tmp_path, monkeypatch):
    make(tmp_path / "cup.tdtool", buy_in=100, reentry=True, rebuy_price=50)
    monkeypatch.chdir(tmp_path)
    assert cli("player", "add", "Anna", "Ben", "Cleo", "Dev").exit_code == 0
    assert cli("seat", "draw").exit_code == 0
    assert cli("player", "bust", "Dev").exit_code == 0
    deal = cli("deal", "icm", "--stacks", "Anna=5000,Ben=3000,Cleo=2000", "--accept")
    assert deal.exit_code == 0, deal.output
    before = _log(cli)
    for args in (
        ["player", "add", "Eve"],
        ["player", "reenter", "Dev"],
        ["player", "rebuy", "Ben"],
    ):
        _assert_refused(cli(*args), 1, "deal", "tdtool undo")
    assert _log(cli) == before


def test_a_change_number_that_reads_as_bytes_is_a_damaged_file_not_a_traceback(cli, folder):
    """A damaged page can make SQLite hand back bytes where the log keeps a change number (CI
    met it once in the random-page damage above: `clock pause` ended in a TypeError)."""
    path = folder / "cup.tdtool"
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE events SET change = X'0102' WHERE seq = (SELECT MAX(seq) FROM events)")
    conn.close()
    before = path.read_bytes()
    result = cli("clock", "pause")
    _assert_refused(result, 2, "Error:", "cup.tdtool", "damaged")
    assert path.read_bytes() == before
