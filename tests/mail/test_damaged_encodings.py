"""A text part whose transfer encoding is damaged or whose labels lie, read through
the real path (a real SQLite file, ``store_inbound`` and ``process_inbound``).

Before: base64 cut one character past a whole group (a mail cut short) was not
decoded at all, and its encoded text was refused line by line as "not a command";
plain text labelled base64, or ASCII labelled UTF-16, was decoded into gibberish
and refused the same way.  Now the base64 is decoded as far as it goes, and a
label the bytes cannot fit is not believed.
"""

from __future__ import annotations

import base64
from pathlib import Path

from sqlmodel import Session

from judge.game.games import current_orders, find_game
from tests.commands.helpers import PASSWORDS, add_game, body_of, deliver, migrated_engine, outbox

ORDERS = f"SIGNON Fgame1 {PASSWORDS['france']}\r\nA Par-Bur\r\nA Mar-Spa\r\nF Bre-Mao\r\n"


def _mail(content_headers: str, body: bytes) -> bytes:
    head = (
        "From: france@players.test\r\nTo: judge@judge.test\r\nSubject: orders\r\n"
        "Message-ID: <damaged.1@players.test>\r\nMIME-Version: 1.0\r\n"
    )
    return (head + content_headers + "\r\n\r\n").encode() + body


def _applied(tmp_path: Path, raw: bytes) -> tuple[set[str], str]:
    """France's stored orders after the mail, and the reply."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, raw)
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None and game.id is not None
        rows = current_orders(session, game.id, game.phase, "france")
        return {row.canonical for row in rows.values()}, body_of(outbox(engine)[-1])


def test_base64_cut_short_is_read_as_far_as_it_goes(tmp_path: Path):
    encoded = base64.b64encode(ORDERS.encode())
    assert len(encoded.rstrip(b"=")) % 4 != 1
    cut = encoded[: len(encoded) - len(encoded) % 4 - 3]  # a group and one character
    assert len(cut) % 4 == 1
    orders, reply = _applied(
        tmp_path,
        _mail("Content-Type: text/plain\r\nContent-Transfer-Encoding: base64", cut + b"\r\n"),
    )
    assert {"A par - bur", "A mar - spa"} <= orders, reply


def test_plain_text_labelled_base64_is_read_as_written(tmp_path: Path):
    orders, reply = _applied(
        tmp_path,
        _mail("Content-Type: text/plain\r\nContent-Transfer-Encoding: base64", ORDERS.encode()),
    )
    assert orders == {"A par - bur", "A mar - spa", "F bre - mao"}, reply


def test_ascii_labelled_utf16_is_read_as_written(tmp_path: Path):
    orders, reply = _applied(
        tmp_path, _mail("Content-Type: text/plain; charset=utf-16", ORDERS.encode())
    )
    assert orders == {"A par - bur", "A mar - spa", "F bre - mao"}, reply


def test_true_utf16_is_still_read(tmp_path: Path):
    body = base64.encodebytes(ORDERS.encode("utf-16"))
    orders, reply = _applied(
        tmp_path,
        _mail(
            "Content-Type: text/plain; charset=utf-16\r\nContent-Transfer-Encoding: base64", body
        ),
    )
    assert orders == {"A par - bur", "A mar - spa", "F bre - mao"}, reply


def test_utf7_decoding_to_a_lone_surrogate_is_answered(tmp_path: Path):
    """UTF-7 can encode half of a surrogate pair, which no mail can carry: the reply
    quoting it could not be written, and the mail was quarantined unanswered."""
    body = ORDERS.encode() + b"+2co- PRESS\r\n"
    orders, reply = _applied(tmp_path, _mail("Content-Type: text/plain; charset=utf-7", body))
    assert orders == {"A par - bur", "A mar - spa", "F bre - mao"}, reply
