"""A report as a mail of its own: the text part first, then the HTML part."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from email.message import EmailMessage
from email.utils import formatdate


def build_report_mail(
    subject: str,
    text: str,
    html: str,
    *,
    sender: str,
    recipients: Sequence[str],
    headers: Mapping[str, str] | None = None,
) -> EmailMessage:
    """A multipart/alternative mail: the text part first, then the HTML part.

    It is marked ``Auto-Submitted: auto-generated`` so that other robots do not
    answer it; ``headers`` adds or overrides headers (Reply-To, Message-ID...).
    """
    msg = EmailMessage()
    msg["Subject"] = subject
    msg["From"] = sender
    msg["To"] = ", ".join(recipients)
    msg["Date"] = formatdate(localtime=False, usegmt=True)
    msg["Auto-Submitted"] = "auto-generated"
    for name, value in (headers or {}).items():
        del msg[name]
        msg[name] = value
    msg.set_content(text, subtype="plain", charset="utf-8")
    msg.add_alternative(html, subtype="html", charset="utf-8")
    return msg
