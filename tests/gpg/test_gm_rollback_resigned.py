"""ROLLBACK after a RESIGN or an EJECT, by signed mail through the real path.

A resignation and an ejection are a person's decision, not a result of the phases
undone: they stand after a ROLLBACK (njudge's ROLLBACK, mail.c, puts back each
power's status from the turn file but never the password its RESIGN replaced with
"-gone-", so the player cannot sign on again there either).  Before, the rollback mail
said the game was "as it was before that phase was processed" and the master's reply
said nothing of them; now both name the powers whose players stay out, and how one
comes back (docs/game-masters.md, ROLLBACK)."""

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
from judge.store.models import EJECTED, RESIGNED, Player

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
NOT_UNDONE = (
    "Not undone: the player of Italy resigned and the player of France was ejected in a "
    "phase now undone; they stay out of the game"
)


def _master(engine: Engine, config: Config, gm: Signer, lines: str, at: datetime) -> list:
    before = last_outbox_id(engine)
    raw = inline_mail(gm, f"GAME game1\n{lines}", at=at)
    raw = raw.replace(b"<test@example.org>", f"<r{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return outbox(engine, before)


HOLD = {
    "austria": "A Vie H\nA Bud H\nF Tri H",
    "england": "F Lon H\nF Edi H\nA Lvp H",
    "france": "A Par H\nA Mar H\nF Bre H",
    "germany": "A Ber H\nA Mun H\nF Kie H",
    "italy": "A Rom H\nA Ven H\nF Nap H",
    "russia": "A Mos H\nA War H\nF Sev H\nF Stp/sc H",
    "turkey": "A Con H\nA Smy H\nF Ank H",
}


def _spring_processed(engine: Engine, config: Config) -> None:
    """Every power orders S1901M; the deadline runner processes it early."""
    for power, orders in HOLD.items():
        _player(engine, config, power, orders, NOW + timedelta(hours=1))
    run_due(engine, SENDER, now=NOW + timedelta(hours=2))
    with Session(engine) as session:
        assert find_game(session, "game1").phase == "F1901M"


def _player(engine: Engine, config: Config, power: str, lines: str, at: datetime) -> None:
    body = f"SIGNON {power[0].upper()}game1 {PASSWORDS[power]}\n{lines}\n"
    deliver(engine, make_mail(address(power), body), config, now=at)


def test_a_rollback_says_which_resignations_and_ejections_it_did_not_undo(
    gm_engine, config, gm
) -> None:
    _spring_processed(gm_engine, config)
    _player(gm_engine, config, "italy", "RESIGN", NOW + timedelta(hours=3))
    _master(gm_engine, config, gm, "EJECT France\n", NOW + timedelta(hours=4))
    mails = _master(gm_engine, config, gm, "ROLLBACK S1901M\n", NOW + timedelta(hours=5))
    reply = body_of(mails[-1]).replace("\r\n", "\n").replace("\n  ", " ")
    assert "back in S1901M" in reply
    assert NOT_UNDONE in reply, reply
    notice = next(m for m in mails if m["To"] == address("austria"))
    assert NOT_UNDONE in body_of(notice).replace("\r\n", "\n").replace("\n", " ")
    with Session(gm_engine) as session:
        game = find_game(session, "game1")
        rows = session.exec(select(Player).where(Player.game_id == game.id)).all()
        status = {p.power: p.status for p in rows}
    assert status["italy"] == RESIGNED and status["france"] == EJECTED


def test_a_rollback_names_no_one_when_nobody_left(gm_engine, config, gm) -> None:
    _spring_processed(gm_engine, config)
    _player(gm_engine, config, "italy", "RESIGN", NOW + timedelta(hours=3))
    _master(gm_engine, config, gm, "PROCESS\n", NOW + timedelta(hours=4))
    mails = _master(gm_engine, config, gm, "ROLLBACK F1901M\n", NOW + timedelta(hours=5))
    text = body_of(mails[-1])
    assert "back in F1901M" in text and "Not undone" not in text


def test_a_rollback_says_which_powers_changed_hands_since(gm_engine, config, gm) -> None:
    _spring_processed(gm_engine, config)
    _player(gm_engine, config, "italy", "RESIGN", NOW + timedelta(hours=3))
    _master(
        gm_engine, config, gm, "REPLACE Italy new@players.test fresh123\n", NOW + timedelta(hours=4)
    )
    mails = _master(gm_engine, config, gm, "ROLLBACK S1901M\n", NOW + timedelta(hours=5))
    reply = body_of(mails[-1]).replace("\r\n", "\n").replace("\n  ", " ")
    assert "Not undone either: Italy changed hands since and stays with its new player." in reply, (
        reply
    )
    assert "player of Italy resigned" not in reply  # it has a player again
