"""The room's language: gettext catalogues shipped in the package, numbers and plurals by Babel.

English is the language the messages are written in; every other language is a catalogue
`tdtool/locale/<lang>/LC_MESSAGES/tdtool.po`, compiled to `tdtool.mo` beside it
(docs/languages.md says how to add one). A tournament's language is a term
(`tdtool new ... --language ro`, `tdtool terms --language de`); a TV asks for its own with
`?lang=de`.

Python code marks what the room reads with a `Words` for the language:

    _ = words("ro")
    _("Players left")                                   # 'Jucători rămași'
    _("LEVEL %(level)s", level=3)                       # 'NIVELUL 3'
    _.ngettext("%(num)s player left", "%(num)s players left", 20)   # '20 de jucători rămași'
    _.number(12500)                                     # '12.500'

and templates with `{{ _("...") }}` (jinja2.ext.i18n, newstyle gettext: the values are
passed by name and escaped), their environment getting `translations(lang)`.

English never loads Babel: its numbers are Python's own `{:,}` (the same as Babel's for
English) and its ordinals tdtool's, so an English tournament reads exactly as before.
"""

from __future__ import annotations

import functools
import gettext as _gettext
from pathlib import Path
from typing import Any

LANGUAGES = {"en": "English", "ro": "Română", "de": "Deutsch"}
"""The shipped languages: code -> the language's own name."""

TAGS = {"en": "en-US", "ro": "ro-RO", "de": "de-DE"}
"""The BCP 47 tag a browser formats numbers and times by (`toLocaleString(tag)`)."""

SOURCE = "en"
"""The language the messages are written in (no catalogue of its own)."""

DOMAIN = "tdtool"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def check(code: str) -> str:
    """`code` as a shipped language ('DE' -> 'de'), or an InputError naming the choices."""
    from tdtool.errors import InputError

    clean = code.strip().lower().replace("_", "-").split("-")[0]
    if clean not in LANGUAGES:
        shown = "".join(c if c.isprintable() else "?" for c in code[:20])
        raise InputError(
            f"The language {shown!r} is not shipped; use one of {', '.join(LANGUAGES)}"
            " (docs/languages.md says how to add one)."
        )
    return clean


@functools.cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The translations of `lang` (its compiled catalogue), for gettext or a Jinja2
    environment (`env.install_gettext_translations(translations(lang), newstyle=True)`).
    English, and a language without a catalogue, get the messages as written."""
    if lang == SOURCE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


class Words:
    """The messages, numbers and places of one language (see the module docstring)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.tag = TAGS.get(lang, lang)
        self._t = translations(lang)

    def __call__(self, message: str, **values: Any) -> str:
        """`message` translated, with `values` put in (`%(name)s`)."""
        text = self._t.gettext(message)
        return text % values if values else text

    gettext = __call__

    def ngettext(self, singular: str, plural: str, count: int, **values: Any) -> str:
        """The form for `count`, with `values` put in; `%(num)s` is the count in the
        language's digits unless `values` gives it."""
        return self._t.ngettext(singular, plural, count) % {"num": self.number(count), **values}

    def plural_forms(self, forms: Any) -> dict[str, str]:
        """`forms(n)` (a text for a count) for one count of each of the language's plural
        categories (CLDR: one, few, other ...), for a page that picks the form with the
        browser's `Intl.PluralRules`."""

        def text(n: int) -> str:  # a template's macro gives markup: the text it stands for
            made = forms(n)
            return str(made.unescape() if hasattr(made, "unescape") else made)

        if self.lang == SOURCE:
            return {"one": text(1), "other": text(2)}
        from babel import Locale

        locale = Locale.parse(self.lang)
        found: dict[str, str] = {}
        for n in (*range(0, 30), 100, 101, 102, 103, 120):
            found.setdefault(locale.plural_form(n), text(n))
        return found

    def number(self, value: int | float) -> str:
        """A count or amount in the language: 12,500 (en), 12.500 (de, ro)."""
        if self.lang == SOURCE:
            if isinstance(value, float) and not value.is_integer():
                return f"{value:,.2f}"
            return f"{int(value):,}"
        from babel.numbers import format_decimal

        if isinstance(value, float) and not value.is_integer():
            return str(format_decimal(value, "#,##0.00", locale=self.lang))
        return str(format_decimal(int(value), locale=self.lang))

    def cash(self, cents: int) -> str:
        """An amount kept in cents (a bounty) as read aloud: '1,250' and '87.50' (en),
        '1.250' and '87,50' (de, ro)."""
        if self.lang == SOURCE:
            from tdtool.tournament.bounty import money

            return money(cents)
        units, rest = divmod(cents, 100)
        return self.number(cents / 100 if rest else units)

    def decimal(self, value: float, places: int = 1) -> str:
        """A figure with at most `places` decimals: 236.4 and 1,040 (en), 236,4 and 1.040
        (de)."""
        if self.lang == SOURCE:
            text = f"{value:,.{places}f}"
            return text.rstrip("0").rstrip(".") if "." in text else text
        from babel.numbers import format_decimal

        return str(format_decimal(round(value, places), "#,##0." + "#" * places, locale=self.lang))

    def percent(self, value: float) -> str:
        """A share with two decimals: '61.00%' (en), '61,00%' (de, ro)."""
        if self.lang == SOURCE:
            return f"{value:.2f}%"
        from babel.numbers import format_decimal

        return str(format_decimal(value, "#,##0.00", locale=self.lang)) + "%"

    def when(self, at: float) -> str:
        """A moment in local time as a sheet prints it: '2026-12-02 19:05' (en),
        '02.12.2026 19:05' (de), '2 dec. 2026 19:05' (ro)."""
        import datetime

        moment = datetime.datetime.fromtimestamp(at)
        if self.lang == SOURCE:
            return moment.strftime("%Y-%m-%d %H:%M")
        from babel.dates import format_date, format_time

        day = format_date(moment, "medium", locale=self.lang)
        return f"{day} {format_time(moment, 'short', locale=self.lang)}"

    def day(self, at: float) -> str:
        """A day in local time, written out: 'Wednesday 2 December 2026' (en),
        'Mittwoch, 2. Dezember 2026' (de), 'miercuri, 2 decembrie 2026' (ro)."""
        import datetime

        moment = datetime.datetime.fromtimestamp(at)
        if self.lang == SOURCE:
            return f"{moment.strftime('%A')} {moment.day} {moment.strftime('%B %Y')}"
        from babel.dates import format_date

        return str(format_date(moment, "full", locale=self.lang))

    def ordinal(self, place: int) -> str:
        """A place: '3rd' (en), '3. Platz' (de), 'Locul 3' (ro)."""
        if self.lang == SOURCE:
            from tdtool.tournament.places import ordinal

            return ordinal(place)
        return self.gettext("place %(place)s", place=place)

    def places(self, first: int, last: int) -> str:
        """Places shared or listed together: '7th–9th' (en), '7.–9. Platz' (de)."""
        if first == last:
            return self.ordinal(first)
        if self.lang == SOURCE:
            return f"{self.ordinal(first)}–{self.ordinal(last)}"
        return self.gettext("places %(first)s–%(last)s", first=first, last=last)


@functools.cache
def words(lang: str = SOURCE) -> Words:
    """The `Words` of `lang` (made once per process)."""
    return Words(lang)


def language_of(state: Any) -> str:
    """A tournament's language: its terms' (English for a file written before there was
    one)."""
    return str(getattr(state.terms, "language", SOURCE) or SOURCE)
