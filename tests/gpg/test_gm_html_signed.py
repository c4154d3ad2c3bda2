"""A master's inline-signed mail sent as HTML only (a web mail's composer): the judge
checks clear-signed blocks in plain-text parts only, so the signature was not
checked, and the reply answered each command "this command needs a mail signed with
your registered key" without a word about the signature the master did send.  Now
the reply says the block was found where signatures are not checked, and what to
send instead; nothing is done, as for any unsigned mail."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

from gpg_helpers import headers
from sqlmodel import Session

from judge.game.games import find_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402


def test_a_signed_block_in_an_html_mail_is_named_in_the_reply(gm_engine, config, gm) -> None:
    at = NOW + timedelta(hours=1)
    block = gm.clearsign(b"GAME game1\nSET NOLIST\n", at=at).decode()
    html = f"<html><body><pre>{block}</pre></body></html>".replace("\n", "\r\n")
    raw = headers(gm.address, 'text/html; charset="utf-8"') + html.encode()
    deliver(gm_engine, raw, config, now=at)
    text = body_of(outbox(gm_engine)[-1]).replace("\r\n  ", " ").replace("\r\n", "\n")
    assert "> (OpenPGP signature)" in text, text
    assert "outside its plain text" in text
    assert "send it as plain text, or use PGP/MIME" in text
    with Session(gm_engine) as session:
        assert not find_game(session, "game1").unlisted
