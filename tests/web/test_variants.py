"""Every variant's game on the web (issue 29): a game of each seed system, one phase
processed, gives its page, its phase page and their maps (and a multiverse game its
boards); a game nobody may list is not on the web."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from sqlmodel import Session

from judge.config import Config
from judge.demo.rig import free_port
from judge.game.games import Seat, create_game, variant_powers
from judge.game.processing import process_phase, set_game_position, starting_document
from judge.mail.outgoing import Author
from judge.rules.registry import ruleset_for
from judge.store.models import MULTIVERSE_RULES
from judge.store.passwords import set_hash_cost
from judge.variant.empires import Empire
from judge.web import visibility
from judge.web.server import WebThread
from tests.commands.helpers import migrated_engine

pytestmark = pytest.mark.timeout(300)

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
EMPIRES = [Empire("zorg", "Zorg", "Zorgon", "Z"), Empire("vega", "Vega", "Vegan", "V")]
# (game name, variant, rules, adjacency)
GAMES = (
    ("std", "standard", "standard", ""),
    ("colo", "colonial", "standard", ""),
    ("rootz", "rootz", "standard", ""),
    ("space", "outerspace", "standard", ""),
    ("multi", "standard", MULTIVERSE_RULES, "loose"),
    ("fived", "standard", MULTIVERSE_RULES, "5dplomacy"),
)


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    set_hash_cost(time_cost=1, memory_kib=8)
    engine = migrated_engine(tmp_path_factory.mktemp("variants"))
    author = Author("Judge", "judge@example.org", "JUDGE")
    with Session(engine) as session:
        for name, variant, rules, adjacency in GAMES:
            seats = [
                Seat(p.code, f"p{i}@{name}.test", "pw", f"Player {i}")
                for i, p in enumerate(variant_powers(variant))
            ]
            doc = starting_document(variant, rules, adjacency, seed=1)
            if variant == "outerspace":  # two empires, named as players name them at JOIN
                space = ruleset_for(variant)
                doc = space.empire_position(doc, EMPIRES)  # type: ignore[attr-defined]
                seats = [Seat(e.code, f"{e.code}@{name}.test", "pw", e.name) for e in EMPIRES]
            game = create_game(session, name, seats, variant=variant, deadline=NOW + timedelta(2))
            game.rules, game.adjacency = rules, adjacency
            set_game_position(game, doc)
            session.add(game)
            session.flush()
            process_phase(session, author, game, NOW)
        session.commit()
    config = Config()
    config.web.port = free_port()
    web = WebThread(engine, config)
    web.start()
    try:
        yield f"http://127.0.0.1:{config.web.port}"
    finally:
        web.stop()
        engine.dispose()


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_every_variant_has_its_pages_and_maps(site: str, name: str) -> None:
    status, page = get(f"{site}/game/{name}")
    assert status == 200, page[:300]
    assert f"<h1>Game {name}</h1>".encode() in page
    for path in (f"/game/{name}/map.png", f"/game/{name}/phase/1/map.png"):
        status, png = get(site + path)
        assert status == 200 and png.startswith(b"\x89PNG"), path
    status, phase = get(f"{site}/game/{name}/phase/1")
    assert status == 200 and b"Orders and results" in phase
    if name in ("multi", "fived"):
        assert f"/game/{name}/board/1/".encode() in page
        board = page.split(f"/game/{name}/board/1/".encode())[1].split(b'"')[0].decode()
        status, board_page = get(f"{site}/game/{name}/board/1/{board}")
        line = b"Timeline alfa" if name == "fived" else b"Timeline 1"  # as its mails name it
        assert status == 200 and line in board_page
        status, png = get(f"{site}/game/{name}/board/1/{board}/map.png")
        assert status == 200 and png.startswith(b"\x89PNG")


class _Links(HTMLParser):
    """Every address a page links to or shows (href, src)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [value for name, value in attrs if name in ("href", "src") and value]


def test_every_link_of_the_site_leads_to_a_page(site: str) -> None:
    """Every link and picture of every page of every variant's game (its phases,
    boards, feed, maps) answers, none missing; no link leaves the site.  (The index
    is left to the last test, which needs it not yet built.)"""
    seen: set[str] = {"/"}
    todo = [f"/game/{g[0]}" for g in GAMES]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        status, body = get(site + path)
        assert status == 200, path
        if body.lstrip().startswith(b"<!DOCTYPE html>"):
            links = _Links()
            links.feed(body.decode())
            for link in links.found:
                address = urlsplit(urljoin(site + path, link))
                assert f"{address.scheme}://{address.netloc}" == site, (path, link)
                todo.append(address.path + (f"?{address.query}" if address.query else ""))
    assert {f"/game/{g[0]}/phase/1" for g in GAMES} <= seen
    assert {"/game/multi/board/1/S1901M", "/game/fived/board/1/S1901M"} <= seen


def test_a_game_that_is_not_listed_is_not_on_the_web(
    site: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert get(f"{site}/game/std")[0] == 200
    monkeypatch.setattr(visibility, "listed", lambda game: game.name != "std")
    import judge.web.views as views

    monkeypatch.setattr(views, "listed", visibility.listed)
    for path in ("/game/std", "/game/std/map.png", "/game/std/phase/1", "/game/std/feed.atom"):
        assert get(site + path)[0] == 404, path
    status, index = get(f"{site}/")
    assert status == 200 and b'href="/game/std"' not in index and b'href="/game/colo"' in index
