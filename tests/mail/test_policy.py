"""The header factory of outgoing mail writes the same bytes as the standard one,
also when a header object it keeps stands in several mails."""

from __future__ import annotations

from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import SMTP, SMTPUTF8, default

from judge.mail.policy import (
    CACHED_HEADERS,
    POLICY,
    SMTP_OUT,
    SMTPUTF8_OUT,
    FoldingPolicy,
    HeaderFactory,
)

HEADERS = [
    ("From", "The Judge <judge@example.org>"),
    ("To", 'Jörg Müller <joerg@example.de>, "Smith, John" <js@example.com>'),
    ("Subject", "Bestellungen für Frühling " * 8),
    ("In-Reply-To", "<a.1@example.com>"),
    ("References", " ".join(f"<ref.{n}@example.com>" for n in range(20))),
    ("Auto-Submitted", "auto-replied"),
]


def _mail(policy: object, headers: list[tuple[str, object]]) -> EmailMessage:
    msg = EmailMessage(policy=policy)  # type: ignore[arg-type]
    for name, value in headers:
        msg[name] = value
    msg.set_content("Orders für Österreich\n" + "x" * 100 + "\n", charset="utf-8")
    return msg


def test_same_bytes_as_the_standard_policy_twice_over() -> None:
    addresses = [("Cc", [Address("Ann Example", "ann", "example.org")])]
    for out in (SMTP, SMTPUTF8):
        want = _mail(default, [*HEADERS, *addresses]).as_bytes(policy=out)
        first = _mail(POLICY, [*HEADERS, *addresses]).as_bytes(policy=out)
        again = _mail(POLICY, [*HEADERS, *addresses]).as_bytes(policy=out)
        assert first == want
        assert again == want


def test_folding_once_writes_the_standard_bytes() -> None:
    """The folded text a header object keeps is the one for the policy asked: a mail
    written for SMTPUTF8 after SMTP (and again) gets SMTPUTF8's folding."""
    addresses = [("Cc", [Address("Ann Exämple", "ann", "example.org")])]
    narrow = FoldingPolicy(linesep="\r\n", max_line_length=40)
    for _ in range(2):
        for kept, standard in ((SMTP_OUT, SMTP), (SMTPUTF8_OUT, SMTPUTF8), (narrow, None)):
            standard = standard or SMTP.clone(max_line_length=40)
            want = _mail(default, [*HEADERS, *addresses]).as_bytes(policy=standard)
            assert _mail(POLICY, [*HEADERS, *addresses]).as_bytes(policy=kept) == want


def test_header_objects_are_kept_and_reused() -> None:
    factory = HeaderFactory()
    one = factory("To", "a@example.org")
    assert factory("To", "a@example.org") is one
    assert factory("to", "a@example.org") is not one  # the name as given is kept
    assert factory("To", [Address("", "a", "example.org")]) is factory(
        "To", [Address("", "a", "example.org")]
    )
    assert factory("To", [Address("B", "a", "example.org")]) != factory(
        "To", [Address("", "a", "example.org")]
    )


def test_kept_headers_are_bounded() -> None:
    """At most two generations are kept: a value not used again is dropped after
    twice CACHED_HEADERS new values, one used in every generation is kept."""
    factory = HeaderFactory()
    first = factory("Subject", "s 0")
    kept = factory("From", "The Judge <judge@example.org>")
    for n in range(1, 2 * CACHED_HEADERS + 1):
        factory("Subject", f"s {n}")
        if n % (CACHED_HEADERS // 2) == 0:
            assert factory("From", "The Judge <judge@example.org>") is kept
        assert len(factory._headers) + len(factory._older) <= 2 * CACHED_HEADERS
    assert factory("From", "The Judge <judge@example.org>") is kept
    assert factory("Subject", "s 0") is not first
    assert factory("Subject", "s 0") == first
