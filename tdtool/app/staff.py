"""The staff who act from phones (`tdtool serve`): who they are, their sign-in links, sessions.

A person of the staff is an event (`staff.added` with their role, `staff.revoked`), so
`tdtool log` shows who was let in and by whom, and `undo` takes it back like any change. What
lets a phone in is kept beside the log, never in it, and only as hashes: a sign-in link
carries a one-time code (`secrets.token_urlsafe`) that is stored as its SHA-256 with the
minute it expires; opening it starts a session, whose token (in an HttpOnly cookie) is stored
as its SHA-256 too. Whoever reads the file or the database learns no code and no token.

The role is read from the log at every request, not from the session: a role changed or a
person revoked counts from the next request, and `revoke` also ends their sessions and link.
The CSRF token of a session is the HMAC of its token (nothing more to keep): a page learns it
from `GET /api/session` and sends it back with each change.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tdtool.errors import InputError, RuleError
from tdtool.tournament.events import STAFF_ROLES, EventKind

if TYPE_CHECKING:
    from tdtool.io.store_base import Event, Target, TournamentStore

LINK_MINUTES = 10
"""How long a sign-in link is valid by default (`staff add --minutes`)."""
MAX_LINK_MINUTES = 24 * 60
SESSION_HOURS = 18
"""How long a session lasts once signed in: a long tournament day."""
STAFF_KINDS = frozenset({EventKind.STAFF_ADDED.value, EventKind.STAFF_REVOKED.value})

MAY: dict[str, frozenset[str]] = {
    "players.add": frozenset({"desk", "floor", "director"}),
    "players.reenter": frozenset({"desk", "floor", "director"}),
    "players.rebuy": frozenset({"desk", "floor", "director"}),
    "players.addon": frozenset({"desk", "floor", "director"}),
    "players.bust": frozenset({"floor", "director"}),
    "players.chips": frozenset({"floor", "director"}),
    "seats.balance": frozenset({"floor", "director"}),
    "seats.move": frozenset({"floor", "director"}),
    "clock": frozenset({"director"}),
    "deal": frozenset({"director"}),
    "terms": frozenset({"director"}),
    "staff.list": frozenset({"director"}),
    "staff.add": frozenset({"director"}),
    "staff.revoke": frozenset({"director"}),
    "undo": frozenset({"director"}),
    "hand.check": frozenset({"dealer", "floor", "director", "desk"}),
    "ruling.ask": frozenset({"dealer", "floor", "director", "desk"}),
}
"""Action -> the roles that may take it (docs/web.md); checked on the server for each request."""


def may(role: str, action: str) -> bool:
    """Whether a person of `role` may take `action`.

    >>> may("floor", "players.bust"), may("desk", "players.bust"), may("dealer", "clock")
    (True, False, False)
    """
    return role in MAY.get(action, frozenset())


def digest(secret: str) -> str:
    """What the store keeps of a link's code or a session's token: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def csrf_of(token: str) -> str:
    """The CSRF token of the session `token`: its HMAC, so nothing more is stored."""
    return hmac.new(token.encode("utf-8", "surrogatepass"), b"tdtool csrf", "sha256").hexdigest()


def csrf_ok(token: str, given: str | None) -> bool:
    """Whether `given` (the X-CSRF-Token header) is the CSRF token of the session `token`."""
    return given is not None and hmac.compare_digest(csrf_of(token), given)


@dataclass(frozen=True)
class Person:
    """A person of the staff and their role."""

    name: str
    role: str
    added_by: str = ""
    added_at: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """`tdtool staff list --json`."""
        return {"name": self.name, "role": self.role, "added_by": self.added_by}


def roster(events: Iterable[Event]) -> dict[str, Person]:
    """Name -> person of the staff now: the fold of the staff events (undone ones left out)."""
    people: dict[str, Person] = {}
    for e in events:
        if e.kind == EventKind.STAFF_ADDED:
            name = str(e.data["name"])
            people[name] = Person(name, str(e.data["role"]), e.operator, e.at)
        elif e.kind == EventKind.STAFF_REVOKED:
            people.pop(str(e.data["name"]), None)
    return people


def _store_roster(store: TournamentStore | Any) -> dict[str, Person]:
    return roster(store.events(kinds=STAFF_KINDS))


def clean_name(name: str) -> str:
    """A person's name as typed, spaces tidied; InputError for an empty or unprintable one."""
    clean = " ".join(name.split())
    if not clean or len(clean) > 80 or not clean.isprintable():
        raise InputError(
            f"A staff name must be 1-80 printable characters, not {name[:40]!r}; nothing was"
            " changed."
        )
    return clean


def check_role(role: str) -> str:
    """The role as stored; InputError naming --role for one that does not exist."""
    clean = role.strip().casefold()
    if clean not in STAFF_ROLES:
        raise InputError(
            f"Option '--role': {role!r} is not a role; use one of {', '.join(STAFF_ROLES)}."
        )
    return clean


