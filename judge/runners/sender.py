"""Deliver outbox rows over SMTP (smtplib), with retries and backoff.

A row is marked sent, durably, right after the relay accepted it and before the next
row goes out: in the sender's journal when it has one (:mod:`judge.store.sent_journal`,
on SQLite, where the processor holds the single write lock for a batch of mails at a
time; the marks are folded into the outbox when nothing more is due and the lock can
be had within ``QUICK_FOLD_MS``, and while sending only once ``FOLD_MARKS`` of them
wait, since that fold waits for the lock), else by a commit of the row.  The daemon
runs the sender in a process of its own (:mod:`judge.runners.sender_process`).  If the
sender dies between the relay's acceptance and that mark, the mail is sent again after
the restart (at-least-once); both copies carry the same Message-ID (stored in the
outbox row's bytes), so a reader or a filter can recognise the duplicate.  A mark that
cannot be written (a full disk, the database gone) is held in memory and written
before anything else is sent (``held``); its mail is not sent again.  On PostgreSQL,
where several daemons may share the outbox, each row is claimed before it is handed
over, by a committed lease (``judge.store.mail.claim_outbox``).

What a failure does (docs/mail-transport.md, "The outbox and the sender"):

* the relay cannot be reached at all: nothing is counted, the batch waits (backoff);
* a row refused for now (4xx) or whose transaction the relay dropped (disconnect,
  ``421``, timeout): one attempt for that row, retried with backoff until ``[outbound]
  retry_hours`` after it was queued, then given up; the other rows go on, over a new
  session when the old one was dropped;
* a row refused for good (a 5xx to MAIL, to every recipient, or to DATA): given up
  once the relay is seen taking other mail (in the same pass, or since the row's last
  refusal); while it takes none, the refusal is the relay's (its settings, the judge's
  sender or credentials): the row backs off as for a 4xx, with an ERROR in the log, so
  a misconfigured relay fails no mail;
* a row that needs SMTPUTF8 from a relay that does not offer it: given up at once.

A row given up on gets the state ``failed``, a WARNING in the log, and a notice to the
keeper and, for a game's mail, to the game's master (:mod:`judge.runners.keeper_notices`).
"""

from __future__ import annotations

import logging
import smtplib
import ssl
import threading
import time
from collections.abc import Collection
from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.config import OutboundSection
from judge.runners.keeper_notices import KeeperNotices
from judge.store.db import TRANSIENT_PAUSE, is_transient, make_engine
from judge.store.mail import (
    OutboxMessage,
    claim_outbox,
    due_outbox,
    fold_sent,
    mark_given_up,
    mark_retry,
    mark_sent,
    next_due_time,
)
from judge.store.models import utcnow
from judge.store.sent_journal import SentJournal, SentMark

log = logging.getLogger(__name__)

# With a journal, its marks are folded into the outbox when nothing is due, if SQLite's
# write lock (which a flood of incoming mail keeps busy) can be had within this many
# milliseconds; else they wait for the next time (the rows in the journal are left
# out of each query) ...
QUICK_FOLD_MS = 20
# ... and once this many wait, they are folded however long the lock takes.
FOLD_MARKS = 2000
# seconds before a quick fold that found the lock taken is tried again
FOLD_RETRY_SECONDS = 0.1


class RelayUnavailable(Exception):
    """The relay could not be reached or refused the session."""


