"""A small seeded fuzz campaign in the suite (tests/fuzz.py has the generator and the big run).

Mutated example files through every command that reads them, and random command lines built
from the CLI's command tree against a seated tournament: exit 0, 1 or 2 only, never a
traceback, nothing written on refusal, no run over the time bound.
"""

from __future__ import annotations

import pytest

from tests.fuzz import (
    CSV_MUTATIONS,
    MUTATIONS,
    TOURNAMENTS,
    command_campaign,
    command_tree,
    csv_seeds,
    file_campaign,
    random_command,
    seed_files,
)


def test_the_fuzzer_starts_from_every_kind_of_file_and_mutates():
    kinds = {kind for kind, _ in seed_files()}
    assert kinds == {"hand", "structure", "payouts", "csv"}
    assert any(b"- day:" in path.read_bytes() for kind, path in seed_files() if kind == "structure")
    assert len(MUTATIONS) >= 10 and len(CSV_MUTATIONS) >= 10 and len(csv_seeds()) >= 5


def test_random_command_lines_reach_every_command_and_option_in_the_help():
    """Every leaf command of `tdtool --help` and every one of its options shows up in a few
    thousand random lines (the tree is walked, not listed by hand)."""
    import random

    tree = command_tree()
    rng = random.Random(1)
    lines = [random_command(tree, rng) for _ in range(6000)]
    for path, params in tree:
        used = [line for line in lines if line[: len(path)] == path]
        assert used, f"tdtool {' '.join(path)} never drawn"
        for param in params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("-"):
                    assert any(opt in line for line in used), f"{' '.join(path)} {opt} never drawn"
    paths = {tuple(path) for path, _ in tree}
    for needed in [("player", "chips"), ("chips", "show"), ("chips", "remove"),
                   ("clock", "end-day"), ("seat", "print"), ("player", "bounties")]:  # fmt: skip
        assert needed in paths
    assert any("--pko" in t for t in TOURNAMENTS) and any("--satellite" in t for t in TOURNAMENTS)


@pytest.mark.slow  # a campaign: hundreds of files or command lines
@pytest.mark.parametrize("seed", [20261130])
def test_mutated_files_are_refused_cleanly(tmp_path, seed):
    figures = file_campaign(250, seed, tmp_path, limit=20.0)
    assert figures.failures == [], figures.summary()
    assert figures.exits.get(2, 0) > 60  # the mutations do make bad files


@pytest.mark.slow  # a campaign: hundreds of files or command lines
@pytest.mark.parametrize("seed", [20261130])
def test_random_command_lines_are_answered_cleanly(tmp_path, seed):
    figures = command_campaign(350, seed, tmp_path, limit=20.0)
    assert figures.failures == [], figures.summary()
    assert figures.exits.get(0, 0) > 10 and figures.exits.get(2, 0) > 10
