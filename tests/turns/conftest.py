"""Fixtures of the turn-engine tests: an in-memory database and helpers to give
orders the way a mail gives them (through the order rules and store_order)."""

from __future__ import annotations

import email
import email.policy
from collections.abc import Iterator
from datetime import UTC, datetime
from email.message import EmailMessage

import pytest
from sqlmodel import Session, SQLModel, col, create_engine, select

import judge.store.mail  # noqa: F401  (registers the mail tables)
from judge.game.games import Seat, account_for, create_game, store_order
from judge.mail.outgoing import Author
from judge.rules.registry import ruleset_for_game
from judge.store.mail import OutboxMessage
from judge.store.models import Game, Observer

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
SENDER = Author("Test Judge", "judge@judge.test")
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
MASTER = "gm@masters.test"
OBSERVER = "watcher@observers.test"


def address(power: str) -> str:
    """The address of a power's player in the test games."""
    return f"{power}@players.test"


@pytest.fixture
def session() -> Iterator[Session]:
    engine = create_engine("sqlite://")
    SQLModel.metadata.create_all(engine)
    with Session(engine) as session:
        yield session
    engine.dispose()


def new_game(session: Session, name: str = "turns", **kwargs) -> Game:
    """An active game with every power played, a master and an observer in Paris time."""
    game = create_game(session, name, [Seat(p, address(p), "pw") for p in POWERS], **kwargs)
    game.master_address = MASTER
    watcher = account_for(session, OBSERVER)
    watcher.time_zone = "Europe/Paris"
    session.add(Observer(game_id=game.id, account_id=watcher.id))
    session.flush()
    return game


def give(session: Session, game: Game, power: str, *lines: str) -> list:
    """Check and store orders as a mail's order lines would; returns the checks."""
    checks = ruleset_for_game(game).check_orders(game.position_doc(), power, list(lines))
    for check in checks:
        if check.ok:
            store_order(session, game, power, check, account_id=None, from_address=address(power))
    session.flush()
    return checks


def outbox(session: Session) -> list[EmailMessage]:
    """Every queued mail, oldest first, parsed."""
    rows = session.exec(select(OutboxMessage).order_by(col(OutboxMessage.id)))
    return [
        email.message_from_bytes(row.raw, policy=email.policy.default)  # type: ignore[misc]
        for row in rows
    ]


def text_of(msg: EmailMessage) -> str:
    """The plain-text part of a mail."""
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    return part.get_content()


def near_victory_centres() -> dict[str, list[str]]:
    """France one centre short of victory (17), Italy with Rome only; Venice unowned."""
    france = ["bel", "ber", "bre", "den", "edi", "hol", "kie", "lon", "lvp", "mar", "mun"]
    return {"france": [*france, "nwy", "par", "por", "spa", "stp", "swe"], "italy": ["rom"]}
