"""The press rules a game's page, LIST and SUMMARY give say what the game allows,
in one wording (docs/games.md, "The web pages"; njudge SET PARTIAL: press to some
powers or broadcasts only, which says nothing of a game without press)."""

from __future__ import annotations

from judge.game.games import press_line
from judge.store.models import Game
from judge.web.views import _settings

NONE = "Press: none (players may write to the game master only)"


def test_a_game_without_press_is_not_said_to_allow_broadcasts() -> None:
    """PRESS none with SET NO PARTIAL: no press, not 'none, broadcasts only'."""
    game = Game(name="mute", phase="S1901M", position="{}", press_mode="none")
    game.press_partial = False
    assert press_line(game) == _settings(game)[0] == NONE
    game.press_mode = "white"
    assert press_line(game) == "Press: white press (the sender is named), broadcasts only"
    game.press_mode, game.press_partial = "grey/white", True
    assert press_line(game) == (
        "Press: grey press (the sender is not named) or white press (the sender is named)"
    )


def test_minor_press_and_observers_press_are_said_too() -> None:
    """SET NO MINOR PRESS and SET OBSERVER PRESS were shown nowhere (not in LIST,
    SUMMARY nor the game's page); the press line says them."""
    game = Game(name="g", phase="S1901M", position="{}", press_mode="white")
    game.press_partial, game.press_minor, game.observer_press = False, False, True
    assert (
        press_line(game)
        == _settings(game)[0]
        == (
            "Press: white press (the sender is named), broadcasts only, in movement phases "
            "only (SET NO MINOR PRESS), observers may send press too"
        )
    )
    game.press_mode = "none"
    assert press_line(game) == NONE
