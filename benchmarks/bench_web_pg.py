"""`tdtool serve` under an evening's load on PostgreSQL, across two `serve` processes.

Issue 25's load (benchmarks/bench_web.py: 300 players' pages following the push, 10 staff
acting for 60 s, TDTOOL_BENCH_WEB_SECONDS) on one PostgreSQL tournament served by two
`tdtool serve` processes, as a venue running one per room: the pages and the staff are
dealt out between them in turn (150 pages, 5 staff each), so every change made through one
process reaches the pages of the other only by LISTEN/NOTIFY. Figures as bench_web's, and
per process: its staff's latency, and how soon the last change reached its pages.

The server is a throw-away PostgreSQL 15 in a temporary folder (tests/pg_server.py), or the
one in TDTOOL_BENCH_PG (a postgresql:// URL of a database the benchmark may add a
tournament to).

    python benchmarks/run.py web_pg
"""

from __future__ import annotations

import os
import sys
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVES = int(os.environ.get("TDTOOL_BENCH_WEB_SERVES", "2"))


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from benchmarks.bench_web import run, seated
    from tdtool.io.store_base import create_store
    from tests.tournament_fixtures import created

    server = None
    url = os.environ.get("TDTOOL_BENCH_PG")
    if not url:
        from tests import pg_server

        server = pg_server.start()
        url = server.url()
    try:
        target = f"{url}?tournament=web-{uuid.uuid4().hex[:6]}"
        create_store(target, [("tournament.created", created(buy_in=100))]).close()
        with tempfile.TemporaryDirectory() as tmp:
            run(seated(target), Path(tmp), SERVES)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
