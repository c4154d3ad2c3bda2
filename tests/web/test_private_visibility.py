"""The web asks judge.web.visibility.listed, which reads the master's SET NOLIST
(issue 28): a private game is not on the web. The whole path (mail, the served index)
is tested in tests/e2e/test_private_games.py."""

from __future__ import annotations

from judge.store.models import Game
from judge.web.visibility import listed


def test_a_game_is_listed_until_its_master_sets_nolist() -> None:
    game = Game(name="quiet", phase="S1901M", position="{}")
    assert listed(game)
    game.unlisted = True
    assert not listed(game)
