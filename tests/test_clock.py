"""The clock arithmetic: a reading from facts and `now`, at every boundary."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.errors import InputError, RuleError
from tdtool.tournament.clock import (
    ClockAction,
    ClockFact,
    ClockStatus,
    LateRegistration,
    format_seconds,
    parse_duration,
    reading,
    verify,
)
from tdtool.tournament.structure import Break, Level, Structure

A = ClockAction
MIN = 60

# Level 1 (20 min), level 2 (20), break 10 with a color-up of 25s, level 3 (30), level 4 (30).
S = Structure(
    "test",
    10000,
    (
        Level(1, 25, 50, 20),
        Level(2, 50, 100, 20, bb_ante=100),
        Break(10, color_up=(25,)),
        Level(3, 100, 200, 30, ante=25),
        Level(4, 150, 300, 30),
    ),
    late_registration=2,
)
T0 = 1_000_000.0


def f(action: ClockAction, at: float, seconds: float = 0) -> ClockFact:
    return ClockFact(action, T0 + at, seconds)


def at(facts: list[ClockFact], now: float, structure: Structure = S):
    return reading(facts, structure, T0 + now)


START = [f(A.START, 0)]


def test_not_started_clock_shows_level_1_in_full_and_registration_open():
    r = at([], 5000)
    assert r.status is ClockStatus.NOT_STARTED and not r.running
    assert (r.level.number, r.remaining_seconds, r.elapsed_seconds) == (1, 20 * MIN, 0)
    assert r.late_registration is LateRegistration.OPEN
    assert r.seconds_to_late_registration_end == 40 * MIN
    assert r.seconds_to_break == 40 * MIN
    assert r.next_color_up == (25,)


def test_running_clock_counts_down_from_the_start():
    r = at(START, 5 * MIN + 0.5)
    assert r.running and r.level.number == 1
    assert r.remaining_seconds == 15 * MIN  # 14:59.5 shows as 15:00: 00:00 only when time is up
    assert r.elapsed_seconds == 5 * MIN


@pytest.mark.parametrize(
    ("now", "level", "remaining"),
    [
        pytest.param(20 * MIN - 0.001, 1, 1, id="last-moment-of-level-1"),
        pytest.param(20 * MIN, 2, 20 * MIN, id="level-2-begins-exactly-at-the-end"),
        pytest.param(20 * MIN + 1, 2, 20 * MIN - 1, id="one-second-into-level-2"),
        pytest.param(50 * MIN - 1, 3, 1, id="break-last-second-shows-level-3-next"),
        pytest.param(50 * MIN, 3, 30 * MIN, id="level-3-begins-after-the-break"),
        pytest.param(110 * MIN - 1, 4, 1, id="last-second-of-the-last-level"),
    ],
)
def test_level_ends_move_to_the_next_period_exactly(now, level, remaining):
    r = at(START, now)
    assert (r.level.number, r.remaining_seconds) == (level, remaining)


def test_break_reading_shows_the_coming_level_and_the_color_up():
    r = at(START, 45 * MIN)
    assert r.on_break and r.period == Break(10, color_up=(25,))
    assert r.remaining_seconds == 5 * MIN and r.period_seconds == 10 * MIN
    assert r.level.number == 3 and r.next_level.number == 3
    assert r.color_up == (25,)
    assert r.seconds_to_break is None  # no other break ahead
    d = r.as_dict()
    assert (d["level"], d["big_blind"], d["ante"], d["on_break"]) == (3, 200, 25, True)


def test_late_registration_closes_at_the_end_of_its_level_and_stays_closed_on_the_break():
    open_ = at(START, 39 * MIN)
    assert open_.late_registration is LateRegistration.OPEN
    assert open_.seconds_to_late_registration_end == 1 * MIN
    on_break = at(START, 40 * MIN)
    assert on_break.on_break and on_break.late_registration is LateRegistration.CLOSED
    assert on_break.seconds_to_late_registration_end is None


def test_structure_without_late_registration_says_none():
    s = Structure("x", 1000, (Level(1, 5, 10, 10),))
    assert at(START, 0, s).late_registration is LateRegistration.NONE


def test_time_to_next_break_counts_the_levels_before_it():
    r = at(START, 5 * MIN)
    assert r.seconds_to_break == 35 * MIN
    assert r.next_level == S.level(2)


def test_pause_freezes_the_time_left():
    facts = [*START, f(A.PAUSE, 5 * MIN)]
    r = at(facts, 90 * MIN)
    assert r.status is ClockStatus.PAUSED and not r.running
    assert (r.level.number, r.remaining_seconds) == (1, 15 * MIN)


def test_pause_spanning_a_level_end_resumes_the_same_level():
    # Paused 30 seconds before the end of level 1, for ten minutes.
    facts = [*START, f(A.PAUSE, 19 * MIN + 30), f(A.RESUME, 29 * MIN + 30)]
    assert at(facts, 29 * MIN + 59).level.number == 1
    assert at(facts, 29 * MIN + 59).remaining_seconds == 1
    r = at(facts, 30 * MIN)
    assert (r.level.number, r.remaining_seconds) == (2, 20 * MIN)


def test_pause_recorded_after_the_level_ended_pauses_the_next_level():
    facts = [*START, f(A.PAUSE, 21 * MIN)]
    r = at(facts, 50 * MIN)
    assert (r.level.number, r.remaining_seconds, r.status) == (2, 19 * MIN, ClockStatus.PAUSED)


def test_set_while_paused_stays_paused_at_the_new_time():
    facts = [*START, f(A.PAUSE, 5 * MIN), f(A.SET, 6 * MIN, 12 * MIN + 30)]
    r = at(facts, 60 * MIN)
    assert (r.remaining_seconds, r.status) == (12 * MIN + 30, ClockStatus.PAUSED)
    resumed = at([*facts, f(A.RESUME, 61 * MIN)], 62 * MIN)
    assert resumed.remaining_seconds == 11 * MIN + 30


def test_add_while_paused_adds_to_the_frozen_time():
    facts = [*START, f(A.PAUSE, 10 * MIN), f(A.ADD, 11 * MIN, 2 * MIN)]
    assert at(facts, 40 * MIN).remaining_seconds == 12 * MIN


def test_add_beyond_the_level_length_lengthens_the_level():
    facts = [*START, f(A.ADD, 0, 3 * MIN)]
    r = at(facts, 0)
    assert (r.remaining_seconds, r.period_seconds, r.elapsed_seconds) == (23 * MIN, 23 * MIN, 0)
    assert at(facts, 23 * MIN).level.number == 2


def test_taking_off_more_than_is_left_ends_the_level():
    facts = [*START, f(A.ADD, 19 * MIN, -2 * MIN)]
    r = at(facts, 19 * MIN)
    assert (r.level.number, r.remaining_seconds) == (2, 20 * MIN)


def test_set_to_zero_moves_to_the_next_period():
    r = at([*START, f(A.SET, 60, 0)], 60)
    assert (r.level.number, r.remaining_seconds) == (2, 20 * MIN)


def test_next_starts_the_next_period_in_full_and_keeps_running():
    facts = [*START, f(A.NEXT, 5 * MIN)]
    r = at(facts, 6 * MIN)
    assert (r.level.number, r.remaining_seconds, r.running) == (2, 19 * MIN, True)
    on_break = at([*facts, f(A.NEXT, 6 * MIN)], 6 * MIN)
    assert on_break.on_break and on_break.remaining_seconds == 10 * MIN


def test_changes_before_the_start_apply_when_the_clock_starts():
    facts = [f(A.NEXT, 0), f(A.SET, 10, 5 * MIN)]
    waiting = at(facts, 500)
    assert (waiting.status, waiting.level.number, waiting.remaining_seconds) == (
        ClockStatus.NOT_STARTED,
        2,
        5 * MIN,
    )
    r = at([*facts, f(A.START, 100)], 160)
    assert (r.level.number, r.remaining_seconds, r.running) == (2, 4 * MIN, True)


def test_prev_at_level_1_restarts_level_1():
    facts = [*START, f(A.PREV, 5 * MIN)]
    r = at(facts, 5 * MIN)
    assert (r.level.number, r.remaining_seconds) == (1, 20 * MIN)


def test_prev_goes_back_one_period_in_full():
    facts = [*START, f(A.PREV, 65 * MIN)]  # during level 3: back to the break
    r = at(facts, 66 * MIN)
    assert r.on_break and r.remaining_seconds == 9 * MIN


def test_past_the_last_level_the_last_level_continues_and_says_so():
    r = at(START, 120 * MIN)
    assert r.past_last_level and r.level.number == 4 and r.next_level is None
    assert (r.remaining_seconds, r.overtime_seconds) == (0, 10 * MIN)
    assert r.running and not r.on_break
    with pytest.raises(RuleError, match="last level"):
        verify(A.NEXT, r)
    with pytest.raises(RuleError, match="set MM:SS"):
        verify(A.ADD, r, 60)


def test_next_on_the_last_level_is_refused_but_a_recorded_one_ends_the_structure():
    r = at([*START, *[f(A.NEXT, 0)] * 4], 0)
    assert r.level.number == 4 and not r.past_last_level
    with pytest.raises(RuleError, match="last level"):
        verify(A.NEXT, r)
    past = at([*START, *[f(A.NEXT, 0)] * 6], 60)
    assert past.past_last_level and past.overtime_seconds == 60


def test_prev_past_the_end_goes_to_the_level_before_the_last():
    r = at([*START, f(A.PREV, 130 * MIN)], 130 * MIN)
    assert (r.level.number, r.remaining_seconds, r.past_last_level) == (3, 30 * MIN, False)


def test_set_past_the_end_gives_the_last_level_a_fresh_countdown():
    r = at([*START, f(A.SET, 130 * MIN, 5 * MIN)], 131 * MIN)
    assert (r.level.number, r.remaining_seconds, r.past_last_level) == (4, 4 * MIN, False)


def test_a_break_after_the_last_level_ends_in_the_last_level_continuing():
    s = Structure("x", 1000, (Level(1, 5, 10, 10), Break(5)))
    r = at(START, 16 * MIN, s)
    assert r.past_last_level and r.level.number == 1 and r.overtime_seconds == MIN
    on_break = at(START, 12 * MIN, s)
    assert on_break.on_break and on_break.level.number == 1


def test_wall_time_going_backwards_never_adds_time():
    facts = [*START]
    assert at(facts, -3600).remaining_seconds == 20 * MIN
    # NTP steps the clock back 5 minutes after a pause was recorded at 10:00.
    facts = [*START, f(A.PAUSE, 10 * MIN), f(A.RESUME, 5 * MIN)]
    assert at(facts, 4 * MIN).remaining_seconds == 10 * MIN
    assert at(facts, 6 * MIN).remaining_seconds == 9 * MIN


def test_facts_recorded_out_of_order_never_rewind_the_level():
    facts = [*START, f(A.NEXT, 10 * MIN), f(A.PAUSE, 2 * MIN)]
    r = at(facts, 0)
    assert (r.level.number, r.remaining_seconds) == (2, 20 * MIN)


_facts = st.lists(
    st.tuples(
        st.sampled_from(list(ClockAction)),
        st.floats(-3 * 3600, 6 * 3600, allow_nan=False),
        st.integers(-30 * MIN, 40 * MIN),
    ),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(_facts, st.floats(-3 * 3600, 12 * 3600, allow_nan=False))
def test_time_left_is_never_negative_nor_more_than_the_period(raw, now):
    facts = [ClockFact(a, T0 + t, s) for a, t, s in raw]
    r = reading(facts, S, T0 + now)
    assert 0 <= r.remaining_seconds <= r.period_seconds
    assert r.elapsed_seconds >= 0 and r.overtime_seconds >= 0
    if not any(a in (A.SET, A.ADD) for a, _, _ in raw):
        assert r.period_seconds == r.period.minutes * 60
    if r.past_last_level:
        assert r.remaining_seconds == 0 and r.level == S.levels[-1]


@settings(max_examples=200, deadline=None)
@given(_facts, st.floats(0, 6 * 3600, allow_nan=False), st.floats(0, 3600, allow_nan=False))
def test_time_left_never_grows_as_time_passes(raw, now, later):
    facts = [ClockFact(a, T0 + t, s) for a, t, s in raw]
    a, b = reading(facts, S, T0 + now), reading(facts, S, T0 + now + later)
    assert (b.period_index, -b.remaining_seconds) >= (a.period_index, -a.remaining_seconds) or (
        b.past_last_level
    )


@pytest.mark.parametrize(
    ("action", "facts", "message"),
    [
        pytest.param(A.PAUSE, [], "not been started; start it", id="pause-before-start"),
        pytest.param(A.PAUSE, [*START, f(A.PAUSE, 1)], "already paused", id="pause-when-paused"),
        pytest.param(A.RESUME, [*START], "already running", id="resume-when-running"),
        pytest.param(A.RESUME, [], "not been started", id="resume-before-start"),
        pytest.param(A.START, [*START], "already running", id="start-twice"),
        pytest.param(A.START, [*START, f(A.PAUSE, 1)], "resume it", id="start-when-paused"),
    ],
)
def test_nonsense_commands_are_refused_with_what_to_do(action, facts, message):
    with pytest.raises(RuleError, match=message):
        verify(action, at(facts, 60))


def test_sensible_commands_pass_verification():
    verify(A.START, at([], 0))
    verify(A.PAUSE, at(START, 1))
    verify(A.RESUME, at([*START, f(A.PAUSE, 1)], 2))
    verify(A.NEXT, at(START, 1))
    verify(A.PREV, at(START, 1))


def test_durations_parse_and_format():
    assert parse_duration("12:30") == 750 and format_seconds(750) == "12:30"
    assert parse_duration("0:05") == 5
    for bad in ("", "12:75", "a:b", "1:2:3:4", "-5"):
        with pytest.raises(InputError):
            parse_duration(bad)


def test_prev_after_next_gives_back_the_time_that_was_left():
    # Level 1 (20 min) skipped with 12 minutes left, by mistake: going back restores them.
    facts = [*START, f(A.NEXT, 8 * MIN), f(A.PREV, 9 * MIN)]
    r = at(facts, 9 * MIN)
    assert (r.level.number, r.remaining_seconds) == (1, 12 * MIN)
    # Two levels skipped, two steps back: each gets its own time back.
    two = [*START, f(A.NEXT, 5 * MIN), f(A.NEXT, 6 * MIN), f(A.PREV, 6 * MIN), f(A.PREV, 6 * MIN)]
    assert (at(two, 6 * MIN).level.number, at(two, 6 * MIN).remaining_seconds) == (1, 15 * MIN)
    # A level that ran out by itself comes back in full.
    ran_out = [*START, f(A.PREV, 21 * MIN)]
    assert at(ran_out, 21 * MIN).remaining_seconds == 20 * MIN
