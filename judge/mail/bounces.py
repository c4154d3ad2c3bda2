"""Read a delivery status notification (a bounce, RFC 3464): which of the judge's mails
could not be delivered, to whom, and why.

Only a report that returns the failed mail's headers (its Message-ID) is read, so that a
bounce is tied to a mail the judge really sent (``judge.store.mail.sent_mail``).
"""

from __future__ import annotations

import email
from dataclasses import dataclass
from email.message import Message
from email.policy import compat32

from judge.mail.headers import header_text, msg_id, usable_address

_RETURNED = ("text/rfc822-headers", "message/rfc822", "message/rfc822-headers")


@dataclass(frozen=True)
class Bounce:
    """The judge's mail ``message_id`` failed for ``recipients``, for ``reason``."""

    message_id: str
    recipients: tuple[str, ...]
    reason: str


def read_bounce(raw: bytes) -> Bounce | None:
    """The failure a delivery report states, or None when ``raw`` is not such a report
    naming a failed recipient and the returned mail's Message-ID.  Never raises."""
    try:
        msg = email.message_from_bytes(raw, policy=compat32)
        if msg.get_content_type() != "multipart/report":
            return None
        failed = [block for part in msg.walk() for block in _status_blocks(part)]
        failed = [b for b in failed if (b.get("Action") or "").strip().lower() == "failed"]
        message_id = _returned_id(msg)
    except Exception:  # noqa: BLE001 - whatever the bytes, not a report we can read
        return None
    recipients = tuple(r for r in map(_recipient, failed) if r)
    if message_id is None or not recipients:
        return None
    return Bounce(message_id, recipients, "; ".join(_reason(b) for b in failed))


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


def _returned_id(msg: Message) -> str | None:
    """The Message-ID of the mail the report returns (its headers, or the whole mail)."""
    for part in msg.walk():
        if part.get_content_type() not in _RETURNED:
            continue
        payload = part.get_payload()
        if isinstance(payload, list) and payload and isinstance(payload[0], Message):
            returned = payload[0]
        else:
            returned = email.message_from_string(str(payload), policy=compat32)
        found = msg_id(str(returned.get("Message-ID") or ""))
        if found is not None:
            return found
    return None
