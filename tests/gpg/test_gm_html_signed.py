"""A master's inline-signed mail sent as HTML only (a web mail's composer, with
Mailvelope's clear-signed text pasted in it, or a ``<pre>`` block).

Before, the judge looked for clear-signed blocks in plain-text parts only: the
signature was never checked, the reply named the block, and the master's commands
were refused as unsigned.  Now the text is taken from the HTML and checked: when
GnuPG finds the signature good over it, that text is exactly what was signed, and
the mail is the master's; when it is not (the composer changed the text), the reply
says the signed text could not be taken back from the HTML and the mail is read as
unsigned, as before: nothing is taken as signed that GnuPG did not check."""

from __future__ import annotations

import itertools
import sys
from datetime import timedelta
from html import escape
from pathlib import Path

from gpg_helpers import headers
from sqlmodel import Session

from judge.game.games import find_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402

_ids = itertools.count(1)
AT = NOW + timedelta(hours=1)


def _send(engine, config, html: str) -> str:  # type: ignore[no-untyped-def]
    raw = headers("gm@example.org", 'text/html; charset="utf-8"') + html.encode()
    raw = raw.replace(b"<test@example.org>", f"<h{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=AT)
    return body_of(outbox(engine)[-1]).replace("\r\n  ", " ").replace("\r\n", "\n")


def _unlisted(engine) -> bool:  # type: ignore[no-untyped-def]
    with Session(engine) as session:
        return find_game(session, "game1").unlisted


def test_a_signed_block_in_an_html_pre_is_checked(gm_engine, config, gm) -> None:
    block = gm.clearsign(b"GAME game1\nSET NOLIST\n", at=AT).decode()
    html = f"<html><body><pre>{escape(block)}</pre></body></html>".replace("\n", "\r\n")
    text = _send(gm_engine, config, html)
    assert "Signature good" in text, text
    assert _unlisted(gm_engine)


def test_a_signed_block_pasted_in_a_web_mail_composer_is_checked(gm_engine, config, gm) -> None:
    """Each line a ``<div>``, an empty line ``<div><br></div>``, as Gmail's composer
    writes what Mailvelope put in it."""
    block = gm.clearsign(b"GAME game1\nSET NOLIST\n", at=AT).decode()
    lines = "".join(f"<div>{escape(line) or '<br>'}</div>" for line in block.split("\n"))
    text = _send(gm_engine, config, f'<div dir="ltr">{lines}</div>')
    assert "Signature good" in text, text
    assert _unlisted(gm_engine)


def test_a_block_the_composer_changed_is_named_and_not_taken_as_signed(
    gm_engine, config, gm
) -> None:
    """Two blank lines the HTML cannot keep apart from one: GnuPG does not find the
    signature good over the text taken back, so the mail is read as unsigned."""
    block = gm.clearsign(b"GAME game1\n\n\nSET NOLIST\n", at=AT).decode()
    html = f"<html><body><pre>{escape(block)}</pre></body></html>"
    text = _send(gm_engine, config, html)
    assert "> (OpenPGP signature)" in text, text
    assert "could not be taken back exactly" in text
    assert "send it as plain text, or use PGP/MIME" in text
    assert "this command needs a mail signed" in text
    assert not _unlisted(gm_engine)