class OutboxSender:
    """Hands due outbox rows to the SMTP relay."""

    def __init__(
        self,
        settings: OutboundSection,
        engine: Engine,
        envelope_from: str,
        stop: threading.Event | None = None,
        wake: threading.Event | None = None,
        backoff_initial: float = 1.0,
        backoff_max: float = 60.0,
        idle_seconds: float = 5.0,
        notices: KeeperNotices | None = None,
        retry_base: float = 30.0,
        retry_cap: float = 3600.0,
        journal: SentJournal | None = None,
    ) -> None:
        self.settings = settings
        self.engine = engine
        self.envelope_from = envelope_from
        self.stop = stop or threading.Event()
        self.wake = wake or threading.Event()
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.idle_seconds = idle_seconds
        self.notices = notices
        self.retry_base = retry_base
        self.retry_cap = retry_cap
        self.sent = 0
        self.journal = journal
        # marks of mails the relay accepted that could not be written yet (a full disk,
        # the database gone): written before anything else is sent, never sent again
        self.held: dict[int, SentMark] = {}
        # when (time.monotonic()) the relay last accepted a mail; the rows it refused
        # (5xx) in this pass, decided at its end; the rows kept after a refusal, and when
        self.accepted_at: float | None = None
        self._refused: list[tuple[OutboxMessage, str]] = []
        self._kept: dict[int, float] = {}
        # folds that give up when the write lock is not free soon
        self._quick = engine
        if journal is not None and engine.dialect.name == "sqlite":
            url = engine.url.render_as_string(hide_password=False)
            self._quick = make_engine(url, busy_timeout_ms=QUICK_FOLD_MS)

    def _context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=self.settings.cafile or None)

    def connect(self) -> smtplib.SMTP:
        """Open an SMTP session as configured (plain, STARTTLS or implicit TLS)."""
        s = self.settings
        try:
            smtp: smtplib.SMTP
            if s.tls == "ssl":
                smtp = smtplib.SMTP_SSL(
                    s.host, s.port, timeout=s.timeout_seconds, context=self._context()
                )
            else:
                smtp = smtplib.SMTP(s.host, s.port, timeout=s.timeout_seconds)
                if s.tls == "starttls":
                    smtp.starttls(context=self._context())
            if s.username:
                smtp.login(s.username, s.password)
        except (OSError, smtplib.SMTPException) as exc:
            raise RelayUnavailable(str(exc) or type(exc).__name__) from exc
        return smtp

    def _options(self, smtp: smtplib.SMTP, row: OutboxMessage) -> list[str] | None:
        """MAIL options for the row: SMTPUTF8 for an internationalised address; None
        when the relay does not offer what the row needs."""
        if all(a.isascii() for a in [self.envelope_from, *row.recipient_list()]):
            return []
        smtp.ehlo_or_helo_if_needed()
        return ["SMTPUTF8"] if smtp.has_extn("smtputf8") else None

    def _deliver(self, smtp: smtplib.SMTP, session: Session, row: OutboxMessage) -> bool:
        """Hand one row to the relay and record the outcome; False when the session
        can no longer be used (dropped, or in an unknown state)."""
        try:
            options = self._options(smtp, row)
            if options is None:
                self._give_up(session, row, "the relay does not offer SMTPUTF8, which an "
                              "internationalised address needs")  # fmt: skip
                return True
            refused = smtp.sendmail(
                self.envelope_from, row.recipient_list(), row.raw, mail_options=options
            )
        except smtplib.SMTPRecipientsRefused as exc:
            codes = [code for code, _ in exc.recipients.values()]
            error = f"all recipients refused: {exc.recipients!r}"
            if codes and all(500 <= code < 600 for code in codes):
                self._refused.append((row, error))
            else:
                self._retry(session, row, error)
            return True
        except smtplib.SMTPResponseException as exc:
            error = f"{exc.smtp_code} {exc.smtp_error!r}"
            if 500 <= exc.smtp_code < 600:
                self._refused.append((row, error))
                return True
            self._retry(session, row, error)
            return 400 <= exc.smtp_code < 500 and exc.smtp_code != 421
        except (smtplib.SMTPServerDisconnected, OSError) as exc:
            self._retry(session, row, f"connection dropped: {exc or type(exc).__name__}")
            return False
        except (UnicodeError, ValueError, smtplib.SMTPException) as exc:
            self._give_up(session, row, f"cannot be sent: {exc!r}")
            return False
        self._sent(session, row, f"some recipients refused: {refused!r}" if refused else None)
        return True

    def _sent(self, session: Session, row: OutboxMessage, note: str | None) -> None:
        """Record, durably, that the relay accepted the row: in the journal when there
        is one (folded into the outbox later), else in the outbox at once.  When the
        mark cannot be written, it is held in memory (``held``) and the error raised:
        the mark is written before anything else is sent, and the row is not sent
        again meanwhile."""
        assert row.id is not None
        mark = SentMark(row.id, utcnow(), note)
        self.sent += 1
        self.accepted_at = time.monotonic()
        self._kept.pop(row.id, None)
        try:
            if self.journal is not None:
                self.journal.record(mark)
            else:
                mark_sent(row)
                row.last_error = note
                session.add(row)
                session.commit()
        except Exception:
            self.held[mark.outbox_id] = mark
            log.error("outbox %s was accepted by the relay but its mark is not written "
                      "yet; held, written before anything else is sent", row.id)  # fmt: skip
            raise

    def write_held(self) -> None:
        """Write the marks held in memory: to the journal when there is one, else (or
        when the journal cannot be written either) to the outbox.  Raises when they
        cannot be written yet (they stay held)."""
        if not self.held:
            return
        if self.journal is not None:
            try:
                for mark in list(self.held.values()):
                    self.journal.record(mark)
                    del self.held[mark.outbox_id]
                return
            except OSError:
                log.warning("the sender's journal cannot be written; marks go to the outbox")
        with Session(self.engine) as session:
            fold_sent(session, ((m.outbox_id, m.sent_at, m.note) for m in self.held.values()))
            session.commit()
        log.info("%d held sent marks written", len(self.held))
        self.held.clear()

    def _retry(self, session: Session, row: OutboxMessage, error: str) -> None:
        """A temporary failure: one attempt counted, the row backs off (or is given up
        once it has been retried for ``retry_hours``)."""
        give_up_after = timedelta(hours=self.settings.retry_hours)
        if mark_retry(row, error, give_up_after, self.retry_base, self.retry_cap):
            self._gave_up(session, row)
            return
        log.info("outbox %s not accepted for now (attempt %s): %s", row.id, row.attempts, error)
        session.add(row)
        session.commit()

    def _decide_refused(self, session: Session, started: float) -> None:
        """Settle this pass's 5xx refusals: each is the mail's own (given up) when the
        relay accepted mail in this pass or since the row was last kept; else the
        relay's, and the row is kept with backoff (one ERROR for the pass)."""
        refused, self._refused = self._refused, []
        works = self.accepted_at is not None and self.accepted_at >= started
        kept = 0
        for row, error in refused:
            assert row.id is not None
            since = self._kept.pop(row.id, None)
            if works or (since is not None and (self.accepted_at or 0) > since):
                self._give_up(session, row, error)
                continue
            self._kept[row.id] = time.monotonic()
            kept += 1
            self._retry(session, row, error)
        if kept:
            why = refused[0][1]
            log.error("the relay refused every mail it was given (%d kept, retried with "
                      "backoff); check [outbound] and the relay: %s", kept, why)  # fmt: skip

    def _give_up(self, session: Session, row: OutboxMessage, error: str) -> None:
        """A permanent failure: the row is failed at once."""
        row.attempts += 1
        mark_given_up(row, error)
        self._gave_up(session, row)

    def _gave_up(self, session: Session, row: OutboxMessage) -> None:
        log.warning("outbox %s failed, not sent: %s", row.id, row.last_error)
        if self.notices is not None:
            self.notices.gave_up(session, row)
        session.add(row)
        session.commit()

    @staticmethod
    def _close(smtp: smtplib.SMTP) -> None:
        try:
            smtp.quit()
        except (OSError, smtplib.SMTPException):
            smtp.close()

    def send_due(self) -> int:
        """Send every due row, over one SMTP session while the relay keeps it; return
        how many were sent.  Raises RelayUnavailable when the relay cannot be reached
        (the rows not yet tried are left as they are)."""
        self.write_held()  # before anything else is sent
        if self.journal is not None and len(self.journal) >= FOLD_MARKS:
            self._fold()
        with Session(self.engine, expire_on_commit=False) as session:
            rows = due_outbox(session, exclude=self._journaled)
            session.commit()  # ends the read: the rows are kept, nothing is held
            if not rows:
                return 0
            before = self.sent
            started = time.monotonic()
            self._refused = []
            smtp: smtplib.SMTP | None = None
            try:
                for row in rows:
                    if self.stop.is_set():
                        break
                    if smtp is None:
                        smtp = self.connect()
                    if not claim_outbox(session, row):  # another daemon's sender has it
                        session.rollback()
                        continue
                    if not self._deliver(smtp, session, row) or smtp.sock is None:
                        smtp.close()
                        smtp = None
            finally:
                if smtp is not None:
                    self._close(smtp)
            self._decide_refused(session, started)
            return self.sent - before

    @property
    def _journaled(self) -> Collection[int]:
        """The rows marked sent in the journal or held in memory, not yet in the
        outbox."""
        marks = self.journal.marks if self.journal is not None else {}
        if not self.held:
            return marks
        return marks.keys() | self.held.keys()

    def _fold(self, quick: bool = False) -> None:
        """Fold the journal's marks into the outbox, waiting for the write lock as long
        as it takes; ``quick``: only if the lock is free soon.  A failure leaves the
        marks, which keep their rows from being sent again, for the next fold."""
        journal = self.journal
        if journal is None or not len(journal):
            return
        try:
            journal.fold(self._quick if quick else self.engine)
        except Exception as exc:  # noqa: BLE001 - tried again at the next fold
            if not quick or not is_transient(exc):
                log.warning("sent marks not folded into the outbox yet", exc_info=True)

    def _idle_wait(self) -> None:
        self._fold(quick=True)
        sent = self._journaled
        with Session(self.engine) as session:
            due = next_due_time(session, exclude=sent)
        # marks left by a quick fold that found the lock taken are tried again soon
        timeout = FOLD_RETRY_SECONDS if sent else self.idle_seconds
        if due is not None:
            if due.tzinfo is None:
                due = due.replace(tzinfo=UTC)
            until = (due - datetime.now(UTC)) / timedelta(seconds=1)
            timeout = max(0.0, min(timeout, until))
        if timeout > 0:
            self.wake.wait(timeout)
        self.wake.clear()

    def run(self) -> None:
        """Send until ``stop`` is set; back off exponentially while the relay is down."""
        delay = self.backoff_initial
        while not self.stop.is_set():
            try:
                sent = self.send_due()
                delay = self.backoff_initial
                if not sent:
                    self._idle_wait()
            except RelayUnavailable as exc:
                log.warning("SMTP relay unavailable (%s); retrying in %.1f s", exc, delay)
                self.stop.wait(delay)
                delay = min(self.backoff_max, delay * 2)
            except Exception as failure:
                if is_transient(failure):
                    log.warning("sender: %s; retrying in %.1f s", failure, TRANSIENT_PAUSE)
                    self.stop.wait(TRANSIENT_PAUSE)
                    continue
                log.exception("sender failed; retrying in %.1f s", delay)
                self.stop.wait(delay)
                delay = min(self.backoff_max, delay * 2)
        self._finish()

    def _finish(self) -> None:
        """On the way out: write the held marks and fold the journal (a failure logged:
        a mark not written then means its mail goes out again after the restart)."""
        try:
            self.write_held()
        except Exception:  # noqa: BLE001
            log.exception("held sent marks not written: their mails go out again")
        self._fold()
