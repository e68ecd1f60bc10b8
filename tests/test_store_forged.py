"""Forged and stale snapshots, on a file and on PostgreSQL: none runs code, none costs more
than a normal command, each falls back to the log; the log's chain shows an event altered.

A tournament file is something directors e-mail to each other, and every laptop on a shared
database can write its rows: what a snapshot row holds is never trusted over the log.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import sqlite3
from typing import Any

import msgspec
import pytest

import tdtool.io.snapshots as snap
from tdtool.io.store_base import open_store
from tdtool.tournament import director
from tdtool.tournament.state import fold
from tests.test_store_snapshots import plain
from tests.tournament_fixtures import make


class Raw:
    """The tables of one tournament as anyone with write access to them sees them."""

    def __init__(self, backend: Any, target: Any) -> None:
        self.pg = backend.is_pg
        if self.pg:
            import psycopg

            from tdtool.io.store_pg import parse_url

            self.conn: Any = psycopg.connect(parse_url(str(target)).conninfo, autocommit=True)
            with open_store(target) as store:
                self.tid = store.tournament_id  # type: ignore[attr-defined]
        else:
            self.conn = sqlite3.connect(target, isolation_level=None)
            self.tid = None

    def _sql(self, sqlite: str, pg: str, params: tuple[Any, ...] = ()) -> Any:
        if self.pg:
            return self.conn.execute(pg, (self.tid, *params))
        return self.conn.execute(sqlite, params)

    def snapshots(self) -> list[tuple[int, str, bytes]]:
        rows = self._sql(
            "SELECT upto, format, state FROM snapshots ORDER BY upto",
            "SELECT upto, format, state FROM tdtool_snapshots WHERE tournament = %s ORDER BY upto",
        ).fetchall()
        return [(int(u), str(f), bytes(b)) for u, f, b in rows]

    def put_snapshot(self, upto: int, blob: bytes, fmt: str = snap.FORMAT_NAME) -> None:
        self._sql("DELETE FROM snapshots", "DELETE FROM tdtool_snapshots WHERE tournament = %s")
        self._sql(
            "INSERT INTO snapshots (upto, format, state, at) VALUES (?, ?, ?, 0)",
            "INSERT INTO tdtool_snapshots (tournament, upto, format, state, at)"
            " VALUES (%s, %s, %s, %s, 0)",
            (upto, fmt, blob),
        )

    def set_data(self, seq: int, text: str) -> None:
        self._sql(
            "UPDATE events SET seq = ?, data = ? WHERE seq = ?",
            "UPDATE tdtool_events SET seq = %s, data = %s WHERE tournament = %s AND seq = %s",
            (seq, text, seq),
        ) if not self.pg else self.conn.execute(
            "UPDATE tdtool_events SET data = %s WHERE tournament = %s AND seq = %s",
            (text, self.tid, seq),
        )

    def data(self, seq: int) -> str:
        return str(
            self._sql(
                "SELECT data FROM events WHERE seq = ?",
                "SELECT data FROM tdtool_events WHERE tournament = %s AND seq = %s",
                (seq,),
            ).fetchone()[0]
        )

    def delete_event(self, seq: int) -> None:
        self._sql(
            "DELETE FROM events WHERE seq = ?",
            "DELETE FROM tdtool_events WHERE tournament = %s AND seq = %s",
            (seq,),
        )

    def close(self) -> None:
        self.conn.close()


def _field(backend: Any, players: int = 12, every: int = 4, stem: str = "t") -> Any:
    """A drawn tournament of `players` whose log is long enough for a snapshot (every
    `every` events), with one bust and its moves."""
    target = make(backend.target(stem))
    with open_store(target) as store:
        with store.transaction() as tx:
            for kind, data in director.register(
                tx.state(), [f"Player {i:02d}" for i in range(players)], tx.now, random.Random(1)
            ):
                tx.append(kind, data)
        with store.transaction() as tx:
            for kind, data in director.draw(tx.state(), random.Random(2)):
                tx.append(kind, data)
        for i in range(every):
            with store.transaction() as tx:
                tx.state()
                tx.append("clock.pause" if i % 2 == 0 else "clock.resume", {})
    return target


@pytest.fixture
def often(monkeypatch):
    monkeypatch.setattr(snap, "SNAPSHOT_EVERY", 3)


def _last_seq(target: Any) -> int:
    with open_store(target) as store:
        return store.log()[-1].event.seq


def _expected(target: Any) -> Any:
    with open_store(target) as store:
        return plain(fold(store.events()))


def _read(target: Any) -> Any:
    with open_store(target) as store:
        return plain(store.state())


class _Shell:
    """A pickle that runs a shell command when loaded."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, ...]:
        return (os.system, (f"touch {self.path}",))


