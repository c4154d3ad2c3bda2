"""Players' votes on the game's clock (SET PAUSE, SET RESUME, SET EXTEND): one flag
per vote on ``player`` (``pause``, ``unpause``, ``extend``, beside ``draw`` and
``concede``); on ``game``, ``player_votes`` (the master's SET [NO] PLAYER VOTES, on
by default) and ``extended`` (the current phase was extended by a vote already).

Revision ID: 0021_player_votes
Revises: 0020_game_master_key
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021_player_votes"
down_revision = "0020_game_master_key"
branch_labels = None
depends_on = None

PLAYER_FLAGS = ("pause", "unpause", "extend")


def upgrade() -> None:
    for name in PLAYER_FLAGS:
        op.add_column(
            "player", sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.add_column(
        "game", sa.Column("player_votes", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.add_column(
        "game", sa.Column("extended", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    # SQLite (3.35 and later) and PostgreSQL drop a column in place.
    op.drop_column("game", "extended")
    op.drop_column("game", "player_votes")
    for name in reversed(PLAYER_FLAGS):
        op.drop_column("player", name)
