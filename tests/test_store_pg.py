"""The tournament store on PostgreSQL: server time, operators, selecting a tournament,
db list/copy, credentials kept out of every message, failures that leave nothing half written.

The tests shared with the file store (tests/test_store.py, tests/test_tournament_cli.py) run
on both backends through the `backend` fixture; these are the ones about the server itself.
"""

from __future__ import annotations

import json
import time

import pytest

from tdtool.errors import InputError
from tdtool.io.store_base import open_store
from tests import pg_server as pgs
from tests.tournament_fixtures import make


def _unique(stem: str) -> str:
    import uuid

    return f"{stem}-{uuid.uuid4().hex[:8]}"


def test_a_laptop_clock_90_s_off_does_not_move_the_level_clock(cli, pg_server, monkeypatch):
    url = make(pg_server.url(_unique("clock")))
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 90)  # this laptop runs 90 s fast
    assert cli("--db", url, "clock", "start").exit_code == 0
    with open_store(url) as store:
        started = store.events(kinds={"clock.start"})[-1].at
    assert abs(started - real()) < 5, "the change was stamped with the laptop's time"
    for command in (("clock", "status"), ("status",)):
        data = json.loads(cli("--db", url, *command, "--json").stdout)
        clock = data.get("clock", data)
        left = clock["remaining_seconds"]
        assert 15 * 60 - 5 <= left <= 15 * 60, (command, left)  # not 90 s gone


def test_new_on_a_server_names_the_tournament_and_db_list_shows_it(cli, pg_server):
    base = pg_server.url()
    key = _unique("friday")
    result = cli("--db", f"{base}?tournament={key}", "new", "Friday Turbo", "-s", "turbo")
    assert result.exit_code == 0, result.output
    assert pgs.PASSWORD not in result.output
    slugged = cli("--db", base, "new", "Saturday Deep Stack", "-s", "turbo")
    assert slugged.exit_code in (0, 2)  # 2 when a previous session made it already
    rows = json.loads(cli("--db", base, "db", "list", "--json").stdout)
    keys = {r["tournament"]: r for r in rows}
    assert keys[key]["name"] == "Friday Turbo" and keys[key]["changes"] == 1
    assert "saturday-deep-stack" in keys
    listing = cli("--db", base, "db", "list")
    assert key in listing.stdout and pgs.PASSWORD not in listing.output


def test_a_database_with_several_tournaments_asks_which_one(cli, pg_server):
    make(pg_server.url(_unique("a")))
    make(pg_server.url(_unique("b")))
    result = cli("--db", pg_server.url(), "status")
    assert result.exit_code == 2
    assert "several tournaments" in result.stderr and "?tournament=" in result.stderr
    missing = cli("--db", pg_server.url("no-such-cup"), "status")
    assert missing.exit_code == 2 and "db list" in missing.stderr
    fragment = pg_server.url() + "#" + "no-such-cup"
    assert "No tournament no-such-cup" in cli("--db", fragment, "status").stderr


def test_the_tournament_url_works_from_tdtool_db(cli, pg_server):
    url = make(pg_server.url(_unique("env")))
    result = cli("player", "add", "Anna", env={"TDTOOL_DB": url, "TDTOOL_OPERATOR": "desk-1"})
    assert result.exit_code == 0, result.output
    records = json.loads(cli("--db", url, "log", "--json").stdout)
    assert records[-1]["operator"] == "desk-1"


@pytest.mark.parametrize("where", ["url", "pgpass", "env"])
def test_credentials_are_never_printed(cli, pg_server, tmp_path, monkeypatch, where):
    bare = pg_server.url(password=False)
    key = _unique("secret")
    if where == "url":
        url = pg_server.url(key)
    else:
        url = f"{bare}?tournament={key}"
        if where == "pgpass":
            pgpass = tmp_path / "pgpass"
            pgpass.write_text(f"127.0.0.1:{pg_server.port}:*:{pgs.USER}:{pgs.PASSWORD}\n")
            pgpass.chmod(0o600)
            monkeypatch.setenv("PGPASSFILE", str(pgpass))
        else:
            monkeypatch.setenv("PGPASSWORD", pgs.PASSWORD)
    outputs = [cli("--db", url, "new", "Secret Cup", "-s", "turbo")]
    assert outputs[0].exit_code == 0, outputs[0].output
    for args in (("status",), ("log",), ("log", "--json"), ("db", "list"), ("undo",)):
        outputs.append(cli("--db", url, *args))
    outputs.append(cli("db", "copy", url, tmp_path / "copy.tdtool"))
    assert outputs[-1].exit_code == 0, outputs[-1].output
    outputs.append(cli("db", "copy", url, tmp_path / "copy.tdtool"))  # refused: exists
    for result in outputs:
        assert pgs.PASSWORD not in result.output


def test_a_refused_login_is_one_error_line_without_the_password(cli, pg_server):
    url = pg_server.url(_unique("x")).replace(pgs.PASSWORD, "wrong-password-123")
    result = cli("--db", url, "status")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert "refused the login" in result.stderr and "wrong-password-123" not in result.output


def test_an_unreachable_server_is_one_error_line_exit_2(cli):
    port = pgs._free_port()  # nothing listens there
    url = f"postgresql://td:hunter22@127.0.0.1:{port}/festival?tournament=x"
    started = time.monotonic()
    result = cli("--db", url, "player", "add", "Anna")
    assert time.monotonic() - started < 10
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: Cannot reach the tournament server")
    assert result.stderr.count("\n") == 1 and "hunter22" not in result.output


