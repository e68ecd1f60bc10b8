"""A binding raise out of turn when nobody is left to raise (found by the floor-lines property
of tests/test_hand_properties.py): it stands as a call (TDA 53, 47)."""

from __future__ import annotations

from tests.test_hand_lines import ruled, table


def test_tda_53_47_a_binding_raise_out_of_turn_with_nobody_left_to_raise_is_a_call(cli, tmp_path):
    # Blinds 1/2, both blinds and Cy all-in for 1; Dee raises out of turn, Eve folds out of
    # turn, Cy calls all-in: the action did not change, so Dee's raise binds, but nobody is
    # left to raise: a call of 2.
    head = "blinds: 1/2\nbutton: 1\nsmall_blind: 2\nbig_blind: 3"
    seats = [
        "2: {name: Ann, stack: 1, cards: Ah Ad}",
        "3: {name: Bo,  stack: 1, cards: Kh Kd}",
        "4: {name: Cy,  stack: 1, cards: Qh Qd}",
        "5: {name: Dee, stack: 120, cards: Jh Jd}",
        "6: {name: Eve, stack: 120, cards: Th Td}",
    ]
    actions = ["Dee raise 4 out of turn", "Eve fold out of turn", "Cy call",
               "flop 2c 7s 9d", "turn 3h", "river 4s"]  # fmt: skip
    data = ruled(cli, table(tmp_path, head, seats, actions))
    assert any(
        r["summary"] == "Dee's raise out of turn stands as a call: nobody is left to raise."
        for r in data["rulings"]
    )
    assert data["stacks"]["Dee"] == 120 - 1  # 2 in; 1 back uncalled over the all-in stacks
    assert sum(data["stacks"].values()) == 243
