"""What is kept of a processed mail: passwords hidden wherever a command reads one."""

from __future__ import annotations

from judge.commands.redact import mask_text, redact
from judge.runners.imap_source import FETCH_BYTES, HEADER_BYTES, fetch_batches

MAIL = (
    b"From: a@example.com\r\nTo: judge@example.org\r\nMessage-ID: <r1@example.com>\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
)


def test_every_password_line_is_masked() -> None:
    text = "\n".join(
        [
            "> SIGNON Fgame1 pw01",
            "signon france@g pw02",
            "SIGNON: Fgame1 pw09",  # a colon after the word, and a slip in it
            "SINGON Fgame1 pw10",
            "SET PASWORD pw11",
            "JOIN g2 pw03 France Italy",
            "REGISTER",
            "Name: Ada",
            "Pass word : pw04",
            "pw05",
            "END",
            "SET PASSWORD pw06",
            "RESIGN g pw07",
            "New Password: pw08",
            "PRESS TO ALL",
            "hello there",
            "ENDPRESS",
            "A Par - Bur",
        ]
    )
    masked = mask_text(text)
    for n in range(1, 12):
        assert f"pw{n:02}" not in masked
    assert "> SIGNON Fgame1 ********" in masked
    assert "JOIN g2 ******** France Italy" in masked
    assert "hello there" in masked and "A Par - Bur" in masked  # HELLO is no SIGNON here


def test_redact_keeps_the_header_and_the_decoded_text() -> None:
    import base64

    raw = MAIL + base64.encodebytes(b"SIGNON Fgame1 s3cr3tpw\nA Par - Bur\n")
    kept = redact(raw, "judge@example.org", 10**6)
    assert b"Message-ID: <r1@example.com>" in kept
    assert b"SIGNON Fgame1 ********\nA Par - Bur" in kept
    assert b"s3cr3tpw" not in kept and b"base64" not in kept


def test_fetch_batches_bound_bytes_and_fetch_big_mail_alone() -> None:
    mib = 1024 * 1024
    sized = [(1, mib), (2, mib), (3, 3 * mib), (4, 30 * mib), (5, 10)]
    batches = fetch_batches(sized, max_bytes=5 * mib)
    assert [[uid for uid, _ in b] for b in batches] == [[1, 2], [3, 4, 5]]
    assert all(
        sum(min(s, HEADER_BYTES) if s > 5 * mib else s for _, s in b) <= FETCH_BYTES
        for b in batches
    )
    assert len(fetch_batches([(n, 10) for n in range(250)], mib)) == 3  # 100 at most


def test_a_password_in_the_subject_is_not_kept() -> None:
    """A newcomer writes the SIGNON in the subject: the kept header hides it too."""
    raw = (
        b"From: a@example.com\r\nTo: judge@example.org\r\nSubject: SIGNON Fgame1 pw21\r\n"
        b"Content-Type: text/plain\r\n\r\nA Par-Bur\r\n"
    )
    kept = redact(raw, "judge@example.org", 100_000)
    assert b"pw21" not in kept and b"Subject: SIGNON Fgame1 ********" in kept


def test_a_subject_with_8_bit_bytes_is_kept_and_masked() -> None:
    """Raw 8-bit bytes in the subject (no encoded word) come from the header parser as
    an object, not a string: masking it raised, and the mail failed in the inbox."""
    raw = (
        "From: a@example.com\r\nTo: judge@example.org\r\nSubject: SIGNON Fgame1 pw21 été\r\n"
        "Content-Type: text/plain\r\n\r\nA Par-Bur\r\n"
    ).encode()
    kept = redact(raw, "judge@example.org", 100_000)
    assert b"pw21" not in kept and b"Subject:" in kept


def test_fetch_batches_put_each_suspect_mail_in_a_fetch_of_its_own() -> None:
    sized = [(n, 10) for n in range(1, 7)]
    batches = fetch_batches(sized, max_bytes=1000, alone={3, 4})
    assert [[uid for uid, _ in b] for b in batches] == [[1, 2], [3], [4], [5, 6]]
