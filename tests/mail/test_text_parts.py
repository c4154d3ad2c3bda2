"""Which parts of a MIME mail are read as its text: every plain text part of the
player's own (a mail program writing plain text around a picture puts it in two parts),
not the text of a mail forwarded inside it when there is other text, and never an
attached file, which the reply names as not read."""

from __future__ import annotations

import time

from sqlmodel import Session

from judge.mail.html_text import html_to_text
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

SIGNON = f"SIGNON Fgame1 {PASSWORDS['france']}"


def _mail(*parts: str) -> bytes:
    """A multipart/mixed mail from France with these parts (each its headers, a blank
    line and its body)."""
    head = (
        "From: france@players.test\r\nTo: judge@judge.test\r\nSubject: orders\r\n"
        "Message-ID: <parts.1@players.test>\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/mixed; boundary="XX"\r\n\r\n'
    )
    body = "".join(f"--XX\r\n{part}\r\n" for part in parts) + "--XX--\r\n"
    return (head + body).encode()


TEXT = "Content-Type: text/plain; charset=utf-8\r\n\r\n"
PICTURE = (
    "Content-Type: image/png\r\nContent-Disposition: inline; filename=map.png\r\n"
    "Content-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n"
)


def test_plain_text_on_both_sides_of_a_picture_is_read_whole() -> None:
    raw = _mail(TEXT + f"{SIGNON}\r\nA Par-Bur\r\n", PICTURE, TEXT + "A Mar-Spa\r\n")
    mail = parse_incoming(raw, JUDGE, 1_000_000)
    assert "A Par-Bur" in mail.body_text and "A Mar-Spa" in mail.body_text


def test_a_forwarded_mail_is_not_read_beside_the_players_own_text() -> None:
    forwarded = (
        "Content-Type: message/rfc822\r\n\r\nFrom: germany@players.test\r\n"
        "Subject: plans\r\nContent-Type: text/plain\r\n\r\nA Mun-Bur\r\n"
    )
    mail = parse_incoming(_mail(TEXT + "A Par-Bur\r\n", forwarded), JUDGE, 1_000_000)
    assert "A Par-Bur" in mail.body_text and "Mun" not in mail.body_text


def test_an_attached_text_file_is_named_as_not_read(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    attached = (
        "Content-Type: text/plain; charset=utf-8; name=orders.txt\r\n"
        'Content-Disposition: attachment; filename="orders.txt"\r\n\r\n'
        "A Mar-Spa\r\n"
    )
    deliver(engine, _mail(TEXT + f"{SIGNON}\r\nA Par-Bur\r\n", attached))
    text = body_of(outbox(engine)[-1])
    assert "Accepted: A par - bur" in text
    assert "(attached file orders.txt)" in text and "not read" in text
    assert "A mar - spa" not in text


def test_orders_in_an_html_table_are_read_with_the_cells_words_apart() -> None:
    """Orders pasted from a word processor as a table (a cell per word) in an HTML-only
    mail: the cells were run together ('AMar-Spa', refused as no province)."""
    html = (
        "<table><tr><td>A</td><td>Mar</td><td>-</td><td>Spa</td></tr>"
        "<tr><th>F</th><td>Bre</td><td>H</td></tr></table>"
    )
    assert html_to_text(html).splitlines() == ["A Mar - Spa", "F Bre H"]


def test_invisible_characters_copied_into_orders_are_read_as_absent(tmp_path) -> None:
    """A zero-width space or a byte-order mark copied in with an order ('A Par\\u200b-Bur')
    made a word the player cannot see is different: refused as no province."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    lines = "\ufeffA Par\u200b-Bur\nA Mar-Spa\u2060\nF Bre-M\u00adAO\n"
    raw = _mail(TEXT + f"{SIGNON}\r\n{lines}")
    deliver(engine, raw)
    text = body_of(outbox(engine)[-1])
    assert "Refused" not in text, text
    assert "Every unit has an order." in text


def test_a_long_line_broken_softly_by_a_flowed_mail_program_is_read_whole() -> None:
    """Thunderbird and Apple Mail send ``format=flowed`` and break a long line where a
    space ends it (RFC 3676): the order broken there ('F Bre S A Par -' / 'Bur') was
    read as two refused lines."""
    flowed = "Content-Type: text/plain; charset=utf-8; format=flowed\r\n\r\n"
    body = f"{SIGNON}\r\nA Par-Bur, A Mar-Spa, F Bre S A Par - \r\nBur\r\n"
    mail = parse_incoming(_mail(flowed + body), JUDGE, 1_000_000)
    assert "A Par-Bur, A Mar-Spa, F Bre S A Par - Bur" in mail.body_text.splitlines()


def test_a_mail_of_attachments_only_names_them_as_not_read(tmp_path) -> None:
    """Outlook can send the whole mail as its rich text in ``winmail.dat``
    (application/ms-tnef), with no text part: the reply said only "Your mail held no
    commands", though the player wrote orders."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    tnef = (
        "Content-Type: application/ms-tnef; name=winmail.dat\r\n"
        "Content-Transfer-Encoding: base64\r\n\r\neJ8+IhAA\r\n"
    )
    deliver(engine, _mail(tnef, PICTURE))
    text = body_of(outbox(engine)[-1])
    assert "(attached file winmail.dat)" in text and "(attached file map.png)" in text, text
    assert "not read" in text


def test_a_picture_beside_text_is_not_named() -> None:
    raw = _mail(TEXT + f"{SIGNON}\r\nA Par-Bur\r\n", PICTURE)
    assert parse_incoming(raw, JUDGE, 1_000_000).text_attachments == []


def test_a_flowed_mail_of_many_soft_breaks_is_read_quickly() -> None:
    """Joining the soft-broken lines one by one to a growing string took time
    growing as the square of the mail: near the size limit, seconds a reading (and
    a mail is read up to four times)."""
    flowed = "Content-Type: text/plain; charset=utf-8; format=flowed\r\n\r\n"
    raw = _mail(flowed + f"{SIGNON}\r\nA Par-Bur " + "x \r\n" * 1_000_000)
    started = time.monotonic()
    mail = parse_incoming(raw, JUDGE, 10_000_000)
    assert time.monotonic() - started < 2
    assert mail.body_text.splitlines()[1].startswith("A Par-Bur x x")
