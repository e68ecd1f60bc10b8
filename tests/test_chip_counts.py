"""Chip counts (issue 14): `player chips` (typed or a CSV of bagged counts) recorded as one
undoable change, the chip leader and big blinds, and the check against the chips sold."""

from __future__ import annotations

import json
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.tournament.chip_counts import check_line, chip_brief, chip_summary, record_counts
from tdtool.tournament.events import ChipCount, ChipsRemoved, PlayerChips, payload
from tdtool.tournament.state import fold
from tests.tournament_fixtures import created, make

NAMES = ["Anna", "Ben", "Cleo", "Dan"]


def tournament(cli, tmp_path, **terms):
    db = make(tmp_path / "chips.tdtool", buy_in=100, **terms)
    assert cli("--db", db, "player", "add", *NAMES).exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    return db


def chips_json(cli, db):
    out = cli("--db", db, "chips", "show", "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def count_everyone_even(cli, db):
    """Anna, Ben, Cleo and Dan counted at 10,000 each (the 40,000 in play)."""
    out = cli("--db", db, "player", "chips", *[x for n in NAMES for x in (n, "10000")])
    assert out.exit_code == 0, out.output


def log_length(cli, db):
    return len(json.loads(cli("--db", db, "log", "--json").stdout))


def test_counts_that_do_not_add_up_are_named_with_the_difference_end_to_end(cli, tmp_path):
    db = tournament(cli, tmp_path)  # 4 entries x 10,000 = 40,000 in play
    first = cli("--db", db, "player", "chips", "Anna", "15000", "ben", "9,000")
    assert first.exit_code == 0, first.output
    assert "Recorded 2 counts: Anna 15,000, Ben 9,000." in first.stdout
    assert "Chip leader: Anna 15,000 (150 BB)." in first.stdout  # level 1: 50/100
    assert "2 of 4 players counted (24,000 chips); not counted yet: Cleo, Dan." in first.stdout

    short = cli("--db", db, "player", "chips", "Cleo=10000", "Dan", "5500")
    assert short.exit_code == 0, short.output
    assert (
        "The counts do not add up: 39,500 counted, 500 short of the 40,000 chips in play."
        in short.stdout
    )
    data = chips_json(cli, db)
    assert data["difference"] == -500 and data["chips_counted"] == 39_500
    assert [r["name"] for r in data["stacks"]] == ["Anna", "Cleo", "Ben", "Dan"]
    assert data["leader"] == {"name": "Anna", "chips": 15000}

    # The 25s raced off at the colour-up: 500 chips leave play, and now the counts add up.
    raced = cli("--db", db, "chips", "remove", "500", "--reason", "race-off of the 25s")
    assert raced.exit_code == 0, raced.output
    assert "Took 500 chips out of play (race-off of the 25s); 39,500 chips in play." in raced.stdout
    shown = cli("--db", db, "chips", "show")
    assert "The counts add up: 39,500 chips in play." in shown.stdout
    assert "Chips in play 39,500: 40,000 sold, 500 taken out of play." in shown.stdout
    assert chips_json(cli, db)["difference"] == 0

    # One count too many: over by the difference.
    over = cli("--db", db, "player", "chips", "Dan", "6500")
    assert "1,000 over the 39,500 chips in play (40,000 sold, 500 taken out of play)" in (
        over.stdout
    )
    # The log says what was recorded, and undo takes a whole batch back.
    log = cli("--db", db, "log").stdout
    assert "Chip counts: Cleo 10,000, Dan 5,500" in log
    assert "500 chips taken out of play (race-off of the 25s)" in log
    assert cli("--db", db, "undo").exit_code == 0
    assert chips_json(cli, db)["difference"] == 0


def test_a_bust_makes_the_older_counts_stale_and_says_so(cli, tmp_path):
    db = tournament(cli, tmp_path)
    count_everyone_even(cli, db)
    assert cli("--db", db, "player", "bust", "Dan", "--yes").exit_code == 0
    data = chips_json(cli, db)
    assert data["difference"] == -10_000
    assert sorted(data["counted_before_last_bust"]) == ["Anna", "Ben", "Cleo"]
    assert "count them again" in cli("--db", db, "chips", "show").stdout
    cli("--db", db, "player", "chips", "Anna", "20000", "Ben", "10000", "Cleo", "10000")
    data = chips_json(cli, db)
    assert data["difference"] == 0 and data["counted_before_last_bust"] == []


def test_rebuys_and_addons_after_a_count_are_added_to_it(cli, tmp_path):
    db = tournament(cli, tmp_path, rebuy_price=100, rebuy_chips=5000)
    cli("--db", db, "player", "chips", "Anna", "12000")
    assert cli("--db", db, "player", "rebuy", "Anna").exit_code == 0
    data = chips_json(cli, db)
    assert data["stacks"][0] == {**data["stacks"][0], "name": "Anna", "chips": 17000}
    assert data["chips_sold"] == 45_000


def test_a_csv_of_bagged_counts_is_one_change_and_names_its_source(cli, tmp_path):
    db = tournament(cli, tmp_path)
    bags = tmp_path / "day1-bags.csv"
    bags.write_text(
        "table,seat,player,chips,bag\n"
        '1,1,Anna,"18,500",A17\n'
        "\n"
        "1,2,Ben,6500,A18\n"
        "1,3,Cleo,9000,A19\n"
        "1,4,Dan,6000,A20\n"
    )
    before = log_length(cli, db)
    out = cli("--db", db, "player", "chips", "--csv", bags)
    assert out.exit_code == 0, out.output
    assert f"Recorded 4 counts from {bags}." in out.stdout
    assert "The counts add up: 40,000 chips in play." in out.stdout
    log = json.loads(cli("--db", db, "log", "--json").stdout)
    assert len(log) == before + 1
    assert log[-1]["kind"] == "player.chips" and log[-1]["data"]["source"] == "day1-bags.csv"
    assert cli("--db", db, "undo").exit_code == 0
    assert chips_json(cli, db)["counted"] == 0


def test_a_csv_without_a_header_and_with_semicolons_reads_too(cli, tmp_path):
    db = tournament(cli, tmp_path)
    bags = tmp_path / "bags.csv"
    bags.write_text("\ufeffAnna;10000\nBen;10000\n", encoding="utf-8")
    out = cli("--db", db, "player", "chips", "--csv", bags, "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["recorded"] == [
        {"name": "Anna", "chips": 10000},
        {"name": "Ben", "chips": 10000},
    ]


def bad_csv(cli, tmp_path, text):
    db = tournament(cli, tmp_path)
    path = tmp_path / "bags.csv"
    path.write_text(text)
    before = log_length(cli, db)
    out = cli("--db", db, "player", "chips", "--csv", path)
    assert log_length(cli, db) == before, "a bad CSV recorded something"
    assert out.stdout == "" and "Traceback" not in out.output
    return out, str(path)


def test_a_bad_row_is_named_by_file_and_line_and_nothing_is_recorded(cli, tmp_path):
    out, path = bad_csv(cli, tmp_path, "name,chips\nAnna,10000\nBen,lots\nCleo,9000\nDan,\n")
    assert out.exit_code == 2
    assert out.stderr.strip() == (
        f"Error: {path}:3: Ben's count 'lots' is not a whole number of chips"
        " (1 more bad row: line 5); nothing was recorded."
    )


def test_an_unknown_player_in_the_csv_is_named_by_line(cli, tmp_path):
    out, path = bad_csv(cli, tmp_path, "Anna,10000\nBenn,10000\n")
    assert out.exit_code == 2
    assert out.stderr.startswith(f"Error: {path}:2: ") and "Ben" in out.stderr


def test_a_player_counted_twice_in_the_csv_names_both_lines(cli, tmp_path):
    out, path = bad_csv(cli, tmp_path, "Anna,10000\nBen,1000\nanna,9000\n")
    assert out.exit_code == 2
    assert out.stderr.strip() == (
        f"Error: {path}:3: Anna is counted twice (also {path}:1); give each player's count once."
    )


def test_a_busted_player_in_the_csv_is_refused_by_the_rules(cli, tmp_path):
    db = tournament(cli, tmp_path)
    cli("--db", db, "player", "bust", "Dan", "--yes")
    path = tmp_path / "bags.csv"
    path.write_text("Anna,10000\nDan,5000\n")
    out = cli("--db", db, "player", "chips", "--csv", path)
    assert out.exit_code == 1
    assert f"{path}:2: Dan is out of the tournament" in out.stderr


def test_typed_counts_that_are_not_pairs_are_bad_input(cli, tmp_path):
    db = tournament(cli, tmp_path)
    before = log_length(cli, db)
    cases = {
        ("Anna",): "'Anna' has no count after it",
        ("Anna", "lots"): "Anna's count 'lots' is not a whole number of chips",
        ("Anna", "0"): "Anna's count is 0: a player still in has chips; a player with none"
        " is busted: `tdtool player bust Anna`.",
        ("Anna", "100", "Anna", "200"): "Anna is counted twice",
        (): "Give the counts",
    }
    for args, message in cases.items():
        out = cli("--db", db, "player", "chips", *args)
        assert out.exit_code == 2, (args, out.output)
        assert message in out.stderr, (args, out.stderr)
    missing = cli("--db", db, "player", "chips", "--csv", tmp_path / "none.csv")
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    assert log_length(cli, db) == before


def test_taking_out_more_chips_than_are_in_play_is_refused(cli, tmp_path):
    db = tournament(cli, tmp_path)
    out = cli("--db", db, "chips", "remove", "50000")
    assert out.exit_code == 1 and "Only 40,000 chips are in play" in out.stderr
    assert cli("--db", db, "chips", "remove", "-5").exit_code == 2


def test_the_events_read_back_what_they_wrote():
    counts = PlayerChips((ChipCount("Anna", 1200), ChipCount("Ben", 800)), "bags.csv")
    assert payload(*counts.event()) == counts
    assert counts.describe() == "Chip counts from bags.csv: Anna 1,200, Ben 800"
    removed = ChipsRemoved(300, "race-off")
    assert payload(*removed.event()) == removed


# --- the check as a property ---------------------------------------------------------------


@dataclass
class _E:
    seq: int
    kind: str
    data: dict
    at: float = 0.0


def _state(n: int):
    events = [_E(1, "tournament.created", created())]
    events += [_E(2 + i, "player.registered", {"name": f"P{i}"}) for i in range(n)]
    return fold(events)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_counts_that_share_out_the_chips_in_play_add_up_and_any_error_is_named(data):
    n = data.draw(st.integers(2, 9))
    state = _state(n)
    total = state.total_chips
    cuts = sorted(
        data.draw(st.lists(st.integers(1, total - 1), min_size=n - 1, max_size=n - 1, unique=True))
    )
    stacks = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    names = [f"P{i}" for i in range(n)]
    fold([_E(99, *e) for e in record_counts(state, list(zip(names, stacks, strict=True)))], state)
    summary = chip_summary(state, 100)
    assert summary.difference == 0 and summary.chips_counted == total
    assert summary.leader is not None and summary.leader.chips == max(stacks)
    off = data.draw(st.integers(-stacks[0] + 1, 10_000).filter(lambda x: x != 0))
    fold([_E(100, *record_counts(state, [("P0", stacks[0] + off)])[0])], state)
    summary = chip_summary(state, 100)
    assert summary.difference == off
    assert f"{abs(off):,} {'over' if off > 0 else 'short of'}" in check_line(summary)


# --- the views: status, player list, deal, the TV page -------------------------------------


def test_status_and_player_list_show_the_leader_counts_and_big_blinds(cli, tmp_path):
    db = tournament(cli, tmp_path)
    cli("--db", db, "player", "chips", "Anna", "15000", "Ben", "9000")
    text = cli("--db", db, "status").stdout
    assert "Average stack      10,000 (100 BB)" in text
    assert "Chip leader        Anna 15,000 (150 BB)" in text
    assert "Chip counts        2 of 4 players counted" in text
    chips = json.loads(cli("--db", db, "status", "--json").stdout)["chips"]
    assert chips["leader"] == {"name": "Anna", "chips": 15000, "big_blinds": 150.0,
                               "at_last_count": False, "minutes_ago": None}  # fmt: skip
    assert (chips["counted"], chips["not_counted"], chips["difference"]) == (2, 2, None)

    cli("--db", db, "player", "chips", "Cleo", "10000", "Dan", "5000")
    text = cli("--db", db, "status").stdout
    assert (
        "Chip counts        do not add up: 39,000 counted, 1,000 short of the 40,000 in play"
        in text
    )
    assert json.loads(cli("--db", db, "status", "--json").stdout)["chips"]["difference"] == -1000

    rows = {r["name"]: r for r in json.loads(cli("--db", db, "player", "list", "--json").stdout)}
    assert (rows["Anna"]["chips"], rows["Anna"]["big_blinds"]) == (15000, 150.0)
    listing = cli("--db", db, "player", "list").stdout
    assert listing.splitlines()[0].split()[-2:] == ["chips", "BB"]
    assert "15,000" in listing and "Chip leader: Anna 15,000 (150 BB)." in listing
    # The big blinds follow the clock: level 2 is 100/200.
    cli("--db", db, "clock", "start")
    cli("--db", db, "clock", "next")
    rows = {r["name"]: r for r in json.loads(cli("--db", db, "player", "list", "--json").stdout)}
    assert rows["Anna"]["big_blinds"] == 75.0


def test_a_player_list_without_counts_keeps_its_columns(cli, tmp_path):
    db = tournament(cli, tmp_path)
    listing = cli("--db", db, "player", "list").stdout
    assert "chips" not in listing.splitlines()[0] and "Chip leader" not in listing


def test_a_deal_without_stacks_takes_the_recorded_counts(cli, tmp_path):
    db = tournament(cli, tmp_path, places_paid=3)
    cli("--db", db, "player", "bust", "Dan", "--yes")
    missing = cli("--db", db, "deal", "icm")
    assert missing.exit_code == 2
    assert "not counted: Anna, Ben, Cleo" in missing.stderr
    assert "`tdtool player chips` or give --stacks" in missing.stderr

    cli("--db", db, "player", "chips", "Anna", "20000", "Ben", "12000", "Cleo", "8000")
    typed = json.loads(
        cli(
            "--db", db, "deal", "icm", "--stacks", "Anna=20000,Ben=12000,Cleo=8000", "--json"
        ).stdout
    )
    out = cli("--db", db, "deal", "icm", "--json")
    assert out.exit_code == 0, out.output
    recorded = json.loads(out.stdout)
    assert recorded["stacks_from_counts"] is True and typed["stacks_from_counts"] is False
    assert recorded["players"] == ["Anna", "Ben", "Cleo"]
    assert recorded["stacks"] == [20000, 12000, 8000]
    assert recorded["amounts"] == typed["amounts"]
    assert "Stacks: the chip counts recorded" in cli("--db", db, "deal", "chip-chop").stdout
    accepted = cli("--db", db, "deal", "chip-chop", "--accept")
    assert accepted.exit_code == 0, accepted.output


def test_a_deal_refuses_counts_taken_before_the_last_bust(cli, tmp_path):
    db = tournament(cli, tmp_path, places_paid=3)
    count_everyone_even(cli, db)
    cli("--db", db, "player", "bust", "Dan", "--yes")
    out = cli("--db", db, "deal", "icm")
    assert out.exit_code == 2
    assert "The chip counts of Anna, Ben, Cleo were recorded before the last bust" in out.stderr


def test_the_clock_view_carries_the_chip_leader(cli, tmp_path):
    from tdtool.app.change import read_state_at
    from tdtool.app.clock import view_data

    db = tournament(cli, tmp_path)
    assert view_data(*read_state_at(db)).to_dict()["chip_leader"] is None
    cli("--db", db, "player", "chips", "Ben", "22000")
    assert view_data(*read_state_at(db)).to_dict()["chip_leader"] == {
        "name": "Ben",
        "chips": 22000,
        "big_blinds": 220.0,
        "at_last_count": False,
    }


def test_the_displays_say_the_chip_leader_is_at_the_last_count_once_someone_busts(cli, tmp_path):
    from tdtool.app.change import read_state_at
    from tdtool.app.clock import view_data
    from tests.test_clock_terminal import render

    db = tournament(cli, tmp_path)
    counts = ["Anna", "15000", "Ben", "9000", "Cleo", "8000", "Dan", "8000"]
    assert cli("--db", db, "player", "chips", *counts).exit_code == 0
    assert cli("--db", db, "player", "bust", "Dan", "--yes").exit_code == 0
    view = view_data(*read_state_at(db)).to_dict()
    assert view["chip_leader"]["at_last_count"] is True  # Dan's chips went to someone
    assert "Chip leader at the last count Anna 15,000" in render(view, 120, 40)
    cli("--db", db, "player", "chips", "Anna", "23000", "Ben", "9000", "Cleo", "8000")
    view = view_data(*read_state_at(db)).to_dict()
    assert view["chip_leader"] == {
        "name": "Anna", "chips": 23000, "big_blinds": 230.0, "at_last_count": False,
    }  # fmt: skip


def _recount(state):
    """The chip totals recomputed from every player (what the fold keeps as it goes)."""
    left = [p for p in state.players.values() if not p.busted and p.chips is not None]
    last = state.last_bust_at
    fresh = sum(1 for p in left if last is None or p.counted_at >= last)
    best = None
    for p in left:
        if best is None or p.chips > best[1]:
            best = (p.name, p.chips)
    return (len(left), sum(p.chips for p in left), fresh, best)


OPS = st.lists(
    st.tuples(
        st.sampled_from(["chips", "bust", "rebuy", "addon", "reenter"]),
        st.integers(0, 5),
        st.integers(1, 40).map(lambda n: n * 500),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(OPS)
def test_the_chip_totals_kept_by_the_fold_match_the_players(ops):
    state = _state(6)
    t = 10.0
    for op, who, chips in ops:
        p = state.players[f"p{who}"]
        t += 1
        if op == "chips" and not p.busted:
            events = [("player.chips", {"counts": [{"name": p.name, "chips": chips}]})]
        elif op == "bust" and not p.busted:
            events = [("player.busted", {"players": [{"name": p.name}]})]
        elif op in ("rebuy", "addon") and (not p.busted or op == "rebuy"):
            events = [(f"player.{op}", {"name": p.name})]
        elif op == "reenter" and p.busted:
            events = [("player.reentered", {"name": p.name})]
        else:
            continue
        fold([_E(int(t), kind, data, t) for kind, data in events], state)
        totals = state.chip_totals
        assert (totals.counted, totals.chips, totals.fresh, totals.leader) == _recount(state)
        brief = chip_brief(state)
        assert brief.not_counted == state.players_left - totals.counted


def test_status_and_the_displays_read_the_chip_figures_kept_through_a_snapshot(
    tmp_path, monkeypatch
):
    """At 30,000 entries `status` must not go through every player for the chip leader: the
    fold keeps the counts' totals, and a state read from a snapshot has them."""
    import random

    import tdtool.io.snapshots as store_mod
    from tdtool.app.clock import display_base
    from tdtool.app.status import status_of
    from tdtool.io.store_base import open_store
    from tdtool.tournament import director

    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 3)
    path = make(tmp_path / "t.tdtool")
    with open_store(path) as store:
        with store.transaction() as tx:
            names = [f"P{i}" for i in range(80)]
            for kind, data in director.register(tx.state(), names, tx.now, random.Random(1)):
                tx.append(kind, data)
        with store.transaction() as tx:
            for kind, data in record_counts(tx.state(), [("P7", 31000), ("P9", 12000)]):
                tx.append(kind, data)
        for i in range(4):
            with store.transaction() as tx:
                tx.state()
                tx.append("clock.pause" if i % 2 == 0 else "clock.resume", {})
        state = store.state()  # read through the snapshot: its chip totals came with it
        chips = status_of(state, store.now()).to_dict()["chips"]
        assert display_base(state).figures["chip_leader"] == ("P7", 31000)
    assert chips["leader"]["name"] == "P7" and chips["chips_counted"] == 43000
    assert (chips["counted"], chips["not_counted"]) == (2, 78)


def test_counts_that_add_up_still_name_those_counted_before_the_last_bust(cli, tmp_path):
    # Only the winner of the pot recounted: the sum is right, but Ben's and Cleo's counts
    # are older than the bust. "The counts add up" said nothing of them; a deal refuses them.
    db = tournament(cli, tmp_path)
    cli("--db", db, "player", "chips", "Anna", "10000", "Ben", "10000", "Cleo", "10000",
        "Dan", "10000")  # fmt: skip
    assert cli("--db", db, "player", "bust", "Dan", "--yes").exit_code == 0
    out = cli("--db", db, "player", "chips", "Anna", "20000").stdout
    assert (
        "The counts add up: 40,000 chips in play. Counted before the last bust: Ben, Cleo;"
        " count them again before a deal."
    ) in out
    status = cli("--db", db, "status").stdout
    assert "add up to the 40,000 in play; 2 counted before the last bust" in status


# Found by the fuzz campaign (tests/fuzz.py): chip counts someone typed or a spreadsheet wrote
# are read through one door (tdtool/io/chip_counts_csv.py), which bounds them.


def test_fuzz_a_count_of_5000_digits_is_one_error_not_a_traceback(cli, tmp_path):
    db = tournament(cli, tmp_path)
    before = log_length(cli, db)
    huge = "9" * 5000
    typed = cli("--db", db, "player", "chips", "Anna", huge)
    assert typed.exit_code == 2 and "Traceback" not in typed.output
    assert typed.stderr.startswith(
        "Error: Anna's count '99999999999999999999'... (5,000 characters)"
    )
    assert "has 5,000 digits; a count has at most 15" in typed.stderr
    as_name = cli("--db", db, "player", "chips", huge, "5")
    assert as_name.exit_code == 2 and "stands where a player's name goes" in as_name.stderr
    removed = cli("--db", db, "chips", "remove", huge)
    assert removed.exit_code == 2 and "has 5,000 digits" in removed.stderr
    path = tmp_path / "bags.csv"
    path.write_text(f"name,chips\nAnna,{huge}\n")
    out = cli("--db", db, "player", "chips", "--csv", path)
    assert out.exit_code == 2
    assert out.stderr.startswith(f"Error: {path}:2: Anna's count '99999999999999999999'...")
    assert len(out.stderr) < 300
    assert log_length(cli, db) == before


def test_fuzz_a_count_over_15_digits_is_refused_like_the_yaml_files(cli, tmp_path):
    db = tournament(cli, tmp_path)
    over = cli("--db", db, "player", "chips", "Anna", "1" + "0" * 15)
    assert over.exit_code == 2
    assert "Anna's count '1000000000000000' has 16 digits; a count has at most 15" in over.stderr
    assert cli("--db", db, "player", "chips", "Anna", "9" * 15).exit_code == 0
    assert cli("--db", db, "player", "chips", "Anna", "000" + "9" * 15).exit_code == 0


def test_fuzz_a_csv_cell_over_the_csv_field_limit_is_named_by_line(cli, tmp_path):
    out, path = bad_csv(cli, tmp_path, 'name,chips\nAnna,100\nBen,"' + "x" * 200_000 + '"\n')
    assert out.exit_code == 2
    assert out.stderr.strip() == (
        f"Error: {path}:3: the row is not readable CSV (field larger than field limit (131072));"
        " check its quotes; nothing was recorded."
    )


def test_fuzz_a_csv_over_20_mb_is_refused_before_it_is_read(cli, tmp_path):
    out, path = bad_csv(cli, tmp_path, "Anna,100\n" * 2_300_000)
    assert out.exit_code == 2
    assert out.stderr.strip().startswith(f"Error: --csv {path}: the file is over 20 MB")


def test_fuzz_a_first_row_of_20000_cells_is_quoted_short(cli, tmp_path):
    out, path = bad_csv(cli, tmp_path, ",".join(["x"] * 20_000) + "\n")
    assert out.exit_code == 2
    assert out.stderr.startswith(f"Error: {path}:1: the first row (x, x,")
    assert len(out.stderr) < 300


def test_status_calls_a_count_before_the_last_bust_the_leader_at_the_last_count_and_how_old(
    cli, backend
):
    """Issue 22: `status` said "Chip leader" of a count taken before players busted (the chips
    they lost are somewhere else now); the TV says "at the last count". Status says so too,
    with how long ago the leader was counted."""
    from tdtool.app.status import status_of
    from tdtool.cli.tournament import chip_rows
    from tdtool.io.store_base import open_store

    db = make(backend.target("stale"))
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo", "Dev")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "chips", "Anna", "20000", "Ben", "10000")
    with open_store(db) as store:
        state = store.state()
    fresh = chip_rows(status_of(state, state.last_event_at + 25 * 60).to_dict()["chips"])
    assert fresh[0] == ("Chip leader", "Anna 20,000 (200 BB)")
    assert cli("--db", db, "player", "bust", "Dev", "--yes").exit_code == 0
    with open_store(db) as store:
        state = store.state()
    counted = state.player("Anna").counted_at
    data = status_of(state, counted + 25 * 60 + 5).to_dict()["chips"]
    assert data["leader"]["at_last_count"] is True and data["leader"]["minutes_ago"] == 25
    assert chip_rows(data)[0] == (
        "Chip leader at the last count",
        "Anna 20,000 (200 BB), counted 25 min ago",
    )
    status = cli("--db", db, "status").stdout
    assert "Chip leader at the last count  Anna 20,000" in status
    assert json.loads(cli("--db", db, "status", "--json").stdout)["chips"]["leader"][
        "at_last_count"
    ]


def test_chips_show_at_a_big_field_counts_the_players_not_counted_instead_of_listing_them(
    cli, tmp_path
):
    """Issue 22: at 30,000 entries `chips show` printed 28,504 'not counted' lines. Over
    UNCOUNTED_LISTED players not counted are summed up in one line; --uncounted lists them."""
    from tdtool.cli.chips import UNCOUNTED_LISTED

    db = make(tmp_path / "big.tdtool", buy_in=100)
    names = [f"Player {i:02d}" for i in range(UNCOUNTED_LISTED + 5)]
    assert cli("--db", db, "player", "add", *names, "--yes").exit_code == 0
    assert cli("--db", db, "player", "chips", names[0], "12000").exit_code == 0
    out = cli("--db", db, "chips", "show")
    assert out.exit_code == 0, out.output
    rows = [line for line in out.stdout.splitlines() if line.rstrip().endswith("not counted")]
    assert rows == [] and "Player 00" in out.stdout
    assert f"`tdtool chips show --uncounted` lists the {len(names) - 1} not counted" in out.stdout
    listed = cli("--db", db, "chips", "show", "--uncounted")
    rows = [line for line in listed.stdout.splitlines() if line.rstrip().endswith("not counted")]
    assert len(rows) == len(names) - 1
    small = cli("--db", tournament(cli, tmp_path), "chips", "show")
    rows = [line for line in small.stdout.splitlines() if line.rstrip().endswith("not counted")]
    assert len(rows) == len(NAMES)  # a few: listed by name as before
