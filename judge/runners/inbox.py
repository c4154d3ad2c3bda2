"""The processing runner: takes pending inbound mail in order (but for overtaking, below)
and applies it.

Several mails share one transaction (at most ``BATCH_MAILS`` of them, or what
``BATCH_SECONDS`` allow).  They are first applied one after the other without
savepoints (a savepoint costs two statements and the ORM's bookkeeping per mail); when
one fails, the batch is rolled back and its mails, up to the one that failed, are
applied again, each inside a savepoint of its own: the failed mail rolls back its
savepoint alone, and is quarantined in the same transaction.  The batch is
committed once; until then none of its mails counts as processed, so a crash before the
commit leaves them all pending and they are applied again, once, after the restart (their
replies are written in the same transaction, so they are not doubled either).  The
password checks that the batch's SIGNON lines need are started ahead on other threads
(``judge.commands.inbound.prepare_inbound``), and a batch never waits for one: it waits
before it begins, or ends before the mail that would wait.

A batch holds the database's write turn (:mod:`judge.store.turns`) and, once it has run
``YIELD_SECONDS``, ends early when another thread waits for the turn (the sender marking
replies sent, the intake storing mail, the deadline runner).

**Several daemons.**  A batch is the database's one processing batch while it runs
(``BEGIN IMMEDIATE`` on SQLite; on PostgreSQL an advisory lock, for which another
daemon's batch waits: ``judge.store.mail.hold_processing``), and it claims each row it
takes (``judge.store.mail.claim_pending``): a row another daemon handled meanwhile is
passed over.  So each mail is applied once, in the order above, by whichever daemon.
A transient database error (a restart, a dropped connection) rolls the batch back and
the runner tries again after ``TRANSIENT_PAUSE``.

Automatic mail (bounces, auto-replies, lists' robots, the judge's own mail) is marked
ignored here, whatever the command processor, so that no processor can start a mail
loop; a bounce of the judge's own mail is recorded (``judge.runners.returned``).
Everything else goes to the command processor (``judge.commands.inbound.process_inbound`` by
default), which also handles the size bound.  If it raises, its work is rolled back,
the mail is quarantined with the error, and the sender is told, within the reply limit
of :mod:`judge.store.limits` (the same rule as every other reply), and so is the keeper.
If handling a row fails in any other way (even its quarantine), the failure is counted
and the row backed off, so that the mail after it goes on; after ``HANDLING_BOUND``
failures it is quarantined as it is (``judge.store.mail.inbound_failed``).

**Overtaking.**  The runner looks ahead at up to ``LOOKAHEAD`` pending mails and starts
their password checks.  Mails are taken oldest first, except while the oldest waits for
a check still running: then a later mail may go first, when it waits for no running
check itself, and its *scope* (``judge.commands.inbound.mail_scope``: its sender and the
games it names) and the scope of every mail it passes are known and share nothing.  A
mail without a scope (an account command, a signed mail, ...) is a barrier: nothing
passes it.  This is safe because two mails from different senders about different
games commute: processing them in either order gives the same effects and replies.  So
the order taken is one that every sender and every game sees as the order of arrival
(mails of one sender, or about one game, keep their order).  Scopes are read only when
the oldest mail waits, and kept per mail until it is handled; a processor other than
the judge's own has no scopes (``scope``), so its mail keeps its order.
"""

from __future__ import annotations

import functools
import importlib
import logging
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from datetime import datetime
from email.message import EmailMessage
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from judge.commands.redact import redact
from judge.config import Config
from judge.mail.outgoing import Author, answer, re_subject
from judge.mail.parse import IncomingMail, copy_mail, parse_incoming
from judge.runners.keeper_notices import KeeperNotices
from judge.runners.returned import record_returned
from judge.store import mail as store
from judge.store.db import TRANSIENT_PAUSE, is_transient
from judge.store.limits import limited_body
from judge.store.turns import WriteTurn, write_turn

log = logging.getLogger(__name__)

ProcessFn = Callable[[Session, store.InboundMessage, Config], Any]

# starts a batch's password checks ahead; returns, per mail, the checks it will wait for
PrepareFn = Callable[[Session, Iterable[bytes], Config], Sequence[list[Future[bool]]] | None]

# what a mail's processing may touch, from its stored bytes (and original size)
ScopeFn = Callable[[bytes, Config, int | None], frozenset[str] | None]

