"""Load on `tdtool clock serve`, for the load test and `python benchmarks/run.py serve`.

`served(db)` starts the server as the director would (`python -m tdtool clock serve`, its
standard error kept in a file); `load(...)` runs, in one asyncio loop of this process:

- `clients` clients for `seconds`: each asks for /api/clock (one request in ten for the
  page, /), waits `think` seconds (0.5-1.5x, at random) and asks again. Half keep their
  connection open between requests (a TV's browser), half open a new one each time (phones
  waking up); one in twenty asks and drops the connection (a reset) without reading the
  answer, which is what made the old server print tracebacks;
- `half_open` connections that send nothing or half a request head and then wait; when the
  server closes one (its timeout) another takes its place, so they are there throughout;
- the server's thread count, sampled every half second.

Every well-formed request counts: answered means a whole 200 answer within `limit` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Server:
    """A running `clock serve`: its process, address and standard error (a file)."""

    proc: subprocess.Popen[str]
    host: str
    port: int
    stderr: Path

    def errors(self) -> str:
        return self.stderr.read_text(errors="replace")

    def threads(self) -> int:
        try:
            status = Path(f"/proc/{self.proc.pid}/status").read_text()
        except OSError:
            return 0
        found = re.search(r"^Threads:\s+(\d+)", status, re.M)
        return int(found.group(1)) if found else 0


@contextmanager
def served(db: Path, source: Path = ROOT) -> Iterator[Server]:
    """`tdtool --db DB clock serve --port 0` from the checkout at `source`, until the end."""
    with tempfile.TemporaryDirectory() as tmp:
        err_path = Path(tmp) / "stderr.txt"
        with open(err_path, "w") as err:
            proc = subprocess.Popen(
                [sys.executable, "-m", "tdtool", "--db", str(db), "clock", "serve", "--port", "0"],
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
                env={**os.environ, "PYTHONPATH": str(source)},
                cwd=source,
            )
        try:
            first: list[str] = []
            reader = threading.Thread(target=lambda: first.append(proc.stdout.readline()))  # type: ignore[union-attr]
            reader.daemon = True
            reader.start()
            reader.join(timeout=60)
            found = re.search(r"http://(127\.0\.0\.1):(\d+)/", first[0] if first else "")
            if not found:
                raise RuntimeError(f"clock serve printed no URL: {first!r} {err_path.read_text()}")
            yield Server(proc, found.group(1), int(found.group(2)), err_path)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@dataclass
class Result:
    """What a load run measured."""

    seconds: float
    requests: int = 0  # well-formed requests sent (and waited for)
    answered: int = 0  # answered in full with 200 within the limit
    failures: dict[str, int] = field(default_factory=dict)  # the others, by what happened
    latencies: list[float] = field(default_factory=list)  # of the answered, seconds
    dropped: int = 0  # requests sent by clients that then reset the connection
    half_open_closed: int = 0  # half-open connections the server closed
    half_open_lifetimes: list[float] = field(default_factory=list)
    max_threads: int = 0

    def quantile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def summary(self) -> str:
        failed = self.requests - self.answered
        return (
            f"{self.requests:,} requests in {self.seconds:.0f} s"
            f" ({self.requests / self.seconds:,.0f}/s),"
            f" {failed} unanswered {dict(self.failures) if failed else ''}"
            f"| p50 {self.quantile(0.5) * 1000:.1f} ms, p99 {self.quantile(0.99) * 1000:.1f} ms,"
            f" max {max(self.latencies, default=0) * 1000:.0f} ms"
            f" | {self.dropped} dropped by their client"
            f" | half-open closed by the server: {self.half_open_closed}"
            f" | server threads at most {self.max_threads}"
        )


def _head_length(head: bytes) -> int:
    found = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    if not found:
        raise ValueError("no Content-Length")
    return int(found.group(1))


async def _close(writer: asyncio.StreamWriter | None) -> None:
    if writer is None:
        return
    writer.close()
    with contextlib.suppress(OSError, asyncio.CancelledError):
        await writer.wait_closed()


async def _client(
    i: int, host: str, port: int, end: float, think: float, limit: float, result: Result
) -> None:
    rng = random.Random(i)
    fresh = i % 2 == 1  # a new connection per request (a phone), else keep-alive (a TV)
    rude = i % 20 == 0  # asks and resets the connection without reading the answer
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None
    loop = asyncio.get_running_loop()
    await asyncio.sleep(rng.uniform(0, think))  # not all at the same instant
    while loop.time() < end:
        path = "/" if rng.random() < 0.1 else "/api/clock"
        close = "Connection: close\r\n" if fresh or rude else ""
        request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{close}\r\n".encode()
        if rude and rng.random() < 0.5:
            try:
                reader, writer = await asyncio.open_connection(host, port)
                writer.write(request)
                await writer.drain()
                sock = writer.get_extra_info("socket")
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                writer.transport.abort()  # a reset, whatever the server is doing
                result.dropped += 1
            except OSError:
                pass
            reader = writer = None
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            continue
        result.requests += 1
        started = time.perf_counter()
        try:
            async with asyncio.timeout(limit):
                if writer is None:
                    reader, writer = await asyncio.open_connection(host, port)
                assert reader is not None
                writer.write(request)
                head = await reader.readuntil(b"\r\n\r\n")
                body = await reader.readexactly(_head_length(head))
            status = head.split(b" ", 2)[1]
            if status != b"200":
                raise ValueError(f"status {status.decode(errors='replace')}")
            if path == "/api/clock" and not body.startswith(b'{"'):
                raise ValueError("not the clock's JSON")
            if path == "/" and b"</html>" not in body:
                raise ValueError("not the page")
            result.answered += 1
            result.latencies.append(time.perf_counter() - started)
            if re.search(rb"(?im)^connection:\s*close", head) or b"HTTP/1.0" in head[:9]:
                await _close(writer)  # the server closes it: the next request opens another
                reader = writer = None
        except Exception as exc:
            what = "timeout" if isinstance(exc, TimeoutError) else type(exc).__name__
            result.failures[what] = result.failures.get(what, 0) + 1
            await _close(writer)
            reader = writer = None
        if fresh or rude:
            await _close(writer)
            reader = writer = None
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
    await _close(writer)


async def _half_open(i: int, host: str, port: int, end: float, result: Result) -> None:
    """A connection that never finishes its request; another one each time it is closed."""
    loop = asyncio.get_running_loop()
    while loop.time() < end:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            await asyncio.sleep(0.5)
            continue
        opened = loop.time()
        if i % 2:
            writer.write(b"GET /api/clock HTTP/1.1\r\nHost: tv\r\n")  # and never the blank line
        try:
            async with asyncio.timeout(max(0.0, end - loop.time())):
                await reader.read()  # until the server closes it
            result.half_open_closed += 1
            result.half_open_lifetimes.append(loop.time() - opened)
        except (TimeoutError, OSError):
            pass
        await _close(writer)


async def _sample_threads(server: Server | None, end: float, result: Result) -> None:
    loop = asyncio.get_running_loop()
    while server is not None and loop.time() < end:
        result.max_threads = max(result.max_threads, server.threads())
        await asyncio.sleep(0.5)


async def _load(
    host: str,
    port: int,
    clients: int,
    seconds: float,
    half_open: int,
    think: float,
    limit: float,
    server: Server | None,
) -> Result:
    loop = asyncio.get_running_loop()
    result = Result(seconds)
    end = loop.time() + seconds
    opened = [asyncio.create_task(_half_open(i, host, port, end, result)) for i in range(half_open)]
    await asyncio.sleep(0.2)  # the half-open connections are there first
    tasks = [
        asyncio.create_task(_client(i, host, port, end, think, limit, result))
        for i in range(clients)
    ]
    tasks.append(asyncio.create_task(_sample_threads(server, end, result)))
    await asyncio.gather(*tasks, *opened)
    return result


def load(
    host: str,
    port: int,
    *,
    clients: int = 200,
    seconds: float = 10.0,
    half_open: int = 50,
    think: float = 0.2,
    limit: float = 30.0,
    server: Server | None = None,
) -> Result:
    """Run the load described in the module's docstring against host:port."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 4 * (clients + half_open) + 256))
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return asyncio.run(_load(host, port, clients, seconds, half_open, think, limit, server))
