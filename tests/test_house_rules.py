"""House rules as data (issue 23 item 4): a house rules file (a base book and the named
choices it changes), `hand check --rules house.yaml`, and `tdtool rules show|diff`. Every
choice is proved to change a hand's answer, and a bad file is refused with FILE:LINE.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdtool.errors import InputError
from tdtool.io.house_yaml import parse_house
from tdtool.rules.house import CHOICES, HouseRules, diff
from tdtool.rules.rulings import Profile
from tests.conftest import EXAMPLES
from tests.test_hand_rulings import check, write

HOUSE = EXAMPLES / "house" / "friday-deepstack.yaml"
HANDS = EXAMPLES / "hands"
LIMPED = ["Carla call", "Dan call", "Anna call", "Ben check", "flop 2c 7s 9h"]
ROUND = ["Anna check", "Ben check", "Carla check", "Dan check"]
DOWN = [*ROUND, "turn Jc", *ROUND, "river 3h", *ROUND]


def house_file(tmp_path, text, name="house.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip())
    return path


def bad(cli, *args):
    result = cli(*args)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.strip().splitlines()
    assert "Traceback" not in result.output
    return line


# ----------------------------------------------------------------------- each choice decides


def test_tda_48_house_choice_heads_up_cap_unlimited_lets_heads_up_limit_raise_on(cli):
    hand = HANDS / "rrop-limit-heads-up-unlimited.yaml"
    code, data, _ = check(cli, hand, "--rules", "tda")
    assert code == 1 and data["rule"] == "TDA 48"
    code, data, _ = check(cli, hand, "--rules", str(HOUSE))
    assert code == 0 and data["stacks"] == {"Ann": 1120, "Bo": 880}


def test_tda_54d_house_choice_pot_size_holds_pot_in_no_limit_to_the_pot(cli, tmp_path):
    path = write(tmp_path, ["Carla says pot", "Carla puts 700", "Dan fold", "Anna fold",
                            "Ben fold"])  # fmt: skip
    code, data, _ = check(cli, path)
    assert code == 0 and data["returned"] == {"Carla": 600}  # TDA 54D: the chips set it, 700
    code, data, _ = check(cli, path, "--rules", str(HOUSE))
    assert code == 0 and data["returned"] == {"Carla": 250}  # the pot: a raise to 350
    rule = next(r["rule"] for r in data["rulings"] if "house rule" in r["rule"])
    assert rule == "house rule (Friday Deepstack: pot_in_no_limit pot-size); TDA 54, 54D"


def test_tda_59_house_choice_not_binding_lets_the_player_act_freely(cli, tmp_path):
    actions = [*LIMPED, "Dan says if Carla bets, I raise", "Anna check", "Ben check",
               "Carla bet 200", "Dan call", "Anna fold", "Ben fold", "turn Jc", "Carla check",
               "Dan check", "river 3h", "Carla check", "Dan check"]  # fmt: skip
    code, data, _ = check(cli, write(tmp_path, actions), "--rules", str(HOUSE))
    assert code == 0 and data["stacks"]["Dan"] == 4700  # his call stood: 100 + 200
    (ruling,) = data["rulings"]
    assert ruling["rule"].startswith("house rule (Friday Deepstack: conditional_statements")
    assert "the house never holds a conditional statement binding" in ruling["summary"]


def test_rrop_the_showdown_5_house_choice_winner_revives_on_a_tda_base(cli, tmp_path):
    house = house_file(tmp_path, """
        base: tda
        choices:
          mucked_hand_asked_for: winner-revives
    """)  # fmt: skip
    path = write(tmp_path, [*LIMPED, *DOWN, "Ben mucks", "Carla asks to see Ben"])
    assert check(cli, path)[1]["stacks"]["Carla"] == 5300  # TDA: Ben's mucked trips stay dead
    code, data, _ = check(cli, path, "--rules", str(house))
    assert code == 0 and data["stacks"]["Ben"] == 5300
    ruling = next(r for r in data["rulings"] if r["irregularity"] == "asked-to-see")
    assert (
        ruling["rule"]
        == "house rule (house: mucked_hand_asked_for winner-revives); RRoP The showdown 5"
    )


def test_a_house_file_that_changes_nothing_rules_as_its_book(cli, tmp_path):
    house = house_file(tmp_path, "base: robert\nchoices:\n  heads_up_cap: unlimited\n")
    hand = HANDS / "rrop-limit-heads-up-unlimited.yaml"
    assert check(cli, hand, "--rules", str(house))[1] == check(cli, hand, "--rules", "robert")[1]


# ----------------------------------------------------------------------------- rules diff


def test_rules_diff_prints_each_changed_choice(cli):
    result = cli("rules", "diff", "tda", str(HOUSE))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "heads_up_cap: capped -> unlimited  (Limit raises heads-up; TDA 48; RRoP Betting and"
        " Raising 3, 4)",
        "pot_in_no_limit: chips-set-size -> pot-size  ('Pot' said in no-limit; TDA 54D)",
        "conditional_statements: binding -> not-binding  (Conditional statements; TDA 59)",
    ]


def test_rules_diff_on_a_house_file_that_changes_nothing_prints_nothing(cli, tmp_path):
    house = house_file(tmp_path, "base: tda\nchoices:\n  heads_up_cap: capped\n")
    result = cli("rules", "diff", "tda", str(house))
    assert result.exit_code == 0 and result.stdout == ""


def test_rules_diff_between_the_books_names_the_base_and_the_choices(cli):
    data = json.loads(cli("rules", "diff", "tda", "robert", "--json").stdout)
    assert data["base"] == {"a": "tda", "b": "robert"}
    assert [c["choice"] for c in data["choices"]] == [
        "heads_up_cap",
        "mucked_hand_asked_for",
        "misdeal_limit",
    ]
    assert set(data) == {"a", "b", "base", "choices", "hands"} and data["hands"] == []


def test_rules_show_marks_the_house_changes(cli):
    result = cli("rules", "show", str(HOUSE))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Friday Deepstack (base: tda)"
    assert "unlimited *" in result.stdout and "stays-dead *" not in result.stdout
    data = json.loads(cli("rules", "show", str(HOUSE), "--json").stdout)
    assert data["choices"]["heads_up_cap"] == {
        "value": "unlimited", "changed": True, "values": ["capped", "unlimited"],
        "rule": "TDA 48; RRoP Betting and Raising 3, 4",
    }  # fmt: skip


# ---------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "text, says",
    [
        pytest.param("choices: {}\n", ":1: the house rules have no `base:`", id="no-base"),
        pytest.param("base: wsop\n", ":1: unknown base `wsop`", id="unknown-base"),
        pytest.param("bsae: tda\n", ":1: unknown key `bsae`. Did you mean `base`?",
                     id="unknown-key"),
        pytest.param("base: tda\nchoices:\n  heads_up: capped\n",
                     ":3: unknown choice `heads_up`. Did you mean `heads_up_cap`?",
                     id="unknown-choice"),
        pytest.param("base: tda\nchoices:\n  heads_up_cap: maybe\n",
                     ":3: `heads_up_cap: maybe` is not one of its values: capped or unlimited",
                     id="bad-value"),
        pytest.param("base: tda\nchoices:\n  heads_up_cap: capped\n  heads_up_cap: unlimited\n",
                     ":4: the choice `heads_up_cap` is given twice", id="twice"),
        pytest.param("base: tda\nchoices: [a, b]\n", ":2: `choices` should be", id="list"),
        pytest.param("", ":1: the house rules file is empty", id="empty"),
    ],
)  # fmt: skip
def test_a_bad_house_file_is_refused_with_file_and_line(cli, tmp_path, text, says):
    path = tmp_path / "house.yaml"
    path.write_text(text)
    for args in (("rules", "show", str(path)), ("hand", "check", str(HANDS / "side-pots.yaml"),
                                                "--rules", str(path))):  # fmt: skip
        line = bad(cli, *args)
        assert line.startswith(f"Error: {path}{says}"), line


def test_a_rules_value_that_is_neither_a_book_nor_a_file_names_the_option(cli):
    line = bad(cli, "hand", "check", str(HANDS / "side-pots.yaml"), "--rules", "wsop")
    assert line == (
        "Error: --rules 'wsop' is neither a house profile nor a house rules file: use tda,"
        " robert, or FILE.yaml."
    )
    assert bad(cli, "rules", "diff", "tda", "wsop").startswith("Error: B 'wsop'")


# ----------------------------------------------------------------------------- properties

OVERRIDES = st.dictionaries(
    st.sampled_from([c.name for c in CHOICES]), st.sampled_from(["a", "b"]), max_size=4
)


@given(base=st.sampled_from(list(Profile)), picks=OVERRIDES, other=st.sampled_from(list(Profile)))
def test_house_diff_is_empty_exactly_when_every_choice_agrees(base, picks, other):
    """Property: a file written out and read back is the same rules, and `diff` lists just
    the choices that differ, in both directions alike."""
    by = {c.name: c for c in CHOICES}
    chosen = {k: by[k].values[0 if v == "a" else 1] for k, v in picks.items()}
    text = f"base: {base}\nchoices:\n" + "".join(f"  {k}: {v}\n" for k, v in chosen.items())
    house = parse_house(text if chosen else f"base: {base}\n", "h.yaml")
    assert house.choices() == {**HouseRules.of(base).choices(), **chosen}
    book = HouseRules.of(other)
    found = diff(book, house)
    assert [d.choice.name for d in found] == [
        c.name for c in CHOICES if book.get(c.name) != house.get(c.name)
    ]
    assert [(d.a, d.b) for d in found] == [(d.b, d.a) for d in diff(house, book)]


def test_parse_house_error_is_an_input_error():
    with pytest.raises(InputError, match=r"^h.yaml:1: the house rules have no `base:`"):
        parse_house("name: x\n", "h.yaml")


def test_rules_diff_hands_lists_each_example_whose_answer_changes(cli):
    result = cli("rules", "diff", "tda", str(HOUSE), "--hands", str(HANDS))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert (
        f"{HANDS / 'rrop-limit-heads-up-unlimited.yaml'}:\n"
        "  tda: refused at line 16 (TDA 48)\n"
        f"  {HOUSE}: Ann 1120, Bo 880\n"
    ) in text
    assert f"{HANDS / 'tda-54d-says-pot-no-limit.yaml'}:\n" in text
    assert "side-pots.yaml" not in text  # nothing a choice decides: the same answer
    data = json.loads(cli("rules", "diff", "tda", "robert", "--hands", str(HANDS), "--json").stdout)
    changed = {Path(h["file"]).name: (h["a"], h["b"]) for h in data["hands"]}
    assert changed["rrop-showdown-5-winner-asks.yaml"] == (
        "Anna 4900, Ben 4900, Carla 5300, Dan 4900",
        "Anna 4900, Ben 5300, Carla 4900, Dan 4900",
    )


def test_rules_diff_hands_prints_nothing_for_a_house_that_changes_nothing(cli, tmp_path):
    house = house_file(tmp_path, "base: tda\nchoices:\n  mucked_hand_asked_for: stays-dead\n")
    result = cli("rules", "diff", "tda", str(house), "--hands", str(HANDS))
    assert result.exit_code == 0 and result.stdout == ""


def test_rules_diff_hands_needs_a_folder(cli, tmp_path):
    line = bad(cli, "rules", "diff", "tda", "robert", "--hands", str(tmp_path / "none"))
    assert line == f"Error: --hands {tmp_path / 'none'}: not a folder of hand files."


# ------------------------------------------- a house file named by the hand file, and ruling


def test_tda_48_hand_file_rules_key_takes_a_house_file_relative_to_the_hand_file(cli, tmp_path):
    hand = HANDS / "tda-48-house-file-heads-up.yaml"
    code, data, _ = check(cli, hand)
    assert code == 0 and data["stacks"] == {"Ann": 1100, "Bo": 900}
    code, data, _ = check(cli, hand, "--rules", "tda")  # --rules overrides the file's rules
    assert code == 1 and data["rule"] == "TDA 48" and data["line"] == 16
    # the same hand in another folder finds its house file next to it, wherever it is run from
    (tmp_path / "hands").mkdir()
    house_file(tmp_path / "hands", "base: tda\nchoices:\n  heads_up_cap: unlimited\n", "h.yaml")
    text = hand.read_text().replace("../house/friday-deepstack.yaml", "h.yaml")
    (tmp_path / "hands" / "hand.yaml").write_text(text)
    code, data, _ = check(cli, tmp_path / "hands" / "hand.yaml")
    assert code == 0 and data["stacks"] == {"Ann": 1100, "Bo": 900}


def test_hand_file_rules_key_names_its_own_line_for_a_missing_or_unknown_house(cli, tmp_path):
    text = (HANDS / "tda-48-house-file-heads-up.yaml").read_text()
    for value, says in [
        ("nothere.yaml", "the house rules file `nothere.yaml` is not there"),
        ("wsop", "unknown rules profile `wsop`: write tda (Poker TDA), robert"),
    ]:
        path = tmp_path / "hand.yaml"
        path.write_text(text.replace("../house/friday-deepstack.yaml", value))
        line = bad(cli, "hand", "check", path)
        assert line.startswith(f"Error: {path}:7: {says}"), line


def test_hand_file_rules_key_house_file_mistakes_name_the_house_file_line(cli, tmp_path):
    house_file(tmp_path, "base: tda\nchoices:\n  heads_up_cap: maybe\n", "h.yaml")
    text = (HANDS / "tda-48-house-file-heads-up.yaml").read_text()
    path = tmp_path / "hand.yaml"
    path.write_text(text.replace("../house/friday-deepstack.yaml", "h.yaml"))
    line = bad(cli, "hand", "check", path)
    assert line.startswith(f"Error: {tmp_path / 'h.yaml'}:3: `heads_up_cap: maybe`"), line


def test_tda_59_ruling_show_with_a_house_file_gives_the_base_book_and_the_house_choice(cli):
    result = cli("ruling", "show", "conditional-statement", "--rules", str(HOUSE))
    assert result.exit_code == 0, result.output
    assert "Under Poker TDA (TDA 59):" in result.stdout
    assert "Robert's" not in result.stdout  # only the house's base book
    assert (
        "  conditional_statements: not-binding (the house's change; tda: binding; TDA 59): it"
        " never binds" in result.stdout
    )
    data = json.loads(cli("ruling", "show", "conditional", "--rules", str(HOUSE), "--json").stdout)
    assert list(data["rulings"]) == ["tda"]
    assert data["house"] == {
        "name": "Friday Deepstack",
        "base": "tda",
        "choices": {
            "conditional_statements": {"value": "not-binding", "changed": True, "rule": "TDA 59"},
            "penalties": {
                "value": "td-discretion",
                "changed": False,
                "rule": "TDA 53A, 54D, 58, 59, 68, 71A",
            },
        },
    }


def test_tda_48_ruling_ask_with_a_house_file_says_what_the_house_changed(cli):
    result = cli("ruling", "ask", "--what", "heads-up-cap", "--rules", str(HOUSE))
    assert result.exit_code == 0, result.output
    assert "(TDA 48)" in result.stdout
    assert "heads_up_cap: unlimited (the house's change; tda: capped;" in result.stdout
    data = json.loads(
        cli("ruling", "ask", "--what", "heads-up-cap", "--rules", "robert", "--json").stdout
    )
    assert data["rule"] == "RRoP Betting and Raising 3, 4" and data["house"] is None


def test_ruling_show_with_a_house_that_changes_nothing_is_its_book(cli, tmp_path):
    path = house_file(tmp_path, "base: robert\n")
    with_file = cli("ruling", "show", "asked-to-see", "--rules", str(path)).stdout
    assert with_file == cli("ruling", "show", "asked-to-see", "--rules", "robert").stdout


def test_ruling_show_with_an_unknown_rules_value_names_the_option(cli):
    line = bad(cli, "ruling", "show", "declaration", "--rules", "wsop")
    assert line.startswith("Error: --rules 'wsop' is neither a house profile nor a house rules")


def test_tda_rp_11_house_choice_ante_first_takes_a_short_big_blinds_ante_first(cli, tmp_path):
    hand = HANDS / "bb-ante-short-big-blind.yaml"
    code, data, _ = check(cli, hand)
    assert code == 0 and data["stacks"]["Cy"] == 3500  # blind first: 1000 live, 500 of ante
    house = house_file(tmp_path, "base: tda\nchoices:\n  big_blind_ante_order: ante-first\n")
    code, data, _ = check(cli, hand, "--rules", str(house))
    assert code == 0
    assert [(p["kind"], p["amount"]) for p in data["posted"] if p["player"] == "Cy"] == [
        ("big blind ante", 1000),
        ("big blind", 500),
    ]
    assert [p["amount"] for p in data["pots"]] == [2500, 5000]  # 1000 ante + 3 x 500 live
    assert data["stacks"] == {"Ann": 17000, "Bo": 22000, "Cy": 2500}


def test_tda_17a_house_choice_clockwise_shows_from_the_button_whoever_bet(cli, tmp_path):
    river = ["Anna check", "Ben check", "Carla bet 200", "Dan fold", "Anna call", "Ben call"]
    path = write(tmp_path, [*LIMPED, *ROUND, "turn Jc", *ROUND, "river 3h", *river])
    code, data, _ = check(cli, path)
    assert data["showdown"] == {"order": ["Carla", "Anna", "Ben"], "rule": "TDA 17"}
    house = house_file(tmp_path, "base: tda\nname: Club\nchoices:\n  showdown_order: clockwise\n")
    code, data, _ = check(cli, path, "--rules", str(house))
    assert code == 0
    assert data["showdown"] == {
        "order": ["Anna", "Ben", "Carla"],
        "rule": "house rule (Club: showdown_order clockwise); TDA 17",
    }


# ------------------------------------------------------------------ the house-rules sheet


def test_rules_print_writes_the_house_rules_sheet_from_the_same_file(cli, tmp_path):
    out = tmp_path / "house.md"
    result = cli("rules", "print", str(HOUSE), "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert text.startswith("# House rules: Friday Deepstack\n")
    assert "Play is by the Poker TDA rules (2024), with the house's choices below." in text
    assert "* marks a change to the book (3 of" in text
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) == 1 + len(CHOICES)
    assert "| Conditional statements | TDA 59 | It never binds (a penalty is still" in text
    assert sum(row.endswith(" * |") for row in rows) == 3  # the three changes, marked
    html = tmp_path / "house.html"
    assert cli("rules", "print", str(HOUSE), "-o", str(html), "--paper", "a4").exit_code == 0
    assert "<h1>House rules: Friday Deepstack</h1>" in html.read_text()


def test_rules_print_of_a_book_says_it_changes_nothing(cli, tmp_path):
    out = tmp_path / "robert.md"
    assert cli("rules", "print", "robert", "-o", str(out)).exit_code == 0
    text = out.read_text()
    assert text.startswith("# House rules: Robert's Rules of Poker\n")
    assert "This house plays every one of them as the book does." in text
    assert " * |" not in text


def test_rules_print_refuses_a_bad_file_name_or_house_file_and_writes_nothing(cli, tmp_path):
    line = bad(cli, "rules", "print", str(HOUSE), "-o", str(tmp_path / "house.pdf"))
    assert "Cannot tell the format of" in line
    broken = house_file(tmp_path, "base: tda\nchoices:\n  showdown_order: random\n")
    line = bad(cli, "rules", "print", str(broken), "-o", str(tmp_path / "x.html"))
    assert line.startswith(f"Error: {broken}:3: `showdown_order: random` is not one of its")
    assert not (tmp_path / "x.html").exists()


IRREGULAR = HANDS / "irregularities"


def test_tda_36_house_choice_action_begun_bars_a_misdeal_after_two_folds(cli, tmp_path):
    house = house_file(
        tmp_path, "base: tda\nname: Casino\nchoices:\n  misdeal_limit: action-begun\n"
    )
    code, data, _ = check(cli, IRREGULAR / "misdeal-after-two-folds-robert.yaml", "--rules", "tda")
    assert code == 2  # under the TDA the two folds are no substantial action: a misdeal
    code, data, _ = check(
        cli, IRREGULAR / "misdeal-after-two-folds-robert.yaml", "--rules", str(house)
    )
    assert code == 0 and data["misdeal"] is False
    (ruling,) = data["rulings"]
    assert ruling["rule"] == (
        "house rule (Casino: misdeal_limit action-begun); TDA 35A, 35C; RRoP Misdeals 1"
    )
    assert ruling["steps"][0].startswith("Two players have already acted: too late")


def test_rrop_misdeals_1_house_choice_substantial_action_on_a_robert_base(cli, tmp_path):
    house = house_file(tmp_path, "base: robert\nchoices:\n  misdeal_limit: substantial-action\n")
    code, data, _ = check(cli, IRREGULAR / "misdeal-after-two-folds.yaml", "--rules", str(house))
    assert code == 0 and data["misdeal"] is True
    assert data["rulings"][0]["rule"] == (
        "house rule (house: misdeal_limit substantial-action); RRoP Misdeals 2"
    )


def test_tda_32_rules_diff_hands_names_a_ruling_that_changes_though_the_stacks_do_not(
    cli, tmp_path
):
    house = house_file(tmp_path, "base: tda\nchoices:\n  button_movement: moving-button\n")
    data = json.loads(
        cli("rules", "diff", "tda", str(house), "--hands", str(HANDS), "--json").stdout
    )
    changed = {Path(h["file"]).name: (h["a"], h["b"]) for h in data["hands"]}
    a, b = changed["tda-32-dead-button-previous-hand.yaml"]
    assert a.startswith("Anna 5200, Ben 5000, Dan 4800; line 10: The button and blinds are where")
    assert b.startswith("Anna 5200, Ben 5000, Dan 4800; line 10: The button and blinds belong on")
    # nobody busted before the moved-twice hand, and heads-up is TDA 34B either way: the same
    assert set(changed) == {"tda-32-dead-button-previous-hand.yaml"}
