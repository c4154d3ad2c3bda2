"""The judge's database tables (SQLModel).

Times are stored in UTC.  SQLite forgets the zone of a stored datetime, so code that
reads a time back should pass it through :func:`as_utc`.  The mail tables
(``InboundMessage``, ``OutboxMessage``) live in :mod:`judge.mail.store`; all tables
share ``SQLModel.metadata``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Column, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

# Game statuses.
FORMING = "forming"
ACTIVE = "active"
PAUSED = "paused"
FINISHED = "finished"
GAME_STATUSES = (FORMING, ACTIVE, PAUSED, FINISHED)

# Press modes of a game, in the classic judges' spelling: which colours are allowed,
# the first one being the default.
PRESS_MODES = ("none", "white", "grey", "white/grey", "grey/white")


def utcnow() -> datetime:
    """The current time in UTC (timezone-aware)."""
    return datetime.now(UTC)


def as_utc(moment: datetime | None) -> datetime | None:
    """Give a datetime read from the database its UTC zone back (SQLite drops it)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


class Account(SQLModel, table=True):
    """A registered person, found by the address their mail comes from."""

    __tablename__ = "account"

    id: int | None = Field(default=None, primary_key=True)
    address: str = Field(max_length=320, unique=True, index=True)
    name: str = Field(default="", max_length=200)
    time_zone: str = Field(default="UTC", max_length=64)
    password_hash: str | None = Field(default=None, max_length=200)
    created_at: datetime = Field(default_factory=utcnow)


class Game(SQLModel, table=True):
    """A game: its variant, its current phase and position, status and settings."""

    __tablename__ = "game"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=64, unique=True, index=True)
    variant: str = Field(default="standard", max_length=64)
    phase: str = Field(max_length=16)
    # The current position as the JSON phase document (docs/adjudicate.md).
    position: str = Field(sa_column=Column(Text, nullable=False))
    status: str = Field(default=FORMING, max_length=16, index=True)
    press_mode: str = Field(default="white", max_length=16)
    press_partial: bool = True
    deadline: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)

    def position_doc(self) -> dict[str, Any]:
        """The current position as a dict (the phase document)."""
        return dict(json.loads(self.position))

    def set_position(self, doc: dict[str, Any]) -> None:
        """Store a new position; the phase column follows the document."""
        self.position = json.dumps(doc, sort_keys=True)
        self.phase = str(doc.get("phase", self.phase))


class Player(SQLModel, table=True):
    """One power in one game, played by one account, with its own password."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("game_id", "power", name="uq_player_game_power"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    account_id: int = Field(foreign_key="account.id", index=True)
    power: str = Field(max_length=32)
    password_hash: str = Field(max_length=200)
    joined_at: datetime = Field(default_factory=utcnow)


class Order(SQLModel, table=True):
    """One accepted order, as written and as understood, for one phase.

    Orders are never updated: a later order with the same ``unit_key`` for the same
    game, phase and power replaces an earlier one (the highest id wins).
    """

    __tablename__ = "game_order"
    __table_args__ = (Index("ix_game_order_lookup", "game_id", "phase", "power"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    phase: str = Field(max_length=16)
    power: str = Field(max_length=32)
    unit_key: str = Field(max_length=64)
    text: str = Field(sa_column=Column(Text, nullable=False))
    canonical: str = Field(sa_column=Column(Text, nullable=False))
    account_id: int | None = Field(default=None, foreign_key="account.id")
    from_address: str = Field(max_length=320)
    created_at: datetime = Field(default_factory=utcnow)


class Press(SQLModel, table=True):
    """A press message sent in a game."""

    __tablename__ = "press"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    phase: str = Field(max_length=16)
    from_power: str = Field(max_length=32)
    from_address: str = Field(max_length=320)
    # JSON list of the receiving power codes.
    recipients: str = Field(sa_column=Column(Text, nullable=False))
    broadcast: bool = False
    grey: bool = False
    body: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)

    def recipient_list(self) -> list[str]:
        """The receiving powers as a list."""
        return list(json.loads(self.recipients))


class ReplyCount(SQLModel, table=True):
    """How many replies went to one address in one clock hour (for the rate limit)."""

    __tablename__ = "reply_count"

    address: str = Field(max_length=320, primary_key=True)
    hour: datetime = Field(primary_key=True)
    count: int = 0
