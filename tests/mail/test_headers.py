"""``clean_headers``: what an outgoing mail's headers become before it is queued (the
safety net of judge.store.mail.enqueue), and that clean headers are left as they are."""

from __future__ import annotations

from email.headerregistry import Address
from email.message import EmailMessage

from judge.mail.headers import clean_headers
from judge.mail.policy import POLICY, SMTP_OUT


def _mail(**headers: object) -> EmailMessage:
    msg = EmailMessage(policy=POLICY)
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content("text\n")
    return msg


def test_clean_headers_are_left_as_the_same_objects() -> None:
    msg = _mail(
        From="The Judge <judge@example.org>",
        To="player@example.com",
        Subject="Re: orders for alpha",
        In_Reply_To="<a.1@example.com>",
        References="<a.0@example.com> <a.1@example.com>",
        Auto_Submitted="auto-replied",
    )
    before = {name: msg[name] for name in msg}
    written = msg.as_bytes(policy=SMTP_OUT)
    clean_headers(msg)
    assert {name: msg[name] for name in msg} == before
    assert all(msg[name] is header for name, header in before.items())
    assert msg.as_bytes(policy=SMTP_OUT) == written


def test_unsafe_values_are_rebuilt() -> None:
    msg = _mail(
        To=[Address("Ann", "ann", "Example.ORG"), Address("Bad", "bad..dots", "example.org")],
        Subject="hello\tthere\x07" + "x" * 300,
        References="<a@example.com> junk <b@example.com>",
        In_Reply_To="not an id",
    )
    clean_headers(msg)
    assert str(msg["To"]) == "Ann <ann@example.org>"
    assert str(msg["Subject"]) == "hello there " + "x" * 188
    assert str(msg["References"]) == "<a@example.com> <b@example.com>"
    assert msg["In-Reply-To"] is None


def test_headers_left_empty_are_dropped() -> None:
    msg = _mail(To="undisclosed-recipients:;", References="nothing plain")
    clean_headers(msg)
    assert msg["To"] is None and msg["References"] is None
