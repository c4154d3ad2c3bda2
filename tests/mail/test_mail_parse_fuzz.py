"""Property tests: parse_incoming never raises, whatever the bytes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.mail.html_text import html_to_text
from judge.mail.parse import IncomingMail, parse_incoming

HEADER_NAMES = [
    "From", "Reply-To", "Subject", "Message-ID", "In-Reply-To", "References", "Content-Type",
    "Content-Transfer-Encoding", "Content-Disposition", "Auto-Submitted", "Precedence",
    "Return-Path", "List-Id", "MIME-Version",
]  # fmt: skip
VALUES = st.one_of(
    st.binary(max_size=80),
    st.sampled_from(
        [
            b"multipart/mixed; boundary=x",
            b'multipart/alternative; boundary="x"',
            b"text/html; charset=utf-16",
            b'text/plain; charset="bogus"',
            b"base64",
            b"quoted-printable",
            b"=?utf-8?b?////?=",
            b"=?x-unknown?q?=FF?=",
            b"<>",
            b'"a" <@>',
            b"attachment; filename*=utf-8''%FF",
        ]
    ),
)
BODY_PIECES = st.one_of(
    st.binary(max_size=200),
    st.sampled_from(
        [
            b"--x\r\nContent-Type: text/plain\r\n\r\n",
            b"--x--\r\n",
            b"-----BEGIN PGP SIGNED MESSAGE-----\r\n",
            b"-----BEGIN PGP SIGNATURE-----\r\n-----END PGP SIGNATURE-----\r\n",
            b"> quoted\r\n",
            b"-- \r\n",
            b"<p><blockquote><script>",
            b"=\r\n=ZZ",
        ]
    ),
)


def _check(mail: IncomingMail) -> None:
    assert isinstance(mail, IncomingMail)
    assert isinstance(mail.body_text, str) and isinstance(mail.subject, str)
    assert "\n" not in mail.subject and "\r" not in mail.subject


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=2000))
def test_arbitrary_bytes(raw: bytes) -> None:
    _check(parse_incoming(raw, "judge@example.org", 1000))


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(HEADER_NAMES), VALUES), max_size=10),
    st.lists(BODY_PIECES, max_size=12),
    st.integers(min_value=0, max_value=5000),
)
def test_mail_shaped_bytes(headers: list[tuple[str, bytes]], body: list[bytes], limit: int) -> None:
    raw = b"".join(n.encode() + b": " + v + b"\r\n" for n, v in headers) + b"\r\n" + b"".join(body)
    _check(parse_incoming(raw, "judge@example.org", limit))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=500))
def test_html_to_text_never_raises(html: str) -> None:
    assert isinstance(html_to_text(html), str)
