"""The two tables that hold mail in flight, and the functions around them.

``InboundMessage`` keeps every mail the judge took in, keyed by its Message-ID (or a
digest of its bytes), so a mail is never applied twice.  ``OutboxMessage`` keeps every
mail the judge wants to send until the relay has accepted it (state ``pending``), gave
up on it (``failed``) or handed it over (``sent``).  Both live in the project's
``SQLModel.metadata``.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import logging
import re
import secrets
from collections.abc import Collection, Iterable, Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

from sqlalchemy import Column, LargeBinary, Text, bindparam, func, or_
from sqlalchemy import text as sql_text
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Field, Session, SQLModel, col, select

from judge.mail.headers import ADDRESS_HEADERS, clean_headers
from judge.mail.parse import decode_header
from judge.mail.policy import SMTP_OUT, SMTPUTF8_OUT
from judge.store.models import utcnow

log = logging.getLogger(__name__)

# Inbound statuses.
PENDING = "pending"
PROCESSED = "processed"
QUARANTINED = "quarantined"
IGNORED = "ignored"

SOURCES = ("smtp", "imap")

# Outbox states.
OUT_PENDING = "pending"
SENT = "sent"
FAILED = "failed"
# next_attempt_at of a row that is no longer tried
GAVE_UP = datetime(9999, 1, 1, tzinfo=UTC)

# "USIN:alpha - S1901M Results" (judge.reports.game_subject), "PREVIEW " in front
_GAME_SUBJECT = re.compile(r"^(?:PREVIEW )?[A-Za-z0-9]{1,16}:([^\s:]{1,64}) - ")

_MAX_KEY = 250


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
    # failed attempts to handle the row, and when it may be tried again
    attempts: int = 0
    next_attempt_at: datetime | None = None


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
    state: str = Field(default=OUT_PENDING, max_length=16, index=True)
    game: str | None = Field(default=None, max_length=64)  # set for a game's mail
    notice: bool = False  # a notice about a failed mail: never noticed in turn

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
    return _raw_header(raw, b"message-id:")


def _raw_header(raw: bytes, name: bytes) -> str | None:
    """The value of header ``name`` (lower case, with its colon) in the raw header
    block, unfolded, or None; without a full MIME parse."""
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    lines = head.replace(b"\r\n", b"\n").split(b"\n")
    for i, line in enumerate(lines):
        if line[: len(name)].lower() == name:
            value = line[len(name) :]
            for cont in lines[i + 1 :]:
                if cont[:1] in (b" ", b"\t"):
                    value += b" " + cont.strip()
                else:
                    break
            text = value.decode("ascii", "replace").strip()
            return text or None
    return None


def inbound_key(raw: bytes, original_size: int | None = None) -> str:
    """The de-duplication key under which a received mail is stored.

    ``original_size``: ``raw`` is only the header of a mail of that many bytes (its
    key then covers the size too, when the mail has no Message-ID)."""
    key = message_key(raw, _header_message_id(raw))
    if original_size is not None and key.startswith("sha256:"):
        key = message_key(raw + b"\0%d" % original_size, None)
    return key


def _fingerprint(raw: bytes) -> str:
    """What tells two mails of one Message-ID apart: their From and Date as the
    sender's mail program wrote them (the same in every copy of a mail, whatever
    route, trace headers or transfer encoding it came by, and in the mail as kept
    after processing, its text redacted)."""
    fields = (_raw_header(raw, name) or "" for name in (b"from:", b"date:"))
    return "\0".join(" ".join(value.split()) for value in fields)


def _holders(session: Session, keys: list[str]) -> dict[str, bytes]:
    """The mail stored under each of these keys that is taken."""
    stmt = select(InboundMessage.message_key, InboundMessage.raw).where(
        col(InboundMessage.message_key).in_(set(keys))
    )
    return {key: bytes(raw) for key, raw in session.exec(stmt)}


def _own_keys(
    session: Session, mails: list[tuple[bytes, int | None]]
) -> tuple[list[str], set[str]]:
    """The key of each received mail, and which of them are stored already.

    A mail's key is :func:`inbound_key`, unless another mail (see :func:`_fingerprint`)
    holds it already, in the database or earlier in ``mails``: then a key of its
    Message-ID and its fingerprint, so that a reused Message-ID never swallows an
    unrelated mail (a copy of a mail still gets the key of the mail).  One read of the
    keys; a second only for such reused Message-IDs, and only the headers of mails
    whose key is taken are read."""
    keys = [inbound_key(raw, size) for raw, size in mails]
    holders = _holders(session, keys)
    stored = set(holders)
    own_keys, reused = [], []
    for key, (raw, _size) in zip(keys, mails, strict=True):
        holder = holders.setdefault(key, raw)
        if key.startswith("mid") and holder is not raw:
            own = _fingerprint(raw)
            if own != _fingerprint(holder):
                digest = hashlib.sha256(f"{key}\0{own}".encode("utf-8", "replace")).hexdigest()
                key = "mid2:" + digest
                reused.append(key)
        own_keys.append(key)
    if reused:
        stored |= _stored_keys(session, reused)
    return own_keys, stored


def store_inbound(
    session: Session, raw: bytes, source: str, original_size: int | None = None
) -> InboundMessage | None:
    """Record a received mail and commit.

    ``original_size``: ``raw`` is only the header of a mail of that many bytes.

    Returns the new row, or None when a mail with the same key is already stored (so
    it is never applied twice).  Raises on database errors, so that the caller can refuse
    the mail (SMTP 451) or leave it in the mailbox (IMAP).
    """
    [key], stored = _own_keys(session, [(raw, original_size)])
    if key in stored:
        return None
    row = InboundMessage(message_key=key, raw=raw, source=source, original_size=original_size)
    session.add(row)
    try:
        session.commit()
    except Exception:
        session.rollback()
        # Lost a race with a concurrent insert of the same key: that is "already known",
        # unless the mail stored under it is another of the same Message-ID.
        [again], stored = _own_keys(session, [(raw, original_size)])
        if again != key:  # the key is another mail's now: store this one under its own
            return store_inbound(session, raw, source, original_size)
        if key in stored:
            return None
        raise
    session.refresh(row)
    return row


def store_inbound_many(
    session: Session, mails: list[tuple[bytes, int | None]], source: str
) -> list[bool]:
    """Record received mails (``(raw, original_size)`` as for :func:`store_inbound`) in
    one transaction and commit once; for each, True when it was new and False when a
    mail with its key was stored already (or earlier in ``mails``).

    When the commit fails because a concurrent insert took one of the keys, the mails
    are stored one by one instead.  Raises on other database errors, with nothing
    stored, so that the caller leaves all of them in the mailbox.
    """
    keys, known = _own_keys(session, mails)
    new: list[bool] = []
    rows: list[dict[str, Any]] = []
    now = utcnow()
    for key, (raw, size) in zip(keys, mails, strict=True):
        fresh = key not in known
        if fresh:
            known.add(key)
            rows.append(_inbound_values(key, raw, source, size, now))
        new.append(fresh)
    try:
        if rows:  # one INSERT for all (no ORM objects: this runs for every mail)
            session.connection().execute(_INBOUND.insert(), rows)
        session.commit()
    except Exception:
        session.rollback()
        if not _stored_keys(session, keys):  # no race lost on a key: a real error
            raise
        return [store_inbound(session, raw, source, size) is not None for raw, size in mails]
    return new


def _inbound_values(
    key: str, raw: bytes, source: str, size: int | None, now: datetime
) -> dict[str, Any]:
    """A new pending row's columns, every one given (a Core INSERT applies none of the
    model's defaults)."""
    return {
        "message_key": key,
        "raw": raw,
        "source": source,
        "received_at": now,
        "status": PENDING,
        "error": None,
        "processed_at": None,
        "original_size": size,
        "attempts": 0,
        "next_attempt_at": None,
    }


