"""The two tables that hold mail in flight, and the functions around them.

``InboundMessage`` keeps every mail the judge took in, keyed by its Message-ID (or a
digest of its bytes), so a mail is never applied twice.  ``OutboxMessage`` keeps every
mail the judge wants to send until the relay has accepted it.  Both live in the
project's ``SQLModel.metadata``.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import secrets
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTP

from sqlalchemy import Column, LargeBinary, Text
from sqlmodel import Field, Session, SQLModel, select

# Inbound statuses.
PENDING = "pending"
PROCESSED = "processed"
QUARANTINED = "quarantined"
IGNORED = "ignored"

SOURCES = ("smtp", "imap")

_MAX_KEY = 250


def utcnow() -> datetime:
    """Return the current time in UTC (timezone-aware, as SQLModel requires)."""
    return datetime.now(UTC)


class InboundMessage(SQLModel, table=True):
    """A mail the judge took in, exactly as received."""

    __tablename__ = "inbound_message"

    id: int | None = Field(default=None, primary_key=True)
    message_key: str = Field(max_length=_MAX_KEY + 10, unique=True, index=True)
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    source: str = Field(max_length=8)
    received_at: datetime = Field(default_factory=utcnow)
    status: str = Field(default=PENDING, max_length=16, index=True)
    error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    processed_at: datetime | None = None
    # Set when intake kept only the header of a mail this large (judge.mail.intake_size).
    original_size: int | None = None


class OutboxMessage(SQLModel, table=True):
    """A mail waiting to be handed to the SMTP relay (or already handed over)."""

    __tablename__ = "outbox_message"

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = Field(default_factory=utcnow)
    # JSON list of envelope recipients.
    recipients: str = Field(sa_column=Column(Text, nullable=False))
    raw: bytes = Field(default=b"", sa_column=Column(LargeBinary, nullable=False))
    attempts: int = 0
    next_attempt_at: datetime = Field(default_factory=utcnow, index=True)
    sent_at: datetime | None = Field(default=None, index=True)
    last_error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))

    def recipient_list(self) -> list[str]:
        """The envelope recipients as a list."""
        return list(json.loads(self.recipients))


def message_key(raw: bytes, message_id: str | None) -> str:
    """The de-duplication key of a mail: its Message-ID, or a digest of its bytes."""
    mid = (message_id or "").strip()
    if mid:
        if len(mid) <= _MAX_KEY and mid.isprintable():
            return "mid:" + mid
        return "midsha256:" + hashlib.sha256(mid.encode("utf-8", "replace")).hexdigest()
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def _header_message_id(raw: bytes) -> str | None:
    """Find the Message-ID header in the raw header block without a full MIME parse."""
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    lines = head.replace(b"\r\n", b"\n").split(b"\n")
    for i, line in enumerate(lines):
        if line[:11].lower() == b"message-id:":
            value = line[11:]
            for cont in lines[i + 1 :]:
                if cont[:1] in (b" ", b"\t"):
                    value += b" " + cont.strip()
                else:
                    break
            text = value.decode("ascii", "replace").strip()
            return text or None
    return None


def store_inbound(
    session: Session, raw: bytes, source: str, original_size: int | None = None
) -> InboundMessage | None:
    """Record a received mail and commit.

    ``original_size``: ``raw`` is only the header of a mail of that many bytes (its
    key then covers the size too, when the mail has no Message-ID).

    Returns the new row, or None when a mail with the same key is already stored (so
    it is never applied twice).  Raises on database errors, so that the caller can refuse
    the mail (SMTP 451) or leave it in the mailbox (IMAP).
    """
    key = message_key(raw, _header_message_id(raw))
    if original_size is not None and key.startswith("sha256:"):
        key = message_key(raw + b"\0%d" % original_size, None)
    if session.exec(select(InboundMessage.id).where(InboundMessage.message_key == key)).first():
        return None
    row = InboundMessage(message_key=key, raw=raw, source=source, original_size=original_size)
    session.add(row)
    try:
        session.commit()
    except Exception:
        session.rollback()
        # Lost a race with a concurrent insert of the same key: that is "already known".
        if session.exec(select(InboundMessage.id).where(InboundMessage.message_key == key)).first():
            return None
        raise
    session.refresh(row)
    return row


def pending_ids(session: Session, limit: int = 50) -> list[int]:
    """The ids of pending inbound rows, oldest first (without their bytes)."""
    stmt = (
        select(InboundMessage.id)
        .where(InboundMessage.status == PENDING)
        .order_by(InboundMessage.id)
        .limit(limit)
    )
    return [i for i in session.exec(stmt) if i is not None]


def mark_done(inbound: InboundMessage, status: str = PROCESSED, error: str | None = None) -> None:
    """Set an inbound row's final status (the caller commits)."""
    inbound.status = status
    inbound.error = error
    inbound.processed_at = utcnow()


