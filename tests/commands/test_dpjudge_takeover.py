"""DPjudge's ``TAKEOVER <initial><game> <password>`` (research notes on the e-mail
judges: it replaces SIGNON for a takeover) was passed over as a greeting, or refused
as "not a command", with the password quoted back.  It is now a SIGNON: it takes
over an abandoned power, and the password is never shown."""

from __future__ import annotations

from sqlmodel import Session, select

from judge.store.models import Player
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)

NEW = "newcomer@players.test"
REGISTER = "REGISTER\nName: New Comer\nEND\n"


def test_takeover_takes_over_an_abandoned_power(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail(address("france"), f"SIGNON Fgame1 {PASSWORDS['france']}\nRESIGN\n"))
    deliver(engine, make_mail(NEW, REGISTER))
    deliver(engine, make_mail(NEW, "TAKEOVER Fgame1 taken-pw1\nA Par-Bur\n"))
    text = body_of(outbox(engine)[-1])
    assert "Take over of abandoned France allowed." in text, text
    assert "Accepted: A par - bur" in text
    assert "taken-pw1" not in text
    with Session(engine) as session:
        france = session.exec(select(Player).where(Player.power == "france")).one()
        assert france.status == "playing"
    engine.dispose()


def test_takeover_of_a_game_not_here_is_refused_without_the_password(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail(NEW, "TAKEOVER Inogame secret-pw9\n"))
    text = body_of(outbox(engine)[-1])
    assert "*** Refused" in text and "ignored" not in text, text
    assert "secret-pw9" not in text
    engine.dispose()
