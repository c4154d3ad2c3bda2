"""Taking over an abandoned power through the whole mail path (njudge's
``SIGNON <initial><game> <password>`` on an abandoned power, ml_signon.c 661-800):
a player resigns, a registered player outside the game takes the power over, the
others are told, the old password stops working, and the new player's orders are
adjudicated."""

from __future__ import annotations

import pytest
from sqlmodel import select

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
from judge.demo.rig import JUDGE_CODE, DemoJudge
from judge.demo.scenario import CAST, join, orders, process, register
from judge.store.models import Player

from .conftest import MASTER

pytestmark = pytest.mark.timeout(180)

GAME = "classic"
PLAYING = [c for c in CAST if c.power in ("england", "france", "germany")]


def reply(exchange: Exchange) -> str:
    assert exchange.reply is not None, f"no reply to {exchange.sent}"
    return exchange.reply_text


def test_a_resigned_power_is_taken_over_and_its_orders_adjudicated(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    assert "created" in reply(master.send(f"CREATE {GAME} PLAYERS 3\nSET TIMING ZONE UTC\n"))
    players = {cast.power: register(judge, cast) for cast in PLAYING}
    for cast in PLAYING:
        join(players[cast.power], cast, GAME)
    france = next(c for c in PLAYING if c.power == "france")
    england = next(c for c in PLAYING if c.power == "england")
    resigned = orders(players["france"], france, "S1901M", "WITHDRAW", GAME)
    assert "civil disorder" in reply(resigned)

    # LIST shows the power as abandoned
    newcomer = Correspondent(judge, "nora@players.demo", "Nora")
    text = reply(newcomer.send(f"LIST {GAME}\n"))
    assert f"France (abandoned: SIGNON F{GAME} <password> takes it over)" in text
    # An unregistered address is refused (ml_signon.c)
    text = reply(newcomer.send(f"SIGNON F{GAME} nora-pw1\n"))
    assert "is not registered with the judge" in text
    # A player of the game may not take a second power
    text = reply(players["england"].send(f"SIGNON F{GAME} another1\n"))
    assert "you already play England" in text

    registered = reply(newcomer.send("REGISTER\nName: Nora\nTimezone: Europe/Paris\nEND\n"))
    assert "Registered" in registered
    taken = newcomer.send(f"SIGNON F{GAME} nora-pw1\nA Par - Bur\nF Bre - Mao\nA Mar - Spa\n")
    text = reply(taken)
    assert f"> SIGNON F{GAME} ********" in text and "nora-pw1" not in text
    assert "Take over of abandoned France allowed." in text
    assert "France: 3 centres" in text  # the position
    assert "Deadline:" in text and "*** Refused" not in text, text
    subjects = {m.subject for m in taken.others}
    assert f"{JUDGE_CODE}:{GAME} - S1901M Map" in subjects, subjects
    told = [m for m in taken.others if m.subject.endswith("New Player Signon: F")]
    assert {m.recipients[0] for m in told} >= {"england@players.demo", "germany@players.demo"}
    words = "nora@players.demo has taken over the abandoned France in game 'classic'."
    assert words in told[0].text()
    # The old password no longer signs on
    text = reply(players["france"].send(f"SIGNON F{GAME} {france.password}\n"))
    assert "*** Refused: wrong password for France" in text

    orders(players["england"], england, "S1901M", "F Lon - Nth", GAME)
    reports = process(master, "S1901M", GAME).others
    results = next(m for m in reports if m.recipients == ("nora@players.demo",))
    assert "Abandoned" not in results.text()
    with judge.session() as session:
        seat = session.exec(select(Player).where(Player.power == "france")).one()
        assert seat.status == "playing"
        game_position = reply(newcomer.send(f"LIST {GAME}\n"))
    assert "A Bur" in game_position and "F Mao" in game_position, game_position
    # The records (njudge's dedication system): WHOIS shows them
    text = reply(newcomer.send("WHOIS france@players.demo\nWHOIS nora@players.demo\n"))
    france_part, nora_part = text.split("> WHOIS nora@players.demo")
    assert "Games: 1 played, 0 finished, 1 resigned, 0 ejected, 0 taken over." in france_part
    assert "Dedication: -50." in france_part
    assert "1 taken over." in nora_part
    assert "Phases: 1 due: 1 on time, 0 late, 0 missed." in nora_part
    # Germany gave no orders, but the master processed before the deadline: as on
    # njudge (its PROCESS counts nobody late), that phase was not due from Germany.
    text = reply(newcomer.send("WHOIS germany@players.demo\n"))
    assert "Phases: 0 due: 0 on time, 0 late, 0 missed." in text
    assert "Dedication: 0." in text
