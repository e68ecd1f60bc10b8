"""The room's language (issue 24 item 2): gettext catalogues for Romanian and German, numbers
and plurals by Babel, chosen per tournament (a recorded term) and per screen (`?lang=de`).

English is the language the messages are written in and must read exactly as before: the
rest of the suite pins it.
"""

from __future__ import annotations

import gettext
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdtool import i18n
from tdtool.i18n import Words, words

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "tdtool" / "locale"
SHIPPED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]


def extracted() -> set[str]:
    """Every message the code and templates mark, as pybabel extracts them (babel.cfg)."""
    from babel.messages.extract import extract_from_dir

    method_map = [("tdtool/**.py", "python"), ("tdtool/templates/**.html", "jinja2")]
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=method_map
    ):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def catalogue(lang: str):
    from babel.messages.pofile import read_po

    with open(LOCALE / lang / "LC_MESSAGES" / "tdtool.po", "rb") as f:
        return read_po(f, locale=lang)


def test_the_catalogue_template_holds_every_message_marked_in_the_code():
    from babel.messages.pofile import read_po

    with open(LOCALE / "tdtool.pot", "rb") as f:
        template = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}
    assert extracted() == template, "run the extract step of docs/languages.md"


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_has_a_translation_in_every_shipped_language(lang):
    cat = catalogue(lang)
    untranslated = []
    for message in cat:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if (
            message.fuzzy
            or not all(strings)
            or len(strings) != (cat.num_plurals if message.pluralizable else 1)
        ):
            untranslated.append(message.id)
    assert not untranslated, f"{lang}: no translation for {untranslated}"
    ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in cat if m.id}
    assert extracted() <= ids, f"{lang}: run the update step of docs/languages.md"
    # Babel's own checks: the placeholders of each translation are the message's.
    problems = [(m.id, [str(e) for e in errors]) for m, errors in cat.check()]
    assert not problems, problems


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_compiled_catalogue_is_the_one_of_its_source(lang):
    mo = LOCALE / lang / "LC_MESSAGES" / "tdtool.mo"
    with open(mo, "rb") as f:
        compiled = gettext.GNUTranslations(f)
    for message in catalogue(lang):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for n, form in enumerate(message.string):
                # A count of each form: 1, then the first n that picks form n.
                count = next(k for k in range(200) if compiled.plural(k) == n)
                assert compiled.ngettext(*message.id, count) == form, "run the compile step"
        else:
            assert compiled.gettext(message.id) == message.string, "run the compile step"


def test_numbers_and_places_in_the_locale():
    en, de, ro = words("en"), words("de"), words("ro")
    assert (en.number(12500), de.number(12500), ro.number(12500)) == ("12,500", "12.500", "12.500")
    assert (en.number(12.5), de.number(12.5)) == ("12.50", "12,50")
    assert (en.decimal(236.4), de.decimal(236.4), de.decimal(1040.0)) == ("236.4", "236,4", "1.040")
    assert (en.ordinal(3), de.ordinal(3), ro.ordinal(3)) == ("3rd", "3. Platz", "locul 3")
    assert (en.places(7, 9), de.places(7, 9)) == ("7th–9th", "7.–9. Platz")


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("ro", 1, "1 jucător rămas"),
        ("ro", 5, "5 jucători rămași"),
        ("ro", 20, "20 de jucători rămași"),
        ("ro", 101, "101 jucători rămași"),
        ("de", 1, "1 Spieler übrig"),
        ("en", 1, "1 player left"),
        ("en", 1500, "1,500 players left"),
    ],
)
def test_plurals_follow_the_languages_rules(lang, count, text):
    said = words(lang).ngettext("%(num)s player left", "%(num)s players left", count)
    assert said == text


