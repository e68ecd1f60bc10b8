"""Structure files (docs/structure-file.md): every rule, with the exact message and line."""

from __future__ import annotations

import textwrap

import pytest

from tdtool.errors import InputError
from tdtool.game import Game
from tdtool.io.structure_yaml import (
    StructureFileError,
    available_structures,
    bundled_structures_dir,
    load_structure,
    parse_structure,
    read_structure,
)
from tdtool.tournament.structure import Break, Level

HEAD = """\
name: Test
starting_stack: 20000
level_minutes: 20
chips: [25, 100, 500, 1000]
"""


def problems(text: str) -> list[str]:
    """The problem lines of a structure that must be refused."""
    with pytest.raises(StructureFileError) as info:
        parse_structure(textwrap.dedent(text), "t.yaml")
    return info.value.problems


def warnings(text: str) -> tuple[str, ...]:
    return parse_structure(textwrap.dedent(text), "t.yaml").warnings


def test_spec_example_shape_loads_with_levels_breaks_and_overrides():
    s = parse_structure(
        HEAD
        + """\
late_registration: 3
game: pot-limit
levels:
  - blinds: 100/200
  - blinds: 100/200
    bb_ante: 200
  - blinds: 200/400
    ante: 50
  - break: 15
    color_up: [25]
  - blinds: 300/600
    bb_ante: 600
    minutes: 40
""",
        "t.yaml",
    ).structure
    assert s.name == "Test" and s.game is Game.POT_LIMIT and s.late_registration == 3
    assert s.periods == (
        Level(1, 100, 200, 20),
        Level(2, 100, 200, 20, bb_ante=200),
        Level(3, 200, 400, 20, ante=50),
        Break(15, (25,)),
        Level(4, 300, 600, 40, bb_ante=600),
    )


def test_name_defaults_to_the_file_name():
    text = "starting_stack: 1000\nlevel_minutes: 15\nlevels: [blinds: 5/10, blinds: 10/20]\n"
    assert parse_structure(text, "x.yaml", default_name="friday").structure.name == "friday"


