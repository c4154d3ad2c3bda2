"""A board's picture on the web pages is titled with the board's own turn and
timeline, as the mails name them (``g1 · Spring01 · timeline alfa``), not with the
turn the game has reached: a board that no longer changes keeps the same picture
while the game moves on.  The game is played by mail into a real SQLite file and
its pages served."""

from __future__ import annotations

import urllib.request

import pytest
from sqlmodel import Session

from judge.game.games import lock_game
from judge.game.processing import board_picture, process_phase, set_game_position
from judge.mail.outgoing import Author
from judge.rules.registry import ruleset_for_game
from judge.store.models import MULTIVERSE_RULES, Game
from judge.web.views import board_of
from tests.commands.helpers import NOW, PASSWORDS, address, deliver, make_mail

AUTHOR = Author("Judge", "judge@example.org", "JUDGE")


def _as(engine, setting: str) -> None:  # noqa: ANN001
    with Session(engine) as session:
        game = session.get(Game, 1)
        assert game is not None
        game.rules, game.adjacency = MULTIVERSE_RULES, setting
        doc = ruleset_for_game(game).starting_position("standard", adjacency=setting)
        set_game_position(game, doc)
        session.add(game)
        session.commit()


def _process(engine) -> None:  # noqa: ANN001
    """Process the game's phase under its lock, as the deadline runner does."""
    with Session(engine) as session:
        game = lock_game(session, 1)
        assert game is not None
        process_phase(session, AUTHOR, game, NOW)
        session.commit()


def _png(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
        return answer.read()


@pytest.mark.parametrize(
    ("setting", "title"),
    [
        ("5dplomacy", "Map: g1 · Spring01 · timeline alfa"),
        ("loose", "Map: g1 · S1901M · timeline 1"),
    ],
)
def test_a_boards_picture_is_titled_with_its_own_turn(served, setting: str, title: str) -> None:
    engine, base = served
    _as(engine, setting)
    germany = f"SIGNON Gg1 {PASSWORDS['germany']}\nA Mun - Ruh\n"
    deliver(engine, make_mail(address("germany"), germany))
    _process(engine)  # the game is in its Fall 1901 now
    url = f"{base}/game/g1/board/1/S1901M/map.png"
    before = _png(url)
    _process(engine)  # and in its Spring 1902
    assert _png(url) == before  # the spring board did not change, nor does its picture
    with Session(engine) as session:
        game = session.get(Game, 1)
        assert game is not None and game.phase != "F1901M"
        board = board_of(game, 1, "S1901M")
        assert board is not None
        picture = board_picture(game, board)
    assert picture is not None and picture.alt == title
