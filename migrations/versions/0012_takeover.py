"""Takeovers of abandoned powers, draws by name and njudge's press settings (issue 28).

Takeovers: ``game.abandon_after`` (SET ABANDON <n>: after n missed deadlines in a
row a power is abandoned; 0 never) and ``player.missed`` (the deadlines its player
missed in a row).  A power is abandoned by its player's status (resigned, ejected,
abandoned): no other column is needed.

Draws (njudge's data/draws): ``game.dias`` (SET DIAS, the default: a draw includes
every survivor; SET NODIAS: players vote for named draws) and ``player.draw_powers``
(the powers of the voter's ``SET DRAW <powers>`` in a NoDIAS game, codes joined by
commas).

Press: ``game.press_minor`` (SET [NO] MINOR PRESS), ``game.observer_press`` (SET [NO]
OBSERVER PRESS) and the table ``press_mail``: the Message-ID of each mail that
delivered a press, so that a reply to it is press back.

Private games, player records and entry limits are migration 0010_privacy_records.

Revision ID: 0012_takeover
Revises: 0011_game_due_at
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_takeover"
down_revision = "0011_game_due_at"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (no table copy): SQLite's copy of ``game`` or ``player`` would
    # be refused by the foreign keys of the rows that point at them.
    op.add_column(
        "game", sa.Column("abandon_after", sa.Integer(), nullable=False, server_default="0")
    )
    op.add_column("game", sa.Column("dias", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column(
        "game", sa.Column("press_minor", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.add_column(
        "game", sa.Column("observer_press", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("player", sa.Column("missed", sa.Integer(), nullable=False, server_default="0"))
    op.add_column(
        "player",
        sa.Column("draw_powers", sa.String(length=400), nullable=False, server_default=""),
    )
    op.create_table(
        "press_mail",
        sa.Column("message_id", sa.String(length=998), primary_key=True),
        sa.Column("press_id", sa.Integer(), sa.ForeignKey("press.id"), nullable=False),
    )
    op.create_index("ix_press_mail_press_id", "press_mail", ["press_id"])


def downgrade() -> None:
    op.drop_index("ix_press_mail_press_id", table_name="press_mail")
    op.drop_table("press_mail")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("draw_powers")
        batch.drop_column("missed")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("observer_press")
        batch.drop_column("press_minor")
        batch.drop_column("dias")
        batch.drop_column("abandon_after")
