"""Intake limits: the size a mail had when only its header was kept.

``inbound_message.original_size`` is set when intake kept only the header of a mail
over ``[limits] max_message_bytes`` (IMAP does not fetch such a mail whole); the
processor answers it with the "too large" reply.  NULL: the row holds the whole mail.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("inbound_message") as batch:
        batch.add_column(sa.Column("original_size", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("inbound_message") as batch:
        batch.drop_column("original_size")
