"""A player who changes their name (REGISTER with a Name line) is named so on the
game's page at once: the page was kept under its game's changes only, so it went on
showing the name the player had taken back until the game changed again."""

from __future__ import annotations

import urllib.request

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from judge.store.models import Account
from tests.commands.helpers import (
    address,
    deliver,
    make_mail,
)

pytestmark = pytest.mark.timeout(240)


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
        return answer.read().decode("utf-8")


def test_a_new_name_shows_at_once(served: tuple[Engine, str]) -> None:
    engine, web = served
    url = f"{web}/game/g1"
    assert "France Player" in _page(url)
    deliver(engine, make_mail(address("france"), "REGISTER\nName: Fleur Pseudonym\nEND\n"))
    with Session(engine) as session:
        renamed = session.exec(select(Account).where(Account.address == address("france"))).one()
        assert renamed.name == "Fleur Pseudonym"  # the registration was changed
    page = _page(url)
    assert "Fleur Pseudonym" in page and "France Player" not in page
