"""Notices about mail the judge could not handle: to the judge's keeper (``[judge]
keeper``) when a received mail is quarantined or an outgoing mail is given up or comes
back (a bounce), and to a game's master when that is one of the game's mails.

A notice is written in the caller's transaction, counts against the reply limit of
:mod:`judge.store.limits` like any mail caused by another, and is marked so that a
notice that fails in turn causes no further notice.  A notice that cannot be built (no
usable address, ...) is simply not sent: these functions never raise.
"""

from __future__ import annotations

import email
import logging

from sqlalchemy import func
from sqlmodel import Session, select

from judge.config import Config
from judge.mail.headers import usable_address
from judge.mail.outgoing import Author, judge_mail
from judge.store.limits import limited_body
from judge.store.mail import InboundMessage, OutboxMessage, enqueue, utcnow
from judge.store.models import Game

log = logging.getLogger(__name__)

QUARANTINED = (
    "Inbound mail {id} was quarantined: it was NOT applied.\n"
    "From: {sender}\nSubject: {subject}\n\nThe error:\n{error}\n\n"
    "See it with `judge quarantine show {id}`; queue it again with "
    "`judge quarantine retry {id}`.\n"
)
GAVE_UP = (
    "The judge gave up on outgoing mail {id}: it was NOT delivered.\n"
    "To: {to}\nSubject: {subject}\n\nThe relay's last answer:\n{error}\n\n"
    "See the failed mail with `judge outbox failed`; queue it again with "
    "`judge outbox retry {id}`.\n"
)
BOUNCED = (
    "The judge could not deliver a mail of game {game}:\n\n"
    "To: {to}\nSubject: {subject}\n\nThe mail system's answer:\n{error}\n\n"
    "The address may be wrong or gone; the player may need to change it (SET ADDRESS) "
    "or be replaced.\n"
)

RETURNED = (
    "Mail {id} that the judge sent came back: it was NOT delivered.\n"
    "To: {to}\nSubject: {subject}\n\nThe receiving side's report:\n{error}\n\n"
    "The address may be wrong or gone. See the mail with `judge outbox show {id}`.\n"
)

UNMATCHED = (
    "A mail system returned a mail of the judge's to {to} undelivered, and the bounce "
    "names no one mail the judge sent (it returns no Message-ID, and {subject}).\n\n"
    "The receiving side's report:\n{error}\n\n"
    "The address may be wrong or gone; its player may need to change it (SET ADDRESS) "
    "or be replaced.\n"
)


def _summary(raw: bytes) -> tuple[str, str]:
    """(From, Subject) of a stored mail, for a notice's text (never raises)."""
    from judge.mail.parse import parse_incoming

    mail = parse_incoming(raw, "", 0)
    return mail.sender or "(unreadable)", mail.subject or "(none)"


def _out_subject(raw: bytes) -> str:
    try:
        msg = email.message_from_bytes(raw.split(b"\r\n\r\n", 1)[0] + b"\r\n\r\n")
        return str(msg.get("Subject", "(none)"))[:200]
    except Exception:  # noqa: BLE001
        return "(unreadable)"


class KeeperNotices:
    """Writes the notices of one judge (``config``)."""

    def __init__(self, config: Config) -> None:
        self.config = config

    def send(self, session: Session, to: str, subject: str, body: str) -> bool:
        """Queue one notice to ``to`` within the reply limit; True when queued."""
        try:
            address = usable_address(to or "")
            if address is None:
                return False
            limit = self.config.limits.replies_per_sender_per_hour
            text = limited_body(session, address, utcnow(), limit, body)
            if text is None:
                return False
            msg = judge_mail(Author.of(self.config), address, subject, text)
            return enqueue(session, msg, notice=True) is not None
        except Exception:  # noqa: BLE001
            log.exception("notice to %r could not be written", to)
            return False

    def quarantined(self, session: Session, row: InboundMessage) -> None:
        """Tell the keeper that inbound ``row`` was quarantined."""
        try:
            self._quarantined(session, row)
        except Exception:  # noqa: BLE001
            log.exception("no keeper notice for inbound mail %s", row.id)

    def gave_up(self, session: Session, row: OutboxMessage) -> None:
        """Tell the keeper, and the game's master for a game's mail, that ``row`` failed."""
        try:
            self._gave_up(session, row)
        except Exception:  # noqa: BLE001
            log.exception("no notice for failed outgoing mail %s", row.id)

    def returned(self, session: Session, row: OutboxMessage, to: str, report: str) -> None:
        """Tell the keeper, and the game's master for a game's mail, that ``row`` came
        back undelivered to ``to`` (a bounce after the relay took it)."""
        try:
            if not row.notice:
                title = f"Outgoing mail {row.id} returned"
                self._tell(session, row, RETURNED, title, report, to)
        except Exception:  # noqa: BLE001
            log.exception("no notice for returned outgoing mail %s", row.id)

    def unmatched_bounce(
        self, session: Session, to: list[str], subject: str | None, report: str
    ) -> None:
        """Tell the keeper that a bounce for ``to`` (addresses the judge mailed lately)
        could be tied to none of the judge's mails, so that it is not lost unseen."""
        said = (
            f"the subject it quotes, {subject!r}, is that of no mail sent there"
            if subject
            else "it quotes no subject, and several mails went there"
        )
        body = UNMATCHED.format(to=", ".join(to), subject=said, error=report)
        self.send(session, self.config.judge.keeper, "A bounce tied to no mail", body)

    def _quarantined(self, session: Session, row: InboundMessage) -> None:
        sender, subject = _summary(row.raw)
        error = (row.error or "").strip().splitlines()[-1:] or [""]
        body = QUARANTINED.format(id=row.id, sender=sender, subject=subject, error=error[0])
        self.send(session, self.config.judge.keeper, f"Mail {row.id} quarantined", body)

    def _gave_up(self, session: Session, row: OutboxMessage) -> None:
        if row.notice:
            return
        title = f"Outgoing mail {row.id} failed"
        self._tell(session, row, GAVE_UP, title, row.last_error or "")

    def _tell(
        self, session: Session, row: OutboxMessage, text: str, title: str, error: str,
        to: str | None = None,
    ) -> None:  # fmt: skip
        """The keeper's notice (``text``, ``title``) about ``row`` not delivered to
        ``to`` (its recipients), and the game's master's unless the master was one."""
        to = to or ", ".join(row.recipient_list())
        subject = _out_subject(row.raw)
        body = text.format(id=row.id, to=to, subject=subject, error=error)
        self.send(session, self.config.judge.keeper, title, body)
        master = self._master(session, row)
        if master and master.lower() not in {r.lower() for r in row.recipient_list()}:
            text = BOUNCED.format(game=row.game, to=to, subject=subject, error=error)
            title = f"{self.config.judge_code}:{row.game} - Undeliverable mail"
            self.send(session, master, title, text)

    @staticmethod
    def _master(session: Session, row: OutboxMessage) -> str | None:
        if not row.game:
            return None
        stmt = select(Game).where(func.lower(Game.name) == row.game.lower())
        game = session.exec(stmt).first()
        return game.master_address if game is not None and game.master_address else None
