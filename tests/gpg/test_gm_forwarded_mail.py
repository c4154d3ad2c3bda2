"""A master's signed mail that forwards a player's mail below the master's own lines,
in the forms mail programs write above it, by signed mail through the real path.

Before, Gmail's ``---------- Forwarded message ---------``, Apple Mail's ``Begin
forwarded message:`` and Thunderbird's ``-------- Forwarded Message --------`` lost
their header block and the forwarded mail was run under the master's signature: the
player's ``PAUSE`` paused the game, their ``SIGNON`` and orders were stored, and the
player's own words were refused ("not a command").  A short ``---- Forwarded ----``
was passed over as a greeting, the mail below it left without a word.  A forwarded
mail is quoted material, as ``>`` lines and an earlier signed mail are
(docs/game-masters.md, "Only signed text counts"): none of it runs, and the reply says
so once, on the line that began it."""

from __future__ import annotations

import itertools
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from gpg_helpers import inline_mail, pgp_mime_mail
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.config import Config
from judge.game.games import current_orders, find_game
from judge.store.models import ACTIVE

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, PASSWORDS, body_of, deliver, outbox  # noqa: E402

_ids = itertools.count(1)
NOTE = "not read: the mail below this line"
PLAYER_MAIL = (
    "From: Italy Player <italy@players.test>\n"
    "Date: Sat, 21 Nov 2026 10:00\n"
    "Subject: please pause\n"
    "To: gm@example.org\n"
    "\n"
    "Could you pause the game for me?\n"
    "PAUSE\n"
    f"SIGNON Igame1 {PASSWORDS['italy']}\n"
    "A Ven-Tyr\n"
)
MARKERS = [
    "---------- Forwarded message ---------",  # Gmail
    "Begin forwarded message:",  # Apple Mail
    "-------- Forwarded Message --------",  # Thunderbird
    "-------- Original Message --------",  # older Thunderbird, K-9 Mail
    "---- Forwarded ----",
]


def _send(engine: Engine, config: Config, raw: bytes, at: datetime):  # type: ignore[no-untyped-def]
    raw = raw.replace(b"<test@example.org>", f"<f{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return outbox(engine)[-1]


@pytest.mark.parametrize("form", [inline_mail, pgp_mime_mail])
@pytest.mark.parametrize("marker", MARKERS)
def test_a_forwarded_players_mail_is_not_run(gm_engine, config, gm, marker, form) -> None:
    at = NOW + timedelta(hours=1)
    text = f"GAME game1\nSET NOLIST\n\n{marker}\n{PLAYER_MAIL}"
    reply = _send(gm_engine, config, form(gm, text, at=at), at)
    body = body_of(reply).replace("\r\n", "\n")
    assert f"> {marker}\n  {NOTE}" in body, body
    assert body.count(NOTE) == 1
    assert "PAUSE" not in body and "Signed on" not in body
    assert "[Error Flag]" not in reply["Subject"], body
    with Session(gm_engine, expire_on_commit=False) as session:
        game = find_game(session, "game1")
        assert game.unlisted and game.status == ACTIVE  # the master's line ran, not PAUSE
        assert not current_orders(session, game.id, game.phase, "italy")


def test_a_quoted_forward_line_does_not_cut_the_masters_lines(gm_engine, config, gm) -> None:
    """A forward line inside ``>`` quotes is the quoted mail's: the master's lines
    written below the quote are read."""
    at = NOW + timedelta(hours=1)
    text = (
        "On Sat, Italy Player <italy@players.test> wrote:\n"
        "> ---------- Forwarded message ---------\n"
        "> PAUSE\n"
        "\n"
        "GAME game1\n"
        "SET NOLIST\n"
    )
    reply = _send(gm_engine, config, inline_mail(gm, text, at=at), at)
    body = body_of(reply)
    assert NOTE not in body and "*** Refused" not in body, body
    with Session(gm_engine, expire_on_commit=False) as session:
        game = find_game(session, "game1")
        assert game.unlisted and game.status == ACTIVE


def test_a_mail_forwarded_in_a_broadcast_is_the_message(gm_engine, config, gm) -> None:
    """Inside a ``MASTER BROADCAST`` block the forwarded mail is what the master
    sends (its header lines left out, as in any mail); the lines after ``ENDPRESS``
    are the master's."""
    at = NOW + timedelta(hours=1)
    text = (
        "GAME game1\nMASTER BROADCAST\nFYI, from Italy:\n"
        "---------- Forwarded message ---------\n"
        "From: Italy Player <italy@players.test>\nSubject: hi\n\n"
        "I will attack Austria.\nENDPRESS\nSET NOLIST\n"
    )
    reply = _send(gm_engine, config, inline_mail(gm, text, at=at), at)
    body = body_of(reply)
    assert NOTE not in body and "*** Refused" not in body, body
    broadcast = [m for m in outbox(gm_engine) if "Broadcast" in str(m["Subject"])]
    assert broadcast and "I will attack Austria." in body_of(broadcast[0])
    with Session(gm_engine, expire_on_commit=False) as session:
        assert find_game(session, "game1").unlisted