def quarantined(session: Session) -> list[InboundMessage]:
    """All quarantined inbound rows, oldest first."""
    stmt = (
        select(InboundMessage)
        .where(InboundMessage.status == QUARANTINED)
        .order_by(InboundMessage.id)
    )
    return list(session.exec(stmt))


def retry(session: Session, inbound_id: int) -> bool:
    """Put a quarantined row back in the queue and commit; False if there is none."""
    row = session.get(InboundMessage, inbound_id)
    if row is None or row.status != QUARANTINED:
        return False
    row.status = PENDING
    row.processed_at = None
    session.add(row)
    session.commit()
    return True


def _domain_of(msg: EmailMessage) -> str:
    _, addr = email.utils.parseaddr(str(msg.get("From", "")))
    return addr.rpartition("@")[2] or "judge.invalid"


def _envelope_recipients(msg: EmailMessage) -> list[str]:
    values = [str(v) for name in ("To", "Cc", "Bcc") for v in msg.get_all(name, [])]
    seen: list[str] = []
    for _, addr in email.utils.getaddresses(values):
        if addr and "@" in addr and addr not in seen:
            seen.append(addr)
    return seen


def enqueue(session: Session, msg: EmailMessage) -> OutboxMessage:
    """Add a mail to the outbox in the caller's transaction (the caller commits).

    The envelope recipients come from To, Cc and Bcc (Bcc is removed from the stored
    bytes).  The Message-ID is derived from the outbox id, so a mail that is sent twice
    (see docs/mail-transport.md) carries the same Message-ID both times.
    """
    recipients = _envelope_recipients(msg)
    if not recipients:
        raise ValueError("outgoing mail has no recipients")
    row = OutboxMessage(recipients=json.dumps(recipients))
    session.add(row)
    session.flush()  # assigns row.id
    del msg["Bcc"]
    del msg["Message-ID"]
    msg["Message-ID"] = f"<judge.{row.id}.{secrets.token_hex(4)}@{_domain_of(msg)}>"
    if "Date" not in msg:
        msg["Date"] = email.utils.format_datetime(datetime.now(UTC))
    row.raw = msg.as_bytes(policy=SMTP)
    session.add(row)
    return row


def due_outbox(
    session: Session, now: datetime | None = None, limit: int = 100
) -> list[OutboxMessage]:
    """Unsent outbox rows whose next attempt is due, oldest first."""
    now = now or utcnow()
    stmt = (
        select(OutboxMessage)
        .where(OutboxMessage.sent_at.is_(None))  # type: ignore[union-attr]
        .where(OutboxMessage.next_attempt_at <= now)
        .order_by(OutboxMessage.id)
        .limit(limit)
    )
    return list(session.exec(stmt))


def next_due_time(session: Session) -> datetime | None:
    """When the earliest unsent outbox row is due, or None if the outbox is empty."""
    stmt = (
        select(OutboxMessage.next_attempt_at)
        .where(OutboxMessage.sent_at.is_(None))  # type: ignore[union-attr]
        .order_by(OutboxMessage.next_attempt_at)
        .limit(1)
    )
    return session.exec(stmt).first()


def mark_sent(row: OutboxMessage) -> None:
    """Record that the relay accepted the mail (the caller commits at once)."""
    row.sent_at = utcnow()
    row.attempts += 1
    row.last_error = None


def mark_failed(row: OutboxMessage, error: str, base: float = 5.0, cap: float = 900.0) -> None:
    """Record a failed attempt and schedule the next with exponential backoff."""
    row.attempts += 1
    row.last_error = error[:2000]
    delay = min(cap, base * (2 ** min(row.attempts - 1, 20)))
    row.next_attempt_at = utcnow() + timedelta(seconds=delay)
