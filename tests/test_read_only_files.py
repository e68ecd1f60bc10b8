"""A file tdtool only reads, or may not write, is never written (issue 15, step 4).

Reading commands leave a tournament file byte for byte as it was, with its modification
time, and leave nothing beside it: no migration of an older file, no switch to WAL, no
checkpoint, no snapshot. A file with no write bit is read-only for everybody (the suite runs
as root in CI, who could write it anyway: the mode bits decide, not EACCES), and so is
another user's file; a change to it is one `Error:` line naming the file, exit 2, nothing
written.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest

from tdtool.io.store import APPLICATION_ID, SCHEMA_VERSION
from tdtool.io.store_base import open_store
from tests.conftest import ROOT

DATA = ROOT / "tests" / "data"

READING = [
    ("status",),
    ("status", "--json"),
    ("seat", "show"),
    ("seat", "show", "--json"),
    ("player", "list"),
    ("player", "list", "--json"),
    ("log",),
    ("log", "--json"),
    ("clock", "status"),
    ("clock", "status", "--json"),
    ("report", "--json"),
    ("payouts",),
    ("terms", "--json"),
    ("db", "list"),
]

WRITING = [
    ("player", "add", "Zed"),
    ("clock", "pause"),
    ("seat", "balance"),
    ("undo",),
    ("undo", "--yes"),
    ("terms", "--fee", "7"),
]


def _current(folder: Path, cli) -> Path:
    """A tournament written by this tdtool: registrations, a draw, the clock, a bust."""
    db = folder / "cup.tdtool"
    for args in (
        ("new", "Cup", "--structure", "turbo"),
        ("player", "add", *[f"P{i:02}" for i in range(12)]),
        ("seat", "draw"),
        ("clock", "start"),
        ("player", "bust", "P03", "--yes"),
    ):
        assert cli("--db", db, *args).exit_code == 0, args
    return db


def _copy(kind: str, folder: Path, cli) -> Path:
    if kind == "current":
        return _current(folder, cli)
    db = folder / f"{kind}.tdtool"
    shutil.copy(DATA / f"{kind}.tdtool", db)
    return db


def _seen(db: Path) -> tuple[bytes, int, list[str]]:
    """What must not change: the file's bytes, its modification time, the folder's names."""
    return db.read_bytes(), db.stat().st_mtime_ns, sorted(p.name for p in db.parent.iterdir())


def _header(db: Path) -> tuple[int, int]:
    """(user_version, WAL?) read from the file's header, without opening it with SQLite."""
    head = db.read_bytes()[:100]
    return int.from_bytes(head[60:64], "big"), head[18] == 2


KINDS = ["release-0.1.0", "release-0.1.0-terms", "current"]


@pytest.mark.parametrize("kind", KINDS)
def test_reading_commands_never_write_a_read_only_file(cli, tmp_path, kind):
    (tmp_path / "file").mkdir()
    db = _copy(kind, tmp_path / "file", cli)
    db.chmod(0o444)
    before = _seen(db)
    for args in READING:
        result = cli("--db", db, *args)
        assert result.exit_code == 0, (args, result.output)
        assert _seen(db) == before, args
    # The copy `tdtool backup` makes of it reads the same, and the original is untouched.
    copy = tmp_path / "copy.tdtool"
    assert cli("--db", db, "backup", copy).exit_code == 0
    assert _seen(db) == before
    assert json.loads(cli("--db", copy, "report", "--json").stdout) == json.loads(
        cli("--db", db, "report", "--json").stdout
    )


@pytest.mark.parametrize("kind", KINDS)
def test_a_change_to_a_read_only_file_is_refused_and_writes_nothing(cli, tmp_path, kind):
    db = _copy(kind, tmp_path, cli)
    db.chmod(0o444)
    before = _seen(db)
    for args in WRITING:
        result = cli("--db", db, *args)
        assert result.exit_code == 2, (args, result.output)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), (args, result.stderr)
        assert db.name in lines[0] and "read-only (mode 0444)" in lines[0], lines[0]
        assert "Traceback" not in result.output
        assert _seen(db) == before, args
    # Made writable again, it takes the change.
    db.chmod(0o644)
    assert cli("--db", db, "undo", "--yes").exit_code == 0
    assert _seen(db)[0] != before[0]


@pytest.mark.parametrize("kind", KINDS)
def test_reading_a_writable_file_writes_nothing_either(cli, tmp_path, kind):
    db = _copy(kind, tmp_path, cli)
    before = _seen(db)
    version, wal = _header(db)
    for args in READING:
        assert cli("--db", db, *args).exit_code == 0, args
        assert _seen(db) == before, args
    assert _header(db) == (version, wal)


