"""A player's name on a game's page is isolated from the judge's own words around
it (``<bdi>``): a name with a right-to-left override (U+202E) turned the judge's
'(resigned)' after it around and into the name in the Powers table ("Eve(dengiser)
live", seen in Chromium), so a player could make their name show another state."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session

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
from tests.web.conftest import served_page

pytestmark = pytest.mark.timeout(240)

EVE = "eve@players.test"
NAME = "Eve\u202elive"  # shows as "Eve" and "evil", backwards: the rest is turned too
LATER = NOW + timedelta(hours=60)


def test_a_players_name_cannot_turn_the_words_after_it(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        process_phase(session, Author("Test Judge", JUDGE), game, NOW + timedelta(hours=49))
        session.commit()
    france = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    deliver(engine, make_mail(address("france"), france + "RESIGN\n"), now=LATER)
    deliver(engine, make_mail(EVE, f"REGISTER\nName: {NAME}\nTimezone: UTC\nEND\n"), now=LATER)
    deliver(engine, make_mail(EVE, "SIGNON Fgame1 evepw1234\n"), now=LATER)
    deliver(engine, make_mail(EVE, "SIGNON Fgame1 evepw1234\nRESIGN\n"), now=LATER)
    page = served_page(engine, "/game/game1")
    assert f"<li>from F1901M: <bdi>{NAME}</bdi> (resigned)</li>" in page
    assert "<li><bdi>France Player</bdi> (resigned)</li>" in page
    assert "<bdi>England Player</bdi>" in page  # a power that never changed hands
