"""The pages after a master's ROLLBACK and for odd addresses (docs/games.md, "The web
pages"): a processed phase's page and map show the phase as it was processed last,
never a copy kept from before the rollback; a phase or board number too large for
the database, or a private token with letters outside ASCII, is a missing page (404),
never a server error."""

from __future__ import annotations

import http.client
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import timedelta
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.demo.rig import free_port
from judge.game.games import find_game
from judge.game.processing import process_phase, rollback_to
from judge.mail.outgoing import Author
from judge.web.server import WebThread
from tests.commands.helpers import (
    NOW,
    PASSWORDS,
    add_game,
    address,
    deliver,
    judge_config,
    make_mail,
    migrated_engine,
)

pytestmark = pytest.mark.timeout(240)

AUTHOR = Author("Judge", "judge@judge.test", "JUDGE")


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _orders(engine: Engine, lines: str, hours: int) -> None:
    body = f"SIGNON Fg1 {PASSWORDS['france']}\n{lines}\n"
    deliver(engine, make_mail(address("france"), body), now=NOW + timedelta(hours=hours))


def _step(engine: Engine, hours: int, rollback: str = "") -> None:
    with Session(engine) as session:
        game = find_game(session, "g1")
        assert game is not None
        now = NOW + timedelta(hours=hours)
        if rollback:
            rollback_to(session, AUTHOR, game, rollback, now)
        else:
            process_phase(session, AUTHOR, game, now)
        session.commit()


def test_a_phase_processed_again_after_a_rollback_shows_its_new_orders(
    served: tuple[Engine, str],
) -> None:
    engine, web = served
    _orders(engine, "A Par-Bur", 1)
    _step(engine, 2)
    status, page = get(f"{web}/game/g1/phase/1")
    assert status == 200 and "Paris -> Burgundy" in unescape(page.decode())
    first_src = re.search(r'<img src="([^"]+)"', page.decode())
    status, first_map = get(f"{web}/game/g1/phase/1/map.png")
    assert status == 200
    _step(engine, 3, rollback="S1901M")
    assert get(f"{web}/game/g1/phase/1")[0] == 404
    _orders(engine, "A Par-Pic", 4)
    _step(engine, 5)
    status, page = get(f"{web}/game/g1/phase/1")
    text = unescape(page.decode())
    assert status == 200
    assert "Paris -> Picardy" in text and "Paris -> Burgundy" not in text
    # A new address for the new map: a browser's copy of the old one is not used.
    second_src = re.search(r'<img src="([^"]+)"', text)
    assert first_src and second_src and first_src.group(1) != second_src.group(1)
    status, second_map = get(f"{web}/game/g1/phase/1/map.png")
    assert status == 200 and second_map != first_map


@pytest.mark.parametrize(
    "path",
    [
        "/game/g1/phase/99999999999999999999999",
        "/game/g1/phase/99999999999999999999999/map.png",
        "/game/g1/phase/" + "9" * 5000,
        "/game/g1/board/" + "9" * 5000 + "/S1901M",
        "/game/g1/player/france/%C3%A9t%C3%A9",
    ],
)
def test_odd_numbers_and_tokens_are_missing_pages(served: tuple[Engine, str], path: str) -> None:
    _engine, web = served
    assert get(f"{web}{path}")[0] == 404


def _raw_get(web: str, path: str, host: str = "") -> tuple[int, str]:
    """(status, Location) of a GET that follows no redirect, with another Host header
    when ``host`` is given."""
    connection = http.client.HTTPConnection(urlsplit(web).netloc, timeout=60)
    try:
        headers = {"Host": host} if host else {}
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        answer.read()
        return answer.status, answer.getheader("Location") or ""
    finally:
        connection.close()


@pytest.fixture
def below_a_path(tmp_path: Path) -> Iterator[str]:
    """The pages served for a reverse proxy that gives them below ``/dip``."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session, "g1")
    config = judge_config()
    config.web.port = free_port()
    config.web.base_url = "https://judge.example.org/dip/"
    web = WebThread(engine, config)
    web.start()
    try:
        yield f"http://127.0.0.1:{config.web.port}"
    finally:
        web.stop()
        engine.dispose()


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("/game/g1/", "/dip/game/g1"),
        ("/game/g1/phase/1/?x=1", "/dip/game/g1/phase/1?x=1"),
        ("//evil.example/", "/dip/evil.example"),
    ],
)
def test_a_trailing_slash_leads_to_the_page_on_the_judges_own_address(
    below_a_path: str, path: str, location: str
) -> None:
    """An address with a slash at the end is sent to the page without it, below the
    public address's path and never to the host the request named (a forged Host
    header must not make the judge send its readers to another site)."""
    status, where = _raw_get(below_a_path, path, host="evil.example")
    assert status in (301, 307, 308) and where == location


@pytest.mark.parametrize("path", ["//evil.example/", "/%5Cevil.example/", "/%5C%5Cevil.example/"])
def test_no_trailing_slash_leads_to_another_site(served: tuple[Engine, str], path: str) -> None:
    """Served at the root of its address, a slash-ended address that starts like
    another site's (``//host``, ``/\\host``) is sent to a path of this one."""
    _engine, web = served
    status, where = _raw_get(web, path, host="evil.example")
    assert status in (301, 307, 308) and where == "/evil.example"
