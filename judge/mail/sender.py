"""Deliver outbox rows over SMTP (smtplib), with retries and backoff.

A row is marked sent, and committed, right after the relay accepted it.  If the judge
dies between the relay's acceptance and that commit, the mail is sent again after the
restart (at-least-once); both copies carry the same Message-ID (made from the outbox
id), so a reader or a filter can recognise the duplicate.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
import threading
from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.config import OutboundSection
from judge.mail.store import OutboxMessage, due_outbox, mark_failed, mark_sent, next_due_time

log = logging.getLogger(__name__)

# After this many refusals of one mail the sender gives up on it (it stays in the
# outbox with its last error, and is no longer tried).
MAX_ATTEMPTS = 12
GAVE_UP = datetime(9999, 1, 1, tzinfo=UTC)


class RelayUnavailable(Exception):
    """The relay could not be reached or refused the session."""


class Sender:
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
    ) -> None:
        self.settings = settings
        self.engine = engine
        self.envelope_from = envelope_from
        self.stop = stop or threading.Event()
        self.wake = wake or threading.Event()
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.idle_seconds = idle_seconds
        self.sent = 0

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

    def _deliver(self, smtp: smtplib.SMTP, session: Session, row: OutboxMessage) -> None:
        try:
            refused = smtp.sendmail(self.envelope_from, row.recipient_list(), row.raw)
        except smtplib.SMTPServerDisconnected as exc:
            raise RelayUnavailable(str(exc)) from exc
        except smtplib.SMTPResponseException as exc:
            if exc.smtp_code in (421,):
                raise RelayUnavailable(str(exc)) from exc
            self._failed(session, row, f"{exc.smtp_code} {exc.smtp_error!r}")
            return
        except smtplib.SMTPRecipientsRefused as exc:
            self._failed(session, row, f"all recipients refused: {exc.recipients!r}")
            return
        except OSError as exc:
            raise RelayUnavailable(str(exc)) from exc
        mark_sent(row)
        if refused:
            row.last_error = f"some recipients refused: {refused!r}"
        session.add(row)
        session.commit()
        self.sent += 1

    def _failed(self, session: Session, row: OutboxMessage, error: str) -> None:
        mark_failed(row, error)
        if row.attempts >= MAX_ATTEMPTS:
            row.next_attempt_at = GAVE_UP
            row.last_error = f"gave up after {row.attempts} attempts: {error}"[:2000]
        log.warning("outbox %s not accepted: %s", row.id, error)
        session.add(row)
        session.commit()

    def send_due(self) -> int:
        """Send every due row over one SMTP session; return how many were sent.
        Raises RelayUnavailable when the relay cannot be reached."""
        with Session(self.engine, expire_on_commit=False) as session:
            rows = due_outbox(session)
            if not rows:
                return 0
            before = self.sent
            smtp = self.connect()
            try:
                for row in rows:
                    if self.stop.is_set():
                        break
                    self._deliver(smtp, session, row)
            finally:
                try:
                    smtp.quit()
                except (OSError, smtplib.SMTPException):
                    smtp.close()
            return self.sent - before

    def _idle_wait(self) -> None:
        with Session(self.engine) as session:
            due = next_due_time(session)
        timeout = self.idle_seconds
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
            except Exception:
                log.exception("sender failed; retrying in %.1f s", delay)
                self.stop.wait(delay)
                delay = min(self.backoff_max, delay * 2)
