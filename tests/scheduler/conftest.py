"""The scheduler tests' database: a real, migrated SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.store.db import make_engine
from tests.migrated import migrated_sqlite_file


@pytest.fixture
def engine(tmp_path: Path) -> Iterator:
    eng = make_engine(migrated_sqlite_file(tmp_path / "judge.db"))
    yield eng
    eng.dispose()
