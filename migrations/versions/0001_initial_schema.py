"""Initial schema: accounts, games, players, orders, press, reply counts, mail tables.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _str(length: int) -> sa.String:
    return sa.String(length=length)


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create every table of the first release."""
    op.create_table(
        "account",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("address", _str(320), nullable=False),
        sa.Column("name", _str(200), nullable=False),
        sa.Column("time_zone", _str(64), nullable=False),
        sa.Column("password_hash", _str(200), nullable=True),
        sa.Column("created_at", _when(), nullable=False),
    )
    op.create_index("ix_account_address", "account", ["address"], unique=True)

    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", _str(64), nullable=False),
        sa.Column("variant", _str(64), nullable=False),
        sa.Column("phase", _str(16), nullable=False),
        sa.Column("position", sa.Text(), nullable=False),
        sa.Column("status", _str(16), nullable=False),
        sa.Column("press_mode", _str(16), nullable=False),
        sa.Column("press_partial", sa.Boolean(), nullable=False),
        sa.Column("deadline", _when(), nullable=True),
        sa.Column("created_at", _when(), nullable=False),
    )
    op.create_index("ix_game_name", "game", ["name"], unique=True)
    op.create_index("ix_game_status", "game", ["status"])

    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("account.id"), nullable=False),
        sa.Column("power", _str(32), nullable=False),
        sa.Column("password_hash", _str(200), nullable=False),
        sa.Column("joined_at", _when(), nullable=False),
        sa.UniqueConstraint("game_id", "power", name="uq_player_game_power"),
    )
    op.create_index("ix_player_game_id", "player", ["game_id"])
    op.create_index("ix_player_account_id", "player", ["account_id"])

    op.create_table(
        "game_order",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("phase", _str(16), nullable=False),
        sa.Column("power", _str(32), nullable=False),
        sa.Column("unit_key", _str(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("canonical", sa.Text(), nullable=False),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("account.id"), nullable=True),
        sa.Column("from_address", _str(320), nullable=False),
        sa.Column("created_at", _when(), nullable=False),
    )
    op.create_index("ix_game_order_game_id", "game_order", ["game_id"])
    op.create_index("ix_game_order_lookup", "game_order", ["game_id", "phase", "power"])

    op.create_table(
        "press",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("phase", _str(16), nullable=False),
        sa.Column("from_power", _str(32), nullable=False),
        sa.Column("from_address", _str(320), nullable=False),
        sa.Column("recipients", sa.Text(), nullable=False),
        sa.Column("broadcast", sa.Boolean(), nullable=False),
        sa.Column("grey", sa.Boolean(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", _when(), nullable=False),
    )
    op.create_index("ix_press_game_id", "press", ["game_id"])

    op.create_table(
        "reply_count",
        sa.Column("address", _str(320), primary_key=True),
        sa.Column("hour", _when(), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
    )

    # The mail tables of judge/store/mail.py.
    op.create_table(
        "inbound_message",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("message_key", _str(260), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("source", _str(8), nullable=False),
        sa.Column("received_at", _when(), nullable=False),
        sa.Column("status", _str(16), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("processed_at", _when(), nullable=True),
    )
    op.create_index(
        "ix_inbound_message_message_key", "inbound_message", ["message_key"], unique=True
    )
    op.create_index("ix_inbound_message_status", "inbound_message", ["status"])

    op.create_table(
        "outbox_message",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("created_at", _when(), nullable=False),
        sa.Column("recipients", sa.Text(), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", _when(), nullable=False),
        sa.Column("sent_at", _when(), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
    )
    op.create_index("ix_outbox_message_next_attempt_at", "outbox_message", ["next_attempt_at"])
    op.create_index("ix_outbox_message_sent_at", "outbox_message", ["sent_at"])


def downgrade() -> None:
    """Drop every table (children first)."""
    for table in (
        "outbox_message",
        "inbound_message",
        "reply_count",
        "press",
        "game_order",
        "player",
        "game",
        "account",
    ):
        op.drop_table(table)
