"""A master's ROLLBACK by signed mail and the clock of the phase it reopens: the
orders kept for that phase were all in, so the deadline runner processed it again
at once (the early-processing delay counted from the phase's first start), though
the rollback mail says they may be changed before a new deadline.  The phase now
begins again when the master's mail arrived (judge.clock.planner: the delay counts
from the later of the last order and the phase's start)."""

from __future__ import annotations

import itertools
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from gpg_helpers import Signer, inline_mail
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.config import Config
from judge.game.deadlines import run_due
from judge.game.games import find_game
from judge.mail.outgoing import Author

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
SENDER = Author("Test Judge", "judge@judge.test", "JUDGE")
HOLD = {
    "austria": "A Vie H\nA Bud H\nF Tri H",
    "england": "F Lon H\nF Edi H\nA Lvp H",
    "france": "A Par-Bur\nA Mar H\nF Bre H",
    "germany": "A Ber H\nA Mun H\nF Kie H",
    "italy": "A Rom H\nA Ven H\nF Nap H",
    "russia": "A Mos H\nA War H\nF Sev H\nF Stp/sc H",
    "turkey": "A Con H\nA Smy H\nF Ank H",
}


def _master(engine: Engine, config: Config, gm: Signer, lines: str, at: datetime) -> str:
    raw = inline_mail(gm, f"GAME game1\n{lines}", at=at)
    raw = raw.replace(b"<test@example.org>", f"<f{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return body_of(outbox(engine)[-1])


def _phase(engine: Engine) -> str:
    with Session(engine) as session:
        return find_game(session, "game1").phase


def _all_orders(engine: Engine, config: Config, at: datetime) -> None:
    for power, orders in HOLD.items():
        body = f"SIGNON {power[0].upper()}game1 {PASSWORDS[power]}\n{orders}\n"
        deliver(engine, make_mail(address(power), body), config, now=at)


def test_a_rolled_back_phase_with_every_order_in_is_not_processed_at_once(
    gm_engine, config, gm
) -> None:
    _all_orders(gm_engine, config, NOW + timedelta(hours=1))
    run_due(gm_engine, SENDER, now=NOW + timedelta(hours=2))  # early: every order in
    assert _phase(gm_engine) == "F1901M"
    rolled = NOW + timedelta(hours=3)
    assert "back in S1901M" in _master(gm_engine, config, gm, "ROLLBACK S1901M\n", rolled)
    run_due(gm_engine, SENDER, now=rolled + timedelta(minutes=1))
    assert _phase(gm_engine) == "S1901M"  # the players may still change their orders
    run_due(gm_engine, SENDER, now=rolled + timedelta(minutes=31))  # the game's DELAY, 30m
    assert _phase(gm_engine) == "F1901M"


def test_the_lines_after_a_rollback_count_for_the_phase_it_reopens(gm_engine, config, gm) -> None:
    """At real times (the mail stored before it is read), the master rolls back, fixes
    an order as France and processes in one mail: no line is taken as meant for the
    phase before."""
    _master(gm_engine, config, gm, "PROCESS S1901M\n", datetime.now(UTC))
    text = _master(
        gm_engine,
        config,
        gm,
        "ROLLBACK S1901M\nBECOME France\nA Par-Pic\nPROCESS S1901M\n",
        datetime.now(UTC) + timedelta(seconds=1),
    )
    assert "*** Refused" not in text, text
    assert "S1901M processed" in text and _phase(gm_engine) == "F1901M"
