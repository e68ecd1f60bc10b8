"""The dealer's phone in `tdtool serve`: `ruling ask` as a form (`POST /api/ruling/ask`) and
the hand builder's floor lines, each answered as the CLI answers (`tdtool ruling ask --json`,
`tdtool hand check --json`)."""

from __future__ import annotations

import json

import pytest

from tdtool.web.server import Settings, build
from tests.test_serve_api import NAMES, TestClient, log_of, make, sign_in


@pytest.fixture
def db(tmp_path, cli):
    path = make(tmp_path / "cup.tdtool", buy_in=100)
    assert cli("--db", path, "player", "add", *NAMES[:4]).exit_code == 0
    return path


@pytest.fixture
def dealer(db):
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as client:
        csrf = sign_in(client, db, "Dee", "dealer")
        client.headers["X-CSRF-Token"] = csrf
        yield client


# (the form's body, the same question as `tdtool ruling ask` options)
ASKED = [
    pytest.param(
        {"what": "exposed-card", "answers": {"players": 9, "seat": 2, "round": 1,
                                             "exposed_before": 0, "acted": []}},
        ["--what", "exposed-card", "--players", "9", "--seat", "2", "--round", "1",
         "--exposed-before", "0", "--acted", "none"],
        id="tda-35a7-second-card-off-the-deck-is-a-misdeal",
    ),
    pytest.param(
        {"what": "exposed-card", "answers": {"players": 6, "seat": 4, "round": 2,
                                             "exposed_before": 0, "acted": ["fold", "call"]}},
        ["--what", "exposed-card", "--players", "6", "--seat", "4", "--round", "2",
         "--exposed-before", "0", "--acted", "fold,call"],
        id="tda-36-too-late-after-call-fold",
    ),
    pytest.param(
        {"what": "boxed-card", "answers": {"boxed_before": 1, "acted": "none"}},
        ["--what", "boxed-card", "--boxed-before", "1", "--acted", "none"],
        id="tda-35a1-two-boxed-cards",
    ),
    pytest.param(
        {"what": "misdeal", "rules": "robert",
         "answers": {"reason": "wrong seat", "acted": ["fold", "fold"]}},
        ["--what", "misdeal", "--reason", "wrong seat", "--acted", "fold,fold", "--rules",
         "robert"],
        id="robert-misdeals-1-two-folds-are-enough",
    ),
    pytest.param(
        {"what": "flop-without-burn", "answers": {"flop_action": True}},
        ["--what", "flop-without-burn", "--flop-action", "yes"],
        id="tda-38-flop-stands-after-action",
    ),
    pytest.param(
        {"what": "extra-card", "rules": "robert", "answers": {"extra": 1, "acted": []}},
        ["--what", "extra-card", "--extra", "1", "--acted", "none", "--rules", "robert"],
        id="robert-extra-card-is-the-burn",
    ),
    pytest.param(
        {"what": "premature-turn", "answers": {}},
        ["--what", "premature-turn"],
        id="tda-rp5b-premature-turn",
    ),
    pytest.param(
        {"what": "string-bet"},
        ["--what", "string-bet"],
        id="tda-string-bet-from-the-book",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("body", "options"), ASKED)
def test_ruling_ask_on_the_phone_gives_the_clis_ruling_and_rule(dealer, db, cli, body, options):
    before = log_of(db)
    answer = dealer.post("/api/ruling/ask", json=body)
    assert answer.status_code == 200, answer.text
    typed = cli("ruling", "ask", *options, "--json")
    assert typed.exit_code == 0, typed.output
    assert answer.json() == json.loads(typed.stdout)
    assert answer.json()["rule"] and answer.json()["steps"]
    assert log_of(db) == before  # a question changes nothing


def test_the_form_asks_the_clis_questions(dealer):
    from tdtool.app.ruling_ask import QUESTIONS, WHAT
    from tdtool.rules.rulebook import ENTRIES

    menu = dealer.get("/api/rulings").json()
    assert [e["id"] for e in menu["asked"]] == [e.id for e in ENTRIES if e.id in WHAT]
    assert len(menu["asked"]) + len(menu["book"]) == len(ENTRIES)
    exposed = next(e for e in menu["asked"] if e["id"] == "exposed-card")
    assert [q["key"] for q in exposed["questions"]] == [q.key for q in QUESTIONS["exposed-card"]]
    assert exposed["questions"][-1]["option"] == "--acted"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"what": "exposed-card", "answers": {"players": 9, "seat": 12, "round": 1,
                                              "exposed_before": 0, "acted": []}},
         "--seat 12: count the 9 players from the small blind, 1 to 9."),
        ({"what": "boxed-card", "answers": {"boxed_before": 0, "acted": ["limp"]}},
         "--acted: 'limp' is not an action in turn"),
        ({"what": "boxed-card", "answers": {"acted": []}}, "--boxed-before: not answered"),
        ({"what": "nothing-like-it"}, "--what: "),
        ({"what": "premature-flop", "rules": "house.yaml"}, '"rules": give tda'),
    ],
)  # fmt: skip
def test_a_wrong_answer_is_400_in_the_clis_words(dealer, body, says):
    answer = dealer.post("/api/ruling/ask", json=body)
    assert answer.status_code == 400 and says in answer.json()["error"]


