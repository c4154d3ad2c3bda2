"""Signed mail still verifies after a trip through smtplib and an aiosmtpd server."""

from __future__ import annotations

import smtplib
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from aiosmtpd.controller import Controller
from gpg_helpers import Signer, inline_mail, pgp_mime_mail

from judge.masters.signatures import Keyring, Status, verify_mail

# Lines starting with "." (SMTP dot-stuffing), "From " and "- ", and trailing blanks.
TEXT = ".PROCESS alpha\nFrom now on\n- a dash  \nGrüße"


class Capture:
    """An SMTP handler that keeps every message it receives, as received."""

    def __init__(self) -> None:
        self.messages: list[bytes] = []

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        content = envelope.original_content or envelope.content  # type: ignore[attr-defined]
        self.messages.append(bytes(content))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def smtp_sink() -> Iterator[tuple[Capture, int]]:
    handler = Capture()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


@pytest.mark.parametrize("build", [pgp_mime_mail, inline_mail])
def test_signed_mail_survives_smtp(
    smtp_sink: tuple[Capture, int], keyring: Keyring, gm: Signer, build: object
) -> None:
    handler, port = smtp_sink
    raw = build(gm, TEXT)  # type: ignore[operator]
    with smtplib.SMTP("127.0.0.1", port) as client:
        client.sendmail(gm.address, ["judge@example.net"], raw)
    assert len(handler.messages) == 1
    received = handler.messages[0]
    result = verify_mail(received, keyring, datetime.now(UTC), timedelta(hours=1))
    assert result.status is Status.GOOD, result
    assert result.text == "\n".join(line.rstrip() for line in TEXT.split("\n"))
