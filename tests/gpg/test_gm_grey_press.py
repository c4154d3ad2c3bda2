"""A game master's GREY press, by signed mail through the real path: njudge's
ml_press.c lets the master send "any kind of press he wants, no matter what the
settings", a master's press being white unless it says GREY.  Before, the judge sent
it white whatever the master wrote (its reply said so); now GREY hides the sender,
as a player's grey press does, and the reply says grey."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

from gpg_helpers import inline_mail

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, address, body_of, deliver, make_mail, outbox  # noqa: E402


def test_a_masters_grey_press_is_sent_grey(gm_engine, config, gm) -> None:
    lines = (
        "GAME game1\nPRESS TO F GREY\nWatch your back.\nENDPRESS\n"
        "BROADCAST GREY\nA rumour.\nENDPRESS\nPRESS TO F\nSigned, the Master.\nENDPRESS\n"
    )
    at = NOW + timedelta(hours=1)
    deliver(gm_engine, inline_mail(gm, lines, at=at), config, now=at)
    mails = outbox(gm_engine)
    reply = body_of(mails[-1])
    assert "Press (grey, 1 line) sent to France." in reply, reply
    assert "Broadcast (grey, 1 line) sent to everyone." in reply
    assert "Press (white, 1 line) sent to France." in reply
    to_france = [m for m in mails if m["To"] == address("france")]
    grey_press, rumour, white = (body_of(m) for m in to_france)
    for text, mail in ((grey_press, to_france[0]), (rumour, to_france[1])):
        assert "Master" not in text and "Master" not in mail["Subject"], text
        assert "Message from someone (grey press) to" in text
    assert "Message from the Master to France" in white
    # France answers the grey press with her mail program's Reply: it reaches the
    # master, and her reply does not tell her who sent the press.
    replying = {"In-Reply-To": to_france[0]["Message-ID"]}
    answer = make_mail(address("france"), "Thanks for the tip.\n", headers=replying)
    deliver(gm_engine, answer, config, now=at + timedelta(minutes=5))
    told = body_of(outbox(gm_engine)[-1])
    assert "sent as press (white, 1 line) to its sender." in told, told
    assert "Master" not in told, told
