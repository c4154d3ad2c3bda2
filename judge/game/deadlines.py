"""Carrying out what is due for the judge's games, from the database and ``now`` only.

:func:`run_due` looks at the games that are due, asks the pure planner
(:func:`judge.clock.planner.plan`) what is due, carries it out in one transaction per
game (reminders, late notices, the start of grace, processing, waiting for the
master), and returns when it should run again.  A game whose handling fails is
rolled back and logged; the other games go on.  Nothing is kept in memory between
runs, so a deadline that passed while the judge was down is handled by the first
run after it starts, by the same code.

Which games are due is kept in the database, so that a pass costs what is due and not
what exists: each game's ``due_at`` holds the planner's next wake-up for it, stored by
the pass that planned it, and any change to the game (its lock, an order, an edit of
its row or players) sets it to ``REPLAN``, a moment always past.  A pass reads the due
games by the index on ``due_at`` and the next wake-up as its minimum.  A wake-up
planned without the game's lock is stored only if the game's version has not moved
since (a transaction that took the lock in between marked it, and that mark wins).
"""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, func
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

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
from judge.game.games import try_lock_game
from judge.game.processing import orders_missing, process_phase
from judge.game.reminders import send_late_notices, send_reminders, tell_master_waiting
from judge.mail.outgoing import Author
from judge.store.db import is_transient
from judge.store.mail import PENDING, InboundMessage
from judge.store.models import ACTIVE, PLAYING, Game, NoticeSent, Order, Player, as_utc, utcnow
from judge.store.turns import write_turn

log = logging.getLogger(__name__)

# After a failure, the game is looked at again this much later.
RETRY_AFTER = timedelta(minutes=10)
# After a transient database error (a restart, a lost connection, a lock), this soon.
TRANSIENT_RETRY = timedelta(seconds=2)
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


def run_game(
    engine: Engine,
    sender: Author,
    game_id: int,
    now: datetime,
    wakes: PlannedWakes | None = None,
) -> datetime | None:
    """Carry out what is due for one game, one transaction per plan; store its next
    wake-up as its ``due_at`` (a wake-up planned without the lock through ``wakes``
    when given, which the caller writes) and return it.  Exceptions propagate (after
    rollback) to the caller."""
    if wakes is None:
        wakes = PlannedWakes(engine)
        try:
            return run_game(engine, sender, game_id, now, wakes)
        finally:
            wakes.write()
    for _ in range(MAX_STEPS):
        with Session(engine, expire_on_commit=False) as session:
            game = session.get(Game, game_id)
            if game is None:
                return None
            glance = plan(game_facts(session, game), now)  # a look without the lock
            if not glance.actions:
                wakes.add(game, glance.wake_at)
                return glance.wake_at
            with write_turn(engine).held():
                # then plan again under it (unless another daemon has it: its due_at
                # stays as it is until that one is done, and a later pass looks again)
                game = try_lock_game(session, game_id)
                if game is None:
                    return None
                due: Plan = plan(game_facts(session, game), now)
                wake = due.wake_at
                if due.actions and _mail_first(session, due, now):
                    wake = now + MAIL_FIRST_RECHECK
                elif due.actions:
                    try:
                        for action in due.actions:
                            carry_out(session, sender, game, action, now)
                        session.commit()
                    except BaseException:
                        session.rollback()
                        raise
                    continue  # what the actions changed is planned again
                game.due_at = wake
                session.add(game)
                session.commit()
                return wake
    return now  # still busy: look again at once (the lock left the game marked)


class PlannedWakes:
    """Wake-ups planned without the games' locks, written together in one transaction
    (on SQLite each commit is an fsync), each only if its game has not changed since it
    was read (its version moved: a transaction that took the lock marked it, and that
    mark wins)."""

    BATCH = 500  # games whose wake-ups one transaction writes at most

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.rows: list[dict[str, Any]] = []

    def add(self, game: Game, wake: datetime | None) -> None:
        """Keep ``wake`` for ``game`` as it was read."""
        self.rows.append({"key": game.id, "seen": game.version, "wake": wake})

    def write(self) -> None:
        """Write the wake-ups kept so far."""
        rows, self.rows = self.rows, []
        if rows:
            with Session(self.engine) as session, write_turn(self.engine).held():
                session.connection().execute(_KEEP_WAKE, rows)
                session.commit()


_GAMES = Game.__table__  # type: ignore[attr-defined]
_KEEP_WAKE = (
    _GAMES.update()
    .where(_GAMES.c.id == bindparam("key"), _GAMES.c.version == bindparam("seen"))
    .values(due_at=bindparam("wake"))
)


def due_games(session: Session, now: datetime) -> list[int]:
    """The games whose ``due_at`` has come, the longest due first (an indexed look-up)."""
    rows = session.exec(
        select(Game.id).where(col(Game.due_at) <= now).order_by(col(Game.due_at), col(Game.id))
    )
    return [game_id for game_id in rows if game_id is not None]


def next_due(session: Session) -> datetime | None:
    """The earliest ``due_at`` of any game (None: no game waits for a moment)."""
    return as_utc(session.exec(select(func.min(Game.due_at))).one())


def _put_off(engine: Engine, game_id: int, until: datetime) -> None:
    """After a real failure, look at the game again only ``until`` then (best effort:
    when even this fails, the game stays due and the next pass tries it again)."""
    try:
        with Session(engine) as session, write_turn(engine).held():
            session.connection().execute(
                _GAMES.update().where(_GAMES.c.id == game_id).values(due_at=until)
            )
            session.commit()
    except Exception:  # noqa: BLE001 - logged; the game is retried at the next pass
        log.warning("game %s: could not put off its next look", game_id, exc_info=True)


def _write(wakes: PlannedWakes) -> None:
    """Write the wake-ups kept so far; when that fails, their games stay due and the
    next pass plans them again."""
    try:
        wakes.write()
    except Exception:  # noqa: BLE001 - logged; nothing is lost but a little work
        log.warning("could not store the games' next wake-ups", exc_info=True)


def run_due(
    engine: Engine,
    sender: Author,
    now: datetime | None = None,
    stop: threading.Event | None = None,
) -> datetime | None:
    """Carry out what is due for every game whose ``due_at`` has come; return the
    earliest next wake-up of any game (None when no game waits for a moment).

    A game whose handling failed for a moment (a transient database error:
    :func:`judge.store.db.is_transient`) stays due and is tried again
    ``TRANSIENT_RETRY`` later; one that failed for real is put off by ``RETRY_AFTER``."""
    moment = now or utcnow()
    with Session(engine) as session:
        due = due_games(session, moment)
    wakes = PlannedWakes(engine)
    for game_id in due:
        if stop is not None and stop.is_set():
            break
        if len(wakes.rows) >= wakes.BATCH:
            _write(wakes)
        try:
            run_game(engine, sender, game_id, moment, wakes)
        except Exception as error:
            if is_transient(error):
                log.warning(
                    "game %s: deadline handling met a database error (%s); retrying in %d s",
                    game_id,
                    type(error).__name__,
                    TRANSIENT_RETRY.total_seconds(),
                )
                continue
            log.exception("game %s: deadline handling failed; retrying later", game_id)
            _put_off(engine, game_id, moment + RETRY_AFTER)
    _write(wakes)
    with Session(engine) as session:
        wake = next_due(session)
    if wake is not None and wake <= moment:  # still due: failed for a moment, or stopped
        return moment + TRANSIENT_RETRY
    return wake
