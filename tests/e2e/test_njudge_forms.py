"""An njudge player's mail, unchanged, through the whole mail path (SMTP in, GnuPG-
signed master mail, SQLite, SMTP out): each form answered as njudge's help files say
(jonmarkgo/njudge data/form, data/index, data/history, mail.c; see docs/mail.md)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlmodel import select

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
from judge.demo.rig import JUDGE_CODE, DemoJudge
from judge.store.models import Account, Observer, Player

from .conftest import MASTER

pytestmark = pytest.mark.timeout(180)

GAME = "nj"
# njudge's own registration form (data/form 16-30), as njudge mails it out.
NJUDGE_FORM = """REGISTER
Name:      {name}
Phone:     (505) 555-5555
Site:      University of Hodunk
Address:   1515 St. Claws Lane, Kris Mass
Country:   USA
Timezone:  Eastern
Email:     {address}
Level:     Novice, Amateur, Intermediate, Advanced or Expert
Birthdate: Dec 25, 1907
Sex:       Female
Package:   Yes
Favourite variant: Colonial
END
"""
PLAYERS = {"ellen": "Ellen", "frank": "Frank", "greta": "Greta"}


def reply(exchange: Exchange) -> str:
    assert exchange.reply is not None, f"no reply to {exchange.sent}"
    return exchange.reply_text


def address(who: str) -> str:
    return f"{who}@players.demo"


def password(who: str) -> str:
    return f"{who}-njudge"


def signon_of(judge: DemoJudge, who: str) -> str:
    """The SIGNON line of the power ``who`` was given at the start."""
    with judge.session() as session:
        account = session.exec(select(Account).where(Account.address == address(who))).one()
        power = session.exec(select(Player.power).where(Player.account_id == account.id)).one()
    return f"SIGNON {power[0].upper()}{GAME} {password(who)}\n"


def start(judge: DemoJudge, master_key: DemoSigner) -> dict[str, Correspondent]:
    """A three-player standard game filled by njudge's REGISTER form and
    ``SIGNON ?<game> <password>``; the players by power."""
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    assert "created" in reply(master.send(f"CREATE {GAME} PLAYERS 3\nSET TIMING ZONE UTC\n"))
    players = {}
    for power, name in PLAYERS.items():  # "power": the player (powers are drawn)
        player = Correspondent(judge, address(power), name)
        text = reply(player.send(NJUDGE_FORM.format(name=name, address=address(power))))
        assert "*** Refused" not in text, text
        assert f"Registered {address(power)}: {name}, time zone America/New_York." in text
        assert (
            "ignored: Phone, Site, Address, Country, Email, Level, Birthdate, Sex, Package, "
            "Favourite variant" in text
        )
        joined = player.send(f"SIGNON ?{GAME} {password(power)} \n")
        text = reply(joined)
        assert f"> SIGNON ?{GAME} ********" in text and "You have joined game nj" in text
        assert password(power) not in text
        players[power] = player
    return players


def test_njudge_registration_and_joining_forms(judge: DemoJudge, master_key: DemoSigner) -> None:
    players = start(judge, master_key)
    with judge.session() as session:
        seats = session.exec(select(Player)).all()
        assert len(seats) == 3
        zones = {a.address: a.time_zone for a in session.exec(select(Account))}
    assert zones[address("frank")] == "America/New_York"
    # Observing: SIGNON O<game> <password> and OBSERVE <game> <password> (data/index 227-229)
    watcher = Correspondent(judge, "watcher@players.demo", "Wendy")
    text = reply(watcher.send(f"SIGNON O{GAME} peek-a-boo\n"))
    assert f"> SIGNON O{GAME} ********" in text and "You now observe game nj" in text
    other = Correspondent(judge, "other@players.demo", "Otto")
    text = reply(other.send(f"OBSERVE {GAME} peek-a-boo\n"))
    assert f"> OBSERVE {GAME} ********" in text and "You now observe game nj" in text
    assert "peek-a-boo" not in text
    with judge.session() as session:
        assert len(session.exec(select(Observer)).all()) == 2
    # SIGNON ?<game> on a started game: nothing to take over (ml_signon.c 579-587)
    late = reply(Correspondent(judge, "late@players.demo").send(f"SIGNON ?{GAME} latepw1\n"))
    assert "no abandoned powers in game nj for takeover" in late
    # WHOIS (data/index 1006-1007), VERSION, GET (data/index 146-149)
    text = reply(watcher.send(f"WHOIS {address('frank')}\nVERSION\nGET FORM\nSEND ME DRAWS\n"))
    assert "Frank" in text and f"<{address('frank')}>, time zone America/New_York" in text
    assert "current version is judge" in text
    assert "REGISTER: REGISTER  Name: <name>" in text and "SET DRAW:" in text
    assert "*** Refused" not in text, text
    assert players


def test_njudge_forms_after_a_signon(judge: DemoJudge, master_key: DemoSigner) -> None:
    players = start(judge, master_key)
    france = players["frank"]
    signon = signon_of(judge, "frank")
    exchange = france.send(signon + "SET WAIT\n", "my orders")
    assert exchange.reply is not None, exchange.sent
    assert "*** Refused" not in exchange.reply_text, exchange.reply_text
    # njudge's reply subject (mail.c): Re: CODE:game - phase subject
    assert exchange.reply.subject == f"Re: {JUDGE_CODE}:{GAME} - S1901M my orders"
    exchange = france.send("LIST\n", "no signon")
    assert exchange.reply is not None  # without a SIGNON: Re: CODE subject
    assert exchange.reply.subject == f"Re: {JUDGE_CODE} no signon"
    # njudge command words after a SIGNON are commands, never orders (mail.c 442-471)
    exchange = france.send(signon + "DIARY\nDear diary\nPREDICT\nSTATUS\nHISTORY\nSUMMARY\n")
    text = reply(exchange)
    assert "not a province" not in text
    assert "DIARY is an njudge command not supported on this judge" in text
    assert "PREDICT is an njudge command not supported on this judge" in text
    assert "A summary of game nj is mailed to you." in text
    assert exchange.reply.subject.startswith(f"Re: [Error Flag] {JUDGE_CODE}:{GAME} - S1901M")
    summaries = [m for m in exchange.others if m.subject == f"{JUDGE_CODE}:{GAME} Summary"]
    assert len(summaries) == 2  # STATUS and SUMMARY
    # HISTORY <game> FROM <date> (data/history 14-62), and after a SIGNON without the game
    today = datetime.now(UTC)
    text = reply(france.send(f"HISTORY {GAME} FROM {today:%b} {today.day}, {today.year}\n"))
    assert "1 report of game nj (S1901M to S1901M) mailed to you." in text
    text = reply(france.send(signon + "HISTORY FROM Jan 1, 2001 TO Jan 2, 2001\n"))
    assert "game nj has no reports in that span" in text
    # SET VACATION / SET HOLIDAY = SET ABSENCE (ml_set.c 1059-1060); njudge's date form
    text = reply(france.send(signon + "SET VACATION Dec 24 TO Dec 26\nSET NO HOLIDAY\n"))
    assert "*** Refused" not in text, text
    assert "absence" in text.lower()
    # LIST FULL (data/index 204-209)
    text = reply(france.send("LIST FULL\n"))
    assert "nj: standard, active, phase S1901M" in text and "Frank <frank@players.demo>" in text
    # WITHDRAW = RESIGN (mail.c 443-444)
    text = reply(players["greta"].send(signon_of(judge, "greta") + "WITHDRAW\n"))
    assert "> WITHDRAW" in text and "*** Refused" not in text, text
    with judge.session() as session:
        statuses = sorted(p.status for p in session.exec(select(Player)))
        assert statuses == ["playing", "playing", "resigned"]
