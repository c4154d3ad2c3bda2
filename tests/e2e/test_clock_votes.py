"""The players' votes on the clock through a whole running judge (vDiplomacy's Pause,
Unpause and Extend; docs/mail.md, "Votes on the clock"): four players pause the
game by SET PAUSE, resume it by UNPAUSE and extend its deadline by SET EXTEND, each
passing with the last vote and mailed once to every player and the master; the
master's signed SET NO PLAYER VOTES then turns them off."""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
from judge.demo.rig import JUDGE_CODE, DemoJudge
from judge.demo.scenario import CAST, join, orders, register
from judge.game.games import find_game
from judge.store.models import ACTIVE, PAUSED, as_utc

from .conftest import MASTER

pytestmark = pytest.mark.timeout(180)

GAME = "clock"
PLAYING = [c for c in CAST if c.power in ("england", "france", "germany", "russia")]


def reply(exchange: Exchange) -> str:
    assert exchange.reply is not None, f"no reply to {exchange.sent}"
    return exchange.reply_text


def _state(judge: DemoJudge) -> tuple[str, object]:
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None
        return game.status, as_utc(game.deadline)


def test_players_pause_resume_and_extend_a_game_by_mail(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    assert "created" in reply(master.send(f"CREATE {GAME} PLAYERS 4\nSET TIMING ZONE UTC\n"))
    players = {cast.power: register(judge, cast) for cast in PLAYING}
    for cast in PLAYING:
        join(players[cast.power], cast, GAME)
    everyone = sorted([*(c.address for c in PLAYING), MASTER])

    def vote_all(line: str) -> Exchange:
        for cast in PLAYING[:-1]:
            voted = orders(players[cast.power], cast, "S1901M", line, GAME)
            assert "vote recorded (votes are secret)" in reply(voted)
            assert not voted.others  # nobody is told before it passes
        last = PLAYING[-1]
        return orders(players[last.power], last, "S1901M", line, GAME)

    first = orders(players["england"], PLAYING[0], "S1901M", "SET PAUSE", GAME)
    assert "3 more players must vote SET PAUSE for game clock to pause." in reply(first)
    orders(players["england"], PLAYING[0], "S1901M", "SET NOPAUSE", GAME)
    paused = vote_all("VOTE PAUSE")
    assert _state(judge) == (PAUSED, None)
    assert sorted(m.recipients[0] for m in paused.others) == everyone
    assert {m.subject for m in paused.others} == {
        f"{JUDGE_CODE}:{GAME} - S1901M Paused by the players"
    }

    resumed = vote_all("UNPAUSE")
    status, deadline = _state(judge)
    assert status == ACTIVE and deadline is not None
    assert sorted(m.recipients[0] for m in resumed.others) == everyone

    extended = vote_all("SET EXTEND")
    assert _state(judge) == (ACTIVE, deadline + timedelta(hours=48))
    assert "is extended by 48 hours" in extended.others[0].text()
    assert sorted(m.recipients[0] for m in extended.others) == everyone

    off = master.send(f"GAME {GAME}\nSET NO PLAYER VOTES\n")
    assert "may no longer vote" in reply(off)
    france = PLAYING[1]
    refused = players["france"].send(f"SIGNON F{GAME} {france.password}\nSET PAUSE\n")
    assert "turned off the players' votes" in reply(refused)
