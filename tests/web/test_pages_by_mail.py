"""The web pages of a game played by real mail (issue 29): the daemon serves them
(``[web] port``, as ``judge run`` does), every results and start mail links to them,
and they leak nothing: no orders of the phase not yet processed, no private press, no
grey sender, no address, no player of an anonymous game, and hostile press is
escaped.  A player's private link shows that player's press and orders, and stops
working when the player changes their password."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from email.message import Message
from html import unescape
from pathlib import Path

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.demo.scenario import CAST, expect, join, orders, process, register
from tests.e2e.conftest import MASTER

pytestmark = pytest.mark.timeout(240)

GAME = "leaky"
PLAYING = [c for c in CAST if c.power in ("england", "france", "germany")]
SPRING = {
    "england": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
    "france": "A Par - Bur\nA Mar - Spa\nF Bre - Mao",
    "germany": "A Mun - Ruh\nA Ber - Kie\nF Kie - Den",
}
SECRET = "Secret plan: we take Belgium together"
HOSTILE = "<script>alert('pwned')</script><img src=x onerror=alert(1)>"
GREY = "A grey whisper from nobody in particular"
WHITE = "Greetings from France to all"


def fetch(url: str) -> tuple[int, str, Message]:
    """(status, body, headers) of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:  # noqa: S310 (loopback)
            return answer.status, answer.read().decode("utf-8"), answer.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace"), error.headers


@pytest.fixture
def served(tmp_path: Path) -> DemoJudge:
    with DemoJudge(tmp_path / "judge", web=True) as running:
        yield running


def _links(text: str) -> dict[str, str]:
    found = {}
    for line in text.splitlines():
        if line.startswith("The game's page: "):
            found["game"] = line.split(": ", 1)[1].strip()
        if line.startswith("Your own page"):
            found["own"] = line.split(": ", 1)[1].strip()
    return found


def test_pages_of_a_game_played_by_mail_leak_nothing(
    served: DemoJudge, master_key: DemoSigner
) -> None:
    judge = served
    assert judge.config is not None and judge.config.web.port
    web = judge.config.web.public_url
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    created = master.send(
        f"CREATE {GAME} PLAYERS 3 PRESS white/grey ANONYMOUS\nSET DEADLINE MOVE 48h\n"
        "SET TIMING ZONE UTC\n"
    )
    expect(created, f"Game {GAME} created")
    players = {cast.power: register(judge, cast) for cast in PLAYING}
    for cast in PLAYING[:-1]:
        join(players[cast.power], cast, GAME)
    started = join(players[PLAYING[-1].power], PLAYING[-1], GAME)
    start = {m.recipients[0]: m.text() for m in started.others}
    france_start = _links(start["france@players.demo"])
    assert france_start["game"] == f"{web}/game/{GAME}"
    assert "own" in france_start
    assert "own" not in _links(start[MASTER])  # the master has no private page

    england, france, germany = (
        next(c for c in PLAYING if c.power == p) for p in ("england", "france", "germany")
    )
    orders(
        players["england"],
        england,
        "S1901M",
        f"{SPRING['england']}\nPRESS TO France\n{SECRET}\nENDPRESS",
        GAME,
    )
    orders(
        players["france"],
        france,
        "S1901M",
        f"{SPRING['france']}\nBROADCAST WHITE\n{WHITE}\n{HOSTILE}\nENDPRESS",
        GAME,
    )
    orders(
        players["germany"],
        germany,
        "S1901M",
        f"{SPRING['germany']}\nBROADCAST GREY\n{GREY}\nENDPRESS",
        GAME,
    )
    reports = process(master, "S1901M", GAME).others
    france_results = next(m for m in reports if m.recipients == ("france@players.demo",))
    links = _links(france_results.text())
    assert links["game"] == f"{web}/game/{GAME}"
    germany_results = next(m for m in reports if m.recipients == ("germany@players.demo",))
    germany_own = _links(germany_results.text())["own"]
    assert germany_own != links["own"]
    # The HTML part links the pages too.
    html = france_results.message().get_body(("html",)).get_content()
    assert f'href="{web}/game/{GAME}"' in html

    # A Fall order stored now, not processed: it must not show.
    orders(players["france"], france, "F1901M", "A Bur - Mun", GAME)

    pages = {
        "index": fetch(f"{web}/"),
        "game": fetch(f"{web}/game/{GAME}"),
        "phase": fetch(f"{web}/game/{GAME}/phase/1"),
        "feed": fetch(f"{web}/game/{GAME}/feed.atom"),
    }
    for name, (status, body, headers) in pages.items():
        assert status == 200, name
        assert "players.demo" not in body, f"an address on the {name} page"
        for cast in PLAYING:  # anonymous and running: no player's name
            assert cast.name not in body, f"{cast.name} on the {name} page"
        assert SECRET not in body, f"private press on the {name} page"
        assert "bur - mun" not in body.lower(), f"an unprocessed order on the {name} page"
        assert "<script>alert" not in body and "<img src=x" not in body, name
        assert headers.get("Content-Security-Policy", "").startswith("default-src 'none'")
        assert headers.get("Referrer-Policy") == "no-referrer"
    game_page = pages["game"][1]
    assert "&lt;script&gt;alert(" in game_page  # hostile press shows as text
    assert WHITE in game_page and GREY in game_page
    grey_item = re.search(
        r"<article class=\"press\"><h3>([^<]*)<span[^>]*>[^<]*</span></h3><pre>" + re.escape(GREY),
        game_page,
    )
    assert grey_item is not None and "Germany" not in grey_item.group(1)
    assert "(anonymous)" in grey_item.group(1)
    assert "France" in game_page  # a white sender is named
    # The processed spring's orders are there, on the phase page.
    assert "Paris -> Burgundy" in unescape(pages["phase"][1])
    assert (
        '<img src="' in pages["phase"][1] and 'alt="Map of game leaky: S1901M' in pages["phase"][1]
    )
    status, png, _ = fetch_bytes(f"{web}/game/{GAME}/phase/1/map.png")
    assert status == 200 and png.startswith(b"\x89PNG")

    # France's own page: her press, sent and received, and her Fall order as stored.
    status, own, headers = fetch(links["own"])
    assert status == 200
    assert headers.get("Cache-Control") == "no-store"
    assert SECRET in own and WHITE in own
    assert "A bur - mun" in own.lower() or "bur - mun" in own.lower()
    assert "&lt;script&gt;" in own and "<script>alert" not in own
    # Germany's page has no trace of the press between England and France.
    status, theirs, _ = fetch(germany_own)
    assert status == 200 and SECRET not in theirs and "bur - mun" not in theirs.lower()
    # A token for another power, or a wrong token, opens nothing.
    token = links["own"].rsplit("/", 1)[1]
    assert fetch(f"{web}/game/{GAME}/player/germany/{token}")[0] == 404
    assert fetch(links["own"][:-1] + ("a" if links["own"][-1] != "a" else "b"))[0] == 404

    # After France changes her password, her old link stops working.
    changed = players["france"].send(
        f"SIGNON F{GAME} {france.password}\nSET PASSWORD newsecret9\n", "password"
    )
    expect(changed, "Signed on")
    assert fetch(links["own"])[0] == 404
    assert fetch(germany_own)[0] == 200


def fetch_bytes(url: str) -> tuple[int, bytes, dict[str, str]]:
    with urllib.request.urlopen(url, timeout=30) as answer:  # noqa: S310 (loopback)
        return answer.status, answer.read(), dict(answer.headers)