def _stored_keys(session: Session, keys: list[str]) -> set[str]:
    """Which of these keys are stored already."""
    stmt = select(InboundMessage.message_key).where(col(InboundMessage.message_key).in_(keys))
    return set(session.exec(stmt))


def pending_ids(session: Session, limit: int = 50, now: datetime | None = None) -> list[int]:
    """The ids of pending inbound rows that are due (not backed off after a failure),
    oldest first (without their bytes)."""
    due = col(InboundMessage.next_attempt_at)
    stmt = (
        select(InboundMessage.id)
        .where(InboundMessage.status == PENDING)
        .where(or_(due.is_(None), due <= (now or utcnow())))
        .order_by(InboundMessage.id)
        .limit(limit)
    )
    return [i for i in session.exec(stmt) if i is not None]


# the PostgreSQL advisory lock that one processor at a time holds for its batch
# (any number fixed for the judge; "JUDGEMAIL" in ASCII)
PROCESSING_LOCK = 0x4A5544474D41494C


def hold_processing(session: Session) -> None:
    """Open the caller's transaction as the one processing batch of the whole database,
    waiting for another daemon's batch to end first: a PostgreSQL transaction-level
    advisory lock, released at commit or rollback, and when the holder's connection dies
    (a daemon killed mid-batch).  One batch at a time keeps each sender's and each
    game's mail in the order of arrival across daemons, and processors never wait for
    each other's games (no deadlock).  On SQLite the batch's ``BEGIN IMMEDIATE`` (the
    database's one write lock) does the same."""
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        connection.execute(_HOLD_PROCESSING, {"key": PROCESSING_LOCK})


