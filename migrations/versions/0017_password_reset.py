"""One-time sign-on codes for lost passwords (FORGOT PASSWORD).

``player.reset_hash`` (the code, hashed as passwords are) and ``player.reset_until``
(when it stops signing on).  A lost password could only be replaced by the game's
master; a game without one left its power in civil disorder for good.

Revision ID: 0017_password_reset
Revises: 0016_address_case
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017_password_reset"
down_revision = "0016_address_case"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs: SQLite's copy of ``player`` would be refused by the foreign
    # keys of the rows that point at it.
    op.add_column("player", sa.Column("reset_hash", sa.String(length=200), nullable=True))
    op.add_column("player", sa.Column("reset_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.drop_column("reset_until")
        batch.drop_column("reset_hash")
