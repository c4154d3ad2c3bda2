"""A master's signed mail that holds an earlier signed mail (forwarded below the new
lines, or quoted with ``>``), by signed mail through the real path.

Before, a forwarded earlier clear-signed block inside a new inline-signed mail (gpg
escapes its armour lines as ``- -----BEGIN ...``; the signed text has them back)
ran the earlier mail's commands again under the new signature: its PAUSE paused the
game though each signed command runs once (docs/game-masters.md), and its armour
lines were refused as "not a command", flagging the reply as an error.  A quoted one
(``> -----BEGIN PGP SIGNED MESSAGE-----``) flagged the reply the same way.  Now the
earlier mail is not read, and the reply says so once."""

from __future__ import annotations

import itertools
import sys
from datetime import datetime, timedelta
from pathlib import Path

from gpg_helpers import Signer, inline_mail, pgp_mime_mail
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.config import Config
from judge.game.games import find_game
from judge.store.models import ACTIVE

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402

_ids = itertools.count(1)
NOTE = "not read: a signed mail quoted or forwarded in yours"


def _send(engine: Engine, config: Config, raw: bytes, at: datetime):  # type: ignore[no-untyped-def]
    raw = raw.replace(b"<test@example.org>", f"<e{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return outbox(engine)[-1]


def _game(engine: Engine):  # type: ignore[no-untyped-def]
    with Session(engine, expire_on_commit=False) as session:
        return find_game(session, "game1")


def _earlier(gm: Signer, at: datetime) -> str:
    return gm.clearsign(b"GAME game1\nPAUSE\n", at=at).decode()


def test_a_forwarded_earlier_signed_mail_is_not_run_again(gm_engine, config, gm) -> None:
    at = NOW + timedelta(hours=1)
    text = f"GAME game1\nSET NOLIST\n\n---------- Forwarded message ---------\n{_earlier(gm, at)}"
    reply = _send(gm_engine, config, inline_mail(gm, text, at=at), at)
    body = body_of(reply)
    assert NOTE in body, body
    assert body.count(NOTE) == 1
    assert "[Error Flag]" not in reply["Subject"], body
    game = _game(gm_engine)
    assert game.unlisted and game.status == ACTIVE  # the earlier PAUSE did not run


def test_a_quoted_earlier_signed_mail_flags_no_error(gm_engine, config, gm) -> None:
    at = NOW + timedelta(hours=1)
    quoted = "".join(f"> {line}\n" for line in _earlier(gm, at).splitlines())
    text = f"GAME game1\nSET NOLIST\n\nOn Sat, Game Master <gm@example.org> wrote:\n{quoted}"
    reply = _send(gm_engine, config, pgp_mime_mail(gm, text, at=at), at)
    body = body_of(reply)
    assert "[Error Flag]" not in reply["Subject"], body
    assert "*** Refused" not in body
    game = _game(gm_engine)
    assert game.unlisted and game.status == ACTIVE
