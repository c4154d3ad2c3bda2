"""Each phase snapshot keeps the players' counts of missed deadlines
(``phase_snapshot.missed``).

SET ABANDON counts the deadlines each player missed in a row (``player.missed``).
A ROLLBACK put the position back but not the counts, so a power could be abandoned
for phases that no longer exist.  A snapshot now keeps, for each power played when
the phase was processed, its player's account and count, which ROLLBACK restores.
Snapshots written before keep NULL: a ROLLBACK to one sets the counts of the powers
still played to 0 (docs/game-masters.md).

Revision ID: 0019_snapshot_missed
Revises: 0018_game_ended_in
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019_snapshot_missed"
down_revision = "0018_game_ended_in"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("phase_snapshot", sa.Column("missed", sa.Text(), nullable=True))


def downgrade() -> None:
    # SQLite (3.35 and later) and PostgreSQL drop a column in place.
    op.drop_column("phase_snapshot", "missed")
