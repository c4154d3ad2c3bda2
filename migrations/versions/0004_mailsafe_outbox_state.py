"""Mail that cannot wedge the queues: an outbox state (pending, sent, failed), the game
a mail belongs to and a notice flag; failure counts and back-off on inbound mail.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the columns; existing rows get their state from sent_at / the give-up date."""
    with op.batch_alter_table("inbound_message") as batch:
        batch.add_column(sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("outbox_message") as batch:
        batch.add_column(
            sa.Column("state", sa.String(length=16), nullable=False, server_default="pending")
        )
        batch.add_column(sa.Column("game", sa.String(length=64), nullable=True))
        batch.add_column(
            sa.Column("notice", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.create_index("ix_outbox_message_state", ["state"])
    op.execute("UPDATE outbox_message SET state = 'sent' WHERE sent_at IS NOT NULL")
    op.execute(
        "UPDATE outbox_message SET state = 'failed' "
        "WHERE sent_at IS NULL AND next_attempt_at >= '9999-01-01'"
    )


def downgrade() -> None:
    """Drop the columns again."""
    with op.batch_alter_table("outbox_message") as batch:
        batch.drop_index("ix_outbox_message_state")
        batch.drop_column("notice")
        batch.drop_column("game")
        batch.drop_column("state")
    with op.batch_alter_table("inbound_message") as batch:
        batch.drop_column("next_attempt_at")
        batch.drop_column("attempts")
