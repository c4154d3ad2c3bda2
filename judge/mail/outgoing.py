"""Every mail the judge writes is built here, and nowhere else.

Two kinds, which differ only in what they tell other robots (RFC 3834):

* ``reply_mail``: caused by a mail the judge received (the answer to it, a copy of
  that answer, a word to the owner of an account the mail touched), marked
  ``Auto-Submitted: auto-replied`` and threaded under the mail it answers;
* ``judge_mail``: the judge's own mail (reports, the start mail, reminders and late
  notices, press, notices to the keeper), marked ``Auto-Submitted: auto-generated``,
  with an optional HTML alternative and an optional map picture.

Both carry From (the judge, ``Author``), To, Subject (one safe line,
``judge.mail.headers.header_text``), Date and the text; ``judge.store.mail.enqueue``
queues the mail and gives it its Message-ID.  With a picture the mail becomes::

    multipart/mixed
      multipart/alternative
        text/plain                     (the text, then the credit line)
        multipart/related
          text/html                    (the HTML, then <img src="cid:..."> and the credit)
          image/png                    (Content-ID, inline)
      image/png                        (the same picture as an attachment)
"""

from __future__ import annotations

import html as html_lib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, formatdate
from typing import TYPE_CHECKING, Protocol

from judge.mail.headers import header_text
from judge.mail.policy import POLICY

if TYPE_CHECKING:
    from judge.config import Config
    from judge.mail.parse import IncomingMail

AUTO_REPLIED = "auto-replied"
AUTO_GENERATED = "auto-generated"
DEFAULT_JUDGE_CODE = "JUDGE"
# a reply names at most this many earlier mails of its thread
_MAX_REFERENCES = 20


@dataclass(frozen=True)
class Author:
    """The judge as the author of outgoing mail; ``code`` is the judge's short code
    that begins the subject of every game mail (``USIN:alpha - S1901M Results``)."""

    name: str
    address: str
    code: str = DEFAULT_JUDGE_CODE
    # The public address of the judge's web pages ("" = none: mails carry no links).
    web: str = ""

    @classmethod
    def of(cls, config: Config) -> Author:
        """The author configured in ``[judge]``, ``[outbound] from`` and ``[web]``."""
        return cls(config.judge.name, config.from_address, config.judge_code, config.web.public_url)

    @property
    def from_header(self) -> str:
        """``The Judge <judge@example.org>``."""
        return formataddr((self.name, self.address))


class MailPicture(Protocol):
    """A PNG to show in a mail (``judge.maps.Picture`` is one)."""

    @property
    def png(self) -> bytes: ...
    @property
    def filename(self) -> str: ...
    @property
    def alt(self) -> str: ...
    @property
    def credit(self) -> str: ...
    @property
    def cid(self) -> str: ...


def reply_mail(
    author: Author,
    to: str,
    subject: str,
    text: str,
    *,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
) -> EmailMessage:
    """A mail caused by a received one, threaded under ``in_reply_to`` (its
    Message-ID) when given, with ``references`` (its References) before it.

    Like every reply of the judge it goes to the address given, the sender's From,
    never to Reply-To (see docs/mail-transport.md, "Who gets the reply")."""
    thread: dict[str, str] = {}
    if in_reply_to:
        earlier = [r for r in references if r != in_reply_to][-_MAX_REFERENCES:]
        thread = {"In-Reply-To": in_reply_to, "References": " ".join([*earlier, in_reply_to])}
    msg = _headed(author, to, subject, AUTO_REPLIED, thread)
    msg.set_content(text, subtype="plain", charset="utf-8")
    return msg


def answer(author: Author, mail: IncomingMail, subject: str, text: str) -> EmailMessage:
    """``reply_mail`` to the sender of ``mail``, threaded under it."""
    return reply_mail(
        author, mail.sender, subject, text, in_reply_to=mail.message_id, references=mail.references
    )


