"""Issue 22 cosmetic: under --rules robert a ruling on chips put out cited TDA numbers only.

Robert's Rules have no 50% standard for silent chips (their no-limit rule 3 asks a raise of
at least the last bet or raise); the reading stays the TDA's, and the ruling says so.
"""

from __future__ import annotations

from tdtool.rules.chips import ROBERT_FIFTY, Facing, read_chips
from tdtool.rules.rulings import Profile

F = Facing("B", bet=0, stack=10_000, current=1000, step=1000, can_raise=True, max_to=None,
           heads_up=False, opening=False, levels=(500, 1000), pot=1750, big_blind=500)  # fmt: skip


def test_tda_43a_under_roberts_rules_cites_what_they_say_and_reads_the_same():
    tda = read_chips(F, Profile.TDA, amount=1400)  # 'fourteen hundred' facing 1,000: a call
    robert = read_chips(F, Profile.ROBERT, amount=1400)
    assert "43A" in tda.ruling.rule and "RRoP" not in tda.ruling.rule
    assert robert.ruling.rule == tda.ruling.rule + ROBERT_FIFTY
    assert (robert.verb, robert.to) == (tda.verb, tda.to)
    raised = read_chips(F, Profile.ROBERT, amount=1600)  # 50% or more: a full raise to 2,000
    assert raised.to == 2000 and "RRoP No-limit rules 3" in raised.ruling.rule


def test_a_ruling_that_rests_on_no_50_percent_standard_is_left_as_it_was():
    exact = read_chips(F, Profile.ROBERT, amount=1000)  # exactly the call (TDA 41)
    assert exact.ruling.rule == read_chips(F, Profile.TDA, amount=1000).ruling.rule
