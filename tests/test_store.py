"""The tournament file: event log, changes, undo, migrations, bad files."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tdtool.errors import InputError, RuleError
from tdtool.io import store as store_mod
from tdtool.io.store import SCHEMA_VERSION
from tdtool.io.store_base import open_store, restore_store
from tests.tournament_fixtures import created, make


def test_events_of_one_change_share_its_id_and_time(backend):
    with open_store(make(backend.target())) as store:
        with store.transaction(now=1000.0) as tx:
            a = tx.append("player.registered", {"name": "Anna"})
            b = tx.append("player.registered", {"name": "Ben"})
        assert a.change == b.change and a.at == b.at == 1000.0
        assert [e.kind for e in store.events()] == ["tournament.created"] + [
            "player.registered"
        ] * 2


def test_a_failed_change_records_nothing(backend):
    with open_store(make(backend.target())) as store:
        with pytest.raises(RuntimeError), store.transaction() as tx:
            tx.append("player.registered", {"name": "Anna"})
            raise RuntimeError("boom")
        assert len(store.events()) == 1
        assert store.change(lambda tx: tx.append("player.registered", {"name": "Ben"})).seq > 1


def test_undo_takes_back_the_whole_last_change_and_keeps_history(backend):
    with open_store(make(backend.target())) as store:
        store.change(lambda tx: tx.append("player.registered", {"name": "Anna"}))
        with store.transaction() as tx:
            tx.append("player.registered", {"name": "Ben"})
            tx.append("player.registered", {"name": "Cleo"})
        undone = store.undo()
        assert [e.data["name"] for e in undone] == ["Ben", "Cleo"]
        assert [p.name for p in store.state().players.values()] == ["Anna"]
        assert store.undo()[0].data["name"] == "Anna"
        with pytest.raises(RuleError, match="Nothing to undo"):
            store.undo()
        log = store.log()
        assert [r.event.kind for r in log][-3:] == ["player.registered", "undo", "undo"]
        assert sum(r.undone for r in log) == 3


def test_events_filters_by_kind(backend):
    with open_store(make(backend.target())) as store:
        store.change(lambda tx: tx.append("player.registered", {"name": "Anna"}))
        assert [e.kind for e in store.events(kinds={"player.registered"})] == ["player.registered"]


def test_create_never_overwrites(backend):
    path = make(backend.target(), name="First")
    with pytest.raises(InputError, match="already exists"):
        make(path, name="Second")
    with open_store(path) as store:
        assert store.state().name == "First" and len(store.log()) == 1
    if not backend.is_pg:
        assert sorted(p.name for p in backend.tmp_path.iterdir()) == ["t.tdtool"]


@pytest.mark.parametrize(
    "content, message",
    [
        pytest.param(None, "No tournament file", id="missing"),
        pytest.param(b"name: not a database\n" * 100, "not a tdtool tournament", id="text-file"),
        pytest.param(
            b"SQLite format 3\x00" + b"\xff" * 200, "not a tdtool tournament", id="corrupt"
        ),
    ],
)
def test_bad_files_are_refused_naming_the_file(tmp_path, content, message):
    path = tmp_path / "bad.tdtool"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(InputError, match=message) as info:
        open_store(path)
    assert str(path) in str(info.value)


def test_another_sqlite_database_is_not_a_tournament(tmp_path):
    path = tmp_path / "other.tdtool"
    sqlite3.connect(path).execute("CREATE TABLE x (y)").connection.commit()
    with pytest.raises(InputError, match="not a tdtool tournament file"):
        open_store(path)


def _schema_1_file(path):
    """A file as the first tdtool release wrote it: migration 0001 only."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA application_id = {store_mod.APPLICATION_ID}")
    store_mod._migrate(conn, path, upto=1)
    conn.execute(
        "INSERT INTO events (change, kind, data, at) VALUES (1, 'tournament.created', ?, 1.0)",
        (json.dumps(created()),),
    )
    conn.close()


