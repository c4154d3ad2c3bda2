"""Migrated test databases without running the migrations for every test.

The migrations run once per test process into a template SQLite file; each test
that needs a migrated database gets a byte copy of it (a copy takes well under a
millisecond, a migration tens of milliseconds).  The PostgreSQL counterpart is a
template database on the session's server (``migrated_postgres_url`` in
tests/conftest.py).  Tests of the migrations themselves still call ``migrate``.
"""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from pathlib import Path

from judge.store.db import migrate

_template: Path | None = None


def _sqlite_template() -> Path:
    """The process's migrated template file, made on first use."""
    global _template
    if _template is None:
        base = Path(tempfile.mkdtemp(prefix="judge-template-"))
        atexit.register(shutil.rmtree, base, True)
        path = base / "template.db"
        migrate(f"sqlite:///{path}")
        # Fold the write-ahead log into the file so that the file alone is the database.
        conn = sqlite3.connect(path)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        leftovers = [p.name for p in base.iterdir() if p != path]
        assert not leftovers, f"the template left files beside it: {leftovers}"
        _template = path
    return _template


def migrated_sqlite_file(path: Path) -> str:
    """Put a migrated SQLite database at ``path`` (a copy of the template); its URL."""
    template = _sqlite_template()
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"