@given(count=st.integers(min_value=0, max_value=10**6), lang=st.sampled_from(SHIPPED))
def test_the_browsers_plural_choice_is_the_catalogues(count, lang):
    """The TV page picks a count's form by CLDR category (Intl.PluralRules), the terminal by
    the catalogue's Plural-Forms: for every count they pick the same text."""
    from babel import Locale

    _ = Words(lang)

    def seats(n: int) -> str:
        return _.ngettext("%(num)s SEAT", "%(num)s SEATS", n, num="{num}")

    forms = _.plural_forms(seats)
    assert forms[Locale.parse(lang).plural_form(count)] == seats(count)


def test_an_unknown_language_is_refused_naming_the_shipped_ones(cli, tmp_path):
    result = cli("--db", tmp_path / "x.tdtool", "new", "Cup", "-s", "turbo", "--language", "fr")
    assert result.exit_code == 2 and not (tmp_path / "x.tdtool").exists()
    assert "--language" in result.stderr and "en, ro, de" in result.stderr
    with pytest.raises(Exception, match="not shipped; use one of en, ro, de"):
        i18n.check("fr")


def test_a_tournaments_language_is_a_recorded_term_older_files_read_as_english(cli, tmp_path):
    from tdtool.tournament.terms import Terms

    db = tmp_path / "cup.tdtool"
    assert cli("--db", db, "new", "Cupa", "-s", "turbo", "--buy-in", "100", "--language", "ro")
    shown = json.loads(cli("--db", db, "terms", "--json").stdout)
    assert shown["language"] == "ro" and "ignorable" not in shown
    cli("--db", db, "player", "add", "Ana", "Bogdan", "Cristi")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "bust", "Cristi")
    # After the first bust the money is fixed, the language is not: it changes no money.
    changed = cli("--db", db, "terms", "--language", "de", "--operator", "maria")
    assert changed.exit_code == 0, changed.output
    assert json.loads(cli("--db", db, "terms", "--json").stdout)["language"] == "de"
    log = cli("--db", db, "log").stdout
    assert "maria" in log and "undo" not in log.lower().split("maria")[0][-5:]
    # A file written before languages has no such term: English, and written back unchanged.
    assert Terms.from_dict({"buy_in": 100}).language == "en"
    assert "language" not in Terms(buy_in=100).to_dict()
    # A build before languages reads past the term (listed as ignorable), in English.
    assert Terms(language="ro").to_dict()["ignorable"] == ["language"]


@pytest.fixture
def room(cli, tmp_path):
    """A tournament of ten players at 1,000 each (10,000, 3 places paid), in the language
    asked, the clock started."""

    def make(lang: str) -> Path:
        db = tmp_path / f"{lang}.tdtool"
        created = cli("--db", db, "new", "Cupa", "-s", "turbo", "--buy-in", "1000",
                      "--places-paid", "3", "--language", lang)  # fmt: skip
        assert created.exit_code == 0, created.output
        cli("--db", db, "player", "add", *[f"P{i}" for i in range(1, 11)])
        cli("--db", db, "seat", "draw")
        cli("--db", db, "clock", "start")
        return db

    return make


def bust(cli, db: Path, *names: str) -> str:
    said = ""
    for name in names:
        result = cli("--db", db, "player", "bust", name, "--yes")
        assert result.exit_code == 0, result.output
        said = result.stdout
    return said


def test_announcements_are_in_the_tournaments_language_with_its_numbers(cli, room):
    de, ro, en = room("de"), room("ro"), room("en")
    names = ("P10", "P9", "P8", "P7", "P6", "P5")
    assert "P6 scheidet auf dem 6. Platz aus." in bust(cli, de, *names[:5])
    said = bust(cli, de, "P5")
    assert "P5 scheidet auf dem 5. Platz aus." in said
    assert "4 Spieler übrig an 1 Tisch." in said or "Die Bubble: 4 Spieler übrig" in said
    bust(cli, ro, *names)
    said = bust(cli, ro, "P4")
    assert "P4 este eliminat pe locul 4." in said
    assert "În bani: toți cei 3 jucători rămași sunt plătiți." in said
    assert re.search(r"Următorul eliminat termină pe locul 3 și câștigă \d\.\d{3}", said), said
    bust(cli, en, *names)
    said = bust(cli, en, "P4")
    assert "P4 is out in 4th place." in said and "In the money: the 3 players left" in said
    assert re.search(r"Next out finishes 3rd and wins \d,\d{3}", said), said


