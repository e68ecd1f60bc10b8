"""Moving a player by hand and seat locks (issue 22, item 6): `seat move NAME TABLE SEAT`
is recorded, undone and printed as a slip; a locked seat's player is never moved by the
tool's balancing and breaking (TDA 9 accommodations, a feature table)."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tdtool.errors import RuleError
from tdtool.tournament.seating import (
    MoveReason,
    Seat,
    TablePlan,
    break_table,
    check_invariants,
    draw,
    rebalance,
    seat_late_entries,
)
from tests.tournament_fixtures import make

# -- the core: locks hold through any evening ---------------------------------------------

steps = st.lists(
    st.one_of(
        st.tuples(st.just("lock"), st.integers(0, 500)),
        st.tuples(st.just("unlock"), st.integers(0, 500)),
        st.tuples(st.just("bust"), st.lists(st.integers(0, 500), min_size=1, max_size=3)),
        st.tuples(st.just("entry"), st.integers(1, 4)),
        st.tuples(st.just("break"), st.integers(0, 500)),
        st.tuples(st.just("button"), st.integers(0, 500)),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(
    seats=st.integers(4, 10),
    players=st.integers(8, 80),
    late=st.booleans(),
    todo=steps,
    seed=st.integers(0, 2**32 - 1),
)
@example(seats=8, players=8, late=False, todo=[("lock", 0), ("entry", 1)], seed=143)
# Three tables each held open by a lock, two busts: 14 players fit two tables of 7, and the
# unlock breaks the table due (before, it stayed open until the next bust).
@example(
    seats=7,
    players=16,
    late=False,
    todo=[("lock", 2), ("lock", 5), ("bust", [0]), ("lock", 2), ("bust", [0]), ("unlock", 0)],
    seed=0,
)
def test_a_locked_seat_never_moves(seats, players, late, todo, seed):
    """After every change, each locked seat holds the player it was locked with; the lock
    ends only when that player busts or the final table is drawn (RP-9 draws every seat)."""
    rng = random.Random(seed)
    plan = TablePlan(seats=seats)
    draw(plan, [f"p{i}" for i in range(players)], rng)
    held: dict[Seat, str] = {}
    serial = players
    for kind, arg in todo:
        seated = sorted(plan.players())
        if kind == "lock" and seated:
            seat = plan.seat_of(seated[arg % len(seated)])
            assert seat is not None
            held[seat] = plan.lock(seat)
        elif kind == "unlock" and held:
            seat = sorted(held)[arg % len(held)]
            plan.unlock(seat)
            del held[seat]
            # The plan settles at once (director.unlock): the lock may have been all that
            # kept a table open.
            moves = rebalance(plan, rng, late_registration=late)
            if any(m.reason is MoveReason.FINAL_TABLE for m in moves):
                held.clear()
        elif kind == "bust" and len(seated) > 2:
            out = {seated[i % len(seated)] for i in arg}
            for p in sorted(out)[: len(seated) - 2]:
                seat = plan.remove(p)
                held.pop(seat, None)
            moves = rebalance(plan, rng, late_registration=late)
            if any(m.reason is MoveReason.FINAL_TABLE for m in moves):
                held.clear()
        elif kind == "entry":
            serial += arg
            names = [f"e{serial}-{i}" for i in range(arg)]
            with contextlib.suppress(RuleError):  # a full final table seats nobody more
                moves = seat_late_entries(plan, names, rng, late_registration=late)
                # An entry that brings the field to the final table's size (RP-9: one seat
                # more than the others) draws it, and that ends the locks too.
                if any(m.reason is MoveReason.FINAL_TABLE for m in moves):
                    held.clear()
        elif kind == "break" and len(plan.open_tables()) > 1:
            table = plan.open_tables()[arg % len(plan.open_tables())]
            before = plan.copy()
            try:
                break_table(plan, table, rng)
            except RuleError:  # locked, or no room: nothing changed
                assert plan == before
                continue
            assert not any(s.table == table for s in held)
            rebalance(plan, rng, late_registration=late)
        elif kind == "button" and seated:
            seat = plan.seat_of(seated[arg % len(seated)])
            assert seat is not None
            plan.set_button(seat.table, seat.seat)
        for seat, player in held.items():
            assert plan.seat_of(player) == seat, (player, seat)
        assert plan.locked() == sorted(held)
        assert check_invariants(plan, spread=2, late_registration=late) == []
        assert TablePlan.from_snapshot(plan.snapshot()) == plan


def test_tda_11a_a_locked_player_due_the_big_blind_is_passed_over_for_the_next():
    plan = TablePlan(seats=9)
    draw(plan, [f"p{i}" for i in range(16)], random.Random(4))  # two tables of 8
    big = 1 if plan.count(1) >= plan.count(2) else 2
    occupants = plan.players_at(big)
    first = min(occupants)
    plan.set_button(big, first)
    order = sorted(occupants)
    due = occupants[order[3 % len(order)]]  # button, small blind, big blind: the next BB
    after = occupants[order[4 % len(order)]]
    plan.lock(plan.seat_of(due))  # type: ignore[arg-type]
    short = 3 - big
    for p in list(plan.players_at(short).values())[:2]:
        plan.remove(p)
    moves = rebalance(plan, random.Random(1))
    assert [m.player for m in moves] == [after]


def test_a_table_with_a_locked_seat_does_not_break_the_next_one_in_the_order_does():
    plan = TablePlan(seats=9)
    draw(plan, [f"p{i}" for i in range(19)], random.Random(2))  # three tables: 7, 6, 6
    held = plan.seat_of(next(iter(plan.players_at(3).values())))
    assert held is not None
    plan.lock(held)
    with pytest.raises(RuleError, match="Table 3 cannot break: seat .* is locked"):
        break_table(plan, 3, random.Random(1))
    plan.remove(next(iter(plan.players_at(1).values())))  # 18 fit two tables
    moves = rebalance(plan, random.Random(1))
    assert {m.from_seat.table for m in moves if m.from_seat} == {2}
    assert plan.open_tables() == [1, 3]
    assert plan.locked() == [held]


def test_a_lock_needs_a_player_in_the_seat():
    plan = TablePlan(seats=9)
    draw(plan, ["a", "b", "c"], random.Random(1))
    empty = Seat(1, plan.open_seats(1)[0])
    with pytest.raises(RuleError, match="Nobody sits at"):
        plan.lock(empty)


def test_a_snapshot_of_format_1_is_read_with_no_locks(tmp_path):
    """Snapshots written before locks (format 1) are upgraded, not dropped."""
    import msgspec

    from tdtool.io import snapshots as snap
    from tdtool.io.store_base import open_store
    from tdtool.tournament.state import fold

    path = make(tmp_path / "t.tdtool")
    with open_store(path) as store, store.transaction() as tx:
        for i in range(12):
            tx.append("player.registered", {"name": f"P{i}"})
    with open_store(path) as store:
        state = fold(store.events())
        last = store.log()[-1]
    doc = msgspec.msgpack.decode(snap.encode(state, last.event.seq, last.hash))
    plan_at = snap._Doc.__struct_fields__.index("plan")
    doc[plan_at] = doc[plan_at][:-1]  # as format 1 wrote it: no locked seats
    back, upto, _ = snap.decode(msgspec.msgpack.encode(doc), form=1)
    assert upto == last.event.seq and back.plan.locked() == []
    assert back.plan == state.plan


def test_the_lock_events_read_and_write_back_exactly_and_name_the_seat_in_the_log():
    from tdtool.tournament import events as ev

    for kind, data, line in (
        ("seat.locked", {"table": 2, "seat": 4, "player": "Ann"}, "Locked Table 2, seat 4 (Ann)"),
        ("seat.unlocked", {"table": 2, "seat": 4}, "Unlocked Table 2, seat 4"),
    ):
        assert ev.payload(kind, data).event() == (kind, data)
        assert ev.describe(kind, data) == line


# -- the commands -----------------------------------------------------------------------


@pytest.fixture
def drawn(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool")
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(20)])
    assert cli("--db", db, "seat", "draw").exit_code == 0
    return db


def tables(cli, db) -> dict[int, dict[int, str]]:
    shown = json.loads(cli("--db", db, "seat", "show", "--json").stdout)
    return {t["table"]: {int(s): p for s, p in t["seats"].items()} for t in shown["tables"]}


def open_seat(cli, db, table: int) -> int:
    return next(s for s in range(1, 10) if s not in tables(cli, db)[table])


def test_seat_move_is_recorded_undone_and_printed_as_a_slip(cli, drawn, tmp_path):
    before = tables(cli, drawn)
    player = before[1][min(before[1])]
    seat = open_seat(cli, drawn, 2)
    result = cli("--db", drawn, "seat", "move", player.lower(), "2", str(seat))
    assert result.exit_code == 0, result.output
    assert f"Moved by hand:\n  Table 1, seat {min(before[1])} ({player}) → Table 2, seat {seat}"
    assert tables(cli, drawn)[2][seat] == player
    log = cli("--db", drawn, "log", "--json").stdout
    assert json.loads(log)[-1]["data"]["moves"][0]["reason"] == "by-hand"
    slips = tmp_path / "slips.html"
    printed = cli("--db", drawn, "seat", "print", "moves", "-o", str(slips))
    assert printed.exit_code == 0, printed.output
    html = slips.read_text()
    assert player in html and "Moved by the tournament director" in html
    undone = cli("--db", drawn, "undo", "--yes")
    assert undone.exit_code == 0, undone.output
    assert tables(cli, drawn) == before


def test_seat_move_to_a_taken_seat_is_refused_and_changes_nothing(cli, drawn):
    before = tables(cli, drawn)
    mover = before[1][min(before[1])]
    sitter = before[2][min(before[2])]
    result = cli("--db", drawn, "seat", "move", mover, "2", str(min(before[2])))
    assert result.exit_code == 1
    assert f"is taken by {sitter}; move {sitter} first" in result.stderr
    assert "Traceback" not in result.output
    assert tables(cli, drawn) == before


def test_seat_move_to_a_seat_the_table_does_not_have_is_bad_input(cli, drawn):
    mover = next(iter(tables(cli, drawn)[1].values()))
    result = cli("--db", drawn, "seat", "move", mover, "2", "12")
    assert result.exit_code == 2 and "Table 2 has seats 1-9" in result.stderr
    result = cli("--db", drawn, "seat", "move", mover, "7", "1")
    assert result.exit_code == 1 and "Table 7 is not in play" in result.stderr


def test_seat_lock_keeps_a_player_through_busts_and_breaks(cli, drawn):
    plan = tables(cli, drawn)
    # Lock every player at table 3 (the table that breaks first): busts break table 2 instead.
    for seat in plan[3]:
        locked = cli("--db", drawn, "seat", "lock", "3", str(seat))
        assert locked.exit_code == 0, locked.output
    assert "(locked)" in cli("--db", drawn, "seat", "show").stdout
    shown = json.loads(cli("--db", drawn, "seat", "show", "--json").stdout)
    assert next(t for t in shown["tables"] if t["table"] == 3)["locked"] == sorted(plan[3])
    refused = cli("--db", drawn, "seat", "break", "3")
    assert refused.exit_code == 1 and "are locked" in refused.stderr
    assert "tdtool seat unlock 3" in refused.stderr
    out = [p for t in (1, 2) for p in plan[t].values()][:2]
    for p in out:
        assert cli("--db", drawn, "player", "bust", p, "--yes").exit_code == 0
    after = tables(cli, drawn)
    # 18 players: a table broke, not table 3, whose locked players kept their seats.
    assert len(after) == 2 and 3 in after
    assert all(after[3][s] == p for s, p in plan[3].items())
    assert cli("--db", drawn, "undo", "--yes").exit_code == 0
    unlocked = cli("--db", drawn, "seat", "unlock", "3", str(min(plan[3])))
    assert unlocked.exit_code == 0 and "Unlocked Table 3" in unlocked.stdout
    again = cli("--db", drawn, "seat", "unlock", "3", str(min(plan[3])))
    assert again.exit_code == 1 and "is not locked" in again.stderr


def test_seat_move_with_lock_keeps_the_player_there_and_undo_takes_both_back(cli, drawn):
    before = tables(cli, drawn)
    mover = before[1][min(before[1])]
    seat = open_seat(cli, drawn, 2)
    result = cli("--db", drawn, "seat", "move", mover, "2", str(seat), "--lock", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["moves"][0]["reason"] == "by-hand"
    assert seat in next(t for t in data["tables"] if t["table"] == 2)["locked"]
    assert cli("--db", drawn, "undo", "--yes").exit_code == 0
    shown = json.loads(cli("--db", drawn, "seat", "show", "--json").stdout)
    assert not any("locked" in t for t in shown["tables"])
    assert tables(cli, drawn) == before


def test_tda_10_unlocking_the_lock_that_held_a_table_open_breaks_it_at_once(cli, drawn):
    """Every table holds a locked seat, so two busts leave 18 players at three tables of 9
    (none may break). Taking one lock off settles the plan at once: that table breaks now and
    its players draw seats at the two others, not at some later bust."""
    plan = tables(cli, drawn)
    for t in (1, 2, 3):
        assert cli("--db", drawn, "seat", "lock", str(t), str(min(plan[t]))).exit_code == 0
    locked = {t: plan[t][min(plan[t])] for t in (1, 2, 3)}
    busted = [p for t in (1, 2) for s, p in sorted(plan[t].items()) if p not in locked.values()]
    for p in busted[:2]:
        assert cli("--db", drawn, "player", "bust", p, "--yes").exit_code == 0
    assert len(tables(cli, drawn)) == 3
    result = cli("--db", drawn, "seat", "unlock", "3", str(min(plan[3])), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["player"] == locked[3] and data["locked"] is False
    assert data["moves"] and {m["from"]["table"] for m in data["moves"]} == {3}
    after = tables(cli, drawn)
    assert sorted(after) == [1, 2] and sum(len(s) for s in after.values()) == 18
    for t in (1, 2):  # the other locks hold
        assert after[t][min(plan[t])] == locked[t]
    assert cli("--db", drawn, "undo", "--yes").exit_code == 0
    assert len(tables(cli, drawn)) == 3
    text = cli("--db", drawn, "seat", "unlock", "3", str(min(plan[3])), "--yes")
    assert text.exit_code == 0, text.output
    assert f"Unlocked Table 3, seat {min(plan[3])} ({locked[3]})." in text.stdout
    assert "Table 3, seat" in text.stdout and "→ Table" in text.stdout
    assert "tdtool seat print moves" in text.stdout


def test_unlocking_a_seat_whose_table_need_not_break_moves_nobody(cli, drawn):
    plan = tables(cli, drawn)
    assert cli("--db", drawn, "seat", "lock", "2", str(min(plan[2]))).exit_code == 0
    result = cli("--db", drawn, "seat", "unlock", "2", str(min(plan[2])), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["moves"] == []
    assert tables(cli, drawn) == plan
