"""A master's ROLLBACK by signed mail and SET ABANDON's counts of deadlines missed in
a row (``player.missed``, judge/commands/gm_abandon.py): the counts are kept with
each phase's snapshot and put back, so no power is abandoned for a phase that no
longer exists, and a power abandoned in an undone phase is played again."""

from __future__ import annotations

import itertools
import sys
from datetime import datetime, timedelta
from pathlib import Path

from gpg_helpers import Signer, inline_mail
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from judge.config import Config
from judge.game.games import find_game
from judge.store.models import ABANDONED, PLAYING, PhaseSnapshot, Player

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


def _master(engine: Engine, config: Config, gm: Signer, lines: str, at: datetime) -> str:
    """The master's signed mail ``GAME game1`` and ``lines`` at ``at``; the reply."""
    raw = inline_mail(gm, f"GAME game1\n{lines}", at=at)
    raw = raw.replace(b"<test@example.org>", f"<r{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return body_of(outbox(engine)[-1])


def _deadline(engine: Engine) -> datetime:
    with Session(engine) as session:
        deadline = find_game(session, "game1").deadline
    assert deadline is not None
    return deadline.replace(tzinfo=NOW.tzinfo)


def _seats(engine: Engine) -> dict[str, tuple[str, int]]:
    with Session(engine) as session:
        return {p.power: (p.status, p.missed) for p in session.exec(select(Player))}


def _two_missed_deadlines(engine: Engine, config: Config, gm: Signer) -> datetime:
    """France orders S1901M and nothing after; nobody else orders.  The master
    processes S1901M and F1901M, each after its deadline; the time of the last."""
    france = "SIGNON Fgame1 paris11\nA Par-Bur\n"
    deliver(engine, make_mail(address("france"), france), config, now=NOW + timedelta(hours=1))
    _master(engine, config, gm, "PROCESS S1901M\n", DEADLINE + timedelta(hours=1))
    at = _deadline(engine) + timedelta(hours=1)
    assert "F1901M processed" in _master(engine, config, gm, "PROCESS F1901M\n", at)
    return at


def test_a_rollback_of_one_phase_takes_one_missed_deadline_back(gm_engine, config, gm) -> None:
    at = _two_missed_deadlines(gm_engine, config, gm)
    assert _seats(gm_engine)["germany"] == (PLAYING, 2)
    assert _seats(gm_engine)["france"] == (PLAYING, 1)
    text = _master(gm_engine, config, gm, "ROLLBACK F1901M\n", at + timedelta(minutes=5))
    assert "Game game1 is back in F1901M" in text
    seats = _seats(gm_engine)
    assert seats["germany"] == (PLAYING, 1)  # S1901M's miss only
    assert seats["france"] == (PLAYING, 0)  # ordered in S1901M


def test_a_power_abandoned_in_an_undone_phase_is_played_again(gm_engine, config, gm) -> None:
    _master(gm_engine, config, gm, "SET ABANDON 2\n", NOW + timedelta(minutes=30))
    at = _two_missed_deadlines(gm_engine, config, gm)
    assert _seats(gm_engine)["germany"] == (ABANDONED, 2)
    before = len(outbox(gm_engine))
    _master(gm_engine, config, gm, "ROLLBACK F1901M\n", at + timedelta(minutes=5))
    assert _seats(gm_engine)["germany"] == (PLAYING, 1)
    assert _seats(gm_engine)["france"] == (PLAYING, 0)
    told = [body_of(m) for m in outbox(gm_engine)[before:] if m["To"] == address("germany")]
    assert told and "played again by the same players: Austria, England, Germany" in told[0]


def test_a_snapshot_kept_without_counts_sets_them_to_zero(gm_engine, config, gm) -> None:
    """Snapshots written before migration 0019 hold no counts (docs/game-masters.md)."""
    at = _two_missed_deadlines(gm_engine, config, gm)
    with Session(gm_engine) as session:
        for snapshot in session.exec(select(PhaseSnapshot).where(col(PhaseSnapshot.id) > 0)):
            snapshot.missed = None
            session.add(snapshot)
        session.commit()
    _master(gm_engine, config, gm, "ROLLBACK F1901M\n", at + timedelta(minutes=5))
    assert {count for _, count in _seats(gm_engine).values()} == {0}


def test_a_power_that_changed_hands_since_stays_with_its_new_player(gm_engine, config, gm) -> None:
    _master(gm_engine, config, gm, "SET ABANDON 1\n", NOW + timedelta(minutes=30))
    france = "SIGNON Fgame1 paris11\nA Par-Bur\n"
    deliver(gm_engine, make_mail(address("france"), france), config, now=NOW + timedelta(hours=1))
    at = DEADLINE + timedelta(hours=1)
    _master(gm_engine, config, gm, "PROCESS S1901M\n", at)
    assert _seats(gm_engine)["germany"] == (ABANDONED, 1)
    with Session(gm_engine) as session:
        old = session.exec(select(Player).where(Player.power == "germany")).one().account_id
    _master(gm_engine, config, gm, "REPLACE Germany new@players.test hamburg1\n", at)
    _master(gm_engine, config, gm, "ROLLBACK S1901M\n", at + timedelta(minutes=5))
    with Session(gm_engine) as session:
        germany = session.exec(select(Player).where(Player.power == "germany")).one()
        assert (germany.status, germany.missed) == (PLAYING, 0)
        assert germany.account_id != old  # still the new player's
    assert _seats(gm_engine)["austria"] == (PLAYING, 0)  # abandoned in S1901M: back
    signon = "SIGNON Ggame1 hamburg1\n"
    deliver(gm_engine, make_mail("new@players.test", signon), config, now=at + timedelta(hours=1))
    assert "Signed on as Germany" in body_of(outbox(gm_engine)[-1])
