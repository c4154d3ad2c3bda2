"""The web tests play games through the end-to-end rig: its fixtures serve here too,
and the demo game played and served."""

from __future__ import annotations

import io
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.config import load_config
from judge.demo.main import run_demo
from judge.demo.rig import free_port
from judge.store.db import make_engine
from judge.store.passwords import set_hash_cost
from judge.web.server import WebThread
from tests.commands.helpers import add_game, judge_config, migrated_engine
from tests.e2e.conftest import master_key  # noqa: F401  (the game master's real key)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The demo played, its pages served on a free port: (base URL, demo directory)."""
    root = tmp_path_factory.mktemp("demo") / "demo"
    out = io.StringIO()
    assert run_demo(root, out) == 0, out.getvalue()
    assert "The game's page: http://127.0.0.1:" in out.getvalue()
    config = load_config(root / "judge.toml")
    config.web.port = free_port()
    engine = make_engine(config.database.url)
    web = WebThread(engine, config)
    web.start()
    try:
        yield f"http://127.0.0.1:{config.web.port}", root
    finally:
        web.stop()
        engine.dispose()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Engine, str]]:
    """A game g1 (tests.commands.helpers.add_game), its pages served: (engine, URL)."""
    set_hash_cost(time_cost=1, memory_kib=8)
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session, "g1")
    config = judge_config()
    config.web.port = free_port()
    web = WebThread(engine, config)
    web.start()
    try:
        yield engine, f"http://127.0.0.1:{config.web.port}"
    finally:
        web.stop()
        engine.dispose()


def served_page(engine: Engine, path: str) -> str:
    """One page of ``engine``'s database, served for the moment (the engine is
    disposed of afterwards)."""
    config = judge_config()
    config.web.port = free_port()
    web = WebThread(engine, config)
    web.start()
    try:
        url = f"http://127.0.0.1:{config.web.port}{path}"
        with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
            return answer.read().decode("utf-8")
    finally:
        web.stop()
        engine.dispose()
