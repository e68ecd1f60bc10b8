"""A TCP proxy in front of the test PostgreSQL server that fails the way a venue network does.

`Proxy(server_port)` listens on 127.0.0.1 and forwards every connection to the server. Given
a `Fault`, the first connection that meets it fails at that point:

- `after`: the client's statement whose text holds these bytes (`b"FOR UPDATE"`), or
  `step`: its n-th statement (1 is the first after the login), is the point;
- `mode` "close": that statement reaches the server, then both sockets close (a server
  stopped, a cable pulled: its answer is lost); "drop": both close before it reaches the
  server; "silent": it reaches the server and its answer comes back, and then nothing more
  goes either way while the sockets stay open (Wi-Fi gone, a switch that black-holes);
  "mute": the same, its answer lost too.

Later connections (the client reconnecting, other laptops) pass untouched. The client's
messages are read as PostgreSQL's protocol frames (startup, then type byte and length), so
a statement is a simple query ('Q') or an extended one up to its Sync ('S').
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from dataclasses import dataclass, field

_UNTYPED = {80877103, 80877104}  # SSLRequest, GSSENCRequest: more untyped messages follow


@dataclass
class Fault:
    """Where and how the first connection meeting it fails (see the module)."""

    mode: str = "close"
    after: bytes | None = None
    step: int | None = None
    since: bytes | None = None
    """Only once a statement holding these bytes has passed on the connection."""
    met: threading.Event = field(default_factory=threading.Event)


class Proxy:
    """127.0.0.1:`port` forwarding to the server on `server_port` (see the module)."""

    def __init__(self, server_port: int) -> None:
        self.server_port = server_port
        self.fault: Fault | None = None
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, tournament: str, user: str = "td", password: str = "s3cret-pw") -> str:
        return (
            f"postgresql://{user}:{password}@127.0.0.1:{self.port}/festival?tournament={tournament}"
        )

    def close(self) -> None:
        self._closed = True
        with self._lock:
            for s in [self._listener, *self._sockets]:
                with contextlib.suppress(OSError):
                    s.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(("127.0.0.1", self.server_port))
            except OSError:
                client.close()
                continue
            with self._lock:
                self._sockets += [client, server]
            link = _Link(self, client, server)
            threading.Thread(target=link.upstream, daemon=True).start()
            threading.Thread(target=link.downstream, daemon=True).start()


class _Link:
    """One client connection: its messages read and forwarded, its faults applied."""

    def __init__(self, proxy: Proxy, client: socket.socket, server: socket.socket) -> None:
        self.proxy, self.client, self.server = proxy, client, server
        self.silent = False
        """Nothing more from the client reaches the server."""
        self.muted = False
        """Nothing more from the server reaches the client."""
        self.statements = 0
        self.seen = False
        self.requests = 0
        self._lock = threading.Lock()

    def _read(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.client.recv(n - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def _cut(self) -> None:
        for s in (self.client, self.server):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def upstream(self) -> None:
        try:
            while True:  # the untyped start: SSL/GSS requests, then the startup message
                head = self._read(8)
                length, code = struct.unpack("!ii", head)
                body = self._read(length - 8)
                if code in _UNTYPED:
                    self.requests += 1  # the server answers with one byte
                self.server.sendall(head + body)
                if code not in _UNTYPED:
                    break
            batch = b""
            while True:
                kind = self._read(1)
                length = struct.unpack("!i", self._read(4))[0]
                body = self._read(length - 4)
                message = kind + struct.pack("!i", length) + body
                if self.silent:
                    continue  # nothing reaches the server any more
                batch += message
                if kind not in (b"Q", b"S") and len(batch) < 1 << 20:
                    if kind in (b"P", b"B", b"D", b"E", b"C", b"H", b"F"):
                        continue  # an extended statement: forwarded with its Sync
                    self.server.sendall(batch)  # login exchange, Terminate ...
                    batch = b""
                    continue
                if kind in (b"Q", b"S"):
                    self.statements += 1
                fault = self.proxy.fault
                armed = fault is not None and (fault.since is None or self.seen)
                if fault is not None and fault.since is not None and fault.since in batch:
                    self.seen = True
                met = (
                    fault is not None
                    and armed
                    and not fault.met.is_set()
                    and (
                        (fault.after is not None and fault.after in batch)
                        or (fault.step is not None and fault.step == self.statements)
                    )
                )
                if met and fault is not None and fault.mode == "drop":
                    fault.met.set()
                    self._cut()
                    return
                if met and fault is not None and fault.mode == "close":
                    self.muted = True  # its answer is lost, however fast it comes
                if met and fault is not None and fault.mode in ("silent", "mute"):
                    self.silent = True  # this answer comes back, then nothing either way
                    self.muted = fault.mode == "mute"  # this answer is lost too
                self.server.sendall(batch)
                batch = b""
                if met and fault is not None:
                    fault.met.set()
                    if fault.mode == "close":
                        self._cut()
                        return
        except (EOFError, OSError):
            self._cut_quietly()

    def _cut_quietly(self) -> None:
        if not self.silent:
            self._cut()

    def _recv(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.server.recv(n - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def downstream(self) -> None:
        try:
            while True:
                kind = self._recv(1)
                if self.requests and kind in (b"N", b"S", b"G"):
                    self.requests -= 1  # the answer to an SSL or GSS request
                    self.client.sendall(kind)
                    continue
                self.requests = 0
                head = self._recv(4)
                body = self._recv(struct.unpack("!i", head)[0] - 4)
                if self.muted:
                    continue
                self.client.sendall(kind + head + body)
                if self.silent and kind == b"Z":  # ReadyForQuery: that answer is through
                    self.muted = True
        except (EOFError, OSError):
            pass
        if not self.silent:
            self._cut()
