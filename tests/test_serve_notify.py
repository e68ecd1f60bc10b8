"""Several `tdtool serve` on one PostgreSQL tournament stay in step by LISTEN/NOTIFY.

Both servers ask the store only every 30 s here, so a change that reaches the other's event
stream within a second came by the notification; a laptop's command notifies the same way.
When the notification connection drops, the poll still brings each change.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from tdtool.app import staff
from tdtool.io.store_pg import CHANNEL
from tests.conftest import ROOT
from tests.tournament_fixtures import make

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
LONG_POLL = 30.0
SERVE = (
    "import sys, uvicorn\n"
    "from tdtool.web.server import Settings, build\n"
    "app = build(Settings(sys.argv[1], poll=float(sys.argv[3])))\n"
    "uvicorn.run(app, host='127.0.0.1', port=int(sys.argv[2]), log_level='warning')\n"
)
"""`tdtool serve` as the CLI builds it, with a poll the CLI does not offer (30 s)."""


def tdtool(url: str, *args: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tdtool", "--db", url, "--operator", "Tom", *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(url: str, poll: float = LONG_POLL) -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, url, str(port), str(poll)], env=ENV, stderr=subprocess.PIPE
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{base}/api/public", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            pytest.fail("serve did not start")
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=15)


class Stream:
    """One page's event stream: the data of each `state` event, in order."""

    def __init__(self, base: str) -> None:
        self.client = httpx.Client(base_url=base, timeout=10)
        self._opened = self.client.stream("GET", "/api/events")  # kept: dropped, it closes
        self.response = self._opened.__enter__()
        self.lines = self.response.iter_lines()

    def next_state(self) -> dict:
        for line in self.lines:
            if line.startswith("data: "):
                return json.loads(line[6:])
        raise AssertionError("the stream ended")

    def until(self, status: str) -> None:
        """Read on until the clock's status is `status` (the staff's sign-in is a change too)."""
        while self.next_state()["status"] != status:
            pass

    def close(self) -> None:
        self._opened.__exit__(None, None, None)
        self.client.close()


def director(base: str, url: str) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=base, timeout=10)
    issued = staff.add(url, f"Maria{uuid.uuid4().hex[:4]}", "director")
    assert client.post(f"/signin/{issued.code}").status_code in (200, 303)
    return client, client.get("/api/session").json()["csrf"]


@pytest.fixture
def tournament(pg_server) -> str:
    url = pg_server.url(f"notify-{uuid.uuid4().hex[:10]}")
    make(url)
    tdtool(url, "player", "add", "Anna", "Ben", "Carl", "Dana")
    tdtool(url, "seat", "draw")
    tdtool(url, "clock", "start")
    return url


def test_a_change_through_one_serve_reaches_the_others_pages_at_once(tournament):
    with serving(tournament) as one, serving(tournament) as other:
        time.sleep(1.0)  # both LISTEN
        follower = Stream(other)
        try:
            assert follower.next_state()["status"] == "running"
            client, csrf = director(one, tournament)
            started = time.monotonic()
            answer = client.post("/api/clock", json={"action": "pause"},
                                 headers={"X-CSRF-Token": csrf})  # fmt: skip
            assert answer.status_code == 200, answer.text
            follower.until("paused")
            assert time.monotonic() - started < 1.0 < LONG_POLL

            started = time.monotonic()
            tdtool(tournament, "clock", "resume")  # a laptop's command notifies too
            follower.until("running")
            assert time.monotonic() - started < 5.0 < LONG_POLL  # the command's own start-up
        finally:
            follower.close()


def test_when_the_notification_connection_drops_the_poll_still_brings_each_change(
    tournament, pg_server, monkeypatch
):
    from tdtool.web import notify
    from tdtool.web.reader import Feed, Reader

    monkeypatch.setattr(notify, "RETRY", 60.0)  # it stays down for the whole test

    async def follow() -> None:
        reader = Reader(tournament)
        feed = Feed(reader, poll=0.5)
        loop = asyncio.get_running_loop()
        channel = await reader.call(reader.channel)
        assert channel is not None
        listener = notify.Listener(*channel, lambda: loop.call_soon_threadsafe(feed.wake))
        listener.start()
        task = asyncio.create_task(feed.run())
        stream = feed.stream()
        try:
            await asyncio.to_thread(listener.connected.wait, 10)
            assert json.loads((await anext(stream)).split("data: ", 1)[1])["status"] == "running"
            pg_server.admin(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                f" WHERE query = 'LISTEN {CHANNEL}'"
            )
            for _ in range(100):
                if listener.drops:
                    break
                await asyncio.sleep(0.05)
            assert listener.drops == 1 and not listener.connected.is_set()
            await asyncio.to_thread(tdtool, tournament, "clock", "pause")
            event = await asyncio.wait_for(anext(stream), 3.0)
            assert json.loads(event.split("data: ", 1)[1])["status"] == "paused"
        finally:
            await stream.aclose()
            task.cancel()
            listener.stop()
            reader.close()

    asyncio.run(follow())
