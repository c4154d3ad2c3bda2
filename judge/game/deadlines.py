"""Carrying out what is due for the judge's games, from the database and ``now`` only.

:func:`run_due` looks at every active game with a deadline, asks the pure planner
(:func:`judge.clock.planner.plan`) what is due, carries it out in one transaction per
game (reminders, late notices, the start of grace, processing, waiting for the
master), and returns when it should run again.  A game whose handling fails is
rolled back and logged; the other games go on.  Nothing is kept in memory between
runs, so a deadline that passed while the judge was down is handled by the first
run after it starts, by the same code.
"""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime, timedelta

from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from judge.clock.planner import (
    LATE,
    REMINDER,
    WAITING,
    Action,
    GameFacts,
    Plan,
    Process,
    SendLateNotice,
    SendReminder,
    StartGrace,
    WaitForMaster,
    plan,
)
from judge.game.clock import game_timing
from judge.game.games import lock_game
from judge.game.processing import orders_missing, process_phase
from judge.game.reminders import send_late_notices, send_reminders, tell_master_waiting
from judge.mail.outgoing import Author
from judge.store.mail import PENDING, InboundMessage
from judge.store.models import ACTIVE, PLAYING, Game, NoticeSent, Order, Player, as_utc, utcnow
from judge.store.turns import write_turn

log = logging.getLogger(__name__)

# After a failure, the game is looked at again this much later.
RETRY_AFTER = timedelta(minutes=10)
# Steps one game may take in one run (a processed phase may make the next one due).
MAX_STEPS = 8
# Mail received before a phase is processed is read before it: processing waits while
# such mail is pending, looking again this often, unless the oldest of it has waited
# longer than MAIL_FIRST_LIMIT (then the mail processor is stuck, and deadlines go on).
MAIL_FIRST_RECHECK = timedelta(seconds=1)
MAIL_FIRST_LIMIT = timedelta(minutes=5)


def game_facts(session: Session, game: Game) -> GameFacts:
    """Everything the planner needs about ``game``, read from the database."""
    assert game.id is not None
    players = list(
        session.exec(select(Player).where(Player.game_id == game.id, Player.status == PLAYING))
    )
    last_order = session.exec(
        select(func.max(Order.created_at)).where(
            Order.game_id == game.id, Order.phase == game.phase
        )
    ).one()
    sent = session.exec(
        select(NoticeSent.kind, NoticeSent.label).where(
            NoticeSent.game_id == game.id, NoticeSent.number == game.number
        )
    )
    return GameFacts(
        name=game.name,
        status=game.status,
        phase=game.phase,
        number=game.number,
        rules=game_timing(game),
        deadline=as_utc(game.deadline),
        grace_until=as_utc(game.grace_until),
        at_grace=game.at_grace,
        waiting_for_master=game.waiting_for_master,
        processed_at=as_utc(game.processed_at),
        missing=orders_missing(session, game) if game.status == ACTIVE else {},
        has_players=bool(players),
        waiting=any(p.wait for p in players),
        last_order_at=as_utc(last_order),
        sent=frozenset((kind, label) for kind, label in sent),
    )


def _utc_text(moment: datetime) -> str:
    return f"{moment.astimezone(UTC):%Y-%m-%d %H:%M:%S} UTC"


def _mark(session: Session, game: Game, kind: str, labels: tuple[str, ...], now: datetime) -> None:
    assert game.id is not None
    for label in labels:
        session.add(
            NoticeSent(game_id=game.id, number=game.number, kind=kind, label=label, sent_at=now)
        )


