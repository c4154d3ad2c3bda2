"""Fixtures shared by every test directory: cheap password hashes and a throwaway
PostgreSQL server.

New password hashes use the cheapest argon2id cost in tests (the production cost
spends tens of milliseconds per hash, and every test game hashes seven passwords).
One PostgreSQL server runs for the whole session (starting one takes seconds); each
test that asks for ``postgres_url`` gets an empty database of its own on it, and
``migrated_postgres_url`` a copy of a template database migrated once per session.
"""

from __future__ import annotations

import functools
import glob
import os
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from judge.demo.rig import free_port
from judge.store.passwords import set_hash_cost

TEMPLATE_DB = "judge_template"


@pytest.fixture(scope="session", autouse=True)
def cheap_password_hashes() -> Iterator[None]:
    """argon2id with one pass over 8 KiB for every hash the tests make in-process
    (judge processes the tests start keep the production cost)."""
    set_hash_cost(time_cost=1, memory_kib=8)
    yield
    set_hash_cost()


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


def _create_database(port: int, template: str | None = None) -> str:
    """A new database on the server at ``port`` (a copy of ``template`` if given); its URL."""
    import psycopg

    name = f"judge_{uuid.uuid4().hex[:12]}"
    copy = f" TEMPLATE {template}" if template else ""
    with psycopg.connect(
        f"host=127.0.0.1 port={port} user=judge dbname=postgres", autocommit=True
    ) as conn:
        conn.execute(f"CREATE DATABASE {name}{copy}")
    return f"postgresql+psycopg://judge@127.0.0.1:{port}/{name}"


@pytest.fixture
def postgres_url(postgres_server: int) -> str:
    """A new, empty database on the session's PostgreSQL server (not migrated)."""
    return _create_database(postgres_server)


@pytest.fixture(scope="session")
def postgres_template(postgres_server: int) -> str:
    """The name of a database on the session's server migrated to head, once."""
    import psycopg

    from judge.store.db import migrate

    with psycopg.connect(
        f"host=127.0.0.1 port={postgres_server} user=judge dbname=postgres", autocommit=True
    ) as conn:
        conn.execute(f"CREATE DATABASE {TEMPLATE_DB}")
    # The migration's engine is disposed when it ends: no connection is left on the
    # template, which CREATE DATABASE ... TEMPLATE requires.
    migrate(f"postgresql+psycopg://judge@127.0.0.1:{postgres_server}/{TEMPLATE_DB}")
    return TEMPLATE_DB


@pytest.fixture
def migrated_postgres_url(postgres_server: int, postgres_template: str) -> str:
    """A new database at the migrations' head: a copy of the session's template."""
    return _create_database(postgres_server, postgres_template)


@pytest.fixture
def within_one_clock_hour() -> None:
    """For tests of the hourly limits (counted per clock hour, UTC): wait out the last
    30 seconds of an hour, so the test's mails all fall in one hour."""
    now = datetime.now(UTC)
    if now.minute == 59 and now.second >= 30:
        time.sleep(61 - now.second)
