"""No received mail can block the others, and no header of a received mail can inject
into the judge's replies (issue 9, items 4, 8 and 9): mail appended to a real Dovecot
mailbox, read by the daemon's IMAP watcher, answered through a real aiosmtpd relay."""

from __future__ import annotations

import base64
import email
import email.header
import re
from collections.abc import Iterator

import pytest
import standin
from imapclient import IMAPClient
from mails import order_mail
from rig import Relay, wait_for
from sqlmodel import Session, select

from judge.config import Config
from judge.runners.daemon import Daemon
from judge.runners.inbox import HANDLING_BOUND, InboxRunner
from judge.store.mail import InboundMessage

pytestmark = pytest.mark.timeout(120)

KEEPER = "keeper@example.org"
SAFE_HEADERS = {
    "from", "to", "subject", "auto-submitted", "in-reply-to", "references", "message-id",
    "date", "content-type", "content-transfer-encoding", "mime-version",
}  # fmt: skip


@pytest.fixture
def judge(config: Config, engine) -> Iterator[Daemon]:  # noqa: ANN001
    """The daemon with the real command processor."""
    from judge.commands.inbound import process_inbound

    config.judge.keeper = KEEPER
    d = Daemon(config, engine, process_inbound)
    d.start()
    yield d
    d.stop(10)


def inbound(engine) -> list[InboundMessage]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(InboundMessage).order_by(InboundMessage.id)))


def raw_mail(from_: str, subject: str, n: int, extra: str = "") -> bytes:
    head = (
        f"From: {from_}\r\nTo: judge@example.org\r\nSubject: {subject}\r\n"
        f"Message-ID: <raw-{n}@example.com>\r\n{extra}"
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHELP\r\n"
    )
    return head.encode("utf-8")


def test_a_mail_from_an_unusable_address_blocks_nothing(
    judge: Daemon, imap: IMAPClient, relay: Relay, engine
) -> None:  # noqa: ANN001
    imap.append("INBOX", raw_mail("x@y.", "poison", 0))
    for n in range(1, 21):
        imap.append("INBOX", order_mail(n, body="HELP\n"))
    wait_for(lambda: len(relay.messages) >= 20, 60, what="20 replies")
    answered = {email.message_from_bytes(raw)["In-Reply-To"] for _, _, raw in relay.messages}
    assert answered == {f"<order-{n}@example.com>" for n in range(1, 21)}
    rows = inbound(engine)
    assert len(rows) == 21 and all(r.status != "pending" for r in rows)
    assert rows[0].status == "ignored" and "no sender" in (rows[0].error or "")


def test_a_row_whose_handling_keeps_failing_is_quarantined_and_the_rest_flows(
    config: Config, engine, imap: IMAPClient, relay: Relay, monkeypatch
) -> None:  # noqa: ANN001
    def broken(self, session, row) -> None:  # noqa: ANN001
        raise RuntimeError("the quarantine notice failed")  # any fault in the handling

    monkeypatch.setattr(InboxRunner, "_tell_sender", broken)
    config.judge.keeper = KEEPER
    d = Daemon(config, engine, standin.process_inbound)
    d.processor.retry_base = 0.1
    d.start()
    try:
        imap.append("INBOX", order_mail(0, body="BOOM\n"))  # the stand-in raises on it
        for n in range(1, 21):
            imap.append("INBOX", order_mail(n))
        wait_for(lambda: len(relay.messages) >= 21, 60, what="20 replies and a notice")
        wait_for(lambda: inbound(engine)[0].status == "quarantined", 30, what="quarantine")
    finally:
        d.stop(10)
    rows = inbound(engine)
    assert [r.status for r in rows[1:]] == ["processed"] * 20
    assert rows[0].attempts == HANDLING_BOUND and "quarantine notice failed" in rows[0].error
    to_keeper = [raw for _, rcpts, raw in relay.messages if rcpts == [KEEPER]]
    assert len(to_keeper) == 1 and b"Inbound mail 1 was quarantined" in to_keeper[0]


def _b64(text: str) -> str:
    return f"=?utf-8?b?{base64.b64encode(text.encode()).decode()}?="


INJECT = "hi\r\nX-Evil: 1\r\nReply-To: phish@evil.test"
ONCE = "=?utf-8?q?hi=0D=0AX-Evil:_1=0D=0AReply-To:_phish@evil.test?="
HOSTILE = [
    ("Player 1 <player1@example.com>", _b64(ONCE), ""),  # encoded twice
    ("Player 2 <player2@example.com>", ONCE, ""),  # CR/LF in an encoded-word
    ("Player 3 <player3@example.com>", _b64("Re: " + _b64(_b64(INJECT))), ""),  # three times
    (f"{_b64(INJECT)} <player4@example.com>", "orders", ""),  # in the display name
    ("player5@example.com", "x\u2028X-Evil: 2\u202e", ""),  # line separator, bidi override
    ("player6@example.com", "orders", "In-Reply-To: <=?utf-8?q?a=0D=0AX-Evil:_3?=@x>\r\n"
     "References: <ok@x> <=?utf-8?q?b=0AX-Evil:_4?=@x>\r\n"),
    ("player0@example.com", "=?utf-8?q?" + "A" * 3000 + "?=", ""),  # very long
]  # fmt: skip


def _decoded(value: str) -> str:
    """The value as a reader shows it: unfolded (RFC 5322 2.2.3: a line break before
    white space is folding, not content), then its encoded words decoded."""
    unfolded = re.sub(r"\r?\n(?=[ \t])", "", value)
    return str(email.header.make_header(email.header.decode_header(unfolded)))


def test_hostile_subjects_and_names_never_reach_the_reply_headers(
    judge: Daemon, imap: IMAPClient, relay: Relay, engine
) -> None:  # noqa: ANN001
    for n, (from_, subject, extra) in enumerate(HOSTILE):
        imap.append("INBOX", raw_mail(from_, subject, n, extra))
    wait_for(lambda: len(relay.messages) >= len(HOSTILE), 60, what="every reply")
    assert [r.status for r in inbound(engine)] == ["processed"] * len(HOSTILE)
    for _, _, raw in relay.messages:
        head = raw.split(b"\r\n\r\n", 1)[0].decode("utf-8")
        names = [line.split(":", 1)[0].lower() for line in head.split("\r\n") if line[:1] != " "]
        assert set(names) <= SAFE_HEADERS, names
        assert "\r" not in head.replace("\r\n", "") and "\n" not in head.replace("\r\n", "")
        msg = email.message_from_bytes(raw)
        for name, value in msg.items():
            once = _decoded(value)
            twice = _decoded(once)  # a reader that decodes again finds nothing more
            assert once == twice and "=?" not in once, (name, once)
            assert not any(ord(c) < 32 or c in "\u2028\u2029\u202e" for c in once), (name, once)
        assert len(_decoded(msg["Subject"])) <= 200


def test_an_encoded_display_name_is_never_the_address(
    judge: Daemon, imap: IMAPClient, relay: Relay, engine
) -> None:  # noqa: ANN001
    spoof = "=?utf-8?Q?victim@evil.test?= <attacker@x.test>"
    imap.append("INBOX", raw_mail(spoof, "help", 1))
    wait_for(lambda: len(relay.messages) >= 1, 30, what="the reply")
    wait_for(lambda: inbound(engine)[0].status != "pending", 10, what="handled")
    assert [rcpts for _, rcpts, _ in relay.messages] == [["attacker@x.test"]]
