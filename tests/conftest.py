"""Fixtures shared by every test directory: a throwaway PostgreSQL server.

One server runs for the whole session (starting one takes seconds); each test that
asks for ``postgres_url`` gets a database of its own on it.
"""

from __future__ import annotations

import functools
import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.demo.rig import free_port


def _as_postgres(args: list[str]) -> list[str]:
    """Run as the postgres user when we are root (the server refuses to run as root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[int]:
    """A PostgreSQL server on loopback (Debian's postgresql package); yields its port.
    User ``judge``, trust authentication, fsync off."""
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
    port = free_port()
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
        yield port
    finally:
        subprocess.run(
            _as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
            capture_output=True,
            timeout=120,
        )
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: int) -> str:
    """A new, empty database on the session's PostgreSQL server (not migrated)."""
    import psycopg

    name = f"judge_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(
        f"host=127.0.0.1 port={postgres_server} user=judge dbname=postgres", autocommit=True
    ) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"postgresql+psycopg://judge@127.0.0.1:{postgres_server}/{name}"
