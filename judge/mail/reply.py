"""Build reply mails: threaded, marked as automatic, from the judge."""

from __future__ import annotations

import email.utils
from email.message import EmailMessage

from judge.config import Config
from judge.mail.headers import header_text
from judge.mail.parse import IncomingMail


def build_reply(config: Config, mail: IncomingMail, subject: str, body: str) -> EmailMessage:
    """A reply to ``mail`` with In-Reply-To/References set and
    ``Auto-Submitted: auto-replied`` (RFC 3834), ready for ``store.enqueue``.

    Like every reply of the judge it goes to the From address, never to Reply-To
    (see docs/mail-transport.md, "Who gets the reply").
    """
    msg = EmailMessage()
    msg["From"] = email.utils.formataddr((config.judge.name, config.from_address))
    msg["To"] = mail.sender
    msg["Subject"] = header_text(subject)
    msg["Auto-Submitted"] = "auto-replied"
    if mail.message_id:
        msg["In-Reply-To"] = mail.message_id
        refs = [r for r in mail.references if r != mail.message_id][-20:]
        msg["References"] = " ".join([*refs, mail.message_id])
    msg.set_content(body)
    return msg


def re_subject(mail: IncomingMail) -> str:
    """``Re: <original subject>`` without piling up prefixes."""
    subject = mail.subject or "(no subject)"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
