"""Bad input on the floor-question lines (docs/hand-file.md, "Floor questions"): every one is
refused with exit 2 and one `Error:` line naming FILE:LINE, no traceback, nothing adjudicated.
"""

from __future__ import annotations

import pytest

from tests.test_bad_input import _assert_refused
from tests.test_hand_rulings import write

# The table of tests/test_hand_rulings.py: actions start on line 9; Carla is first to act.
BAD_LINES = [
    (["Carla puts"], 9, "write what the player pushed out"),
    (["Carla puts 0"], 9, "write what the player pushed out"),
    (["Carla puts lots"], 9, "write what the player pushed out"),
    (["Carla puts 6000"], 9, "has only 5,000 behind"),
    (["Carla puts chips"], 9, "name each chip's value"),
    (["Carla puts chips 500 red"], 9, "`red` is not a chip value"),
    (["Carla puts chips 5000 5000"], 9, "has only 5,000 behind"),
    (["Carla says maybe"], 9, "not a declaration tdtool can read"),
    (["Carla says raise lots"], 9, "is not an amount"),
    (["Carla says raise", "Dan fold"], 9, "the next line must be the chips Carla put out"),
    (["Carla says raise out of turn"], 9, "not out of turn"),
    (["Dan says raise out of turn"], 9, "write the amount said out of turn"),
    (["Carla pulls back"], 9, "nothing to pull back"),
    (["Carla raise 300", "Dan fold", "Anna call", "Ben pulls back 500"], 12, "only 100 out"),
    (["Carla pulls back out of turn"], 9, "pulled back only in turn"),
    (["Carla call out of turn"], 9, "not out of turn"),
    (["Dan call out of turn", "Dan fold out of turn"], 10, "already acted out of turn on line 9"),
    (["Dan shows out of turn"], 9, "only a betting action can be out of turn"),
    (["out of turn"], 9, "write `WHO ACTION out of turn`"),
    (["Carla call", "Carla fold out of turn"], 10, "already acted on the pre-flop"),
    (["extra card"], 9, "say who got the extra card"),
    (["extra card Zed"], 9, "Zed is not seated"),
    (["Carla call", "Dan call", "Anna call", "Ben check", "flop 2c 7s without burn"], 13,
     "write the three flop cards"),
    (["Carla call", "Dan call", "Anna call", "Ben check", "flop 2c 7s Xx without burn"], 13,
     "Xx"),
    (["duplicate"], 9, "name the one card that turned up twice"),
    (["duplicate As Ks"], 9, "name the one card that turned up twice"),
    (["duplicate Xx"], 9, "Xx"),
    (["Carla call", "flop 2c 7s 9d without burn"], 10, "write `premature flop"),
    (["Zed plays the board"], 9, "Zed is not seated"),
]  # fmt: skip


@pytest.mark.parametrize(("actions", "line", "says"), BAD_LINES, ids=[b[0][-1] for b in BAD_LINES])
def test_a_bad_floor_line_is_refused_naming_the_line(cli, tmp_path, actions, line, says):
    path = write(tmp_path, actions)
    result = cli("hand", "check", path)
    _assert_refused(result, 2, f"{path}:{line}:", says)
    assert result.output.count("Error:") == 1
