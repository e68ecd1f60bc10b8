"""Drive headless Chromium through the DevTools protocol (CDP), with the standard library only.

`Browser(tmp_path)` starts one Chromium with its own profile (a browser of its own: its own
cookies); `browser.page(width, height)` opens a tab at that size as a phone; a `Page` goes
to a URL, evaluates JavaScript and takes screenshots. The WebSocket is the small part of
RFC 6455 a client needs (masked text frames out, frames in, continuation joined).
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.browser import CHROMIUM, FLAGS


class WebSocket:
    """A WebSocket client on a ws:// URL (the DevTools endpoint of a tab)."""

    def __init__(self, url: str, timeout: float = 30) -> None:
        rest = url.removeprefix("ws://")
        hostport, _, path = rest.partition("/")
        host, _, port = hostport.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the DevTools endpoint closed the connection")
            head += chunk
        assert head.startswith(b"HTTP/1.1 101"), head

    def _exact(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("the DevTools endpoint closed the connection")
            data += chunk
        return data

    def send(self, text: str) -> None:
        payload = text.encode()
        head = bytes([0x81])
        n = len(payload)
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def recv(self) -> str:
        message = b""
        while True:
            first, second = self._exact(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(n)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("the DevTools endpoint closed the WebSocket")
            if opcode in (0x9, 0xA):  # ping, pong
                continue
            message += payload
            if first & 0x80:
                return message.decode()

    def close(self) -> None:
        self.sock.close()


class Page:
    """One tab: commands by id, events read past."""

    def __init__(self, ws_url: str) -> None:
        self.ws = WebSocket(ws_url)
        self._id = 0

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        self._id += 1
        self.ws.send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self._id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result

    def js(self, expression: str) -> Any:
        """The value of `expression` in the page (a promise is awaited)."""
        answer = self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in answer:
            raise RuntimeError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def goto(self, url: str, timeout: float = 15) -> None:
        self.send("Page.navigate", url=url)
        self.wait("document.readyState === 'complete'", timeout)

    def wait(self, condition: str, timeout: float = 10, every: float = 0.02) -> float:
        """Seconds until `condition` (JavaScript) was true; AssertionError at `timeout`."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            try:
                if self.js(condition):
                    return time.monotonic() - start
            except RuntimeError:  # the page is navigating
                pass
            time.sleep(every)
        raise AssertionError(f"not within {timeout} s: {condition}")

    def screenshot(self, path: Path, whole: bool = True) -> Path:
        """A PNG of the whole page (`whole`), or of what the screen shows. The tab is brought
        to the front first: Chromium draws a frame for a tab behind another only after about
        30 s, so a picture of it took that long."""
        self.send("Page.bringToFront")
        data = self.send("Page.captureScreenshot", format="png", captureBeyondViewport=whole)
        path.write_bytes(base64.b64decode(data["data"]))
        return path

    def close(self) -> None:
        self.ws.close()


class Browser:
    """One headless Chromium with a profile of its own."""

    def __init__(self, tmp_path: Path, name: str) -> None:
        assert CHROMIUM is not None
        profile = tmp_path / f"profile-{name}"
        profile.mkdir()
        self.proc = subprocess.Popen(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
             "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            assert time.monotonic() < deadline, "Chromium did not start"
            time.sleep(0.05)
        self.port = int(port_file.read_text().split()[0])
        self.pages: list[Page] = []

    def page(self, width: int, height: int, scale: float = 2) -> Page:
        """A new tab the size of a phone (or a tablet), touch and all."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/json/new?about:blank", method="PUT"
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            target = json.loads(answer.read())
        page = Page(target["webSocketDebuggerUrl"])
        page.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=scale,
            mobile=True,
        )
        page.send("Emulation.setTouchEmulationEnabled", enabled=True)
        page.send("Page.enable")
        self.pages.append(page)
        return page

    def close(self) -> None:
        for page in self.pages:
            page.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
