"""One contract for the registry's backends (tdtool.io.registry_store): the SQLite file and
the PostgreSQL database both subclass `RegistryContract` (the PostgreSQL ones are slow)."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path
from typing import Any

import pytest

from tdtool.errors import InputError
from tdtool.io.registry_store import KnownEvent, open_registry
from tdtool.io.registry_where import exists
from tdtool.tournament.registry import RegistryPlayer


class RegistryContract:
    """What every registry backend must do."""

    @pytest.fixture
    def target(self) -> Any:  # pragma: no cover - every subclass gives its own
        raise NotImplementedError

    def test_there_is_no_registry_until_one_is_made(self, target):
        assert not exists(target)
        with pytest.raises(InputError, match="players add"):
            open_registry(target)
        open_registry(target, create=True).close()
        assert exists(target)

    def test_ids_are_handed_out_in_turn_with_names_aliases_and_contact(self, target):
        registry = open_registry(target, "desk", create=True)
        with registry.change() as tx:
            first = tx.add("José García", "j@x.org", "555 1234", ["Pepe"])
            second = tx.add("Anna", None, None)
            tx.record("player.added", {"id": first})
        assert (first, second) == (1, 2)
        assert registry.players() == [
            RegistryPlayer(1, "José García", ("Pepe",), "j@x.org", "555 1234"),
            RegistryPlayer(2, "Anna"),
        ]
        log = registry.log()
        assert [(line.kind, line.operator, line.data) for line in log] == [
            ("player.added", "desk", {"id": 1})
        ]
        registry.close()

    def test_a_change_that_fails_writes_nothing(self, target):
        registry = open_registry(target, create=True)
        with pytest.raises(RuntimeError), registry.change() as tx:
            tx.add("Anna", None, None)
            raise RuntimeError("the power went")
        assert registry.players() == []
        assert registry.log() == []
        registry.close()

    def test_an_update_writes_the_merge_and_the_aliases(self, target):
        registry = open_registry(target, create=True)
        with registry.change() as tx:
            a = tx.add("A", None, None, ["x"])
            b = tx.add("B", None, None)
        with registry.change() as tx:
            tx.update(RegistryPlayer(a, "A", ("y", "B"), "a@b.org"))
            tx.update(RegistryPlayer(b, "B", (), merged_into=a))
        assert registry.players() == [
            RegistryPlayer(a, "A", ("B", "y"), "a@b.org"),
            RegistryPlayer(b, "B", (), merged_into=a),
        ]
        registry.close()

    def test_a_tournament_is_noted_once_its_source_kept_up_to_date(self, target):
        registry = open_registry(target, create=True)
        with registry.change() as tx:
            tx.note_event(KnownEvent("Friday@1.0", "/old/friday.tdtool", "Friday"))
        with registry.change() as tx:
            tx.note_event(KnownEvent("Friday@1.0", "/new/friday.tdtool", "Friday"))
            tx.note_event(KnownEvent("Sat@2.0", "/new/sat.tdtool", "Sat"))
        assert registry.events() == [
            KnownEvent("Friday@1.0", "/new/friday.tdtool", "Friday"),
            KnownEvent("Sat@2.0", "/new/sat.tdtool", "Sat"),
        ]
        registry.close()

    def test_two_terminals_adding_at_once_never_share_an_id(self, target):
        open_registry(target, create=True).close()
        errors: list[BaseException] = []

        def terminal(name: str) -> None:
            try:
                registry = open_registry(target)
                for i in range(15):
                    with registry.change() as tx:
                        tx.add(f"{name} {i}", None, None)
                registry.close()
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=terminal, args=(n,)) for n in ("Left", "Right")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        registry = open_registry(target)
        players = registry.players()
        registry.close()
        assert len(players) == 30
        assert sorted(p.id for p in players) == list(range(1, 31))


class TestFileRegistry(RegistryContract):
    @pytest.fixture
    def target(self, tmp_path: Path) -> Any:
        return tmp_path / "players.tdreg"


class TestPostgresRegistry(RegistryContract):
    @pytest.fixture
    def target(self, pg_server: Any) -> Any:
        from tests import pg_server as pg

        name = f"reg_{uuid.uuid4().hex[:10]}"
        pg_server.admin(f"CREATE DATABASE {name} OWNER {pg.USER}", database="postgres")
        return f"postgresql://{pg.USER}:{pg.PASSWORD}@127.0.0.1:{pg_server.port}/{name}"


def test_a_file_that_is_no_registry_is_named(tmp_path):
    other = tmp_path / "friday.tdtool"
    other.write_bytes(b"not a database at all" * 100)
    with pytest.raises(InputError, match="friday.tdtool"):
        open_registry(other)
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(InputError, match="folder"):
        open_registry(folder, create=True)


def test_a_tournament_file_is_no_registry(tmp_path):
    from tests.tournament_fixtures import make

    path = make(tmp_path / "cup.tdtool")
    with pytest.raises(InputError, match="not a player registry"):
        open_registry(path)


def test_a_registry_of_a_newer_tdtool_is_refused(tmp_path):
    import sqlite3

    path = tmp_path / "players.tdreg"
    open_registry(path, create=True).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE tdtool_registry_meta SET value = '99' WHERE key = 'version'")
    conn.commit()
    conn.close()
    with pytest.raises(InputError, match="newer tdtool"):
        open_registry(path)


# --- processes (slow) ------------------------------------------------------------------------

_ADD_MANY = """
import sys
from pathlib import Path
from tdtool.app.registry import RegistryAt, add
at = RegistryAt(Path(sys.argv[1]), sys.argv[2])
for i in range(int(sys.argv[3])):
    add(at, f"{sys.argv[2]} {i}")
"""

_KILLED = """
import os, sys
from pathlib import Path
from tdtool.io.registry_store import open_registry
registry = open_registry(Path(sys.argv[1]))
with registry.change() as tx:
    tx.add("Half Done", None, None, ["Never"])
    tx.record("player.added", {"id": 99})
    os._exit(9)  # the power goes before the COMMIT
"""


@pytest.mark.slow
def test_two_terminals_adding_at_once_get_every_player_an_id_of_their_own(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "players.tdreg"
    open_registry(path, create=True).close()
    terminals = [
        subprocess.Popen([sys.executable, "-c", _ADD_MANY, str(path), name, "25"])
        for name in ("left", "right")
    ]
    assert [t.wait(timeout=120) for t in terminals] == [0, 0]
    registry = open_registry(path)
    players = registry.players()
    log = registry.log()
    registry.close()
    assert sorted(p.id for p in players) == list(range(1, 51))
    assert {p.name for p in players} == {f"{n} {i}" for n in ("left", "right") for i in range(25)}
    assert [line.seq for line in log] == list(range(1, 51))
    assert {line.operator for line in log} == {"left", "right"}


@pytest.mark.slow
def test_a_process_killed_mid_change_leaves_the_registry_as_it_was(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "players.tdreg"
    registry = open_registry(path, create=True)
    with registry.change() as tx:
        tx.add("Anna", None, None)
    registry.close()
    killed = subprocess.run([sys.executable, "-c", _KILLED, str(path)], timeout=60)
    assert killed.returncode == 9
    registry = open_registry(path)
    assert [p.name for p in registry.players()] == ["Anna"]
    assert registry.log() == []
    with registry.change() as tx:  # and the next change goes through at once
        assert tx.add("Ben", None, None) == 2
    registry.close()
