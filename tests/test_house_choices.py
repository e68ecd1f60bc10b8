"""The house choices `fifty_percent_rule` (TDA 47A; RRoP No-limit 3) and `penalties`
(TDA 71A): each decides a hand or a ruling, is read with FILE:LINE errors, and shows in
`rules diff`, `rules show` and the printed sheet.
"""

from __future__ import annotations

import json

from tests.conftest import EXAMPLES
from tests.test_hand_lines import check
from tests.test_hand_rulings import write
from tests.test_house_rules import bad, house_file

HALF = EXAMPLES / "house" / "half-raise-reopens.yaml"
HAND = EXAMPLES / "hands" / "tda-47a-house-half-raise-reopens.yaml"
NOTE = "house rule (Old School Poker Room: "


def test_tda_47a_house_choice_half_raise_reopens_lets_a_player_reraise_half_a_raise(cli):
    code, data, _ = check(cli, HAND)
    assert code == 0 and data["stacks"] == {"Anna": 3520, "Ben": 0, "Carla": 2740}
    (ruling,) = data["rulings"]
    assert (ruling["line"], ruling["irregularity"]) == (23, "short-all-in")
    assert ruling["rule"] == NOTE + "fifty_percent_rule half-raise-reopens); TDA 47A"
    assert ruling["summary"] == "The house's 50% rule reopened the betting for Anna."
    code, data, _ = check(cli, HAND, "--rules", "tda")
    assert code == 1 and data["rule"] == "TDA 47A" and data["line"] == 23
    code, data, _ = check(cli, HAND, "--rules", "robert")  # RRoP No-limit 3: limit only
    assert code == 1 and "less than a full raise of 100" in data["allowed"]


def test_tda_47a_house_choice_half_raise_still_needs_half_a_raise(cli, tmp_path):
    hand = tmp_path / "hand.yaml"
    text = HAND.read_text().replace("stack: 260", "stack: 240")  # all-in for 140: a raise of 40
    hand.write_text(text.replace("../house/half-raise-reopens.yaml", str(HALF)))
    code, data, _ = check(cli, hand)
    assert code == 1
    assert data["rule"] == NOTE + "fifty_percent_rule half-raise-reopens); TDA 47A"
    assert "less than half a full raise of 100" in data["allowed"]


OUT_OF_TURN_FOLD = ["Dan fold out of turn", "Carla call", "Anna call", "Ben check",
                    "flop 2c 7s 9h", "Anna check", "Ben check", "Carla check", "turn Jc",
                    "Anna check", "Ben check", "Carla check", "river 3h", "Anna check",
                    "Ben check", "Carla check"]  # fmt: skip


def out_of_turn(data):
    return next(r for r in data["rulings"] if r["irregularity"] == "out-of-turn")


def test_tda_71a_house_choice_warning_first_replaces_the_tds_discretion(cli, tmp_path):
    path = write(tmp_path, OUT_OF_TURN_FOLD)
    code, data, _ = check(cli, path)
    assert code == 0 and "Consider a penalty." in out_of_turn(data)["steps"]
    code, house, _ = check(cli, path, "--rules", str(HALF))
    ruling = out_of_turn(house)
    assert ruling["rule"] == NOTE + "penalties warning-first); " + out_of_turn(data)["rule"]
    assert "Consider a penalty." not in ruling["steps"]
    assert ruling["steps"][-1].startswith("House penalty: a verbal warning the first time;")
    assert house["stacks"] == data["stacks"]  # a penalty never changes the hand


def test_tda_68_house_choice_no_penalty_for_a_player_who_exposes(cli, tmp_path):
    house = house_file(tmp_path, "base: tda\nchoices:\n  penalties: no-penalty\n")
    path = EXAMPLES / "hands" / "irregularities" / "player-exposes.yaml"
    code, data, _ = check(cli, path, "--rules", str(house))
    assert code == 0
    (ruling,) = [r for r in data["rulings"] if r["irregularity"] == "player-exposes"]
    assert ruling["steps"][-1] == "House rule: no penalty for this."
    assert not any("Any penalty" in s for s in ruling["steps"])


