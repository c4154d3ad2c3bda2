"""judge.game.recipients: who is mailed about a game."""

from __future__ import annotations

from collections.abc import Iterator
from email import message_from_bytes

import pytest
from sqlmodel import Session, SQLModel, create_engine, select

from judge.game.games import Seat, account_for, create_game
from judge.game.recipients import MASTER, OBSERVER, PLAYER, announce, game_recipients
from judge.mail.outgoing import Author
from judge.store.mail import OutboxMessage
from judge.store.models import EJECTED, Observer, Player


@pytest.fixture
def db_session() -> Iterator[Session]:
    engine = create_engine("sqlite://")
    SQLModel.metadata.create_all(engine)
    with Session(engine) as session:
        yield session
    engine.dispose()


def _game(session: Session):
    game = create_game(
        session,
        "alpha",
        [Seat("france", "f@example.org", "pw"), Seat("england", "e@example.org", "pw")],
    )
    game.master_address = "gm@example.org"
    watcher = account_for(session, "w@example.org")
    watcher.time_zone = "Europe/Paris"
    session.add(Observer(game_id=game.id, account_id=watcher.id))
    session.flush()
    return game


def test_players_observers_and_master_in_that_order(db_session: Session) -> None:
    game = _game(db_session)
    found = [(r.address, r.role, r.zone, r.power) for r in game_recipients(db_session, game)]
    assert found == [
        ("e@example.org", PLAYER, "UTC", "england"),
        ("f@example.org", PLAYER, "UTC", "france"),
        ("w@example.org", OBSERVER, "Europe/Paris", None),
        ("gm@example.org", MASTER, "UTC", None),
    ]


def test_players_who_left_get_nothing(db_session: Session) -> None:
    game = _game(db_session)
    england = db_session.exec(select(Player).where(Player.power == "england")).one()
    england.status = EJECTED
    db_session.flush()
    roles = [r.address for r in game_recipients(db_session, game, roles=(PLAYER,))]
    assert roles == ["f@example.org"]


def test_announce_queues_one_mail_each(db_session: Session) -> None:
    game = _game(db_session)
    sent = announce(
        db_session,
        Author("Judge", "judge@example.org"),
        game,
        "News",
        "Hello",
        exclude=["W@example.org"],
    )
    assert [r.address for r in sent] == ["e@example.org", "f@example.org", "gm@example.org"]
    rows = db_session.exec(select(OutboxMessage)).all()
    mails = [message_from_bytes(row.raw) for row in rows]
    assert sorted(m["To"] for m in mails) == sorted(r.address for r in sent)
    assert all(m["Subject"] == "News" and m["Auto-Submitted"] == "auto-generated" for m in mails)
    assert all(m.get_payload(decode=True).decode().strip() == "Hello" for m in mails)
