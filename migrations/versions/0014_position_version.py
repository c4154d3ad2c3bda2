"""A version of each game's position (``game.position_version``), so that a reader
that keeps a parsed position (judge.store.positions) finds out whether it is still
the stored one without loading the position's text (megabytes for a long
multiverse game: issue 27).

Every write of ``game.position`` gives the column a fresh random number (never the
number of a write rolled back); existing games get one here.

Revision ID: 0014_position_version
Revises: 0013_history_data
Create Date: 2026-11-28
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0014_position_version"
down_revision = "0013_history_data"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(
            sa.Column("position_version", sa.BigInteger(), nullable=False, server_default="0")
        )
    bind = op.get_bind()
    game = sa.table("game", sa.column("id", sa.Integer), sa.column("position_version"))
    for (game_id,) in bind.execute(sa.select(game.c.id)).all():
        bind.execute(
            game.update().where(game.c.id == game_id).values(position_version=secrets.randbits(62))
        )


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("position_version")
