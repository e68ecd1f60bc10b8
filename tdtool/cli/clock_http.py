"""The HTTP server under `tdtool clock serve`: one asyncio event loop, standard library only.

A TV polls once a second and so do the phones of the players looking at the clock; a venue
can have hundreds. `http.server` held one thread per connection with no timeout and a
listen backlog of 5: under 200 clients a third of the requests went unanswered, idle
connections each kept a thread, and every client that dropped printed a traceback on the
director's terminal. Here:

- one thread (the event loop) holds every connection, however many; answering costs
  microseconds because `answer` reads a cached view of the tournament;
- the listen backlog is large (1024, or the kernel's cap);
- a connection has `timeout` seconds to send each request head (and the same to take the
  answer); one that sends nothing, or half a request, is closed then, and when the
  connections reach `max_connections` the one waiting longest is closed first, so
  half-open connections never starve the others;
- HTTP/1.1 keep-alive (a browser polls over one connection), GET and HEAD only, no bodies;
- with `hosts`, only the Host names it accepts are answered (421 Misdirected Request
  otherwise): a web page elsewhere whose name is made to point at this address (DNS
  rebinding) cannot read it from a browser on the venue network; a request without a Host
  (a script's; a browser always sends one) is answered;
- a client that goes away is no event: nothing is printed. Anything unexpected prints one
  short line, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from email.utils import formatdate
from http import HTTPStatus
from typing import Any, NamedTuple

BACKLOG = 1024
"""Connections the kernel queues before we accept them (it caps this at net.core.somaxconn)."""
HEAD_LIMIT = 8192
"""Bytes a request head (request line and headers) may take."""
TIMEOUT = 10.0
"""Seconds a connection may take to send a request head, or to take an answer."""


class Reply(NamedTuple):
    """What to answer a request: status, content type and body."""

    status: HTTPStatus
    kind: str
    body: bytes


Answer = Callable[[str], Awaitable[Reply]]
"""Given the path asked for (query string and all), the reply."""

Hosts = Callable[[str], bool]
"""Given a request's Host header, whether this server answers it."""


def raise_file_limit() -> None:
    """Let this process hold as many connections as the system allows it (the soft limit
    on open files up to the hard one: often 1,024 up to 500,000 or more)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = 65_536 if hard == resource.RLIM_INFINITY else min(hard, 65_536)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (ImportError, OSError, ValueError):
        pass  # not on this system: the default limit, and connections evicted at it


def _max_connections() -> int:
    """Connections held at most: well inside the process's file limit."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return 900
    if soft == resource.RLIM_INFINITY:
        return 10_000
    return max(16, min(10_000, soft - 100))