_HOLD_PROCESSING = sql_text("SELECT pg_advisory_xact_lock(:key)")


def claim_pending(session: Session, ids: Collection[int]) -> list[InboundMessage]:
    """The rows of ``ids`` still pending, locked for the caller's transaction (``FOR
    UPDATE SKIP LOCKED`` on PostgreSQL: a row another transaction holds is left to it;
    SQLite has no row locks, its write lock is held already).  The session keeps them
    as its claimed rows (:func:`claim_one`) until the next call."""
    stmt = (
        select(InboundMessage)
        .where(col(InboundMessage.id).in_(list(ids)))
        .where(InboundMessage.status == PENDING)
        .with_for_update(skip_locked=True)
    )
    rows = list(session.exec(stmt))
    session.info[_CLAIMED] = {row.id: row for row in rows}
    return rows


def claim_one(session: Session, row_id: int) -> InboundMessage | None:
    """The pending row ``row_id``, claimed for the caller's transaction as
    :func:`claim_pending` claims rows (read again only when it was not claimed yet);
    None when it is gone, handled, or held by another transaction."""
    claimed: dict[int, InboundMessage] = session.info.setdefault(_CLAIMED, {})
    row = claimed.get(row_id)
    if row is None:
        stmt = (
            select(InboundMessage)
            .where(InboundMessage.id == row_id)
            .where(InboundMessage.status == PENDING)
            .with_for_update(skip_locked=True)
        )
        row = session.exec(stmt).first()
        if row is None:
            return None
        claimed[row_id] = row
    return row if row.status == PENDING else None


# session.info key: the inbound rows the session's transaction claimed, by id (held
# strongly: the identity map holds objects weakly)
_CLAIMED = "judge.claimed_inbound"


def inbound_failed(row: InboundMessage, error: str, bound: int, base: float = 2.0) -> bool:
    """Count a failed attempt to handle ``row`` (the caller commits): it is tried again
    after ``base`` seconds doubling, and after ``bound`` failures it is quarantined with
    ``error``.  True when quarantined."""
    row.attempts += 1
    if row.attempts >= bound:
        mark_done(row, QUARANTINED, f"handling failed {row.attempts} times:\n{error}"[-8000:])
        return True
    row.next_attempt_at = utcnow() + timedelta(seconds=base * 2 ** (row.attempts - 1))
    row.error = error[-8000:]
    return False


def mark_done(inbound: InboundMessage, status: str = PROCESSED, error: str | None = None) -> None:
    """Set an inbound row's final status (the caller commits)."""
    inbound.status = status
    inbound.error = error
    inbound.processed_at = utcnow()


def save_handled(session: Session, row: InboundMessage) -> None:
    """Write a handled row's fields (its status, error, kept bytes...) by one UPDATE in
    the caller's transaction; the row object then holds them as written, so the ORM
    has nothing left to write for it.  This runs for every mail."""
    values = {name: getattr(row, name) for name in _HANDLED_FIELDS}
    params = {f"new_{name}": value for name, value in values.items()}
    written = session.connection().execute(_SAVE_HANDLED, {"row_id": row.id, **params})
    if written.rowcount != 1:
        raise RuntimeError(f"inbound row {row.id} was not found pending to be updated")
    loaded = {name: getattr(row, name) for name in _OTHER_FIELDS}
    session.expire(row)  # drops the changes just written ...
    for name, value in {**loaded, **values}.items():  # ... and keeps the values
        set_committed_value(row, name, value)


