"""`tdtool player rename OLD NEW` (issue 22): a name typed wrong at registration is corrected
as one recorded, undoable change, and everything that names the player follows."""

from __future__ import annotations

import json

from tdtool.io.store_base import open_store
from tdtool.names import surname_first
from tdtool.tournament.state import fold


def _j(cli, db, *args):
    result = cli("--db", db, *args, "--json")
    assert result.exit_code == 0, (args, result.output)
    return json.loads(result.stdout)


def test_player_rename_corrects_a_name_and_results_sheets_and_knockouts_follow(
    cli, backend, tmp_path
):
    db = backend.target("rename")
    ok = cli("new", "PKO", "--structure", "turbo", "--buy-in", "100", "--bounty", "50",
             "--pko", "--seats", "6", "--db", db)  # fmt: skip
    assert ok.exit_code == 0, ok.output
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")
    cli("--db", db, "seat", "draw")  # two tables of four
    tables = _j(cli, db, "seat", "show")["tables"]
    # The one misnamed sits at table 2, which breaks at the first bust: the final table
    # forms at 7 (RP-9), so the move slips name them.
    typo = next(iter(tables[-1]["seats"].values()))
    name = f"{typo}ë Marié"
    first_out = next(iter(tables[0]["seats"].values()))
    cli("--db", db, "player", "chips", typo, "30000")
    out = cli("--db", db, "player", "bust", first_out, "--by", typo, "--anywhere", "--yes")
    assert out.exit_code == 0 and f"({typo}) →" in out.stdout, out.output
    second_out = next(n for n in _j(cli, db, "seat", "show")["tables"][0]["seats"].values()
                      if n != typo)  # fmt: skip
    out = cli("--db", db, "player", "bust", second_out, "--by", typo, "--yes")
    assert out.exit_code == 0, out.output
    before = {p["name"]: p for p in _j(cli, db, "player", "list")}[typo]

    out = cli("--db", db, "player", "rename", typo.lower(), name)
    assert out.exit_code == 0, out.output
    assert out.stdout.startswith(f"Renamed {typo} to {name} (table 1, seat ")
    rows = {p["name"]: p for p in _j(cli, db, "player", "list")}
    assert typo not in rows
    assert rows[name] == before | {"name": name}  # seat, entries, bounty, chips kept
    ko = _j(cli, db, "player", "bounties")["knockouts"]
    assert [s["name"] for k in ko for s in k["by"]] == [name, name]
    seats = [n for t in _j(cli, db, "seat", "show")["tables"] for n in t["seats"].values()]
    assert name in seats and typo not in seats
    assert _j(cli, db, "status")["chips"]["leader"]["name"] == name  # the fold's running lead
    sheet = tmp_path / "list.html"
    assert cli("--db", db, "seat", "print", "list", "-o", sheet).exit_code == 0
    assert surname_first(name) in sheet.read_text()  # the list is by surname
    slips = tmp_path / "moves.html"  # the break moved the player before the rename
    assert cli("--db", db, "seat", "print", "moves", "--all", "-o", slips).exit_code == 0
    assert name in slips.read_text()
    assert f"Renamed {typo} to {name}" in cli("--db", db, "log").stdout
    # Later commands use the new name; the results end with it.
    for busted in [n for n in rows if rows[n]["status"] == "seated" and n != name]:
        out = cli("--db", db, "player", "bust", busted, "--by", name, "--yes")
        assert out.exit_code == 0, out.output
    assert f"{name} wins the tournament!" in out.stdout
    report = _j(cli, db, "report")
    assert (report["results"][0]["name"], report["results"][0]["place"]) == (name, 1)
    assert f'"{typo}"' not in json.dumps(report, ensure_ascii=False)
    # The state read through the store is the log folded from scratch.
    with open_store(db) as store:
        read, fresh = store.state(), fold(store.events())
    assert [p.name for p in read.players.values()] == [p.name for p in fresh.players.values()]
    assert read.knockouts == fresh.knockouts and read.eliminations == fresh.eliminations


def test_player_rename_is_undone_and_refuses_another_players_name(cli, backend):
    db = backend.target("undo")
    assert cli("new", "C", "--structure", "turbo", "--db", db).exit_code == 0
    cli("--db", db, "player", "add", "Anna", "Bem", "Ben")
    log = _j(cli, db, "log")
    for args, code, words in (
        (["Bem", "ben"], 1, "Ben is already registered"),
        (["Bem", "BÉN"], 1, "Ben is already registered"),
        (["Zed", "Zoe"], 2, "No player called 'Zed'"),
        (["Bem", "Bem"], 2, "already called so"),
        (["Bem", " "], 2, "cannot be empty"),
    ):
        out = cli("--db", db, "player", "rename", *args)
        assert out.exit_code == code and words in out.stderr, (args, out.output)
        assert "Traceback" not in out.output
    assert _j(cli, db, "log") == log  # nothing recorded
    assert cli("--db", db, "player", "rename", "Bem", "Bea").exit_code == 0
    assert cli("--db", db, "player", "rename", "anna", "ANNA").exit_code == 0  # case alone
    assert [p["name"] for p in _j(cli, db, "player", "list")] == ["ANNA", "Bea", "Ben"]
    assert cli("--db", db, "undo", "--yes").exit_code == 0
    assert cli("--db", db, "undo", "--yes").exit_code == 0
    assert [p["name"] for p in _j(cli, db, "player", "list")] == ["Anna", "Bem", "Ben"]
    data = _j(cli, db, "player", "rename", "Bem", "Bea")
    assert data == {"old": "Bem", "new": "Bea", "status": "unseated", "table": None, "seat": None}
