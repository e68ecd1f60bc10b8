"""The application layer: use cases called with plain values, typed results, no CLI."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tdtool.app import deals, players
from tdtool.errors import InputError, RuleError
from tdtool.io.store_base import open_store
from tdtool.tournament.icm import DealMethod
from tests.tournament_fixtures import make


@pytest.fixture
def db(tmp_path):
    return make(tmp_path / "cup.tdtool", buy_in=100, reentry=True, rebuy_price=100, addon_price=50)


def test_register_bust_reenter_rebuy_addon_through_the_app(db):
    added = players.register(db, [f"P{i}" for i in range(12)])
    assert [p.name for p in added.added][:2] == ["P0", "P1"] and added.entries == 12
    assert added.added[0].table is None  # before the draw: no seat
    with pytest.raises(dataclasses.FrozenInstanceError):
        added.entries = 3  # type: ignore[misc]

    from tdtool.app.change import run_change
    from tdtool.tournament import director

    run_change(db, lambda s, now, rng, choose: director.draw(s, rng))
    out = players.bust(db, ["P0", "P1"], stacks=[500, 900])
    assert [(b.name, b.place, b.through) for b in out.busted] == [("P0", 12, 12), ("P1", 11, 11)]
    assert out.players_left == 10 and out.winner is None
    assert json.loads(json.dumps(out.to_dict()))["busted"][0] == {
        "name": "P0",
        "place": 12,
        "through": 12,
    }
    again = players.reenter(db, "P0")
    assert again.entries == 2 and again.player.table is not None
    assert players.rebuy(db, "P2").to_dict() == {"name": "P2", "rebuys": 1, "chips": 10_000}
    with open_store(db) as store, store.transaction() as tx:  # to the add-on break (issue 13)
        for kind in ("clock.start", "clock.next", "clock.next"):
            tx.append(kind, {})
    assert players.addon(db, "P2").to_dict() == {"name": "P2", "addons": 1, "chips": 10_000}
    rows = {r.name: r for r in players.players(db).rows}
    assert rows["P1"].status == "busted" and rows["P0"].entries == 2


def test_a_refused_use_case_changes_nothing(db):
    players.register(db, ["Anna", "Ben"])
    with open_store(db) as store:
        before = len(store.log())
    with pytest.raises(RuleError):
        players.register(db, ["anna"])
    with pytest.raises(RuleError):
        players.bust(db, ["Anna"])  # not drawn yet
    with pytest.raises(InputError):
        players.rebuy(db, "Nobody")
    with open_store(db) as store:
        assert len(store.log()) == before


def test_a_deal_from_values_alone_never_asks_for_the_file():
    def no_file():
        raise AssertionError("the file was looked for")

    result = deals.deal(DealMethod.ICM, [5000, 3000, 2000], prizes=[50, 30, 20], db=no_file)
    assert result.deal.amounts == (38, 33, 29) and not result.accepted
    assert result.to_dict()["accepted"] is False


def test_bust_takes_stacks_by_name_in_any_order(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool")
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(6)])
    cli("--db", db, "seat", "draw")
    out = cli("--db", db, "player", "bust", "P1", "P2", "--stacks", "p2=900,P1=500", "--json")
    assert out.exit_code == 0, out.output
    places = {b["name"]: b["place"] for b in json.loads(out.stdout)["busted"]}
    assert places == {"P1": 6, "P2": 5}
    wrong = cli("--db", db, "player", "bust", "P3", "--stacks", "P4=500")
    assert wrong.exit_code == 2 and "names other players" in wrong.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["new", "Y", "-s", "turbo"],
        ["terms"],
        ["payouts", "--entries", "50"],
    ],
    ids=lambda c: c[0],
)
@pytest.mark.parametrize(
    ("option", "value", "problem"),
    [
        ("--rounding", "0", "must be at least 1"),
        ("--buy-in", "-5", "cannot be negative"),
        ("--percent-paid", "101", "must be at most 100"),
    ],
)
def test_a_term_has_one_set_of_bounds_in_every_command(
    cli, tmp_path, command, option, value, problem
):
    db = make(tmp_path / "cup.tdtool")
    result = cli(
        "--db", db if command[0] != "new" else tmp_path / "y.tdtool", *command, option, value
    )
    assert result.exit_code == 2
    assert result.stderr == f"Error: Invalid value for '{option}': {value} ({problem}).\n" or (
        result.stderr == f"Error: Invalid value for '{option}': {float(value)} ({problem}).\n"
    )


def test_every_declared_term_is_an_option_of_new_and_terms_and_the_what_if_ones_of_payouts(cli):
    from tdtool.tournament.terms import OPTIONS

    new, terms, payouts = (cli(*c, "--help").stdout for c in (["new"], ["terms"], ["payouts"]))
    for option in OPTIONS:
        assert f"--{option.name}" in new and f"--{option.name}" in terms
        assert (f"--{option.name}" in payouts) == option.what_if


def test_zero_means_the_default_for_the_same_terms_at_creation_and_later(cli, tmp_path):
    db = tmp_path / "y.tdtool"
    created = cli("--db", db, "new", "Y", "-s", "turbo", "--places-paid", "0", "--rebuy-until", "0")
    assert created.exit_code == 0, created.output
    shown = json.loads(cli("--db", db, "terms", "--json").stdout)
    assert shown["places_paid"] is None and shown["rebuy_until"] is None


def test_core_errors_name_no_command_and_each_front_end_words_the_hint(cli, tmp_path):
    from tdtool.app import players as use
    from tdtool.cli._words import ACTIONS
    from tdtool.cli.clock_screen import SCREEN_ACTIONS
    from tdtool.tournament.clock import ClockAction

    db = make(tmp_path / "cup.tdtool")
    use.register(db, ["Anna", "Ben"])
    with pytest.raises(RuleError) as refused:
        use.bust(db, ["Anna"])
    assert "tdtool" not in str(refused.value) and "the seat draw" in str(refused.value)
    assert refused.value.worded(ACTIONS) == "Seats are not drawn yet; run `tdtool seat draw` first."
    out = cli("--db", db, "player", "bust", "Anna")
    assert out.stderr == "Error: Seats are not drawn yet; run `tdtool seat draw` first.\n"

    from tdtool.app.clock import clock_action

    with pytest.raises(RuleError) as paused:
        clock_action(db, ClockAction.PAUSE)
    assert "`" not in str(paused.value)
    assert paused.value.worded(SCREEN_ACTIONS) == (
        "The clock has not been started; start it with space."
    )
    assert paused.value.worded(ACTIONS).endswith("start it with `tdtool clock start`.")


def test_no_hint_in_the_core_or_the_app_names_a_command():
    import re

    from tests.conftest import ROOT

    seen = 0
    for folder in ("tdtool/tournament", "tdtool/app"):
        for path in (ROOT / folder).glob("*.py"):
            text = path.read_text()
            raises = re.findall(r"raise \w+Error\((.*?)\)\n", text, flags=re.S)
            seen += len(raises)
            assert not [r for r in raises if re.search(r"`tdtool |\(tdtool ", r)], path.name
    assert seen > 50