def test_the_money_panel_in_german_and_romanian(cli, room):
    from tdtool.app.panels import panels
    from tdtool.io.store_base import open_store

    db = room("de")
    bust(cli, db, "P10", "P9", "P8", "P7", "P6", "P5", "P4")
    with open_store(db) as store:
        state = store.state()
    (de,) = panels(state, words("de"))
    assert de["title"] == "IN DEN GELDRÄNGEN" and de["lead"] == "3 Spieler übrig"
    assert de["rows"][0]["label"] == "1. Platz" and "." in de["rows"][0]["value"]
    assert de["foot"].startswith("Nächster raus: 3. Platz · ")
    (ro,) = panels(state, words("ro"))
    assert ro["title"] == "ÎN BANI" and ro["rows"][1]["label"] == "locul 2"
    (en,) = panels(state)
    assert en["title"] == "IN THE MONEY" and en["rows"][0]["label"] == "1st"


def test_the_terminal_clock_in_romanian(cli, room):
    from rich.console import Console

    from tdtool.app.clock import view_data
    from tdtool.cli.clock_screen import screen
    from tdtool.io.store_base import open_store

    db = room("ro")
    cli("--db", db, "clock", "pause")
    with open_store(db) as store:
        view = view_data(store.state(), store.now()).to_dict()
    console = Console(width=140, height=44, record=True, color_system=None)
    console.print(screen(view, 140, 44, lang="ro"))
    text = console.export_text()
    shown = (
        "NIVELUL 1",
        "OPRIT",
        "Blind-uri 25 / 50",
        "Stack mediu 10.000 (200 BB)",
        "Jucători rămași 10 din 10 intrări",
        "Fond de premii 10.000",
        "spațiu oprire/reluare",
    )
    for said in shown:
        assert said in text, text
    console = Console(width=140, height=44, record=True, color_system=None)
    console.print(screen(view, 140, 44))
    english = console.export_text()
    assert "LEVEL 1" in english and "Prize pool 10,000" in english


def test_the_tv_page_carries_its_words_and_locale():
    from tdtool.cli.clock_web import page

    data = {"name": "Cupa", "level": 1}
    de = page(data, lang="de")
    assert '<html lang="de">' in de and 'const LOCALE = "de-DE";' in de
    assert '"level": "LEVEL {level}"' in de and '"players_left": "Spieler übrig"' in de
    ro = page(data, lang="ro")
    assert '"level": "NIVELUL {level}"' in ro
    forms = json.loads(re.search(r"const T = (.*);  //", ro).group(1))["entries_n"]
    assert forms == {"one": "{left} din {num} intrare", "few": "{left} din {num} intrări",
                     "other": "{left} din {num} de intrări"}  # fmt: skip
    en = page(data)
    assert '<html lang="en">' in en and 'const LOCALE = "en-US";' in en
    assert '"level": "LEVEL {level}"' in en


def test_a_screen_asks_for_its_own_language():
    from tdtool.cli.clock_web import asked_language

    assert asked_language("lang=de") == "de" and asked_language("") is None
    with pytest.raises(ValueError, match="not shipped"):
        asked_language("lang=xx")


def test_table_moves_are_read_aloud_in_the_tournaments_language(cli, tmp_path):
    db = tmp_path / "de.tdtool"
    cli("--db", db, "new", "Cupa", "-s", "turbo", "--seats", "6", "--language", "de")
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(1, 13)])
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    said = cli("--db", db, "player", "add", "Q1", "--yes").stdout
    assert "Tisch 3 wird eröffnet: alle Tische im Spiel waren voll (TDA 8A)." in said
    assert "Neue Plätze:" in said and re.search(r"Q1 → Tisch 3, Platz \d", said), said
    assert "Tische ausgleichen (TDA 11):" in said
    said = cli("--db", db, "seat", "balance", "--yes").stdout
    assert re.search(r"Tisch \d, Platz \d \(P\d+\) → Tisch 3, Platz \d", said), said


