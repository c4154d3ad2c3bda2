"""The shortcuts the test suite takes are faithful: a copy of the migrated template
is the database the migrations make, and the cheap password hashes of the tests
leave the production cost and the checking of real hashes as they are."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import inspect, text

from judge.store import passwords
from judge.store.db import make_engine, migrate
from tests.migrated import migrated_sqlite_file


def _sqlite_schema(path: Path) -> tuple[list[tuple], list[tuple]]:
    conn = sqlite3.connect(path)
    try:
        schema = conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        ).fetchall()
        revision = conn.execute("SELECT version_num FROM alembic_version").fetchall()
    finally:
        conn.close()
    return schema, revision


def test_a_template_copy_is_what_the_migrations_make(tmp_path: Path) -> None:
    migrate(f"sqlite:///{tmp_path / 'fresh.db'}")
    migrated_sqlite_file(tmp_path / "copy" / "judge.db")
    fresh = _sqlite_schema(tmp_path / "fresh.db")
    assert fresh[0] and fresh[1]
    assert _sqlite_schema(tmp_path / "copy" / "judge.db") == fresh


def test_template_copies_are_separate_databases(tmp_path: Path) -> None:
    first = make_engine(migrated_sqlite_file(tmp_path / "a.db"))
    second = make_engine(migrated_sqlite_file(tmp_path / "b.db"))
    try:
        with first.begin() as conn:
            conn.execute(text("CREATE TABLE scratch (x INTEGER)"))
        assert "scratch" in inspect(first).get_table_names()
        assert "scratch" not in inspect(second).get_table_names()
    finally:
        first.dispose()
        second.dispose()


def test_the_postgres_template_copy_is_what_the_migrations_make(
    postgres_url: str, migrated_postgres_url: str
) -> None:
    migrate(postgres_url)
    shapes = []
    for url in (postgres_url, migrated_postgres_url):
        engine = make_engine(url)
        try:
            found = inspect(engine)
            tables = sorted(found.get_table_names())
            columns = {t: [c["name"] for c in found.get_columns(t)] for t in tables}
            with engine.connect() as conn:
                revision = conn.execute(text("SELECT version_num FROM alembic_version")).all()
        finally:
            engine.dispose()
        shapes.append((tables, columns, revision))
    assert shapes[0][0]
    assert shapes[1] == shapes[0]


def test_tests_hash_cheaply_and_the_production_cost_is_unchanged() -> None:
    assert passwords.hash_password("secret").startswith("$argon2id$v=19$m=8,t=1,p=1$")
    try:
        passwords.set_hash_cost()
        production = passwords.hash_password("secret")
    finally:
        passwords.set_hash_cost(time_cost=1, memory_kib=8)
    assert production.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    # A hash made at the production cost is checked by its own parameters.
    assert passwords.verify_password(production, "secret")
    assert not passwords.verify_password(production, "secreT")