def test_forged_snapshot_with_a_shell_command_runs_nothing(backend, tmp_path, cli, often):
    target = _field(backend)
    touched = tmp_path / "pwned"
    raw = Raw(backend, target)
    try:
        raw.put_snapshot(_last_seq(target), pickle.dumps(_Shell(str(touched))))
    finally:
        raw.close()
    assert _read(target) == _expected(target)
    result = cli("--db", target, "status")
    assert result.exit_code == 0, result.output
    assert not touched.exists()


def test_forged_snapshot_memory_bomb_is_refused_unread(backend, often, monkeypatch):
    """A length claiming 4 GiB in 5 bytes, and a blob far larger than its log could need:
    neither is decoded past its first bytes, and the state is the log's."""
    target = _field(backend)
    decoded: list[int] = []
    real = snap.decode
    monkeypatch.setattr(
        snap, "decode", lambda blob, form=1: decoded.append(len(blob)) or real(blob, form)
    )
    last = _last_seq(target)
    raw = Raw(backend, target)
    try:
        raw.put_snapshot(last, b"\xdd\xff\xff\xff\xff" + b"\x90" * 16)
        assert _read(target) == _expected(target)
        assert decoded == [21]
        raw.put_snapshot(last, b"\x90" * (snap.size_limit(last, 10_000) + 1))
        decoded.clear()
        assert _read(target) == _expected(target)
        assert decoded == []  # too large for its log: not even fetched to decode
    finally:
        raw.close()


def test_snapshot_pointing_past_the_end_of_the_log_hides_no_change(backend, cli, often):
    """A snapshot claiming a position past the log's end was shown as the truth: three
    busts exited 0 while status still said nobody had busted."""
    target = _field(backend)
    raw = Raw(backend, target)
    try:
        upto, fmt, blob = raw.snapshots()[-1]
        raw.put_snapshot(upto + 50, blob, fmt)
    finally:
        raw.close()
    for i in range(3):
        result = cli("--db", target, "player", "bust", f"Player {i:02d}", "--yes")
        assert result.exit_code == 0, result.output
        status = json.loads(cli("--db", target, "status", "--json").output)
        assert status["players_left"] == 12 - 1 - i
    assert _read(target) == _expected(target)


def test_snapshot_with_a_broken_field_falls_back_to_the_log(backend, cli, often):
    target = _field(backend)
    raw = Raw(backend, target)
    try:
        upto, fmt, blob = raw.snapshots()[-1]
        doc = msgspec.msgpack.decode(blob)
        for field, junk in ((8, "lots"), (7, [["x"], [1, 2]]), (12, {"seats": "nine"})):
            broken = list(doc)
            broken[field] = junk
            raw.put_snapshot(upto, msgspec.msgpack.encode(broken), fmt)
            assert _read(target) == _expected(target)
            result = cli("--db", target, "seat", "show")
            assert result.exit_code == 0 and "Traceback" not in result.output
    finally:
        raw.close()


def test_snapshot_of_another_history_is_ignored(backend, often):
    """Two tournaments of as many events: one's snapshot put in the other's rows (its last
    event's chain hash differs) is not read."""
    first, second = _field(backend, stem="a"), _field(backend, stem="b")
    with open_store(second) as store, store.transaction() as tx:
        tx.append("player.registered", {"name": "Only In Second"})
    with open_store(first) as store, store.transaction() as tx:
        tx.append("player.registered", {"name": "Only In First"})
    a, b = Raw(backend, first), Raw(backend, second)
    try:
        upto, fmt, blob = a.snapshots()[-1]
        b.put_snapshot(upto, blob, fmt)
    finally:
        a.close()
        b.close()
    assert _read(second) == _expected(second)


