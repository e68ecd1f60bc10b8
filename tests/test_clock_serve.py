"""`tdtool clock serve` under load and at the edges of HTTP (issue 15: a clock server that
stays up).

The load test runs the server as the director does (a subprocess, its terminal kept) with
200 clients for TDTOOL_SERVE_LOAD_SECONDS seconds (10 in the normal suite to keep it fast;
the issue's 30 with TDTOOL_SERVE_LOAD_SECONDS=30) plus 50 half-open connections: every
well-formed request is answered, p99 under a second, a bounded number of threads, and
nothing at all on the server's terminal although clients keep resetting their connections.
The other tests speak HTTP to a server in this process, byte by byte.
"""

from __future__ import annotations

import json
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import tdtool.io.store as store_mod
from tdtool.cli.clock_web import make_server
from tdtool.io.store_base import open_store
from tests.serve_load import load, served
from tests.tournament_fixtures import make

LOAD_SECONDS = float(os.environ.get("TDTOOL_SERVE_LOAD_SECONDS", "10"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = make(tmp_path / "cup.tdtool", buy_in=100)
    with open_store(path) as store:
        store.change(lambda tx: tx.append("player.registered", {"name": "Anna"}))
        store.change(lambda tx: tx.append("clock.start", {}))
    return path


def test_clock_serve_under_200_clients_and_50_half_open_connections(db):
    with served(db) as server:
        result = load(
            server.host, server.port, clients=200, seconds=LOAD_SECONDS, half_open=50,
            server=server,
        )  # fmt: skip
        errors = server.errors()
    print(result.summary())
    assert result.requests >= 200 * LOAD_SECONDS, result.summary()  # at least one a second each
    assert result.answered == result.requests, result.summary()
    assert result.quantile(0.99) < 1.0, result.summary()
    assert result.dropped > 0  # clients did reset their connections ...
    assert errors == ""  # ... and the director's terminal shows nothing: no traceback
    # One thread holds every connection (and one reads the file): not one per connection.
    assert 0 < result.max_threads <= 4, result.summary()


@contextmanager
def running(db: Path, **options: float) -> Iterator[tuple[str, int, object]]:
    server = make_server(db, "127.0.0.1", 0, **options)  # type: ignore[arg-type]
    thread = threading.Thread(target=server.serve_forever)
    thread.start()
    try:
        yield "127.0.0.1", server.server_address[1], server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        assert not thread.is_alive()


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10)


_left: dict[socket.socket, bytes] = {}  # bytes read past an answer, per socket (pipelined answers)


def read_answer(sock: socket.socket, head_only: bool = False) -> tuple[int, dict[str, str], bytes]:
    """One HTTP answer from `sock`: (status, headers, body)."""
    data = _left.pop(sock, b"")
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed before an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = 0 if head_only else int(headers["content-length"])
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "closed inside the body"
        body += chunk
    body, _left[sock] = body[:length], body[length:]
    return int(lines[0].split(" ")[1]), headers, body


def closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True


def test_a_browser_polls_over_one_connection_and_http_1_0_is_closed(db):
    with running(db) as (_, port, _server):
        with connect(port) as sock:
            for _ in range(3):  # keep-alive, as the page's fetch every second does
                sock.sendall(b"GET /api/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                status, headers, body = read_answer(sock)
                assert status == 200 and headers["connection"] == "keep-alive"
                assert json.loads(body)["name"] == "Test Cup"
            # Two requests in one packet (pipelined): two answers, in order.
            sock.sendall(b"GET /api/clock HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\n\r\n")
            assert read_answer(sock)[1]["content-type"] == "application/json"
            assert read_answer(sock)[1]["content-type"].startswith("text/html")
        with connect(port) as sock:
            sock.sendall(b"GET /api/clock HTTP/1.0\r\n\r\n")
            status, headers, _ = read_answer(sock)
            assert status == 200 and headers["connection"] == "close"
            assert closed_by_server(sock)


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /nothing-here HTTP/1.1\r\n\r\n", 404),
        (b"POST /api/clock HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", 501),
        (b"DELETE / HTTP/1.1\r\n\r\n", 501),
        (b"GET /api/clock\r\n\r\n", 400),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400),  # TLS to a plain port
        (b"GET / HTTP/1.1\r\nno colon here\r\n\r\n", 400),
        (b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505),
        (b"GET / HTTP/1.1\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n", 431),
    ],
    ids=["unknown-path", "post", "delete", "no-version", "tls", "bad-header", "http2", "huge"],
)
def test_requests_the_clock_does_not_serve_get_an_answer_not_a_hang(db, request_bytes, status):
    with running(db) as (_, port, _server), connect(port) as sock:
        sock.sendall(request_bytes)
        got, headers, _ = read_answer(sock)
        assert got == status
        if status != 404:  # nothing more is read from a connection that sent that
            assert headers["connection"] == "close" and closed_by_server(sock)


