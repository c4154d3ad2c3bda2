"""The players' draw and concession votes and the master's PAUSE, RESUME, SET DIAS
and SET NODIAS, by signed mail through the real path (njudge's rules: votes hold
for the phase, data/draws; its RESUME clears every draw flag, mail.c; so does a
change of DIAS, ml_set.c SET_DIAS/SET_NODIAS).

Before, a resume kept the votes given before the pause, so they ended the game after
it; and a change from NoDIAS to DIAS kept the NoDIAS votes, read as DIAS votes: six
players who voted for a draw of England and France alone, and England's SET DRAW
after SET DIAS, declared a draw of all seven powers."""

from __future__ import annotations

import itertools
import sys
from datetime import datetime, timedelta
from pathlib import Path

from gpg_helpers import Signer, inline_mail
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.config import Config
from judge.game.games import find_game
from judge.store.models import ACTIVE, FINISHED

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import (  # noqa: E402
    NOW,
    PASSWORDS,
    address,
    body_of,
    deliver,
    make_mail,
    outbox,
)

_ids = itertools.count(1)
FIRST, REST = ("austria", "england", "france"), ("germany", "italy", "russia", "turkey")


def _master(engine: Engine, config: Config, gm: Signer, lines: str, at: datetime) -> str:
    raw = inline_mail(gm, f"GAME game1\n{lines}", at=at)
    raw = raw.replace(b"<test@example.org>", f"<d{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return body_of(outbox(engine)[-1])


def _votes(engine: Engine, config: Config, powers, lines: str, at: datetime) -> None:  # type: ignore[no-untyped-def]
    for power in powers:
        body = f"SIGNON {power[0].upper()}game1 {PASSWORDS[power]}\n{lines}\n"
        deliver(engine, make_mail(address(power), body), config, now=at)


def _status(engine: Engine) -> tuple[str, str]:
    with Session(engine) as session:
        game = find_game(session, "game1")
        return game.status, game.outcome


def test_draw_votes_stand_through_a_pause(gm_engine, config, gm) -> None:
    at = NOW + timedelta(hours=1)
    _votes(gm_engine, config, FIRST, "SET DRAW", at)
    _master(gm_engine, config, gm, "PAUSE\n", at + timedelta(minutes=1))
    _votes(gm_engine, config, REST, "SET DRAW", at + timedelta(minutes=2))
    assert _status(gm_engine)[0] == FINISHED


def test_a_resume_clears_the_draw_and_concession_votes(gm_engine, config, gm) -> None:
    at = NOW + timedelta(hours=1)
    _votes(gm_engine, config, FIRST, "SET DRAW", at)
    _master(gm_engine, config, gm, "PAUSE\n", at + timedelta(minutes=1))
    reply = _master(gm_engine, config, gm, "RESUME\n", at + timedelta(minutes=2))
    assert "Draw and concession votes were cleared" in reply.replace("\r\n  ", " "), reply
    _votes(gm_engine, config, REST, "SET DRAW", at + timedelta(minutes=3))
    assert _status(gm_engine)[0] == ACTIVE


def test_a_change_to_dias_clears_the_nodias_votes(gm_engine, config, gm) -> None:
    at = NOW + timedelta(hours=1)
    _master(gm_engine, config, gm, "SET NODIAS\n", at)
    _votes(gm_engine, config, [p for p in PASSWORDS if p != "england"], "SET DRAW EF", at)
    reply = _master(gm_engine, config, gm, "SET DIAS\n", at + timedelta(minutes=1))
    assert "Draw and concession votes were cleared" in reply.replace("\r\n  ", " "), reply
    _votes(gm_engine, config, ["england"], "SET DRAW", at + timedelta(minutes=2))
    status, outcome = _status(gm_engine)
    assert status == ACTIVE, outcome  # nobody but England voted for a draw of all seven
