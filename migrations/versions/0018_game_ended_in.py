"""The phase a finished game ended in (``game.ended_in``).

A game won at the processing of a phase stores the position after it, whose phase
is the next one (a victory in F1905R leaves the game at W1905A), so LIST, SUMMARY
and the web page showed a finished game in a phase it never played.  The phase it
ended in is kept now: the phase processed for a victory, the phase it stood in for a
draw, a concession or TERMINATE.  Games finished before are filled in from their
history: a game whose last report is a results report ended in that report's phase;
any other keeps the phase it stands in (NULL, read as ``game.phase``).

Revision ID: 0018_game_ended_in
Revises: 0017_password_reset
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018_game_ended_in"
down_revision = "0017_password_reset"
branch_labels = None
depends_on = None

_WON = sa.text(
    "SELECT g.id, r.phase FROM game g JOIN game_report r ON r.game_id = g.id "
    "WHERE g.status = 'finished' AND r.kind = 'results' AND r.id = "
    "(SELECT MAX(id) FROM game_report WHERE game_id = g.id)"
)


def upgrade() -> None:
    op.add_column("game", sa.Column("ended_in", sa.String(length=16), nullable=True))
    bind = op.get_bind()
    update = sa.text("UPDATE game SET ended_in = :phase WHERE id = :id")
    for game_id, phase in bind.execute(_WON).fetchall():
        bind.execute(update, {"id": game_id, "phase": phase})


def downgrade() -> None:
    # SQLite (3.35 and later) and PostgreSQL drop a column in place (no copy of the
    # table, which the foreign keys to it would refuse).
    op.drop_column("game", "ended_in")
