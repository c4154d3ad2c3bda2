"""The end of a reply for a game that is paused or finished, and after a RESIGN in
the same mail: one plain line each, no deadline where none runs for the sender."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from judge.game.end import end_game
from judge.game.games import find_game
from judge.mail.outgoing import Author
from judge.store.models import PAUSED
from tests.commands.helpers import (
    NOW,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)
from tests.commands.test_finished_phase import won_game

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
    assert "Game game1 is paused: no deadline runs until it resumes." in text
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


def test_a_finished_game_says_it_is_over_instead_of_listing_orders(engine):
    """Orders given before the end are never adjudicated: the reply to a player of
    a finished game lists none of them as if current, and says when it ended."""
    _reply(engine, "A Par - Bur\nA Mar - Spa\n")
    with Session(engine) as session:
        game = find_game(session, "game1")
        end_game(session, Author("Judge", "judge@judge.test", "JUDGE"), game, "Over.", NOW)
        session.commit()
    text = _reply(engine, "F Bre - MAO\n")
    assert "*** Refused: game game1 is over: it ended in S1901M and takes no more orders" in text
    assert text.rstrip().endswith(
        "Game game1 is over: it ended in S1901M and takes no more orders."
    )
    assert "Orders for France" not in text
    assert "A par - bur" not in text and "(none yet)" not in text and "Deadline" not in text
    assert "A par - bur" not in _reply(engine, "")  # a SIGNON alone: the same end


def test_a_won_game_says_the_phase_it_ended_in(tmp_path):
    """A victory stores the next phase's position (W1905A); the reply names F1905R."""
    engine = migrated_engine(tmp_path / "won")
    won_game(engine)
    text = _reply(engine, "A Ven H\n")
    engine.dispose()
    assert "Game game1 is over: it ended in F1905R and takes no more orders." in text
    assert "W1905A" not in text.split("\n", 3)[-1] and "Orders for France" not in text