def test_bounties_are_read_aloud_in_german_with_its_decimal_comma(cli, tmp_path):
    db = tmp_path / "pko.tdtool"
    cli("--db", db, "new", "Cup", "-s", "turbo", "--buy-in", "50", "--bounty", "25", "--pko",
        "--language", "de")  # fmt: skip
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo", "Dan")
    cli("--db", db, "seat", "draw")
    said = cli("--db", db, "player", "bust", "Dan", "--by", "Anna").stdout
    assert "Anna kassiert die Bounty von Dan über 25: 12,50 ausgezahlt" in said, said
    assert ", 12,50 kommen auf die Bounty von Anna." in said
    assert "Bountys jetzt: Anna 37,50." in said
    english = tmp_path / "en.tdtool"
    cli("--db", english, "new", "Cup", "-s", "turbo", "--buy-in", "50", "--bounty", "25", "--pko")
    cli("--db", english, "player", "add", "Anna", "Ben", "Cleo", "Dan")
    cli("--db", english, "seat", "draw")
    said = cli("--db", english, "player", "bust", "Dan", "--by", "Anna").stdout
    assert "Anna collects Dan's bounty of 25: 12.50 paid, 12.50 added to Anna's bounty." in said
    assert "Bounties now: Anna 37.50." in said


SEAT_PAPER = {
    "ro": {
        "list": ("Locuri după nume", "12 jucători", "tipărit ", ">Jucător<", ">Masa<", ">Loc<"),
        "cards": (">Masa<", ">Loc<", "Cupa: cartonașe de loc"),
        "moves": ("Mutare la altă masă", "De la", ">La<", "Masa ", "Locul ", "Cupa: mutări"),
    },
    "de": {
        "list": ("Plätze nach Namen", "12 Spieler", "gedruckt ", ">Spieler<", ">Tisch<"),
        "cards": (">Tisch<", ">Platz<", "Cupa: Platzkarten"),
        "moves": ("Tischwechsel", ">Von<", ">Nach<", "Tisch ", "Platz ", "Cupa: Tischwechsel"),
    },
    "en": {
        "list": ("Seats by name", "12 players", "printed ", ">Player<", ">Table<", ">Seat<"),
        "cards": (">Table<", ">Seat<", "Cupa: seat cards"),
        "moves": ("Table move", ">From<", ">To<", "Table ", "Seat ", "Cupa: table moves"),
    },
}


@pytest.mark.parametrize("lang", ["ro", "de", "en"])
def test_seat_paper_is_printed_in_the_tournaments_language(cli, tmp_path, lang):
    """Seat cards, the seat list and move slips speak the tournament's language, its dates
    in the locale; English reads as before."""
    db = tmp_path / f"{lang}.tdtool"
    cli("--db", db, "new", "Cupa", "-s", "turbo", "--seats", "6", "--language", lang)
    cli("--db", db, "player", "add", *[f"P{i}" for i in range(1, 14)])
    cli("--db", db, "seat", "draw")
    cli("--db", db, "clock", "start")
    cli("--db", db, "player", "add", "Q1", "--yes")
    tables = json.loads(cli("--db", db, "seat", "show", "--json").stdout)["tables"]
    short = min(tables, key=lambda t: len(t["seats"]))
    for name in list(short["seats"].values())[:2]:  # two busts at the short table: a move
        cli("--db", db, "player", "bust", name, "--yes")
    cli("--db", db, "seat", "balance", "--yes")
    sheets = {}
    for kind in ("list", "cards", "moves"):
        out = tmp_path / f"{lang}-{kind}.html"
        every = ["--all"] if kind == "moves" else []
        made = cli("--db", db, "seat", "print", kind, *every, "-o", out)
        assert made.exit_code == 0, made.output
        sheets[kind] = out.read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in sheets[kind]
    for kind, wanted in SEAT_PAPER[lang].items():
        for text in wanted:
            assert text in sheets[kind], (kind, text)
    stamp = re.search(r"(printed|tipărit|gedruckt) ([^<]+)<", sheets["list"])
    assert stamp is not None
    day = {"en": r"\d{4}-\d\d-\d\d \d\d:\d\d", "de": r"\d\d\.\d\d\.\d{4} \d\d:\d\d",
           "ro": r"\d{1,2} \w+\.? \d{4} \d\d:\d\d"}[lang]  # fmt: skip
    assert re.fullmatch(day, stamp.group(2).strip()), stamp.group(2)


