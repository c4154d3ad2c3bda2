"""A game's page lists its vote settings with its other settings, in a real headless
Chromium (as tests/web/test_browser.py reads pages): DIAS or NoDIAS, what draws and
concessions the players may vote, the players' votes on the clock, anonymity and
the kinds of press, in the words LIST and SUMMARY use (njudge's SET DIAS/NODIAS,
SET GUNBOAT; docs/games.md, "The web pages")."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from sqlmodel import Session

from judge.demo.rig import free_port
from judge.web.server import WebThread
from tests.commands.helpers import add_game, judge_config, migrated_engine
from tests.web.test_browser import CHROMIUM, Browser

pytestmark = [
    pytest.mark.timeout(300),
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is installed by `make test`"),
]


def _settings(browser: Browser, url: str) -> list[str]:
    """The items of the page's Settings list, as Chromium rendered the page."""
    dom = browser._run("--dump-dom", url)
    section = dom[dom.index('aria-labelledby="settings"') :]
    section = section[: section.index("</ul>")]
    return [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", section)]


def test_the_game_page_shows_dias_draws_concessions_votes_anonymity_and_press(
    tmp_path: Path,
) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session, "open")
        game = add_game(session, "quiet", press_mode="grey")
        game.dias, game.anonymous, game.player_votes = False, True, False
        session.add(game)
        session.commit()
    config = judge_config()
    config.web.port = free_port()
    web = WebThread(engine, config)
    web.start()
    browser = Browser(tmp_path / "profile")
    try:
        base = f"http://127.0.0.1:{config.web.port}/game"
        shown = _settings(browser, f"{base}/open")
        quiet = _settings(browser, f"{base}/quiet")
    finally:
        web.stop()
        engine.dispose()
    assert shown[:4] == [
        "Press: white press (the sender is named) or grey press (the sender is not named)",
        "Draws: DIAS (a draw includes every surviving power; vote with SET DRAW); "
        "concessions to the largest power allowed (SET CONCEDE)",
        "Player votes to pause, resume or extend: on",
        "Anonymous: no, players' names are shown.",
    ], shown
    assert quiet[:4] == [
        "Press: grey press (the sender is not named)",
        "Draws: NoDIAS (each voter names the powers of the draw: SET DRAW EFR); "
        "a concession is a draw of one power (SET DRAW <its initial>)",
        "Player votes to pause, resume or extend: off (SET NO PLAYER VOTES)",
        "Anonymous: yes, players' names are not shown until the game ends.",
    ], quiet
