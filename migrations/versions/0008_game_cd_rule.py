"""The game's rule of removals in civil disorder (SET CD RULE, issue 30): "2023" (the
2023 rulebook's, the default) or "classic" (farthest from a home centre).

Revision ID: 0008_cd_rule
Revises: 0007
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_cd_rule"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(
            sa.Column("cd_rule", sa.String(length=16), nullable=False, server_default="2023")
        )


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("cd_rule")
