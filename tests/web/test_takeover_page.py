"""A game's page gives who played each power that changed hands, as SUMMARY does
(njudge's summary.c: the first player, then "from <phase>:" each who took it
over): the Powers table named only the player now.  Names as the page gives them
(never addresses), and none while an anonymous game runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.test_summary_players import _taken_over_in_fall
from tests.web.conftest import served_page

pytestmark = pytest.mark.timeout(240)


def _page(tmp_path: Path, anonymous: bool) -> str:
    engine = _taken_over_in_fall(tmp_path, anonymous=anonymous)
    return served_page(engine, "/game/game1")


def test_the_powers_table_gives_who_played_a_power_taken_over(tmp_path: Path) -> None:
    page = _page(tmp_path, anonymous=False)
    assert (
        '<ul class="stints" aria-label="Who played France"><li><bdi>France Player</bdi> (resigned)'
        "</li><li>from F1901M: <bdi>Nora</bdi></li></ul>"
    ) in page
    assert "@players.test" not in page
    assert page.count('class="stints"') == 1  # the other powers never changed hands


def test_an_anonymous_game_gives_the_takeover_without_names(tmp_path: Path) -> None:
    page = _page(tmp_path, anonymous=True)
    assert (
        "<li><bdi>(anonymous)</bdi> (resigned)</li><li>from F1901M: <bdi>(anonymous)</bdi></li>"
    ) in page
    assert "Nora" not in page and "France Player" not in page
