"""The phase a power changed hands in (``seat_change.phase``), for SUMMARY's list of
who played each power ("from F1903M: ..."); empty in rows kept before.

Revision ID: 0022_seat_change_phase
Revises: 0021_player_votes
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022_seat_change_phase"
down_revision = "0021_player_votes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "seat_change",
        sa.Column("phase", sa.String(length=16), nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.drop_column("seat_change", "phase")
