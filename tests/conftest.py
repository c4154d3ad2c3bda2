"""Fixtures shared by every test directory: cheap password hashes and a throwaway
PostgreSQL server.

New password hashes use the cheapest argon2id cost in tests (the production cost
spends tens of milliseconds per hash, and every test game hashes seven passwords).
One PostgreSQL server runs for the whole session (starting one takes seconds); each
test that asks for ``postgres_url`` gets an empty database of its own on it, and
``migrated_postgres_url`` a copy of a template database migrated once per session.

Property tests (hypothesis) draw the same examples on every run of ``make test``
(profile ``steady``), so a submission's suite passes or fails by its code, not by the
draw. ``JUDGE_HYPOTHESIS=explore make test`` draws new examples each run: the
way to look for new failures on purpose.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from hypothesis import settings

from judge.store.passwords import set_hash_cost
from tests.pgserver import running_postgres

TEMPLATE_DB = "judge_template"

settings.register_profile("steady", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("JUDGE_HYPOTHESIS", "steady"))


@pytest.fixture(scope="session", autouse=True)
def cheap_password_hashes() -> Iterator[None]:
    """argon2id with one pass over 8 KiB for every hash the tests make in-process
    (judge processes the tests start keep the production cost)."""
    set_hash_cost(time_cost=1, memory_kib=8)
    yield
    set_hash_cost()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[int]:
    """A PostgreSQL server on loopback (tests.pgserver); yields its port.  User
    ``judge``, trust authentication, fsync off."""
    with running_postgres() as server:
        yield server.port


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
