"""The TV page with hostile tournament and structure names: the clock still shows, nothing runs.

A name is text a director (or anyone who hands them a structure file) typed: it may hold
`</script>`, `<!--`, `<script`, quotes that end an attribute, markup or a very long line.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading

import pytest

from tdtool.cli.clock_web import page, script_json
from tdtool.io.store_base import create_store
from tests.browser import CHROMIUM, headless
from tests.conftest import ROOT
from tests.tournament_fixtures import created

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
PWN = "document.body.insertAdjacentHTML('beforeend','<b id=pwned>RAN</b>')"
HOSTILE_NAMES = [
    f"</script><script>{PWN}</script><!--<script>",
    f"<!--<script>{PWN}//",
    f'\' onmouseover=\'{PWN}\' x=\'" onfocus="{PWN}" autofocus "><img src=x onerror="{PWN}">',
    f'<style>body{{display:none}}</style><svg onload="{PWN}">',
    "\u2028\u2029 &amp; &lt;b&gt; " + "Very long name " * 300,
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_the_page_source_holds_no_raw_markup_from_a_name(name):
    data = {"name": name, "structure": name, "level": 1}
    html = page(data)
    script = html[html.index("<script>") + len("<script>") : html.rindex("</script>")]
    assert "</script" not in script.lower() and "<!--" not in script and "<script" not in script
    assert json.loads(script_json(data)) == data
    title = html[html.index("<title>") + 7 : html.index("</title>")]
    assert "<" not in title and "'" not in title and '"' not in title


def _serve(db):
    proc = subprocess.Popen(
        [sys.executable, "-m", "tdtool", "--db", str(db), "clock", "serve", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
    )  # fmt: skip
    first: list[str] = []
    reader = threading.Thread(target=lambda: first.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout=60)
    found = re.search(r"http://127\.0\.0\.1:\d+/", first[0] if first else "")
    if not found:
        proc.kill()
        pytest.fail(f"no URL printed: {first!r}")
    return proc, found.group(0)


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_tv_page_with_hostile_names_still_shows_the_clock_and_runs_nothing(tmp_path, cli):
    db = tmp_path / "cup.tdtool"
    data = created(name=HOSTILE_NAMES[0] + HOSTILE_NAMES[2])
    data["structure"]["name"] = HOSTILE_NAMES[1] + HOSTILE_NAMES[3] + HOSTILE_NAMES[4]
    with create_store(db, [("tournament.created", data)]):
        pass
    assert cli("--db", db, "clock", "start").exit_code == 0
    proc, url = _serve(db)
    try:
        dom = headless(
            tmp_path, "--window-size=1280,720", "--virtual-time-budget=2500", "--dump-dom", url
        )
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "Traceback" not in err
    # Nothing ran: no element the names would have made, and the clock is there.
    assert 'id="pwned"' not in dom and "<img" not in dom and "<svg" not in dom
    assert re.search(r'id="label">LEVEL 1<', dom), dom[-2000:]
    assert re.search(r'id="time"[^>]*>\d+:\d\d<', dom)
    assert "50 / 100" in dom
    # The names show as text.
    assert "&lt;/script&gt;&lt;script&gt;document.body" in dom
    assert "&lt;!--&lt;script&gt;" in dom
