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
    PlainIds,
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


def _ids(count: int, length: int, seed: int) -> str:
    """``count`` plain Message-IDs of about ``length`` characters, one space apart."""
    import random

    rng = random.Random(seed)
    return " ".join(
        "<" + "".join(rng.choice("abcdef0123456789.") for _ in range(length)) + "@example.org>"
        for _ in range(count)
    )


def test_plain_message_ids_are_kept_and_written_as_the_standard_writes_them() -> None:
    """Plain IDs skip the parser (PlainIds), and are written with the standard bytes
    wherever the standard writes them as they are (IDs up to a line long)."""
    for name in ("Message-ID", "In-Reply-To", "References"):
        for count in (1, 2, 5, 21) if name == "References" else (1,):
            for length in (5, 30, 50, 60):
                value = _ids(count, length, count * 100 + length)
                header = POLICY.header_factory(name, value)
                assert isinstance(header, PlainIds)
                assert str(header) == value
                for out in (SMTP, SMTPUTF8):
                    want = default.header_factory(name, value).fold(policy=out)
                    assert header.fold(policy=out) == want, (name, value)


def test_a_long_message_id_is_written_as_it_is_never_encoded() -> None:
    """An ID longer than a line (Gmail's are near it) stands alone on its line; the
    standard class would write it as RFC 2047 encoded-words, which no mail program
    reads as an ID, and the reply would not be threaded."""
    long_id = _ids(1, 90, 7)
    short = _ids(1, 20, 8)
    for name in ("In-Reply-To", "References"):
        value = f"{short} {long_id}" if name == "References" else long_id
        folded = POLICY.header_factory(name, value).fold(policy=SMTP)
        assert "=?" not in folded
        assert folded.split("\r\n")[-2].endswith(f" {long_id}")
        assert "=?utf-8?q?" in default.header_factory(name, value).fold(policy=SMTP)
        msg = _mail(POLICY, [(name, value)])
        assert f" {long_id}\r\n".encode() in msg.as_bytes(policy=SMTP_OUT)


def test_other_id_header_values_go_to_the_standard_classes() -> None:
    for value in ("<a@example.org> (a comment)", "<a@example.org>  <b@example.org>",
                  "<jörg@example.org>", "a@example.org", "<a@b> ", ""):  # fmt: skip
        header = POLICY.header_factory("References", value)
        assert not isinstance(header, PlainIds)
        assert header.fold(policy=SMTP) == default.header_factory("References", value).fold(
            policy=SMTP
        )
