"""`tdtool serve`: the tournament on phones: the players' page, the staff's page, the JSON API."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tdtool.cli._db import db_path, open_store

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(
    ctx: typer.Context,
    host: Annotated[
        str,
        typer.Option(help="Address to listen on; 0.0.0.0 serves the phones on the network."),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port (0: any free port).", min=0, max=65535)] = 8780,
    tls_cert: Annotated[
        Path | None,
        typer.Option("--tls-cert", help="Certificate (PEM) to serve HTTPS.", show_default=False),
    ] = None,
    tls_key: Annotated[
        Path | None,
        typer.Option("--tls-key", help="Its private key (PEM).", show_default=False),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            help="A name the phones use for this computer (td.venue.lan); repeat for more."
            " Addresses, localhost and this computer's name are always served.",
        ),
    ] = None,
    league: Annotated[
        Path | None,
        typer.Option(
            "--league",
            help="A league file: its standings on the players' phones at /standings,"
            " linked from the players' page.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Serve the tournament to phones: players follow it, the staff act from their feet.

    / is the players' page (public: the clock, blinds, players left, payouts, find my
    seat; with --league, a link to the league's standings at /standings). /staff is the
    staff's page, signed in from a one-time link (`tdtool staff add`):
    bust, register, the clock and undo, and hand rulings, by role. Every open page is
    updated at each change, made here or in any terminal. The JSON API is in docs/web.md.

    Listens on 127.0.0.1 unless --host says otherwise; on the network, serve HTTPS with
    --tls-cert and --tls-key (without, it says so: sign-in cookies then cross the Wi-Fi in
    clear). Ctrl-C stops it.

    Example: tdtool serve --host 0.0.0.0 --tls-cert venue.pem --tls-key venue-key.pem
    """
    from tdtool.cli._db import registry_given
    from tdtool.errors import InputError

    if not host or len(host) > 253 or not all(33 <= ord(c) < 127 for c in host):
        raise InputError(f"--host {ascii(host)[:80]} is not an address of this computer.")
    if (tls_cert is None) != (tls_key is None):
        raise InputError("Give both --tls-cert and --tls-key (or neither).")
    ssl_context = _tls(tls_cert, tls_key) if tls_cert and tls_key else None
    target = db_path(ctx).target
    with open_store(ctx) as store:  # a missing or damaged tournament is refused here
        name = store.state().name
    standings = None
    if league is not None:
        from tdtool.cli.league import league_view

        standings = league_view(ctx, league)
    sock = _listen(host, port)
    import gc

    gc.enable()  # a server runs for hours: the collector is on again (tdtool.cli.main)
    from tdtool.web.server import Settings, build

    app = build(
        Settings(
            target,
            secure=ssl_context is not None,
            host=host,
            allowed_hosts=tuple(allow_host or ()),
            league=standings,
            registry=registry_given(ctx),
        )
    )
    scheme = "https" if ssl_context else "http"
    shown = _lan_address() if host in ("0.0.0.0", "::", "") else host
    shown = shown if ":" not in shown else f"[{shown}]"
    base = f"{scheme}://{shown}:{sock.getsockname()[1]}"
    typer.echo(f"{name}: players at {base}/ , staff at {base}/staff")
    if standings is not None:
        typer.echo(f"League standings: {base}/standings")
    typer.echo(f"Sign-in links: tdtool staff add NAME --role floor --url {base}")
    if host not in LOOPBACK and ssl_context is None:
        typer.echo(
            "Warning: listening on the network without TLS: anyone on this network can read"
            " the sign-in links and sessions sent over it. Serve HTTPS with --tls-cert and"
            " --tls-key.",
            err=True,
        )
    typer.echo("Ctrl-C stops it.")
    _run(app, sock, tls_cert, tls_key)
    typer.echo("Stopped.")


def _lan_address() -> str:
    """This computer's address on the network (what a phone types), for a server listening
    on every address: the one a packet out would leave from (none is sent)."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def _tls(cert: Path, key: Path) -> Any:
    """Load the certificate and key now, so a wrong one is one line, not a traceback."""
    import ssl

    from tdtool.errors import InputError

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(cert, key)
    except FileNotFoundError as exc:
        raise InputError(
            f"Cannot read {exc.filename}: no such file (--tls-cert/--tls-key)."
        ) from None
    except (ssl.SSLError, OSError) as exc:
        raise InputError(
            f"--tls-cert {cert} / --tls-key {key}: not a certificate and its key ({exc})."
        ) from None
    return context


def _listen(host: str, port: int) -> Any:
    """The listening socket, bound now: a port in use is one line, exit 2."""
    import socket

    from tdtool.errors import InputError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _name, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(1024)
    except (OSError, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        fix = "choose another --port" if getattr(exc, "errno", None) == 98 else "check --host"
        raise InputError(f"Cannot listen on {host}:{port} ({reason}); {fix}.") from None
    return sock


def _run(app: Any, sock: Any, cert: Path | None, key: Path | None) -> None:
    import uvicorn

    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="on",
        ssl_certfile=str(cert) if cert else None,
        ssl_keyfile=str(key) if key else None,
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    from tdtool.web.server import when_stopping

    when_stopping(app, lambda: server.should_exit)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
