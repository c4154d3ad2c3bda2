"""Read a bounce: which of the judge's mails could not be delivered, to whom, and why.

A delivery status notification (RFC 3464) names the failed recipients; most return the
failed mail's headers, whose Message-ID ties the bounce to a mail the judge really sent
(``judge.store.mail.sent_mail``).  A report without them, and a mail system's plain
notice ("Undeliverable: <subject>", a copy of the mail in its text), are read too:
their Message-ID line if the text has one, else the subject they quote and the
addresses they name (``judge.store.mail.returned_mail``).
"""

from __future__ import annotations

import email
from dataclasses import dataclass
from email.message import Message
from email.policy import compat32
from email.utils import parseaddr

from judge.mail.headers import header_text, msg_id, usable_address
from judge.mail.mime_text import body_text
from judge.mail.parse import decode_header

_RETURNED = ("text/rfc822-headers", "message/rfc822", "message/rfc822-headers")


@dataclass(frozen=True)
class Bounce:
    """The judge's mail ``message_id`` (None: not returned) failed for ``recipients``,
    for ``reason``; ``subject``: the failed mail's subject, when the bounce quotes it."""

    message_id: str | None
    recipients: tuple[str, ...]
    reason: str
    subject: str | None = None


# How a mail system's plain notice of a failed delivery begins its subject, lower-cased
PLAIN_BOUNCE_SUBJECTS = (
    "undeliverable",
    "undelivered mail",
    "undeliverable mail",
    "mail delivery failed",
    "delivery status notification (failure)",
    "failure notice",
    "returned mail",
    "delivery failure",
    "mail delivery failure",
    "non remis",
    "unzustellbar",
)
_MAILER = ("mailer-daemon", "postmaster")


def read_bounce(raw: bytes) -> Bounce | None:
    """The failure a bounce states, or None when ``raw`` is no bounce naming a failed
    recipient.  Never raises."""
    try:
        msg = email.message_from_bytes(raw, policy=compat32)
        if msg.get_content_type() == "multipart/report":
            return _report(msg)
        return _plain_notice(msg) if _is_plain_notice(msg) else None
    except Exception:  # noqa: BLE001 - whatever the bytes, not a bounce we can read
        return None


def _report(msg: Message) -> Bounce | None:
    """A delivery status notification's failure (RFC 3464)."""
    failed = [block for part in msg.walk() for block in _status_blocks(part)]
    failed = [b for b in failed if (b.get("Action") or "").strip().lower() == "failed"]
    recipients = tuple(r for r in map(_recipient, failed) if r)
    if not recipients:
        return None
    returned = _returned(msg)
    message_id = msg_id(str(returned.get("Message-ID") or "")) if returned else None
    subject = _text(returned.get("Subject")) if returned else _quoted_subject(msg)
    reason = "; ".join(_reason(b) for b in failed)
    return Bounce(message_id, recipients, reason, subject)


def _is_plain_notice(msg: Message) -> bool:
    """Whether a mail that is no report is a mail system's notice of a failed delivery:
    from MAILER-DAEMON or postmaster, or with such a notice's subject."""
    sender = parseaddr(str(msg.get("From") or ""))[1].lower()
    subject = _text(msg.get("Subject")).lower()
    return sender.partition("@")[0] in _MAILER or subject.startswith(PLAIN_BOUNCE_SUBJECTS)


def _plain_notice(msg: Message) -> Bounce | None:
    """A plain notice's failure: the addresses its text names, the Message-ID and
    Subject lines of the copy of the mail it holds (Exim, qmail), else the subject it
    quotes; its reason is the first line with a status code."""
    text = body_text(msg)[0]
    words = (w.strip("<>()[],;:'\"") for w in text.split() if "@" in w)
    recipients = tuple(dict.fromkeys(a for a in map(usable_address, words) if a))
    if not recipients:
        return None
    lines = text.splitlines()
    message_id = msg_id(_header_line(lines, "message-id:"))
    subject = _header_line(lines, "subject:") or _quoted_subject(msg)
    codes = (line for line in lines if _has_status_code(line))
    reason = header_text(next(codes, "returned undelivered (a notice with no report)"), 300)
    return Bounce(message_id, recipients, reason, subject or None)


def _header_line(lines: list[str], name: str) -> str:
    """The value of the first ``Name: value`` line of the text, or ""."""
    found = next((line for line in lines if line.strip().lower().startswith(name)), "")
    return " ".join(found.strip()[len(name) :].split())


def _has_status_code(line: str) -> bool:
    """Whether a line gives an SMTP reply code or an enhanced status (``550``,
    ``5.1.1``)."""
    for word in line.replace("-", " ").split():
        code = word.strip("():;,#")
        if len(code) == 3 and code.isdigit() and code[0] in "45":
            return True
        parts = code.split(".")
        if len(parts) == 3 and parts[0] in ("4", "5") and all(p.isdigit() for p in parts):
            return True
    return False


def _quoted_subject(msg: Message) -> str | None:
    """The failed mail's subject as a bounce's own subject quotes it (``Undeliverable:
    <subject>``), or None."""
    _, colon, rest = _text(msg.get("Subject")).partition(":")
    return " ".join(rest.split()) or None if colon else None


def _text(value: object) -> str:
    """A header's value, decoded, as one line ("" when missing)."""
    return " ".join(decode_header(value).split()) if value is not None else ""


def _status_blocks(part: Message) -> list[Message]:
    """The per-recipient blocks of a ``message/delivery-status`` part."""
    if part.get_content_type() != "message/delivery-status":
        return []
    payload = part.get_payload()
    return [b for b in payload if isinstance(b, Message)] if isinstance(payload, list) else []


def _recipient(block: Message) -> str | None:
    """The address a block reports on (``Final-Recipient: rfc822; a@b``)."""
    value = str(block.get("Final-Recipient") or block.get("Original-Recipient") or "")
    return usable_address(value.rpartition(";")[2].strip())


def _reason(block: Message) -> str:
    """``5.1.1 smtp; 550 5.1.1 user unknown``: the status and the diagnostic, one line."""
    status = str(block.get("Status") or "").strip()
    diagnostic = str(block.get("Diagnostic-Code") or "").strip()
    return header_text(f"{_recipient(block)}: {status} {diagnostic}".strip(), 300)


def _returned(msg: Message) -> Message | None:
    """The headers of the mail the report returns (or the whole mail), or None."""
    for part in msg.walk():
        if part.get_content_type() not in _RETURNED:
            continue
        payload = part.get_payload()
        if isinstance(payload, list) and payload and isinstance(payload[0], Message):
            return payload[0]
        return email.message_from_string(str(payload), policy=compat32)
    return None
