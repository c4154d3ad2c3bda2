"""A standard game by mail from CREATE to a draw, and its first report against a
golden file: SMTP in, GnuPG-signed master mail, SQLite, SMTP out into files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import JUDGE_CODE, DemoJudge
from judge.demo.scenario import CAST, expect, join, orders, process, register
from judge.game.games import find_game
from judge.store.models import FINISHED

from .conftest import MASTER

pytestmark = pytest.mark.timeout(120)

GOLDEN = Path(__file__).parent / "golden"
GAME = "classic"
PLAYING = [c for c in CAST if c.power in ("england", "france", "germany")]
SPRING = {
    "england": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
    "france": "A Par - Bur\nA Mar - Spa\nF Bre - Mao",
    "germany": "A Mun - Bur\nA Ber - Kie\nF Kie - Den",
}
# Deadlines depend on when the test runs: these parts of a report are masked.
_WHEN = re.compile(
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) \w{3} \d{1,2} \d{4} \d\d:\d\d(?::\d\d)? [+-]\d{4}"
    r"|(?<=Your time: ).*"
)


def masked(text: str) -> str:
    """The report with its dates replaced by <when>, line ends normalised."""
    return _WHEN.sub("<when>", text.replace("\r\n", "\n"))


def test_a_standard_game_from_create_to_a_draw(judge: DemoJudge, master_key: DemoSigner) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    created = master.send(
        f"CREATE {GAME} PLAYERS 3 PRESS none\nSET DEADLINE MOVE 48h\nSET TIMING ZONE UTC\n"
    )
    expect(created, f"Game {GAME} created")

    players = {cast.power: register(judge, cast) for cast in PLAYING}
    for cast in PLAYING[:-1]:
        join(players[cast.power], cast, GAME)
    started = join(players[PLAYING[-1].power], PLAYING[-1], GAME)
    start_mails = {m.recipients[0] for m in started.others}
    assert {m.subject for m in started.others} == {f"{JUDGE_CODE}:{GAME} - S1901M Game Starting"}
    assert {c.address for c in PLAYING} <= start_mails

    for cast in PLAYING:
        orders(players[cast.power], cast, "S1901M", SPRING[cast.power], GAME)
    reports = process(master, "S1901M", GAME).others
    assert {m.recipients[0] for m in reports} == {c.address for c in PLAYING} | {MASTER}
    france = next(m for m in reports if m.recipients == ("france@players.demo",))
    assert france.subject == f"{JUDGE_CODE}:{GAME} - S1901M Results"
    expected = (GOLDEN / "classic-s1901m-france.txt").read_text(encoding="utf-8")
    assert masked(france.text()) == expected

    for cast in PLAYING[:-1]:
        voted = orders(players[cast.power], cast, "F1901M", "SET DRAW", GAME)
        assert not voted.others  # votes are secret: nobody is told
    last = orders(players[PLAYING[-1].power], PLAYING[-1], "F1901M", "SET DRAW", GAME)
    told = {m.recipients[0] for m in last.others}
    assert {c.address for c in PLAYING} | {MASTER} <= told
    ending = next(m for m in last.others if m.recipients == ("germany@players.demo",))
    # njudge's announcement (draw.c): subject and sentence
    assert ending.subject == f"{JUDGE_CODE}:{GAME} - F1901M Draw Declared: AEFGIRT"
    outcome = (
        f"Game '{GAME}' has been declared a draw between Austria, England, France, Germany, "
        "Italy, Russia and Turkey."
    )
    assert outcome in ending.text()
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None
        assert (game.status, game.outcome, game.deadline) == (FINISHED, outcome, None)
