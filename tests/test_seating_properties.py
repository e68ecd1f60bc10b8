"""Property test: any sequence of draws, entries, busts, breaks and buttons keeps the plan sound.

After every step: everyone seated once, no seat used twice, open tables differ by at most one
player, no more tables open than needed (`check_invariants`). At the end, replaying the recorded
moves and busts on the starting plan reproduces the plan exactly, with no RNG.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tdtool.errors import InputError, RuleError
from tdtool.tournament.seating import (
    Move,
    TablePlan,
    break_table,
    check_invariants,
    draw,
    rebalance,
    seat_entry,
)

seeds = st.integers(0, 2**32 - 1)


class Tournament(RuleBasedStateMachine):
    """A tournament driven at random; the log is what the event store would record."""

    @initialize(
        seats=st.integers(2, 10),
        tables=st.one_of(st.none(), st.integers(1, 12)),
        players=st.integers(0, 70),
        reverse_order=st.booleans(),
        seed=seeds,
    )
    def start(self, seats, tables, players, reverse_order, seed):
        available = None if tables is None else list(range(1, tables + 1))
        order = list(range(1, 13)) if reverse_order else None
        self.plan = TablePlan(seats=seats, tables=available, break_order=order)
        self.start_plan = self.plan.copy()
        self.log: list[tuple[str, object]] = []
        self.serial = 0
        names = [self.new_name() for _ in range(players)]
        try:
            moves = draw(self.plan, names, random.Random(seed))
        except RuleError:
            assert self.plan == self.start_plan
            return
        self.log.append(("moves", [m.to_dict() for m in moves]))

    def new_name(self) -> str:
        self.serial += 1
        return f"p{self.serial}"

    def settle(self, seed: int, director: bool = False) -> None:
        rng = random.Random(seed)
        questions = []

        def choose(table, candidates):
            assert candidates and all(self.plan.seat_of(p).table == table for p in candidates)
            questions.append(table)
            if seed % 3 == 0 and len(questions) == 1 + seed % 2:
                return "nobody"  # a name not at the table: refused, nothing changes
            return rng.choice(candidates)

        before = self.plan.copy()
        try:
            moves = rebalance(self.plan, rng, choose if director else None)
        except InputError:
            assert self.plan == before
            moves = rebalance(self.plan, rng)
        self.log.append(("moves", [m.to_dict() for m in moves]))

    @rule(seed=seeds, director=st.booleans())
    def late_entry(self, seed, director):
        before = self.plan.copy()
        try:
            move = seat_entry(self.plan, self.new_name(), random.Random(seed))
        except RuleError:
            assert self.plan == before
            return
        self.log.append(("moves", [move.to_dict()]))
        self.settle(seed + 1, director)

    @precondition(lambda self: self.plan.player_count > 1)
    @rule(data=st.data(), seed=seeds, director=st.booleans())
    def bust(self, data, seed, director):
        seated = sorted(self.plan.players())
        k = data.draw(st.integers(1, min(4, len(seated) - 1)), label="busted in one hand")
        picks = st.lists(st.integers(0, len(seated) - 1), min_size=k, max_size=k, unique=True)
        for victim in [seated[i] for i in data.draw(picks, label="victims")]:
            self.plan.remove(victim)
            self.log.append(("bust", victim))
        self.settle(seed, director)

    @precondition(lambda self: self.plan.player_count > 0)
    @rule(data=st.data())
    def button(self, data):
        table = data.draw(st.sampled_from(self.plan.open_tables()), label="table")
        seat = data.draw(st.integers(1, self.plan.capacity(table)), label="button seat")
        self.plan.set_button(table, seat)
        self.log.append(("button", (table, seat)))

    @precondition(lambda self: len(self.plan.open_tables()) > 1)
    @rule(data=st.data(), seed=seeds)
    def break_now(self, data, seed):
        table = data.draw(st.sampled_from(self.plan.open_tables()), label="table to break")
        before = self.plan.copy()
        try:
            moves = break_table(self.plan, table, random.Random(seed))
        except RuleError:
            assert self.plan == before
            return
        self.log.append(("moves", [m.to_dict() for m in moves]))
        self.settle(seed + 1)

    @invariant()
    def plan_is_sound(self):
        if hasattr(self, "plan"):
            assert check_invariants(self.plan) == []

    def teardown(self):
        if not hasattr(self, "plan"):
            return
        replay = self.start_plan.copy()
        for kind, item in self.log:
            if kind == "bust":
                replay.remove(item)
            elif kind == "button":
                replay.set_button(*item)
            else:
                replay.apply_moves([Move.from_dict(m) for m in item])
        assert replay == self.plan
        assert TablePlan.from_snapshot(self.plan.snapshot()) == self.plan


Tournament.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_seating_invariants_hold_after_every_step = Tournament.TestCase
