"""The judge's own secrets (``site_secret``): the key of the players' private web links.

Revision ID: 0009_site_secret
Revises: 0008_cd_rule
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_site_secret"
down_revision = "0008_cd_rule"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table; each secret is made at random when first asked for."""
    op.create_table(
        "site_secret",
        sa.Column("name", sa.String(length=32), primary_key=True),
        sa.Column("value", sa.String(length=128), nullable=False),
    )


def downgrade() -> None:
    """Drop the table (links made with its key stop working)."""
    op.drop_table("site_secret")
