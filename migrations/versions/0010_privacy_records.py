"""Private games, players' records and entry limits (issue 28): the game's SET NOLIST,
SET ALLOW/DENY PLAYER lists and SET DEDICATION/ONTIMERAT/RESRAT limits, and the tables
of each player's phases (on time, late, missed) and seat changes.

Revision ID: 0010_privacy_records
Revises: 0009_site_secret
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_privacy_records"
down_revision = "0009_site_secret"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (no table copy): SQLite's copy of ``game`` would be refused by
    # the foreign keys of the rows that point at it.
    op.add_column(
        "game", sa.Column("unlisted", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column(
        "game", sa.Column("allow_players", sa.Text(), nullable=False, server_default="[]")
    )
    op.add_column("game", sa.Column("deny_players", sa.Text(), nullable=False, server_default="[]"))
    op.add_column("game", sa.Column("min_dedication", sa.Integer(), nullable=True))
    op.add_column("game", sa.Column("min_ontime", sa.Float(), nullable=True))
    op.add_column("game", sa.Column("max_resrat", sa.Float(), nullable=True))
    op.create_table(
        "player_phase_record",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("account.id"), nullable=False),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=16), nullable=False),
        sa.Column("power", sa.String(length=32), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "number", "power", name="uq_player_phase_record"),
    )
    op.create_index("ix_player_phase_record_account_id", "player_phase_record", ["account_id"])
    op.create_table(
        "seat_change",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("account.id"), nullable=False),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("power", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_seat_change_account_id", "seat_change", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_change_account_id", "seat_change")
    op.drop_table("seat_change")
    op.drop_index("ix_player_phase_record_account_id", "player_phase_record")
    op.drop_table("player_phase_record")
    with op.batch_alter_table("game") as batch:
        for name in (
            "max_resrat",
            "min_ontime",
            "min_dedication",
            "deny_players",
            "allow_players",
            "unlisted",
        ):
            batch.drop_column(name)
