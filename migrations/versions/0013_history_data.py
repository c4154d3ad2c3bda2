"""Multiverse history as data: the world document a multiverse game keeps
(``game.position`` and the positions of ``phase_snapshot``) holds each past order
of its history as an order object (judge/orders/data.py: the kind and fields,
locations on boards as ``{timeline, year, season, loc}``) instead of canonical
text, so that reading the world parses no order text (docs/multiverse.md).

Each world is read by the judge's own world reader, which reads text history (the
input of ``judge adjudicate`` keeps it) as well as data, and its history is written
again; nothing else of the document changes.  A world that cannot be read is left
as it was: the reader still takes its text.  The downgrade writes text again.

Revision ID: 0013_history_data
Revises: 0012_takeover
Create Date: 2026-11-28
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0013_history_data"
down_revision = "0012_takeover"
branch_labels = None
depends_on = None

_GAMES = "SELECT id, position FROM game WHERE rules = 'multiverse'"
_SNAPSHOTS = (
    "SELECT s.id, s.position FROM phase_snapshot s JOIN game g ON g.id = s.game_id "
    "WHERE g.rules = 'multiverse'"
)


def _rewritten(position: str, as_data: bool) -> str | None:
    """The stored text of a world with its history as data (or text), or None when
    it has none to change or cannot be read."""
    from judge.rules.multiverse.json_io import with_history_as
    from judge.rules.registry import ruleset_for_document

    doc: dict[str, Any] = json.loads(position)
    if not doc.get("history") or "boards" not in doc:
        return None
    try:
        board = getattr(ruleset_for_document(doc), "base", None)
        new = with_history_as(doc, board, as_data=as_data)
    except Exception:  # noqa: BLE001  (a world the reader refuses stays as it was)
        return None
    return json.dumps(new, sort_keys=True)


def _convert(as_data: bool) -> None:
    bind = op.get_bind()
    for table, query in (("game", _GAMES), ("phase_snapshot", _SNAPSHOTS)):
        update = sa.text(f"UPDATE {table} SET position = :position WHERE id = :id")
        for row_id, position in bind.execute(sa.text(query)).fetchall():
            new = _rewritten(position, as_data)
            if new is not None and new != position:
                bind.execute(update, {"position": new, "id": row_id})


def upgrade() -> None:
    """Write the history of every stored multiverse world as data."""
    _convert(as_data=True)


def downgrade() -> None:
    """Write it as canonical text again."""
    _convert(as_data=False)