DEFAULT_PROCESSOR = "judge.commands.inbound:process_inbound"
DEFAULT_PREPARE = "judge.commands.inbound:prepare_inbound"
DEFAULT_SCOPE = "judge.commands.inbound:mail_scope"
# what remembers the mails prepared lately, one per runner (with DEFAULT_PREPARE)
DEFAULT_SEEN = "judge.commands.inbound:SeenLately"
# failures to handle one row before it is quarantined as it is
HANDLING_BOUND = 5
# one transaction takes at most this many mails, and no new mail after this many seconds
BATCH_MAILS = 25
BATCH_SECONDS = 0.25
# ... and ends after this many seconds when another thread waits for the write turn
YIELD_SECONDS = 0.02
# mails read at a time to start their password checks ahead (or to read their scopes)
PREPARE_CHUNK = 25
# pending mails looked at ahead: their checks started, later ones may overtake the oldest
# (after a restart with a backlog, a game's later mails wait for its players' first
# checks; a window of 500 left the processor idle behind them: 240 against 268 mails
# a second in benchmarks/mail.py)
LOOKAHEAD = 1000
# the longest wait for a password check before ``stop`` is looked at again
CHECK_WAIT_SECONDS = 1.0


def load_processor(spec: str = DEFAULT_PROCESSOR) -> ProcessFn:
    """Import ``module:function``."""
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name or "process_inbound")


def _begin(session: Session) -> None:
    """Open the session's transaction now as the database's one processing batch.  On
    SQLite it is begun explicitly (the driver would begin it only at the first write,
    and a savepoint taken before that would be a transaction of its own), and
    IMMEDIATE: the batch will write, so it takes the write lock at once instead of
    failing to upgrade a stale read later.  On PostgreSQL the batch waits for any other
    daemon's batch to end (``judge.store.mail.hold_processing``)."""
    connection = session.connection()
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    store.hold_processing(session)


def _load(session: Session, ids: Sequence[int]) -> None:
    """Claim these rows (those still pending: another daemon may have handled some)
    and read them into the session in one statement, so that taking them one by one
    reads nothing more.  A row not claimed here is claimed when taken."""
    if ids:
        store.claim_pending(session, ids)


class _Failed(Exception):  # noqa: N818 - a signal inside the runner, not an error kind
    """A row failed while its batch ran without savepoints (the cause is chained)."""


def _notice(config: Config, mail: IncomingMail, text: str) -> EmailMessage:
    """The answer that tells the sender of ``mail`` it was quarantined."""
    return answer(Author.of(config), mail, re_subject(mail.subject), text)


def no_scope(_raw: bytes, _config: Config, _original_size: int | None = None) -> None:
    """The scope of every mail under a processor whose scopes are not known: none."""
    return None


QUARANTINED = (
    "Your mail could not be processed because of an error in the judge. It has been kept "
    "for the administrator and was NOT applied: none of its commands or orders took "
    "effect. Reference: inbound mail {id}."
)


