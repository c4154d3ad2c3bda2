"""Mails whose MIME structure is broken or odd, read through the real path (a real
SQLite file, the inbox's ``store_inbound`` and ``process_inbound``).

Before: a multipart without its boundary, or whose declared boundary is not the one
in its body, was read as holding no text ("Your mail held no commands"); the text of
parts nested deeper than 20 was dropped the same way; and a mail nested so deep that
Python's parser gave up (a thousand levels) was not answered at all, its sender
unread.  Now the first two are read, and the last is answered that it could not be
read.
"""

from __future__ import annotations

import time
from pathlib import Path

from sqlmodel import Session

from judge.mail.parse import parse_incoming
from tests.commands.helpers import (
    JUDGE,
    PASSWORDS,
    add_game,
    body_of,
    deliver,
    migrated_engine,
    outbox,
)

ORDERS = f"SIGNON Fgame1 {PASSWORDS['france']}\r\nA Par-Bur\r\nA Mar-Spa\r\n"
TEXT_PART = b"Content-Type: text/plain; charset=utf-8\r\n\r\n" + ORDERS.encode()


def _mail(entity: bytes) -> bytes:
    """A mail from France whose top entity (its content headers, a blank line and its
    body) is ``entity``."""
    head = (
        "From: france@players.test\r\nTo: judge@judge.test\r\nSubject: orders\r\n"
        "Message-ID: <broken.1@players.test>\r\nMIME-Version: 1.0\r\n"
    )
    return head.encode() + entity


def _nested(depth: int) -> bytes:
    """The orders' text part inside ``depth`` multiparts."""
    entity = TEXT_PART
    for level in range(depth):
        mark = f"level{level}".encode()
        entity = (b'Content-Type: multipart/mixed; boundary="' + mark + b'"\r\n\r\n--' + mark) + (
            b"\r\n" + entity + b"\r\n--" + mark + b"--\r\n"
        )
    return entity


def _one_part(declared: str) -> bytes:
    """A multipart of one text part between ``--xyz`` lines, declared with ``declared``
    as its Content-Type parameters."""
    return (
        f"Content-Type: multipart/mixed{declared}\r\n\r\n".encode()
        + b"--xyz\r\n"
        + TEXT_PART
        + b"\r\n--xyz--\r\n"
    )


def _read(entity: bytes) -> list[str]:
    text = parse_incoming(_mail(entity), JUDGE, 10_000_000).body_text
    return [line for line in text.split("\n") if line]


def test_parts_nested_fifty_deep_are_read():
    assert _read(_nested(50))[1:] == ["A Par-Bur", "A Mar-Spa"]


def test_a_multipart_without_its_boundary_is_read_by_the_boundary_in_its_body():
    assert _read(_one_part(""))[1:] == ["A Par-Bur", "A Mar-Spa"]


def test_a_multipart_whose_boundary_is_not_in_its_body_is_read_by_the_one_there():
    assert _read(_one_part('; boundary="other"'))[1:] == ["A Par-Bur", "A Mar-Spa"]


def test_a_multipart_without_any_boundary_line_is_read_as_text():
    entity = b"Content-Type: multipart/mixed\r\n\r\n" + ORDERS.encode()
    assert _read(entity)[1:] == ["A Par-Bur", "A Mar-Spa"]


def test_orders_in_a_multipart_without_its_boundary_are_applied(tmp_path: Path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, _mail(_one_part("")))
    reply = body_of(outbox(engine)[-1])
    assert "Accepted: A par - bur" in reply and "Accepted: A mar - spa" in reply


def test_a_mail_too_deep_for_the_parser_is_answered_that_it_was_not_read(tmp_path: Path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, _mail(_nested(1000)))
    replies = outbox(engine)
    assert [r["To"] for r in replies] == ["france@players.test"]
    assert "[Error Flag]" in str(replies[0]["Subject"])
    assert "could not be read" in body_of(replies[0])


def _timed_read(entity: bytes) -> float:
    started = time.monotonic()
    parse_incoming(_mail(entity), JUDGE, 10_000_000)
    return time.monotonic() - started


def test_a_multipart_without_boundary_of_many_dash_lines_is_read_quickly():
    """Each ``--`` line is looked for again once, not once per line (a mail of
    100,000 of them took minutes)."""
    body = "".join(f"--m{n}\r\n" for n in range(100_000)).encode()
    assert _timed_read(b"Content-Type: multipart/mixed\r\n\r\n" + body) < 5


def test_broken_multiparts_inside_each_other_are_mended_a_few_times_only():
    """Every part a multipart without its boundary, inside the one before: each
    mending reads its part again, so only the first few are mended."""
    entity = b"x\r\n" * 200_000
    for level in range(200):
        mark = f"--z{level}".encode()
        entity = b"Content-Type: multipart/mixed\r\n\r\n" + mark + b"\r\n" + entity + b"\r\n"
        entity += mark + b"--\r\n"
    assert _timed_read(entity) < 5
