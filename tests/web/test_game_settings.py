"""The settings a game's page lists say what the game allows (docs/games.md, "The
web pages")."""

from __future__ import annotations

from judge.store.models import Game
from judge.web.views import _settings


def test_a_game_without_press_is_not_said_to_allow_broadcasts() -> None:
    """PRESS none with SET NO PARTIAL: the settings say no press, not 'no press,
    broadcasts only'."""
    game = Game(name="mute", phase="S1901M", position="{}", press_mode="none")
    game.press_partial = False
    assert _settings(game)[0] == "Press: no press"
    game.press_mode = "white"
    assert _settings(game)[0] == "Press: white press (the sender is named), broadcasts only"