class HttpServer:
    """Serve `answer` on host:port. Bound when made (errors then, not at `serve_forever`);
    `serve_forever()` runs it in the calling thread until `shutdown()` (from another thread)
    or Ctrl-C; `server_close()` releases the socket.

    The same surface as `socketserver` (`server_address`, `serve_forever`, `shutdown`,
    `server_close`), so callers and tests need not know which server runs.
    """

    def __init__(
        self,
        host: str,
        port: int,
        answer: Answer,
        *,
        name: str = "tdtool",
        timeout: float = TIMEOUT,
        max_connections: int | None = None,
        hosts: Hosts | None = None,
    ) -> None:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, _, _, _, address = infos[0]
        self.socket = socket.create_server(address, family=family, backlog=BACKLOG)
        self.server_address: Any = self.socket.getsockname()
        self.answer = answer
        self.hosts = hosts
        self.name = name
        self.timeout = timeout
        self.max_connections = max_connections or _max_connections()
        self.connections = 0  # open now
        self.served = 0  # requests answered, for the curious (tests, benchmarks)
        self._waiting: dict[asyncio.Transport, None] = {}  # oldest first
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._shutdown = threading.Event()
        self._started = threading.Event()
        self._done = threading.Event()
        self._date = (0, "")

    # -- the socketserver surface

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Serve until `shutdown()` or Ctrl-C (`poll_interval` is accepted and unused: the
        loop wakes on events, not on a timer)."""
        self._started.set()
        try:
            asyncio.run(self._serve())
        finally:
            self._done.set()

    def shutdown(self) -> None:
        """Stop `serve_forever` (running in another thread) and wait for it to return."""
        self._shutdown.set()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: it stopped
                loop.call_soon_threadsafe(stop.set)
        if self._started.is_set():
            self._done.wait()

    def server_close(self) -> None:
        """Release the listening socket."""
        self.socket.close()

    # -- the loop

    async def _serve(self) -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(_quiet)
        self._stop = asyncio.Event()
        self._loop = loop
        if self._shutdown.is_set():
            return
        server = await asyncio.start_server(
            self._connection, sock=self.socket, limit=HEAD_LIMIT, backlog=BACKLOG
        )
        try:
            await self._stop.wait()
        finally:
            server.close()
            for transport in list(self._waiting):
                transport.abort()
            for task in asyncio.all_tasks(loop) - {asyncio.current_task()}:
                task.cancel()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        transport: asyncio.Transport = writer.transport  # type: ignore[assignment]
        loop = asyncio.get_running_loop()
        self.connections += 1
        if self.connections > self.max_connections:
            # Full: close the connection that has waited longest for its request (a
            # half-open one, or an idle keep-alive that its browser will simply reopen).
            oldest = next(iter(self._waiting), transport)
            oldest.abort()
        try:
            while not transport.is_closing():
                self._waiting[transport] = None
                timer = loop.call_later(self.timeout, transport.abort)
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError, OSError):
                    return  # closed, timed out, or evicted before a whole request came
                except asyncio.LimitOverrunError:
                    self._send(writer, _error(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE), False)
                    return
                finally:
                    timer.cancel()
                    self._waiting.pop(transport, None)
                keep, reply, head_only = await self._reply(head)
                self._send(writer, reply, keep, head_only)
                self.served += 1
                if writer.transport.get_write_buffer_size():
                    timer = loop.call_later(self.timeout, transport.abort)
                    try:
                        await writer.drain()
                    except (ConnectionError, OSError):
                        return
                    finally:
                        timer.cancel()
                if not keep:
                    return
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bug: one line, and the other connections go on
            _say(f"answering a request: {type(exc).__name__}: {exc}")
        finally:
            self.connections -= 1
            self._waiting.pop(transport, None)
            if not transport.is_closing():
                transport.close()

    async def _reply(self, head: bytes) -> tuple[bool, Reply, bool]:
        """(keep the connection open, the reply, answer the head only) for a request head."""
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/1.") or not parts[1]:
            if len(parts) == 3 and parts[2].startswith("HTTP/"):
                return False, _error(HTTPStatus.HTTP_VERSION_NOT_SUPPORTED), False
            return False, _error(HTTPStatus.BAD_REQUEST), False
        method, target, version = parts
        headers: dict[str, str] = {}
        for line in lines[1:]:
            if not line:
                continue
            name, colon, value = line.partition(":")
            if not colon or not name or name != name.strip():
                return False, _error(HTTPStatus.BAD_REQUEST), False
            headers[name.lower()] = value.strip()
        tokens = {t.strip().lower() for t in headers.get("connection", "").split(",")}
        keep = "keep-alive" in tokens if version == "HTTP/1.0" else "close" not in tokens
        if headers.get("content-length", "0") != "0" or "transfer-encoding" in headers:
            keep = False  # a body we do not read: answer, then close
        if self.hosts is not None:
            host = headers.get("host")  # none: no browser's request, so no rebinding page's
            if host is not None and not self.hosts(host):
                why = f"this clock is not served as {host[:60]!r}"
                return False, _error(HTTPStatus.MISDIRECTED_REQUEST, why), False
        if method not in ("GET", "HEAD"):
            why = f"{method[:20]!r} is not served (GET and HEAD are)"
            return False, _error(HTTPStatus.NOT_IMPLEMENTED, why), False
        return keep, await self.answer(target), method == "HEAD"

    def _send(
        self, writer: asyncio.StreamWriter, reply: Reply, keep: bool, head_only: bool = False
    ) -> None:
        if writer.transport.is_closing():
            return
        now = int(time.time())
        if self._date[0] != now:
            self._date = (now, formatdate(now, usegmt=True))
        status = reply.status
        head = (
            f"HTTP/1.1 {status.value} {status.phrase}\r\n"
            f"Server: {self.name}\r\n"
            f"Date: {self._date[1]}\r\n"
            f"Content-Type: {reply.kind}\r\n"
            f"Content-Length: {len(reply.body)}\r\n"
            "Cache-Control: no-store\r\n"
            "X-Content-Type-Options: nosniff\r\n"
            f"Connection: {'keep-alive' if keep else 'close'}\r\n\r\n"
        ).encode("latin-1")
        writer.write(head if head_only else head + reply.body)


def _error(status: HTTPStatus, why: str = "") -> Reply:
    text = f"{status.value} {status.phrase}" + (f": {why}" if why else "")
    return Reply(status, "text/plain", f"{text}\n".encode())


def _say(line: str) -> None:
    """One short line on the terminal (never a traceback)."""
    with contextlib.suppress(OSError, ValueError):  # no terminal left to say it on
        print(f"clock serve: {line}"[:200], file=sys.stderr, flush=True)


def _quiet(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The loop's handler for errors nobody caught: a client gone is nothing to report;
    anything else is one line."""
    exc = context.get("exception")
    if isinstance(exc, (OSError, asyncio.CancelledError)):
        return
    _say(f"{context.get('message', 'error')}: {type(exc).__name__ if exc else ''} {exc or ''}")
