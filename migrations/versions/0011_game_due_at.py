"""When the deadline runner looks at a game next (``game.due_at``, indexed), so that a
pass of the runner reads the games that are due instead of every game (issue 25).

Existing games get REPLAN (1970-01-01): the first pass after the upgrade plans each of
them once and stores its wake-up.

Revision ID: 0011_game_due_at
Revises: 0010_privacy_records
Create Date: 2026-11-28
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0011_game_due_at"
down_revision = "0010_privacy_records"
branch_labels = None
depends_on = None

_REPLAN = datetime(1970, 1, 1, tzinfo=UTC)


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("due_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("ix_game_due_at", ["due_at"])
    game = sa.table("game", sa.column("due_at", sa.DateTime(timezone=True)))
    op.execute(game.update().values(due_at=_REPLAN))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_index("ix_game_due_at")
        batch.drop_column("due_at")
