"""A master's signed commands written as a list (``- SET NOLIST``, ``1. PAUSE``):
before, each was passed over as a greeting ("ignored: not an order") and nothing was
done; now the mark is left out, as for orders (tests/commands/test_list_marked_commands.py)."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

from gpg_helpers import inline_mail
from sqlmodel import Session

from judge.game.games import find_game
from judge.store.models import PAUSED

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402


def test_a_masters_listed_commands_run(gm_engine, config, gm) -> None:
    at = NOW + timedelta(hours=1)
    raw = inline_mail(gm, "GAME game1\n- SET NOLIST\n2. PAUSE\n", at=at)
    deliver(gm_engine, raw, config, now=at)
    body = body_of(outbox(gm_engine)[-1])
    assert "not an order" not in body, body
    with Session(gm_engine) as session:
        game = find_game(session, "game1")
        assert game.unlisted and game.status == PAUSED
