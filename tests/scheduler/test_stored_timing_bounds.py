"""Issue 25 item 7: a game whose timing rules were stored past today's bounds (before
they existed: ``SET DEADLINE MOVE 99999999d``) failed at every deadline, as the next
deadline overflowed.  Read clamped, the rules let the deadline runner process the phase
and set the next deadline at most a year on."""

from __future__ import annotations

import json
from datetime import timedelta

from sqlmodel import Session

from judge.game.deadlines import run_due
from judge.store.models import Game, as_utc
from tests.scheduler.helpers import DEADLINE, SENDER, new_game

STORED = {"movement": {"after": "99999999d", "grace": "0", "remind": ["99999999h"]}}


def test_a_deadline_with_stored_rules_past_the_bounds_is_processed(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine, timing=json.dumps(STORED))
    now = DEADLINE + timedelta(minutes=1)
    wake = run_due(engine, SENDER, now)
    with Session(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        assert (game.number, game.phase) == (1, "F1901M")
        assert as_utc(game.deadline) == now + timedelta(days=365)
    assert wake is not None and wake <= now + timedelta(days=365)
