"""Which Host names a server of this computer answers (`tdtool clock serve` and `tdtool serve`):
a page that reaches it under another name is a DNS-rebinding attack. Used by the CLI's TV server
and by the web application alike, so neither imports the other."""

from __future__ import annotations

import contextlib
from collections.abc import Callable


def served_hosts(host: str, allowed: tuple[str, ...] = ()) -> Callable[[str], bool]:
    """Whether a request's Host header names this server: any IP address (a rebinding page
    always comes under a name), localhost and *.localhost, this computer's name (and its
    .local name), the --host it listens on and the names given with --allow-host.

    >>> ok = served_hosts("0.0.0.0", ("clock.venue.lan",))
    >>> [ok(h) for h in ("192.168.1.20:8765", "[::1]:8765", "localhost", "Clock.Venue.Lan.")]
    [True, True, True, True]
    >>> [ok(h) for h in ("evil.example", "clock.venue.lan.evil.example", "")]
    [False, False, False]
    """
    import ipaddress
    import socket

    names = {n.lower().rstrip(".") for n in (host, *allowed)}
    with contextlib.suppress(OSError):
        me = socket.gethostname().lower()
        names |= {me, f"{me}.local"}

    def accepts(value: str) -> bool:
        value = value.strip().lower()
        if value.startswith("["):  # [IPv6]:port
            name = value[1 : value.find("]")] if "]" in value else ""
        else:
            name, colon, port = value.rpartition(":")
            if not colon or not port.isdigit():
                name = value
        name = name.rstrip(".")
        if not name:
            return False
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            pass
        return name == "localhost" or name.endswith(".localhost") or name in names

    return accepts
