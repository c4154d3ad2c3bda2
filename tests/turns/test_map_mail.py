"""Results and start mails carry the map: drawn once per game and phase, inline in
the HTML part (cid:) and attached, with the credit line in both parts."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from sqlmodel import Session

import judge.game.processing
from judge.game.processing import process_phase, set_game_position, starting_document
from judge.store.models import MULTIVERSE_RULES
from tests.turns.conftest import NOW, SENDER, give, new_game, outbox, text_of

CREDIT = "Map after Martin Asal (Wikimedia Commons), CC BY-SA 3.0"


def picture_parts(mail):
    """(inline image part, attached image part, html) of a mail with a map."""
    inline = attached = None
    for part in mail.walk():
        if part.get_content_type() == "image/png":
            if part.get_content_disposition() == "inline":
                inline = part
            else:
                attached = part
    html = mail.get_body(("html",)).get_content()
    return inline, attached, html


def check_map_mail(mail) -> bytes:
    inline, attached, html = picture_parts(mail)
    assert inline is not None and attached is not None
    assert mail.get_content_type() == "multipart/mixed"
    cid = inline["Content-ID"].strip("<>")
    assert f'src="cid:{cid}"' in html
    assert inline.get_content() == attached.get_content()
    assert attached.get_filename().endswith(".png")
    assert CREDIT in text_of(mail) and CREDIT in html
    png = attached.get_content()
    Image.open(io.BytesIO(png)).verify()
    return png


@pytest.fixture
def counted(monkeypatch):
    calls = []
    real = judge.game.processing.turn_picture

    def counting(*args, **kwargs):
        calls.append(args[3:])
        return real(*args, **kwargs)

    monkeypatch.setattr(judge.game.processing, "turn_picture", counting)
    return calls


def test_every_results_mail_carries_the_same_map_drawn_once(session: Session, counted) -> None:
    game = new_game(session)
    give(session, game, "france", "A par - bur", "F bre - mao")
    give(session, game, "germany", "A mun - bur")
    outcome = process_phase(session, SENDER, game, NOW)
    mails = outbox(session)
    assert len(mails) == len(outcome.mailed) == 9  # 7 players, an observer, the master
    pictures = {check_map_mail(m) for m in mails}
    assert len(pictures) == 1
    assert counted == [("turns", "S1901M")]
    assert "turns-S1901M.png" in text_of(mails[0])


def test_a_multiverse_results_mail_carries_the_grid(session: Session, counted) -> None:
    game = new_game(session, "fivedee")
    game.rules = MULTIVERSE_RULES
    set_game_position(game, starting_document("standard", MULTIVERSE_RULES, "loose", 7))
    session.flush()
    give(session, game, "germany", "A Mun - Tyr")
    process_phase(session, SENDER, game, NOW)
    mails = outbox(session)
    png = check_map_mail(mails[0])
    assert len(counted) == 1
    assert Image.open(io.BytesIO(png)).size[0] > 400
    assert re.search(r"fivedee-S1901M\.png", text_of(mails[0]))
