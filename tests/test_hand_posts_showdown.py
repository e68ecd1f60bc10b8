"""Blinds posted out of position and the showdown floor lines (issue 23, docs/hand-file.md):
`WHO posts big blind|dead small blind|both blinds`, `WHO asks to see WHO`, `WHO's hand is
retrieved`, `dealer kills WHO's hand`, `WHO tables one card`, and a winner who mucks. Each
test is named after the rule it proves; each showdown ruling says who wins the pot.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tdtool.rules.betting import Betting, Player, Post, Stakes
from tests.test_hand_lines import bad_input, ruled
from tests.test_hand_rulings import START, check, write

CHECK_DOWN = [
    "flop 2c 7s 9h", "Anna check", "Ben check", "Carla check", "Dan check",
    "turn Jc", "Anna check", "Ben check", "Carla check", "Dan check",
    "river 3h", "Anna check", "Ben check", "Carla check", "Dan check",
]  # fmt: skip
"""Four players check it down; Ben's nines make trips, Carla's queens are second best."""
LIMPED = ["Carla call", "Dan call", "Anna call", "Ben check", *CHECK_DOWN]


def rulings_of(data, kind):
    return [r for r in data["rulings"] if r["irregularity"] == kind]


# ------------------------------------------------------------------- posted and missed blinds


def test_rrop_button_and_blind_use_posted_big_blind_is_live_and_keeps_the_option(cli, tmp_path):
    # Carla (under the gun) posts 100 to come in: the post is her bet, so she may check.
    path = write(tmp_path, ["Carla posts big blind", "Carla check", "Dan call", "Anna call",
                            "Ben check", *CHECK_DOWN])  # fmt: skip
    data = ruled(cli, path)
    (ruling,) = rulings_of(data, "posted-blind")
    assert ruling["rule"] == "RRoP Button and Blind Use" and ruling["line"] == 9
    assert data["pots"][0]["amount"] == 400  # four live big blinds, no dead money
    assert data["stacks"] == {"Anna": 4900, "Ben": 5300, "Carla": 4900, "Dan": 4900}


def test_rrop_button_and_blind_use_dead_small_blind_goes_to_the_pot_not_the_bet(cli, tmp_path):
    # Both blinds: 100 live, 50 dead. Carla still owes nothing more to call the 100.
    path = write(tmp_path, ["Carla posts both blinds", "Carla check", "Dan call", "Anna call",
                            "Ben check", *CHECK_DOWN])  # fmt: skip
    data = ruled(cli, path)
    assert data["pots"][0]["amount"] == 450
    assert data["stacks"] == {"Anna": 4900, "Ben": 5350, "Carla": 4850, "Dan": 4900}
    kinds = [(p["player"], p["kind"], p["amount"]) for p in data["posted"]]
    assert ("Carla", "posted big blind", 100) in kinds
    assert ("Carla", "dead small blind", 50) in kinds


def test_rrop_button_and_blind_use_dead_money_is_never_returned_as_an_uncalled_bet(cli, tmp_path):
    # Dan raises and everyone folds: his uncalled 200 comes back, Carla's dead 50 does not.
    path = write(tmp_path, ["Carla posts both blinds", "Carla check", "Dan raise 300",
                            "Anna fold", "Ben fold", "Carla fold"])  # fmt: skip
    data = ruled(cli, path)
    assert data["returned"] == {"Dan": 200}
    assert data["stacks"] == {"Anna": 4950, "Ben": 4900, "Carla": 4850, "Dan": 5300}


def test_rrop_button_and_blind_use_a_poster_all_in_for_less_keeps_the_live_part_first(
    cli, tmp_path
):
    text = write(tmp_path, []).read_text().replace("3: {name: Carla, stack: 5000",
                                                   "3: {name: Carla, stack: 120")  # fmt: skip
    path = tmp_path / "short.yaml"
    path.write_text(text + "  - Carla posts both blinds\n" + "".join(
        f"  - {a}\n" for a in ["Dan call", "Anna call", "Ben check", *CHECK_DOWN]
        if not a.startswith("Carla")))  # fmt: skip
    data = ruled(cli, path)
    posted = {p["kind"]: p["amount"] for p in data["posted"] if p["player"] == "Carla"}
    assert posted == {"posted big blind": 100, "dead small blind": 20}
    assert data["pots"][0]["amount"] == 420


def test_rrop_button_and_blind_use_posted_blind_facing_a_raise_calls_only_the_difference(
    cli, tmp_path
):
    path = write(tmp_path, ["Carla posts big blind", "Carla check", "Dan raise 300",
                            "Anna fold", "Ben fold", "Carla call", *[
                                a for a in CHECK_DOWN if a.split()[0] in ("Carla", "Dan")
                                or a.split()[0] in ("flop", "turn", "river")]])  # fmt: skip
    data = ruled(cli, path)
    assert data["pots"][0]["amount"] == 750  # 300 + 300 + the blinds 50 + 100
    assert data["stacks"]["Carla"] == 5000 - 300 + 750  # queens beat Dan's fours-and-threes


@pytest.mark.parametrize(
    "actions, says",
    [
        pytest.param(["Carla call", "Carla posts big blind"], "only before the first action",
                     id="after-the-first-action"),
        pytest.param(["Ben posts big blind"], "in the blinds this hand", id="the-big-blind"),
        pytest.param(["Carla posts big blind", "Carla posts big blind"], "already posted",
                     id="twice"),
        pytest.param(["Carla posts the blind"], "write `Carla posts big blind`", id="unreadable"),
        pytest.param(["Carla posts big blind out of turn"], "never out of turn", id="oot"),
    ],
)  # fmt: skip
def test_rrop_button_and_blind_use_a_post_that_cannot_happen_is_bad_input(
    cli, tmp_path, actions, says
):
    assert says in bad_input(cli, write(tmp_path, actions))


def test_tda_10a_no_post_between_the_small_blind_and_the_button(cli, tmp_path):
    # Dead button on empty seat 5; seat 1 posts the small blind: seat 6 sits between them.
    text = (
        "blinds: 50/100\nbutton: 5\nsmall_blind: 1\nbig_blind: 2\nseats:\n"
        "  1: {name: Anna, stack: 5000}\n  2: {name: Ben, stack: 5000}\n"
        "  3: {name: Carla, stack: 5000}\n  6: {name: Finn, stack: 5000}\n"
        "actions:\n  - Finn posts big blind\n"
    )
    path = tmp_path / "gap.yaml"
    path.write_text(text)
    assert "between the button and the small blind" in bad_input(cli, path)


def test_rrop_button_and_blind_use_posted_blind_is_not_a_straddle(cli, tmp_path):
    path = write(tmp_path, ["Carla posts big blind", "Carla straddle 200"])
    assert "a straddle is not posted on top of it" in bad_input(cli, path)


POSTS = st.lists(
    st.tuples(st.sampled_from([3, 4, 5]), st.booleans(), st.booleans()).filter(
        lambda p: p[1] or p[2]
    ),
    max_size=3,
    unique_by=lambda p: p[0],
)


@settings(max_examples=80, deadline=None)
@given(posts=POSTS, stacks=st.lists(st.integers(1, 400), min_size=5, max_size=5))
def test_rrop_button_and_blind_use_posts_conserve_chips_and_dead_money_is_no_bet(posts, stacks):
    """Property: whoever posts what with any stack, every chip is in a stack, a bet or the
    middle; the dead part is never in a bet, so nobody calls less because of it."""
    players = [Player(s, f"P{s}", stacks[s - 1]) for s in range(1, 6)]
    b = Betting(Stakes(50, 100), players, button=5)
    for seat, live, dead in posts:
        if b.all_in[b.index[seat]]:
            continue
        b.post(seat, live, dead)
    assert sum(b.stack) + sum(b.committed) + b.dead == sum(stacks)
    for i in range(b.n):
        assert b.bet[i] == b.committed[i] <= 100  # pre-flop nothing but live blinds is in
    dead = sum(p.amount for p in b.postings if p.kind is Post.DEAD_SMALL_BLIND)
    assert b.dead == dead


# ------------------------------------------------------------------------------ the showdown


def test_tda_13b_15_a_winner_who_mucks_without_tabling_has_no_claim(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*LIMPED, "Ben mucks"]))
    (ruling,) = rulings_of(data, "mucked-winner")
    assert ruling["rule"] == "TDA 13B, 15"
    assert ruling["summary"].endswith("Carla wins the main pot (400).")
    assert data["stacks"] == {**START, "Anna": 4900, "Ben": 4900, "Carla": 5300, "Dan": 4900}


def test_tda_13c_the_dealer_cannot_kill_a_tabled_winning_hand(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*LIMPED, "Ben shows", "dealer kills Ben's hand"]))
    (ruling,) = rulings_of(data, "killed-hand")
    assert ruling["rule"] == "TDA 13C, 12" and ruling["line"] == 29
    assert "Ben wins the main pot (400)" in ruling["summary"]
    assert data["stacks"]["Ben"] == 5300


def test_tda_13b_14_a_hand_killed_before_it_was_tabled_is_dead(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*LIMPED, "dealer kills Ben's hand"]))
    (ruling,) = rulings_of(data, "killed-hand")
    assert ruling["rule"] == "TDA 13B, 14"
    assert data["stacks"]["Carla"] == 5300 and data["stacks"]["Ben"] == 4900


def test_tda_16_in_an_all_in_showdown_every_hand_counts_as_tabled_so_a_kill_cannot_stand(
    cli, tmp_path
):
    path = write(tmp_path, ["Carla fold", "Dan fold", "Anna all-in", "Ben call",
                            "flop 2c 7s 9h", "turn Jc", "river 3h",
                            "dealer kills Ben's hand"])  # fmt: skip
    data = ruled(cli, path)
    assert rulings_of(data, "killed-hand")[0]["rule"] == "TDA 13C, 12"
    assert data["stacks"]["Ben"] == 10000 and data["stacks"]["Anna"] == 0  # trips beat A-K


def test_tda_14_a_discarded_hand_still_identifiable_is_retrieved_and_wins(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*LIMPED, "Ben mucks", "Ben's hand is retrieved"]))
    (ruling,) = rulings_of(data, "retrieved-hand")
    assert ruling["rule"] == "TDA 14" and "Ben wins the main pot (400)" in ruling["summary"]
    assert not rulings_of(data, "mucked-winner")
    assert data["stacks"]["Ben"] == 5300


def test_tda_14_a_hand_killed_into_the_muck_cannot_be_retrieved(cli, tmp_path):
    path = write(tmp_path, [*LIMPED, "dealer kills Ben's hand", "Ben's hand is retrieved"])
    code, data, _ = check(cli, path)
    assert code == 1 and data["rule"] == "TDA 14" and data["line"] == 29


def test_tda_14_nothing_to_retrieve_from_a_hand_never_discarded_is_bad_input(cli, tmp_path):
    path = write(tmp_path, [*LIMPED, "Ben's hand is retrieved"])
    assert "nothing to retrieve" in bad_input(cli, path)


def test_tda_13a_15a_one_card_tabled_then_mucked_is_a_dead_hand(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*LIMPED, "Ben tables one card", "Ben mucks"]))
    (ruling,) = rulings_of(data, "partial-tabling")
    assert ruling["rule"] == "TDA 13A, 15A"
    assert ruling["summary"].startswith("Ben tabled one card and mucked the other")
    assert not rulings_of(data, "mucked-winner")  # one ruling for the one situation
    assert data["stacks"]["Carla"] == 5300


def test_tda_13a_15a_one_card_then_the_rest_tabled_plays(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*LIMPED, "Ben tables one card", "Ben shows"]))
    assert "Ben wins the main pot (400)" in rulings_of(data, "partial-tabling")[0]["summary"]


def test_tda_13a_15a_one_card_against_a_live_hand_must_say_what_happened_next(cli, tmp_path):
    line = bad_input(cli, write(tmp_path, [*LIMPED, "Ben tables one card"]))
    assert "add `Ben shows` if Ben did, or `Ben mucks`" in line and ":28:" in line


def test_tda_13a_one_card_wins_when_every_other_hand_is_mucked(cli, tmp_path):
    actions = [*LIMPED, "Anna mucks", "Carla mucks", "Dan mucks", "Ben tables one card"]
    data = ruled(cli, write(tmp_path, actions))
    assert "last hand left" in rulings_of(data, "partial-tabling")[0]["summary"]
    assert data["stacks"]["Ben"] == 5300


def test_tda_18_a_mucked_hand_asked_for_is_shown_but_stays_dead(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*LIMPED, "Ben mucks", "Carla asks to see Ben"]))
    (ruling,) = rulings_of(data, "asked-to-see")
    assert ruling["rule"] == "TDA 18"
    assert ruling["summary"] == (
        "Ben's mucked hand is shown, and it stays dead. Carla wins the main pot (400)."
    )


def test_tda_18_a_player_who_mucked_has_no_right_to_ask(cli, tmp_path):
    data = ruled(cli, write(tmp_path, [*LIMPED, "Anna mucks", "Anna asks to see Carla"]))
    (ruling,) = rulings_of(data, "asked-to-see")
    assert "no right to ask" in ruling["steps"][0]
    assert data["stacks"]["Ben"] == 5300  # Carla's hand is tabled and plays; Ben still wins


def test_rrop_the_showdown_5_the_winner_asking_makes_both_hands_live(cli, tmp_path):
    path = write(tmp_path, [*LIMPED, "Ben mucks", "Carla asks to see Ben"])
    data = ruled(cli, path, "--rules", "robert")
    (ruling,) = rulings_of(data, "asked-to-see")
    assert ruling["rule"] == "RRoP The showdown 5"
    assert ruling["summary"] == (
        "The winner asked: Ben's mucked hand is live again. Ben wins the main pot (400)."
    )
    assert data["stacks"]["Ben"] == 5300 and data["stacks"]["Carla"] == 4900


def test_rrop_the_showdown_5_another_player_asking_leaves_the_mucked_hand_dead(cli, tmp_path):
    path = write(tmp_path, [*LIMPED, "Ben mucks", "Anna asks to see Ben's hand"])
    data = ruled(cli, path, "--rules", "robert")
    assert rulings_of(data, "asked-to-see")[0]["summary"].startswith(
        "Ben's mucked hand is shown, and it stays dead."
    )
    assert data["stacks"]["Carla"] == 5300


def test_tda_18_a_folded_hand_is_not_a_called_hand(cli, tmp_path):
    path = write(tmp_path, ["Carla fold", *[a for a in LIMPED[1:] if not a.startswith("Carla")],
                            "Ben asks to see Carla"])  # fmt: skip
    assert "only a hand that was called can be asked for" in bad_input(cli, path)


@pytest.mark.parametrize(
    "line",
    ["dealer kills Ben's hand", "Ben tables one card", "Carla asks to see Ben"],
)
def test_tda_13_showdown_lines_before_the_betting_is_over_are_bad_input(cli, tmp_path, line):
    assert "the betting is not over" in bad_input(cli, write(tmp_path, ["Carla call", line]))


def test_tda_13_the_human_answer_prints_who_wins_with_the_rule(cli, tmp_path):
    result = cli("hand", "check", str(write(tmp_path, [*LIMPED, "Ben mucks"])))
    assert result.exit_code == 0
    assert "Carla wins the main pot (400). (TDA 13B, 15)" in result.stdout


SHOWDOWN_LINES = [
    "Ben mucks", "Carla mucks", "Anna mucks", "Ben shows", "Carla shows",
    "dealer kills Ben's hand", "dealer kills Carla's hand", "Ben's hand is retrieved",
    "Carla's hand is retrieved", "Carla asks to see Ben", "Anna asks to see Carla",
    "Ben tables one card", "Dan mucks",
]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(st.sampled_from(SHOWDOWN_LINES), max_size=5),
    rules=st.sampled_from(["tda", "robert"]),
)
@example(  # found on main: the last hand in, killed after the others mucked, had won
    lines=["Ben mucks", "Anna mucks", "Dan mucks", "dealer kills Carla's hand"], rules="tda"
)
def test_tda_13_15_at_any_showdown_chips_are_conserved_and_a_dead_hand_wins_nothing(lines, rules):
    """Property: any sequence of showdown lines is refused or rules the pot to hands still in
    the showdown: never to a hand mucked or killed face down and not brought back."""
    from tdtool.errors import InputError
    from tdtool.io.hand_yaml import parse_hand
    from tdtool.rules.betting import IllegalAction
    from tdtool.rules.hand import replay
    from tests.test_hand_rulings import TABLE

    text = f"rules: {rules}\n" + TABLE + "actions:\n"
    text += "".join(f"  - {a}\n" for a in [*LIMPED, *lines])
    try:
        result = replay(parse_hand(text, "h.yaml"))
    except (InputError, IllegalAction):
        return
    assert sum(c for _, c in result.stacks) == 20000
    out: set[str] = set()
    tabled: set[str] = set()
    for line in lines:  # who is out of the showdown at the end, line by line
        who = line.split()[0].removesuffix("'s")
        if line.endswith("mucks"):
            out.add(who)
        elif line.endswith("retrieved"):  # the one way back for a discarded hand (TDA 14)
            out.discard(who)
            tabled.add(who)
        elif line.endswith("shows") and who not in out:
            tabled.add(who)
        elif " asks to see " in line and line.split()[-1] not in out:
            tabled.add(line.split()[-1])  # a hand still held is turned face up
        elif line.startswith("dealer kills"):
            name = line.split()[2].removesuffix("'s")
            last = {"Anna", "Ben", "Carla", "Dan"} - {name} <= out  # the others had mucked
            if name not in tabled and not last:  # face down: the kill stands (TDA 13B)
                out.add(name)
    revived = {  # "The winner asked: Ben's mucked hand is live again. ..." (RRoP 5)
        r.summary.split(": ")[1].split("'s")[0]
        for r in result.rulings
        if r.summary.startswith("The winner asked")
    }
    for pot in result.pots:
        assert not (set(pot.winners) & (out - revived)), (lines, pot.winners)


def test_tda_13b_the_last_hand_in_wins_though_the_dealer_kills_it(cli, tmp_path):
    # Everyone else mucked: the last hand had won; the dealer's kill leaves no hand to take it
    # (before, the pot was split among all four, mucked hands too).
    lines = [*LIMPED, "Ben mucks", "Anna mucks", "Dan mucks", "dealer kills Carla's hand"]
    data = ruled(cli, write(tmp_path, lines))
    assert data["pots"][0]["winners"] == ["Carla"]
    killed = rulings_of(data, "killed-hand")
    assert killed and "the last one left" in killed[0]["summary"]
    assert data["stacks"] == {**START, "Anna": 4900, "Ben": 4900, "Carla": 5300, "Dan": 4900}