_INBOUND = InboundMessage.__table__  # type: ignore[attr-defined]
# what handling a row may change, and what it never does
_HANDLED_FIELDS = (
    "raw", "status", "error", "processed_at", "original_size", "attempts", "next_attempt_at"
)  # fmt: skip
_OTHER_FIELDS = ("id", "message_key", "source", "received_at")
_SAVE_HANDLED = (
    _INBOUND.update()
    .where(_INBOUND.c.id == bindparam("row_id"))
    .where(_INBOUND.c.status == PENDING)  # a row handled elsewhere is never written over
    .values({name: bindparam(f"new_{name}") for name in _HANDLED_FIELDS})
)


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
    row.attempts = 0
    row.next_attempt_at = None
    session.add(row)
    session.commit()
    return True


def _domain_of(msg: EmailMessage) -> str:
    _, addr = email.utils.parseaddr(str(msg.get("From", "")))
    domain = addr.rpartition("@")[2]
    return domain if domain and domain.isascii() else "judge.invalid"


def _addresses(msg: EmailMessage, names: tuple[str, ...]) -> list[str]:
    seen: list[str] = []
    for name in names:
        for value in msg.get_all(name, []):
            for a in getattr(value, "addresses", ()):
                if a.addr_spec and a.addr_spec not in seen:
                    seen.append(a.addr_spec)
    return seen


def game_of(subject: str) -> str | None:
    """The game a mail is about, read from a game mail's subject (``USIN:alpha - ...``)."""
    found = _GAME_SUBJECT.match(subject)
    return found.group(1) if found else None


def enqueue(session: Session, msg: EmailMessage, *, notice: bool = False) -> int | None:
    """Add a mail to the outbox in the caller's transaction (the caller commits) and
    return its outbox id.

    Its headers are made safe first (``judge.mail.headers.clean_headers``): unusable
    addresses are dropped, text is one line.  The envelope recipients come from To, Cc
    and Bcc (Bcc is removed from the stored bytes).  A mail left without a recipient, or
    that cannot be written out, is not queued: None is returned and a warning logged,
    never an exception.  Mail to an internationalised address is stored in SMTPUTF8
    form.  The Message-ID (random, :func:`new_message_id`) is part of the stored bytes,
    so a mail that is sent twice (see docs/mail-transport.md) carries the same
    Message-ID both times.  ``notice`` marks the judge's notices about failed mail,
    which never cause notices themselves.

    The row is written by one INSERT with its final bytes (no ORM object, no second
    write for the Message-ID): this runs for every reply.
    """
    try:
        clean_headers(msg)
        recipients = _addresses(msg, ("To", "Cc", "Bcc"))
        if not recipients:
            log.warning("outgoing mail %r has no usable recipient: not queued", msg["Subject"])
            return None
        del msg["Bcc"]
        del msg["Message-ID"]
        if "Date" not in msg:
            msg["Date"] = email.utils.format_datetime(datetime.now(UTC))
        utf8 = not all(a.isascii() for a in _addresses(msg, ADDRESS_HEADERS))
        msg["Message-ID"] = new_message_id(_domain_of(msg))
        # Written out once (a big mail with a picture takes milliseconds).
        raw = msg.as_bytes(policy=SMTPUTF8_OUT if utf8 else SMTP_OUT)
    except Exception:  # noqa: BLE001
        log.exception("outgoing mail cannot be written: not queued")
        return None
    now = utcnow()
    params = {
        "created_at": now,
        "recipients": json.dumps(recipients),
        "raw": raw,
        "attempts": 0,
        "next_attempt_at": now,
        "sent_at": None,
        "last_error": None,
        "state": OUT_PENDING,
        "game": game_of(str(msg["Subject"] or "")),
        "notice": notice,
    }
    result = session.connection().execute(_INSERT_OUTBOX, params)
    return int(result.inserted_primary_key[0])


def new_message_id(domain: str) -> str:
    """A Message-ID for an outgoing mail: ``<judge.`` and 24 random hex digits ``@``
    the judge's domain (96 random bits: unique without asking the database)."""
    return f"<judge.{secrets.token_hex(12)}@{domain}>"


_OUTBOX = OutboxMessage.__table__  # type: ignore[attr-defined]
_INSERT_OUTBOX = _OUTBOX.insert()


def due_outbox(
    session: Session,
    now: datetime | None = None,
    limit: int = 100,
    exclude: Collection[int] = (),
) -> list[OutboxMessage]:
    """Unsent outbox rows whose next attempt is due, oldest first, except the rows
    ``exclude`` names (sent already, in the sender's journal)."""
    now = now or utcnow()
    stmt = (
        select(OutboxMessage)
        .where(OutboxMessage.state == OUT_PENDING)
        .where(OutboxMessage.next_attempt_at <= now)
        .order_by(OutboxMessage.id)
        .limit(limit)
    )
    return list(session.exec(_leaving_out(stmt, exclude)))


