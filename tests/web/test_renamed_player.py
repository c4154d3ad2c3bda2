"""A player who changes their name (REGISTER with a Name line) is named so on the
game's page at once: the page was kept under its game's changes only, so it went on
showing the name the player had taken back until the game changed again."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from judge.demo.rig import free_port
from judge.store.models import Account
from judge.web.server import WebThread
from tests.commands.helpers import (
    add_game,
    address,
    deliver,
    judge_config,
    make_mail,
    migrated_engine,
)

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Engine, str]]:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    config = judge_config()
    config.web.port = free_port()
    web = WebThread(engine, config)
    web.start()
    try:
        yield engine, f"http://127.0.0.1:{config.web.port}/game/game1"
    finally:
        web.stop()
        engine.dispose()


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
        return answer.read().decode("utf-8")


def test_a_new_name_shows_at_once(served: tuple[Engine, str]) -> None:
    engine, url = served
    assert "France Player" in _page(url)
    deliver(engine, make_mail(address("france"), "REGISTER\nName: Fleur Pseudonym\nEND\n"))
    with Session(engine) as session:
        renamed = session.exec(select(Account).where(Account.address == address("france"))).one()
        assert renamed.name == "Fleur Pseudonym"  # the registration was changed
    page = _page(url)
    assert "Fleur Pseudonym" in page and "France Player" not in page
