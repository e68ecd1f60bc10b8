"""One change of a tournament file, with questions asked before the file is locked."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.errors import RuleError
from tdtool.tournament.seating import Move, TablePlan
from tdtool.tournament.state import NEXT_CHANGE, State, fold, working_copy

if TYPE_CHECKING:
    from tdtool.io.store_base import Event

Ask = Callable[[TablePlan, int, list[str]], str]
"""`ask(plan, table, candidates) -> player`: the director names who moves from `table`
(no button recorded there). Given by a front end that can ask a person; None: the tool
chooses and the move says so."""

Chooser = Callable[[int, list[str]], str]
Build = Callable[[State, float, random.Random, Chooser | None], list[tuple[str, dict[str, Any]]]]
"""`build(state, now, rng, choose) -> events`: a core decision (tdtool.tournament.director)."""


@dataclass(frozen=True)
class Change:
    """A change recorded: the state after it and the events it appended."""

    state: State
    events: tuple[Event, ...]
    now: float = 0.0
    """The time the change was recorded at (the store's: the server's on PostgreSQL), the one
    `now` for everything the change decides and says."""

    @property
    def moves(self) -> tuple[Move, ...]:
        """The seat moves the change recorded, in order (a draw's seats included)."""
        return tuple(
            Move.from_dict(m)
            for e in self.events
            if e.kind in ("seat.moved", "seat.drawn")
            for m in e.data["moves"]
        )


def moves_json(moves: Sequence[Move]) -> list[dict[str, Any]]:
    """Moves as the commands print them in JSON (as stored)."""
    return [m.to_dict() for m in moves]


def log_seed(state: State) -> int:
    """The seed of the random draws of the next change: worked out from where the log
    stands (the tournament, the time of its last effective event and its counts), so the
    same change made again from the same state draws the same (a bust undone and typed again
    moves the same player), while a change from another state draws anew. Not a secret: a
    draw is fair because nobody chooses the seed, not because nobody could compute it."""
    from tdtool.io.chain import blake2b

    where = (
        state.name,
        state.created_at,
        state.last_event_at,
        state.last_bust_at,
        state.entries,
        state.rebuys,
        state.addons,
        state.players_left,
    )
    digest = blake2b(repr(where).encode(), digest_size=8).digest()
    return int.from_bytes(digest[:8], "big")


def run_change(db: Path, build: Build, ask: Ask | None = None) -> Change:
    """Run `build` as one change of the tournament file `db`.

    Where a move needs the director's answer (no button recorded), `ask` is called BEFORE
    the file is locked, on a dry run with the same random seed; the change itself then
    replays the answers, so another terminal is never blocked by a question left open. If
    the tables changed meanwhile, RuleError and nothing is recorded.
    """
    from tdtool.io.store_base import open_store

    answers: dict[tuple[int, tuple[str, ...]], str] = {}
    with open_store(db) as store:
        if ask is not None:
            store.check_writable()  # before asking the director anything
            dry: State = store.state()
            dry_seed = log_seed(dry)
            dry.plan.begin_change(NEXT_CHANGE)  # as working_copy begins it, below

            def record(table: int, candidates: list[str]) -> str:
                answer = ask(dry.plan, table, candidates)
                answers[(table, tuple(candidates))] = answer
                return answer

            build(dry, store.now(), random.Random(dry_seed), record)  # the store's time

        def replay(table: int, candidates: list[str]) -> str:
            key = (table, tuple(candidates))
            if key not in answers:
                raise RuleError(
                    "The tables changed while you answered (another terminal made a change);"
                    " nothing was recorded: run the command again."
                )
            return answers[key]

        with store.transaction() as tx:
            state: State = tx.state()
            # The decision works on a copy of the plan; the recorded events then advance the
            # state itself, exactly as a later replay will.
            work = working_copy(state)
            rng = random.Random(log_seed(state))
            for kind, data in build(work, tx.now, rng, replay if ask else None):
                tx.append(kind, data)
            after = fold(tx.appended, state)
            tx.keep(after)
            return Change(after, tuple(tx.appended), tx.now)


def read_state(db: Path) -> State:
    """The tournament's state now (no change)."""
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        state: State = store.state()
        return state


def read_state_at(db: Path) -> tuple[State, float]:
    """The tournament's state and the time now as its store keeps time (the server's clock on
    PostgreSQL, so a laptop whose clock is off reads the level clock right)."""
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        state: State = store.state()
        return state, store.now()
