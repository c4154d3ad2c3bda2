"""Helpers for the tests of joining, starting and ending games: a forming game,
registered accounts, and the mails queued in the outbox."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage

from sqlmodel import Session, col, select

from judge.game.games import create_game
from judge.mail.outgoing import Author
from judge.store.mail import OutboxMessage
from judge.store.models import FORMING, Account, Game
from judge.store.passwords import hash_password

SENDER = Author("Test Judge", "judge@judge.test")
MASTER = "master@players.test"


def forming_game(session: Session, name: str = "newgame", **fields) -> Game:
    """A standard game waiting for players, with a master; ``fields`` set Game columns."""
    game = create_game(session, name, [], status=FORMING, deadline=None)
    game.master_address = MASTER
    for key, value in fields.items():
        setattr(game, key, value)
    session.add(game)
    session.commit()
    return game


def registered(session: Session, address: str, zone: str = "UTC") -> Account:
    """A registered account (name, zone and password) for ``address``."""
    account = Account(address=address, name=address.split("@")[0].title(), time_zone=zone)
    account.password_hash = hash_password("account1")
    session.add(account)
    session.commit()
    return account


def mails(session: Session) -> list[EmailMessage]:
    """Every mail queued in the outbox so far, oldest first."""
    rows = session.exec(select(OutboxMessage).order_by(col(OutboxMessage.id))).all()
    return [
        email.message_from_bytes(r.raw, policy=email.policy.default)  # type: ignore[misc]
        for r in rows
    ]


def text_of(msg: EmailMessage) -> str:
    """The plain-text part of a mail."""
    part = msg.get_body(("plain",))
    assert part is not None
    return part.get_content()


def mails_to(session: Session, address: str) -> list[EmailMessage]:
    """The queued mails to one address."""
    return [m for m in mails(session) if m["To"] == address]
