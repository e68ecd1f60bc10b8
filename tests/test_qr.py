"""QR codes to the players' page and the sign-in links: each is read back by a real decoder
(zxing-cpp) to the URL it was asked for, and the URL is printed beside it."""

from __future__ import annotations

import re

import pytest

from tdtool.io import qr
from tests.tournament_fixtures import make

zxingcpp = pytest.importorskip("zxingcpp")
np = pytest.importorskip("numpy")

URL = "http://192.168.1.20:8780/"


def decoded(rows: list[list[bool]]) -> list[str]:
    """What a decoder reads from the modules `rows` (True: dark), drawn 6 pixels a module."""
    image = np.array([[0 if dark else 255 for dark in row] for row in rows], dtype=np.uint8)
    image = np.kron(image, np.ones((6, 6), dtype=np.uint8))
    return [found.text for found in zxingcpp.read_barcodes(image)]


def svg_modules(svg: str) -> list[list[bool]]:
    """The modules segno's inline SVG draws: `viewBox` for the size, then its path of
    horizontal strokes (`M x y`, `m dx dy` moves, `h n` dark runs at row y - 0.5)."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    path = re.search(r'class="qrline"[^>]* d="([^"]+)"', svg).group(1)
    rows = [[False] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for col in range(int(x), int(x + float(a))):
                rows[int(y)][col] = True
            x += float(a)
    return rows


def terminal_modules(text: str) -> list[list[bool]]:
    """The modules of `qr.terminal`'s half blocks: drawn (light) or blank (dark) halves."""
    top = {"█": False, "▀": False, "▄": True, " ": True}
    bottom = {"█": False, "▀": True, "▄": False, " ": True}
    rows: list[list[bool]] = []
    for line in text.splitlines():
        rows.append([top[c] for c in line])
        rows.append([bottom[c] for c in line])
    return rows


def test_the_terminal_code_scans_to_its_url():
    assert decoded(terminal_modules(qr.terminal(URL))) == [URL]


def test_the_svg_code_scans_to_its_url():
    assert decoded(svg_modules(qr.svg(URL))) == [URL]


@pytest.mark.parametrize(
    "bad", ["192.168.1.20:8780", "ftp://x/", "http://a b/", "http://x/" + "a" * 600]
)
def test_a_qr_url_that_is_not_http_is_bad_input_naming_the_option(bad):
    from tdtool.errors import InputError

    with pytest.raises(InputError, match="Option '--qr'"):
        qr.checked_url(bad, "--qr")


def test_staff_add_with_qr_draws_the_sign_in_link_and_prints_it_below(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool")
    result = cli("--db", db, "staff", "add", "Maria", "--role", "desk", "--qr", "--url", URL)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    link = lines[-1]
    assert link.startswith(URL + "signin/")
    assert decoded(terminal_modules("\n".join(lines[1:-1]))) == [link]


def test_staff_add_not_to_a_terminal_prints_no_code(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool")
    result = cli("--db", db, "staff", "add", "Maria", "--role", "desk")
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 2  # a script reading the link is not broken


@pytest.fixture
def drawn(cli, tmp_path):
    db = make(tmp_path / "cup.tdtool")
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo")
    assert cli("--db", db, "seat", "draw").exit_code == 0
    return db


def test_seat_cards_with_qr_carry_a_code_that_scans_to_the_url_on_every_card(cli, drawn):
    out = drawn.parent / "cards.html"
    result = cli("--db", drawn, "seat", "print", "cards", "--qr", URL, "-o", out)
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    codes = re.findall(r"<svg .*?</svg>", html, re.S)
    assert len(codes) == 3
    assert decoded(svg_modules(codes[0])) == [URL]
    assert html.count(f"Clock, blinds, payouts: {URL}") == 3


def test_seat_cards_without_qr_carry_no_code(cli, drawn):
    out = drawn.parent / "cards.html"
    assert cli("--db", drawn, "seat", "print", "cards", "-o", out).exit_code == 0
    assert "<svg" not in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("seat", "print", "cards", "--qr", "not a url"), "Option '--qr'"),
        (("seat", "print", "list", "--qr", URL), "--qr is for `seat print cards`"),
    ],
)
def test_a_bad_qr_on_seat_print_is_one_line_exit_2_nothing_written(cli, drawn, args, said):
    result = cli("--db", drawn, *args, "-o", drawn.parent / "x.html")
    assert result.exit_code == 2
    assert said in result.output and "Traceback" not in result.output
    assert not (drawn.parent / "x.html").exists()


def test_the_tv_page_with_qr_shows_a_code_to_the_players_page_and_its_url(drawn):
    from tdtool.cli.clock_web import clock_json, page

    html = page(clock_json(drawn), qr=URL)
    block = re.search(r'<div id="qr">(<svg .*?</svg>)<span>(.*?)</span>', html, re.S)
    assert block and block.group(2) == URL
    assert decoded(svg_modules(block.group(1))) == [URL]
    assert 'id="qr"' not in page(clock_json(drawn))


def test_clock_serve_refuses_a_bad_qr_before_serving(cli, drawn):
    result = cli("--db", drawn, "clock", "serve", "--qr", "javascript:alert(1)")
    assert result.exit_code == 2
    assert "Option '--qr'" in result.output and "Traceback" not in result.output
