"""A PostgreSQL server of its own, for the tests and the benchmarks: Debian's
postgresql package run from a scratch directory, on loopback, user ``judge`` with
trust authentication (as the postgres user when we are root: the server refuses to
run as root)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from judge.demo.rig import free_port


class PostgresServer:
    """One server; ``fsync`` off trades durability for speed (tests only)."""

    def __init__(self, *, fsync: bool = True) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not found:
            raise FileNotFoundError(
                "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl)"
            )
        self.bindir = Path(found[-1]).parent
        self.fsync = fsync
        self.base = Path(tempfile.mkdtemp(prefix="judge-pg-"))
        self.data = self.base / "data"
        self.port = free_port()

    def _run(self, *args: str, check: bool = True) -> None:
        as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run([*as_postgres, *args], check=check, capture_output=True, timeout=120)

    def start(self) -> int:
        """Create the cluster and start the server; return its port.  Raises
        subprocess.CalledProcessError when it cannot (the files are removed then)."""
        sock = self.base / "sock"
        sock.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.base, "postgres", "postgres")
            shutil.chown(sock, "postgres", "postgres")
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {sock}"
        if not self.fsync:
            options += " -c fsync=off"
        try:
            self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "judge",
                      "--auth=trust", "-E", "UTF8", "--no-locale")  # fmt: skip
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
                      str(self.base / "server.log"), "-o", options, "-w", "-t", "60",
                      "start")  # fmt: skip
        except subprocess.CalledProcessError:
            shutil.rmtree(self.base, ignore_errors=True)
            raise
        return self.port

    def restart(self) -> None:
        """``pg_ctl restart -m fast``: every connection is cut, the server comes back
        on the same port with the same options."""
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.base / "server.log"), "-m", "fast", "-w", "-t", "60",
                  "restart")  # fmt: skip

    def stop(self) -> None:
        """Stop the server (whatever pg_ctl says) and remove its files."""
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w",
                  "stop", check=False)  # fmt: skip
        shutil.rmtree(self.base, ignore_errors=True)
