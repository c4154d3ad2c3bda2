"""FORGOT PASSWORD: a one-time code, mailed to the address that plays the power, signs
on beside the lost password for 24 hours or until SET PASSWORD.  Before, the only way
back was the game master's REPLACE, and a game without a master left the power in
civil disorder for good (a web site's "forgot password" mails a code the same way)."""

from __future__ import annotations

import re
from datetime import timedelta

from sqlmodel import Session

from tests.commands.helpers import (
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)


def _send(engine, sender: str, body: str, now=NOW) -> list:
    before = last_outbox_id(engine)
    deliver(engine, make_mail(sender, body), now=now)
    return outbox(engine, before)


def _reply(mails: list) -> str:
    return body_of(next(m for m in mails if m["Subject"].startswith("Re:")))


def _code(mails: list, to: str) -> str:
    """The code in the code mail to ``to`` (the mail that is not the reply)."""
    [mail] = [m for m in mails if not m["Subject"].startswith("Re:")]
    assert mail["To"] == to, mail["To"]
    found = re.search(r"SIGNON Fgame1 (\S+)", body_of(mail))
    assert found is not None, body_of(mail)
    return found.group(1)


def _engine(tmp_path, games: tuple[str, ...] = ("game1",)):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        for name in games:
            add_game(session, name)
    return engine


def test_the_code_is_mailed_to_the_player_and_never_put_in_the_reply(tmp_path) -> None:
    engine = _engine(tmp_path)
    mails = _send(engine, address("france"), "Forgot password?\n")
    code = _code(mails, address("france"))
    reply = _reply(mails)
    assert code not in reply
    assert "A one-time code to sign on as France in game game1 is mailed to" in reply


def test_the_code_signs_on_and_set_password_ends_it(tmp_path) -> None:
    engine = _engine(tmp_path)
    code = _code(_send(engine, address("france"), "FORGOT PASSWORD game1\n"), address("france"))
    reply = _reply(_send(engine, address("france"), f"SIGNON Fgame1 {code}\nA Par-Bur\n"))
    assert "Signed on as France in game game1" in reply and "one-time code" in reply, reply
    assert "Accepted: A par - bur" in reply and code not in reply
    body = f"SIGNON Fgame1 {code}\nSET PASSWORD newpw99\n"
    reply = _reply(_send(engine, address("france"), body))
    assert "Password changed." in reply, reply
    # The code is spent; the new password signs on.
    reply = _reply(_send(engine, address("france"), f"SIGNON Fgame1 {code}\n"))
    assert "wrong password for France in game game1" in reply, reply
    reply = _reply(_send(engine, address("france"), "SIGNON Fgame1 newpw99\n"))
    assert "Signed on as France" in reply, reply


def test_the_old_password_still_works_after_a_code_was_asked_for(tmp_path) -> None:
    """A forged FORGOT PASSWORD changes nothing for the real player."""
    engine = _engine(tmp_path)
    _send(engine, address("france"), "FORGOT PASSWORD\n")
    reply = _reply(_send(engine, address("france"), f"SIGNON Fgame1 {PASSWORDS['france']}\n"))
    assert "Signed on as France" in reply and "one-time code" not in reply, reply


def test_the_code_stops_after_24_hours(tmp_path) -> None:
    engine = _engine(tmp_path)
    code = _code(_send(engine, address("france"), "FORGOT PASSWORD\n"), address("france"))
    later = NOW + timedelta(hours=24, minutes=1)
    reply = _reply(_send(engine, address("france"), f"SIGNON Fgame1 {code}\n", now=later))
    assert "wrong password for France" in reply, reply


def test_a_code_signs_on_only_for_its_own_power(tmp_path) -> None:
    engine = _engine(tmp_path)
    code = _code(_send(engine, address("france"), "FORGOT PASSWORD\n"), address("france"))
    reply = _reply(_send(engine, address("germany"), f"SIGNON Ggame1 {code}\n"))
    assert "wrong password for Germany" in reply, reply


def test_an_address_that_plays_no_power_gets_no_code(tmp_path) -> None:
    engine = _engine(tmp_path)
    mails = _send(engine, "stranger@players.test", "Forgot my password\n")
    assert len(mails) == 1
    reply = _reply(mails)
    assert "stranger@players.test plays no power in a game in play, so no code was sent" in reply


def test_a_named_game_gets_the_code_of_its_power_only(tmp_path) -> None:
    engine = _engine(tmp_path, ("game1", "game2"))
    mails = _send(engine, address("france"), "FORGOT PASSWORD for game1\n")
    _code(mails, address("france"))  # one code mail, for game1
    assert "France in game game1" in _reply(mails) and "game2" not in _reply(mails)
    mails = _send(engine, address("france"), "FORGOT PASSWORD\n")
    assert len([m for m in mails if not m["Subject"].startswith("Re:")]) == 2
    reply = _reply(_send(engine, address("france"), "FORGOT PASSWORD nosuch\n"))
    assert "no game nosuch on this judge" in reply, reply