def test_a_tampered_snapshot_is_found_by_log_verify_and_rebuilt_from_the_log(backend, cli, often):
    """A snapshot whose content was changed but whose binding to the log was kept reads as
    written (no secret can tell it from an honest one); `log --verify` folds the log, finds
    it, removes it, and the state is the log's again."""
    target = _field(backend)
    raw = Raw(backend, target)
    try:
        upto, fmt, blob = raw.snapshots()[-1]
        doc = msgspec.msgpack.decode(blob)
        doc[2] = "Forged Cup"
        raw.put_snapshot(upto, msgspec.msgpack.encode(doc), fmt)
    finally:
        raw.close()
    with open_store(target) as store:
        assert store.state().name == "Forged Cup"
    result = cli("--db", target, "log", "--verify")
    assert result.exit_code == 1
    assert f"snapshot at event {upto}) did not match the log" in result.output
    with open_store(target) as store:
        assert store.state().name == "Test Cup"
    assert cli("--db", target, "log", "--verify").exit_code == 0


def test_a_fresh_snapshot_is_written_by_any_build_of_the_format_and_read_back(backend, often):
    target = _field(backend)
    raw = Raw(backend, target)
    try:
        kept = raw.snapshots()
    finally:
        raw.close()
    assert kept and {fmt for _, fmt, _ in kept} == {snap.FORMAT_NAME}
    assert _read(target) == _expected(target)


# --- the chain ---------------------------------------------------------------------------------


def test_log_verify_says_an_untouched_log_checks_out_with_its_head(backend, cli):
    target = _field(backend)
    cli("--db", target, "player", "bust", "Player 03", "--yes")
    cli("--db", target, "undo", "--yes")
    result = cli("--db", target, "log", "--verify")
    assert result.exit_code == 0, result.output
    assert "checks out" in result.output and "Chain head:" in result.output
    data = json.loads(cli("--db", target, "log", "--verify", "--json").output)
    assert data["ok"] is True and data["broken_at"] is None and len(data["head"]) == 32


def test_log_verify_names_the_event_whose_payload_was_edited(backend, cli):
    target = _field(backend)
    raw = Raw(backend, target)
    try:
        text = raw.data(3)
        raw.set_data(3, text.replace("Player 01", "Player 99"))
    finally:
        raw.close()
    result = cli("--db", target, "log", "--verify")
    assert result.exit_code == 1
    assert "event 3 (player.registered, change 2) is not what was recorded" in result.output
    assert json.loads(cli("--db", target, "log", "--verify", "--json").output)["broken_at"] == 3


def test_log_verify_names_an_event_removed(backend, cli):
    target = _field(backend)
    raw = Raw(backend, target)
    try:
        raw.delete_event(5)
    finally:
        raw.close()
    result = cli("--db", target, "log", "--verify")
    assert result.exit_code == 1
    assert "events 5 to 5 are missing" in result.output


def test_db_copy_and_backup_carry_the_chain(backend, cli, tmp_path):
    target = _field(backend)
    head = json.loads(cli("--db", target, "log", "--verify", "--json").output)["head"]
    dest = tmp_path / "copy.tdtool"
    result = cli("--db", target, "backup", dest)
    assert result.exit_code == 0, result.output
    copied = json.loads(cli("--db", dest, "log", "--verify", "--json").output)
    assert copied["ok"] and copied["head"] == head


def test_a_file_of_release_0_1_0_gets_its_chain_when_read_and_on_upgrade(cli, tmp_path):
    import shutil

    from tests.conftest import ROOT

    path = tmp_path / "old.tdtool"
    shutil.copy(ROOT / "tests" / "data" / "release-0.1.0.tdtool", path)
    before = json.loads(cli("--db", path, "log", "--verify", "--json").output)
    assert before["ok"], before
    assert cli("--db", path, "clock", "pause").exit_code in (0, 1)
    cli("--db", path, "status")
    after = json.loads(cli("--db", path, "log", "--verify", "--json").output)
    assert after["ok"] and after["events"] >= before["events"]
