"""Each stored order keeps the version of the position its mail's check read
(``game_order.checked_on``: ``game.position_version`` then; NULL when no check of a
mail stored it, or before this migration).  A turn whose position is still that
version need not check the order again (``judge.game.processing``).

Revision ID: 0025_order_checked_on
Revises: 0024_phase_order_rows
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0025_order_checked_on"
down_revision = "0024_phase_order_rows"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_order", sa.Column("checked_on", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    op.drop_column("game_order", "checked_on")  # in place, as 0023's
