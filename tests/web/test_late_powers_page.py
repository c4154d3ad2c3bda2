"""A game's page marks the powers late once the deadline has passed, as LIST does
(njudge's LIST: ``late`` beside each power whose orders are missing).  The page
marked none: it had no such mark, and its memory was keyed by the game's changes
only, so a page built before the deadline was served unchanged after it, as nothing
in the game changes when a deadline passes.  An anonymous game says only that some
are late (who is late is not told, as in its late notices).

Real time: the deadline is set a few seconds ahead, the page read before it (built
and remembered) and again after it, by headless Chromium."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlmodel import Session

from judge.demo.rig import free_port
from judge.web.server import WebThread
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    deliver,
    judge_config,
    make_mail,
    migrated_engine,
)
from tests.web.test_browser import CHROMIUM, Browser

pytestmark = [
    pytest.mark.timeout(240),
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is installed by `make test`"),
]
AHEAD = timedelta(seconds=3)


def _served(tmp_path: Path, anonymous: bool) -> Iterator[tuple[str, datetime]]:
    """game1, France's orders in, its deadline AHEAD of now, served: (its page's
    address, its deadline)."""
    engine = migrated_engine(tmp_path)
    now = datetime.now(UTC)
    with Session(engine) as session:
        game = add_game(session)
        game.deadline, game.anonymous = now + AHEAD, anonymous
        session.add(game)
        session.commit()
    orders = f"SIGNON Fgame1 {PASSWORDS['france']}\nA par H\nA mar H\nF bre H\n"
    deliver(engine, make_mail(address("france"), orders), now=now)
    config = judge_config()
    config.web.port = free_port()
    web = WebThread(engine, config)
    web.start()
    try:
        yield f"http://127.0.0.1:{config.web.port}/game/game1", now + AHEAD
    finally:
        web.stop()
        engine.dispose()


def _read(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
        return answer.read().decode("utf-8")


def _after(deadline: datetime) -> None:
    time.sleep(max(0.0, (deadline - datetime.now(UTC)).total_seconds()) + 0.5)


def test_the_late_powers_are_marked_once_the_deadline_has_passed(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    browser = Browser(tmp_path_factory.mktemp("chromium-profile"))
    for url, deadline in _served(tmp_path, anonymous=False):
        before = _read(url)  # built and remembered before the deadline
        assert "(late)" not in before
        _after(deadline)
        text = " ".join(browser.open(url).text.split())
        for name in ("Austria", "England", "Germany", "Italy", "Russia", "Turkey"):
            assert f"{name} Player (late)" in text, text
        assert "France Player (late)" not in text and "France Player" in text


def test_an_anonymous_game_says_some_are_late_without_naming_them(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    browser = Browser(tmp_path_factory.mktemp("chromium-profile"))
    for url, deadline in _served(tmp_path, anonymous=True):
        assert "orders are missing" not in _read(url)
        _after(deadline)
        text = " ".join(browser.open(url).text.split())
        assert "The deadline has passed and orders are missing." in text, text
        assert "(late)" not in text