def carry_out(session: Session, sender: Author, game: Game, action: Action, now: datetime) -> None:
    """Do one planned action in the caller's transaction, and log it in one line."""
    name = f"game {game.name}"
    if isinstance(action, StartGrace):
        game.grace_until = action.until
        log.info(
            "%s: %s deadline passed; grace until %s", name, game.phase, _utc_text(action.until)
        )
    elif isinstance(action, SendReminder):
        reminded = send_reminders(session, sender, game, action.missing, now)
        _mark(session, game, REMINDER, action.labels, now)
        powers = ", ".join(r.power or r.address for r in reminded) or "nobody"
        log.info("%s: %s reminder to %s", name, game.phase, powers)
    elif isinstance(action, SendLateNotice):
        told = send_late_notices(session, sender, game, action.late, action.grace_until, now)
        _mark(session, game, LATE, action.labels, now)
        log.info(
            "%s: %s late notice (late: %s) to %d addresses",
            name,
            game.phase,
            ", ".join(action.late),
            len(told),
        )
    elif isinstance(action, WaitForMaster):
        game.waiting_for_master = True
        masters = tell_master_waiting(session, sender, game, action.late, as_utc(game.grace_until))
        _mark(session, game, WAITING, (action.label,), now)
        log.info(
            "%s: %s grace ended; waiting for the master (%s)",
            name,
            game.phase,
            "told" if masters else "the game has no master",
        )
    elif isinstance(action, Process):
        phase = game.phase
        outcome = process_phase(session, sender, game, now)
        log.info(
            "%s: %s processed (%s)%s",
            name,
            phase,
            action.reason,
            f"; {outcome.winner} wins" if outcome.winner else "",
        )
    session.add(game)


def _mail_first(session: Session, due: Plan, now: datetime) -> bool:
    """True when ``due`` processes a phase while mail received before ``now`` is still
    unread (and has not waited past MAIL_FIRST_LIMIT)."""
    if not any(isinstance(action, Process) for action in due.actions):
        return False
    oldest = session.exec(
        select(func.min(InboundMessage.received_at)).where(
            InboundMessage.status == PENDING, InboundMessage.received_at <= now
        )
    ).one()
    return oldest is not None and as_utc(oldest) > now - MAIL_FIRST_LIMIT


def run_game(engine: Engine, sender: Author, game_id: int, now: datetime) -> datetime | None:
    """Carry out what is due for one game, one transaction per plan; return its next
    wake-up.  Exceptions propagate (after rollback) to the caller."""
    for _ in range(MAX_STEPS):
        with Session(engine, expire_on_commit=False) as session:
            game = session.get(Game, game_id)
            if game is None:
                return None
            glance = plan(game_facts(session, game), now)  # a look without the lock
            if not glance.actions:
                return glance.wake_at
            with write_turn(engine).held():
                game = lock_game(session, game_id)  # then plan again under it
                if game is None:
                    return None
                due: Plan = plan(game_facts(session, game), now)
                if not due.actions:
                    session.commit()
                    return due.wake_at
                if _mail_first(session, due, now):
                    session.commit()
                    return now + MAIL_FIRST_RECHECK
                try:
                    for action in due.actions:
                        carry_out(session, sender, game, action, now)
                    session.commit()
                except BaseException:
                    session.rollback()
                    raise
    return now  # still busy: look again at once


def _scheduled_games(engine: Engine) -> list[int]:
    with Session(engine) as session:
        rows = session.exec(
            select(Game.id).where(Game.status == ACTIVE, Game.deadline.is_not(None))  # type: ignore[union-attr]
        )
        return [game_id for game_id in rows if game_id is not None]


def run_due(
    engine: Engine,
    sender: Author,
    now: datetime | None = None,
    stop: threading.Event | None = None,
) -> datetime | None:
    """Carry out what is due for every active game; return the earliest next wake-up
    (None when no game has a deadline to wait for)."""
    moment = now or utcnow()
    wakes: list[datetime] = []
    for game_id in _scheduled_games(engine):
        if stop is not None and stop.is_set():
            break
        try:
            wake = run_game(engine, sender, game_id, moment)
        except Exception:
            log.exception("game %s: deadline handling failed; retrying later", game_id)
            wake = moment + RETRY_AFTER
        if wake is not None:
            wakes.append(wake)
    return min(wakes) if wakes else None
