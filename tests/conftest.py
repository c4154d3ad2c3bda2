"""Fixtures shared by every test package: a throwaway PostgreSQL server."""

from __future__ import annotations

import functools
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _as_postgres(args: list[str]) -> list[str]:
    """Run as the postgres user when we are root (the server refuses to run as root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


@pytest.fixture(scope="module")
def postgres_url():
    """A throwaway PostgreSQL server on loopback (Debian's postgresql package)."""
    pg_ctls = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not pg_ctls:
        pytest.skip("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl)")
    bindir = Path(pg_ctls[-1]).parent
    base = Path(tempfile.mkdtemp(prefix="judge-pg-"))
    data, sock, log = base / "data", base / "sock", base / "server.log"
    sock.mkdir()
    if os.geteuid() == 0:
        shutil.chown(base, "postgres", "postgres")
        shutil.chown(sock, "postgres", "postgres")
    port = _free_port()
    run = functools.partial(subprocess.run, check=True, capture_output=True, timeout=120)
    try:
        run(_as_postgres([str(bindir / "initdb"), "-D", str(data), "-U", "judge",
                          "--auth=trust", "-E", "UTF8", "--no-locale"]))  # fmt: skip
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {sock} -c fsync=off"
        run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log),
                          "-o", options, "-w", "-t", "60", "start"]))  # fmt: skip
    except subprocess.CalledProcessError as error:
        shutil.rmtree(base, ignore_errors=True)
        pytest.fail(f"could not start PostgreSQL: {error.stderr.decode(errors='replace')}")
    try:
        import psycopg

        with psycopg.connect(
            f"host=127.0.0.1 port={port} user=judge dbname=postgres", autocommit=True
        ) as conn:
            conn.execute("CREATE DATABASE judge_test")
        yield f"postgresql+psycopg://judge@127.0.0.1:{port}/judge_test"
    finally:
        subprocess.run(
            _as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
            capture_output=True,
            timeout=120,
        )
        shutil.rmtree(base, ignore_errors=True)
