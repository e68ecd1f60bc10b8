"""The folded state kept in the file: a command reads the last snapshot and the events after it.

Whatever the snapshots, `Store.state()` must equal the fold of the whole log: after undos,
after a snapshot written by another build, and a read never writes the file. (Forged
snapshots, on both backends: tests/test_store_forged.py.)
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import random
import sqlite3
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tdtool.io.snapshots as snap
import tdtool.io.store as store_mod
from tdtool.errors import RuleError
from tdtool.io.store import Store
from tdtool.io.store_base import open_store
from tdtool.tournament import director
from tdtool.tournament.seating import TablePlan
from tdtool.tournament.state import fold
from tests.conftest import ROOT
from tests.tournament_fixtures import make


def plain(obj: Any) -> Any:
    """A comparable picture of a state: objects as their class name and attributes.

    A dataclass is pictured by its fields (a state read from a snapshot decodes a field when
    it is read), a table plan by its whole snapshot and its look-ups (a plan read from a
    snapshot builds them when first used: they must equal those kept change by change; the
    order of the player -> table index is not part of it)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        fields = [(f.name, plain(getattr(obj, f.name))) for f in dataclasses.fields(obj)]
        return (type(obj).__name__, fields)
    if isinstance(obj, TablePlan):
        looks = [sorted(obj._table.items()), plain(obj._by_count), plain(obj._open)]
        return ("TablePlan", plain(obj.snapshot()), looks)
    if isinstance(obj, dict):
        return [(plain(k), plain(v)) for k, v in obj.items()]
    if isinstance(obj, list | tuple):
        return [plain(v) for v in obj]
    if isinstance(obj, set | frozenset):
        return sorted(repr(v) for v in obj)
    if hasattr(obj, "__dict__") and not isinstance(obj, type):
        return (type(obj).__name__, plain(vars(obj)))
    if hasattr(obj, "__slots__"):
        return (type(obj).__name__, [plain(getattr(obj, s, None)) for s in obj.__slots__])
    return obj


def full_fold(store: Store) -> Any:
    return plain(fold(store.events()))


def snapshots(path) -> list[tuple[int, str]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT upto, format FROM snapshots ORDER BY upto").fetchall()
    finally:
        conn.close()


def register(store: Store, names: list[str]) -> None:
    with store.transaction() as tx:
        state = tx.state()
        for kind, data in director.register(state, names, tx.now, random.Random(1)):
            tx.append(kind, data)


def test_a_change_on_a_long_log_keeps_a_snapshot_and_commands_read_from_it(tmp_path, monkeypatch):
    monkeypatch.setattr(snap, "SNAPSHOT_EVERY", 5)
    path = make(tmp_path / "t.tdtool")
    with open_store(path) as store:
        for i in range(12):
            register(store, [f"P{i}"])
        kept = snapshots(path)
        assert kept and all(fmt == snap.FORMAT_NAME for _, fmt in kept)
        assert len(kept) <= snap.SNAPSHOTS_KEPT + 1  # the newest ones and one anchor
        assert plain(store.state()) == full_fold(store)
        # The snapshot really is used: a state read from it folds only the events after it.
        with store.transaction() as tx:
            _state, last, folded = store_mod._folded(tx._conn)
        assert folded < 5 and last == store.events()[-1].seq


def test_undo_behind_a_snapshot_drops_it_and_the_state_is_the_fold(tmp_path, monkeypatch):
    monkeypatch.setattr(snap, "SNAPSHOT_EVERY", 2)
    path = make(tmp_path / "t.tdtool")
    with open_store(path) as store:
        for i in range(8):
            register(store, [f"P{i}"])
        for _ in range(5):
            store.undo()
            assert plain(store.state()) == full_fold(store)
            assert all(upto <= store.events()[-1].seq for upto, _ in snapshots(path))
        assert [p.name for p in store.state().players.values()] == ["P0", "P1", "P2"]


def test_a_snapshot_of_another_build_is_ignored_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setattr(snap, "SNAPSHOT_EVERY", 3)
    path = make(tmp_path / "t.tdtool")
    with open_store(path) as store:
        for i in range(6):
            register(store, [f"P{i}"])
    conn = sqlite3.connect(path)
    conn.execute("UPDATE snapshots SET format = 'another build', state = x'00'")
    conn.commit()
    conn.close()
    with open_store(path) as store:
        assert plain(store.state()) == full_fold(store)
        for i in range(4):
            register(store, [f"Q{i}"])
    assert {fmt for _, fmt in snapshots(path)} == {snap.FORMAT_NAME}


def test_reading_never_writes_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(snap, "SNAPSHOT_EVERY", 2)
    path = make(tmp_path / "t.tdtool")
    with open_store(path) as store, store.transaction() as tx:  # no snapshot read yet
        for i in range(10):
            tx.append("player.registered", {"name": f"P{i}"})
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with open_store(path) as store:
        store.state()
        store.view().state()
    assert snapshots(path) == []
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


STEP = st.one_of(
    st.tuples(st.just("register"), st.integers(1, 3)),
    st.tuples(st.just("bust"), st.integers(0, 10_000)),
    st.tuples(st.just("clock"), st.sampled_from(["clock.pause", "clock.resume"])),
    st.tuples(st.just("undo"), st.just(0)),
)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(STEP, min_size=1, max_size=25), every=st.integers(1, 6))
def test_the_state_read_through_snapshots_is_always_the_fold_of_the_log(
    tmp_path_factory, monkeypatch, steps, every
):
    monkeypatch.setattr(snap, "SNAPSHOT_EVERY", every)
    path = make(tmp_path_factory.mktemp("prop") / "t.tdtool")
    rng = random.Random(0)
    n = 0
    with open_store(path) as store:
        register(store, [f"Seed{i}" for i in range(12)])
        with store.transaction() as tx:
            for kind, data in director.draw(tx.state(), rng):
                tx.append(kind, data)
        for step, arg in steps:
            if step == "register":
                with contextlib.suppress(RuleError):  # a full final table takes no entry
                    register(store, [f"N{n + i}" for i in range(arg)])
                n += arg
            elif step == "bust":
                with store.transaction() as tx:
                    state = tx.state()
                    seated = sorted(p.name for p in state.players.values() if not p.busted)
                    if state.drawn and len(seated) > 2:
                        name = seated[arg % len(seated)]
                        for kind, data in director.bust(state, [name], rng):
                            tx.append(kind, data)
            elif step == "clock":
                with store.transaction() as tx:
                    tx.state()
                    tx.append(arg, {})
            else:
                with contextlib.suppress(RuleError):  # nothing left to undo
                    store.undo()
            assert plain(store.state()) == full_fold(store)


