"""Where the demo judge's outgoing mail goes: a loopback SMTP server that writes
each mail it receives to a ``.eml`` file, so the user can read every mail the judge sent.

The judge hands its mail to this server through its ordinary SMTP sender, exactly as it
would to a real relay.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from email import message_from_bytes
from email.header import decode_header, make_header
from email.message import Message
from email.policy import default
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True)
class DeliveredMail:
    """One mail the sink received, as stored on disk."""

    path: Path
    recipients: tuple[str, ...]
    subject: str
    in_reply_to: str
    raw: bytes

    def message(self) -> Message:
        """The mail parsed (modern email policy)."""
        return message_from_bytes(self.raw, policy=default)

    def text(self) -> str:
        """The mail's plain-text part (its first one), decoded."""
        msg = self.message()
        part = msg.get_body(preferencelist=("plain",)) if msg.is_multipart() else msg
        if part is None:
            return ""
        return str(part.get_content())  # type: ignore[union-attr]


def _header(msg: Message, name: str) -> str:
    value = msg.get(name)
    if value is None:
        return ""
    return str(make_header(decode_header(str(value)))).replace("\n", " ").strip()


def file_name(number: int, recipient: str, subject: str = "") -> str:
    """``0007-germany-at-players.demo--demo-s1901m-results.eml``: numbered in arrival
    order, named after the first recipient and the subject."""
    who = _UNSAFE.sub("-", recipient.replace("@", "-at-")).strip("-")[:40] or "unknown"
    what = _UNSAFE.sub("-", subject.lower()).strip("-.")[:50]
    return f"{number:04d}-{who}--{what}.eml" if what else f"{number:04d}-{who}.eml"


class FileSinkHandler:
    """aiosmtpd handler writing each mail into ``directory``, one file per mail."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.lock = threading.Lock()
        self.delivered: list[DeliveredMail] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        """Write the mail to disk; 250 once it is there."""
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        recipients = tuple(envelope.rcpt_tos)
        msg = message_from_bytes(raw)
        subject = _header(msg, "Subject")
        with self.lock:
            path = self.directory / file_name(len(self.delivered) + 1, recipients[0], subject)
            path.write_bytes(raw)
            self.delivered.append(
                DeliveredMail(
                    path=path,
                    recipients=recipients,
                    subject=subject,
                    in_reply_to=_header(msg, "In-Reply-To"),
                    raw=raw,
                )
            )
        return "250 2.0.0 Written"


class FileSink:
    """The SMTP server of :class:`FileSinkHandler`, on a loopback port."""

    def __init__(self, directory: Path, port: int) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.handler = FileSinkHandler(directory)
        self.port = port
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=port)

    def start(self) -> FileSink:
        """Start listening."""
        self.controller.start()
        return self

    def stop(self) -> None:
        """Stop listening; the files stay."""
        self.controller.stop()

    @property
    def mails(self) -> list[DeliveredMail]:
        """A copy of what was delivered so far, in order."""
        with self.handler.lock:
            return list(self.handler.delivered)

    def replies_to(self, message_id: str) -> list[DeliveredMail]:
        """The mails answering ``message_id`` (by their In-Reply-To header)."""
        return [m for m in self.mails if m.in_reply_to == message_id]
