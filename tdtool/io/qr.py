"""QR codes to the players' page and the sign-in links, for the TV, the seat cards and the
terminal (segno, pure Python, imported here only: no command pays for it unless it draws one).

A code is drawn from the URL it is asked for and nothing else; the URL is always printed
beside it, so a phone whose camera cannot read the code can still type it.
"""

from __future__ import annotations

from typing import Any

from tdtool.errors import InputError

MAX_URL = 500
"""Characters in a URL at most: a QR code of more is too dense to scan from across a room."""


def checked_url(url: str, option: str) -> str:
    """The URL as given, or InputError naming `option` for one that is not http(s)://.

    >>> checked_url("http://192.168.1.5:8780/", "--qr")
    'http://192.168.1.5:8780/'
    """
    clean = url.strip()
    if (
        not clean.startswith(("http://", "https://"))
        or len(clean) > MAX_URL
        or not clean.isprintable()
        or " " in clean
    ):
        raise InputError(
            f"Option '{option}': {url[:60]!r} is not an http:// or https:// address of at most"
            f" {MAX_URL} characters."
        )
    return clean


def _code(url: str) -> Any:
    import segno

    # Error correction M: a printed or filmed code still reads with 15% of it smudged.
    return segno.make_qr(url, error="m", boost_error=False)


def matrix(url: str, border: int = 4) -> list[list[bool]]:
    """The code's modules, rows top to bottom, True for dark, with `border` light modules."""
    return [[bool(m) for m in row] for row in _code(url).matrix_iter(border=border)]


def svg(url: str, css_class: str = "qr") -> str:
    """The code as an inline `<svg>` (scalable: its size is the CSS's), dark on white."""
    code = _code(url)
    return str(
        code.svg_inline(
            scale=1, border=4, dark="#000", light="#fff", svgclass=css_class, omitsize=True
        )
    )


def terminal(url: str) -> str:
    """The code as text for a terminal: two rows of modules per line in half blocks. The
    light modules are the drawn ones (the terminal's light text on its dark background); on
    a light terminal the code comes out inverted, which phone cameras read as well."""
    rows = matrix(url, border=2)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    # Light modules are drawn with full blocks (the terminal's foreground, light on a dark
    # terminal); a scanner wants dark modules on light, so the blocks are the light ones.
    chars = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    return "\n".join(
        "".join(chars[(top, bottom)] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    )
