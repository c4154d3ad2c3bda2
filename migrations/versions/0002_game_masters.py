"""Game masters and the signatures already used (replay protection).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the game_master and used_signature tables of judge/masters/authority.py."""
    op.create_table(
        "game_master",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("added_at", _when(), nullable=False),
        sa.UniqueConstraint("address", "fingerprint", name="uq_game_master_key"),
    )
    op.create_index("ix_game_master_address", "game_master", ["address"])
    op.create_index("ix_game_master_fingerprint", "game_master", ["fingerprint"])
    op.create_table(
        "used_signature",
        sa.Column("replay_key", sa.String(length=64), primary_key=True),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("signed_at", _when(), nullable=False),
        sa.Column("seen_at", _when(), nullable=False),
    )


def downgrade() -> None:
    """Drop the two tables."""
    op.drop_table("used_signature")
    op.drop_index("ix_game_master_fingerprint", table_name="game_master")
    op.drop_index("ix_game_master_address", table_name="game_master")
    op.drop_table("game_master")