@pytest.mark.parametrize(
    ("levels", "expected"),
    [
        pytest.param(
            "  - blinds: 0/100\n",
            "t.yaml:6: level 1: the small blind must be a positive whole number, not 0.",
            id="blinds-positive",
        ),
        pytest.param(
            "  - blinds: 100/-200\n",
            "t.yaml:6: level 1: the big blind must be a positive whole number, not -200.",
            id="big-blind-positive",
        ),
        pytest.param(
            "  - blinds: 100/200\n    minutes: 0\n",
            "t.yaml:7: level 1: the level length in minutes must be a positive whole number,"
            " not 0.",
            id="minutes-positive",
        ),
        pytest.param(
            "  - blinds: 100/200\n    minutes: 12.5\n",
            "t.yaml:7: level 1: minutes must be a positive whole number, not 12.5.",
            id="minutes-whole",
        ),
        pytest.param(
            "  - blinds: 100/200\n    ante: -25\n",
            "t.yaml:7: level 1: the ante must be a positive whole number, not -25.",
            id="ante-positive",
        ),
        pytest.param(
            "  - blinds: 100/200\n    ante: lots\n",
            "t.yaml:7: level 1: the ante must be a positive whole number, not 'lots'.",
            id="ante-whole",
        ),
        pytest.param(
            "  - blinds: 100/200\n  - break: -5\n",
            "t.yaml:7: break after level 1: the break length in minutes must be a positive"
            " whole number, not -5.",
            id="break-positive",
        ),
        pytest.param(
            "  - blinds: 200/100\n",
            "t.yaml:6: level 1: the small blind 200 is larger than the big blind 100;"
            " write blinds as SMALL/BIG.",
            id="sb-at-most-bb",
        ),
        pytest.param(
            "  - blinds: 100/200\n  - blinds: 50/100\n",
            "t.yaml:7: level 2: the big blind goes down from 200 at level 1 to 100;"
            " a big blind never goes down.",
            id="bb-never-goes-down",
        ),
        pytest.param(
            "  - blinds: 100/200\n    ante: 10\n",
            "t.yaml:7: level 1: the ante of 10 cannot be paid with the chips in play"
            " (25, 100, 500, 1000).",
            id="ante-payable",
        ),
        pytest.param(
            "  - blinds: 100/200\n  - break: 10\n    color_up: [25]\n  - blinds: 150/300\n",
            "t.yaml:9: level 2: the small blind of 150 cannot be paid with the chips in play"
            " (100, 500, 1000).",
            id="color-up-removes-chips-from-later-levels",
        ),
        pytest.param(
            "  - blinds: 100/200\n  - break: 10\n    color_up: [5]\n",
            "t.yaml:8: break after level 1: colors up the 5 chip, which is not in play"
            " (in play: 25, 100, 500, 1000).",
            id="color-up-only-in-play",
        ),
        pytest.param(
            "  - blinds: 100/200\n  - break: 10\n    color_up: [25]\n"
            "  - blinds: 100/200\n  - break: 10\n    color_up: [25]\n",
            "t.yaml:11: break after level 2: colors up the 25 chip, which is not in play"
            " (in play: 100, 500, 1000).",
            id="color-up-twice",
        ),
        pytest.param(
            "  - blinds: 100/200\n    ante: 25\n    bb_ante: 200\n",
            "t.yaml:8: level 1: has both an ante and a big blind ante; keep one of them.",
            id="ante-and-bb-ante-not-both",
        ),
        pytest.param(
            "  - blinds: 100/200\n    blinds: 200/400\n",
            "t.yaml:7: level 1: `blinds` is given twice (first at line 6).",
            id="duplicate-key",
        ),
        pytest.param(
            "  - blind: 100/200\n",
            "t.yaml:6: level 1: unknown key `blind`; did you mean `blinds`?",
            id="unknown-level-key",
        ),
        pytest.param(
            "  - blinds: 100/200\n    color_up: [25]\n",
            "t.yaml:7: level 1: `color_up` belongs to a break, not a level.",
            id="break-key-on-level",
        ),
        pytest.param(
            "  - blinds: one hundred\n",
            "t.yaml:6: level 1: blinds must be written SMALL/BIG, like 100/200, not 'one hundred'.",
            id="blinds-format",
        ),
        pytest.param(
            "  - ante: 100\n",
            "t.yaml:6: level 1: has no blinds; add `blinds: SB/BB`, like `blinds: 100/200`.",
            id="blinds-required",
        ),
        pytest.param(
            "  - blinds: 100/200\n    bets: 200/400\n",
            "t.yaml:7: level 1: `bets` only apply to limit games, and this structure is"
            " no-limit; remove `bets` or set `game: limit`.",
            id="bets-only-in-limit",
        ),
    ],
)
def test_each_rule_is_refused_with_file_line_and_level(levels, expected):
    assert expected in problems(HEAD + "levels:\n" + levels)


def test_late_registration_names_an_existing_level():
    found = problems(HEAD + "late_registration: 4\nlevels:\n  - blinds: 100/200\n")
    assert found == [
        "t.yaml:5: late_registration is level 4, but the levels are 1-1; name one of them."
    ]


def test_unknown_top_level_key_suggests_the_close_one():
    found = problems(HEAD + "late_registation: 1\nlevels:\n  - blinds: 100/200\n")
    assert found == ["t.yaml:5: unknown key `late_registation`; did you mean `late_registration`?"]


def test_unknown_key_without_close_match_lists_the_keys():
    found = problems(HEAD + "colour: red\nlevels:\n  - blinds: 100/200\n")
    assert found[0].startswith("t.yaml:5: unknown key `colour`; the keys are name, game,")