def test_ruling_ask_needs_a_session_and_the_csrf_token(db):
    body = {"what": "premature-flop"}
    with TestClient(build(Settings(db, allowed_hosts=("testserver",)))) as client:
        assert client.post("/api/ruling/ask", json=body).status_code == 401
        assert client.get("/api/rulings").status_code == 401
        sign_in(client, db, "Dee", "dealer")
        assert client.post("/api/ruling/ask", json=body).status_code == 403


HEAD = """blinds: 100/200
button: 1
seats:
  1: {name: Anna, stack: 5000, cards: Ah Ad}
  2: {name: Ben, stack: 5000, cards: Kh Kd}
  3: {name: Carla, stack: 5000, cards: Qh Qd}
actions:
"""
FILLED = {"who": "Anna", "other": "Ben", "amount": "600", "which": "first",
          "street": "flop", "late": "turn", "chips": "500 100", "cards": "2c 7s 9d",
          "reason": "wrong seat"}  # fmt: skip
CARDS = {"four-card-flop": "2c 7s 9d Jh", "duplicate": "As", "two-burns": "Jc"}


def builder_lines(client) -> list[tuple[str, str, bool]]:
    """The choices of the builder's "What happened": (value, the line written with sample
    answers, whether it takes "out of turn"), read from the staff page as served."""
    import re

    html = client.get("/staff").text
    found = re.findall(r'<option value="([^"]+)" data-line="([^"]+)"( data-turn)?>', html)
    out = []
    for value, line, turn in found:
        answers = dict(FILLED, cards=CARDS.get(value, FILLED["cards"]))
        written = re.sub(r"\{(\w+)\}", lambda m, a=answers: a[m.group(1)], line)
        out.append((value, written, bool(turn)))
    return out


def test_every_line_the_builder_writes_is_one_hand_check_reads(dealer):
    """Each choice writes a line of docs/hand-file.md: alone in a hand it may come at the
    wrong moment (the hand's answer says so), but it is never a line tdtool cannot read."""
    import json as j

    lines = builder_lines(dealer)
    assert len(lines) >= 40 and {"exposed", "misdeal", "says-raise-to", "counts"} <= {
        v for v, _, _ in lines
    }
    for value, line, turn in lines:
        for written in [line, f"{line} out of turn"] if turn else [line]:
            answer = dealer.post(
                "/api/hand/check", json={"hand": HEAD + f"  - {j.dumps(written)}\n"}
            )
            said = answer.json().get("error", "")
            assert answer.status_code in (200, 400), (value, answer.text)
            assert "is not an action" not in said and "can read" not in said, (value, said)
            assert "write the one" not in said and "name the one card" not in said, (value, said)


@pytest.mark.parametrize(
    ("lines", "irregularity", "rule"),
    [
        (["exposed Ben first"], "exposed-card", "TDA 35A"),
        (["Anna call", "Ben call", "Carla check", "flop 2c 7s 9d", "Ben check",
          "premature turn Jc", "Carla check", "Anna check", "turn 5d", "Ben fold",
          "Carla bet 200", "Anna fold"], "premature-turn", "TDA RP-5B"),
        (["Anna says raise 600", "Anna puts 600", "Ben fold", "Carla fold"], "declaration",
         "TDA"),
        (["Ben call out of turn", "Anna call", "Carla check", "flop 2c 7s 9d", "Ben bet 200",
          "Carla fold", "Anna fold"], "out-of-turn", "TDA 53"),
        (["Anna raise 600", "dealer counts 400", "Ben says call", "Carla fold",
          "flop 2c 7s 9d", "Ben check", "Anna bet 1000", "Ben fold"], "accepted-action",
         "TDA 49"),
        (["fouled deck"], "duplicate-card", "TDA 35E"),
    ],
)  # fmt: skip
def test_the_builders_floor_lines_get_the_ruling_with_its_rule_and_steps(
    dealer, lines, irregularity, rule
):
    import json as j

    text = HEAD + "".join(f"  - {j.dumps(line)}\n" for line in lines)
    answer = dealer.post("/api/hand/check", json={"hand": text})
    assert answer.status_code == 200, answer.text
    found = [r for r in answer.json()["rulings"] if r["irregularity"] == irregularity]
    assert found, answer.json()
    assert found[0]["rule"].startswith(rule) and found[0]["steps"]


def test_tda_52b_a_pot_count_built_on_the_phone_gets_the_rule(dealer):
    """The builder's pot-count lines (pot-limit): the Addendum's Rule 52-B example 1 as the
    phone sends it is ruled as `hand check` rules the file: the bet on the count stands."""
    from tests.conftest import EXAMPLES

    text = (EXAMPLES / "hands" / "tda-addendum" / "tda-52b-example-1.yaml").read_text()
    answer = dealer.post("/api/hand/check", json={"hand": text})
    assert answer.status_code == 200, answer.text
    found = [r for r in answer.json()["rulings"] if r["irregularity"] == "pot-count"]
    assert found and found[0]["rule"].startswith("TDA 52B"), answer.json()
    lines = {value: line for value, line, _ in builder_lines(dealer)}
    assert lines["counts-pot"] == "dealer counts the pot 600"
    assert lines["wrong-count"] == "wrong count noticed"
    assert lines["found-behind"] == "chips found behind Anna 600"
