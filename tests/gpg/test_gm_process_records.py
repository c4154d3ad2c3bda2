"""A master's PROCESS and the players' records, by signed mail (njudge mail.c,
``case PROCESS``: the master's PROCESS clears every power's "waiting" flag, so dip.c
counts nobody late or in civil disorder for it; data/dedsystems).  A player whose
deadline had not come did not miss it: the phase is not due from a power whose
orders were still missing, and SET ABANDON's count of missed deadlines stays."""

from __future__ import annotations

import itertools
import sys
from datetime import timedelta
from pathlib import Path

from gpg_helpers import Signer, inline_mail
from sqlmodel import Session, select

from judge.game.games import find_game
from judge.store.models import LATE, MISSED, ON_TIME, Player, PlayerPhaseRecord

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import (  # noqa: E402
    NOW,
    address,
    body_of,
    deliver,
    make_mail,
    outbox,
)

_ids = itertools.count(1)
DEADLINE = NOW + timedelta(hours=48)  # tests.commands.helpers.add_game


def _process(engine, config, gm: Signer, at) -> str:  # noqa: ANN001
    """The master's signed PROCESS of game1 at ``at``; the reply's text."""
    raw = inline_mail(gm, "GAME game1\nPROCESS\n", at=at)
    raw = raw.replace(b"<test@example.org>", f"<p{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return body_of(outbox(engine)[-1])


def _france_orders(engine, config) -> None:  # noqa: ANN001
    body = "SIGNON Fgame1 paris11\nA Par-Bur\nA Mar-Spa\nF Bre-MAO\n"
    deliver(engine, make_mail(address("france"), body), config, now=NOW + timedelta(hours=1))


def _records(engine) -> dict[str, str]:  # noqa: ANN001
    with Session(engine) as session:
        return {r.power: r.outcome for r in session.exec(select(PlayerPhaseRecord))}


def _missed_counts(engine) -> dict[str, int]:  # noqa: ANN001
    with Session(engine) as session:
        return {p.power: p.missed for p in session.exec(select(Player))}


def test_a_process_before_the_deadline_counts_nobody_missed(gm_engine, config, gm) -> None:
    _france_orders(gm_engine, config)
    text = _process(gm_engine, config, gm, NOW + timedelta(hours=2))
    assert "S1901M processed" in text
    assert _records(gm_engine) == {"france": ON_TIME}
    assert set(_missed_counts(gm_engine).values()) == {0}


def test_a_process_in_the_grace_period_counts_the_missing_late(gm_engine, config, gm) -> None:
    with Session(gm_engine) as session:
        game = find_game(session, "game1")
        game.grace_until = DEADLINE + timedelta(hours=24)
        session.add(game)
        session.commit()
    _france_orders(gm_engine, config)
    _process(gm_engine, config, gm, DEADLINE + timedelta(hours=2))
    records = _records(gm_engine)
    assert records.pop("france") == ON_TIME
    assert set(records.values()) == {LATE} and len(records) == 6
    assert _missed_counts(gm_engine)["germany"] == 1  # the deadline itself was missed


def test_a_process_after_the_grace_counts_the_missing_missed(gm_engine, config, gm) -> None:
    with Session(gm_engine) as session:
        game = find_game(session, "game1")
        game.grace_until = DEADLINE + timedelta(hours=24)
        game.waiting_for_master = True  # SET GRACE WAIT: the grace ran out
        session.add(game)
        session.commit()
    _process(gm_engine, config, gm, DEADLINE + timedelta(hours=30))
    assert set(_records(gm_engine).values()) == {MISSED}
