"""Press to the game master and replies to press mails, through the whole mail path:
njudge's ``PRESS TO M`` (data/press 19-20, 223-231: always allowed, also in a game
without press) reaches the master; the master's mail program's Reply to it is press
back to the player; a player's reply to another player's press mail is press back to
its sender (beyond njudge, as Diplicity forwards mail replies), and the reply says so."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
from judge.demo.rig import JUDGE_ADDRESS, JUDGE_CODE, DemoJudge
from judge.demo.scenario import CAST, join, orders, register
from judge.demo.sink import DeliveredMail

from .conftest import MASTER

pytestmark = pytest.mark.timeout(180)

GAME = "talk"
PLAYING = [c for c in CAST if c.power in ("england", "france", "germany")]


def reply(exchange: Exchange) -> str:
    assert exchange.reply is not None, f"no reply to {exchange.sent}"
    return exchange.reply_text


def answer(who: Correspondent, to: DeliveredMail, text: str) -> Exchange:
    """``who``'s mail program's Reply to a mail the judge delivered: Re: subject,
    In-Reply-To its Message-ID, the original quoted below the new text."""
    original = to.message()
    msg = EmailMessage(policy=policy.SMTP)
    msg["From"] = who.from_header
    msg["To"] = JUDGE_ADDRESS
    msg["Subject"] = f"Re: {to.subject}"
    message_id = make_msgid(domain="players.demo")
    msg["Message-ID"] = message_id
    msg["In-Reply-To"] = str(original["Message-ID"])
    msg["References"] = str(original["Message-ID"])
    quoted = "\n".join("> " + line for line in to.text().splitlines())
    msg.set_content(f"{text}\n\nOn Monday the judge wrote:\n{quoted}\n")
    return who.send_raw(msg.as_bytes(), message_id, "reply")


def one_to(mails: list[DeliveredMail], address: str) -> DeliveredMail:
    found = [m for m in mails if m.recipients == (address,)]
    assert len(found) == 1, [(m.recipients, m.subject) for m in mails]
    return found[0]


def test_press_to_the_master_and_replies_to_press_mails(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    assert "created" in reply(master.send(f"CREATE {GAME} PLAYERS 3\nSET TIMING ZONE UTC\n"))
    players = {cast.power: register(judge, cast) for cast in PLAYING}
    for cast in PLAYING:
        join(players[cast.power], cast, GAME)
    by_power = {c.power: c for c in PLAYING}
    # The master's press settings in njudge's words, each broadcast once
    changed = master.send(f"GAME {GAME}\nSET NO GREY\n")
    assert "Press in game talk is now white." in reply(changed)
    assert len(changed.others) == 3

    # PRESS TO M: to the master
    sent = orders(players["france"], by_power["france"], "S1901M",
                  "PRESS TO M\nMay I have a day more?\nENDPRESS", GAME)  # fmt: skip
    assert "Press (white, 1 line) sent to the Master." in reply(sent)
    to_master = one_to(sent.others, MASTER)
    assert to_master.subject == f"{JUDGE_CODE}:{GAME} - S1901M Press from France to the Master"
    assert "May I have a day more?" in to_master.text()

    # The master's Reply: press back to France
    answered = answer(master, to_master, "Yes, until Friday.")
    text = reply(answered)
    assert "it was sent as press (white, 1 line) to France." in text, text
    to_france = one_to(answered.others, "france@players.demo")
    assert "Yes, until Friday." in to_france.text()
    assert "May I have a day more?" not in to_france.text()  # the quote is not press

    # A player's press and the Reply of its receiver
    sent = orders(players["france"], by_power["france"], "S1901M",
                  "PRESS TO G\nShall we share the Alps?\nENDPRESS", GAME)  # fmt: skip
    to_germany = one_to(sent.others, "germany@players.demo")
    answered = answer(players["germany"], to_germany, "Gladly.")
    text = reply(answered)
    assert "ignored: not an order" not in text
    assert "it was sent as press (white, 1 line) to France." in text, text
    back = one_to(answered.others, "france@players.demo")
    assert back.subject == f"{JUDGE_CODE}:{GAME} - S1901M Press from Germany"
    assert "Gladly." in back.text()

    # Someone outside the game cannot use a press mail to write into it
    stranger = Correspondent(judge, "eve@players.demo", "Eve")
    text = reply(answer(stranger, to_germany, "Let me in."))
    assert "where you play no power; nothing was sent" in text

    # In a game without press, press to the master still goes (data/press 19-20)
    assert "Press in game talk is now none." in reply(master.send(f"GAME {GAME}\nSET NO PRESS\n"))
    signon = f"SIGNON G{GAME} {by_power['germany'].password}\n"
    sent = players["germany"].send(
        signon + "PRESS TO M\nHelp!\nENDPRESS\nPRESS TO F\nHi\nENDPRESS\n"
    )
    text = reply(sent)
    assert "sent to the Master" in text and "game talk has no press; nothing was sent" in text
    assert "Help!" in one_to(sent.others, MASTER).text()

    # The master's own press (njudge: "a Master can always issue press commands"),
    # in a signed mail after GAME <game>, and the player's Reply back to the master
    sent = master.send(f"GAME {GAME}\nPRESS TO F\nPlease order, France.\nENDPRESS\n")
    assert "Press (white, 1 line) sent to France." in reply(sent)
    from_master = one_to(sent.others, "france@players.demo")
    assert from_master.subject == f"{JUDGE_CODE}:{GAME} - S1901M Press from the Master to France"
    answered = answer(players["france"], from_master, "Will do.")
    assert "it was sent as press (white, 1 line) to the Master." in reply(answered)
    assert "Will do." in one_to(answered.others, MASTER).text()

    # Observers' press (SIGNON O<game>), when the master allows it
    watcher = Correspondent(judge, "watcher@players.demo", "Wendy")
    press = f"SIGNON O{GAME} look-pw1\nBROADCAST\nGood luck all!\nENDPRESS\n"
    text = reply(watcher.send(press))
    assert "You now observe game talk" in text
    assert "does not allow observers' press; nothing was sent" in text
    allowed = master.send(f"GAME {GAME}\nSET WHITE\nSET OBSERVER PRESS\n")
    assert "Observers of game talk may send press." in reply(allowed)
    sent = watcher.send(press)
    assert "Signed on as an observer of game talk." in reply(sent)
    assert "Broadcast (white, 1 line) sent to everyone." in reply(sent)
    heard = one_to(sent.others, "england@players.demo")
    assert heard.subject == f"{JUDGE_CODE}:{GAME} - S1901M Broadcast from an observer"
