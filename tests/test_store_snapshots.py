"""The folded state kept in the file: a command reads the last snapshot and the events after it.

Whatever the snapshots, `Store.state()` must equal the fold of the whole log: after undos,
after a snapshot written by another build (or forged: it must never run code), and a read
never writes the file.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import pickle
import random
import sqlite3
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tdtool.io.store as store_mod
from tdtool.errors import RuleError
from tdtool.io.store import Store
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
    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 5)
    path = make(tmp_path / "t.tdtool")
    with Store.open(path) as store:
        for i in range(12):
            register(store, [f"P{i}"])
        kept = snapshots(path)
        assert kept and all(fmt == store_mod.state_format() for _, fmt in kept)
        assert len(kept) <= store_mod.SNAPSHOTS_KEPT + 1  # the newest ones and one anchor
        assert plain(store.state()) == full_fold(store)
        # The snapshot really is used: a state read from it folds only the events after it.
        with store.transaction() as tx:
            _state, last, folded = store_mod._folded(tx._conn)
        assert folded < 5 and last == store.events()[-1].seq


def test_undo_behind_a_snapshot_drops_it_and_the_state_is_the_fold(tmp_path, monkeypatch):
    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 2)
    path = make(tmp_path / "t.tdtool")
    with Store.open(path) as store:
        for i in range(8):
            register(store, [f"P{i}"])
        for _ in range(5):
            store.undo()
            assert plain(store.state()) == full_fold(store)
            assert all(upto <= store.events()[-1].seq for upto, _ in snapshots(path))
        assert [p.name for p in store.state().players.values()] == ["P0", "P1", "P2"]


def test_a_snapshot_of_another_build_is_ignored_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 3)
    path = make(tmp_path / "t.tdtool")
    with Store.open(path) as store:
        for i in range(6):
            register(store, [f"P{i}"])
    conn = sqlite3.connect(path)
    conn.execute("UPDATE snapshots SET format = 'another build', state = x'00'")
    conn.commit()
    conn.close()
    with Store.open(path) as store:
        assert plain(store.state()) == full_fold(store)
        for i in range(4):
            register(store, [f"Q{i}"])
    assert {fmt for _, fmt in snapshots(path)} == {store_mod.state_format()}


class _Payload:
    def __init__(self, target: str) -> None:
        self.target = target

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (self.target, "w"))


def test_a_forged_snapshot_never_runs_code(tmp_path, monkeypatch):
    """A tournament file from someone else: its snapshot is read as data or not at all."""
    path = make(tmp_path / "t.tdtool")
    with Store.open(path) as store:
        register(store, ["Anna", "Ben"])
        expected = full_fold(store)
        last = store.events()[-1].seq
    touched = tmp_path / "pwned"
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO snapshots (upto, format, state, at) VALUES (?, ?, ?, 0)",
        (last, store_mod.state_format(), pickle.dumps(_Payload(str(touched)))),
    )
    conn.commit()
    conn.close()
    with Store.open(path) as store:
        assert plain(store.state()) == expected
    assert not touched.exists()


def test_reading_never_writes_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 2)
    path = make(tmp_path / "t.tdtool")
    with Store.open(path) as store, store.transaction() as tx:  # no snapshot read yet
        for i in range(10):
            tx.append("player.registered", {"name": f"P{i}"})
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with Store.open(path) as store:
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
    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", every)
    path = make(tmp_path_factory.mktemp("prop") / "t.tdtool")
    rng = random.Random(0)
    n = 0
    with Store.open(path) as store:
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


def test_a_state_read_from_a_snapshot_decodes_only_the_fields_a_command_reads(
    tmp_path, monkeypatch
):
    """`status` at 30,000 entries must not pay for who busted when: the fields are blobs
    until read, a change keeps the blobs of the fields it never read, and the working copy
    of a decision shares the state's fields (decoded once) but not its table plan."""
    from tdtool.tournament.state import still_encoded, working_copy

    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 3)
    path = make(tmp_path / "t.tdtool")
    with Store.open(path) as store:
        register(store, [f"P{i}" for i in range(80)])  # a dict of rows: kept as columns
        with store.transaction() as tx:
            for kind, data in director.draw(tx.state(), random.Random(3)):
                tx.append(kind, data)
        for _ in range(4):
            with store.transaction() as tx:
                tx.state()
                tx.append("clock.pause" if _ % 2 == 0 else "clock.resume", {})
        expected = full_fold(store)
        state = store.state()
        assert {"players", "plan", "eliminations"} <= still_encoded(state).keys()
        assert state.players_left == 80  # kept beside the fields: nothing decoded
        assert "players" in still_encoded(state)
        assert len(state.players) == 80 and state.players_left == 80
        assert "players" not in still_encoded(state)
        assert "eliminations" in still_encoded(state)
        work = working_copy(state)
        assert work.players is state.players
        assert work.plan is not state.plan and work.plan == state.plan
        assert work.eliminations is state.eliminations  # decoded through the state, once
        assert plain(state) == expected and plain(work) == expected
        # The snapshot written from a partly decoded state holds the same state.
        blob = store_mod._dumps(store.state())
        assert plain(store_mod._loads(blob)) == expected