MONEY_PAPER = {
    "ro": {
        "payouts": ("<h1>Cupa: premii</h1>", "<th>Loc</th><th>Premiu</th><th>Procent</th>",
                    "Fond de premii: 10.000 din 10 intrări.", "Buy-in 1.000 pentru ",
                    ">locul 1<", "Tipărit "),
        "results": ("<h1>Cupa: rezultate</h1>", "<th>Nume</th>", "Încă se joacă; plătit până acum",
                    "10 intrări", "fond de premii 10.000", "încă joacă"),
    },
    "de": {
        "payouts": ("<h1>Cupa: Auszahlungen</h1>", "<th>Platz</th><th>Preis</th><th>Anteil</th>",
                    "Preisgeld: 10.000 aus 10 Entries.", "Buy-in 1.000 für ", ">1. Platz<",
                    "Gedruckt "),
        "results": ("<h1>Cupa: Ergebnisse</h1>", "<th>Hinweis</th>",
                    "Es wird noch gespielt; bisher ausgezahlt", "Preisgeld 10.000", "spielt noch"),
    },
}  # fmt: skip


@pytest.mark.parametrize("lang", ["ro", "de"])
def test_payout_and_results_sheets_are_printed_in_the_tournaments_language(cli, room, lang):
    """The payout sheet and the results print their headings, sentences, places and numbers
    in the tournament's language; the terminal and CSV keep English and plain numbers."""
    db = room(lang)
    bust(cli, db, "P10", "P9")
    out = db.parent / f"{lang}-payouts.html"
    assert cli("--db", db, "payouts", "--print", out).exit_code == 0
    sheets = {"payouts": out.read_text(encoding="utf-8")}
    out = db.parent / f"{lang}-results.html"
    shown = cli("--db", db, "report", "--print", out)
    assert shown.exit_code == 0, shown.output
    assert "10 entries, prize pool 10,000" in shown.stdout  # the terminal: English
    sheets["results"] = out.read_text(encoding="utf-8")
    for kind, wanted in MONEY_PAPER[lang].items():
        assert f'<html lang="{lang}">' in sheets[kind]
        for text in wanted:
            assert text in sheets[kind], (kind, text)
    # Shares in the locale, right-aligned as numbers are.
    assert re.search(r'<td class="n">\d+,\d\d%</td>', sheets["payouts"]), sheets["payouts"]
    csv = db.parent / f"{lang}.csv"
    assert cli("--db", db, "payouts", "--print", csv).exit_code == 0
    rows = csv.read_text(encoding="utf-8").splitlines()
    assert re.fullmatch(r"[^,]+,\d+,\d+\.\d\d", rows[1]), rows  # plain numbers for a spreadsheet