def test_a_plan_read_from_its_snapshot_builds_the_look_ups_it_kept():
    from tdtool.tournament.seating import check_invariants, draw, rebalance

    plan = TablePlan(9, break_order=[3, 1])
    draw(plan, [f"P{i}" for i in range(60)], random.Random(5))
    for i in range(0, 40, 3):
        plan.remove(f"P{i}")
        rebalance(plan, random.Random(i))
    loaded = TablePlan.from_snapshot(plan.snapshot())
    assert loaded.player_count == plan.player_count and loaded == plan
    copied = loaded.copy()
    assert plain(copied) == plain(plan) == plain(loaded)
    assert check_invariants(loaded) == [] and check_invariants(copied) == []
    moves = rebalance(loaded, random.Random(9))
    assert moves == rebalance(plan, random.Random(9)) and plain(loaded) == plain(plan)


def test_a_plan_without_a_break_order_rebuilds_the_look_ups_it_kept():
    """Without a break order the highest table breaks first: the look-ups a plan read back
    builds equal those kept move by move."""
    from tdtool.tournament.seating import check_invariants, draw, rebalance

    plan = TablePlan(8)
    draw(plan, [f"P{i}" for i in range(75)], random.Random(2))
    for i in range(0, 50, 4):
        plan.remove(f"P{i}")
        rebalance(plan, random.Random(i))
    loaded = TablePlan.from_snapshot(plan.snapshot())
    assert plain(loaded) == plain(plan) and check_invariants(loaded) == []
    assert loaded._open == plan._open and loaded._by_count == plan._by_count


def _seated_field(path, monkeypatch, players: int, **terms: Any) -> None:
    """A tournament of `players` drawn, with a snapshot of the players registered (written
    by the draw, which folded them all)."""
    monkeypatch.setattr(snap, "SNAPSHOT_EVERY", players)
    make(path, **terms)
    with open_store(path) as store:
        register(store, [f"Player {i:03d}" for i in range(players)])
        with store.transaction() as tx:
            for kind, data in director.draw(tx.state(), random.Random(3)):
                tx.append(kind, data)
    assert snapshots(path)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["bust", "reenter", "rebuy", "chips", "undo"]), st.integers()),
        min_size=1,
        max_size=14,
    ),
    every=st.sampled_from([1, 3, 1000]),
)
def test_players_through_snapshots_are_always_the_fold_of_the_log(
    tmp_path_factory, monkeypatch, steps, every
):
    """Busts, re-entries, rebuys (one takes a bust back), chip counts and undos on a seated
    field: after each, the state read through the snapshots is the fold of the whole log."""
    from tdtool.app import chips as app_chips
    from tdtool.app import players as app_players

    path = tmp_path_factory.mktemp("rows") / "t.tdtool"
    _seated_field(path, monkeypatch, 70, reentry=True, rebuy_price=10)
    monkeypatch.setattr(snap, "SNAPSHOT_EVERY", every)
    for step, arg in steps:
        with open_store(path) as store:
            state = fold(store.events())
        names = [p.name for p in state.players.values()]
        left = [n for n in names if not state.player(n).busted]
        out = [n for n in names if state.player(n).busted]
        with contextlib.suppress(RuleError):
            if step == "bust" and len(left) > 2:
                app_players.bust(path, [left[arg % len(left)]])
            elif step == "reenter" and out:
                app_players.reenter(path, out[arg % len(out)])
            elif step == "rebuy" and names:
                app_players.rebuy(path, names[arg % len(names)])
            elif step == "chips" and left:
                app_chips.record(path, [(left[arg % len(left)], 1000 + abs(arg) % 50_000)])
            elif step == "undo":
                with open_store(path) as store:
                    store.undo()
        with open_store(path) as store:
            expected = fold(store.events())
            assert store.state().players_left == expected.players_left
            assert plain(store.state()) == plain(expected)


