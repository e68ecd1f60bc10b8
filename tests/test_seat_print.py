"""`tdtool seat print`: seat cards, the seat list by name and table-move slips (issue 14).

Through the CLI on a live tournament (names that try to be HTML among them), then rendered
in headless Chromium on A4 and Letter: every page the sheet means is one printed page.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess

import markupsafe
import pytest

from tdtool.io import seat_sheets as sheets
from tdtool.names import ascii_fold, surname_first
from tests.browser import CHROMIUM, headless

HOSTILE = '<script>alert("x")</script>'
NAMES = [
    "Anna Berg",
    "Émile Zola",
    "Bob O'Neil",
    "Cleo",
    "Dmitri Ivanovich Karamazov-Smerdyakov the Third",
    HOSTILE,
    "zed",
    "Ümit",
    "Łukasz",
    "Ben",
    "Carla",
    "Dora",
    "Eve",
    "Fritz",
    "Gus",
    "Hana",
    "Ivo",
    "Jan",
    "Kai",
    "Lia & Co",
]


@pytest.fixture
def tournament(cli, tmp_path, monkeypatch):
    """20 players drawn at 3 tables (9 seats), in its own folder (the working folder)."""
    monkeypatch.chdir(tmp_path)
    assert cli("new", "Friday <b>Deepstack</b>", "--structure", "daily").exit_code == 0
    assert cli("player", "add", *NAMES).exit_code == 0
    assert cli("seat", "draw").exit_code == 0
    return next(tmp_path.glob("*.tdtool"))


def _seats(cli) -> dict[str, tuple[int, int]]:
    plan = json.loads(cli("seat", "show", "--json").stdout)
    return {p: (t["table"], int(s)) for t in plan["tables"] for s, p in t["seats"].items()}


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def test_seat_cards_one_per_player_with_table_and_seat_escaped(cli, tournament):
    result = cli("seat", "print", "cards")
    assert result.exit_code == 0, result.output
    assert "Wrote seat-cards.html: 20 seat cards, 3 A4 pages." in result.stdout
    page = (tournament.parent / "seat-cards.html").read_text()
    cards = re.findall(
        r'<div class="card">.*?class="name[^"]*">(.*?)</div>.*?'
        r'Table</span><span class="big">(\d+)</span>.*?Seat</span><span class="big">(\d+)<',
        page,
        re.S,  # a card's parts on lines of their own (the template's)
    )
    seats = _seats(cli)
    assert {_text(n): (int(t), int(s)) for n, t, s in cards} == seats
    assert len(cards) == 20
    assert [_text(n) for n, _, _ in cards] == sorted(seats, key=sheets.sort_key)
    assert HOSTILE not in page and "<b>Deepstack" not in page  # escaped, every one
    # Escaped as Jinja2 escapes (markupsafe: '"' is &#34;), and read back as the text typed.
    assert markupsafe.escape(HOSTILE) in page and "Friday &lt;b&gt;Deepstack&lt;/b&gt;" in page
    assert page.count('class="page"') == 3 and "size: A4 portrait" in page


def test_the_seat_list_is_alphabetical_under_its_letters(cli, tournament):
    assert cli("player", "add", "Waiting Wanda").exit_code == 0  # seated at once (TDA 8A)
    result = cli("seat", "print", "list", "-o", "wall.html", "--paper", "letter")
    assert result.exit_code == 0, result.output
    page = (tournament.parent / "wall.html").read_text()
    rows = re.findall(
        r'<div class="row"><span class="who">(.*?)</span><span class="t">(\d+)</span>'
        r'<span class="s">(\d+)</span>',
        page,
    )
    names = [_text(n) for n, _, _ in rows]
    assert names == sorted(names, key=lambda n: ascii_fold(n))
    seats = _seats(cli)
    assert {_text(n): (int(t), int(s)) for n, t, s in rows} == {
        surname_first(p): at for p, at in seats.items()
    }
    letters = re.findall(r'<div class="letter">(.*?)</div>', page)
    assert letters == sorted(set(letters)) and "E" in letters and "#" in letters
    # By surname: Émile Zola under Z as "Zola, Émile"; Łukasz (one word) under L, accents
    # aside; the name that is a tag under "#".
    assert names.index("Eve") < names.index("Fritz") < names.index("Zola, Émile")
    assert "size: letter portrait" in page and HOSTILE not in page


def _bust_until_someone_moves(cli) -> list[dict]:
    """Bust players one at a time (the last-seated first) until a bust moves players."""
    for _ in range(12):
        seats = _seats(cli)
        victim = max(seats, key=lambda p: (seats[p], p))
        out = cli("player", "bust", victim, "--yes", "--json")
        assert out.exit_code == 0, out.output
        moves = [m for m in json.loads(out.stdout)["moves"] if m["from"] is not None]
        if moves:
            return moves
    raise AssertionError("no bust moved anyone")


SLIP = re.compile(
    r'<div class="card slip">.*?class="name[^"]*">(.*?)</div>.*?'
    r'From</span><span class="big">Table (\d+)<br>Seat (\d+)</span>.*?'
    r'To</span><span class="big">Table (\d+)<br>Seat (\d+)</span>',
    re.S,
)


def _slips(page: str) -> list[tuple[str, int, int, int, int]]:
    return [(_text(n), *map(int, rest)) for n, *rest in SLIP.findall(page)]  # type: ignore[misc]


def _moved(moves: list[dict]) -> list[tuple[str, int, int, int, int]]:
    return [
        (m["player"], m["from"]["table"], m["from"]["seat"], m["to"]["table"], m["to"]["seat"])
        for m in moves
    ]


def test_move_slips_are_the_moves_of_the_last_change_that_moved_players(cli, tournament):
    assert cli("seat", "print", "moves").exit_code == 1  # only the draw so far
    assert not (tournament.parent / "table-moves.html").exists()
    first = _bust_until_someone_moves(cli)
    assert cli("clock", "start").exit_code == 0  # a later change that moves nobody
    result = cli("seat", "print", "moves")
    assert result.exit_code == 0, result.output
    page = (tournament.parent / "table-moves.html").read_text()
    assert _slips(page) == _moved(first)
    second = _bust_until_someone_moves(cli)
    assert cli("seat", "print", "moves", "--force").exit_code == 0
    again = (tournament.parent / "table-moves.html").read_text()
    assert _slips(again) == _moved(second)
    assert cli("seat", "print", "moves", "--all", "-o", "all.html").exit_code == 0
    every = (tournament.parent / "all.html").read_text()
    assert _slips(every) == _moved(first) + _moved(second)
    reasons = {m["reason"] for m in first + second}
    for reason in reasons:
        assert sheets.REASONS[reason].split()[0] in every
    # Undo the last bust: its moves are taken back, the slips are the first change's again.
    assert cli("undo", "--yes").exit_code == 0
    assert cli("seat", "print", "moves", "--force").exit_code == 0
    assert _slips((tournament.parent / "table-moves.html").read_text()) == _moved(first)


def test_refusals_say_what_to_do_and_write_nothing(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("new", "Cup", "--structure", "turbo").exit_code == 0
    assert cli("player", "add", "Ann", "Bob").exit_code == 0
    for args, code, words in [
        (("cards",), 1, "seat draw"),
        (("list",), 1, "seat draw"),
        (("moves",), 1, "No table moves"),
        (("posters",), 2, "cards, list or moves"),
        (("cards", "--paper", "a3"), 2, "a4 or letter"),
        (("list", "--all"), 2, "--all is for"),
        (("cards", "-o", "cards.pdf"), 2, ".html"),
    ]:
        result = cli("seat", "print", *args)
        assert result.exit_code == code, (args, result.output)
        assert result.stderr.startswith("Error: ") and words in result.stderr, result.stderr
        assert result.stderr.count("\n") == 1
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".tdtool"]
    assert cli("seat", "draw").exit_code == 0
    (tmp_path / "seat-cards.html").write_text("kept")
    refused = cli("seat", "print", "cards")
    assert refused.exit_code == 2 and "--force" in refused.stderr
    assert (tmp_path / "seat-cards.html").read_text() == "kept"
    assert cli("seat", "print", "cards", "--force").exit_code == 0
    assert "Ann" in (tmp_path / "seat-cards.html").read_text()


def test_seat_print_reads_a_read_only_tournament_and_leaves_it_as_it_was(cli, tournament):
    tournament.chmod(0o444)
    before = tournament.read_bytes(), tournament.stat().st_mtime_ns
    for what in ("cards", "list"):
        assert cli("seat", "print", what).exit_code == 0
    assert (tournament.read_bytes(), tournament.stat().st_mtime_ns) == before


# --- in the browser -----------------------------------------------------------------------


def page_count(pdf: bytes) -> int:
    """Pages of a PDF Chromium wrote (its page objects are `/Type /Page`)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def _field(n: int) -> list[sheets.SeatCard]:
    """`n` players with names from short to very long (wide letters, hyphens, accents)."""
    import random

    rng = random.Random(14)
    first = ["Anna", "Ben", "Émile", "Łukasz", "Zoë", "Maximilian", "Krzysztof", "Guðrún", "Jo"]
    last = ["Berg", "O'Neil", "Karamazov-Smerdyakov", "Li", "Van der Westhuizen", "Nguyễn"]
    names: set[str] = set()
    while len(names) < n:
        name = f"{rng.choice(first)} {rng.choice(last)}"
        if rng.random() < 0.1:
            name += f" {rng.choice(last)} {rng.choice(last)}"
        if rng.random() < 0.03:
            name = "W" * rng.randint(20, 70)
        names.add(f"{name} {rng.randint(2, 99)}" if rng.random() < 0.3 else name)
    return [sheets.SeatCard(p, i // 9 + 1, i % 9 + 1) for i, p in enumerate(sorted(names))]


def _print(tmp_path, name: str, page: str) -> tuple[int, int]:
    """(pages the sheet means, pages Chromium printed); keeps NAME-1.png to look at."""
    source = tmp_path / f"{name}.html"
    source.write_text(page, encoding="utf-8")
    pdf = tmp_path / f"{name}.pdf"
    headless(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", source.as_uri())
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    if shutil.which("pdftoppm"):
        # For a person to look at: pytest --basetemp=DIR keeps DIR/*/NAME-1.png.
        subprocess.run(
            ["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / name)],
            check=True,
            timeout=60,
        )
    return page.count('class="page"'), page_count(data)


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_prints_on_the_pages_it_means(tmp_path, paper):
    field = _field(250)
    slips = [
        sheets.MoveSlip(c.player, c.table, c.seat, 30 - c.table, 10 - c.seat, reason, 0.0)
        for c, reason in zip(
            field[:19], ["balance", "table-break", "final-table"] * 7, strict=False
        )
    ]
    made = {
        "cards": sheets.cards_html("Festival Day 1A", field[:19], paper),
        "list": sheets.list_html(
            "Festival Main Event Day 1A: a tournament with a long name", field, ["Wes"], paper
        ),
        "moves": sheets.slips_html("Festival Day 1A", slips, paper),
    }
    for name, page in made.items():
        meant, printed = _print(tmp_path, f"{name}-{paper}", page)
        assert printed == meant, f"{name} on {paper}: {printed} pages printed, {meant} meant"
    assert _print(tmp_path, "one-card", sheets.cards_html("Cup", field[:1], paper)) == (1, 1)


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_names_stay_text_in_the_browser(tmp_path):
    hostile = [
        sheets.SeatCard(HOSTILE, 1, 1),
        sheets.SeatCard("<img src=x onerror=alert(1)>", 1, 2),
        sheets.SeatCard('" onmouseover="alert(1)', 1, 3),
        sheets.SeatCard("<!-- never closed", 1, 4),
    ]
    for name, page in {
        "cards": sheets.cards_html("<style>*{display:none}</style>", hostile),
        "list": sheets.list_html("</title><script>x()</script>", hostile),
    }.items():
        source = tmp_path / f"{name}.html"
        source.write_text(page, encoding="utf-8")
        dom = headless(tmp_path, "--dump-dom", source.as_uri())
        assert "<script" not in dom and "<img" not in dom and "<!--" not in dom, name
        shown = _text(dom)
        for card in hostile:
            listed = card.player if name == "cards" else surname_first(card.player)
            assert listed in shown, (name, listed)


def test_a_long_tournament_name_heads_the_seat_list_whole():
    # 'Autumn Festival 2026 Event #12: Thursday ...' was cut at 20pt: a long name now prints
    # smaller on its one line (down to 11pt), a short one stays 20pt.
    long = "Autumn Festival 2026 Event #12: Thursday Night PKO Deepstack Championship"
    assert sheets.title_pt("Friday Turbo") == 20
    assert 11 <= sheets.title_pt(long) < 11.5
    page = sheets.list_html(long, _field(5), [], "a4")
    assert f'<h1 style="font-size: {sheets.title_pt(long):g}pt">{long}</h1>' in page


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_long_title_fits_its_line_in_the_browser(tmp_path, paper):
    long = "Autumn Festival 2026 Event #12: Thursday Night PKO Deepstack Championship"
    page = sheets.list_html(long, _field(5), [], paper).replace(
        "</body>",
        "<script>const h = document.querySelector('h1');"
        "document.body.dataset.cut = String(h.scrollWidth > h.clientWidth);</script></body>",
    )
    source = tmp_path / "list.html"
    source.write_text(page, encoding="utf-8")
    dom = headless(tmp_path, "--window-size=800,1100", "--dump-dom", source.as_uri())
    assert 'data-cut="false"' in dom


CARD_NAME = re.compile(r'<div class="card">.*?class="name[^"]*">(.*?)</div>', re.S)


def test_item10_seat_print_cards_new_prints_only_the_entries_since_the_cards_printed_last(
    cli, tournament
):
    cards = tournament.parent / "seat-cards.html"
    refused = cli("seat", "print", "cards", "--new")
    assert refused.exit_code == 1 and "print them all first" in refused.stderr
    assert cli("seat", "print", "cards").exit_code == 0
    nothing = cli("seat", "print", "cards", "--new")
    assert nothing.exit_code == 1 and "Nobody has sat down as an entry since" in nothing.stderr
    assert cli("player", "add", "Late Lou", "Late Mia").exit_code == 0
    result = cli("seat", "print", "cards", "--new")  # no --force: it replaces the earlier cards
    assert result.exit_code == 0, result.output
    assert "(replacing the seat cards of change" in result.stdout
    assert "2 seat cards, the entries since change" in result.stdout
    assert sorted(_text(n) for n in CARD_NAME.findall(cards.read_text())) == [
        "Late Lou",
        "Late Mia",
    ]
    assert cli("player", "add", "Late Ned").exit_code == 0
    assert cli("seat", "print", "cards", "--new").exit_code == 0
    assert [_text(n) for n in CARD_NAME.findall(cards.read_text())] == ["Late Ned"]


def test_item10_seat_print_cards_player_prints_the_players_named(cli, tournament):
    result = cli(
        "seat", "print", "cards", "--player", "emile zola", "--player", "Eve", "-o", "x.html"
    )
    assert result.exit_code == 0, result.output
    page = (tournament.parent / "x.html").read_text()
    assert [_text(n) for n in CARD_NAME.findall(page)] == ["Émile Zola", "Eve"]
    unknown = cli("seat", "print", "cards", "--player", "Nobody", "-o", "y.html")
    assert unknown.exit_code == 2 and "--player 'Nobody'" in unknown.stderr
    for args in (
        ("list", "--new"),
        ("moves", "--player", "Eve"),
        ("cards", "--new", "--player", "Eve"),
    ):
        assert cli("seat", "print", *args).exit_code == 2


def test_item10_a_second_seat_print_moves_of_a_newer_change_replaces_the_slips_without_force(
    cli, tournament
):
    slips = tournament.parent / "table-moves.html"
    first = _bust_until_someone_moves(cli)
    assert cli("seat", "print", "moves").exit_code == 0
    again = cli("seat", "print", "moves")  # the same change: nothing new to replace it with
    assert again.exit_code == 2 and "already holds the slips of change" in again.stderr
    second = _bust_until_someone_moves(cli)
    result = cli("seat", "print", "moves")
    assert result.exit_code == 0, result.output
    assert "(replacing the slips of change" in result.stdout
    assert _slips(slips.read_text()) == _moved(second) != _moved(first)
    # A file tdtool did not write is still kept unless --force.
    slips.write_text("my notes")
    _bust_until_someone_moves(cli)
    kept = cli("seat", "print", "moves")
    assert kept.exit_code == 2 and slips.read_text() == "my notes"


def test_a_final_table_slip_tells_a_player_who_drew_their_own_seat_to_keep_it():
    # Issue 22: the final table's draw (RP-9) printed "From Table 3 Seat 4 -> To Table 3 Seat 4".
    slips = [
        sheets.MoveSlip("Anna Berg", 3, 4, 3, 4, "final-table", 0.0),
        sheets.MoveSlip("Eve", 5, 2, 3, 7, "final-table", 0.0),
    ]
    page = sheets.slips_html("Final", slips)
    anna, eve = page.split('<div class="card slip">')[1:]
    assert "Keep your seat" in anna and "From" not in anna
    assert "Table 3<br>Seat 4" in _text_keep_br(anna)
    assert "Keep your seat" not in eve and SLIP.search('<div class="card slip">' + eve)
    de = sheets.slips_html("Final", slips[:1], lang="de")
    assert "Keep your seat" not in de


def test_the_seat_list_names_players_by_surname_under_its_letter(cli, tournament):
    assert cli("seat", "print", "list", "-o", "wall.html").exit_code == 0
    page = (tournament.parent / "wall.html").read_text()
    body = re.sub(r"\s+", " ", page)
    # "Anna Berg" is listed as "Berg, Anna" under B, after "Ben"; "Bob O'Neil" under O.
    b = body.index('<div class="letter">B</div>')
    assert b < body.index(">Ben<") < body.index("Berg, Anna")
    assert body.index('<div class="letter">O</div>') < body.index(_esc("O'Neil, Bob"))


def _esc(text: str) -> str:
    return str(markupsafe.escape(text))


def _text_keep_br(fragment: str) -> str:
    return html.unescape(re.sub(r"<(?!br>)[^>]+>", "", fragment))
