"""A mail read twice in a row (processing, then keeping its text) is read once; the
second reader gets its own copy, equal to a fresh reading."""

from __future__ import annotations

import judge.mail.parse as parse
from judge.mail.parse import parse_incoming

RAW = (
    b"From: Ann <ann@example.org>\r\nTo: judge@example.org\r\nSubject: orders\r\n"
    b"Message-ID: <m1@example.org>\r\nReferences: <r1@example.org>\r\n\r\n"
    b"SIGNON Fgame1 secret\r\nA Par - Bur\r\n"
)


def test_second_reading_is_an_equal_copy(monkeypatch) -> None:  # noqa: ANN001
    first = parse_incoming(RAW, "judge@example.org", 100_000)
    calls: list[bytes] = []
    real = parse._parse
    monkeypatch.setattr(parse, "_parse", lambda raw, *a: calls.append(raw) or real(raw, *a))
    again = parse_incoming(bytes(RAW), "judge@example.org", 100_000)
    assert calls == []  # not read again
    assert again == first and again is not first
    first.too_large, first.size = True, 1
    first.references.append("<x@example.org>")
    assert again == parse._parse(RAW, "judge@example.org", 100_000)  # untouched


def test_other_bytes_or_bounds_are_read_anew(monkeypatch) -> None:  # noqa: ANN001
    parse_incoming(RAW, "judge@example.org", 100_000)
    calls: list[int] = []
    real = parse._parse
    monkeypatch.setattr(parse, "_parse", lambda raw, j, m: calls.append(m) or real(raw, j, m))
    headers_only = parse_incoming(RAW, "judge@example.org", 0)
    assert headers_only.too_large and headers_only.body_text == ""
    other = parse_incoming(RAW.replace(b"Bur", b"Pic"), "judge@example.org", 0)
    assert "Pic" not in other.body_text
    assert calls == [0, 0]
