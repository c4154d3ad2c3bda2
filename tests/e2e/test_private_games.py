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


def test_join_is_refused_by_a_record_limit(judge: DemoJudge, master_key: DemoSigner) -> None:
    """njudge's SET DEDICATION (data/dedsystems 55-59; ml_signon.c 1113-1160): a new
    player has a dedication of 0, so SET DEDICATION 1 keeps new players out."""
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    assert "created" in reply(master.send("CREATE serious PLAYERS 3\nCREATE casual PLAYERS 3\n"))
    changed = master.send("GAME serious\nSET DEDICATION 1\nSET RESRAT 0.2\n")
    assert "*** Refused" not in reply(changed)
    anna = register(judge, CAST[0])
    password = CAST[0].password
    text = reply(anna.send(f"JOIN serious {password}\nSIGNON ?serious {password}\n"))
    refusal = (
        "Sorry, game 'serious' requires a dedication of at least 1 and you are currently rated at 0"
    )
    assert text.count(refusal) == 2, text
    assert "You have joined game casual" in reply(anna.send(f"JOIN casual {password}\n"))
    # The record: WHOIS, INFO PLAYER (data/index 200-202), GET DEDICATION (151-155)
    text = reply(anna.send("GET DEDICATION\nINFO PLAYER austria@players.demo\n"))
    assert text.count("Dedication: 0") == 2, text
    assert "Phases ordered on time: 0, late: 0, missed: 0" in text
