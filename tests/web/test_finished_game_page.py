"""A finished game's page gives the phase it ended in, not the next phase its final
position is stored as (docs/games.md, "The web pages"); when it ended, as LIST does,
and no votes that cannot happen any more."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import migrated_engine
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