def test_a_plan_pickles_without_its_look_ups_and_rebuilds_them_when_used():
    from tdtool.tournament.seating import check_invariants, draw, rebalance

    plan = TablePlan(9, break_order=[3, 1])
    draw(plan, [f"P{i}" for i in range(60)], random.Random(5))
    for i in range(0, 40, 3):
        plan.remove(f"P{i}")
        rebalance(plan, random.Random(i))
    loaded = pickle.loads(pickle.dumps(plan, protocol=pickle.HIGHEST_PROTOCOL))
    assert {"_table", "_by_count", "_open"}.isdisjoint(vars(loaded))
    assert loaded.player_count == plan.player_count and loaded == plan
    copied = loaded.copy()  # a copy of an unbuilt plan builds its own look-ups
    assert plain(copied) == plain(plan) == plain(loaded)
    assert check_invariants(loaded) == [] and check_invariants(copied) == []
    moves = rebalance(loaded, random.Random(9))
    assert moves == rebalance(plan, random.Random(9)) and plain(loaded) == plain(plan)


def test_a_plan_without_a_break_order_rebuilds_the_look_ups_it_kept():
    """Without a break order the highest table breaks first: the look-ups a loaded plan
    builds (a shortcut for that case) equal those kept move by move."""
    from tdtool.tournament.seating import check_invariants, draw, rebalance

    plan = TablePlan(8)
    draw(plan, [f"P{i}" for i in range(75)], random.Random(2))
    for i in range(0, 50, 4):
        plan.remove(f"P{i}")
        rebalance(plan, random.Random(i))
    loaded = pickle.loads(pickle.dumps(plan, protocol=pickle.HIGHEST_PROTOCOL))
    assert plain(loaded) == plain(plan) and check_invariants(loaded) == []
    assert loaded._open == plan._open and loaded._by_count == plan._by_count


def test_a_change_that_decoded_the_players_keeps_the_state_after_it(tmp_path, monkeypatch):
    """After a bust (which decodes the players and the plan) the snapshot is the state after
    it: the next command folds nothing. Undoing it falls back to an older snapshot or the log,
    and an anchor a block of events older than the newest is kept for that."""
    from tdtool.app.change import run_change

    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 4)
    monkeypatch.setattr(store_mod, "KEEP_AFTER_CHANGE_BYTES", 1)
    path = make(tmp_path / "t.tdtool")
    with Store.open(path) as store:
        register(store, [f"P{i}" for i in range(30)])
        with store.transaction() as tx:
            for kind, data in director.draw(tx.state(), random.Random(3)):
                tx.append(kind, data)
        register(store, ["Late"])  # a change on a long enough log: the first snapshot
    assert snapshots(path)
    for i in range(8):
        name = f"P{i}"
        run_change(path, lambda s, now, rng, choose, n=name: director.bust(s, [n], rng))
        with Store.open(path) as store:
            last = store.events()[-1].seq
            assert max(upto for upto, _ in snapshots(path)) == last
            with store.transaction() as tx:
                assert store_mod._folded(tx._conn)[2] == 0  # nothing to fold
            assert plain(store.state()) == full_fold(store)
    kept = [upto for upto, _ in snapshots(path)]
    assert len(kept) <= store_mod.SNAPSHOTS_KEPT + 1
    assert any(upto < store_mod._anchor_below(max(kept)) for upto in kept)
    with Store.open(path) as store:
        for _ in range(4):
            store.undo()
            assert plain(store.state()) == full_fold(store)


