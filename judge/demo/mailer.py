"""The demo's people: they write mail to the judge and read what comes back.

A :class:`Correspondent` sends plain mail, or with a signer, PGP/MIME or inline
clear-signed mail, over SMTP to the :class:`~judge.demo.rig.DemoJudge`, waits until the
judge has processed it, and returns an :class:`Exchange`: the judge's reply and every
other mail the judge sent meanwhile (reports, press, announcements).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage, MIMEPart
from email.utils import format_datetime, make_msgid
from pathlib import Path

from judge.demo.keys import DemoSigner
from judge.demo.rig import JUDGE_ADDRESS, DemoError, DemoJudge
from judge.demo.sink import DeliveredMail

PGP_MIME = "pgp/mime"
INLINE = "inline"
PLAIN = "plain"

_LABEL = re.compile(r"[^a-z0-9]+")


@dataclass
class Exchange:
    """One mail to the judge and what came of it."""

    sent: Path
    message_id: str
    status: str
    reply: DeliveredMail | None
    others: list[DeliveredMail] = field(default_factory=list)

    @property
    def reply_text(self) -> str:
        """The text of the judge's reply ("" when there was none)."""
        return self.reply.text() if self.reply else ""


def _headers(msg: EmailMessage | MIMEPart, sender: str, subject: str, message_id: str) -> None:
    msg["From"] = sender
    msg["To"] = JUDGE_ADDRESS
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime.now(UTC))
    msg["Message-ID"] = message_id
    msg["MIME-Version"] = "1.0"


def _header_block(sender: str, subject: str, message_id: str, content_type: str) -> bytes:
    """Top-level header lines built by hand (the email package would re-serialise a
    multipart body), ending with the blank line."""
    head = EmailMessage(policy=policy.SMTP)
    _headers(head, sender, subject, message_id)
    head["Content-Type"] = content_type
    block = head.as_bytes().split(b"\r\n\r\n", 1)[0]
    return block + b"\r\n\r\n"


def plain_mail(sender: str, subject: str, text: str, message_id: str) -> bytes:
    """An unsigned text/plain mail."""
    msg = EmailMessage(policy=policy.SMTP)
    _headers(msg, sender, subject, message_id)
    msg.set_content(text)
    return msg.as_bytes()


def inline_signed_mail(
    signer: DemoSigner, sender: str, subject: str, text: str, message_id: str
) -> bytes:
    """A text/plain mail whose body is a clear-signed block."""
    block = signer.clearsign(text).decode("utf-8")
    msg = EmailMessage(policy=policy.SMTP)
    _headers(msg, sender, subject, message_id)
    msg.set_content(block, cte="quoted-printable")
    return msg.as_bytes()


def pgp_mime_mail(
    signer: DemoSigner, sender: str, subject: str, text: str, message_id: str
) -> bytes:
    """A PGP/MIME (RFC 3156) signed mail: the signed part's exact bytes, then the
    detached signature."""
    inner = MIMEPart(policy=policy.SMTP)
    inner.set_content(text, cte="quoted-printable")
    signed = inner.as_bytes(policy=policy.SMTP)
    signature = signer.detach_sign(signed).replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    boundary = "demo-" + make_msgid().strip("<>").split("@")[0].replace(".", "")
    content_type = (
        'multipart/signed; micalg=pgp-sha256; protocol="application/pgp-signature"; '
        f'boundary="{boundary}"'
    )
    head = _header_block(sender, subject, message_id, content_type)
    b = boundary.encode("ascii")
    return (
        head
        + b"This is an OpenPGP/MIME signed message (RFC 4880 and 3156)\r\n"
        + b"--" + b + b"\r\n" + signed
        + b"\r\n--" + b + b"\r\n"
        + b'Content-Type: application/pgp-signature; name="signature.asc"\r\n'
        + b'Content-Disposition: attachment; filename="signature.asc"\r\n\r\n'
        + signature
        + b"\r\n--" + b + b"--\r\n"
    )  # fmt: skip


class Correspondent:
    """Someone who mails the judge: a player, or with a signer, a game master."""

    def __init__(
        self, judge: DemoJudge, address: str, name: str = "", signer: DemoSigner | None = None
    ) -> None:
        self.judge = judge
        self.address = address
        self.name = name
        self.signer = signer

    @property
    def from_header(self) -> str:
        """The From line: name and address."""
        return f"{self.name} <{self.address}>" if self.name else self.address

    def compose(self, text: str, subject: str, form: str, message_id: str) -> bytes:
        """The raw mail carrying ``text``, signed as ``form`` says."""
        if form == PLAIN:
            return plain_mail(self.from_header, subject, text, message_id)
        if self.signer is None:
            raise ValueError(f"{self.address} has no key to sign with")
        if form == INLINE:
            return inline_signed_mail(self.signer, self.from_header, subject, text, message_id)
        if form == PGP_MIME:
            return pgp_mime_mail(self.signer, self.from_header, subject, text, message_id)
        raise ValueError(f"unknown mail form {form!r}")

    def send_raw(
        self, raw: bytes, message_id: str, subject: str, timeout: float = 20.0
    ) -> Exchange:
        """Send prepared bytes and wait for the judge to handle them."""
        before = len(self.judge.mails)
        label = _LABEL.sub("-", f"{self.address.split('@')[0]} {subject}".lower()).strip("-")
        path = self.judge.deliver(self.address, raw, message_id, label[:60])
        status = self.judge.wait_processed(message_id, timeout)
        new = self.judge.mails[before:]
        replies = [m for m in new if m.in_reply_to == message_id]
        others = [m for m in new if m.in_reply_to != message_id]
        return Exchange(path, message_id, status, replies[0] if replies else None, others)

    def send(
        self, text: str, subject: str = "commands", form: str | None = None, timeout: float = 20.0
    ) -> Exchange:
        """Mail ``text`` to the judge (signed when this correspondent has a key, unless
        ``form`` says otherwise) and wait until the judge has dealt with it."""
        form = form or (PGP_MIME if self.signer else PLAIN)
        message_id = make_msgid(domain=self.address.split("@")[-1])
        raw = self.compose(text, subject, form, message_id)
        return self.send_raw(raw, message_id, subject, timeout)

    def expect_reply(self, exchange: Exchange) -> str:
        """The reply's text; DemoError when the judge did not answer."""
        if exchange.reply is None:
            raise DemoError(
                f"the judge did not answer {self.address}'s mail {exchange.message_id} "
                f"(status {exchange.status}; sent copy in {exchange.sent})"
            )
        return exchange.reply_text
