"""A NoDIAS draw by name through the whole mail path (njudge's data/draws 22-41,
draw.c 398-418): the master's signed SET NODIAS, broadcast once; four players vote
SET DRAW EFR, Germany among them though left out; the game ends in a draw of
England, France and Russia, announced as njudge announces it."""

from __future__ import annotations

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
from judge.demo.rig import JUDGE_CODE, DemoJudge
from judge.demo.scenario import CAST, join, orders, register
from judge.game.games import find_game
from judge.store.models import ACTIVE, FINISHED

from .conftest import MASTER

pytestmark = pytest.mark.timeout(180)

GAME = "named"
PLAYING = [c for c in CAST if c.power in ("england", "france", "germany", "russia")]
OUTCOME = "Game 'named' has been declared a draw between England, France and Russia."


def reply(exchange: Exchange) -> str:
    assert exchange.reply is not None, f"no reply to {exchange.sent}"
    return exchange.reply_text


def test_a_nodias_draw_of_three_powers_ends_the_game(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    assert "created" in reply(master.send(f"CREATE {GAME} PLAYERS 4\nSET TIMING ZONE UTC\n"))
    players = {cast.power: register(judge, cast) for cast in PLAYING}
    for cast in PLAYING:
        join(players[cast.power], cast, GAME)
    changed = master.send(f"GAME {GAME}\nSET NODIAS\n")
    assert "is NoDIAS" in reply(changed)
    told = [m.recipients[0] for m in changed.others]
    assert sorted(told) == sorted(c.address for c in PLAYING)  # once each

    by_power = {c.power: c for c in PLAYING}
    refused = players["france"].send(
        f"SIGNON F{GAME} {by_power['france'].password}\nSET DRAW\nSET CONCEDE England\n"
    )
    assert "you must specify a power list" in reply(refused)
    assert "is NoDIAS: concede with SET DRAW" in reply(refused)
    for power in ("england", "france", "germany"):
        voted = orders(players[power], by_power[power], "S1901M", "SET DRAW EFR", GAME)
        assert "You will now accept a draw among England, France, Russia" in reply(voted)
        assert not voted.others  # secret
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None and game.status == ACTIVE
    last = orders(players["russia"], by_power["russia"], "S1901M", "SET DRAW E F R", GAME)
    ending = [m for m in last.others if m.recipients == ("germany@players.demo",)]
    assert [m.subject for m in ending] == [f"{JUDGE_CODE}:{GAME} - S1901M Draw Declared: EFR"]
    assert OUTCOME in ending[0].text()
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None and (game.status, game.outcome) == (FINISHED, OUTCOME)