def test_migration_upgrades_an_older_file_and_records_its_name(tmp_path):
    path = tmp_path / "old.tdtool"
    _schema_1_file(path)
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION == 7
        assert store.migrations() == [
            "0001_event_log",
            "0002_index_events_by_change",
            "0003_snapshots",
            "0004_event_operator",
            "0005_event_chain",
            "0006_event_steady_clock",
            "0007_staff_access",
        ]
        assert store.state().name == "Test Cup"
        assert store.log()[0].event.operator == ""  # changes made before operators: nobody
    # Reading went through a copy upgraded in memory: the file is still as it was ...
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 1
    with open_store(path) as store:
        store.change(lambda tx: tx.append("player.registered", {"name": "Ann"}))
    # ... until its first change, which upgrades it on disk.
    file = sqlite3.connect(path)
    assert file.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    indexes = file.execute("PRAGMA index_list(events)").fetchall()
    assert any(row[1] == "events_by_change" for row in indexes)
    with open_store(path) as store:
        assert store.migrations()[-1] == "0007_staff_access"
        assert [r.event.operator for r in store.log()][:1] == [""]


def test_migration_refuses_a_file_from_a_newer_tdtool(tmp_path):
    path = make(tmp_path / "new.tdtool")
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(InputError, match="newer tdtool.*upgrade tdtool"):
        open_store(path)


def test_unknown_event_kind_is_refused_with_advice(backend):
    with open_store(make(backend.target())) as store:
        store.change(lambda tx: tx.append("hologram.shown", {}))
        with pytest.raises(InputError, match="hologram.shown.*upgrade tdtool"):
            store.state()


def test_a_database_failure_mid_change_is_one_clear_error_and_changes_nothing(backend):
    with open_store(make(backend.target())) as store:
        failure = "Could not save the change.*nothing was changed"
        with pytest.raises(InputError, match=failure), store.transaction() as tx:
            tx.append("player.registered", {"name": "Anna"})
            tx._conn.execute("INSERT INTO no_such_table VALUES (1)")  # e.g. disk I/O error
        assert [e.kind for e in store.events()] == ["tournament.created"]


def test_each_change_records_its_operator_and_undo_records_who_took_it_back(backend):
    target = make(backend.target())
    with open_store(target, operator="anna") as store:
        store.change(lambda tx: tx.append("player.registered", {"name": "Ben"}))
    with open_store(target, operator="bob") as store:
        assert [e.operator for e in store.last_change()] == ["anna"]
        undone = store.undo()
        assert undone[0].operator == "anna"
        log = store.log()
    assert [(r.event.kind, r.event.operator) for r in log][1:] == [
        ("player.registered", "anna"),
        ("undo", "bob"),
    ]


def test_operator_defaults_to_tdtool_operator_then_the_login(backend, monkeypatch):
    import getpass

    target = make(backend.target())
    monkeypatch.setenv("TDTOOL_OPERATOR", "floor-2")
    with open_store(target) as store:
        assert store.change(lambda tx: tx.append("player.registered", {"name": "A"})).operator == (
            "floor-2"
        )
    monkeypatch.delenv("TDTOOL_OPERATOR")
    with open_store(target) as store:
        assert store.operator == getpass.getuser()


def test_undo_of_a_named_change_refuses_when_another_came_since(backend):
    target = make(backend.target())
    with open_store(target) as a, open_store(target) as b:
        a.change(lambda tx: tx.append("player.registered", {"name": "Anna"}))
        seen = a.last_change()[0].change
        b.change(lambda tx: tx.append("player.registered", {"name": "Ben"}))
        with pytest.raises(RuleError, match=f"Change {seen} is no longer the last"):
            a.undo(change=seen)
        assert [p.name for p in a.state().players.values()] == ["Anna", "Ben"]


def test_restore_copies_a_log_exactly_and_refuses_to_overwrite(backend, tmp_path):
    source = make(tmp_path / "src.tdtool")
    with open_store(source, operator="anna") as store:
        store.change(lambda tx: tx.append("player.registered", {"name": "Zoë"}))
        store.change(lambda tx: tx.append("player.registered", {"name": "Ben"}))
        store.undo()
        records = store.log()
    target = backend.target("copy")
    restore_store(target, records)
    with open_store(target) as copied:
        assert copied.log() == records
        assert copied.state().players.keys() == {"zoë"}
    with pytest.raises(InputError, match="--force"):
        restore_store(target, records[:2])
    restore_store(target, records[:2], force=True)
    with open_store(target) as copied:
        assert copied.log() == records[:2]
        # Numbering goes on from the copy: the next change follows the last one copied.
        assert copied.change(lambda tx: tx.append("player.registered", {"name": "C"})).seq == 3
