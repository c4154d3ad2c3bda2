"""A game's position in a table of its own (``game_position``), out of the game's row.

A long multiverse game's position is megabytes of text, and SQLite writes a whole
row again at every update of it: with the position in the game's row, every lock of
the game (its version bumped, judge.game.games.lock_game: every mail) and every
change of a setting wrote the position again, so a mail cost more the longer the
game's history (issue 27).  In its own row it is written only when it changes.

Each game's position is copied into the new table and the column is dropped from
``game``; the downgrade puts it back (with a default of ``{}``).

Revision ID: 0015_game_position
Revises: 0014_position_version
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_game_position"
down_revision = "0014_position_version"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_position",
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("game.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("position", sa.Text(), nullable=False),
    )
    op.execute("INSERT INTO game_position (game_id, position) SELECT id, position FROM game")
    # SQLite (3.35 and later) and PostgreSQL both drop a column in place: no copy of
    # the game table, whose other tables' foreign keys point at it.
    op.drop_column("game", "position")


def downgrade() -> None:
    # Added with a default, so that the games in the table get one (it stays: SQLite
    # would copy the game table to drop it), then filled.
    op.add_column("game", sa.Column("position", sa.Text(), nullable=False, server_default="{}"))
    op.execute(
        "UPDATE game SET position = "
        "(SELECT p.position FROM game_position p WHERE p.game_id = game.id)"
    )
    op.drop_table("game_position")
