"""ICM (Malmuth-Harville) and chip-chop deals (tdtool/tournament/icm.py)."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.errors import InputError, RuleError
from tdtool.tournament.icm import (
    MAX_ERROR_STANDARD_ERRORS,
    SUBSET_PLAYERS,
    Computation,
    DealMethod,
    chip_chop,
    exact_method,
    icm,
    icm_exact,
    icm_sampled,
    icm_subsets,
    make_deal,
    round_to_total,
)


def brute_force_icm(stacks, prizes):
    """Harville by definition: sum over every finishing order of its probability."""
    n = len(stacks)
    equity = [0.0] * n
    for order in itertools.permutations(range(n)):
        p, left = 1.0, sum(stacks)
        for j in order:
            p *= stacks[j] / left
            left -= stacks[j]
        for place, j in enumerate(order[: len(prizes)]):
            equity[j] += p * prizes[place]
    return equity


def cents(values):
    return [round(v, 2) for v in values]


def test_classic_three_player_example_worked_by_hand():
    # 50 % / 30 % / 20 % of the chips, prizes 50/30/20. By hand: A finishes 1st 0.5;
    # 2nd 0.3*5/7 + 0.2*5/8 = 0.339286; 3rd 0.160714 -> 25 + 10.1786 + 3.2143 = 38.39.
    # B: 15 + 30*(0.5*0.6 + 0.2*0.375) + 20*0.325 = 32.75; C: the rest, 28.86.
    # (The SNG book example "A's stack is worth 38.39 % of the prize pool" gives the same.)
    assert cents(icm_exact([5000, 3000, 2000], [50, 30, 20])) == [38.39, 32.75, 28.86]


@pytest.mark.parametrize(
    ("stacks", "prizes", "published"),
    [
        pytest.param(
            [5000, 3000, 1500, 500],
            [500, 300, 200],
            [377.78, 312.89, 225.60, 83.73],
            id="pailiku-4-left-3-paid",
        ),
        pytest.param(
            [100_000, 70_000, 50_000, 20_000],
            [200, 120, 80, 50],
            [140.84, 123.80, 108.96, 76.40],
            id="hold-em-k-final-table",
        ),
        pytest.param(
            [6000, 4000, 2000], [500, 300, 200], [385.00, 340.00, 275.00], id="cryptopokerdb"
        ),
    ],
)
def test_published_calculator_examples_match_to_the_cent(stacks, prizes, published):
    assert cents(icm_exact(stacks, prizes)) == published


def test_beatthefish_example_matches_its_published_ten_cent_rounding():
    # Published as $412.40 / $338.30 / $249.30 (rounded to 10 cents).
    values = icm_exact([60_000, 30_000, 10_000], [500, 300, 200])
    assert [round(v, 1) for v in values] == [412.4, 338.3, 249.3]
    assert cents(values) == [412.38, 338.33, 249.29]


def test_exact_matches_brute_force_over_every_finishing_order():
    stacks, prizes = [7, 1, 3, 12, 5, 2], [40, 25, 15, 10]
    assert icm_exact(stacks, prizes) == pytest.approx(brute_force_icm(stacks, prizes), abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=10**6), min_size=1, max_size=9),
    data=st.data(),
)
def test_icm_equities_sum_to_the_prize_money_and_respect_stack_order(stacks, data):
    prizes = sorted(
        data.draw(
            st.lists(st.integers(min_value=0, max_value=10**5), min_size=1, max_size=len(stacks))
        ),
        reverse=True,
    )
    values = icm_exact(stacks, prizes)
    assert math.fsum(values) == pytest.approx(sum(prizes), rel=1e-9, abs=1e-6)
    for i, j in itertools.combinations(range(len(stacks)), 2):
        if stacks[i] > stacks[j]:
            assert values[i] >= values[j] - 1e-9
        elif stacks[i] == stacks[j]:
            assert values[i] == pytest.approx(values[j], rel=1e-9, abs=1e-9)


def test_subset_method_matches_brute_force_over_every_finishing_order():
    stacks, prizes = [7, 1, 3, 12, 5, 2], [40, 25, 15, 10]
    assert icm_subsets(stacks, prizes) == pytest.approx(brute_force_icm(stacks, prizes), abs=1e-9)


@settings(max_examples=120, deadline=None)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=10**15), min_size=1, max_size=13),
    data=st.data(),
)
def test_subset_method_equals_the_plain_exact_method_wherever_both_run(stacks, data):
    # Any number of prizes up to the players left, in any order (a hold-back can make first
    # prize the smaller), stacks up to the largest a deal takes.
    prizes = data.draw(
        st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=len(stacks))
    )
    plain, subsets = icm_exact(stacks, prizes), icm_subsets(stacks, prizes)
    assert subsets == pytest.approx(plain, rel=1e-9, abs=1e-9 * max(sum(prizes), 1))


def test_subset_method_equals_the_plain_one_at_seventeen_players_the_old_exact_limit():
    rng = random.Random(17)
    stacks = [rng.randint(1, 5_000_000) for _ in range(17)]
    prizes = sorted((rng.randint(100, 100_000) for _ in range(17)), reverse=True)
    assert icm_subsets(stacks, prizes) == pytest.approx(icm_exact(stacks, prizes), rel=1e-9)


@pytest.mark.parametrize("n", [18, 19, 20])
def test_eighteen_to_twenty_players_left_are_exact(n):
    stacks = [1000 * (i + 1) for i in range(n)]
    prizes = list(range(100 * n, 0, -100))
    result = icm(stacks, prizes)  # no random number generator: nothing is sampled
    assert result.computation is Computation.EXACT and result.max_error == 0
    assert math.fsum(result.values) == pytest.approx(sum(prizes), rel=1e-12)
    assert list(result.values) == sorted(result.values)  # bigger stack, bigger equity
    equal = icm([5000] * n, prizes)
    assert equal.values == pytest.approx([sum(prizes) / n] * n, rel=1e-12)


def test_the_smallest_deals_never_need_numpy():
    # The plain method takes everything up to 15 players with as many prizes (80 ms), and a
    # big field with few prizes left; numpy only from 16 players with 16 or more prizes.
    assert exact_method(15, 15) is icm_exact
    assert exact_method(60, 3) is icm_exact
    assert exact_method(16, 16) is icm_subsets
    assert exact_method(SUBSET_PLAYERS, SUBSET_PLAYERS) is icm_subsets
    assert exact_method(SUBSET_PLAYERS + 1, SUBSET_PLAYERS + 1) is None


def test_sampled_equities_lie_within_the_stated_error_of_the_exact_twenty_player_values():
    rng = random.Random(20)
    stacks = [rng.randint(10_000, 2_000_000) for _ in range(20)]
    prizes = sorted((rng.randint(1_000, 100_000) for _ in range(20)), reverse=True)
    exact = icm_subsets(stacks, prizes)
    for seed in range(3):
        sampled, errors = icm_sampled(stacks, prizes, random.Random(seed), 4000)
        bound = MAX_ERROR_STANDARD_ERRORS * max(errors)
        assert max(abs(e - s) for e, s in zip(exact, sampled, strict=True)) <= bound


def test_a_sampled_deal_states_its_error_bound_in_the_notes_and_the_json():
    stacks = [1000 + 37 * i for i in range(SUBSET_PLAYERS + 1)]
    prizes = list(range(100 * len(stacks), 0, -100))
    deal = make_deal(DealMethod.ICM, stacks, prizes, rng=random.Random(1), samples=2000)
    data = deal.to_dict()
    assert data["exact"] is False and data["computation"] == "sampled"
    assert data["max_error"] == pytest.approx(4 * data["standard_error"], rel=1e-3)
    assert data["max_error"] > 0
    note = next(n for n in deal.notes() if "sampled" in n)
    assert f"within {deal.max_error:,.2f} of the exact value" in note


def test_an_exact_deal_says_so_in_the_json():
    data = make_deal(DealMethod.ICM, [5000] * 20, [100] * 20).to_dict()
    assert data["exact"] is True and data["max_error"] == 0.0 and data["samples"] == 0
    assert data["computation"] == "exact" and data["equities"] == [100.0] * 20


def test_ten_players_is_exact_and_twelve_too():
    for n in (10, 12):
        result = icm([1000 * (i + 1) for i in range(n)], list(range(100 * n, 0, -100)))
        assert result.computation is Computation.EXACT
        assert result.standard_error == 0


def test_sampling_beyond_the_exact_limit_states_its_error_and_agrees_with_exact():
    stacks = [random.Random(7).randint(1000, 50_000) for _ in range(8)]
    prizes = [300, 200, 120, 80]
    exact = icm_exact(stacks, prizes)
    sampled, errors = icm_sampled(stacks, prizes, random.Random(3), 20_000)
    for e, s, se in zip(exact, sampled, errors, strict=True):
        assert se > 0
        assert abs(e - s) < 5 * se


def test_large_field_with_many_prizes_is_sampled_with_the_rng_passed_in():
    stacks = [1000 + 37 * i for i in range(25)]
    prizes = list(range(2500, 0, -100))
    a = icm(stacks, prizes, random.Random(1), samples=2000)
    b = icm(stacks, prizes, random.Random(1), samples=2000)
    assert a.computation is Computation.SAMPLED and a.samples == 2000
    assert a == b
    assert math.fsum(a.values) == pytest.approx(sum(prizes))
    with pytest.raises(InputError, match="random number generator"):
        icm(stacks, prizes)


def test_many_players_with_few_prizes_is_still_exact():
    result = icm([1000] * 60, [500, 300, 200])
    assert result.computation is Computation.EXACT
    assert result.values == pytest.approx([1000 / 60] * 60)


def test_chip_chop_gives_last_prize_plus_a_chip_share_of_the_rest():
    # pokercolorado.com worked example: 30k/20k/10k chips, 500/300/200 -> 400/333/267.
    assert cents(chip_chop([20_000, 30_000, 10_000], [500, 300, 200])) == [333.33, 400.0, 266.67]


def test_chip_chop_final_table_example_matches_the_published_quarter_rounding():
    # hold-em-k: 154.25 / 123 / 102 / 70.75, the exact values rounded to quarters.
    values = chip_chop([100_000, 70_000, 50_000, 20_000], [200, 120, 80, 50])
    assert [round(v * 4) / 4 for v in values] == [154.25, 123.0, 102.0, 70.75]


def test_chip_chop_with_more_players_than_prizes_guarantees_nothing():
    assert chip_chop([3000, 1000], [100]) == (75.0, 25.0)


def test_hold_back_comes_off_first_prize_and_keeps_icm_fair():
    stacks, prizes, held = [5000, 3000, 2000], [50, 30, 20], 10
    deal = make_deal(DealMethod.ICM, stacks, prizes, hold_back=held)
    full = icm_exact(stacks, prizes)
    for value, whole, stack in zip(deal.equities, full, stacks, strict=True):
        assert value + held * stack / 10_000 == pytest.approx(whole)
    assert sum(deal.amounts) == 90


def test_hold_back_larger_than_first_prize_is_refused():
    with pytest.raises(InputError, match="at most 50"):
        make_deal(DealMethod.ICM, [5000, 3000, 2000], [50, 30, 20], hold_back=60)


def test_chip_chop_hold_back_that_leaves_less_than_the_last_prize_is_refused():
    with pytest.raises(RuleError, match="hold back at most 40"):
        make_deal(DealMethod.CHIP_CHOP, [5000, 3000, 2000], [50, 30, 20], hold_back=45)


def test_deal_amounts_are_rounded_to_the_unit_and_sum_exactly():
    deal = make_deal(DealMethod.ICM, [5000, 3000, 2000], [5000, 3000, 2000], unit=25)
    assert sum(deal.amounts) == 10_000
    assert all(a % 25 == 0 for a in deal.amounts)
    assert deal.to_dict()["equities"] == [3839.29, 3275.0, 2885.71]


def test_chip_chop_that_overpays_the_leader_says_so():
    deal = make_deal(DealMethod.CHIP_CHOP, [90_000, 5_000, 5_000], [500, 300, 200])
    assert deal.amounts[0] > 500
    assert any("more than first prize" in note for note in deal.notes())


@pytest.mark.parametrize(
    ("stacks", "prizes", "message"),
    [
        ([], [1], "stacks"),
        ([100, 0], [1], "positive"),
        ([100, 50], [], "prizes"),
        ([100], [10, 5], "2 prizes for 1 players"),
        ([100, 50], [5, 10], "first place down"),
    ],
)
def test_bad_deal_input_is_refused_with_a_clear_message(stacks, prizes, message):
    with pytest.raises(InputError, match=message):
        make_deal(DealMethod.ICM, stacks, prizes)


@given(
    values=st.lists(st.floats(min_value=0, max_value=1e6), min_size=1, max_size=12),
    unit=st.integers(min_value=1, max_value=100),
)
def test_rounding_a_deal_keeps_the_total(values, unit):
    total = math.floor(math.fsum(values))
    scaled = [v * total / math.fsum(values) for v in values] if math.fsum(values) else values
    stacks = list(range(len(values), 0, -1))
    amounts = round_to_total(scaled, total, unit, stacks)
    assert sum(amounts) == total


_MODULES_AFTER = (
    "import sys\n"
    "from tdtool.cli import main\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "print('numpy' in sys.modules)"
)


@pytest.mark.slow
def test_numpy_loads_only_for_a_deal_that_needs_it(tmp_path):
    import subprocess
    import sys

    from tests.conftest import ROOT
    from tests.tournament_fixtures import make

    db = str(make(tmp_path / "t.tdtool"))
    stacks = ",".join(str(1000 + i) for i in range(18))
    prizes = ",".join(str(100 * (18 - i)) for i in range(18))
    runs = {
        "--help": (["--help"], False),
        "status": (["--db", db, "status"], False),
        "deal of 3": (["deal", "icm", "--stacks", "5000,3000,2000", "--prizes", "50,30,20"], False),
        # the probe itself: a deal of 18 players left does load it
        "deal of 18": (["deal", "icm", "--stacks", stacks, "--prizes", prizes, "--json"], True),
    }
    for what, (args, loaded) in runs.items():
        out = subprocess.run(
            [sys.executable, "-c", _MODULES_AFTER, *args], capture_output=True, text=True, cwd=ROOT
        )
        assert out.stdout.strip().splitlines()[-1] == str(loaded), (what, out.stdout, out.stderr)
