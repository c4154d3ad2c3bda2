"""Migration 0011 (game.due_at): games stored before it are all due at the first pass
after it (their ``due_at`` is 1970-01-01), so that each is planned once and gets its
wake-up."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

from judge.game.deadlines import run_due
from judge.store.db import make_engine, migrate
from judge.store.models import REPLAN
from tests.scheduler.helpers import DEADLINE, NOW, SENDER


def test_games_from_before_the_migration_are_planned_at_the_first_pass(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'judge.db'}"
    migrate(url, "0007")
    engine = make_engine(url)
    with engine.begin() as conn:  # a game as the code before the due_at migration stored it
        conn.execute(
            sa.text(
                "INSERT INTO game (name, variant, phase, position, status, press_mode,"
                " press_partial, deadline, created_at, rules, adjacency, anonymous, seats,"
                " timing, master_address, number, processed_at, at_grace,"
                " waiting_for_master, seed, outcome, version) VALUES ('old', 'standard',"
                " 'S1901M', :position, 'active', 'white', 1, :deadline, :now, 'standard',"
                " '', 0, 0, '{}', '', 0, :now, 'process', 0, 0, '', 3)"
            ),
            {
                "position": '{"phase": "S1901M", "variant": "standard", "units": []}',
                "deadline": DEADLINE.replace(tzinfo=None),
                "now": NOW.replace(tzinfo=None),
            },
        )
    migrate(url)
    with engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT due_at FROM game")).scalar_one()
    assert datetime.fromisoformat(stored).replace(tzinfo=UTC) == REPLAN
    assert run_due(engine, SENDER, NOW + timedelta(hours=1)) == DEADLINE
    engine.dispose()
