"""The end of a reply for a game that is paused or finished, and after a RESIGN in
the same mail: one plain line each, no deadline where none runs for the sender."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from judge.game.games import find_game
from judge.store.models import FINISHED, PAUSED
from tests.commands.helpers import (
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)

SIGNON = "SIGNON Fgame1 paris11\n"


@pytest.fixture
def engine(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    yield engine
    engine.dispose()


def _set_status(engine, status: str) -> None:
    with Session(engine) as session:
        game = find_game(session, "game1")
        game.status = status
        game.deadline = None
        session.add(game)
        session.commit()


def _reply(engine, body: str) -> str:
    deliver(engine, make_mail(address("france"), SIGNON + body))
    return body_of(outbox(engine)[-1])


def test_a_paused_game_says_so_instead_of_no_deadline(engine):
    _set_status(engine, PAUSED)
    text = _reply(engine, "A Par - Bur\n")
    assert "Game game1 is paused by its master: no deadline runs until it resumes." in text
    assert "No deadline is set." not in text
    assert ":: Deadline:" not in text and " none" not in text
    assert "Accepted: A par - bur" in text  # a paused game still takes orders


def test_after_resign_the_reply_lists_no_owed_units_and_no_deadline(engine):
    text = _reply(engine, "A Par - Bur\nRESIGN\n")
    assert "You have resigned from game game1" in text
    assert "Units without orders" not in text
    assert "Deadline:" not in text.replace(":: Deadline:", "")
    assert "Time to deadline" not in text
    lines = text.splitlines()
    start = lines.index("Orders for France in game game1, S1901M:")
    assert lines[start + 1 :] == ["  (you no longer play France in game game1)", "  A par - bur"]


def test_a_finished_game_shows_one_line_for_its_orders(engine):
    _set_status(engine, FINISHED)
    text = _reply(engine, "")
    lines = text.splitlines()
    start = lines.index("Orders for France in game game1, S1901M:")
    assert lines[start + 1 :] == ["  (game game1 is finished: it takes no more orders)"]
    assert "(none yet)" not in text and "Deadline" not in text