class InboxRunner:
    """Applies pending inbound mail, several mails per transaction (a savepoint each
    once one fails; ``clock`` gives the time the reply limit counts in)."""

    def __init__(
        self,
        config: Config,
        engine: Engine,
        process: ProcessFn | None = None,
        stop: threading.Event | None = None,
        wake: threading.Event | None = None,
        sent_wake: threading.Event | None = None,
        clock: Callable[[], datetime] = store.utcnow,
        prepare: PrepareFn | None = None,
        scope: ScopeFn | None = None,
    ) -> None:
        self.config = config
        self.clock = clock
        self.engine = engine
        self._process = process
        self._prepare = prepare
        self._scope = scope
        self.stop = stop or threading.Event()
        self.wake = wake or threading.Event()
        self.sent_wake = sent_wake
        self.notices = KeeperNotices(config)
        self.retry_base = 2.0  # seconds before a failed row is tried again, doubling
        self.handled = 0
        self.batch_mails = BATCH_MAILS
        self.batch_seconds = BATCH_SECONDS
        # the password checks started ahead that each pending row will wait for, by id
        self._checks: dict[int, list[Future[bool]]] = {}
        self._prepared: set[int] = set()  # the rows whose checks were started ahead
        self._scopes: dict[int, frozenset[str] | None] = {}  # read when the oldest waits
        self.last_batch: list[int] = []  # the rows the last batch took, in order

    @property
    def process(self) -> ProcessFn:
        """The command processor, imported on first use."""
        if self._process is None:
            self._process = load_processor()
        return self._process

    @property
    def prepare(self) -> PrepareFn:
        """What starts a batch's password checks ahead, imported on first use; the
        judge's own remembers, for this runner, the mails it prepared lately."""
        if self._prepare is None:
            lately = load_processor(DEFAULT_SEEN)()  # type: ignore[call-arg]
            self._prepare = functools.partial(load_processor(DEFAULT_PREPARE), lately=lately)
        assert self._prepare is not None
        return self._prepare

    @property
    def scope(self) -> ScopeFn:
        """What tells a mail's scope: the judge's own (``DEFAULT_SCOPE``) under the
        judge's own processor, else :func:`no_scope` (the mail keeps its order)."""
        if self._scope is None:
            own = self.process is load_processor()
            self._scope = load_processor(DEFAULT_SCOPE) if own else no_scope  # type: ignore[assignment]
        assert self._scope is not None
        return self._scope

    def _apply(self, session: Session, row: store.InboundMessage) -> None:
        """Process one row (the caller holds its savepoint).  The mail is read once:
        the judge's own processor and the redaction are handed what was read."""
        limit = self.config.limits.max_message_bytes
        mail = parse_incoming(row.raw, self.config.judge.address, limit)
        kept = copy_mail(mail)  # as read, whatever processing changes in ``mail``
        if not mail.answerable:
            note = record_returned(session, row.raw, self.notices)  # "" but for a bounce
            reason = mail.automatic_reason or "no sender address"
            store.mark_done(row, store.IGNORED, reason + note)
        else:
            if self.process is load_processor():  # the judge's own: takes the mail read
                self.process(session, row, self.config, mail=mail)  # type: ignore[call-arg]
            else:
                self.process(session, row, self.config)
            if row.status == store.PENDING:
                store.mark_done(row, store.PROCESSED)
        # Passwords never rest in clear: keep the mail with them hidden.
        row.raw = redact(row.raw, self.config.judge.address, limit, kept)
        store.save_handled(session, row)  # one UPDATE, without the ORM's flush

    def _quarantine(self, session: Session, row: store.InboundMessage, error: str) -> None:
        """Quarantine a row whose processing failed, and tell its sender and the keeper
        (the caller holds the savepoint)."""
        store.mark_done(row, store.QUARANTINED, error[-8000:])
        self._tell_sender(session, row)
        self.notices.quarantined(session, row)
        session.add(row)
        session.flush()

    def _tell_sender(self, session: Session, row: store.InboundMessage) -> None:
        """The quarantine notice to the mail's sender; not sent when it cannot be."""
        try:
            mail = parse_incoming(row.raw, self.config.judge.address, 1)  # headers only
            if mail.answerable:
                limit = self.config.limits.replies_per_sender_per_hour
                text = QUARANTINED.format(id=row.id)
                body = limited_body(session, mail.sender, self.clock(), limit, text)
                if body is not None:
                    store.enqueue(session, _notice(self.config, mail, body))
        except Exception:  # noqa: BLE001
            log.exception("no quarantine notice for inbound mail %s", row.id)

    def _failed(self, session: Session, row: store.InboundMessage, error: str) -> None:
        """Count a failure to handle a row: back it off, or quarantine it at the bound
        (the caller holds the savepoint)."""
        log.error("handling inbound mail %s failed:\n%s", row.id, error)
        if store.inbound_failed(row, error, HANDLING_BOUND, self.retry_base):
            self.notices.quarantined(session, row)
        session.add(row)
        session.flush()

    def _attempt(self, session: Session, step: Callable[[], None]) -> str | None:
        """Run ``step`` in a savepoint; None when it worked, else the error (its work
        rolled back).  A transient database error is raised: the batch is redone."""
        try:
            with session.begin_nested():
                step()
            return None
        except Exception as failure:
            if is_transient(failure):
                raise
            return traceback.format_exc()

    def _handle_plainly(self, session: Session, row_id: int) -> None:
        """Handle one row inside the batch's transaction without a savepoint (the
        common case: the mail does not fail).  A transient database error is raised as
        it is; any other failure as :class:`_Failed`, after which the batch must be
        rolled back and taken again with :meth:`_handle_in`."""
        row = store.claim_one(session, row_id)
        if row is None:  # handled meanwhile (by another daemon too)
            return
        try:
            self._apply(session, row)
        except Exception as failure:
            if is_transient(failure):
                raise
            raise _Failed(f"inbound mail {row_id} failed") from failure

    def _handle_in(self, session: Session, row_id: int) -> str:
        """Handle one row inside the batch's transaction, in a savepoint of its own, and
        quarantine it if it fails; return its new status."""
        row = store.claim_one(session, row_id)
        if row is None:  # handled meanwhile (by another daemon too)
            return "taken"
        error = self._attempt(session, lambda: self._apply(session, row))
        if error is None:
            return row.status
        log.error("inbound mail %s quarantined:\n%s", row_id, error)
        # Read again as the rollback left it (store.save_handled may have marked the
        # row's values as written just before the savepoint failed).
        session.expire(row)
        again = self._attempt(session, lambda: self._quarantine(session, row, error))
        if again is not None:  # not even the quarantine worked: count it, try later
            with session.begin_nested():
                self._failed(session, row, again)
        return row.status

    def _ready(self, row_id: int) -> bool:
        """True when no password check started ahead for the row is still running."""
        return all(check.done() for check in self._checks.get(row_id, ()))

    def _next_index(self, queue: list[int], read: bool = True) -> int | None:
        """Where in ``queue`` the row to take next is: the first, unless it waits for a
        running check; then the first later row that may overtake it (the module
        docstring), or None.  Scopes not known yet are read when ``read`` allows;
        otherwise an unknown scope stops the search as a barrier does."""
        if not queue:
            return None
        if self._ready(queue[0]):
            return 0
        passed: set[str] = set()
        for index, row_id in enumerate(queue):
            scope = self._scope_at(queue, index, read)
            if scope is None:
                return None  # nothing after a barrier passes it
            if index and passed.isdisjoint(scope) and self._ready(row_id):
                return index
            passed |= scope
        return None

    def _scope_at(self, queue: list[int], index: int, read: bool) -> frozenset[str] | None:
        """The scope of ``queue[index]``: kept, or read (a chunk of rows at a time, from
        this one on) when ``read`` allows; None when unknown or a barrier."""
        row_id = queue[index]
        if row_id not in self._scopes and read:
            ahead = queue[index : index + PREPARE_CHUNK]
            self._read_scopes([i for i in ahead if i not in self._scopes])
        return self._scopes.get(row_id)

    def _read_scopes(self, ids: list[int]) -> None:
        """Read the scopes of these rows and keep them (the mail bytes are not kept).
        A row gone meanwhile, or whose scope cannot be read, gets None: it keeps its
        place (a hint only: failures are logged)."""
        found: dict[int, frozenset[str] | None] = {}
        try:
            with Session(self.engine) as session:
                stmt = select(
                    store.InboundMessage.id,
                    store.InboundMessage.raw,
                    store.InboundMessage.original_size,
                ).where(col(store.InboundMessage.id).in_(ids))
                rows = list(session.exec(stmt))
            for row_id, raw, size in rows:
                found[row_id] = self.scope(raw, self.config, size)
        except Exception:  # noqa: BLE001 - the rows keep their places
            log.warning("scopes of inbound mails not read", exc_info=True)
        for row_id in ids:
            self._scopes[row_id] = found.get(row_id)

    def _forget(self, row_id: int) -> None:
        """Drop what was kept for a row once it is handled."""
        self._checks.pop(row_id, None)
        self._scopes.pop(row_id, None)
        self._prepared.discard(row_id)

    def _full(self, turn: WriteTurn, started: float) -> bool:
        """True when the open batch has had its share: its size or time bound, ``stop``,
        or ``YIELD_SECONDS`` while another thread waits for the write turn."""
        elapsed = time.monotonic() - started
        return (
            len(self.last_batch) >= self.batch_mails
            or elapsed >= self.batch_seconds
            or self.stop.is_set()
            or (turn.wanted() and elapsed >= YIELD_SECONDS)
        )

    def handle_batch(self, ids: Sequence[int]) -> int:
        """Handle rows of ``ids`` in one transaction, as many as the batch bounds allow
        (one at least), and commit; return how many were taken (``last_batch`` lists
        them).  They are taken in the order of ``ids``, but for the overtaking of the
        module docstring.  A transient database error rolls the whole batch back and
        is raised.

        When no row can be taken yet, the first row's password checks are waited for
        before the batch begins; the batch ends before a row it would have to wait
        for: the write turn is never held while waiting for a check."""
        queue = list(ids)
        self.last_batch = []
        if queue and self._next_index(queue) is None:
            wait(self._checks.get(queue[0], ()))
        turn = write_turn(self.engine)
        with turn.held(), Session(self.engine, expire_on_commit=False) as session:
            try:
                _begin(session)
                _load(session, queue[: self.batch_mails])
                started = time.monotonic()
                try:
                    self._take(session, queue, turn, started, self._handle_plainly)
                except _Failed:  # again, each row in a savepoint, and on to the bounds
                    session.rollback()
                    _begin(session)
                    _load(session, self.last_batch)  # the rollback ended the claims
                    for row_id in self.last_batch:
                        self._handle_in(session, row_id)
                    self._take(session, queue, turn, started, self._handle_in)
                session.commit()
            except BaseException:
                session.rollback()
                self.last_batch = []
                raise
        return len(self.last_batch)

    def _take(
        self,
        session: Session,
        queue: list[int],
        turn: WriteTurn,
        started: float,
        handle: Callable[[Session, int], object],
    ) -> None:
        """Take rows from ``queue`` into the batch opened at ``started`` until its
        bounds, and ``handle`` each (a row is listed in ``last_batch`` before it is
        handled)."""
        while queue and not (self.last_batch and self._full(turn, started)):
            index = self._next_index(queue, read=False)  # no reading in the turn
            if index is None and self.last_batch:
                break
            row_id = queue.pop(index or 0)  # the first, its checks waited for
            self._forget(row_id)
            self.last_batch.append(row_id)
            handle(session, row_id)

    def handle(self, row_id: int) -> str:
        """Apply one inbound row in its own transaction; return its new status."""
        self.handle_batch([row_id])
        with Session(self.engine) as session:
            row = session.get(store.InboundMessage, row_id)
            return row.status if row else "missing"

    def _prepare_ahead(self, ids: list[int]) -> None:
        """Start the password checks of these rows ahead, and note what each row will
        wait for (a hint: failures only logged)."""
        self._prepared.update(ids)
        try:
            for start in range(0, len(ids), PREPARE_CHUNK):
                chunk = ids[start : start + PREPARE_CHUNK]
                with Session(self.engine) as session:
                    stmt = select(store.InboundMessage.id, store.InboundMessage.raw).where(
                        col(store.InboundMessage.id).in_(chunk)
                    )
                    rows = list(session.exec(stmt))
                    started = self.prepare(session, [raw for _id, raw in rows], self.config)
                for (row_id, _raw), checks in zip(rows, started or (), strict=False):
                    if checks:
                        self._checks[row_id] = checks
        except Exception:  # noqa: BLE001 - a hint only: the mails are processed anyway
            log.warning("password checks not started ahead", exc_info=True)

    def _look_ahead(self, limit: int) -> list[int]:
        """The window: the ids of the oldest ``limit`` due pending rows (ids only: no
        mail bytes held).  The checks of rows new to it are started; what was kept for
        rows no longer in it is dropped."""
        with Session(self.engine) as session:
            ids = store.pending_ids(session, limit)
        window = set(ids)
        for kept in (self._checks, self._scopes):
            for row_id in [i for i in kept if i not in window]:
                del kept[row_id]
        self._prepared &= window
        self._prepare_ahead([i for i in ids if i not in self._prepared])
        return ids

    def _wait(self, window: list[int], limit: int) -> list[int]:
        """Nothing in ``window`` can be taken now: look again when new mail was stored
        and the window has room, else wait until a check running for it ends (at most
        ``CHECK_WAIT_SECONDS``, so that ``stop`` is heard); return the window."""
        if self.wake.is_set() and len(window) < limit:
            self.wake.clear()
            return self._look_ahead(limit)
        running = [c for row_id in window for c in self._checks.get(row_id, ()) if not c.done()]
        if running:
            wait(running, timeout=CHECK_WAIT_SECONDS, return_when=FIRST_COMPLETED)
        return window

    def run_once(self, limit: int = LOOKAHEAD) -> int:
        """Handle the pending rows there are now, looking ahead at ``limit`` of them at a
        time, in batches; return how many were handled."""
        window = self._look_ahead(limit)
        done = 0
        while window and not self.stop.is_set():
            if self._next_index(window) is None:
                window = self._wait(window, limit)
                continue
            taken = self.handle_batch(window)
            done += taken
            self.handled += taken
            handled = set(self.last_batch)
            window = [row_id for row_id in window if row_id not in handled]
            if self.sent_wake is not None:
                self.sent_wake.set()
        return done

    def run(self, idle_seconds: float = 2.0, backoff_max: float = 60.0) -> None:
        """Process until ``stop`` is set."""
        delay = 1.0
        while not self.stop.is_set():
            try:
                if not self.run_once():
                    self.wake.wait(idle_seconds)
                    self.wake.clear()
                delay = 1.0
            except Exception as failure:
                if is_transient(failure):  # a restart, a dropped connection, a lock
                    log.warning("processor: %s; retrying in %.1f s", failure, TRANSIENT_PAUSE)
                    self.stop.wait(TRANSIENT_PAUSE)
                    continue
                log.exception("processor failed; retrying in %.1f s", delay)
                self.stop.wait(delay)
                delay = min(backoff_max, delay * 2)
