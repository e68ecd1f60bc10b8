"""The player registry in the festival's PostgreSQL database (slow: it needs the server):
the same commands as with the file, registration on a server's tournament linked to it, and
`players show` reading that tournament back without a password written anywhere."""

from __future__ import annotations

import json
import uuid

from tests import pg_server as pg


def _database(server) -> str:
    name = f"fest_{uuid.uuid4().hex[:10]}"
    server.admin(f"CREATE DATABASE {name} OWNER {pg.USER}", database="postgres")
    return f"postgresql://{pg.USER}:{pg.PASSWORD}@127.0.0.1:{server.port}/{name}"


def _ok(cli, *args):
    result = cli(*args)
    assert result.exit_code == 0, result.output
    return result


def test_the_registry_lives_in_the_festival_database(cli, pg_server, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TDTOOL_REGISTRY", raising=False)
    url = _database(pg_server)
    week = f"{url}?tournament=week-1"
    _ok(cli, "--db", week, "new", "Week 1", "--structure", "turbo", "--buy-in", "20")
    # Without a registry in the database, registration is as it always was.
    plain = json.loads(_ok(cli, "--db", week, "player", "add", "Zed", "--json").stdout)
    assert "registry" not in plain
    _ok(cli, "--db", url, "players", "add", "José García", "--email", "j@example.org")
    assert not (tmp_path / "players.tdreg").exists()
    added = json.loads(
        _ok(cli, "--db", week, "player", "add", "jose garcia", "Ben", "--json").stdout
    )
    assert added["registry"][0] == {"typed": "jose garcia", "name": "José García",
                                    "player_id": 1, "how": "same"}  # fmt: skip
    _ok(cli, "--db", week, "seat", "draw")
    _ok(cli, "--db", week, "player", "bust", "Ben", "--yes")
    _ok(cli, "--db", week, "player", "bust", "Zed", "--yes")
    shown = json.loads(_ok(cli, "--db", url, "players", "show", "#1", "--json").stdout)
    assert [(e["event"], e["place"], e["prize"]) for e in shown["events"]] == [("Week 1", 1, 60)]
    assert pg.PASSWORD not in json.dumps(shown)
    stored = pg_server.admin(
        "SELECT source FROM tdtool_registry_events", database=url.rsplit("/", 1)[1]
    )
    assert pg.PASSWORD not in stored and "tournament=week-1" in stored
    found = json.loads(_ok(cli, "--db", url, "players", "find", "GARCIA", "--json").stdout)
    assert [p["id"] for p in found["players"]] == [1]


def test_player_add_looks_for_the_registry_and_matches_names_on_one_connection(
    cli, pg_server, tmp_path, monkeypatch
):
    # It connected once to ask whether there is a registry and again to match the names.
    from tdtool.io import store_pg

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TDTOOL_REGISTRY", raising=False)
    url = _database(pg_server)
    week = f"{url}?tournament=week-1"
    _ok(cli, "--db", week, "new", "Week 1", "--structure", "turbo", "--buy-in", "20")
    made = []
    real = store_pg.connect

    def counted(*args, **kwargs):
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(store_pg, "connect", counted)
    _ok(cli, "--db", week, "status")
    reading = len(made)
    made.clear()
    _ok(cli, "--db", week, "player", "add", "Zed")
    assert len(made) == reading + 1  # the tournament's own, and one to find no registry
    _ok(cli, "--db", url, "players", "add", "Ann Lee")
    made.clear()
    _ok(cli, "--db", week, "player", "add", "Bo")  # no match: the tournament is not read again
    assert len(made) == reading + 1
