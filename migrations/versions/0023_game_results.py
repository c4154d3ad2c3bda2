"""How each power came out of a finished game (``player.result``: won, drawn,
survived, eliminated) and when the game ended (``game.ended_at``).

The end of a game was found by the start of its end announcement's text, or by the
results of the phase it ended in; it is kept now when the game ends.  Games finished
before are filled in here from those same reports, once.

Their results are derived from what is stored (judge.game.results.derived_results):
the votes left on the seats when a draw or a concession ended the game, and the
powers holding neither a unit nor a centre in the final position (eliminated).  A
result the stored data does not give (the winner of a victory, a power surviving a
TERMINATE) stays NULL: unknown.

Revision ID: 0023_game_results
Revises: 0022_seat_change_phase
Create Date: 2026-11-30
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0023_game_results"
down_revision = "0022_seat_change_phase"
branch_labels = None
depends_on = None

# When each finished game ended, as judge.game.end found it until now: its end
# announcement ("Game <name> has ended in ...") or the results of the phase it
# ended in, whichever was kept last.
_ENDED = sa.text(
    "SELECT g.id, MAX(r.created_at) FROM game g JOIN game_report r ON r.game_id = g.id "
    "WHERE g.status = 'finished' AND ("
    "(r.kind = 'announcement' AND substr(r.text, 1, length('Game ' || g.name || ' has ended in '))"
    " = 'Game ' || g.name || ' has ended in ') "
    "OR (r.kind = 'results' AND r.phase = COALESCE(g.ended_in, g.phase))) GROUP BY g.id"
)
_FINISHED = sa.text(
    "SELECT g.id, g.variant, g.rules, g.adjacency, g.dias, p.position FROM game g "
    "JOIN game_position p ON p.game_id = g.id WHERE g.status = 'finished'"
)
_SEATS = sa.text(
    "SELECT id, power, status, draw, concede, draw_powers FROM player WHERE game_id = :game"
)


def upgrade() -> None:
    op.add_column("game", sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("player", sa.Column("result", sa.String(length=16), nullable=True))
    bind = op.get_bind()
    update = sa.text("UPDATE game SET ended_at = :at WHERE id = :id")
    for game_id, at in bind.execute(_ENDED).fetchall():
        bind.execute(update, {"id": game_id, "at": at})
    for game in bind.execute(_FINISHED).fetchall():
        _derive(bind, game)


def _derive(bind: sa.Connection, game: sa.Row) -> None:
    """Keep the results the stored data gives of one finished game."""
    from judge.game.results import derived_results
    from judge.rules.registry import ruleset_for

    game_id, variant, rules, adjacency, dias, position = game
    seats = bind.execute(_SEATS, {"game": game_id}).fetchall()
    try:
        ruleset = ruleset_for(variant, rules).played_as(adjacency)
        results = derived_results(ruleset, json.loads(position), bool(dias), seats)
    except (ValueError, KeyError, TypeError):  # rules or a position this judge cannot read
        return
    update = sa.text("UPDATE player SET result = :result WHERE id = :id")
    for seat in seats:
        if results.get(seat.power) is not None:
            bind.execute(update, {"id": seat.id, "result": results[seat.power]})


def downgrade() -> None:
    # SQLite (3.35 and later) and PostgreSQL drop a column in place.
    op.drop_column("player", "result")
    op.drop_column("game", "ended_at")