@dataclass(frozen=True)
class Issued:
    """A person added (or given a new role or link) and their one-time sign-in code."""

    name: str
    role: str
    code: str
    """The code of the link: shown once, never stored (only its hash is)."""
    expires: float
    minutes: int
    again: bool
    """The person was on the staff already: the role is updated and a new link issued."""

    def link(self, base: str) -> str:
        """The sign-in link on the server at `base` (http://HOST:PORT)."""
        return f"{base.rstrip('/')}/signin/{self.code}"

    def to_dict(self, base: str) -> dict[str, Any]:
        """`tdtool staff add --json`."""
        return {
            "name": self.name,
            "role": self.role,
            "link": self.link(base),
            "expires": self.expires,
            "minutes": self.minutes,
        }


def add(db: Target, name: str, role: str, minutes: int = LINK_MINUTES) -> Issued:
    """Put `name` on the staff as `role` (again: a new role) and issue a sign-in link valid
    `minutes`; the link is the only way in, and the code is never stored."""
    from tdtool.io.store_base import open_store

    name, role = clean_name(name), check_role(role)
    if not 1 <= minutes <= MAX_LINK_MINUTES:
        raise InputError(
            f"Option '--minutes': {minutes} is out of range; a link is valid 1 to"
            f" {MAX_LINK_MINUTES} minutes."
        )
    code = secrets.token_urlsafe(24)
    with open_store(db) as store, store.transaction() as tx:
        again = name in roster(tx.events(STAFF_KINDS))
        tx.append(EventKind.STAFF_ADDED.value, {"name": name, "role": role, "minutes": minutes})
        expires = tx.now + minutes * 60
        tx.grant_link(digest(code), name, expires)
    return Issued(name, role, code, expires, minutes, again)


def people(db: Target) -> tuple[Person, ...]:
    """Everyone on the staff now, by name."""
    from tdtool.io.store_base import open_store

    with open_store(db) as store:
        return tuple(sorted(_store_roster(store).values(), key=lambda p: p.name.casefold()))


@dataclass(frozen=True)
class Revoked:
    """A person taken off the staff, and how many of their sessions ended."""

    name: str
    sessions: int

    def to_dict(self) -> dict[str, Any]:
        """`tdtool staff revoke --json`."""
        return {"name": self.name, "sessions_ended": self.sessions}


def revoke(db: Target, name: str) -> Revoked:
    """Take `name` off the staff: their link and every session end at once."""
    from tdtool.io.store_base import open_store
    from tdtool.names import find

    with open_store(db) as store, store.transaction() as tx:
        known = roster(tx.events(STAFF_KINDS))
        if not known:
            raise InputError(f"Nobody is on the staff, so {name!r} cannot be revoked.")
        found = find(name, known, what="person of the staff", listing="`tdtool staff list`")
        tx.append(EventKind.STAFF_REVOKED.value, {"name": found})
        ended = tx.end_access(found)
    return Revoked(found, ended)


@dataclass(frozen=True)
class SignedIn:
    """A session started from a sign-in link: who, their role, and the session's token."""

    person: Person
    token: str
    """For the cookie only: never stored (its hash is) and never shown."""
    expires: float


def sign_in(db: Target, code: str) -> SignedIn:
    """Use up the sign-in link `code` and start a session for its person (one change,
    recorded as `staff.signed-in` by them). RuleError, nothing changed, for a link used
    already, expired, never issued, or of a person revoked since."""
    from tdtool.io.store_base import open_store

    refused = RuleError(
        "This sign-in link is not valid (used already, replaced or never issued);"
        " ask the director for a new one."
    )
    if not code or len(code) > 200:
        raise refused
    token = secrets.token_urlsafe(32)
    with open_store(db) as store, store.transaction() as tx:
        found = tx.take_link(digest(code))
        person = roster(tx.events(STAFF_KINDS)).get(found[0]) if found else None
        if found is None or person is None:
            raise refused  # nothing changed: the transaction is rolled back
        if found[1] <= tx.now:
            raise RuleError(
                f"This sign-in link expired at {_clock(found[1])}; ask the director for a new one."
            )
        expires = tx.now + SESSION_HOURS * 3600
        tx.operator = person.name  # the sign-in is theirs, whoever runs the server
        tx.append(EventKind.STAFF_SIGNED_IN.value, {"name": person.name})
        tx.open_session(digest(token), person.name, expires)
    return SignedIn(person, token, expires)


def _clock(at: float) -> str:
    import time

    return time.strftime("%H:%M", time.localtime(at))


def session_person(store: TournamentStore | Any, token: str | None) -> Person | None:
    """The person whose session `token` is, with their role now; None for no token, a token
    of no session (forged, ended), an expired session, or a person no longer on the staff."""
    if not token or len(token) > 200:
        return None
    found = store.session(digest(token))
    if found is None or found[1] <= store.now():
        return None
    return _store_roster(store).get(found[0])