def test_players_kept_as_columns_read_back_the_same():
    """Flags and small counts are kept one byte each, other columns as lists: every value
    reads back equal and of its type (a flag stays a bool, a count an int)."""
    from tdtool.tournament.seating import Seat
    from tdtool.tournament.state import Player

    players = {}
    for i in range(200):
        p = Player(f"Zoë {i}", entries=1 + i % 3, rebuys=i * 7 if i % 50 == 0 else 0)
        p.busted = i % 4 == 0
        p.places = [(i, 0)] if p.busted else []
        p.addons = -1 if i == 7 else 0  # not a byte: kept as a list
        players[p.name.casefold()] = p
    by_seat = {f"p{i}": Seat(300 + i, 1 + i % 9) for i in range(100)}
    for value in (players, by_seat):
        back = store_mod._decode_field(store_mod._encode_field(value))
        assert back == value and list(back) == list(value)
    back = store_mod._decode_field(store_mod._encode_field(players))
    assert {type(p.busted) for p in back.values()} == {bool}
    assert {type(p.entries) for p in back.values()} == {int}


def _seated_field(path, monkeypatch, players: int, **terms: Any) -> None:
    """A tournament of `players` (kept as columns: at least _ROWS_FROM) drawn, with a
    snapshot of the players registered (written by the draw, which folded them all)."""
    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", players)
    make(path, **terms)
    with Store.open(path) as store:
        register(store, [f"Player {i:03d}" for i in range(players)])
        with store.transaction() as tx:
            for kind, data in director.draw(tx.state(), random.Random(3)):
                tx.append(kind, data)
    assert snapshots(path)


def _players_blob(path) -> tuple[int, bytes]:
    conn = sqlite3.connect(path)
    try:
        upto, blob = conn.execute(
            "SELECT upto, state FROM snapshots ORDER BY upto DESC LIMIT 1"
        ).fetchone()
    finally:
        conn.close()
    _values, deferred, _known = store_mod._unpickler(blob).load()
    return upto, deferred["players"]


def test_a_bust_reads_only_the_players_it_names_and_keeps_the_players_blob_as_it_was(
    tmp_path, monkeypatch
):
    """At 30,000 entries a bust must neither build 30,000 players nor encode them again:
    it reads the rows it names, and the snapshot after it keeps the players' blob of the one
    before plus the rows read. Read back, the state is the fold of the log."""
    from tdtool.app import players as app_players
    from tdtool.app.change import run_change
    from tdtool.tournament.state import still_encoded

    monkeypatch.setattr(store_mod, "KEEP_AFTER_CHANGE_BYTES", 1)
    path = tmp_path / "t.tdtool"
    _seated_field(path, monkeypatch, 120)
    _, first = _players_blob(path)
    assert store_mod._unpickler(first).load()[0] == 1  # columns
    kept: list[Any] = []
    real_dumps = store_mod._dumps

    def dumps(state: Any) -> bytes:
        kept.append(state)
        return real_dumps(state)

    monkeypatch.setattr(store_mod, "_dumps", dumps)
    result = app_players.bust(path, ["Player 007"])
    assert result.players_left == 119
    state = kept[-1]
    assert "players" not in state.__dict__  # never decoded as a whole
    assert set(state._player_rows().touched) == {"player 007"}
    assert "players" not in still_encoded(state)  # a row changed: not the old blob
    upto, blob = _players_blob(path)
    kind, base, changed = store_mod._unpickler(blob).load()
    assert (kind, base) == (2, first) and list(changed) == ["player 007"]
    assert changed["player 007"].busted
    with Store.open(path) as store:
        assert upto == store.events()[-1].seq
        assert store.state().players_left == 119  # from the figure, nothing decoded
        assert plain(store.state()) == full_fold(store)
    # A second bust keeps the same base and both rows; the state is still the fold.
    run_change(path, lambda s, now, rng, choose: director.bust(s, ["PLAYER 011"], rng))
    _, blob = _players_blob(path)
    kind, base, changed = store_mod._unpickler(blob).load()
    assert (kind, base) == (2, first) and set(changed) == {"player 007", "player 011"}
    with Store.open(path) as store:
        assert store.state().players_left == 118
        assert plain(store.state()) == full_fold(store)


