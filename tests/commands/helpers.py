"""Shared helpers for the command and processing tests: a migrated SQLite file,
mails as raw bytes, a game, and reading the outbox back."""

from __future__ import annotations

import email
import email.policy
import itertools
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from judge.commands.inbound import process_inbound
from judge.config import Config
from judge.game.games import Seat, create_game
from judge.store.db import make_engine
from judge.store.mail import InboundMessage, OutboxMessage, store_inbound
from judge.store.models import Game
from tests.migrated import migrated_sqlite_file

JUDGE = "judge@judge.test"
GM = "gm@example.org"  # game1's master in the tests that give it one
NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
PASSWORDS = {
    "austria": "vienna1",
    "england": "london1",
    "france": "paris11",
    "germany": "berlin1",
    "italy": "rome111",
    "russia": "moscow1",
    "turkey": "ankara1",
}
_ids = itertools.count(1)


def address(power: str) -> str:
    """The address of the player of a power in the test games."""
    return f"{power}@players.test"


def judge_config(replies_per_hour: int = 30, max_bytes: int = 2_000_000) -> Config:
    """A configuration for tests."""
    config = Config()
    config.judge.address = JUDGE
    config.judge.name = "Test Judge"
    config.limits.replies_per_sender_per_hour = replies_per_hour
    config.limits.max_message_bytes = max_bytes
    return config


def migrated_engine(directory: Path) -> Engine:
    """A real SQLite file at the migrations' head (a copy of the session's template)."""
    return make_engine(migrated_sqlite_file(directory / "judge.db"))


def add_game(
    session: Session, name: str = "game1", *, deadline_hours: float | None = 48, **kwargs
) -> Game:
    """A standard game at its start, every power played with the passwords above."""
    seats = [Seat(p, address(p), pw, p.title() + " Player") for p, pw in PASSWORDS.items()]
    deadline = NOW + timedelta(hours=deadline_hours) if deadline_hours is not None else None
    game = create_game(session, name, seats, deadline=deadline, **kwargs)
    session.commit()
    return game


def make_mail(
    sender: str,
    body: str,
    subject: str = "orders",
    message_id: str | None = None,
    headers: dict[str, str] | None = None,
) -> bytes:
    """A plain-text mail to the judge, as bytes."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = JUDGE
    msg["Subject"] = subject
    msg["Message-ID"] = message_id or f"<test.{next(_ids)}@players.test>"
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    return msg.as_bytes()


def deliver(
    engine: Engine, raw: bytes, config: Config | None = None, now: datetime = NOW
) -> InboundMessage:
    """Store a mail and process it in one transaction, as the daemon does."""
    config = config or judge_config()
    with Session(engine, expire_on_commit=False) as session:
        row = store_inbound(session, raw, "smtp")
        assert row is not None
        process_inbound(session, row, config, now=now)
        session.commit()
        return row


def outbox(engine: Engine, after_id: int = 0) -> list[email.message.EmailMessage]:
    """The queued mails, oldest first, parsed."""
    with Session(engine) as session:
        rows = session.exec(
            select(OutboxMessage).where(OutboxMessage.id > after_id).order_by(col(OutboxMessage.id))
        ).all()
        return [
            email.message_from_bytes(r.raw, policy=email.policy.default)  # type: ignore[misc]
            for r in rows
        ]


def body_of(msg: email.message.EmailMessage) -> str:
    """The plain text of a queued mail."""
    part = msg.get_body(("plain",))
    assert part is not None
    return part.get_content()


def reply_to_orders(
    directory: Path, lines: str, position: dict[str, Any] | None = None
) -> tuple[str, str]:
    """The subject and text of the judge's reply to France's mail of ``lines`` (after
    her SIGNON) in a new standard game, set at ``position`` if one is given."""
    from judge.game.processing import set_game_position

    engine = migrated_engine(directory)
    with Session(engine) as session:
        game = add_game(session)
        if position is not None:
            set_game_position(game, position)
            session.add(game)
            session.commit()
    deliver(engine, make_mail(address("france"), f"SIGNON Fgame1 {PASSWORDS['france']}\n{lines}"))
    reply = outbox(engine)[-1]
    engine.dispose()
    return reply["Subject"], body_of(reply).replace("\r\n", "\n")


def multiverse_reply(directory: Path, setting: str, lines: str, power: str = "france") -> str:
    """The text of the judge's reply to ``power``'s mail of ``lines`` (after its
    SIGNON) in a new multiverse game of the standard map played with ``setting``
    (``loose``, ``strict`` or ``5dplomacy``), at its start."""
    from judge.game.processing import set_game_position
    from judge.rules.registry import ruleset_for_game
    from judge.store.models import MULTIVERSE_RULES

    engine = migrated_engine(directory)
    with Session(engine) as session:
        game = add_game(session)
        game.rules, game.adjacency = MULTIVERSE_RULES, setting
        rules = ruleset_for_game(game)
        set_game_position(game, rules.starting_position("standard", adjacency=setting))
        session.add(game)
        session.commit()
    signon = f"SIGNON {power[0].upper()}game1 {PASSWORDS[power]}\n"
    deliver(engine, make_mail(address(power), signon + lines))
    text = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    engine.dispose()
    return text


def last_outbox_id(engine: Engine) -> int:
    """The id of the newest outbox row (0 when empty)."""
    with Session(engine) as session:
        row = session.exec(select(OutboxMessage.id).order_by(col(OutboxMessage.id).desc())).first()
        return row or 0


def outcomes(ctx) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    """(echo, status, message) for every outcome of a context's transcript."""
    return [(e.echo, o.status, o.message) for e in ctx.transcript.entries for o in e.outcomes]
