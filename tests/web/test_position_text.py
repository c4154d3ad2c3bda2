"""A game's page gives the whole position in words, as LIST does: in a retreat
phase a dislodged unit was missing from its power's units (Italy's army in Venice,
dislodged in Fall 1901, was on no line of the page), and an Outer Space empire's
colonies (which decide where it may build) were on none either."""

from __future__ import annotations

import re
import urllib.request
from datetime import timedelta
from html import unescape
from pathlib import Path

import pytest
from sqlmodel import Session

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.game.games import find_game
from judge.game.processing import process_phase
from judge.mail.outgoing import Author
from tests.commands.helpers import (
    JUDGE,
    NOW,
    PASSWORDS,
    add_game,
    address,
    deliver,
    make_mail,
    migrated_engine,
)
from tests.e2e.conftest import MASTER
from tests.e2e.test_outerspace_game import EMPIRES, GAME, PEOPLE, TURNS, play
from tests.web.conftest import served_page

pytestmark = pytest.mark.timeout(300)


def _row(page: str, power: str) -> str:
    """The text of a power's row in the Powers table."""
    found = re.search(rf'<tr><th scope="row">{power}</th>(.*?)</tr>', page, re.S)
    assert found is not None, power
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def _processed(engine, hours: int) -> None:
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None
        process_phase(session, Author("Test Judge", JUDGE), game, NOW + timedelta(hours=hours))
        session.commit()


def test_a_dislodged_unit_is_on_the_page_of_a_retreat_phase(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    austria = f"SIGNON Agame1 {PASSWORDS['austria']}\n"
    deliver(engine, make_mail(address("austria"), austria + "A Vie - Tyr\n"), now=NOW)
    _processed(engine, 49)
    fall = austria + "A Tyr - Ven\nF Tri S A Tyr - Ven\n"
    deliver(engine, make_mail(address("austria"), fall), now=NOW + timedelta(hours=50))
    _processed(engine, 100)
    page = served_page(engine, "/game/game1")
    assert "F1901R" in page
    assert _row(page, "Italy").endswith("F Nap, A Rom; dislodged: A Ven (retreats: apu, pie, tus)")
    assert _row(page, "Austria").endswith("A Bud, F Tri, A Ven")


def test_an_outer_space_empires_colonies_are_on_its_row(
    tmp_path: Path, master_key: DemoSigner
) -> None:
    with DemoJudge(tmp_path / "judge", web=True) as judge:
        assert judge.config is not None
        judge.add_game_master(MASTER, master_key.public_key())
        master = Correspondent(judge, MASTER, "Demo Master", master_key)
        master.send(f"CREATE {GAME} VARIANT outerspace PLAYERS 3 PRESS none\n")
        players = {}
        for cast in PEOPLE:
            players[cast.power] = Correspondent(judge, cast.address, cast.name)
            players[cast.power].send(
                f"REGISTER\nName: {cast.name}\nPassword: {cast.password}\nEND\n"
            )
            players[cast.power].send(f"JOIN {GAME} {cast.password} EMPIRE {EMPIRES[cast.power]}\n")
        fall = {phase: TURNS[phase] for phase in ("S1901M", "F1901M")}
        play(master, players, fall, {})
        url = f"{judge.config.web.public_url}/game/{GAME}"
        with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
            page = answer.read().decode("utf-8")
    assert "W1901A" in page
    assert _row(page, "Zorg").endswith("colonies: par")
    assert _row(page, "Vega").endswith("colonies: hol")
    assert _row(page, "Altair").endswith("colonies: ven")