def test_required_keys_are_named():
    found = problems("name: x\n")
    assert found == [
        "t.yaml:1: starting_stack is missing; add the chips each entry starts with,"
        " like `starting_stack: 20000`.",
        "t.yaml:1: levels is missing; list the levels and breaks under `levels:`.",
    ]


def test_level_without_minutes_needs_level_minutes():
    found = problems(
        "starting_stack: 1000\nlevels:\n  - blinds: 5/10\n  - blinds: 10/20\n    minutes: 15\n"
    )
    assert found == [
        "t.yaml:3: level 1: has no `minutes`, and there is no `level_minutes` for every level;"
        " add one of them."
    ]


def test_unknown_game_suggests_the_close_one():
    found = problems("game: no limt\n" + HEAD.split("\n", 1)[1] + "levels: [blinds: 100/200]\n")
    assert found == [
        "t.yaml:1: game must be one of no-limit, pot-limit, limit, not 'no limt';"
        " did you mean `no-limit`?"
    ]


def test_every_problem_of_a_file_is_listed_at_once_in_line_order():
    found = problems(
        HEAD
        + """\
late_registration: 9
levels:
  - blinds: 100/50
  - blinds: 25/50
    ante: 10
  - break: 10
    color_up: [25, 5]
  - blinds: abc
"""
    )
    assert [line.split(":")[1] for line in found] == ["5", "7", "9", "11", "12"]
    assert len(found) == 5


def test_error_is_an_input_error_naming_the_file_and_what_to_do():
    with pytest.raises(InputError) as info:
        parse_structure(HEAD + "levels:\n  - blinds: 200/100\n", "t.yaml")
    message = str(info.value)
    assert message.startswith("t.yaml is not a valid structure (1 problem); fix it and run")
    assert info.value.exit_code == 2


def test_invalid_yaml_names_the_line():
    found = problems("name: x\nlevels: [blinds: 1/2\nstarting_stack: 5\n")
    assert len(found) == 1 and found[0].startswith("t.yaml:3: this is not valid YAML")


def test_empty_file_is_refused():
    assert problems("") == [
        "t.yaml:1: the file is empty; a structure needs starting_stack and levels."
    ]


@pytest.mark.parametrize(
    ("levels", "expected"),
    [
        pytest.param(
            "  - blinds: 100/200\n    ante: 300\n",
            "t.yaml:7: level 1: warning: the ante of 300 is larger than the big blind of 200.",
            id="ante-larger-than-bb",
        ),
        pytest.param(
            "  - blinds: 100/200\n  - blinds: 200/500\n",
            "t.yaml:7: level 2: warning: the big blind jumps from 200 to 500 (2.5x, more than 2x).",
            id="blinds-jump-more-than-double",
        ),
        pytest.param("  - blinds: 500/1000\n", None, id="exactly-20-big-blinds-is-fine"),
        pytest.param("  - blinds: 100/200\n  - blinds: 200/400\n", None, id="doubling-is-fine"),
    ],
)
def test_warnings_do_not_refuse_the_structure(levels, expected):
    found = warnings(HEAD + "levels:\n" + levels)
    assert found == ((expected,) if expected else ())


def test_short_starting_stack_is_a_warning():
    found = warnings(HEAD + "levels:\n  - blinds: 1000/2000\n")
    assert found == (
        "t.yaml:2: warning: the starting stack of 20000 is only 10 big blinds at level 1"
        " (fewer than 20).",
    )


def test_friendly_numbers_are_accepted():
    s = parse_structure(
        "starting_stack: 25k\nlevel_minutes: 20\nlevels:\n  - blinds: 1,000 / 2,000\n"
        "  - blinds: [1500, 3000]\n    bb_ante: 3_000\n",
        "t.yaml",
    ).structure
    assert s.starting_stack == 25000
    assert s.levels[0].big_blind == 2000 and s.levels[1].bb_ante == 3000


def test_limit_bets_are_read():
    s = parse_structure(
        "game: limit\nstarting_stack: 5000\nlevel_minutes: 20\nlevels:\n"
        "  - blinds: 25/50\n    bets: 50/100\n",
        "t.yaml",
    ).structure
    assert s.levels[0].limit_bets == (50, 100)