def test_an_older_file_is_read_as_upgraded_and_upgraded_on_disk_by_its_first_change(cli, tmp_path):
    db = _copy("release-0.1.0", tmp_path, cli)
    assert _header(db)[0] == 2 < SCHEMA_VERSION
    listed = json.loads(cli("--db", db, "log", "--json").stdout)
    assert {r["operator"] for r in listed} == {""}  # read through the upgraded copy
    assert _header(db)[0] == 2  # ... which stayed in memory
    assert cli("--db", db, "undo", "--yes").exit_code == 0
    assert _header(db) == (SCHEMA_VERSION, True)
    after = json.loads(cli("--db", db, "log", "--json").stdout)
    assert [dict(r, undone=None) for r in after[: len(listed)]] == [
        dict(r, undone=None) for r in listed
    ]


def test_a_display_reading_an_older_file_sees_another_terminals_changes(tmp_path):
    """`clock serve` opened on a file of an older schema reads through an upgraded copy; a
    change made meanwhile by another terminal (which upgrades the file) is seen."""
    db = tmp_path / "old.tdtool"
    shutil.copy(DATA / "release-0.1.0.tdtool", db)
    with open_store(db) as display:
        view = display.view()
        before = view.state()
        assert not view.changed()
        with open_store(db) as terminal:
            terminal.change(lambda tx: tx.append("player.registered", {"name": "Zed"}))
        assert view.changed()
        assert view.state().entries == before.entries + 1
        with open_store(db) as terminal:
            terminal.change(lambda tx: tx.append("player.registered", {"name": "Zoe"}))
        assert view.state().entries == before.entries + 2


def test_a_file_with_tdtools_mark_but_no_tables_is_refused_and_left_as_it_was(cli, tmp_path):
    db = tmp_path / "empty.tdtool"
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.commit()
    conn.close()
    before = _seen(db)
    assert _header(db) == (0, False)
    for args in [("status",), ("player", "add", "Zed"), ("log",), ("clock", "start")]:
        result = cli("--db", db, *args)
        assert result.exit_code == 2, (args, result.output)
        assert "holds no tournament" in result.stderr and "nothing was changed" in result.stderr
        assert _seen(db) == before, args  # not switched to WAL, no table created


def test_a_newer_file_is_refused_before_anything_is_written(cli, tmp_path):
    db = _copy("current", tmp_path, cli)
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    db.chmod(0o444)
    before = _seen(db)
    result = cli("--db", db, "status")
    assert result.exit_code == 2 and "newer tdtool" in result.stderr
    assert _seen(db) == before


# --- another user's file ----------------------------------------------------------------------


def _as_nobody(commands: list[tuple[str, ...]], db: Path, warm: Path) -> list[dict]:
    """Run `commands` on `db` in a child process that is user `nobody`, in-process through
    the CLI. The modules each command loads are loaded first, as root, by running the same
    commands on `warm` (a copy): the interpreter and the checkout may sit where `nobody`
    cannot read (under /root)."""
    import pwd

    from typer.testing import CliRunner

    from tdtool.cli import app

    nobody = pwd.getpwnam("nobody")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.close(read)
            runner = CliRunner()
            for args in commands:
                runner.invoke(app, ["--db", str(warm), *args])
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            out = []
            for args in commands:
                result = runner.invoke(app, ["--db", str(db), *args])
                out.append(
                    {
                        "args": list(args),
                        "code": result.exit_code,
                        "stdout": result.stdout,
                        "stderr": result.stderr,
                        "exception": repr(result.exception),
                    }
                )
            os.write(write, json.dumps(out).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return json.loads(data)


@pytest.fixture(params=[0o755, 0o1777], ids=["root-folder", "shared-writable-folder"])
def shared_folder(request):
    """A folder other users may enter (tmp_path's parents are root's alone): root's own, or
    one everybody may write (like /tmp), where a reader could leave a -wal and -shm behind."""
    folder = Path(tempfile.mkdtemp(prefix="tdtool-other-user-"))
    folder.chmod(request.param)
    yield folder
    shutil.rmtree(folder)


def _need_root() -> None:
    if os.geteuid() != 0:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI runs the suite as root: the other-user case must be tested there")
        pytest.skip("switching to another user needs root")


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["release-0.1.0", "current"])
def test_another_users_file_is_read_and_never_written(cli, tmp_path, shared_folder, kind):
    _need_root()
    db = _copy(kind, shared_folder, cli)  # root's, mode 0644: writable by root only
    warm = _copy(kind, tmp_path, cli)
    assert db.stat().st_uid == 0 and db.stat().st_mode & 0o777 == 0o644
    before = _seen(db)
    expected = cli("--db", db, "player", "list", "--json").stdout
    commands = [("status",), ("player", "list", "--json"), ("log",), ("player", "add", "Zed")]
    results = _as_nobody(commands, db, warm)
    for got in results[:-1]:
        assert got["code"] == 0, got
    assert results[1]["stdout"] == expected
    refused = results[-1]
    assert refused["code"] == 2, refused
    assert refused["stderr"].count("\n") == 1 and refused["stderr"].startswith("Error: ")
    assert "read-only for this user: it belongs to root" in refused["stderr"]
    assert _seen(db) == before


