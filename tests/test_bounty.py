"""Bounties: fixed and progressive knockouts (tdtool.tournament.bounty), from the terms to the
CLI: `player bust --by`, split pots, undo, re-entries and rebuys, and money conserved."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdtool.errors import InputError, RuleError
from tdtool.tournament import director
from tdtool.tournament.bounty import bounties, bounty_money, paid_and_added, shares
from tdtool.tournament.state import State, fold
from tdtool.tournament.terms import Terms
from tests.tournament_fixtures import created

# --- the arithmetic --------------------------------------------------------------------------


def test_a_split_pot_shares_the_bounty_equally_odd_cents_to_the_first_named():
    assert shares(5000, 2) == [2500, 2500]
    assert shares(5001, 2) == [2501, 2500]
    assert shares(1000, 3) == [334, 333, 333]
    assert shares(1001, 3) == [334, 334, 333]
    assert shares(1, 3) == [1, 0, 0]


def test_a_pko_share_is_half_paid_half_added_the_odd_cent_paid():
    assert paid_and_added(5000, True) == (2500, 2500)
    assert paid_and_added(1251, True) == (626, 625)
    assert paid_and_added(1251, False) == (1251, 0)


@given(st.integers(0, 10**7), st.integers(1, 9), st.booleans())
def test_shares_and_halves_never_lose_a_cent(amount, n, pko):
    parts = shares(amount, n)
    assert sum(parts) == amount and max(parts) - min(parts) <= 1
    assert parts == sorted(parts, reverse=True)  # the odd cents go to the first named
    for part in parts:
        paid, added = paid_and_added(part, pko)
        assert paid + added == part
        assert 0 <= paid - added <= 1 if pko else added == 0


def test_bounty_terms_are_checked():
    with pytest.raises(InputError, match="bounty per entry"):
        Terms(pko=True).check()
    with pytest.raises(InputError, match="no bounty"):
        Terms(rebuy_bounty=10, rebuy_price=50).check()
    with pytest.raises(InputError, match="negative"):
        Terms(bounty=-5).check()
    assert Terms(bounty=50, pko=True, rebuy_bounty=25, rebuy_price=50).check().bounties


def test_terms_without_bounties_are_stored_as_before():
    """A tournament without bounties writes the terms 0.1.0 wrote (no new keys)."""
    data = Terms(buy_in=100, fee=10).to_dict()
    assert not {"bounty", "pko", "rebuy_bounty"} & set(data)
    full = Terms(buy_in=50, bounty=50, pko=True).to_dict()
    assert Terms.from_dict(full) == Terms(buy_in=50, bounty=50, pko=True)


# --- the rules on a state, folded from events ------------------------------------------------


@dataclass
class _Event:
    seq: int
    kind: str
    data: dict[str, Any]
    at: float = 0.0


class _Log:
    """Changes (lists of events) built by the director and folded again after each."""

    def __init__(self, **terms: Any) -> None:
        self.changes: list[list[tuple[str, dict[str, Any]]]] = [
            [("tournament.created", created(**terms))]
        ]
        self.rng = random.Random(7)

    def state(self) -> State:
        events = [e for change in self.changes for e in change]
        return fold(_Event(i, k, d) for i, (k, d) in enumerate(events, start=1))

    def do(self, build: Any) -> State:
        self.changes.append(build(self.state()))
        return self.state()

    def undo(self) -> State:
        self.changes.pop()
        return self.state()


def _conserved(state: State) -> None:
    view = bounties(state)
    assert view is not None
    t = state.terms
    assert view.bought == (state.entries * t.bounty + state.rebuys * t.rebuy_bounty) * 100
    assert view.paid + view.outstanding == view.bought
    # The running totals status and the TV read agree with the sum over every player.
    assert bounty_money(state) == view.money


def _started(names: int = 6, **terms: Any) -> _Log:
    log = _Log(**terms)
    log.do(lambda s: director.register(s, [f"P{i}" for i in range(1, names + 1)], 0.0, log.rng))
    log.do(lambda s: director.draw(s, log.rng))
    return log


def test_a_fixed_bounty_is_paid_whole_to_the_eliminator():
    log = _started(buy_in=50, bounty=20)
    s = log.do(lambda s: director.bust(s, ["P1"], log.rng, by={"P1": ["P2"]}))
    assert (s.player("P2").bounty_won, s.player("P2").bounty, s.player("P1").bounty) == (
        2000,
        2000,
        0,
    )
    _conserved(s)


def test_a_pko_pays_half_and_adds_half_to_the_eliminators_bounty():
    log = _started(buy_in=50, bounty=50, pko=True)
    s = log.do(lambda s: director.bust(s, ["P1"], log.rng, by={"P1": ["P2"]}))
    assert (s.player("P2").bounty_won, s.player("P2").bounty) == (2500, 7500)
    # P2's bigger bounty is collected whole the next time: 75 = 37.50 paid + 37.50 added.
    s = log.do(lambda s: director.bust(s, ["P2"], log.rng, by={"P2": ["P3"]}))
    assert (s.player("P3").bounty_won, s.player("P3").bounty) == (3750, 8750)
    _conserved(s)


def test_a_split_pot_pko_shares_then_halves_each_share():
    log = _started(buy_in=50, bounty=25, pko=True)
    s = log.do(lambda s: director.bust(s, ["P1"], log.rng, by={"P1": ["P2", "P3", "P4"]}))
    # 25.00 in three: 8.34, 8.33, 8.33; each half paid (odd cent paid) and half added.
    assert [s.player(n).bounty_won for n in ("P2", "P3", "P4")] == [417, 417, 417]
    assert [s.player(n).bounty for n in ("P2", "P3", "P4")] == [2917, 2916, 2916]
    _conserved(s)


def test_the_winner_collects_their_own_bounty():
    log = _started(names=2, buy_in=50, bounty=50, pko=True)
    s = log.do(lambda s: director.bust(s, ["P1"], log.rng, by={"P1": ["P2"]}))
    view = bounties(s)
    assert view is not None and view.outstanding == 0 and view.paid == 10000
    assert {r.name: r.won for r in view.rows} == {"P1": 0, "P2": 10000}


def test_undo_of_a_bust_undoes_its_bounty():
    log = _started(buy_in=50, bounty=50, pko=True)
    before = bounties(log.state())
    log.do(lambda s: director.bust(s, ["P1"], log.rng, by={"P1": ["P2", "P3"]}))
    assert bounties(log.undo()) == before


def test_a_re_entry_buys_a_new_bounty_and_a_rebuy_its_rebuy_bounty():
    terms = dict(buy_in=50, bounty=50, pko=True, reentry=True, rebuy_price=50, rebuy_bounty=20)
    log = _started(**terms)
    log.do(lambda s: director.bust(s, ["P1"], log.rng, by={"P1": ["P2"]}))
    s = log.do(lambda s: director.reenter(s, "P1", 0.0, log.rng))
    assert s.player("P1").bounty == 5000
    s = log.do(lambda s: director.rebuy(s, "P3", 0.0, log.rng))  # still in: adds to it
    assert s.player("P3").bounty == 7000
    _conserved(s)


def test_a_rebuy_after_a_bust_in_the_rebuy_period_keeps_the_bounty_collected():
    terms = dict(buy_in=50, bounty=50, rebuy_price=50, rebuy_bounty=0)
    log = _started(**terms)
    s = log.do(lambda s: director.bust(s, ["P1"], log.rng, now=0.0, by={"P1": ["P2"]}))
    s = log.do(lambda s: director.rebuy(s, "P1", 0.0, log.rng))
    assert not s.player("P1").busted
    # The eliminator keeps the bounty; a rebuy without a bounty part buys none.
    assert (s.player("P2").bounty_won, s.player("P1").bounty) == (5000, 0)
    _conserved(s)


def test_a_bounty_tournament_needs_the_eliminator():
    log = _started(buy_in=50, bounty=50)
    with pytest.raises(InputError, match="say who knocked out P1"):
        log.do(lambda s: director.bust(s, ["P1"], log.rng))


def test_the_eliminator_must_still_be_in():
    log = _started(buy_in=50, bounty=50)
    log.do(lambda s: director.bust(s, ["P1"], log.rng, by={"P1": ["P2"]}))
    with pytest.raises(RuleError, match="already out"):
        log.do(lambda s: director.bust(s, ["P3"], log.rng, by={"P3": ["P1"]}))
    with pytest.raises(RuleError, match="busts in this hand"):
        log.do(lambda s: director.bust(s, ["P3", "P4"], log.rng, [100, 200], by={"P3": ["P4"]}))
    with pytest.raises(InputError, match="twice"):
        log.do(lambda s: director.bust(s, ["P3"], log.rng, by={"P3": ["P4", "p4"]}))


def test_terms_changed_before_the_first_bust_reprice_every_bounty():
    log = _started(buy_in=50, bounty=50)
    s = log.do(lambda s: __import__("tdtool.tournament.money").tournament.money.change_terms(
        s, {"bounty": 30})
    )  # fmt: skip
    assert {p.bounty for p in s.players.values()} == {3000}
    _conserved(s)


@st.composite
def _plays(draw: Any) -> tuple[dict[str, Any], list[tuple[str, int, int, int]]]:
    terms = {
        "buy_in": 50,
        "bounty": draw(st.integers(1, 300)),
        "pko": draw(st.booleans()),
        "reentry": True,
        "rebuy_price": 50,
        "rebuy_bounty": draw(st.integers(0, 150)),
    }
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(
                    ["bust", "bust", "bust", "split", "two", "reenter", "rebuy", "undo"]
                ),  # fmt: skip
                st.integers(0, 99),
                st.integers(0, 99),
                st.integers(1, 3),
            ),
            max_size=25,
        )
    )
    return terms, steps


@given(_plays())
def test_bounty_money_is_conserved_to_the_cent(play):
    """Bounties paid + bounties outstanding == the bounty part of every entry, re-entry and
    rebuy sold, after every bust (single, split, two in a hand), re-entry, rebuy and undo; an
    undo gives back exactly the bounties before the change."""
    terms, steps = play
    log = _started(names=7, **terms)
    seen = [bounties(log.state())]
    for action, a, b, n in steps:
        s = log.state()
        live = [p.name for p in s.players.values() if not p.busted]
        out = [p.name for p in s.players.values() if p.busted]
        if action == "undo":
            if len(log.changes) > 3:
                seen.pop()
                assert bounties(log.undo()) == seen[-1]
            continue
        try:
            if action in ("bust", "split", "two") and len(live) >= 2:
                count = 2 if action == "two" and len(live) >= 3 else 1
                gone = [live[(a + i) % len(live)] for i in range(count)]
                rest = [x for x in live if x not in gone]
                k = min(n if action == "split" else 1, len(rest))
                by = {g: [rest[(b + i) % len(rest)] for i in range(k)] for g in gone}
                chips = [100 * (i + 1) for i in range(count)] if count > 1 else None
                s = log.do(lambda s: director.bust(s, gone, log.rng, chips, by=by))  # noqa: B023
            elif action == "reenter" and out:
                name = out[a % len(out)]
                s = log.do(lambda s: director.reenter(s, name, 0.0, log.rng))  # noqa: B023
            elif action == "rebuy":
                name = list(s.players.values())[a % len(s.players)].name
                s = log.do(lambda s: director.rebuy(s, name, 0.0, log.rng))  # noqa: B023
            else:
                continue
        except RuleError:
            continue
        _conserved(s)
        seen.append(bounties(s))


# --- through the CLI -------------------------------------------------------------------------


def _j(cli, db, *args):
    result = cli("--db", db, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _heads(cli, db):
    return {
        p["name"]: (p["bounty_cents"], p["won_cents"], p["knockouts"])
        for p in _j(cli, db, "player", "list")
    }


def test_a_pko_end_to_end_with_split_pots_undos_and_a_re_entry(cli, tmp_path):
    db = tmp_path / "pko.tdtool"
    ok = cli("new", "PKO Night", "--structure", "turbo", "--buy-in", "50", "--bounty", "50",
             "--fee", "10", "--pko", "--reentry", "--db", db)  # fmt: skip
    assert ok.exit_code == 0, ok.output
    assert cli("--db", db, "player", "add", "Anna", "Ben", "Carl", "Dan", "Eve").exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    # A bounty tournament wants the eliminator: exit 2, nothing recorded.
    missing = cli("--db", db, "player", "bust", "Anna")
    assert missing.exit_code == 2 and "--by" in missing.stderr
    assert "Traceback" not in missing.output
    out = cli("--db", db, "player", "bust", "Anna", "--by", "Carl")
    assert out.exit_code == 0, out.output
    assert "Carl collects Anna's bounty of 50: 25 paid, 25 added to Carl's bounty." in out.stdout
    assert _heads(cli, db)["Carl"] == (7500, 2500, 1)
    # A split pot: Carl and Dan share Ben's 50 (12.50 paid + 12.50 added each).
    out = cli("--db", db, "player", "bust", "Ben", "--by", "Carl", "--by", "Dan")
    assert out.exit_code == 0, out.output
    assert "Split pot: Ben's bounty of 50 is shared" in out.stdout
    assert _heads(cli, db)["Carl"] == (8750, 3750, 2)
    assert _heads(cli, db)["Dan"] == (6250, 1250, 1)
    # Undo takes the split back: Carl and Dan are as before it, Ben is in with his 50.
    assert cli("--db", db, "undo", "--yes").exit_code == 0
    heads = _heads(cli, db)
    assert (heads["Carl"], heads["Dan"], heads["Ben"]) == ((7500, 2500, 1), (5000, 0, 0),
                                                           (5000, 0, 0))  # fmt: skip
    # The same hand recorded again with Ben=... names; then Anna re-enters with a new bounty.
    out = cli("--db", db, "player", "bust", "Ben", "--by", "Ben=Dan,Carl")
    assert out.exit_code == 0, out.output
    assert _heads(cli, db)["Dan"] == (6250, 1250, 1)  # Dan named first: no odd cent here
    out = cli("--db", db, "player", "reenter", "Anna")
    assert out.exit_code == 0 and "Anna's new bounty: 50." in out.stdout
    assert _heads(cli, db)["Anna"] == (5000, 0, 0)
    # Two out in one hand to different eliminators.
    out = cli("--db", db, "player", "bust", "Anna", "Eve", "--stacks", "Anna=900,Eve=400",
              "--by", "Anna=Carl", "--by", "Eve=Dan", "--json")  # fmt: skip
    assert out.exit_code == 0, out.output
    ko = {k["busted"]: k for k in json.loads(out.stdout)["knockouts"]}
    assert ko["Anna"]["by"] == [{"name": "Carl", "paid_cents": 2500, "added_cents": 2500}]
    assert ko["Eve"]["collected_cents"] == 5000
    # Heads up: Carl busts Dan and wins; he collects his own bounty at the end.
    out = cli("--db", db, "player", "bust", "Dan", "--by", "Carl")
    assert out.exit_code == 0 and "The winner's own bounty goes to Carl" in out.stdout
    report = _j(cli, db, "report")
    b = report["bounties"]
    assert b["bought_cents"] == 6 * 5000 == b["paid_cents"] and b["outstanding_cents"] == 0
    assert sum(r["bounties_cents"] for r in report["results"]) == b["paid_cents"]
    status = _j(cli, db, "status")
    assert status["bounties"]["kind"] == "pko" and status["bounties"]["biggest"] == []
    # The prize pool is the buy-in parts alone: 6 entries x 50.
    assert status["prize_pool"] == 300 == _j(cli, db, "payouts")["prize_pool"]


def test_bust_by_names_a_player_not_in_the_hand(cli, tmp_path):
    db = tmp_path / "b.tdtool"
    cli("new", "B", "--structure", "turbo", "--bounty", "20", "--db", db)
    cli("--db", db, "player", "add", "Anna", "Ben", "Carl")
    cli("--db", db, "seat", "draw")
    for args, code, words in (
        (["Anna", "--by", "Ben=Carl"], 2, "not busted in this hand"),
        (["Anna", "--by", "Zed"], 2, "Zed"),
        (["Anna", "--by", "Anna"], 1, "busts in this hand"),
        (["Anna", "--by", "=Carl"], 2, "BUSTED=NAME"),
    ):
        result = cli("--db", db, "player", "bust", *args)
        assert result.exit_code == code and words in result.stderr, (args, result.output)
        assert "Traceback" not in result.output
    assert all(p["status"] != "busted" for p in _j(cli, db, "player", "list"))


def test_a_tournament_without_bounties_busts_as_before_and_may_still_say_who(cli, tmp_path):
    db = tmp_path / "plain.tdtool"
    cli("new", "Plain", "--structure", "turbo", "--buy-in", "100", "--db", db)
    cli("--db", db, "player", "add", "Anna", "Ben", "Carl")
    cli("--db", db, "seat", "draw")
    assert cli("--db", db, "player", "bust", "Anna").exit_code == 0
    assert cli("--db", db, "player", "bust", "Ben", "--by", "Carl").exit_code == 0
    rows = _j(cli, db, "player", "list")
    assert "bounty_cents" not in rows[0]
    assert "bounties" not in _j(cli, db, "report")
    assert _j(cli, db, "status")["bounties"] is None
    assert "Busted Ben by Carl" in cli("--db", db, "log").stdout


def test_pko_without_a_bounty_is_refused_naming_the_option(cli, tmp_path):
    result = cli("new", "X", "--structure", "turbo", "--pko", "--db", tmp_path / "x.tdtool")
    assert result.exit_code == 2 and "--pko" in result.stderr
    assert not (tmp_path / "x.tdtool").exists()


def test_a_deal_that_ends_play_pays_each_player_their_own_bounty(cli, tmp_path):
    db = tmp_path / "deal.tdtool"
    cli("new", "D", "--structure", "turbo", "--buy-in", "50", "--bounty", "20", "--db", db)
    cli("--db", db, "player", "add", "A", "B", "C", "D")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "bust", "D", "--by", "A")
    before = _j(cli, db, "status")["bounties"]
    assert (before["paid_cents"], before["outstanding_cents"]) == (2000, 6000)
    deal = cli("--db", db, "deal", "chip-chop", "--stacks", "A=20000,B=10000,C=10000", "--accept")
    assert deal.exit_code == 0, deal.output
    after = _j(cli, db, "report")
    assert (after["bounties"]["paid_cents"], after["bounties"]["outstanding_cents"]) == (8000, 0)
    assert {r["name"]: r["bounties_cents"] for r in after["results"]} == {
        "A": 4000,
        "B": 2000,
        "C": 2000,
        "D": 0,
    }


def test_player_bounties_lists_every_knockout_and_prints_the_desk_sheet(cli, tmp_path):
    db = tmp_path / "desk.tdtool"
    cli("new", "Desk", "--structure", "turbo", "--bounty", "25", "--pko", "--db", db)
    cli("--db", db, "player", "add", "Anna", "Ben", "Carl", "Dan")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "bust", "Anna", "--by", "Carl,Dan")
    out = cli("--db", db, "player", "bounties", "--print", tmp_path / "ko.csv")
    assert out.exit_code == 0, out.output
    # 25 in two: 12.50 each; each half paid (6.25) and half added (6.25).
    assert "100 bought, 12.50 paid, 87.50 on players' heads." in out.stdout
    lines = (tmp_path / "ko.csv").read_text().splitlines()
    assert lines[0] == "#,Busted,Bounty,Knocked out by,Paid,Added to bounty"
    assert lines[1:] == ["1,Anna,25,Carl,6.25,6.25", ",,,Dan,6.25,6.25", ",Total,,,12.50,"]
    data = _j(cli, db, "player", "bounties")
    assert data["knockouts"][0]["by"][1] == {"name": "Dan", "paid_cents": 625, "added_cents": 625}
    plain = tmp_path / "plain.tdtool"
    cli("new", "Plain", "--structure", "turbo", "--db", plain)
    refused = cli("--db", plain, "player", "bounties")
    assert refused.exit_code == 1 and "no bounties" in refused.stderr


def test_a_rebuy_says_the_bounty_it_bought(cli, tmp_path):
    db = tmp_path / "rebuy.tdtool"
    cli("new", "R", "--structure", "turbo", "--bounty", "20", "--rebuy", "50",
        "--rebuy-bounty", "10", "--db", db)  # fmt: skip
    cli("--db", db, "player", "add", "A", "B", "C")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "bust", "A", "--by", "B")
    out = cli("--db", db, "player", "rebuy", "A")
    assert out.exit_code == 0 and "A's bounty now: 10." in out.stdout  # a new one: 20 was paid
    assert _j(cli, db, "player", "rebuy", "C")["bounty_cents"] == 3000  # still in: added


def test_bounties_read_from_a_snapshot_are_those_of_the_whole_fold(cli, tmp_path):
    """A PKO big enough for the file to keep snapshots: the state read through them holds
    the same bounties, knockouts and running totals as the log folded from scratch."""
    from tdtool.io.store_base import open_store

    db = tmp_path / "big.tdtool"
    cli("new", "Big", "--structure", "turbo", "--bounty", "30", "--pko", "--db", db)
    assert cli("--db", db, "player", "add", *[f"P{i}" for i in range(300)]).exit_code == 0
    cli("--db", db, "seat", "draw")
    # The eliminators are picked by name, wherever they sit (--anywhere).
    for i in range(0, 8, 2):
        by = f"P{i + 1},P{i + 3}" if i % 4 == 0 else f"P{i + 1}"
        result = cli("--db", db, "player", "bust", f"P{i}", "--by", by, "--anywhere", "--yes")
        assert result.exit_code == 0, result.output
    # 300 late entries (over 256 events): the next change keeps a snapshot with the knockouts.
    assert cli("--db", db, "player", "add", *[f"Q{i}" for i in range(300)], "--yes").exit_code == 0
    for busted, by in (("P1", "P3"), ("P3", "Q1,P5")):
        result = cli("--db", db, "player", "bust", busted, "--by", by, "--anywhere", "--yes")
        assert result.exit_code == 0, result.output
    with open_store(db) as store:
        read = store.state()
        fresh = fold(store.events())
    assert bounties(read) == bounties(fresh) and bounties(read) is not None
    assert bounty_money(read) == bounty_money(fresh)
    _conserved(read)


def test_a_fixed_bounty_is_read_as_one_amount(cli, tmp_path):
    # "Carl collects Anna's bounty of 20: 20 paid." said the amount twice.
    db = tmp_path / "fixed.tdtool"
    cli("new", "Fixed", "--structure", "turbo", "--buy-in", "50", "--bounty", "20", "--db", db)
    cli("--db", db, "player", "add", "Anna", "Ben", "Carl", "Dan")
    cli("--db", db, "seat", "draw")
    out = cli("--db", db, "player", "bust", "Anna", "--by", "Carl")
    assert out.exit_code == 0, out.output
    assert "Carl collects Anna's bounty: 20." in out.stdout
    split = cli("--db", db, "player", "bust", "Ben", "--by", "Carl", "--by", "Dan").stdout
    assert "Split pot: Ben's bounty of 20 is shared: Carl 10 paid; Dan 10 paid." in split


def test_a_knockout_by_a_player_at_another_table_is_refused_unless_the_director_says_so(
    cli, backend
):
    """Only a player dealt into the busted player's hand can knock them out: an eliminator
    at another table is refused (exit 1, naming both tables, nothing recorded), hand-for-hand
    too; `--anywhere` records it when the floor confirms it."""
    db = backend.target("pko")
    ok = cli("new", "PKO", "--structure", "turbo", "--buy-in", "50", "--bounty", "50",
             "--pko", "--seats", "6", "--db", db)  # fmt: skip
    assert ok.exit_code == 0, ok.output
    names = [f"P{i}" for i in range(1, 13)]
    assert cli("--db", db, "player", "add", *names).exit_code == 0
    assert cli("--db", db, "seat", "draw").exit_code == 0
    plan = _j(cli, db, "seat", "show")["tables"]
    first, second = (list(t["seats"].values()) for t in plan[:2])
    busted, mate, stranger = first[0], first[1], second[0]
    before = _j(cli, db, "log")
    for extra in ([], ["--hand-for-hand"]):
        out = cli("--db", db, "player", "bust", busted, "--by", stranger, *extra)
        assert out.exit_code == 1, out.output
        assert f"{stranger} sits at table {plan[1]['table']}" in out.stderr
        assert f"{busted} at table {plan[0]['table']}" in out.stderr
        assert "--anywhere" in out.stderr and "Traceback" not in out.output
    assert _j(cli, db, "log") == before
    # A split pot with one player from another table is refused as a whole.
    out = cli("--db", db, "player", "bust", busted, "--by", f"{mate},{stranger}")
    assert out.exit_code == 1 and stranger in out.stderr
    out = cli("--db", db, "player", "bust", busted, "--by", stranger, "--anywhere", "--yes")
    assert out.exit_code == 0, out.output
    assert f"{stranger} collects {busted}'s bounty" in out.stdout
    # At the same table the knockout is accepted as ever.
    out = cli("--db", db, "player", "bust", mate, "--by", first[2], "--yes")
    assert out.exit_code == 0, out.output
