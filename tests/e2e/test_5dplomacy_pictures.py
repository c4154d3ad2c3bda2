"""The map pictures of a 5dplomacy game played by mail name its turns as its mails
do: the start mail's picture is titled ``Spring01``, the fork's results picture
``turn Fall01`` (its subject says ``Fall01 Results``), a MAP reply's picture the
turn its subject names; no phase code (``F1901M``) is left in a title.  The web
pages serve the very pictures the mails carry.  The picture files keep their
names (``fived-F1901M.png``).  Real SMTP in and out, GnuPG-signed master mail,
SQLite and the web server, through the demo's rig."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.demo.scenario import CAST, MASTER_ADDRESS, expect, join, orders, process, register
from judge.demo.sink import DeliveredMail
from tests.e2e.test_5dplomacy_game import CREATE, GAME, TURNS

pytestmark = pytest.mark.timeout(240)

GERMANY = "germany@players.demo"
PHASE_CODE = re.compile(r"\b[SFW]\d{4}[MRAB]\b")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[DemoJudge]:
    with DemoJudge(tmp_path / "judge", web=True) as running:
        yield running


def _picture(mail: DeliveredMail) -> tuple[str, str, bytes]:
    """The alt text, file name and bytes of the map a mail carries."""
    message = mail.message()
    html = next(p for p in message.walk() if p.get_content_type() == "text/html")
    (alt,) = re.findall(r'<img src="cid:[^"]*" alt="([^"]*)"', html.get_content())
    png = next(p for p in message.walk() if p.get_content_type() == "image/png")
    return unescape(alt), str(png.get_filename()), png.get_content()


def _to_germany(mails: list[DeliveredMail]) -> DeliveredMail:
    return next(m for m in mails if m.recipients == (GERMANY,))


def _served(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
        return answer.read()


def test_a_5dplomacy_games_pictures_name_its_turns_as_its_mails_do(
    served: DemoJudge, master_key: DemoSigner
) -> None:
    judge = served
    assert judge.config is not None
    judge.add_game_master(MASTER_ADDRESS, master_key.public_key())
    master = Correspondent(judge, MASTER_ADDRESS, "Demo Master", master_key)
    expect(master.send(CREATE, "a new game"), f"Game {GAME} created")
    players = {cast.power: register(judge, cast) for cast in CAST}
    sent = len(judge.mails)
    for cast in CAST:
        join(players[cast.power], cast, GAME)
    start = _to_germany([m for m in judge.mails[sent:] if "Starting" in m.subject])
    assert _picture(start)[:2] == (f"Map: {GAME} · Spring01 · start", f"{GAME}-S1901M.png")

    results = {}
    for phase, given in TURNS[:2]:  # the fall forks timeline bravo
        for cast in CAST:
            if cast.power in given:
                orders(players[cast.power], cast, phase, given[cast.power], GAME)
        results[phase] = _to_germany(process(master, phase, GAME).others)
    fork = results["F1901M"]
    assert fork.subject.endswith(" - Fall01 Results")
    alt, name, png = _picture(fork)
    assert (alt, name) == (f"Map: {GAME} · turn Fall01 · results", f"{GAME}-F1901M.png")

    germany = next(cast for cast in CAST if cast.power == "germany")
    signon = f"SIGNON G{GAME} {germany.password}\n"
    mapped = _to_germany(players["germany"].send(f"{signon}MAP\n", "map").others)
    label = mapped.subject.removesuffix(" Map").rsplit(" - ", 1)[1]
    alt, _, now = _picture(mapped)
    assert alt == f"Map: {GAME} · {label} · position" and not PHASE_CODE.search(alt)
    again = _to_germany(players["germany"].send(f"{signon}MAP F1901M\n", "map").others)
    assert _picture(again) == (f"Map: {GAME} · turn Fall01 · results", name, png)

    # the web pages serve the same pictures
    pages = f"{judge.config.web.public_url}/game/{GAME}"
    assert _served(f"{pages}/map.png") == now
    assert _served(f"{pages}/phase/2/map.png") == png