def test_a_connection_dropped_mid_change_writes_nothing(pg_server):
    url = make(pg_server.url(_unique("drop")))
    with open_store(url) as store:
        before = store.log()
        with pytest.raises(InputError, match="Lost the connection.*nothing was changed"):  # noqa: SIM117
            with store.transaction() as tx:
                tx.append("player.registered", {"name": "Anna"})
                pid = tx._conn.info.backend_pid
                pg_server.admin(f"SELECT pg_terminate_backend({pid})")
                tx.append("player.registered", {"name": "Ben"})
    with open_store(url) as store:
        assert store.log() == before


def test_two_laptops_undo_asks_before_taking_back_the_other_ones_change(cli, backend):
    db = make(backend.target("undo"))
    assert cli("--db", db, "--operator", "anna", "player", "add", "Zoe").exit_code == 0
    refused = cli("--db", db, "--operator", "bob", "undo")
    assert refused.exit_code == 2
    assert "made by anna, not by you (bob)" in refused.stderr and "--yes" in refused.stderr
    with open_store(db) as store:
        assert "zoe" in store.state().players
    done = cli("--db", db, "--operator", "bob", "undo", "--yes")
    assert done.exit_code == 0 and "(made by anna)" in done.stdout
    log = cli("--db", db, "log").stdout
    assert "anna" in log and "bob" in log
    # One's own change is taken back without a question.
    cli("--db", db, "--operator", "bob", "player", "add", "Ulf")
    assert cli("--db", db, "--operator", "bob", "undo").exit_code == 0


def test_db_copy_file_to_server_and_back_keeps_the_log_exactly(cli, pg_server, tmp_path):
    src = make(tmp_path / "friday.tdtool")
    cli("--db", src, "--operator", "anna", "player", "add", "Zoë", "Ben", "Cleo")
    cli("--db", src, "seat", "draw")
    cli("--db", src, "clock", "start")
    cli("--db", src, "--operator", "bob", "player", "bust", "Ben", "--yes")
    cli("--db", src, "undo", "--yes")
    key = _unique("moved")
    url = pg_server.url(key)
    result = cli("db", "copy", src, url)
    assert result.exit_code == 0, result.output
    assert "logs compare equal" in result.stdout and pgs.PASSWORD not in result.output
    back = tmp_path / "back.tdtool"
    assert cli("db", "copy", url, back).exit_code == 0
    with open_store(src) as a, open_store(url) as b, open_store(back) as c:
        assert a.log() == b.log() == c.log()
        assert a.state().plan.copy().__dict__ == c.state().plan.copy().__dict__
    again = cli("db", "copy", src, url)
    assert again.exit_code == 2 and "--force" in again.stderr
    assert cli("db", "copy", src, url, "--force").exit_code == 0
    # Work goes on on the server copy: the next change follows the copied numbering.
    assert cli("--db", url, "player", "add", "Dan").exit_code == 0
    with open_store(url) as b, open_store(src) as a:
        assert b.log()[: len(a.log())] == a.log()


def test_the_tv_page_and_the_terminal_clock_follow_another_laptop_within_a_second(pg_server):
    import threading
    from urllib.request import urlopen

    from tdtool.app.clock import perform
    from tdtool.cli.clock_web import make_server
    from tdtool.tournament.clock import ClockAction

    url = make(pg_server.url(_unique("tv")))
    server = make_server(url, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        api = f"http://127.0.0.1:{server.server_address[1]}/api/clock"

        def shown() -> str:
            with urlopen(api, timeout=5) as response:
                return json.loads(response.read())["status"]

        with open_store(url) as display:  # `clock run` on the TV laptop
            view = display.view()
            assert view.state().clock.facts == [] and not view.changed()
            assert shown() == "not started"
            with open_store(url, operator="floor") as laptop:  # another laptop starts it
                perform(laptop, ClockAction.START)
            started = time.monotonic()
            assert view.changed() and len(view.state().clock.facts) == 1
            # The server asks PostgreSQL for the last change at most every half second
            # (clock_web.PG_POLL): the page follows within a second, not at the next request.
            while shown() != "running":
                assert time.monotonic() - started < 1.0, "the TV page did not follow in 1 s"
                time.sleep(0.05)
            assert time.monotonic() - started < 1.0
    finally:
        server.shutdown()
        server.server_close()


def test_snapshots_on_the_server_follow_undo_and_the_state_is_the_fold(pg_server, monkeypatch):
    import random

    import tdtool.io.snapshots as store_mod
    from tdtool.tournament import director
    from tdtool.tournament.state import fold
    from tests.test_store_snapshots import plain

    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 2)
    url = make(pg_server.url(_unique("snap")))
    with open_store(url) as store:
        for i in range(8):
            with store.transaction() as tx:
                for kind, data in director.register(
                    tx.state(), [f"P{i}"], tx.now, random.Random(1)
                ):
                    tx.append(kind, data)
        kept = store._conn.execute(
            "SELECT count(*) FROM tdtool_snapshots WHERE tournament = %s", (store.tournament_id,)
        ).fetchone()[0]
        assert 0 < kept <= store_mod.SNAPSHOTS_KEPT
        _state, last, folded = store._folded()
        assert folded < 2 and last == store.events()[-1].seq  # read from the snapshot
        for _ in range(5):
            store.undo()
            assert plain(store.state()) == plain(fold(store.events()))
        assert [p.name for p in store.state().players.values()] == ["P0", "P1", "P2"]
