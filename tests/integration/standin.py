"""A trivial stand-in for the command processor, used by the integration tests, the
crash test and the benchmark: it answers every mail with the lines it found, and
raises on a mail containing BOOM (to exercise quarantine)."""

from __future__ import annotations

import os
import time

from sqlmodel import Session

from judge.config import Config
from judge.mail.outgoing import Author, answer, re_subject
from judge.mail.parse import parse_incoming
from judge.store.mail import InboundMessage, enqueue


def process_inbound(session: Session, inbound: InboundMessage, config: Config) -> None:
    """Reply with the mail's lines (in the caller's transaction)."""
    delay = float(os.environ.get("STANDIN_DELAY", "0") or 0)
    if delay:
        time.sleep(delay)
    mail = parse_incoming(inbound.raw, config.judge.address, config.limits.max_message_bytes)
    if "BOOM" in mail.body_text:
        raise RuntimeError("stand-in processor exploded")
    lines = [line for line in mail.body_text.splitlines() if line.strip()]
    body = f"Stand-in judge: {len(lines)} line(s) received.\n" + "".join(
        f"  {line}\n" for line in lines
    )
    enqueue(session, answer(Author.of(config), mail, re_subject(mail.subject), body))
