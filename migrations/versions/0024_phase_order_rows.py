"""An index of a game's orders by phase in the order given
(``ix_game_order_phase_rows``: game, phase, id), for the turn's read of a phase's
orders (``judge.game.games.phase_orders``).  Without it SQLite read them through the
game's index, visiting every order of every earlier phase of the game: a long
multiverse game's turn read grew with its whole history.

Revision ID: 0024_phase_order_rows
Revises: 0023_game_results
Create Date: 2026-11-30
"""

from __future__ import annotations

from alembic import op

revision = "0024_phase_order_rows"
down_revision = "0023_game_results"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_game_order_phase_rows", "game_order", ["game_id", "phase", "id"])


def downgrade() -> None:
    op.drop_index("ix_game_order_phase_rows", table_name="game_order")
