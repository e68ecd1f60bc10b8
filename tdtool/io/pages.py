"""Printed pages from templates: one Jinja2 environment for every sheet tdtool prints.

The templates live in the package (tdtool/templates/). Each sheet extends `base.html`, which
carries the paper (`paper`: A4 or Letter), the one font stack, the colours and the page-break
rules; the shared filters (`ordinal`, `money`, `chips`) are registered here once. Escaping
is the default (`autoescape=True`): a name reaches the page as text, whatever it holds.

A house theme is a folder (`--theme DIR` or TDTOOL_THEME, read at the CLI's edge): a template
there overrides the package's of the same name (a `ChoiceLoader`, the theme's folder first),
and its `theme.yaml` may name a logo, colours and fonts:

    logo: logo.png              # beside theme.yaml; embedded in the page (self-contained)
    colors: {title: "#0b5", text: "#222", accent: "#0b5"}
    fonts: {body: '"Fira Sans", sans-serif', title: '"Fira Sans Condensed", sans-serif'}
    house:                      # the house or sponsor slide of `clock serve` (/screen/house)
      title: Happy hour at the bar
      lines: [Every drink half price, from 18:00 to 20:00]
      image: sponsor.png        # beside theme.yaml too; without it the logo, if any

A theme is checked whole before anything is printed: an unknown key, a colour or font that
is not one, a missing logo or image, a house slide without words, a template with a syntax
error, each is refused as
`FILE:LINE: what is wrong` (an InputError, exit 2).

Jinja2 is imported by this module only, and only when a page is made: the filters here
(`money` ...) serve the screen too, and a command that prints no sheet never loads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError
from tdtool.io import paths

if TYPE_CHECKING:
    import jinja2
    import yaml
    from markupsafe import Markup

PAPERS = {"a4": "A4", "letter": "letter"}
"""The paper a sheet is made for (`--paper`), as CSS's `@page { size }` names it."""

FONTS = '"DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif'
"""The one font stack of every sheet (the seat list measures names in DejaVu Sans)."""

COLORS = {"title": "#111", "text": "#111", "accent": "#111"}
"""The colours a theme may change: titles, text, and the rules and boxes that frame them."""

THEME_KEYS = ("logo", "colors", "fonts", "house")
FONT_KEYS = ("body", "title")
HOUSE_KEYS = ("title", "lines", "image")
MAX_HOUSE_LINES = 8
"""Lines of text a house slide holds (more would not read across a room)."""

_COLOR = re.compile(r"#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|hsl)a?\([0-9\s.,%/]+\)")
_FONT = re.compile(r"[\w\s\"',.-]{1,200}")
_IMAGES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
           ".gif": "image/gif", ".svg": "image/svg+xml", ".webp": "image/webp"}  # fmt: skip
MAX_LOGO_BYTES = 2_000_000


@dataclass(frozen=True)
class House:
    """The house or sponsor slide a theme.yaml gives (`house:`): a title, lines, an image."""

    title: str = ""
    lines: tuple[str, ...] = ()
    image: str | None = None
    """The image as a data: URI, or None (the slide shows the theme's logo, if any)."""


@dataclass(frozen=True)
class Theme:
    """How a house dresses its sheets: a folder of templates, a logo, colours and fonts."""

    folder: Path | None = None
    logo: str | None = None
    """The logo as a data: URI (the sheet stays one file), or None."""
    colors: Mapping[str, str] = field(default_factory=lambda: dict(COLORS))
    fonts: Mapping[str, str] = field(default_factory=lambda: dict.fromkeys(FONT_KEYS, FONTS))
    house: House | None = None
    """The house slide's words and image (theme.yaml's `house:`), or None."""


def ordinal(n: int) -> str:
    """1 -> '1st', 22 -> '22nd', 11 -> '11th' (tdtool.tournament.places.ordinal)."""
    from tdtool.tournament.places import ordinal as place

    return place(n)


