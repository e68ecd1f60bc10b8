"""A small seeded fuzz campaign in the suite (tests/fuzz.py has the generator and the big run).

Mutated example files through every command that reads them, and random command lines built
from the CLI's command tree against a seated tournament: exit 0, 1 or 2 only, never a
traceback, nothing written on refusal, no run over the time bound.
"""

from __future__ import annotations

import pytest

from tests.fuzz import MUTATIONS, command_campaign, file_campaign, seed_files


def test_the_fuzzer_starts_from_every_kind_of_file_and_mutates():
    kinds = {kind for kind, _ in seed_files()}
    assert kinds == {"hand", "structure", "payouts"}
    assert len(MUTATIONS) >= 10


@pytest.mark.parametrize("seed", [20261130])
def test_mutated_files_are_refused_cleanly(tmp_path, seed):
    figures = file_campaign(120, seed, tmp_path, limit=20.0)
    assert figures.failures == [], figures.summary()
    assert figures.exits.get(2, 0) > 30  # the mutations do make bad files


@pytest.mark.parametrize("seed", [20261130])
def test_random_command_lines_are_answered_cleanly(tmp_path, seed):
    figures = command_campaign(150, seed, tmp_path, limit=20.0)
    assert figures.failures == [], figures.summary()
    assert figures.exits.get(0, 0) > 10 and figures.exits.get(2, 0) > 10