def test_fuzz_a_snapshot_of_a_tournament_with_a_payout_table_reads_back(cli, tmp_path, monkeypatch):
    """Found by the fuzz campaign: a payout table's percents are Fractions, which the pickled
    snapshot of the last release could not read back, so after 256 changes every command on
    a tournament with a payout table was a traceback.
    Here the tournaments the newer commands make (a payout table, PKO bounties, a satellite,
    days, chip counts) keep a snapshot every 2 events, and each command reads from one."""
    monkeypatch.setattr(snap, "SNAPSHOT_EVERY", 2)
    table = str(ROOT / "examples" / "payouts" / "home-game.yaml")
    structure = str(ROOT / "structures" / "main-event.yaml")
    for n, options in enumerate(
        (
            ["--structure", "turbo", "--buy-in", "100"],
            [
                "--structure",
                structure,
                "--buy-in",
                "50",
                "--bounty",
                "40",
                "--pko",
                "--day-ends-at",
                "5",
            ],
            ["--structure", "turbo", "--buy-in", "100", "--satellite", "300"],
        )  # fmt: skip
    ):
        db = tmp_path / f"t{n}.tdtool"
        steps = [
            ["new", f"T{n}", *options],
            ["player", "add", *[f"P{i}" for i in range(12)], "--yes"],
            ["terms", "--payout-table", table] if n == 0 else ["status"],
            ["seat", "draw"],
            ["clock", "start"],
            ["player", "chips", "P0", "12000", "P1", "9000"],
            ["chips", "remove", "100"],
            ["player", "bust", "P2", *(["--by", "P3", "--anywhere"] if n == 1 else []), "--yes"],
            ["status", "--json"],
            ["payouts"],
            ["chips", "show"],
            ["player", "bounties"] if n == 1 else ["report"],
            ["undo", "--yes"],
            ["log"],
        ]
        for args in steps:
            result = cli("--db", db, *args)
            assert result.exit_code == 0, (n, args, result.output)
        assert snapshots(db), "no snapshot was kept"


def test_every_field_of_the_state_has_its_place_in_the_snapshot_layout():
    """A new field of State must be written by the snapshot (tdtool/io/snapshots.py) and, if
    older readers would misread the layout then, come with a new FORMAT and its upgrade."""
    assert snap.state_fields() == snap.STATE_FIELDS


def test_a_snapshot_reads_back_to_the_state_it_was_made_of(tmp_path):
    """Every kind of value the state holds (bounties, knockouts, counts, a deal-free money
    part, clock facts, the seats the busted left) round-trips through the document."""
    from tdtool.app import chips as app_chips
    from tdtool.app import players as app_players

    path = make(tmp_path / "t.tdtool", bounty=20, pko=True)
    with open_store(path) as store:
        register(store, [f"P{i}" for i in range(14)])
        with store.transaction() as tx:
            for kind, data in director.draw(tx.state(), random.Random(3)):
                tx.append(kind, data)
            tx.append("clock.start", {})
    app_chips.record(path, [("P1", 12_345), ("P2", 9_000)])
    with open_store(path) as store:
        state = fold(store.events())
    out, winner = list(state.plan.players_at(1).values())[:2]  # tablemates
    app_players.bust(path, [out], by={out: [winner]})
    with open_store(path) as store:
        state = fold(store.events())
        last = store.log()[-1]
    blob = snap.encode(state, last.event.seq, last.hash)
    back, upto, chain = snap.decode(blob)
    assert (upto, chain) == (last.event.seq, last.hash)
    assert plain(back) == plain(state)
    assert state.knockouts and back.knockouts == state.knockouts


def test_a_snapshot_keeps_the_hand_for_hand_count_and_the_last_changes_movers():
    # Both were state the snapshot layout did not hold: a command reading the snapshot would
    # have counted hand-for-hand hands from 0 again, or picked a player just moved.
    from tdtool.io import snapshots
    from tdtool.tournament.seating import Move, MoveReason, Seat, TablePlan
    from tdtool.tournament.state import State

    plan = TablePlan(seats=9)
    plan.apply_moves(
        [Move(f"P{i}", None, Seat(1 + i % 2, 1 + i // 2), MoveReason.DRAW) for i in range(8)]
    )
    plan.begin_change(3)
    plan.apply_moves([Move("P0", Seat(1, 1), Seat(2, 9), MoveReason.BALANCE)])
    plan.begin_change(4)
    state = State(plan=plan, hand_for_hand_hands=2)
    back, _, _ = snapshots.decode(snapshots.encode(state, 7, "x" * 64))
    assert back.hand_for_hand_hands == 2
    assert back.plan.moved_last == frozenset({"P0"}) and back.plan.change == 4
    assert back.plan == plan