def money(amount: int | float) -> str:
    """An amount with thousands separators; cents only when there are some.

    >>> money(1250), money(12.5), money(3.0)
    ('1,250', '12.50', '3')
    """
    if isinstance(amount, float) and not amount.is_integer():
        return f"{amount:,.2f}"
    return f"{int(amount):,}"


def chips(count: int) -> str:
    """A chip count as the sheets print it: '25,000'."""
    return f"{count:,}"


def script_json(value: Any) -> str:
    r"""`value` as JSON that is safe inside an HTML <script>: no `<`, `>` or `&` (so no
    `</script>`, `<!--` or `<script` can end or change the script, whatever a name holds),
    and no U+2028/U+2029 (line ends to older JavaScript).

    >>> script_json({"name": "</script>"})
    '{"name": "\\u003c/script\\u003e"}'
    """
    import json

    text = json.dumps(value, ensure_ascii=False)
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):  # fmt: skip
        text = text.replace(raw, escaped)
    return text


def environment(theme: Theme | None = None, lang: str = "en") -> jinja2.Environment:
    """The one environment: the theme's templates first, then the package's; autoescaped;
    `_()` and `ngettext()` in the language `lang` (tdtool.i18n). Made once per theme and
    language in a process (a screen renders its page at every request)."""
    theme = theme or Theme()
    key = _key(theme)
    env = _ENVIRONMENTS.get((*key, lang))
    if env is None:
        env = _ENVIRONMENTS[(*key, lang)] = _environment(theme, lang)
    return env


_ENVIRONMENTS: dict[tuple[Any, ...], jinja2.Environment] = {}


def _key(theme: Theme) -> tuple[Any, ...]:
    """What tells two themes apart, for the caches of environments and parts of pages."""
    colors, fonts = tuple(theme.colors.items()), tuple(theme.fonts.items())
    return (theme.folder, theme.logo, colors, fonts, theme.house)


def _environment(theme: Theme, lang: str) -> jinja2.Environment:
    import jinja2
    from markupsafe import Markup

    from tdtool import i18n

    loaders: list[jinja2.BaseLoader] = []
    if theme.folder is not None:
        loaders.append(jinja2.FileSystemLoader(theme.folder))
    loaders.append(jinja2.PackageLoader("tdtool", "templates"))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        bytecode_cache=_bytecode_cache(),
        undefined=jinja2.StrictUndefined,
        **_COMPILING,
    )
    env.install_gettext_translations(i18n.translations(lang), newstyle=True)  # type: ignore[attr-defined]
    env.filters.update(ordinal=ordinal, money=money, chips=chips)
    # JSON for a <script>: nothing in it can end the script (see `script_json`).
    env.filters["script_json"] = lambda value: Markup(script_json(value))
    # Checked when the theme was read (`load_theme`): CSS text, safe inside <style>.
    env.globals.update(
        theme=theme,
        colors={k: Markup(v) for k, v in theme.colors.items()},
        fonts={k: Markup(v) for k, v in theme.fonts.items()},
        papers=PAPERS,
        lang=lang,
        words=i18n.words(lang),
    )
    return env


