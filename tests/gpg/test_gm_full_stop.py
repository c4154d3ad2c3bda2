"""A master's signed command ending in a full stop (``SET NOLIST.``, ``Pause!``), as
people end sentences: before, ``SET NOLIST.`` was refused as an unknown command and
nothing was done (only ``Signoff.`` was read so); now the mark is left out."""

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


def test_a_masters_commands_ending_in_a_full_stop_run(gm_engine, config, gm) -> None:
    at = NOW + timedelta(hours=1)
    raw = inline_mail(gm, "GAME game1\nSET NOLIST.\nPause!\n", at=at)
    deliver(gm_engine, raw, config, now=at)
    body = body_of(outbox(gm_engine)[-1])
    assert "unknown command" not in body, body
    with Session(gm_engine) as session:
        game = find_game(session, "game1")
        assert game.unlisted and game.status == PAUSED
