"""After a player's SIGNON, SUMMARY, HISTORY, WHO GAME, MAP and LIST may leave the game
out: they read the game signed on to (njudge's ply/ forms).  A master's GAME gives them
the same game (tests/gpg/test_gm_njudge_master_forms.py)."""

from __future__ import annotations

import pytest

from tests.commands.helpers import reply_to_orders


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("SUMMARY", "A summary of game game1 is mailed to you."),
        ("HISTORY", "*** Refused: game game1 has no reports yet"),
        ("WHO GAME", "The players of game game1:"),
        ("MAP", "The map of game game1 (position, S1901M) is mailed to you."),
        ("LIST", "Status of game game1:"),
    ],
)
def test_after_a_signon_the_game_may_be_left_out(tmp_path, line, answer) -> None:
    _, text = reply_to_orders(tmp_path, f"{line}\n")
    said = text.split(f"> {line}\n", 1)[1].split("\n", 1)[0].strip()
    assert said.startswith(answer), text
