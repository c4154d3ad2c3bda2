"""The judge's own SMTP server (aiosmtpd): a mail is answered ``250`` only once it is
committed to the database, so a crash after accepting cannot lose it.

Mail over ``[limits] max_message_bytes`` is refused with ``552`` (announced in EHLO as
``SIZE``, so a client that knows the size does not even send it); aiosmtpd drops the
data of such a mail as it arrives, so a connection never holds more than the limit.
The sending server's bounce tells the sender why.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from aiosmtpd.controller import Controller
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.store.mail import store_inbound
from judge.store.turns import write_turn

log = logging.getLogger(__name__)

# The smallest size limit the server announces, whatever the configuration says.
MIN_LIMIT = 64 * 1024


def _with_return_path(raw: bytes, mail_from: str | None) -> bytes:
    """Record the envelope sender the way a delivering MTA does (empty for bounces)."""
    address = (mail_from or "").strip().removeprefix("<").removesuffix(">").strip()
    return b"Return-Path: <" + address.encode("utf-8", "replace") + b">\r\n" + raw


class StoringHandler:
    """aiosmtpd handler that stores each mail before accepting it."""

    def __init__(self, engine: Engine, on_stored: Callable[[], None] | None = None) -> None:
        self.engine = engine
        self.on_stored = on_stored

    def _store(self, raw: bytes) -> bool:
        turn = write_turn(self.engine)
        with turn.held(), Session(self.engine, expire_on_commit=False) as session:
            return store_inbound(session, raw, "smtp") is not None

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        """Store the mail; 250 once committed, 451 if storing failed."""
        content = envelope.original_content or b""  # bytes: decode_data is off
        raw = _with_return_path(content, envelope.mail_from)
        envelope.original_content = envelope.content = content = None  # one copy only
        loop = asyncio.get_running_loop()
        try:
            new = await loop.run_in_executor(None, self._store, raw)
        except Exception:
            log.exception("could not store an incoming mail; answered 451")
            return "451 4.3.0 Could not store the message, please try again later"
        if new and self.on_stored is not None:
            self.on_stored()
        return "250 2.0.0 Stored" if new else "250 2.0.0 Already stored"


def start_smtp_server(
    engine: Engine,
    host: str,
    port: int,
    on_stored: Callable[[], None] | None = None,
    max_bytes: int = 2_000_000,
) -> Controller:
    """Start the SMTP server in its own thread and return its controller
    (call ``.stop()`` to end it); mail over ``max_bytes`` is refused (552)."""
    limit = max(MIN_LIMIT, max_bytes)
    controller = Controller(
        StoringHandler(engine, on_stored),
        hostname=host,
        port=port,
        data_size_limit=limit,
        decode_data=False,
        ready_timeout=10.0,
    )
    controller.start()
    return controller
