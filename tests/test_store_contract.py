"""One contract, two backends: `tdtool.io.store_base.TournamentStore` as the application uses it.

`StoreContract` holds the tests; `TestFileStore` and `TestPostgresStore` run them on a
tournament file and on a tournament on a PostgreSQL server (the way eventsourcing holds its
SQLite and PostgreSQL recorders to one test case). A behaviour that differs between the two
backends is a failure here, not a `type: ignore`.
"""

from __future__ import annotations

import random
import uuid
from pathlib import Path
from typing import Any

import pytest

import tdtool.io.snapshots as snap
from tdtool.errors import RuleError
from tdtool.io.store_base import (
    UNDO,
    TournamentStore,
    create_store,
    open_store,
    restore_store,
)
from tdtool.tournament import director
from tdtool.tournament.state import fold
from tests.test_store_snapshots import plain
from tests.tournament_fixtures import created


class StoreContract:
    """What every backend must do. Subclasses give `new_target`."""

    @pytest.fixture
    def new_target(self) -> Any:  # pragma: no cover - every subclass gives its own
        raise NotImplementedError

    def _new(self, new_target: Any, **kwargs: Any) -> Any:
        target = new_target()
        with create_store(target, [("tournament.created", created(**kwargs))], now=1000.0):
            pass
        return target

    def _register(self, store: TournamentStore, names: list[str]) -> None:
        with store.transaction() as tx:
            for kind, data in director.register(tx.state(), names, tx.now, random.Random(1)):
                tx.append(kind, data)

    def test_a_new_tournament_holds_its_creation_as_change_one(self, new_target):
        target = self._new(new_target)
        with open_store(target) as store:
            (record,) = store.log()
            assert (record.event.seq, record.event.change, record.event.kind) == (
                1,
                1,
                "tournament.created",
            )
            assert store.state().name == "Test Cup"
            assert store.last_change() == ()

    def test_a_change_is_its_events_under_one_number_time_and_operator(self, new_target):
        target = self._new(new_target)
        with open_store(target, operator="Dana") as store:
            with store.transaction(now=2000.0) as tx:
                tx.append("player.registered", {"name": "Ann"})
                tx.append("player.registered", {"name": "Ben"})
            events = store.events()[1:]
        assert [(e.seq, e.change, e.at, e.operator) for e in events] == [
            (2, 2, 2000.0, "Dana"),
            (3, 2, 2000.0, "Dana"),
        ]

    def test_a_change_that_fails_records_nothing(self, new_target):
        target = self._new(new_target)
        with open_store(target) as store:
            with pytest.raises(ZeroDivisionError), store.transaction() as tx:
                tx.append("player.registered", {"name": "Ann"})
                raise ZeroDivisionError
            assert len(store.log()) == 1
            self._register(store, ["Ben"])
            assert [e.change for e in store.events()] == [1, 2]

    def test_undo_takes_back_the_whole_last_change_and_records_it(self, new_target):
        target = self._new(new_target)
        with open_store(target) as store:
            self._register(store, ["Ann", "Ben"])
            self._register(store, ["Cleo"])
            undone = store.undo()
            assert [e.data["name"] for e in undone] == ["Cleo"]
            assert [p.name for p in store.state().players.values()] == ["Ann", "Ben"]
            log = store.log()
            assert log[-1].event.kind == UNDO and log[-1].event.data == {"change": 3}
            assert [r.undone for r in log] == [False, False, False, True, False]
            with pytest.raises(RuleError, match="no longer the last one"):
                store.undo(change=3)
            store.undo()
            with pytest.raises(RuleError, match="Nothing to undo"):
                store.undo()

    def test_events_of_some_kinds_and_the_last_records_of_the_log(self, new_target):
        target = self._new(new_target)
        with open_store(target) as store:
            self._register(store, [f"P{i}" for i in range(5)])
            with store.transaction() as tx:
                tx.append("clock.start", {})
            assert [e.kind for e in store.events(kinds={"clock.start"})] == ["clock.start"]
            assert [r.event.seq for r in store.log(2)] == [6, 7]
            assert [r.event.seq for r in store.log(100)] == list(range(1, 8))

    def test_the_state_is_the_fold_of_the_log_through_snapshots(self, new_target, monkeypatch):
        monkeypatch.setattr(snap, "SNAPSHOT_EVERY", 3)
        target = self._new(new_target)
        with open_store(target) as store:
            for i in range(6):
                self._register(store, [f"P{i}", f"Q{i}"])
            with store.transaction() as tx:
                for kind, data in director.draw(tx.state(), random.Random(4)):
                    tx.append(kind, data)
            store.undo()
            assert plain(store.state()) == plain(fold(store.events()))

    def test_a_view_folds_again_only_after_a_change(self, new_target):
        target = self._new(new_target)
        with open_store(target) as store, open_store(target) as other:
            view = store.view()
            first = view.state()
            assert view.state() is first and not view.changed()
            self._register(other, ["Ann"])
            assert view.changed()
            assert [p.name for p in view.state().players.values()] == ["Ann"]

    def test_verify_holds_after_changes_and_undos(self, new_target):
        target = self._new(new_target)
        with open_store(target) as store:
            self._register(store, ["Ann", "Ben"])
            store.undo()
            self._register(store, ["Cleo"])
            verdict, bad = store.verify()
        assert verdict.ok and verdict.events == 5 and len(verdict.head) == 32 and bad == []

    def test_backup_writes_a_file_that_reads_the_same(self, new_target, tmp_path):
        target = self._new(new_target)
        with open_store(target) as store:
            self._register(store, ["Ann", "Ben"])
            written = store.backup(tmp_path / "copy.tdtool")
            head = store.verify()[0].head
            with pytest.raises(Exception, match="already exists"):
                store.backup(written)
        with open_store(written) as copy:
            assert [p.name for p in copy.state().players.values()] == ["Ann", "Ben"]
            assert copy.verify()[0].head == head

    def test_a_restored_copy_has_the_same_log_and_chain(self, new_target):
        target = self._new(new_target)
        with open_store(target) as store:
            self._register(store, ["Ann"])
            store.undo()
            self._register(store, ["Ben"])
            records = store.log()
            head = store.verify()[0].head
        copy = new_target()
        restore_store(copy, records)
        with open_store(copy) as restored:
            assert restored.log() == records
            assert restored.verify()[0].head == head

    def test_version_moves_with_every_change_by_anyone(self, new_target):
        target = self._new(new_target)
        with open_store(target) as store, open_store(target) as other:
            before = store.version()
            self._register(other, ["Ann"])
            assert store.version() != before

    def test_staff_links_are_taken_once_and_sessions_end_with_their_person(self, new_target):
        target = self._new(new_target)
        with open_store(target) as store:
            store.change(lambda tx: tx.grant_link("link-hash", "Maria", tx.now + 60))
            assert store.change(lambda tx: tx.take_link("other")) is None
            name, expires = store.change(lambda tx: tx.take_link("link-hash"))
            assert name == "Maria" and expires > store.now()
            assert store.change(lambda tx: tx.take_link("link-hash")) is None  # used up
            store.change(lambda tx: tx.open_session("s1", "Maria", tx.now + 60))
            store.change(lambda tx: tx.open_session("s2", "Maria", tx.now + 60))
            store.change(lambda tx: tx.open_session("s3", "Deb", tx.now + 60))
            assert store.session("s1")[0] == "Maria"
            assert store.change(lambda tx: tx.end_access("Maria")) == 2
            assert store.session("s1") is None and store.session("s2") is None
            assert store.session("s3")[0] == "Deb"
            assert store.log()[-1].event.kind == "tournament.created"  # no events: no log


class TestFileStore(StoreContract):
    @pytest.fixture
    def new_target(self, tmp_path: Path) -> Any:
        return lambda: tmp_path / f"{uuid.uuid4().hex[:8]}.tdtool"


class TestPostgresStore(StoreContract):
    @pytest.fixture
    def new_target(self, pg_server: Any) -> Any:
        return lambda: pg_server.url(f"contract-{uuid.uuid4().hex[:10]}")