def test_players_changed_in_more_than_their_share_are_encoded_again_as_columns(
    tmp_path, monkeypatch
):
    """The rows changed since the players' blob grow with every bust: past one player in
    ROWS_CHANGED_SHARE (at least _ROWS_FROM) the snapshot encodes every player again."""
    from tdtool.app.change import run_change

    monkeypatch.setattr(store_mod, "KEEP_AFTER_CHANGE_BYTES", 1)
    monkeypatch.setattr(store_mod, "_ROWS_FROM", 4)
    monkeypatch.setattr(store_mod, "ROWS_CHANGED_SHARE", 20)
    path = tmp_path / "t.tdtool"
    _seated_field(path, monkeypatch, 100)
    kinds = []
    for i in range(7):
        name = f"Player {i * 3:03d}"
        run_change(path, lambda s, now, rng, choose, n=name: director.bust(s, [n], rng))
        _, blob = _players_blob(path)
        kinds.append(store_mod._unpickler(blob).load()[0])
        with Store.open(path) as store:
            assert plain(store.state()) == full_fold(store)
    assert kinds == [2, 2, 2, 2, 2, 1, 2]  # 5 rows changed: not more than 100 // 20


def test_a_player_named_in_other_letters_is_found_among_the_rows(tmp_path, monkeypatch):
    """A name typed in other capitals or with one word is found (through an index of the
    keys, or the whole players for a partial name), and counts as read."""
    monkeypatch.setattr(store_mod, "KEEP_AFTER_CHANGE_BYTES", 1)
    path = tmp_path / "t.tdtool"
    _seated_field(path, monkeypatch, 80)
    with Store.open(path) as store:
        state = store.state()
        assert state.player("player 042").name == "Player 042"
        assert state.player("Player 043").name == "Player 043"
        rows = state._player_rows()
        assert rows is not None and set(rows.touched) == {"player 042", "player 043"}
        found = state.player("player 042")
        assert found is rows.touched["player 042"]
        assert len(state.players) == 80 and state.players["player 042"] is found


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["bust", "reenter", "rebuy", "chips", "undo"]), st.integers()),
        min_size=1,
        max_size=14,
    ),
    share=st.sampled_from([2, 8, 1000]),
)
def test_players_read_row_by_row_are_always_the_fold_of_the_log(
    tmp_path_factory, monkeypatch, steps, share
):
    """Busts, re-entries, rebuys (one takes a bust back), chip counts and undos on a field
    kept as columns: after each, the state read through the snapshots (the players' blob
    and the rows changed, or encoded again) is the fold of the whole log, and the players
    left counted from the snapshot's figure and the rows read is the fold's."""
    from tdtool.app import chips as app_chips
    from tdtool.app import players as app_players

    monkeypatch.setattr(store_mod, "KEEP_AFTER_CHANGE_BYTES", 1)
    monkeypatch.setattr(store_mod, "ROWS_CHANGED_SHARE", share)
    path = tmp_path_factory.mktemp("rows") / "t.tdtool"
    _seated_field(path, monkeypatch, 70, reentry=True, rebuy_price=10)
    for step, arg in steps:
        with Store.open(path) as store:
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
                with Store.open(path) as store:
                    store.undo()
        with Store.open(path) as store:
            expected = fold(store.events())
            assert store.state().players_left == expected.players_left
            assert plain(store.state()) == plain(expected)


def test_fuzz_a_snapshot_of_a_tournament_with_a_payout_table_reads_back(cli, tmp_path, monkeypatch):
    """Found by the fuzz campaign: a payout table's percents are Fractions, which the snapshot
    pickled but its reader refused ('fractions.Fraction is not part of a tournament state'),
    so after 256 changes every command on a tournament with a payout table was a traceback.
    Here the tournaments the newer commands make (a payout table, PKO bounties, a satellite,
    days, chip counts) keep a snapshot every 2 events, and each command reads from one."""
    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 2)
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


def test_two_readers_of_one_state_share_one_set_of_player_rows(tmp_path, monkeypatch):
    """`clock serve` answers requests in threads that may read one state at once: the rows
    read by one are the rows of the other (the first set made wins), never two sets of
    players of which a snapshot would keep one."""
    path = tmp_path / "t.tdtool"
    _seated_field(path, monkeypatch, 80)
    with Store.open(path) as store:
        state = store.state()
    read = state.__dict__["_make_rows"]
    other: list[Any] = []

    def meanwhile(blob: bytes) -> Any:  # another thread makes its rows while this one does
        made = read(blob)
        if not other:
            other.append(state.__dict__.setdefault("_rows", state_rows(made)))
        return made

    def state_rows(made: Any) -> Any:
        from tdtool.tournament.state import PlayerRows

        return PlayerRows(*made, left=80)

    state.__dict__["_make_rows"] = meanwhile
    rows = state._player_rows()
    assert rows is other[0] and state._player_rows() is rows
    assert state.player("Player 005") is rows.touched["player 005"]
