"""The cached view of `clock run` and the TV page: folded again only when the file changed."""

from __future__ import annotations

import threading

import tdtool.io.store as store_mod
from tdtool.cli.clock_web import clock_json
from tdtool.io.store import Store, Watcher
from tdtool.io.store_base import open_store
from tests.tournament_fixtures import make


def counting(monkeypatch) -> list[int]:
    """Count the folds (`_folded` calls) from now on."""
    calls: list[int] = []
    real = store_mod._folded

    def folded(conn):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(conn)

    monkeypatch.setattr(store_mod, "_folded", folded)
    return calls


def register(store: Store, name: str) -> None:
    store.change(lambda tx: tx.append("player.registered", {"name": name}))


def test_an_unchanged_tournament_is_not_read_again(tmp_path, monkeypatch):
    path = make(tmp_path / "t.tdtool")
    with open_store(path) as store:
        view = store.view()
        calls = counting(monkeypatch)
        first = view.state()
        assert [view.state() is first for _ in range(50)] == [True] * 50
        assert not view.changed()
    assert len(calls) == 1


def test_a_change_from_another_terminal_is_seen_at_the_next_refresh(tmp_path, monkeypatch):
    path = make(tmp_path / "t.tdtool")
    with open_store(path) as display, open_store(path) as terminal:
        view = display.view()
        assert view.state().entries == 0
        calls = counting(monkeypatch)
        register(terminal, "Anna")
        assert view.changed()
        assert view.state().entries == 1
        assert view.state().entries == 1
        terminal.undo()
        assert view.state().entries == 0
    assert len(calls) == 2


def test_a_change_made_through_the_same_store_is_seen(tmp_path):
    """`clock run` records its keys' clock events through the store it displays."""
    path = make(tmp_path / "t.tdtool")
    with open_store(path) as store:
        view = store.view()
        assert view.state().entries == 0
        register(store, "Anna")
        assert view.state().entries == 1


def test_a_watcher_serves_many_threads_and_sees_changes(tmp_path):
    path = make(tmp_path / "t.tdtool")
    with Watcher(path) as watcher, open_store(path) as terminal:
        seen: list[int] = []
        errors: list[BaseException] = []

        def poll() -> None:
            try:
                for _ in range(30):
                    seen.append(watcher.state().entries)
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=poll) for _ in range(4)]
        for t in threads:
            t.start()
        for i in range(5):
            register(terminal, f"P{i}")
        for t in threads:
            t.join()
        assert not errors
        assert set(seen) <= set(range(6)) and len(seen) == 120
        assert watcher.state().entries == 5
        assert clock_json(path, watcher)["entries"] == 5