def test_a_what_if_payout_sheet_takes_language(cli, tmp_path):
    """`payouts --entries N --language de` prints a German sheet without a tournament."""
    out = tmp_path / "de.html"
    made = cli("payouts", "--entries", "120", "--buy-in", "100", "--language", "de",
               "--print", out)  # fmt: skip
    assert made.exit_code == 0, made.output
    sheet = out.read_text(encoding="utf-8")
    assert "<h1>Auszahlungen</h1>" in sheet and "Preisgeld: 12.000 aus 120 Entries." in sheet
    assert "bezahlte Plätze nach der Standardkurve" in sheet
    english = tmp_path / "en.html"
    assert cli("payouts", "--entries", "120", "--buy-in", "100", "--print", english).exit_code == 0
    assert "<h1>Payouts</h1>" in english.read_text(encoding="utf-8")


def test_prices_and_bounties_read_in_the_language():
    """The prices under a sheet's title and the bounty sentence, in German numbers; English
    as before."""
    from tdtool.tournament.bounty import BountyMoney
    from tdtool.tournament.terms import Terms, prices

    terms = Terms(buy_in=50, bounty=50, fee=10, pko=True, guarantee=10000)
    assert prices(terms, 20000, lang="de") == (
        "Buy-in 50 + 50 PKO-Bounty + 10 Gebühr für 20.000 Chips",
        "Garantie 10.000",
    )
    assert prices(terms, 20000) == (
        "Buy-in 50 + 50 PKO bounty + 10 fee for 20,000 chips", "Guarantee 10,000")  # fmt: skip
    money = BountyMoney(True, 50, 0, 125050, 2525, 122525)
    assert money.line("de").startswith("Progressive Knockout (PKO): 50 pro Entry")
    assert "1.250,50 gekauft, 25,25 ausgezahlt" in money.line("de")
    assert "1,250.50 bought, 25.25 paid" in money.line()


