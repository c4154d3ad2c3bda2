"""Mail from robots and lists, through the real inbox code on a real SQLite file: a
robot's mail is never answered (no mail loop), and a player's orders that merely came
through a list, or under an auto-reply's subject, are still read."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from judge.mail.bounces import read_bounce
from judge.store.mail import IGNORED, PROCESSED, InboundMessage
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)

FRANCE = address("france")
ORDERS = f"SIGNON Fgame1 {PASSWORDS['france']}\nA Par - Bur\n"
LIST = {"List-Id": "Game one <game1.groups.example.org>", "Precedence": "list"}


@pytest.fixture
def engine(tmp_path: Path):  # noqa: ANN201
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    yield engine
    engine.dispose()


def _deliver(engine, raw: bytes) -> tuple[InboundMessage, list]:  # noqa: ANN001
    before = last_outbox_id(engine)
    row = deliver(engine, raw)
    with Session(engine) as session:
        stored = session.get(InboundMessage, row.id)
        assert stored is not None
        return stored, outbox(engine, before)


@pytest.mark.parametrize(
    "headers",
    [
        LIST,  # the judge's address is a group (a list) that forwards to its mailbox
        {"List-Id": "<game1.lists.example.org>", "Precedence": "bulk"},  # older Mailman
        {"List-Unsubscribe": "<mailto:leave@lists.example.org>"},
    ],
)
def test_orders_through_a_list_are_read_and_answered(engine, headers: dict[str, str]) -> None:  # noqa: ANN001
    row, replies = _deliver(engine, make_mail(FRANCE, ORDERS, headers=headers))
    assert row.status == PROCESSED
    (reply,) = replies
    assert reply["To"] == FRANCE  # the author, never the list
    assert "Accepted: A par - bur" in body_of(reply)


def test_orders_with_a_list_footer_are_read(engine) -> None:  # noqa: ANN001
    footer = (
        "_______________________________________________\n"
        "dip-list mailing list\ndip-list@lists.example.org\n"
    )
    row, (reply,) = _deliver(engine, make_mail(FRANCE, ORDERS + footer, headers=LIST))
    assert row.status == PROCESSED and "Accepted: A par - bur" in body_of(reply)


def test_a_list_copy_without_a_command_is_not_answered(engine) -> None:  # noqa: ANN001
    """Talk on a list the judge's address is on: nothing to read, no reply to it."""
    raw = make_mail(FRANCE, "Anyone up for a game of Colonial?\n", headers=LIST)
    row, replies = _deliver(engine, raw)
    assert row.status == PROCESSED and replies == []


@pytest.mark.parametrize(
    "subject",
    ["Out of office: JUDGE:game1 - S1901M Results", "Automatic reply: orders", "Autoreply: x"],
)
def test_an_auto_reply_without_its_headers_is_not_answered(engine, subject: str) -> None:  # noqa: ANN001
    """An away message whose program sets no Auto-Submitted: answering it would start
    a ping-pong with a responder that answers everything."""
    raw = make_mail(FRANCE, "I am away until Monday.\nKind regards, Francis\n", subject=subject)
    row, replies = _deliver(engine, raw)
    assert row.status == PROCESSED and replies == []


def test_orders_under_an_auto_reply_subject_are_read(engine) -> None:  # noqa: ANN001
    raw = make_mail(FRANCE, ORDERS, subject="Out of office next week: my orders")
    row, (reply,) = _deliver(engine, raw)
    assert "Accepted: A par - bur" in body_of(reply)


@pytest.mark.parametrize(
    ("sender", "headers"),
    [
        ("dip-list-request@lists.example.org", LIST),  # a list's robot
        ("dip-list-bounces@lists.example.org", {}),
        ("owner-dip-list@lists.example.org", {}),
        # a list that rewrites From to its own address (DMARC): the author is unknown
        ("Francis via dip-list <dip-list@lists.example.org>",
         {**LIST, "List-Post": "<mailto:dip-list@lists.example.org>"}),
    ],
)  # fmt: skip
def test_a_lists_own_mail_is_ignored(engine, sender: str, headers: dict[str, str]) -> None:  # noqa: ANN001
    row, replies = _deliver(engine, make_mail(sender, ORDERS, headers=headers))
    assert row.status == IGNORED and replies == []


def _report(action: str, returned: str) -> bytes:
    text = (
        "Return-Path: <>\nFrom: MAILER-DAEMON@mx.example.com\nTo: judge@judge.test\n"
        "Subject: Delivery Status Notification\nMIME-Version: 1.0\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n'
        "--b\nContent-Type: text/plain\n\nCould not deliver.\n\n"
        "--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.com\n\n"
        f"Final-Recipient: rfc822;Gone@Example.com\nAction: {action}\nStatus: 5.2.1\n\n"
        f"--b\nContent-Type: {returned}\n\nFrom: judge@judge.test\nTo: gone@example.com\n"
        "Message-ID: <r1@judge.test>\nSubject: JUDGE:game1 - S1901M Results\n\nthe results\n\n"
        "--b--\n"
    )
    return text.replace("\n", "\r\n").encode()


