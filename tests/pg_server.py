"""A throw-away PostgreSQL 15 server for the tests, in a temporary folder.

`start()` runs initdb and pg_ctl as the `postgres` user (the tests run as root, and the
server refuses to run as root) on 127.0.0.1 with a free port, and sets up what a festival
would: a role `td` with a password and a database `festival` it owns. `stop()` removes it.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

BIN = Path(os.environ.get("TDTOOL_PG_BIN", "/usr/lib/postgresql/15/bin"))
USER = "td"
PASSWORD = "s3cret-pw"
DATABASE = "festival"


@dataclass
class Server:
    root: Path
    port: int

    def url(self, tournament: str | None = None, password: bool = True) -> str:
        auth = f"{USER}:{PASSWORD}" if password else USER
        url = f"postgresql://{auth}@127.0.0.1:{self.port}/{DATABASE}"
        return url if tournament is None else f"{url}?tournament={tournament}"

    def admin(self, sql: str, database: str = DATABASE) -> str:
        """Run SQL as the superuser (psql over the socket)."""
        return _as_postgres(
            [
                str(BIN / "psql"),
                "-h",
                str(self.root),
                "-p",
                str(self.port),
                "-d",
                database,
                "-v",
                "ON_ERROR_STOP=1",
                "-qAtc",
                sql,
            ]
        )

    def stop(self) -> None:
        subprocess.run(
            _runuser(
                [str(BIN / "pg_ctl"), "-D", str(self.root / "data"), "-m", "immediate", "stop"]
            ),
            capture_output=True,
            timeout=30,
        )
        shutil.rmtree(self.root, ignore_errors=True)


def _runuser(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


def _as_postgres(cmd: list[str]) -> str:
    done = subprocess.run(_runuser(cmd), capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start() -> Server:
    """Start a server; RuntimeError saying why when it cannot."""
    if not (BIN / "initdb").exists():
        raise RuntimeError(f"PostgreSQL binaries not found in {BIN} (apt-get install postgresql)")
    root = Path(tempfile.mkdtemp(prefix="tdtool-pg-"))
    try:
        os.chmod(root, 0o755)
        if os.geteuid() == 0:
            shutil.chown(root, "postgres", "postgres")
        _as_postgres(
            [
                str(BIN / "initdb"),
                "-D",
                str(root / "data"),
                "-U",
                "postgres",
                "-A",
                "trust",
                "--no-sync",
                "-E",
                "UTF8",
                "--locale=C",
            ]
        )
        with open(root / "data" / "pg_hba.conf", "w") as hba:
            hba.write(
                "local all all trust\n"
                "host all postgres 127.0.0.1/32 trust\n"
                "host all all 127.0.0.1/32 scram-sha-256\n"
            )
        port = _free_port()
        options = (
            f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
            " -c full_page_writes=off -c max_connections=60 -c shared_buffers=32MB"
        )
        _as_postgres(
            [
                str(BIN / "pg_ctl"),
                "-D",
                str(root / "data"),
                "-o",
                options,
                "-l",
                str(root / "log"),
                "-w",
                "-t",
                "30",
                "start",
            ]
        )
        server = Server(root, port)
        server.admin(f"CREATE ROLE {USER} LOGIN PASSWORD '{PASSWORD}'", "postgres")
        server.admin(f"CREATE DATABASE {DATABASE} OWNER {USER}", "postgres")
        return server
    except BaseException:
        subprocess.run(
            _runuser([str(BIN / "pg_ctl"), "-D", str(root / "data"), "-m", "immediate", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)
        raise


if __name__ == "__main__":  # python -m tests.pg_server: start one and print its URL
    import time

    s = start()
    print(s.url(), flush=True)
    try:
        while True:
            time.sleep(3600)
    finally:
        s.stop()
