"""The processing runner: takes pending inbound mail in order and applies it.

Automatic mail (bounces, auto-replies, lists, the judge's own mail) is marked ignored
here, whatever the command processor, so that no processor can start a mail loop.
Everything else goes to the command processor (``judge.commands.inbound.process_inbound`` by
default), which also handles the size bound.  If it raises, its work is rolled back,
the mail is quarantined with the error, and the sender is told, within the reply limit
of :mod:`judge.commands.limits` (the same rule as every other reply), and so is the keeper.
If handling a row fails in any other way (even its quarantine), the failure is counted
and the row backed off, so that the mail after it goes on; after ``HANDLING_BOUND``
failures it is quarantined as it is (``judge.store.mail.inbound_failed``).
"""

from __future__ import annotations

import importlib
import logging
import threading
import traceback
from collections.abc import Callable
from datetime import datetime
from email.message import EmailMessage
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.commands.limits import limited_body
from judge.commands.redact import redact
from judge.config import Config
from judge.mail.outgoing import Author, answer, re_subject
from judge.mail.parse import IncomingMail, parse_incoming
from judge.runners.keeper_notices import KeeperNotices
from judge.store import mail as store
from judge.store.db import is_transient

log = logging.getLogger(__name__)

ProcessFn = Callable[[Session, store.InboundMessage, Config], Any]

DEFAULT_PROCESSOR = "judge.commands.inbound:process_inbound"
# failures to handle one row before it is quarantined as it is
HANDLING_BOUND = 5


def load_processor(spec: str = DEFAULT_PROCESSOR) -> ProcessFn:
    """Import ``module:function``."""
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name or "process_inbound")


def _notice(config: Config, mail: IncomingMail, text: str) -> EmailMessage:
    """The answer that tells the sender of ``mail`` it was quarantined."""
    return answer(Author.of(config), mail, re_subject(mail.subject), text)


QUARANTINED = (
    "Your mail could not be processed because of an error in the judge. It has been kept "
    "for the administrator and was NOT applied: none of its commands or orders took "
    "effect. Reference: inbound mail {id}."
)


class InboxRunner:
    """Applies pending inbound mail, one transaction per mail (``clock`` gives the time
    the reply limit counts in)."""

    def __init__(
        self,
        config: Config,
        engine: Engine,
        process: ProcessFn | None = None,
        stop: threading.Event | None = None,
        wake: threading.Event | None = None,
        sent_wake: threading.Event | None = None,
        clock: Callable[[], datetime] = store.utcnow,
    ) -> None:
        self.config = config
        self.clock = clock
        self.engine = engine
        self._process = process
        self.stop = stop or threading.Event()
        self.wake = wake or threading.Event()
        self.sent_wake = sent_wake
        self.notices = KeeperNotices(config)
        self.retry_base = 2.0  # seconds before a failed row is tried again, doubling
        self.handled = 0

    @property
    def process(self) -> ProcessFn:
        """The command processor, imported on first use."""
        if self._process is None:
            self._process = load_processor()
        return self._process

    def _automatic(self, row: store.InboundMessage) -> bool:
        """Mark automatic mail ignored; True when it was."""
        mail = parse_incoming(row.raw, self.config.judge.address, 0)  # headers only
        if mail.answerable:
            return False
        store.mark_done(row, store.IGNORED, mail.automatic_reason or "no sender address")
        return True

    def _quarantine(self, row_id: int, error: str) -> None:
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(store.InboundMessage, row_id)
            if row is None:
                return
            store.mark_done(row, store.QUARANTINED, error[-8000:])
            self._tell_sender(session, row)
            self.notices.quarantined(session, row)
            session.add(row)
            session.commit()

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

    def _failed(self, row_id: int, error: str) -> None:
        """Count a failure to handle a row: back it off, or quarantine it at the bound."""
        log.error("handling inbound mail %s failed:\n%s", row_id, error)
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(store.InboundMessage, row_id)
            if row is None or row.status != store.PENDING:
                return
            if store.inbound_failed(row, error, HANDLING_BOUND, self.retry_base):
                self.notices.quarantined(session, row)
            session.add(row)
            session.commit()

    def handle(self, row_id: int) -> str:
        """Apply one inbound row in its own transaction; return its new status."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(store.InboundMessage, row_id)
            if row is None or row.status != store.PENDING:
                return row.status if row else "missing"
            try:
                if not self._automatic(row):
                    self.process(session, row, self.config)
                    if row.status == store.PENDING:
                        store.mark_done(row, store.PROCESSED)
                limits = self.config.limits
                # Passwords never rest in clear: keep the mail with them hidden.
                row.raw = redact(row.raw, self.config.judge.address, limits.max_message_bytes)
                session.add(row)
                session.commit()
                return row.status
            except Exception as failure:
                session.rollback()
                if is_transient(failure):  # the database was busy: try again, keep the mail
                    raise
                error = traceback.format_exc()
                log.error("inbound mail %s quarantined:\n%s", row_id, error)
        self._quarantine(row_id, error)
        return store.QUARANTINED

    def run_once(self, limit: int = 100) -> int:
        """Handle the pending rows there are now; return how many."""
        with Session(self.engine) as session:
            ids = store.pending_ids(session, limit)  # ids only: no mail bytes held
        for row_id in ids:
            if self.stop.is_set():
                break
            try:
                self.handle(row_id)
            except Exception as failure:  # noqa: BLE001
                if is_transient(failure):  # the database, not the mail: run() backs off
                    raise
                self._failed(row_id, traceback.format_exc())
            self.handled += 1
            if self.sent_wake is not None:
                self.sent_wake.set()
        return len(ids)

    def run(self, idle_seconds: float = 2.0, backoff_max: float = 60.0) -> None:
        """Process until ``stop`` is set."""
        delay = 1.0
        while not self.stop.is_set():
            try:
                if not self.run_once():
                    self.wake.wait(idle_seconds)
                    self.wake.clear()
                delay = 1.0
            except Exception:
                log.exception("processor failed; retrying in %.1f s", delay)
                self.stop.wait(delay)
                delay = min(backoff_max, delay * 2)
