"""End to end: `tdtool serve` in a process, a floor person's and a player's phone in Chromium.

The floor person signs in from the link `tdtool staff add` printed, busts a player with a
knockout and pauses the clock; a player's phone (another browser) sees each change within a
second, without reloading. Screenshots of every page at phone size go to $TDTOOL_SHOTS when
it is set (to look at them).

The first flow runs at phone and at tablet size; each of the others at one of the two, so
that both sizes see every page without every flow running twice.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.browser import CHROMIUM
from tests.conftest import ROOT
from tests.tournament_fixtures import make

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium"),
]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
PHONE = (390, 844)
TABLET = (820, 1180)
NAMES = ["Anna", "Ben", "Carl", "Dana", "José García", "Fay", "Gus", "Hana", "Ivo", "Jo"]
HAND = (ROOT / "examples" / "hands" / "side-pots.yaml").read_text()


def tdtool(db: Path, *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "tdtool", "--db", str(db), *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


@contextmanager
def serving(db: Path) -> Iterator[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tdtool", "--db", str(db), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    first: list[str] = []
    reader = threading.Thread(target=lambda: first.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout=30)
    try:
        found = re.search(r"http://127\.0\.0\.1:\d+", first[0] if first else "")
        assert found, f"no URL printed: {first!r}"
        yield found.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def keep(shot: Path) -> None:
    where = os.environ.get("TDTOOL_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(where) / shot.name)
    assert shot.stat().st_size > 10_000  # a page was drawn, not a blank


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_floor_busts_and_pauses_from_a_phone_and_a_players_phone_follows(tmp_path, size):
    from tests.cdp import Browser

    db = make(tmp_path / "cup.tdtool", buy_in=100, bounty=20)
    tdtool(db, "player", "add", *NAMES)
    tdtool(db, "seat", "draw")
    tdtool(db, "clock", "start")
    plan = tdtool(db, "seat", "show", "--json")
    import json

    seats = json.loads(plan)["tables"][0]["seats"]
    out, by = sorted(seats.values())[:2]
    staff_browser = Browser(tmp_path, "staff")
    player_browser = Browser(tmp_path, "player")
    tag = "x".join(map(str, size))
    try:
        with serving(db) as url:
            link = tdtool(db, "staff", "add", "Maria", "--role", "director", "--url", url)
            link = link.strip().splitlines()[-1]
            player = player_browser.page(*size)
            player.goto(url + "/")
            player.wait("document.getElementById('left').textContent === '10'")
            keep(player.screenshot(tmp_path / f"players-{tag}.png"))

            phone = staff_browser.page(*size)
            phone.goto(link)
            keep(phone.screenshot(tmp_path / f"signin-{tag}.png"))
            phone.js("document.getElementById('signin').click()")
            phone.wait("location.pathname === '/staff' && document.readyState === 'complete'")
            phone.wait("document.getElementById('names').options.length === 10")

            phone.js(
                f"document.getElementById('bust-name').value = {json.dumps(out)};"
                f"document.getElementById('bust-by').value = {json.dumps(by)};"
                "document.getElementById('bust').requestSubmit()"
            )
            seen = player.wait("document.getElementById('left').textContent === '9'", 5)
            assert seen < 1.0, f"the player's phone saw the bust after {seen:.2f} s"
            phone.wait("document.getElementById('bust-result').children.length > 0")
            assert out in phone.js("document.getElementById('bust-result').textContent")

            phone.js("document.querySelector('[data-clock=pause]').click()")
            seen = player.wait("document.getElementById('status').textContent === 'Paused'", 5)
            assert seen < 1.0, f"the player's phone saw the pause after {seen:.2f} s"
            keep(phone.screenshot(tmp_path / f"staff-{tag}.png"))

            phone.js(
                f"document.getElementById('hand-text').value = {json.dumps(HAND)};"
                "document.getElementById('hand').requestSubmit()"
            )
            phone.wait("document.getElementById('hand-result').children.length >= 2")
            text = phone.js("document.getElementById('hand-result').textContent")
            assert "Anna" in text and "Ben" in text
            phone.js("document.getElementById('hand').scrollIntoView()")
            keep(phone.screenshot(tmp_path / f"staff-hand-{tag}.png", whole=False))

            player.js(
                "document.getElementById('find-name').value = 'jose';"
                "document.getElementById('find').requestSubmit()"
            )
            player.wait("document.getElementById('found').textContent.includes('José García')")
            keep(player.screenshot(tmp_path / f"players-paused-{tag}.png"))

            other = player_browser.page(*size)  # a player who opens /staff: no way in
            other.goto(url + "/staff")
            keep(other.screenshot(tmp_path / f"signed-out-{tag}.png"))
            assert "Not signed in" in other.js("document.body.textContent")
        log = tdtool(db, "log")
        assert re.search(rf"Maria\s+Busted {re.escape(out)}", log), log
        assert re.search(r"Maria\s+Clock paused", log), log
    finally:
        staff_browser.close()
        player_browser.close()
        time.sleep(0.1)


@pytest.mark.parametrize("size", [TABLET], ids=["tablet"])
def test_the_floor_counts_a_table_moves_a_player_and_balances_from_a_phone(tmp_path, size):
    import json

    from tests.cdp import Browser

    db = make(tmp_path / "cup.tdtool", buy_in=100)
    tdtool(db, "player", "add", *NAMES)
    tdtool(db, "seat", "draw")
    tdtool(db, "clock", "start")
    tables = json.loads(tdtool(db, "seat", "show", "--json"))["tables"]
    first = dict(sorted((int(s), n) for s, n in tables[0]["seats"].items()))
    free = next(s for s in range(1, 10) if str(s) not in tables[1]["seats"])
    mover = first[min(first)]
    browser = Browser(tmp_path, "floor")
    tag = "x".join(map(str, size))
    try:
        with serving(db) as url:
            link = tdtool(db, "staff", "add", "Flo", "--role", "floor", "--url", url)
            phone = browser.page(*size)
            phone.goto(link.strip().splitlines()[-1])
            phone.js("document.getElementById('signin').click()")
            phone.wait("location.pathname === '/staff' && document.readyState === 'complete'")
            phone.wait("document.getElementById('names').options.length === 10")
            assert phone.js("document.querySelector('[data-clock]') === null")  # not the floor's

            phone.js(
                "const t = document.getElementById('chips-table');"
                f"t.value = '{tables[0]['table']}';"
                "t.dispatchEvent(new Event('input'))"
            )
            phone.wait("document.querySelectorAll('#chips-rows input').length === 5")
            phone.js(
                "document.querySelectorAll('#chips-rows input').forEach((i, n) =>"
                " { i.value = String(10000 + 1000 * n); });"
                "document.getElementById('chips').requestSubmit()"
            )
            phone.wait("document.getElementById('chips-result').children.length >= 5")
            phone.js("document.getElementById('chips').scrollIntoView()")
            keep(phone.screenshot(tmp_path / f"floor-chips-{tag}.png", whole=False))

            phone.js(
                f"document.getElementById('move-name').value = {json.dumps(mover)};"
                f"document.getElementById('move-table').value = '{tables[1]['table']}';"
                f"document.getElementById('move-seat').value = '{free}';"
                "document.getElementById('move').requestSubmit()"
            )
            phone.wait("document.getElementById('move-result').children.length > 0")
            assert mover in phone.js("document.getElementById('move-result').textContent")
            phone.js("document.getElementById('balance').click()")
            phone.wait("document.getElementById('balance-result').children.length > 0")
            phone.js("document.getElementById('move').scrollIntoView()")
            keep(phone.screenshot(tmp_path / f"floor-seats-{tag}.png", whole=False))
        log = json.loads(tdtool(db, "log", "--json"))
        kinds = [e["kind"] for e in log if e["operator"] == "Flo"]
        assert kinds == ["staff.signed-in", "player.chips", "seat.moved", "seat.moved"], kinds
        now = json.loads(tdtool(db, "seat", "show", "--json"))["tables"]
        assert sorted(len(t["seats"]) for t in now) == [5, 5]
    finally:
        browser.close()
        time.sleep(0.1)


@pytest.mark.parametrize("size", [PHONE], ids=["phone"])
def test_the_director_adds_a_dealer_with_a_qr_code_and_takes_them_off(tmp_path, size):
    from tests.cdp import Browser

    db = make(tmp_path / "cup.tdtool", buy_in=100)
    tdtool(db, "player", "add", *NAMES)
    browser = Browser(tmp_path, "director")
    tag = "x".join(map(str, size))
    try:
        with serving(db) as url:
            link = tdtool(db, "staff", "add", "Maria", "--role", "director", "--url", url)
            phone = browser.page(*size)
            phone.goto(link.strip().splitlines()[-1])
            phone.js("document.getElementById('signin').click()")
            phone.wait("location.pathname === '/staff' && document.readyState === 'complete'")
            phone.wait("document.getElementById('staff-list').textContent.includes('Maria')")
            phone.js(
                "document.getElementById('staff-name').value = 'Dan';"
                "document.getElementById('staff-role').value = 'dealer';"
                "document.getElementById('staff-add').requestSubmit()"
            )
            phone.wait("!document.getElementById('staff-link').hidden")
            phone.wait("document.getElementById('staff-qr').naturalWidth > 0")  # drawn, not broken
            assert (
                phone.js("document.getElementById('staff-qr').getBoundingClientRect().width") > 100
            )
            shown = phone.js("document.getElementById('staff-link-url').textContent")
            assert shown.startswith(url + "/signin/")
            phone.wait("document.getElementById('staff-list').textContent.includes('Dan')")
            phone.js("document.getElementById('staff-add').scrollIntoView()")
            keep(phone.screenshot(tmp_path / f"director-staff-{tag}.png", whole=False))
            phone.js("window.confirm = () => true;")
            phone.js(
                "[...document.querySelectorAll('#staff-list li')]"
                ".find((li) => li.textContent.includes('Dan')).querySelector('button').click()"
            )
            phone.wait("!document.getElementById('staff-list').textContent.includes('Dan')")
        assert "Dan" not in tdtool(db, "staff", "list")
    finally:
        browser.close()
        time.sleep(0.1)


@pytest.mark.parametrize("size", [TABLET], ids=["tablet"])
def test_the_director_works_out_a_deal_and_accepts_it_from_a_phone(tmp_path, size):
    from tests.cdp import Browser

    db = make(tmp_path / "cup.tdtool", buy_in=100)
    tdtool(db, "player", "add", *NAMES[:6])
    tdtool(db, "seat", "draw")
    tdtool(db, "clock", "start")
    for name in NAMES[:3]:
        tdtool(db, "player", "bust", name, "--yes")
    browser = Browser(tmp_path, "deal")
    tag = "x".join(map(str, size))
    try:
        with serving(db) as url:
            link = tdtool(db, "staff", "add", "Maria", "--role", "director", "--url", url)
            phone = browser.page(*size)
            phone.goto(link.strip().splitlines()[-1])
            phone.js("document.getElementById('signin').click()")
            phone.wait("location.pathname === '/staff' && document.readyState === 'complete'")
            phone.js(
                "document.getElementById('deal-stacks').value ="
                " 'Dana 25000\\nJosé García 20,000\\nFay=15000';"
                "document.querySelector('[data-deal=propose]').click()"
            )
            phone.wait("document.querySelectorAll('#deal-result tr').length === 5")  # and the total
            assert "Nothing" in phone.js("document.getElementById('deal-result').textContent")
            assert "deal.accepted" not in tdtool(db, "log", "--json")
            phone.js("window.confirm = () => true;")
            phone.js("document.querySelector('[data-deal=accept]').click()")
            phone.wait("document.getElementById('deal-result').textContent.includes('recorded')")
            phone.js("document.getElementById('deal').scrollIntoView()")
            keep(phone.screenshot(tmp_path / f"director-deal-{tag}.png", whole=False))
        assert '"deal.accepted"' in tdtool(db, "log", "--json")
    finally:
        browser.close()
        time.sleep(0.1)


@pytest.mark.parametrize("size", [PHONE], ids=["phone"])
def test_the_director_changes_the_guarantee_from_a_phone_in_german(tmp_path, size):
    import json

    from tests.cdp import Browser

    db = make(tmp_path / "cup.tdtool", buy_in=100)
    tdtool(db, "player", "add", *NAMES)
    browser = Browser(tmp_path, "terms")
    tag = "x".join(map(str, size))
    try:
        with serving(db) as url:
            link = tdtool(db, "staff", "add", "Maria", "--role", "director", "--url", url)
            phone = browser.page(*size)
            phone.goto(link.strip().splitlines()[-1])
            phone.js("document.getElementById('signin').click()")
            phone.wait("location.pathname === '/staff' && document.readyState === 'complete'")
            phone.goto(url + "/staff?lang=de")
            phone.wait("document.querySelector('[data-term=buy_in]').value === '100'")
            phone.js(
                "document.querySelector('[data-term=guarantee]').value = '5000';"
                "document.getElementById('terms').requestSubmit()"
            )
            phone.wait("document.getElementById('message').textContent !== ''")
            phone.js("document.getElementById('terms').scrollIntoView()")
            keep(phone.screenshot(tmp_path / f"director-terms-de-{tag}.png", whole=False))
        assert json.loads(tdtool(db, "terms", "--json"))["guarantee"] == 5000
    finally:
        browser.close()
        time.sleep(0.1)


@pytest.mark.parametrize("size", [PHONE], ids=["phone"])
def test_a_dealer_builds_the_side_pot_hand_step_by_step_and_gets_the_ruling(tmp_path, size):
    import json

    from tests.cdp import Browser

    db = make(tmp_path / "cup.tdtool", buy_in=100)
    browser = Browser(tmp_path, "dealer")
    tag = "x".join(map(str, size))
    try:
        with serving(db) as url:
            link = tdtool(db, "staff", "add", "Dan", "--role", "dealer", "--url", url)
            phone = browser.page(*size)
            phone.goto(link.strip().splitlines()[-1])
            phone.js("document.getElementById('signin').click()")
            phone.wait("location.pathname === '/staff' && document.readyState === 'complete'")
            seats = [("Anna", 20, "Ah Ad"), ("Ben", 200, "Kh Kd"), ("Carla", 200, "Qh Qd")]
            phone.js(
                f"const seats = {json.dumps(seats)};"
                "document.querySelectorAll('#build-seats .seatrow').forEach((r, n) => {"
                " const [name, stack, cards] = seats[n];"
                " r.querySelector('.b-name').value = name;"
                " r.querySelector('.b-name').dispatchEvent(new Event('change'));"
                " r.querySelector('.b-stack').value = String(stack);"
                " r.querySelector('.b-cards').value = cards; });"
                "document.getElementById('build-blinds').value = '5/10';"
            )

            def act(who: str, verb: str, amount: str = "") -> None:
                phone.js(
                    f"document.getElementById('build-who').value = {json.dumps(who)};"
                    f"document.getElementById('build-verb').value = '{verb}';"
                    f"document.getElementById('build-amount').value = '{amount}';"
                    "document.getElementById('build-act').click()"
                )

            def deal(cards: str) -> None:
                phone.js(
                    f"document.getElementById('build-board').value = '{cards}';"
                    "document.getElementById('build-deal').click()"
                )

            act("Anna", "all-in")
            act("Ben", "raise", "50")
            act("Carla", "call")
            for cards in ("2c 7s 9d", "Jc", "3h"):
                deal(cards)
                act("Ben", "check")
                act("Carla", "check")
            assert phone.js("document.getElementById('build-actions').children.length") == 12
            phone.js("document.getElementById('build').scrollIntoView()")
            keep(phone.screenshot(tmp_path / f"dealer-build-{tag}.png", whole=False))
            phone.js("document.getElementById('build').requestSubmit()")
            phone.wait("document.getElementById('hand-result').children.length >= 2")
            text = phone.js("document.getElementById('hand-result').textContent")
            assert "Anna" in text and "Ben" in text and "60" in text
            keep(phone.screenshot(tmp_path / f"dealer-build-ruling-{tag}.png", whole=False))
            built = phone.js("document.getElementById('hand-text').value")
        (tmp_path / "built.yaml").write_text(built)
        mine = json.loads(tdtool(db, "hand", "check", str(tmp_path / "built.yaml"), "--json"))
        example = ROOT / "examples" / "hands" / "side-pots.yaml"
        theirs = json.loads(tdtool(db, "hand", "check", str(example), "--json"))
        assert mine["pots"] == theirs["pots"]
    finally:
        browser.close()
        time.sleep(0.1)


def test_a_dealer_rules_on_a_misdeal_twice_and_the_desk_answers_did_you_mean(tmp_path):
    """At phone size: the dealer adds a floor line to the hand builder (a hole card exposed
    on the deal) and gets the ruling, then asks the same question through the `ruling ask`
    form; the desk registers "jose" and answers "Did you mean José García (#1)?"."""
    import json

    from tests.cdp import Browser

    db = make(tmp_path / "cup.tdtool", buy_in=100)
    tdtool(db, "players", "add", "José García")  # the registry beside the tournament
    browser = Browser(tmp_path, "dealer-form")
    tag = "x".join(map(str, PHONE))
    try:
        with serving(db) as url:
            link = tdtool(db, "staff", "add", "Dan", "--role", "dealer", "--url", url)
            phone = browser.page(*PHONE)
            phone.goto(link.strip().splitlines()[-1])
            phone.js("document.getElementById('signin').click()")
            phone.wait("location.pathname === '/staff' && document.readyState === 'complete'")
            phone.js(
                "document.querySelectorAll('#build-seats .seatrow').forEach((r, n) => {"
                " r.querySelector('.b-name').value = ['Anna', 'Ben', 'Carla'][n];"
                " r.querySelector('.b-name').dispatchEvent(new Event('change'));"
                " r.querySelector('.b-stack').value = '5000'; });"
                "const verb = document.getElementById('build-verb');"
                "verb.value = 'exposed'; verb.dispatchEvent(new Event('change'));"
                "document.getElementById('build-who').value = 'Ben';"
                "document.getElementById('build-which').value = 'first';"
            )
            assert phone.js("document.querySelector('[data-need=which]').hidden") is False
            assert phone.js("document.querySelector('[data-need=amount]').hidden") is True
            phone.js("document.getElementById('build-act').click()")
            assert phone.js("document.getElementById('build-actions').textContent") == (
                "exposed Ben first"
            )
            phone.js("document.getElementById('build-verb').scrollIntoView()")
            keep(phone.screenshot(tmp_path / f"dealer-build-floor-{tag}.png", whole=False))
            phone.js("document.getElementById('build').requestSubmit()")
            phone.wait("document.getElementById('hand-result').children.length >= 1")
            built = phone.js("document.getElementById('hand-result').textContent")
            assert "Misdeal" in built and "TDA 35A" in built
            keep(phone.screenshot(tmp_path / f"dealer-build-misdeal-{tag}.png", whole=False))

            phone.wait("document.getElementById('ask-book').children.length > 20")
            phone.js(
                "document.getElementById('ask-what').value = 'exposed-card';"
                "document.getElementById('ask-what').dispatchEvent(new Event('change'));"
                "document.getElementById('ask-seat').value = '2';"
                "document.querySelector('[data-acted=fold]').click();"
                "document.getElementById('ask').scrollIntoView()"
            )
            assert phone.js("document.getElementById('ask-acted').textContent") == "fold"
            keep(phone.screenshot(tmp_path / f"dealer-ask-{tag}.png", whole=False))
            phone.js("document.getElementById('ask').requestSubmit()")
            phone.wait("document.getElementById('ask-result').children.length === 1")
            asked = phone.js("document.getElementById('ask-result').textContent")
            typed = json.loads(tdtool(db, "ruling", "ask", "--what", "exposed-card", "--players",
                                      "9", "--seat", "2", "--round", "1", "--exposed-before",
                                      "0", "--acted", "fold", "--json"))  # fmt: skip
            assert typed["summary"] in asked and typed["rule"] in asked
            keep(phone.screenshot(tmp_path / f"dealer-ask-ruling-{tag}.png", whole=False))

            link = tdtool(db, "staff", "add", "Dora", "--role", "desk", "--url", url)
            phone.goto(link.strip().splitlines()[-1])
            phone.js("document.getElementById('signin').click()")
            phone.wait("location.pathname === '/staff' && document.readyState === 'complete'")
            phone.js(
                "document.getElementById('add-names').value = 'jose';"
                "document.getElementById('add').requestSubmit()"
            )
            phone.wait("document.querySelectorAll('#add-ask button').length === 2")
            question = phone.js("document.getElementById('add-ask').textContent")
            assert "Did you mean José García (#1)?" in question
            phone.js("document.getElementById('add').scrollIntoView()")
            keep(phone.screenshot(tmp_path / f"desk-did-you-mean-{tag}.png", whole=False))
            phone.js("document.querySelector('#add-ask button').click()")
            phone.wait("document.getElementById('add-result').children.length === 1")
        listed = json.loads(tdtool(db, "player", "list", "--json"))
        assert [p["name"] for p in listed] == ["José García"]
    finally:
        browser.close()
        time.sleep(0.1)
