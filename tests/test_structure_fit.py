"""`structure new` fits the requested length and keeps its promised step (issue 13); `check`
warns on a step above 1.5x before the final levels."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.tournament.structure_gen import MAX_STEP, Plan, fit


def _steps(levels):
    return [b.big_blind / a.big_blind for a, b in zip(levels, levels[1:], strict=False)]


@settings(max_examples=6, deadline=None)
@given(
    players=st.integers(20, 500),
    hours=st.sampled_from([2, 2.5, 3, 3.5, 4, 5, 6, 8, 10]),
    stack=st.sampled_from([3_000, 5_000, 10_000, 20_000, 30_000, 50_000, 100_000, 1_000_000]),
)
def test_structure_new_estimate_within_10_percent_and_steps_within_the_promise(
    players, hours, stack
):
    generated = fit(Plan("Fit", stack, 20, players, hours=hours))
    assert abs(generated.end_minutes - hours * 60) <= 0.1 * hours * 60
    levels = generated.structure.levels
    played = levels[: generated.end_level]
    assert all(step <= MAX_STEP + 1e-9 for step in _steps(played)), _steps(played)
    assert 1.2 - 0.05 <= generated.step <= MAX_STEP


def test_structure_new_fits_two_hours_for_500_players_with_five_minute_levels():
    generated = fit(Plan("Quick", 20_000, 20, 500, hours=2))
    assert abs(generated.end_minutes - 120) <= 12, generated.end_minutes
    assert not generated.notes
    played = generated.structure.levels[: generated.end_level]
    assert all(step <= MAX_STEP + 1e-9 for step in _steps(played)), _steps(played)


def test_structure_new_thursday_4h_fits_and_check_finds_nothing_to_warn(cli, tmp_path):
    target = tmp_path / "thursday.yaml"
    result = cli(
        "structure", "new", "Thursday 4h", "--stack", "20000", "--hours", "4",
        "--players", "40", "-o", target,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    found = re.search(r"\(after about (\d+):(\d\d)\)", result.stdout)
    assert found, result.stdout
    assert abs(int(found.group(1)) * 60 + int(found.group(2)) - 240) <= 24
    check = cli("structure", "check", target)
    assert check.exit_code == 0 and "warning" not in check.stdout
    two = cli(
        "structure", "new", "Two", "--stack", "20000", "--hours", "2", "--players", "40",
        "-o", tmp_path / "two.yaml",
    )  # fmt: skip
    assert "levels of 20 minutes" not in two.stdout  # shorter levels to fit two hours


def test_check_warns_on_a_step_above_one_and_a_half_before_the_final_levels(cli, tmp_path):
    path = tmp_path / "steep.yaml"
    path.write_text(
        "name: Steep\nstarting_stack: 20000\nlevels:\n"
        + "".join(
            f"  - {{blinds: {sb}/{2 * sb}, minutes: 20}}\n"
            for sb in (100, 150, 250, 400, 600, 900, 1200, 1600)
        )
    )
    result = cli("structure", "check", path)
    assert result.exit_code == 0, result.output
    assert "level 3: warning: the big blind steps from 300 to 500 (1.67x" in result.stdout
    assert "level 4: warning: the big blind steps from 500 to 800 (1.60x" in result.stdout
    assert "level 8" not in result.stdout  # the final levels may be steeper
