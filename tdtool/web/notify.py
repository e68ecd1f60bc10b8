"""Several `tdtool serve` on one PostgreSQL tournament in step: LISTEN for each change.

Every change to a PostgreSQL tournament (a laptop's command, any `serve` process) sends
`NOTIFY tdtool_change, '<tournament id>'` as it commits (tdtool.io.store_pg). `Listener` holds
one more connection, in its own thread, that LISTENs on that channel and wakes the `Feed` at
once when its tournament changed. When the connection drops it is opened again a second
later; meanwhile the Feed still asks the store every `poll` seconds, so pages fall behind by
at most one poll, never for good. A tournament file has no channel: the Feed polls it
(`PRAGMA data_version`, microseconds).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

RETRY = 1.0
"""Seconds before a dropped notification connection is opened again."""
TICK = 1.0
"""Seconds between two looks at the stop flag while waiting for a notification."""


class Listener:
    """A thread that calls `wake()` each time tournament `tournament_id` changes."""

    def __init__(self, target: Any, tournament_id: int, wake: Callable[[], None]) -> None:
        self.target = target
        self.tournament_id = str(tournament_id)
        self.wake = wake
        self.connected = threading.Event()
        """Set while the LISTEN connection is up (the tests wait for it)."""
        self.drops = 0
        """How many times the connection was lost (and opened again)."""
        self._stop = threading.Event()
        self._conn: Any = None
        self._thread = threading.Thread(target=self._run, name="tdtool-serve-listen", daemon=True)

    def start(self) -> None:
        """Listen from now on."""
        self._thread.start()

    def stop(self) -> None:
        """Stop listening and close the connection."""
        self._stop.set()
        self._thread.join(timeout=TICK + 5)

    def _run(self) -> None:
        from tdtool.io.store_pg import CHANNEL, connect

        while not self._stop.is_set():
            try:
                self._conn = connect(self.target)
                self._conn.execute(f"LISTEN {CHANNEL}")
                self.connected.set()
                self.wake()  # what changed while not listening is read now
                while not self._stop.is_set():
                    for note in self._conn.notifies(timeout=TICK):
                        if note.payload == self.tournament_id:
                            self.wake()
            except Exception:  # the server went away: the Feed's poll carries on meanwhile
                if self.connected.is_set():
                    self.drops += 1
                self.connected.clear()
                self._stop.wait(RETRY)
            finally:
                self.connected.clear()
                if self._conn is not None:
                    with contextlib.suppress(Exception):
                        self._conn.close()
                    self._conn = None