STRUCTURE_PAPER = {
    "de": ("<th>Small Blind</th>", "<th>Big Blind</th>", "<th>Beginn</th>", "Startstack 15.000",
           "Nachmeldung bis Level 6", "Chips im Spiel zu Beginn:", ">1.000<", "Color-up der 25er",
           "Letztes Level zur Anmeldung", "16 Level"),
    "ro": ("<th>Small blind</th>", "<th>Începe</th>", "stack de start 15.000",
           "înscrieri deschise până la nivelul 6", "Jetoane în joc la start:", ">1.000<",
           "Color-up pentru jetoanele de 25", "Ultimul nivel de înscriere", "16 niveluri"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["de", "ro"])
def test_the_structure_sheet_is_printed_in_the_tournaments_language(cli, tmp_path, lang):
    """`structure print` of a German or Romanian tournament: headings, notes, summary and
    numbers in its language; --language gives a structure file's sheet one; English as
    before."""
    db = tmp_path / f"{lang}.tdtool"
    cli("--db", db, "new", "Cupa", "-s", "daily", "--buy-in", "100", "--language", lang)
    out = tmp_path / f"{lang}.html"
    made = cli("--db", db, "structure", "print", "-o", out, "--start", "19:00")
    assert made.exit_code == 0, made.output
    sheet = out.read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in sheet
    for text in STRUCTURE_PAPER[lang]:
        assert text in sheet, text
    named = tmp_path / f"daily-{lang}.html"
    assert cli("structure", "print", "daily", "--language", lang, "-o", named).exit_code == 0
    assert STRUCTURE_PAPER[lang][3] in named.read_text(encoding="utf-8")
    english = tmp_path / "en.html"
    assert cli("structure", "print", "daily", "-o", english).exit_code == 0
    text = english.read_text(encoding="utf-8")
    assert "<th>Small blind</th>" in text and "starting stack 15,000" in text
    assert "Color up the 25s" in text and "Last level to register" in text


def test_structure_print_refuses_an_unknown_language_in_one_line(cli, tmp_path):
    made = cli("structure", "print", "daily", "--language", "xx", "-o", tmp_path / "x.html")
    assert made.exit_code != 0 and "Traceback" not in made.output
    assert "'xx' is not shipped; use one of en, ro, de" in made.output
    assert not (tmp_path / "x.html").exists()


def test_the_bounty_sheet_is_printed_in_the_tournaments_language(cli, tmp_path):
    """`player bounties --print` of a German PKO: headings, rows and amounts with its
    decimal comma; the terminal keeps English."""
    db = tmp_path / "pko.tdtool"
    cli("--db", db, "new", "Cup", "-s", "turbo", "--buy-in", "50", "--bounty", "25", "--pko",
        "--language", "de")  # fmt: skip
    cli("--db", db, "player", "add", "Anna", "Ben", "Cleo", "Dan")
    cli("--db", db, "seat", "draw")
    cli("--db", db, "player", "bust", "Dan", "--by", "Anna")
    out = tmp_path / "ko.html"
    shown = cli("--db", db, "player", "bounties", "--print", out)
    assert shown.exit_code == 0, shown.output
    assert "Knocked out by" in shown.stdout  # the terminal: English
    sheet = out.read_text(encoding="utf-8")
    assert '<html lang="de">' in sheet and "<h1>Cup: Knockouts</h1>" in sheet
    assert ">12,50<" in sheet and ">25<" in sheet, sheet
    assert "Knocked out by" not in sheet and ">Total<" not in sheet
    ro = tmp_path / "ro.html"
    assert cli("--db", db, "player", "bounties", "--print", ro, "--language", "ro").exit_code == 0
    assert '<html lang="ro">' in ro.read_text(encoding="utf-8")


DEAL_PAPER = {
    "de": ("<h1>Cupa: ICM-Deal</h1>", "<th>Spieler</th>", "<th>Jetzt ausgezahlt</th>",
           "Noch zu gewinnende Preise: 1.\u00a0Platz\u00a04.444", "Betrag unter „Jetzt ausgezahlt“",
           "Mit seiner Unterschrift stimmt jeder Spieler diesem Deal zu.", ">50,0%<",
           "Zählen Sie nach: die Stacks ergeben 10.000, aber 100.000 Chips sind im Spiel"
           " (90.000 fehlen)."),
    "ro": ("<h1>Cupa: Deal ICM</h1>", "<th>Plătit acum</th>",
           "Premii rămase de câștigat: locul\u00a01\u00a04.444", "Verificați numărătoarea",
           "Prin semnătură, fiecare jucător", ">50,0%<"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["de", "ro"])
def test_the_deal_sheet_is_printed_in_the_tournaments_language(cli, room, lang):
    """The summary the players sign: its title, columns, sentences, places and numbers in
    the tournament's language (the share of the chips with a decimal comma)."""
    db = room(lang)
    bust(cli, db, *[f"P{i}" for i in range(10, 3, -1)])
    out = db.parent / f"{lang}-deal.html"
    made = cli("--db", db, "deal", "icm", "--stacks", "P1=5000,P2=3000,P3=2000", "--print", out)
    assert made.exit_code == 0, made.output
    sheet = out.read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in sheet
    for text in DEAL_PAPER[lang]:
        assert text in sheet, (text, sheet)
    assert "By signing" not in sheet and "Prizes still to be won" not in sheet


DEAL_OF_NO_TOURNAMENT = {
    "de": ("<h1>Chip-Chop-Deal</h1>", "<th>Spieler</th>", "<th>Anteil</th>", ">Spieler 1<",
           "Noch zu gewinnende Preise: 1.\u00a0Platz\u00a05.000 · 2.\u00a0Platz\u00a03.000",
           ">50.000<", ">61,0%<", "Turnierleiter", "Datum und Uhrzeit"),
    "ro": ("<h1>Deal chip-chop</h1>", "<th>Jucător</th>", "<th>Procent</th>", ">Jucătorul 1<",
           "Premii rămase de câștigat: locul\u00a01\u00a05.000 · locul\u00a02\u00a03.000",
           ">50.000<", ">61,0%<", "Directorul de turneu", "Data și ora"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["de", "ro"])
def test_a_deal_sheet_of_no_tournament_is_printed_in_the_language_asked(cli, tmp_path, lang):
    """`deal ... --print` from stacks and prizes typed, in no tournament's folder, speaks the
    `--language` asked: the title, columns, sentences, the players' own labels (stacks typed
    without names), the signature lines and the numbers; the terminal stays English. The
    Markdown sheet too."""
    html, md = tmp_path / "deal.html", tmp_path / "deal.md"
    typed = ("deal", "chip-chop", "--stacks", "50000,30000,2000", "--prizes", "5000,3000,2000")
    made = cli(*typed, "--language", lang, "--print", html)
    assert made.exit_code == 0, made.output
    assert "Player 1" in made.stdout and "Prizes still to be won" in made.stdout
    sheet = html.read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in sheet
    for text in DEAL_OF_NO_TOURNAMENT[lang]:
        assert text in sheet, (text, sheet)
    for english in ("Player 1", "Prizes still to be won", "By signing", "Tournament director"):
        assert english not in sheet, english
    assert cli(*typed, "--language", lang, "--print", md).exit_code == 0
    text = md.read_text(encoding="utf-8")
    assert DEAL_OF_NO_TOURNAMENT[lang][-2] + ": ___" in text, text
    assert "Tournament director" not in text and "Player 1" not in text


def test_a_deal_sheet_takes_another_language_than_the_tournaments(cli, room):
    """`--language` on a tournament's deal sheet prints it, heading and all, in that
    language; a language not shipped is refused (exit 2) and nothing is written."""
    db = room("ro")
    bust(cli, db, *[f"P{i}" for i in range(10, 3, -1)])
    out = db.parent / "de-deal.html"
    stacks = ("--stacks", "P1=5000,P2=3000,P3=2000")
    made = cli("--db", db, "deal", "icm", *stacks, "--language", "de", "--print", out)
    assert made.exit_code == 0, made.output
    sheet = out.read_text(encoding="utf-8")
    assert '<html lang="de">' in sheet and "<h1>Cupa: ICM-Deal</h1>" in sheet
    assert "Preisgeld 10.000" in sheet and "Buy-in 1.000 für 10.000 Chips" in sheet
    assert "locul" not in sheet and "Jucător" not in sheet
    refused = cli(
        "--db", db, "deal", "icm", *stacks, "--language", "fr", "--print", db.parent / "x.html"
    )
    assert refused.exit_code == 2 and "fr" in refused.output and "ro, de" in refused.output
    assert not out.with_stem("x").exists()


CHIP_RACE_PAPER = {
    "de": ("<h1>Chip-Race: die 25er in 100er</h1>", "<th>Tisch</th>", "<th>25er gehalten</th>",
           "<th>100er dafür</th>", "übrige 25er", "ab Platz 1, die höchste gewinnt (Pik, Herz"),
    "ro": ("<h1>Chip race: jetoanele de 25 în jetoane de 100</h1>", "<th>Masa</th>",
           "<th>Jetoane de 25</th>", "<th>Jetoane de 100 primite</th>", "jetoane de 25 rămase",
           "cea mai mare câștigă (pică, cupă, caro, treflă)"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["de", "ro"])
def test_the_chip_race_sheet_is_printed_in_the_tournaments_language(cli, room, lang):
    """The dealers' sheet of a colour-up's chip race: its title, columns, the race at each
    table and the rule under it in the tournament's language (it was English in every one);
    the terminal stays English."""
    db = room(lang)
    out = db.parent / f"{lang}-race.html"
    raced = cli("--db", db, "chips", "race", "25", "--up", "100", "P1=3", "P2=6", "P3=1",
                "--sheet", out)  # fmt: skip
    assert raced.exit_code == 0, raced.output
    assert "Colour-up of the 25s into 100s" in raced.stdout
    sheet = out.read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in sheet
    for text in CHIP_RACE_PAPER[lang]:
        assert text in sheet, (text, sheet)
    for english in ("Chip race: the", "odd 25s", "highest wins", "for them", "Printed"):
        assert english not in sheet, english