# How long a row claimed by one daemon's sender is left alone by the others
# (judge.store.mail.claim_outbox): longer than a database restart takes, so that a
# sender that handed the mail to the relay can write its mark when the database is
# back before anyone else may take the row.
CLAIM_LEASE = timedelta(seconds=60)


def claim_outbox(session: Session, row: OutboxMessage, now: datetime | None = None) -> bool:
    """On PostgreSQL, claim ``row`` if it is still pending and due: lock it (``FOR
    UPDATE SKIP LOCKED``), read it again as it is now, move its next attempt
    :data:`CLAIM_LEASE` ahead and commit, so that no other daemon's sender takes it
    while this one hands it to the relay and marks it, even if the database restarts
    in between (the mark is then held in memory and written first).  A row another
    sender holds, has sent or has backed off is left alone (False).  A sender killed
    after its claim leaves the row to the others once the lease is over.  On SQLite,
    where one sender holds the journal's lock (judge.store.sent_journal), this reads
    nothing and gives True."""
    if session.get_bind().dialect.name != "postgresql":  # no connection taken
        return True
    moment = now or utcnow()
    stmt = (
        select(OutboxMessage)
        .where(OutboxMessage.id == row.id)
        .where(OutboxMessage.state == OUT_PENDING)
        .where(OutboxMessage.next_attempt_at <= moment)
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    if session.exec(stmt).first() is None:
        return False
    row.next_attempt_at = moment + CLAIM_LEASE
    session.add(row)
    session.commit()
    return True


def next_due_time(session: Session, exclude: Collection[int] = ()) -> datetime | None:
    """When the earliest unsent outbox row is due, or None if the outbox is empty (the
    rows ``exclude`` names left out, as in :func:`due_outbox`)."""
    stmt = (
        select(OutboxMessage.next_attempt_at)
        .where(OutboxMessage.state == OUT_PENDING)
        .order_by(OutboxMessage.next_attempt_at)
        .limit(1)
    )
    return session.exec(_leaving_out(stmt, exclude)).first()


def _leaving_out(stmt: Any, exclude: Collection[int]) -> Any:
    """``stmt`` on outbox rows without the rows ``exclude`` names."""
    return stmt.where(col(OutboxMessage.id).not_in(list(exclude))) if exclude else stmt


def mark_sent(row: OutboxMessage) -> None:
    """Record that the relay accepted the mail (the caller commits at once)."""
    row.sent_at = utcnow()
    row.attempts += 1
    row.last_error = None
    row.state = SENT


_FOLD_SENT = (
    _OUTBOX.update()
    .where(_OUTBOX.c.id == bindparam("row_id"))
    .where(_OUTBOX.c.state == OUT_PENDING)
    .values(
        state=SENT,
        sent_at=bindparam("at"),
        attempts=_OUTBOX.c.attempts + 1,
        last_error=bindparam("note"),
    )
)


def fold_sent(session: Session, marks: Iterable[tuple[int, datetime, str | None]]) -> None:
    """Mark outbox rows sent as :func:`mark_sent` does, from ``(id, sent_at, note)``
    marks kept outside the database (judge.store.sent_journal), in the caller's
    transaction.  A row no longer pending is left alone, so a mark folded twice counts
    once."""
    params = [{"row_id": row_id, "at": at, "note": note} for row_id, at, note in marks]
    if params:
        session.connection().execute(_FOLD_SENT, params)


def mark_retry(
    row: OutboxMessage, error: str, give_up_after: timedelta, base: float = 30.0,
    cap: float = 3600.0,
) -> bool:  # fmt: skip
    """Record a temporary failure: the next attempt after ``base`` seconds doubling up to
    ``cap``; once the mail has waited ``give_up_after`` since it was queued, give up.
    True when given up."""
    row.attempts += 1
    row.last_error = error[:2000]
    created = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    if utcnow() - created >= give_up_after:
        mark_given_up(row, f"gave up after {row.attempts} attempts over {give_up_after}: {error}")
        return True
    delay = min(cap, base * (2 ** min(row.attempts - 1, 20)))
    row.next_attempt_at = utcnow() + timedelta(seconds=delay)
    return False


def mark_given_up(row: OutboxMessage, error: str) -> None:
    """Give up on a mail: state ``failed``, never tried again (the caller commits)."""
    row.state = FAILED
    row.last_error = error[:2000]
    row.next_attempt_at = GAVE_UP


# How far back a bounce is matched with the mail it returns (judge.store.mail.sent_mail)
BOUNCE_WINDOW = timedelta(days=30)
# how much of an outbox mail is read for its headers (References may be long)
_HEAD_BYTES = 16384


def sent_mail(
    session: Session, message_id: str, recipients: Collection[str]
) -> OutboxMessage | None:
    """The outbox row of the judge's mail ``message_id`` to one of ``recipients``,
    queued within :data:`BOUNCE_WINDOW`, or None (a bounce about mail the judge did not
    send).  Reads only the rows to those recipients."""
    for address in {r.lower() for r in recipients}:
        for row_id, start in _heads_to(session, address):
            if _header_message_id(start) == message_id:
                return session.get(OutboxMessage, row_id)
    return None


def returned_mail(
    session: Session, recipients: Collection[str], subject: str | None
) -> tuple[OutboxMessage | None, list[str]]:
    """For a bounce that returns no Message-ID: the outbox row it is about, tied by
    ``subject`` (the latest mail of that subject to one of ``recipients``), or without a
    subject the one mail sent to such an address within :data:`BOUNCE_WINDOW`; and the
    recipients the judge mailed in that window (none: not about the judge's mail)."""
    wanted = " ".join((subject or "").split())
    mailed: list[str] = []
    for address in sorted({r.lower() for r in recipients}):
        heads = list(_heads_to(session, address))  # a bounce's rare path: read them all
        if not heads:
            continue
        mailed.append(address)
        if wanted:
            tied = [i for i, start in heads if _header_subject(start) == wanted]
        else:
            tied = [i for i, _ in heads] if len(heads) == 1 else []
        if tied:
            return session.get(OutboxMessage, tied[0]), mailed
    return None, mailed


def _heads_to(session: Session, address: str) -> Iterator[tuple[int, bytes]]:
    """(id, start of the raw mail) of the outbox rows to ``address`` queued within
    :data:`BOUNCE_WINDOW`, newest first, read as they are asked for."""
    since = utcnow() - BOUNCE_WINDOW
    head = func.substr(OutboxMessage.raw, 1, _HEAD_BYTES)  # not a whole mail with its map
    stmt = (
        select(OutboxMessage.id, head)
        .where(OutboxMessage.created_at >= since)
        .where(col(OutboxMessage.recipients).contains(json.dumps(address)))
        .order_by(col(OutboxMessage.id).desc())
        .limit(500)
    )
    for row_id, start in session.exec(stmt):
        yield row_id, bytes(start)


def _header_subject(raw: bytes) -> str:
    """The Subject of a raw mail, decoded, its spaces collapsed ("" when unreadable)."""
    return " ".join(decode_header(_raw_header(raw, b"subject:") or "").split())


def answered_mail(session: Session, in_reply_to: str | None, sender: str) -> bytes | None:
    """The mail the judge answered, as received, when a mail from ``sender`` replies to
    one of the judge's answers to it (a mail the judge sent it that itself replied to
    one: not a report or a notice); None otherwise, or when it is no longer kept."""
    if not in_reply_to:
        return None
    row = sent_mail(session, in_reply_to, [sender])
    answered = _raw_header(row.raw, b"in-reply-to:") if row is not None else None
    if answered is None:
        return None
    stmt = select(InboundMessage.raw).where(
        InboundMessage.message_key == message_key(b"", answered)
    )
    found = session.exec(stmt).first()
    return bytes(found) if found is not None else None


def failed_outbox(session: Session) -> list[OutboxMessage]:
    """Every outbox row given up on, oldest first."""
    stmt = select(OutboxMessage).where(OutboxMessage.state == FAILED).order_by(OutboxMessage.id)
    return list(session.exec(stmt))


def retry_outbox(session: Session, outbox_id: int) -> bool:
    """Queue a failed outbox row again (from now on, with a fresh give-up time) and
    commit; False if there is no such failed row."""
    row = session.get(OutboxMessage, outbox_id)
    if row is None or row.state != FAILED:
        return False
    row.state = OUT_PENDING
    row.attempts = 0
    row.created_at = row.next_attempt_at = utcnow()
    session.add(row)
    session.commit()
    return True
