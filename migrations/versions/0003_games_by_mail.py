"""Games by mail: game settings and state, player flags, applicants, observers,
report history, phase snapshots and sent notices.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _str(length: int) -> sa.String:
    return sa.String(length=length)


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


_GAME_COLUMNS = [
    sa.Column("rules", _str(16), nullable=False, server_default="standard"),
    sa.Column("adjacency", _str(16), nullable=False, server_default=""),
    sa.Column("anonymous", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("seats", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("timing", sa.Text(), nullable=False, server_default="{}"),
    sa.Column("master_address", _str(320), nullable=False, server_default=""),
    sa.Column("number", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("processed_at", _when(), nullable=True),
    sa.Column("grace_until", _when(), nullable=True),
    sa.Column("at_grace", _str(16), nullable=False, server_default="process"),
    sa.Column("waiting_for_master", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("seed", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("outcome", sa.Text(), nullable=False, server_default=""),
]

_PLAYER_COLUMNS = [
    sa.Column("status", _str(16), nullable=False, server_default="playing"),
    sa.Column("wait", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("draw", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("concede", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("absent_from", sa.Date(), nullable=True),
    sa.Column("absent_until", sa.Date(), nullable=True),
]


def upgrade() -> None:
    """Add the columns and tables of judge/store/models.py marked 'migration 0003'."""
    for column in _GAME_COLUMNS:
        op.add_column("game", column)
    for column in _PLAYER_COLUMNS:
        op.add_column("player", column)

    op.create_table(
        "applicant",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("account.id"), nullable=False),
        sa.Column("password_hash", _str(200), nullable=False),
        sa.Column("preferences", _str(400), nullable=False),
        sa.Column("joined_at", _when(), nullable=False),
        sa.UniqueConstraint("game_id", "account_id", name="uq_applicant"),
    )
    op.create_index("ix_applicant_game_id", "applicant", ["game_id"])
    op.create_index("ix_applicant_account_id", "applicant", ["account_id"])

    op.create_table(
        "observer",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("account.id"), nullable=False),
        sa.Column("created_at", _when(), nullable=False),
        sa.UniqueConstraint("game_id", "account_id", name="uq_observer"),
    )
    op.create_index("ix_observer_game_id", "observer", ["game_id"])
    op.create_index("ix_observer_account_id", "observer", ["account_id"])

    op.create_table(
        "game_report",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("phase", _str(16), nullable=False),
        sa.Column("kind", _str(16), nullable=False),
        sa.Column("subject", _str(400), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("html", sa.Text(), nullable=True),
        sa.Column("created_at", _when(), nullable=False),
    )
    op.create_index("ix_game_report_game_id", "game_report", ["game_id"])

    op.create_table(
        "phase_snapshot",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("phase", _str(16), nullable=False),
        sa.Column("position", sa.Text(), nullable=False),
        sa.Column("created_at", _when(), nullable=False),
    )
    op.create_index("ix_phase_snapshot_game_id", "phase_snapshot", ["game_id"])

    op.create_table(
        "notice_sent",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("kind", _str(16), primary_key=True),
        sa.Column("label", _str(64), primary_key=True),
        sa.Column("sent_at", _when(), nullable=False),
    )


def downgrade() -> None:
    """Drop the tables and columns again."""
    for table in ("notice_sent", "phase_snapshot", "game_report", "observer", "applicant"):
        op.drop_table(table)
    with op.batch_alter_table("player") as batch:
        for column in _PLAYER_COLUMNS:
            batch.drop_column(column.name)
    with op.batch_alter_table("game") as batch:
        for column in _GAME_COLUMNS:
            batch.drop_column(column.name)