def test_head_answers_the_headers_only(db):
    with running(db) as (_, port, _server), connect(port) as sock:
        sock.sendall(b"HEAD / HTTP/1.1\r\n\r\nGET /api/clock HTTP/1.1\r\n\r\n")
        status, headers, body = read_answer(sock, head_only=True)
        assert status == 200 and int(headers["content-length"]) > 1000 and body == b""
        status, headers, body = read_answer(sock)  # the next answer, not a page body
        assert status == 200 and headers["content-type"] == "application/json"


def test_half_open_connections_are_closed_at_the_timeout_and_never_block_a_request(db):
    with running(db, timeout=0.5) as (_, port, _server):
        silent = [connect(port) for _ in range(20)]
        halves = [connect(port) for _ in range(20)]
        for sock in halves:
            sock.sendall(b"GET /api/clock HTTP/1.1\r\nHost: tv\r\n")  # and no blank line
        started = time.monotonic()
        with connect(port) as sock:  # answered while they hang
            sock.sendall(b"GET /api/clock HTTP/1.1\r\n\r\n")
            assert read_answer(sock)[0] == 200
        assert time.monotonic() - started < 0.5
        for sock in silent + halves:
            assert closed_by_server(sock)
            sock.close()
        assert time.monotonic() - started < 5


def test_at_the_connection_limit_the_longest_waiting_connection_makes_room(db):
    with running(db, max_connections=30) as (_, port, _server):
        hanging = [connect(port) for _ in range(40)]
        for sock in hanging:
            sock.sendall(b"GET / HTTP/1.1\r\n")
        for _ in range(5):
            with connect(port) as sock:
                sock.sendall(b"GET /api/clock HTTP/1.1\r\n\r\n")
                assert read_answer(sock)[0] == 200
        assert closed_by_server(hanging[0])  # the first to hang went first
        for sock in hanging:
            sock.close()


def test_clients_that_reset_mid_answer_print_nothing_and_keep_no_thread(db, capfd):
    before = threading.active_count()
    with running(db) as (_, port, server):
        idle = [connect(port) for _ in range(300)]
        during = threading.active_count()
        for _ in range(100):
            sock = connect(port)
            sock.sendall(b"GET / HTTP/1.1\r\n\r\n" * 20)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()  # a reset: the answers have nowhere to go
        with connect(port) as sock:
            sock.sendall(b"GET /api/clock HTTP/1.1\r\n\r\n")
            assert read_answer(sock)[0] == 200
        for sock in idle:
            sock.close()
    # This process: the test's thread, the server's loop and its one reading thread.
    assert during - before <= 2
    captured = capfd.readouterr()
    assert captured.err == "" and captured.out == ""


def test_an_unchanged_tournament_is_folded_once_for_many_requests(db, monkeypatch):
    folds: list[int] = []
    real = store_mod._folded

    def folded(conn):  # type: ignore[no-untyped-def]
        folds.append(1)
        return real(conn)

    monkeypatch.setattr(store_mod, "_folded", folded)
    with running(db) as (_, port, _server), connect(port) as sock:
        for _ in range(200):
            sock.sendall(b"GET /api/clock HTTP/1.1\r\n\r\n")
            assert read_answer(sock)[0] == 200
        assert len(folds) == 1
        with open_store(db) as store:  # another terminal changes it ...
            store.change(lambda tx: tx.append("player.registered", {"name": "Ben"}))
        before = len(folds)
        sock.sendall(b"GET /api/clock HTTP/1.1\r\n\r\n")
        assert json.loads(read_answer(sock)[2])["entries"] == 2  # ... the next poll shows it
        assert len(folds) == before + 1
