"""Names as a director types them: any case, no accents, a first or last name alone.

A director at a laptop types `jose` for "José García", `lukasz` for "Łukasz" and makes
typos. `find` matches what was typed against the known names without ever guessing between
two people: a unique match is returned, two possible matches are an error naming both, and
a miss is an error suggesting the nearest names. `ascii_fold` also gives file names
("Łódź" -> "lodz").

>>> ascii_fold("Łódź Straße")
'lodz strasse'
>>> find("jose", ["José García", "Anna"], "player")
'José García'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from tdtool.errors import InputError

# Latin letters that Unicode does not decompose into a base letter and an accent.
_LETTERS = str.maketrans(
    {
        "ł": "l",
        "Ł": "L",
        "ø": "o",
        "Ø": "O",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "ħ": "h",
        "Ħ": "H",
        "ı": "i",
        "ŀ": "l",
        "Ŀ": "L",
        "ß": "ss",
        "ẞ": "SS",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "þ": "th",
        "Þ": "TH",
    }
)


def ascii_fold(text: str) -> str:
    """`text` lower-cased, accents removed, letters like ł, ø, ß spelled in plain Latin,
    runs of white space made one space.

    >>> ascii_fold("  JOSÉ   García ")
    'jose garcia'
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
_PARTICLES = frozenset(
    {"van", "von", "der", "den", "de", "da", "di", "du", "la", "le", "del", "della", "dos", "das"}
    | {"do", "ten", "ter", "zu", "st.", "mac", "bin", "ibn"}
)


def surname_first(name: str) -> str:
    """A name as a list by surname prints it: the last word first ('Petrova, Nina'), with a
    suffix ('Jr.', 'the Third') and the lower-case particles before it ('van der', 'de la')
    kept with the surname; a single word (a nickname) as it is. A room reads its wall by
    surname, as the series' seat lists are ordered.

    >>> [surname_first(n) for n in ("Nina Petrova", "Jan van der Berg", "Sam Hill Jr.", "Ace")]
    ['Petrova, Nina', 'van der Berg, Jan', 'Hill Jr., Sam', 'Ace']
    >>> surname_first("Ivan Karamazov the Third")
    'Karamazov the Third, Ivan'
    """
    words = name.split()
    end = len(words)
    while end > 1:
        if words[end - 1].casefold() in _SUFFIXES:
            end -= 1
        elif end > 2 and words[end - 2] == "the":
            end -= 2
        else:
            break
    start = end - 1
    while start > 1 and words[start - 1] in _PARTICLES:
        start -= 1
    if start < 1:
        return " ".join(words)
    return f"{' '.join(words[start:])}, {' '.join(words[:start])}"


def matches(typed: str, names: Iterable[str]) -> list[str]:
    """The names `typed` could mean, best kind of match first; empty when none.

    Exact (any case) beats the same letters without accents, which beats one whole word of
    the name ("jose" for "José García", "garcia" too) or its start ("vik" for "Viktor").
    Only the best kind that matches anything is returned.

    >>> matches("garcia", ["José García", "Ana Garcia", "Ben"])
    ['José García', 'Ana Garcia']
    >>> matches("anna", ["Anna", "Anna Berg"])
    ['Anna']
    """
    known = list(names)
    wanted = " ".join(typed.split()).casefold()
    exact = [n for n in known if n.casefold() == wanted]
    if exact:
        return exact
    folded = ascii_fold(typed)
    if not folded:
        return []
    plain = {n: ascii_fold(n) for n in known}
    same = [n for n in known if plain[n] == folded]
    if same:
        return same
    words = [n for n in known if folded in plain[n].split() or folded.split() == plain[n].split()]
    if words:
        return words
    return [n for n in known if plain[n].startswith(folded)] if len(folded) >= 3 else []


def nearest(typed: str, names: Iterable[str], count: int = 3) -> list[str]:
    """Up to `count` names closest in spelling to `typed` (accents and case ignored).

    >>> nearest("Vikk", ["Viki", "Vik", "Anna", "Zoe"])
    ['Vik', 'Viki']
    """
    from difflib import SequenceMatcher

    folded = ascii_fold(typed)
    scored = []
    for name in names:
        plain = ascii_fold(name)
        # The whole name, or its best word: "zoee" is near "Zoë Martin".
        score = max(
            SequenceMatcher(None, folded, candidate).ratio()
            for candidate in [plain, *plain.split()]
        )
        if score >= 0.6:
            scored.append((-score, name.casefold(), name))
    return [name for _, _, name in sorted(scored)[:count]]


def or_list(names: list[str]) -> str:
    """'A', 'A or B', 'A, B or C'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def and_list(names: Sequence[str], and_: str = "and") -> str:
    """'A', 'A and B', 'A, B and C' (`and_`: the word in the language, 'und', 'și')."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {and_} " + names[-1]


def seats_won_line(names: Sequence[str], value: int) -> str:
    """Who won a satellite's seats, read aloud: 'Ann and Bo win a seat each (worth 200)',
    'Ann wins the seat (worth 200)'."""
    if len(names) == 1:
        return f"{names[0]} wins the seat (worth {value:,})"
    return f"{and_list(names)} win a seat each (worth {value:,})"


def find(typed: str, names: Iterable[str], what: str = "player", listing: str = "") -> str:
    """The one name `typed` means, or InputError: a miss suggests the nearest names, and
    two possible names are named rather than guessed between.

    `what` is the noun ("player", "ruling"); `listing` the command that lists them all.
    """
    known = list(names)
    found = matches(typed, known)
    if len(found) == 1:
        return found[0]
    if found:
        shown = or_list(sorted(found, key=str.casefold))
        raise InputError(
            f"{typed!r} could be {len(found)} {what}s: {shown}; type more of the name to say which."
        )
    close = nearest(typed, known)
    hint = f"Did you mean {or_list(close)}?" if close else ""
    if listing:
        hint = f"{hint} `{listing}` shows them all.".strip()
    raise InputError(f"No {what} called {typed!r}. {hint}".strip())