@pytest.mark.slow
def test_another_users_file_open_elsewhere_is_read_up_to_date(cli, tmp_path, shared_folder):
    """While the owner's terminal has the file open (its -wal and -shm exist, root's), a
    reader who may not write them still reads every committed change, and writes nothing."""
    _need_root()
    db = _copy("current", shared_folder, cli)
    warm = _copy("current", tmp_path, cli)
    with open_store(db) as owner:
        owner.change(lambda tx: tx.append("player.registered", {"name": "Late Entry"}))
        assert Path(f"{db}-wal").exists()
        before = db.read_bytes(), db.stat().st_mtime_ns
        [listed] = _as_nobody([("player", "list", "--json")], db, warm)
        assert (db.read_bytes(), db.stat().st_mtime_ns) == before
    assert listed["code"] == 0, listed
    assert "Late Entry" in {p["name"] for p in json.loads(listed["stdout"])}


@pytest.mark.slow
def test_a_locked_file_of_ones_own_is_read_and_a_change_refused(cli, tmp_path):
    """A file this user owns but the system will not let be written (the immutable
    attribute here; a read-only disk alike): read, and a change refused, naming why."""
    import subprocess

    db = _copy("current", tmp_path, cli)
    if os.geteuid() != 0 or shutil.which("chattr") is None:
        pytest.skip("locking a file needs root and chattr")
    if subprocess.run(["chattr", "+i", str(db)], capture_output=True).returncode != 0:
        pytest.skip("this file system has no immutable attribute")
    try:
        before = _seen(db)
        assert cli("--db", db, "status").exit_code == 0
        refused = cli("--db", db, "player", "add", "Zed")
        assert refused.exit_code == 2
        assert "cannot be written here" in refused.stderr and db.name in refused.stderr
        assert _seen(db) == before
    finally:
        subprocess.run(["chattr", "-i", str(db)], check=True)


# --- the commands that came after issue 15: chip counts, bounties, satellites, days, seat paper

NEWER_READING = [
    ("chips", "show"),
    ("chips", "show", "--json"),
    ("player", "bounties"),
    ("player", "bounties", "--json"),
    ("status", "--json"),
    ("clock", "status"),
    ("report", "--csv"),
]
NEWER_PRINTING = [
    ("player", "bounties", "--print", "bounties.html"),
    ("seat", "print", "cards", "-o", "cards.html"),
    ("seat", "print", "list", "-o", "list.html"),
    ("seat", "print", "moves", "-o", "moves.html"),
    ("seat", "print", "moves", "--all", "-o", "all-moves.html"),
    ("report", "--print", "report.html"),
    ("payouts", "--print", "payouts.html"),
]


def _bounty_days(folder: Path, cli) -> Path:
    """A PKO multi-day event with re-entries: counts recorded, chips raced off, busts with
    their bounties and a table move."""
    db = folder / "main.tdtool"
    structure = str(ROOT / "structures" / "main-event.yaml")
    for args in (
        ("new", "Main", "--structure", structure, "--buy-in", "50", "--bounty", "40",
         "--fee", "10", "--pko", "--reentry", "--day-ends-at", "6", "--seats", "6"),
        ("player", "add", *[f"P{i:02}" for i in range(12)], "--yes"),
        ("seat", "draw"),
        ("clock", "start"),
        ("player", "chips", "P00", "61000", "P01", "59000"),
        ("chips", "remove", "500"),
    ):  # fmt: skip
        assert cli("--db", db, *args).exit_code == 0, args
    table_one = json.loads(cli("--db", db, "seat", "show", "--json").stdout)["tables"][0]
    names = list(table_one["seats"].values())
    for name in names[:3]:  # three out at one table: a move balances the tables
        out = cli("--db", db, "player", "bust", name, "--by", names[-1], "--yes")
        assert out.exit_code == 0, out.output
    return db


def test_fuzz_new_reading_and_printing_commands_never_write_a_read_only_file(cli, tmp_path):
    db = _bounty_days(tmp_path, cli)
    db.chmod(0o444)
    before = _seen(db)
    for args in NEWER_READING:
        result = cli("--db", db, *args)
        assert result.exit_code == 0, (args, result.output)
        assert _seen(db) == before, args
    for args in NEWER_PRINTING:
        result = cli("--db", db, *[a if not a.endswith(".html") else str(tmp_path / a)
                                   for a in args])  # fmt: skip
        assert result.exit_code == 0, (args, result.output)
        content, mtime, names = _seen(db)
        assert (content, mtime) == before[:2], args
        assert names == sorted([*before[2], args[-1]]), args  # its output file, nothing else
        (tmp_path / args[-1]).unlink()
    for args in (("chips", "remove", "100"), ("player", "chips", "P02", "1000"),
                 ("clock", "end-day")):  # fmt: skip
        result = cli("--db", db, *args)
        assert result.exit_code == 2 and "read-only (mode 0444)" in result.stderr, args
        assert _seen(db) == before, args
