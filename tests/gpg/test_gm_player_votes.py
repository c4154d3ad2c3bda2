"""The game master and the players' votes on the clock (SET PAUSE, SET RESUME, SET
EXTEND; docs/game-masters.md), by signed mail through the real path: SET NO PLAYER
VOTES turns them off (announced once, shown by LIST, the votes given cleared); the
master's PAUSE and RESUME clear them as a vote's pause would; a ROLLBACK clears them
and the phase's extension, as it clears the draw votes."""

from __future__ import annotations

import itertools
import sys
from datetime import datetime, timedelta
from pathlib import Path

from gpg_helpers import Signer, inline_mail
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from judge.config import Config
from judge.game.deadlines import run_due
from judge.game.games import find_game
from judge.mail.outgoing import Author
from judge.store.models import Game, Player

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import (  # noqa: E402
    NOW,
    PASSWORDS,
    address,
    body_of,
    deliver,
    last_outbox_id,
    make_mail,
    outbox,
)

_ids = itertools.count(1)
SENDER = Author("Test Judge", "judge@judge.test", "JUDGE")
GM = "gm@example.org"


def _master(engine: Engine, config: Config, gm: Signer, lines: str, at: datetime) -> list:
    """The master's signed mail of ``lines``: every mail it made, the reply last."""
    before = last_outbox_id(engine)
    raw = inline_mail(gm, f"GAME game1\n{lines}", at=at)
    raw = raw.replace(b"<test@example.org>", f"<v{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return outbox(engine, before)


def _player(engine: Engine, config: Config, power: str, lines: str, at: datetime) -> str:
    body = f"SIGNON {power[0].upper()}game1 {PASSWORDS[power]}\n{lines}\n"
    deliver(engine, make_mail(address(power), body), config, now=at)
    return body_of(outbox(engine)[-1])


def _game(engine: Engine) -> Game:
    with Session(engine, expire_on_commit=False) as session:
        game = find_game(session, "game1")
        assert game is not None
        return game


def _votes(engine: Engine) -> set[tuple[str, str]]:
    with Session(engine) as session:
        flags = ("pause", "unpause", "extend")
        return {(p.power, f) for p in session.exec(select(Player)) for f in flags if getattr(p, f)}


def test_set_no_player_votes_turns_them_off_and_clears_those_given(gm_engine, config, gm) -> None:
    _player(gm_engine, config, "france", "SET PAUSE\nSET EXTEND", NOW)
    assert _votes(gm_engine) == {("france", "pause"), ("france", "extend")}
    mails = _master(gm_engine, config, gm, "SET NO PLAYER VOTES\nLIST game1", NOW)
    reply = body_of(mails[-1])
    assert "may no longer vote to pause, resume or extend it" in reply
    assert "Player votes to pause, resume or extend: off (SET NO PLAYER VOTES)" in reply
    told = sorted(m["To"] for m in mails[:-1])
    assert told == sorted(address(p) for p in PASSWORDS)  # once each
    assert _votes(gm_engine) == set()
    refused = _player(gm_engine, config, "france", "SET PAUSE", NOW)
    assert "the game master has turned off the players' votes" in refused
    again = _master(gm_engine, config, gm, "SET NOPLAYER VOTES", NOW)
    assert "Unchanged" in body_of(again[-1])
    back = _master(gm_engine, config, gm, "SET PLAYER VOTES", NOW)
    assert "may vote to pause, resume or extend it" in body_of(back[-1])
    assert "1 more" not in _player(gm_engine, config, "france", "SET PAUSE", NOW)
    assert _game(gm_engine).player_votes


def test_the_masters_pause_and_resume_clear_the_clock_votes(gm_engine, config, gm) -> None:
    _player(gm_engine, config, "france", "SET PAUSE", NOW)
    _master(gm_engine, config, gm, "PAUSE", NOW)
    assert _votes(gm_engine) == set()
    _player(gm_engine, config, "france", "SET RESUME", NOW)
    assert _votes(gm_engine) == {("france", "unpause")}
    _master(gm_engine, config, gm, "RESUME", NOW)
    assert _votes(gm_engine) == set()


def test_a_rollback_clears_the_votes_and_the_extension(gm_engine, config, gm) -> None:
    for power in PASSWORDS:
        _player(gm_engine, config, power, "SET EXTEND", NOW)
    assert _game(gm_engine).extended
    run_due(gm_engine, SENDER, now=NOW + timedelta(hours=120, minutes=1))  # 96h + grace
    assert _game(gm_engine).phase == "F1901M"
    assert not _game(gm_engine).extended  # the new phase may be extended again
    _player(gm_engine, config, "italy", "SET PAUSE", NOW + timedelta(hours=121))
    for power in PASSWORDS:
        _player(gm_engine, config, power, "SET EXTEND", NOW + timedelta(hours=121))
    assert _game(gm_engine).extended
    rolled = NOW + timedelta(hours=122)
    reply = body_of(_master(gm_engine, config, gm, "ROLLBACK S1901M", rolled)[-1])
    assert "back in S1901M" in reply
    assert _votes(gm_engine) == set() and not _game(gm_engine).extended