def test_house_file_refuses_a_penalties_value_it_does_not_know_with_file_and_line(cli, tmp_path):
    house = house_file(tmp_path, "base: tda\nchoices:\n  penalties: fine\n")
    line = bad(cli, "rules", "show", str(house))
    assert line.startswith(
        f"Error: {house}:3: `penalties: fine` is not one of its values: td-discretion,"
        " warning-first or no-penalty"
    )
    house = house_file(tmp_path, "base: tda\nchoices:\n  fifty_percent: half\n", "h2.yaml")
    assert "Did you mean `fifty_percent_rule`?" in bad(cli, "rules", "show", str(house))


def test_rules_diff_and_show_name_the_two_new_choices(cli, tmp_path):
    result = cli("rules", "diff", "tda", str(HALF))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "fifty_percent_rule: full-raise-reopens -> half-raise-reopens  (The 50 percent rule: an"
        " all-in short of a full raise; TDA 47A, 47B; RRoP No-limit 3, Betting and Raising 6)",
        "penalties: td-discretion -> warning-first  (Penalties the rules leave to the TD;"
        " TDA 53A, 54D, 58, 59, 68, 71A)",
    ]
    same = house_file(
        tmp_path, "base: robert\nchoices:\n  fifty_percent_rule: full-raise-reopens\n"
        "  penalties: td-discretion\n"
    )  # fmt: skip
    assert cli("rules", "diff", "robert", str(same)).stdout == ""
    shown = json.loads(cli("rules", "show", str(HALF), "--json").stdout)["choices"]
    assert list(shown)[-2:] == ["fifty_percent_rule", "penalties"]
    assert shown["fifty_percent_rule"]["value"] == "half-raise-reopens"
    assert shown["penalties"]["values"] == ["td-discretion", "warning-first", "no-penalty"]


def test_rules_diff_hands_lists_the_half_raise_example(cli):
    result = cli("rules", "diff", "tda", str(HALF), "--hands", str(EXAMPLES / "hands"))
    assert result.exit_code == 0, result.output
    assert f"{HAND}:\n  tda: refused at line 23 (TDA 47A)\n" in result.stdout


def test_rules_print_shows_the_two_new_choices(cli, tmp_path):
    out = tmp_path / "house.html"
    assert cli("rules", "print", str(HALF), "-o", str(out)).exit_code == 0
    text = out.read_text()
    assert "The 50 percent rule: an all-in short of a full raise" in text
    assert "a verbal warning the first time" in text and "TDA 53A, 54D, 58, 59, 68, 71A" in text
    assert "Penalties the rules leave to the TD" in text


# ------------------------------------------------------- the sheet in the room's language


def test_rules_print_language_de_prints_the_sheet_from_the_catalogue(cli, tmp_path):
    out = tmp_path / "regeln.html"
    result = cli("rules", "print", str(HALF), "--language", "de", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert '<html lang="de">' in text and "Hausregeln: Old School Poker Room" in text
    assert "Gespielt wird nach den Poker-TDA-Regeln (2024)" in text
    assert "<th>Frage</th>" in text or "Frage" in text
    assert "Die 50-Prozent-Regel: ein All-in unter einem vollen Raise" in text
    assert "beim ersten Mal eine mündliche Verwarnung" in text and "TDA 47A, 47B" in text
    assert "The 50 percent rule" not in text


def test_rules_print_language_ro_and_a_language_not_shipped(cli, tmp_path):
    out = tmp_path / "reguli.html"
    assert cli("rules", "print", "robert", "--language", "ro", "-o", str(out)).exit_code == 0
    text = out.read_text()
    assert "Regulile casei: Robert&#39;s Rules of Poker" in text
    assert "Casa le joacă pe toate ca în regulament." in text
    line = bad(cli, "rules", "print", "tda", "--language", "fr", "-o", str(tmp_path / "x.html"))
    assert "'fr' is not shipped" in line and not (tmp_path / "x.html").exists()


def test_every_house_choice_is_translated_for_the_sheet():
    from tdtool.i18n import words
    from tdtool.rules.house import CHOICES

    for lang in ("ro", "de"):
        _ = words(lang)
        for c in CHOICES:
            assert _(c.title) != c.title, (lang, c.title)
            for value in c.values:
                assert _(c.meaning(value)) != c.meaning(value), (lang, c.name, value)
