"""Private games by the master's signed mail, through the whole mail path (njudge's
SET NOLIST, SET ALLOW PLAYER, SET DENY PLAYER: data/index 327-333, 472-477, 588-591;
ml_signon.c 989-1001): a NOLIST game is absent from LIST and hidden from outsiders;
JOIN is refused by a deny list and by an allow list."""

from __future__ import annotations

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
from judge.demo.rig import DemoJudge
from judge.demo.scenario import CAST, register

from .conftest import MASTER

pytestmark = pytest.mark.timeout(180)

RESTRICTED = "the master has restricted access to this game: you are not allowed to sign on"


def reply(exchange: Exchange) -> str:
    assert exchange.reply is not None, f"no reply to {exchange.sent}"
    return exchange.reply_text


def test_nolist_allow_and_deny(judge: DemoJudge, master_key: DemoSigner) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    assert "created" in reply(master.send("CREATE secret PLAYERS 3\nCREATE open PLAYERS 3\n"))
    anna, edward, francoise = (register(judge, c) for c in CAST[:3])
    by_address = {c.address: c for c in CAST}

    changed = master.send(
        "GAME secret\nSET NOLIST\nSET DENY PLAYER austria@players.demo\n"
        "GAME open\nSET ALLOW PLAYER england@players.demo\n"
    )
    text = reply(changed)
    assert "Game secret is private" in text and "*** Refused" not in text, text

    # NOLIST: absent from LIST, and nothing of it shown outside it
    listing = reply(edward.send("LIST\nLIST FULL\nLIST secret\nHISTORY secret\nSUMMARY secret\n"))
    assert "open" in listing
    assert "secret " not in listing.replace("> LIST secret", "").replace("SUMMARY secret", "")
    assert listing.count("there is no game called 'secret'") == 3

    # The deny list refuses JOIN; others may join the private game by its name
    anna_pw = by_address["austria@players.demo"].password
    text = reply(anna.send(f"JOIN secret {anna_pw}\n"))
    assert RESTRICTED in text
    ed_pw = by_address["england@players.demo"].password
    assert "You have joined game secret" in reply(edward.send(f"JOIN secret {ed_pw}\n"))
    # ... and, once in it, see it
    assert "Status of game secret" in reply(edward.send("LIST secret\n"))

    # The allow list refuses everyone not on it (njudge's SIGNON ? form too)
    fr_pw = by_address["france@players.demo"].password
    text = reply(francoise.send(f"JOIN open {fr_pw}\nSIGNON ?open {fr_pw}\nOBSERVE open\n"))
    assert text.count(RESTRICTED) == 3, text
    assert "You have joined game open" in reply(edward.send(f"JOIN open {ed_pw}\n"))