_COMPILING: dict[str, Any] = {
    "autoescape": True,
    "trim_blocks": True,
    "lstrip_blocks": True,
    "keep_trailing_newline": True,
    "extensions": ["jinja2.ext.i18n"],
}
"""The environment's options that change what a template compiles to (with the new-style
gettext of `install_gettext_translations`): part of the name of a cached template."""


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Jinja2's own cache of compiled templates, in its per-user folder of the system's
    temporary directory (made private, 0700, by Jinja2): a sheet printed again does not
    compile its templates again. Jinja2 checks each entry against the template's source and
    Python's version; the file names add Jinja2's version and the options that change the
    compiled code (`_COMPILING`). No cache (compile each time) where that folder cannot be
    made or is not private."""
    import hashlib

    import jinja2

    options = repr(sorted(_COMPILING.items())) + " newstyle gettext"
    digest = hashlib.sha1(f"{jinja2.__version__} {options}".encode()).hexdigest()[:12]
    try:
        return jinja2.FileSystemBytecodeCache(pattern=f"__tdtool_{digest}_%s.cache")
    except (OSError, RuntimeError):
        return None


def render_once(template: str, theme: Theme | None = None, lang: str = "en") -> Markup:
    """`template` rendered without a context, once per theme and language in a process: a
    part of a page that depends on nothing else (the TV page's words), made safe to put in
    the page as it is."""
    from markupsafe import Markup

    theme = theme or Theme()
    key = _key(theme)
    made = _ONCE.get((*key, lang, template))
    if made is None:
        made = _ONCE[(*key, lang, template)] = Markup(render(template, theme, lang).strip())
    return made


_ONCE: dict[tuple[Any, ...], Markup] = {}


def render(template: str, theme: Theme | None = None, lang: str = "en", **context: Any) -> str:
    """The page `template` makes of `context`, in the language `lang`; a theme's template
    that fails is refused with its FILE:LINE (an InputError)."""
    import jinja2

    env = environment(theme, lang)
    try:
        return env.get_template(template).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        where = exc.filename or exc.name or template
        raise _refused(where, exc.lineno, exc.message or "a syntax error") from None
    except jinja2.TemplateError as exc:
        if theme is None or theme.folder is None:
            raise
        frame, line = _theme_frame(exc, theme.folder)
        if frame is None:
            raise
        raise _refused(frame, line, str(exc)) from None


def _theme_frame(exc: BaseException, folder: Path) -> tuple[str | None, int]:
    """The last frame of the traceback in a template of the theme's folder: (file, line)."""
    found: tuple[str | None, int] = (None, 0)
    tb = exc.__traceback__
    root = str(folder.resolve())
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.startswith(root):
            found = (name, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _refused(source: str, line: int | None, reason: str) -> InputError:
    reason = reason.rstrip(".")
    return InputError(f"{paths.shorten(source)}:{line or 1}: {reason}; the theme is not used.")


def load_theme(folder: Path) -> Theme:
    """The theme in `folder`, checked whole: its theme.yaml (if any) and every template."""
    import jinja2

    shown = paths.shorten(str(folder))
    if not folder.is_dir():
        raise InputError(f"{shown}: no such folder; --theme names a folder of templates.")
    settings = folder / "theme.yaml"
    theme = Theme(folder=folder.resolve())
    if settings.exists():
        theme = _read_settings(settings, theme)
    env = environment(theme)
    for path in sorted(folder.glob("*.html")):
        from tdtool.io.guarded_yaml import read_text

        text = read_text(path, "template")
        try:
            env.parse(text, path.name, str(path))
        except jinja2.TemplateSyntaxError as exc:
            raise _refused(str(path), exc.lineno, exc.message or "a syntax error") from None
    return theme


def _read_settings(path: Path, theme: Theme) -> Theme:
    import difflib

    import yaml

    from tdtool.io.guarded_yaml import compose, read_text, value

    source = paths.shorten(str(path))
    root = compose(read_text(path, "theme file"), source)
    if root is None:
        return theme
    if not isinstance(root, yaml.MappingNode):
        raise _refused(source, root.start_mark.line + 1, "theme.yaml is a mapping of keys")

    def line(node: yaml.Node) -> int:
        return int(node.start_mark.line) + 1

    def known(key: yaml.Node, keys: tuple[str, ...], where: str) -> str:
        name = str(value(key))
        if name not in keys:
            close = difflib.get_close_matches(name, keys, n=1, cutoff=0.6)
            hint = f"did you mean `{close[0]}`?" if close else f"the keys are {', '.join(keys)}."
            raise _refused(source, line(key), f"unknown key `{name}` {where}; {hint}")
        return name

    def text(node: yaml.Node, what: str) -> str:
        got = value(node)
        if not isinstance(got, str) or not got.strip():
            raise _refused(source, line(node), f"{what} is a text")
        return got.strip()

    logo: str | None = None
    house: House | None = None
    colors = dict(theme.colors)
    fonts = dict(theme.fonts)
    for key, node in root.value:
        name = known(key, THEME_KEYS, "in theme.yaml")
        if name == "logo":
            logo = _logo(path.parent, text(node, "logo"), source, line(node))
            continue
        if name == "house":
            house = _house(path.parent, node, source, known, text)
            continue
        if not isinstance(node, yaml.MappingNode):
            raise _refused(source, line(node), f"`{name}` is a mapping ({name}: {{title: ...}})")
        for sub, item in node.value:
            if name == "colors":
                color = text(item, f"colors.{value(sub)}")
                colors[known(sub, tuple(COLORS), "under colors")] = color
                if not _COLOR.fullmatch(color):
                    raise _refused(source, line(item), f"{color!r} is not a colour (#0a5, navy)")
            else:
                font = text(item, f"fonts.{value(sub)}")
                fonts[known(sub, FONT_KEYS, "under fonts")] = font
                if not _FONT.fullmatch(font):
                    raise _refused(source, line(item), f"{font!r} is not a list of fonts")
    return Theme(folder=theme.folder, logo=logo, colors=colors, fonts=fonts, house=house)


def _house(
    folder: Path,
    node: yaml.Node,
    source: str,
    known: Callable[[yaml.Node, tuple[str, ...], str], str],
    text: Callable[[yaml.Node, str], str],
) -> House:
    """theme.yaml's `house:` (title, lines, image), checked: words to show, each a text."""
    import yaml

    def line(at: yaml.Node) -> int:
        return int(at.start_mark.line) + 1

    if not isinstance(node, yaml.MappingNode):
        raise _refused(
            source, line(node), "`house` is a mapping (house: {title: ..., lines: [...]})"
        )

    def words(at: yaml.Node, what: str) -> str:
        # As written: `18:00 to 20:00` or `yes` is the house's text, not a number or a truth.
        if isinstance(at, yaml.MappingNode):  # "Sunday: the deepstack" reads as a key
            hint = "a text with `: ` in it is read as a key and its value: put it in quotes"
            raise _refused(source, line(at), f"{what} is a text; {hint}")
        if not isinstance(at, yaml.ScalarNode) or not str(at.value).strip():
            raise _refused(source, line(at), f"{what} is a text")
        return " ".join(str(at.value).split())

    title: str = ""
    lines: tuple[str, ...] = ()
    image: str | None = None
    for key, item in node.value:
        name = known(key, HOUSE_KEYS, "under house")
        if name == "title":
            title = words(item, "house.title")
        elif name == "image":
            image = _logo(folder, text(item, "house.image"), source, line(item), "image")
        else:
            if isinstance(item, yaml.ScalarNode):
                items = [item]
            elif isinstance(item, yaml.SequenceNode) and item.value:
                items = list(item.value)
            else:
                raise _refused(source, line(item), "house.lines is a list of texts (lines: [...])")
            if len(items) > MAX_HOUSE_LINES:
                raise _refused(
                    source, line(items[MAX_HOUSE_LINES]),
                    f"house.lines has {len(items)} lines; a slide read across a room holds"
                    f" {MAX_HOUSE_LINES} at most",
                )  # fmt: skip
            lines = tuple(words(one, "each of house.lines") for one in items)
    if not title and not lines:
        raise _refused(source, line(node), "the house slide needs a title or lines to show")
    return House(title, lines, image)


def _logo(folder: Path, name: str, source: str, line: int, what: str = "logo") -> str:
    """The logo (or another image, `what`) file as a data: URI."""
    import base64

    path = folder / name
    kind = _IMAGES.get(path.suffix.lower())
    if kind is None:
        raise _refused(source, line, f"{what} {name!r} is not a .png, .jpg, .gif, .svg or .webp")
    try:
        data = path.read_bytes()
    except OSError as exc:
        why = exc.strerror or exc
        raise _refused(source, line, f"cannot read {what} {name!r}: {why}") from None
    if len(data) > MAX_LOGO_BYTES:
        raise _refused(source, line, f"{what} {name!r} is over {MAX_LOGO_BYTES:,} bytes")
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"