@pytest.mark.parametrize("returned", ["text/rfc822-headers", "message/rfc822"])
def test_a_bounce_names_the_returned_mail_and_who_it_failed_for(returned: str) -> None:
    bounce = read_bounce(_report("failed", returned))
    assert bounce is not None
    assert bounce.message_id == "<r1@judge.test>" and bounce.recipients == ("gone@example.com",)
    assert "5.2.1" in bounce.reason


def test_a_delay_report_is_no_bounce() -> None:
    assert read_bounce(_report("delayed", "text/rfc822-headers")) is None
    assert read_bounce(b"\xff\xfe garbage") is None


def test_a_report_without_the_mail_still_names_its_recipient() -> None:
    """Its headers not returned: read before as no bounce at all (so never recorded);
    now a bounce with no Message-ID, tied later by its address (judge.runners.returned)."""
    with open(Path(__file__).parent / "corpus" / "bounce.eml", "rb") as fh:
        bounce = read_bounce(fh.read())
    assert bounce is not None and bounce.message_id is None
    assert bounce.recipients == ("nobody@example.com",) and "5.1.1" in bounce.reason
    assert bounce.subject is None  # "Undelivered Mail Returned to Sender" quotes none


PLAIN = """From: MAILER-DAEMON@mx.example.com
To: judge@judge.test
Subject: Mail delivery failed: returning message to sender
Auto-Submitted: auto-replied

This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  gone@example.com
    SMTP error from remote mail server after RCPT TO:<gone@example.com>:
    550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown

------ This is a copy of the message, including all the headers. ------

From: The Judge <judge@judge.test>
To: gone@example.com
Subject: JUDGE:game1 - S1901M Results
Message-ID: <r2@judge.test>

the results
"""


def test_a_plain_notice_with_a_copy_of_the_mail_is_read() -> None:
    """Exim's notice (no report): its text names the address, the copy's Message-ID
    and Subject; none of it was read before."""
    bounce = read_bounce(PLAIN.replace("\n", "\r\n").encode())
    assert bounce is not None
    assert bounce.message_id == "<r2@judge.test>" and "gone@example.com" in bounce.recipients
    assert bounce.subject == "JUDGE:game1 - S1901M Results"
    assert bounce.reason.startswith("550 5.1.1 <gone@example.com>: Recipient address rejected")


def test_a_plain_notice_without_a_copy_quotes_the_subject() -> None:
    head, _, _ = PLAIN.partition("------ This is a copy")
    head = head.replace(
        "Mail delivery failed: returning message to sender",
        "Undeliverable: JUDGE:game1 - S1901M Results",
    )
    bounce = read_bounce(head.replace("\n", "\r\n").encode())
    assert bounce is not None and bounce.message_id is None
    assert bounce.recipients == ("gone@example.com",)
    assert bounce.subject == "JUDGE:game1 - S1901M Results"


def test_an_away_message_is_no_bounce() -> None:
    away = PLAIN.replace("MAILER-DAEMON@mx.example.com", "anna@example.com").replace(
        "Mail delivery failed: returning message to sender", "Out of office"
    )
    assert read_bounce(away.encode()) is None


def test_a_second_round_of_replies_with_nothing_to_read_is_not_answered(engine) -> None:  # noqa: ANN001
    """The loop stop (tests/integration/test_robot_loop.py), without cutting players off:
    a person's "Thanks!" to the answer to their orders is answered, as every mail is;
    a mail with nothing to read that replies to the judge's answer to such a mail (a
    responder answering the judge, which answered it) is not."""
    _, (answer,) = _deliver(engine, make_mail(FRANCE, ORDERS))
    thread = {"In-Reply-To": answer["Message-ID"]}
    _, (thanks,) = _deliver(engine, make_mail(FRANCE, "Thanks!\n", headers=thread))
    assert "not a command" in body_of(thanks)
    second = {"In-Reply-To": thanks["Message-ID"]}
    row, replies = _deliver(engine, make_mail(FRANCE, "Thanks!\n", headers=second))
    assert row.status == PROCESSED and replies == []
    again = f"SIGNON Fgame1 {PASSWORDS['france']}\nA Mar - Spa\n"
    _, (reply,) = _deliver(engine, make_mail(FRANCE, again, headers=second))
    assert "Accepted: A mar - spa" in body_of(reply)
    # A first mail, or a reply to anything but an answer, still gets its answer.
    _, (first,) = _deliver(engine, make_mail(FRANCE, "Thanks!\n"))
    assert "not a command" in body_of(first)


@pytest.mark.parametrize(
    "headers",
    [LIST, {"Subject": "Out of office: orders"}, "answer"],
    ids=["list", "away-subject", "reply-to-an-answer"],
)
def test_orders_without_a_signon_are_refused_with_their_reason(engine, headers) -> None:  # noqa: ANN001
    """Order lines are never passed over in silence: without a SIGNON they are refused,
    and the refusal is answered, whatever marks the mail carries."""
    subject = "orders"
    if headers == "answer":
        _, (answer,) = _deliver(engine, make_mail(FRANCE, ORDERS))
        headers = {"In-Reply-To": answer["Message-ID"]}
    elif "Subject" in headers:
        subject, headers = headers["Subject"], {}
    raw = make_mail(FRANCE, "A Mar - Spa\nThanks!\n", subject=subject, headers=headers)
    _, (reply,) = _deliver(engine, raw)
    assert "A Mar - Spa" in body_of(reply) and "SIGNON" in body_of(reply)
