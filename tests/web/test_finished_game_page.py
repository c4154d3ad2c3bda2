"""A finished game's page gives the phase it ended in, not the next phase its final
position is stored as (docs/games.md, "The web pages"); when it ended, as LIST does,
and no votes that cannot happen any more."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from judge.game.games import find_game
from judge.store.models import FINISHED
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    deliver,
    make_mail,
    migrated_engine,
)
from tests.commands.test_finished_phase import won_game
from tests.web.conftest import served_page

pytestmark = pytest.mark.timeout(240)


def test_the_page_of_a_won_game_shows_the_phase_it_ended_in(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    won_game(engine)
    page = served_page(engine, "/game/game1")
    assert "finished in F1905R (Retreats for Fall of 1905)" in page, page
    assert "The final position, after F1905R." in page
    assert "W1905A" not in page
    assert "<p>Ended: <time datetime=" in page and "Deadline:" not in page  # as LIST says
    assert "Player votes to pause" not in page and "Draws: DIAS" not in page


def test_the_page_of_a_game_drawn_before_its_phase_was_processed(tmp_path: Path) -> None:
    """A draw voted by mail in S1901M ends the game in S1901M, never processed: its
    map is the position of S1901M, not one after it."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    for power, password in PASSWORDS.items():
        body = f"SIGNON {power[0].upper()}game1 {password}\nSET DRAW\n"
        deliver(engine, make_mail(address(power), body))
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None and game.status == FINISHED
    page = served_page(engine, "/game/game1")
    assert "finished in S1901M (Movement for Spring of 1901)" in page
    assert "The final position (S1901M)." in page and "after S1901M" not in page
    assert "the final position, after it" not in page


def test_the_page_of_a_finished_game_gives_each_powers_result(tmp_path: Path) -> None:
    """Each power's line says how it came out: the page gave the centres only."""
    engine = migrated_engine(tmp_path)
    won_game(engine)
    page = served_page(engine, "/game/game1")
    assert '<th scope="col">Result</th>' in page
    france = page[page.index('<th scope="row">France</th>') :].split("</tr>")[0]
    assert '<td class="result">won</td>' in france
    assert page.count('<td class="result">') == 7
    with Session(engine) as session:
        add_game(session, "running")
    assert "Result</th>" not in served_page(engine, "/game/running")
