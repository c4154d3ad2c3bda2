"""A multiverse game's pages name its turns as its mails do (the ruleset's
``turn_label`` and ``turn_title``): a 5dplomacy game's builds step after Fall 1902
is ``Spring03-builds`` (5dplomacy has no winter), not ``W1902M``, "Movement for
Winter of 1902"; a turn of the reference multiverse runs every active board, so it
is "turn 3", as its results report says, not "Movement for Winter of 1901" (that
turn adjusted one timeline and moved another)."""

from __future__ import annotations

import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.demo.scenario import CAST, MASTER_ADDRESS, expect, join, orders, process, register
from tests.e2e.test_5dplomacy_game import CREATE, GAME, TURNS

pytestmark = pytest.mark.timeout(300)


class _Text(HTMLParser):
    """The text a reader sees (no tags, no addresses of links)."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []

    def handle_data(self, data: str) -> None:
        self.words.append(data)


def seen(url: str) -> str:
    """The visible text of a page (a failing status fails the test)."""
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
            body = answer.read().decode()
    except urllib.error.HTTPError as error:
        pytest.fail(f"{url}: {error.code}")
    reader = _Text()
    reader.feed(body)
    return " ".join(" ".join(reader.words).split())


def test_a_5dplomacy_games_pages_name_its_turns_as_its_mails_do(tmp_path: Path, master_key) -> None:
    with DemoJudge(tmp_path / "judge", web=True) as judge:
        assert judge.config is not None
        web = judge.config.web.public_url
        judge.add_game_master(MASTER_ADDRESS, master_key.public_key())
        master = Correspondent(judge, MASTER_ADDRESS, "Demo Master", master_key)
        expect(master.send(CREATE, "a new game"), f"Game {GAME} created")
        players = {cast.power: register(judge, cast) for cast in CAST}
        for cast in CAST:
            join(players[cast.power], cast, GAME)
        for phase, given in TURNS:
            for cast in CAST:
                if cast.power in given:
                    orders(players[cast.power], cast, phase, given[cast.power], GAME)
            mails = process(master, phase, GAME).others
        subjects = [m.message()["Subject"] for m in mails]
        assert any("Spring03-builds Results" in s for s in subjects), subjects
        germany = next(m.text() for m in mails if m.recipients == ("germany@players.demo",))
        own = next(line for line in germany.splitlines() if line.startswith("Your own page"))
        assert "Your orders for Spring03, as stored" in seen(own.split(": ", 1)[1])

        assert "fived Standard (5dplomacy) Spring03" in seen(f"{web}/")  # as LIST gives it
        game = seen(f"{web}/game/{GAME}")
        assert "active · Spring03 (turn 6)" in game
        assert "Spring03-builds turn 5" in game and "Fall01 turn 2" in game
        built = seen(f"{web}/game/{GAME}/phase/5")
        assert f"{GAME}: Spring03-builds, turn 5" in built
        for text in (game, built):
            assert "Winter" not in text and "W1902M" not in text and "S1901M" not in text
        # The boards, as the mails write a board's timeline and turn.
        assert "bravo Fall01 Spring02 Fall02 Spring03 (active)" in game
        board = seen(f"{web}/game/{GAME}/board/2/S1902M")
        assert "Timeline bravo, Movement for Spring of 1902" in board
        assert "← Fall01 Fall02 →" in board
        assert "Timeline bravo forked from timeline alfa, Spring01" in board


def test_a_multiverse_turn_is_a_turn_of_every_active_board(demo: tuple[str, Path]) -> None:
    """The demo: a reference multiverse game that forks (its pages served)."""
    base = demo[0]
    game = seen(f"{base}/game/demo")
    assert "active · S1902M (turn 4)" in game
    assert "S1901M turn 1 F1901M turn 2 W1901M turn 3" in game
    assert "Movement for Winter" not in game
    turn = seen(f"{base}/game/demo/phase/3")
    assert "demo: W1901M, turn 3" in turn and "Multiverse results of 'demo', turn 3." in turn
    # A board is one board's phase: its own words stay.
    board = seen(f"{base}/game/demo/board/2/F1901M")
    assert "Timeline 2, Movement for Fall of 1901" in board
