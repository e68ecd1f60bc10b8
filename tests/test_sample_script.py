"""examples/friday-turbo.sh: the sample evening runs start to finish as a director would type it."""

import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import EXAMPLES, ROOT

NEEDS_BASH = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def run_example(script: str, folder) -> subprocess.CompletedProcess:
    """Run examples/SCRIPT with bash in `folder`, `tdtool` on the PATH as this checkout's."""
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "tdtool"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tdtool "$@"\n')
    shim.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": str(ROOT)}  # fmt: skip
    env.pop("TDTOOL_DB", None)
    out = subprocess.run(["bash", str(EXAMPLES / script)], capture_output=True, text=True,
                         env=env, cwd=folder, timeout=300)  # fmt: skip
    assert out.returncode == 0, out.stderr
    return out


@pytest.fixture(scope="module")
def friday(tmp_path_factory):
    """examples/friday-turbo.sh, run once for the tests that read its output."""
    return run_example("friday-turbo.sh", tmp_path_factory.mktemp("friday"))


@NEEDS_BASH
def test_sample_tournament_script_runs_to_a_winner(friday):
    out = friday
    assert "Anna wins the tournament" in out.stdout
    # Jon and Ines busted in one hand; Jon had more chips, so he places higher (9th vs 10th).
    assert "Jon is out in 9th place" in out.stdout
    assert "Ines is out in 10th place" in out.stdout


@NEEDS_BASH
def test_the_sample_evening_prints_the_paper_for_the_tables(friday):
    """The seat cards and the seat list after the draw, the move slips after the busts."""
    out = friday
    assert "Wrote seat-cards.html: 12 seat cards, 2 A4 pages." in out.stdout
    assert "Wrote seat-list.html: the seats of 12 players by name, 1 A4 page." in out.stdout
    assert "Wrote table-moves.html:" in out.stdout and "(every table move so far)" in out.stdout


@NEEDS_BASH
def test_the_pko_script_runs_to_a_winner_who_collects_every_bounty(tmp_path):
    """examples/pko-night.sh: a PKO with a split pot, an undone bust and a re-entry."""
    out = run_example("pko-night.sh", tmp_path)
    assert "Split pot: Gia's bounty of 50 is shared: Ben 12.50 paid" in out.stdout
    assert "Undid change" in out.stdout and "Dev collects Farid's bounty of 50" in out.stdout
    assert "The winner's own bounty goes to Anna: 193.75." in out.stdout
    assert "450 bought, 450 paid, 0 on players' heads." in out.stdout


@NEEDS_BASH
def test_sample_satellite_script_counts_chips_and_ends_on_the_seat_bubble(tmp_path):
    out = run_example("sunday-satellite.sh", tmp_path)
    text = out.stdout
    assert "A satellite: 3 seats worth 200 each (1st to 3rd place)" in text
    assert "The counts do not add up: 129,500 counted, 500 short of the 130,000 chips in play." in (
        text
    )
    assert "The counts add up: 129,500 chips in play." in text
    assert "Chip leader        Anna 52,000" in text
    assert "Chip counts        add up to the 129,500 in play" in text
    assert "The seat bubble: 4 players left for 3 seats" in text
    assert "The seats are decided: Anna, Ben and Carla win a seat each (worth 200)." in text


@NEEDS_BASH
def test_flights_script_combines_two_flights_into_a_day_2(tmp_path):
    out = run_example("flights.sh", tmp_path)
    assert "Created Deepstack Day 2" in out.stdout
    assert "Anna also bagged 41,000 in Deepstack Day 1A: that bag does not advance" in out.stdout
    assert "Day 2 resumes at level 4 with 40:00 left." in out.stdout
    assert "Players left       7 of 11 entries" in out.stdout
    assert "Prize pool: 2,200 from 11 entries." in out.stdout
