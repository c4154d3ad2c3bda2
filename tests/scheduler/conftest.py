"""The scheduler tests' database: a real, migrated SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.store.db import make_engine, migrate


@pytest.fixture
def engine(tmp_path: Path) -> Iterator:
    url = f"sqlite:///{tmp_path}/judge.db"
    migrate(url)
    eng = make_engine(url)
    yield eng
    eng.dispose()