def judge_mail(
    author: Author,
    to: str | Sequence[str],
    subject: str,
    text: str,
    *,
    html: str | None = None,
    picture: MailPicture | None = None,
    headers: Mapping[str, str] | None = None,
) -> EmailMessage:
    """A mail of the judge's own to ``to`` (one address or several): plain text, with
    ``html`` as an alternative, and ``picture`` inline in the HTML part (one is made
    from the text if there is none) and attached, the credit line in both parts.
    ``headers`` adds or overrides headers (Reply-To...)."""
    msg = _headed(author, to, subject, AUTO_GENERATED, headers or {})
    if picture is not None:
        # Each part is encoded once, with the credit line and the inline picture.
        # (Each text as a part holds it: ending with a line break.)
        if html is None:
            html = f"<html><body><pre>{html_lib.escape(_ended(text))}</pre></body></html>\n"
        text = text.rstrip("\n") + "\n\n" + credit_line(picture) + "\n"
        html = _html_with_picture(_ended(html), picture)
    msg.set_content(text, subtype="plain", charset="utf-8")
    if html is not None:
        msg.add_alternative(html, subtype="html", charset="utf-8")
    if picture is not None:
        _add_picture(msg, picture)
    _set_boundaries(msg)
    return msg


def _ended(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


def _set_boundaries(msg: EmailMessage) -> None:
    """A boundary for each multipart part, random and beginning with ``=_``, which no
    quoted-printable or base64 text can hold, so that writing the mail need not
    search every part's text for a free one (a big game's results are megabytes)."""
    for part in msg.walk():
        if part.is_multipart():
            part.set_boundary("=_" + secrets.token_hex(16))


def re_subject(subject: str | None) -> str:
    """``Re: <original subject>`` without piling up prefixes."""
    subject = subject or "(no subject)"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def credit_line(picture: MailPicture) -> str:
    """The one line every mail with a picture carries."""
    return f"The attached map {picture.filename}: {picture.credit}."


def _headed(
    author: Author, to: str | Sequence[str], subject: str, auto: str, extra: Mapping[str, str]
) -> EmailMessage:
    msg = EmailMessage(policy=POLICY)
    msg["From"] = author.from_header
    msg["To"] = to if isinstance(to, str) else ", ".join(to)
    msg["Subject"] = header_text(subject)
    msg["Date"] = formatdate(localtime=False, usegmt=True)
    msg["Auto-Submitted"] = auto
    for name, value in extra.items():
        del msg[name]
        msg[name] = value
    return msg


def png_size(png: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG (from its IHDR chunk), None if ``png`` is not one."""
    if len(png) < 24 or png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        return None
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def _html_with_picture(html: str, picture: MailPicture) -> str:
    """The HTML with the picture at its own size after the text (wider than the text
    column if need be: a map shrunk to the column is unreadable), and the credit."""
    size = png_size(picture.png)
    width = f'width="{size[0]}" height="{size[1]}" ' if size else ""
    full = f"width:{size[0]}px;" if size else ""
    figure = (
        f'<figure style="margin:1em 0;{full}max-width:none">'
        f'<img src="cid:{picture.cid}" alt="{html_lib.escape(picture.alt)}" {width}'
        f'style="display:block;{full}max-width:none;height:auto;border:1px solid #888">'
        f'<figcaption style="font-size:small;color:#555">{html_lib.escape(picture.credit)}'
        f" (also attached: {html_lib.escape(picture.filename)})"
        "</figcaption></figure>\n"
    )
    at = html.lower().rfind("</body>")
    return html[:at] + figure + html[at:] if at >= 0 else html + figure


def _add_picture(msg: EmailMessage, picture: MailPicture) -> None:
    """Add ``picture`` to ``msg`` (its text and HTML parts written with the credit
    line and the picture's place): inline in the HTML part and attached."""
    inline = msg.get_body(("html",))
    assert inline is not None
    inline.add_related(
        picture.png,
        "image",
        "png",
        cid=f"<{picture.cid}>",
        disposition="inline",
        filename=picture.filename,
    )
    msg.add_attachment(picture.png, "image", "png", filename=picture.filename)