BUNDLED = sorted(p.stem for p in bundled_structures_dir().glob("*.yaml"))


def test_at_least_six_structures_are_bundled():
    assert len(BUNDLED) >= 6, BUNDLED


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_structure_loads_clean(name):
    loaded = read_structure(name)
    assert loaded.warnings == ()
    s = loaded.structure
    assert s.chips, "a bundled structure lists its chips"
    assert s.late_registration is not None
    assert any(isinstance(p, Break) and p.color_up for p in s.periods)
    source = (bundled_structures_dir() / f"{name}.yaml").read_text()
    assert "Source:" in source


def test_load_by_name_by_local_folder_and_by_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "structures").mkdir()
    (tmp_path / "structures" / "club.yaml").write_text(
        "starting_stack: 5000\nlevel_minutes: 15\nlevels: [blinds: 25/50]\n"
    )
    (tmp_path / "mine.yaml").write_text(
        "starting_stack: 3000\nlevel_minutes: 15\nlevels: [blinds: 10/20]\n"
    )
    assert load_structure("daily").name == "Daily No-Limit Hold'em"
    assert load_structure("club").starting_stack == 5000
    assert load_structure("mine.yaml").starting_stack == 3000
    assert load_structure(tmp_path / "mine.yaml").starting_stack == 3000
    names = [e.name for e in available_structures()]
    assert names[0] == "club" and "daily" in names


def test_unknown_name_suggests_a_close_one():
    with pytest.raises(InputError) as info:
        load_structure("dialy")
    assert "There is no structure named 'dialy'. Did you mean 'daily'?" in str(info.value)


def test_missing_path_is_an_input_error():
    with pytest.raises(InputError, match="There is no file nowhere/x.yaml"):
        load_structure("nowhere/x.yaml")


def test_a_bundled_name_typed_with_its_extension_is_found():
    assert load_structure("daily.yaml").name == "Daily No-Limit Hold'em"


def test_a_missing_yaml_file_without_folder_says_both(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match="There is no file mine.yaml here, and there is no"):
        load_structure("mine.yaml")


def test_chips_are_listed_smallest_first_once():
    found = problems(
        "starting_stack: 20000\nlevel_minutes: 20\nchips: [100, 25, 100]\n"
        "levels: [blinds: 100/200]\n"
    )
    assert found == ["t.yaml:3: list the chips smallest first, each once (got [100, 25, 100])."]


def test_color_up_needs_chips_in_play():
    found = problems(
        "starting_stack: 20000\nlevel_minutes: 20\nlevels:\n  - break: 10\n    color_up: [25]\n"
        "  - blinds: 100/200\n"
    )
    assert found == [
        "t.yaml:5: break before level 1: colors up the 25 chip, which is not in play"
        " (no `chips` are listed)."
    ]


def test_a_control_character_is_refused_with_its_line():
    found = problems("name: x\nstarting_stack: 1000\x1b\nlevels: [blinds: 5/10]\n")
    assert found == [
        "t.yaml:2: this line holds a character YAML does not allow (U+001B); delete it."
    ]


def test_fuzz_a_structure_of_20000_levels_is_checked_within_seconds(tmp_path):
    """Found by the fuzz campaign: a level line repeated 20,000 times made `structure check`
    run for minutes, as each level's check read all the periods again (Structure.levels)."""
    import time

    levels = "".join(f"  - {{blinds: {25 * k}/{50 * k}}}\n" for k in range(1, 20_001))
    path = tmp_path / "long.yaml"
    path.write_text(HEAD + "levels:\n" + levels)
    start = time.process_time()
    structure = read_structure(path)
    assert time.process_time() - start < 15  # about 1 s; 22 s when it was quadratic
    assert len(structure.structure.levels) == 20_000
    assert structure.structure.levels is structure.structure.levels  # worked out once
