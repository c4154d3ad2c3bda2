"""The registered keys are brought into the daemon's keyring (authority.sync_keyring)
before each signed mail is checked, but handed to GnuPG only when they changed.

Before, every signed mail imported every registered key again: with 50 masters' keys
that was about 0.3-0.5 s of GnuPG per signed mail (ten times the signature check
itself, measured on this project's machine).  Now the keyring's home records which
keys it last took and the key file as it was then: the same keys again cost nothing,
and a key added (or refreshed with its revocation) from another daemon's state, or a
key file lost or changed, is merged at the next signed mail."""

from __future__ import annotations

import itertools
import sys
from datetime import datetime, timedelta
from pathlib import Path

import gnupg
from gpg_helpers import Signer, pgp_mime_mail, remove_home, short_home
from sqlmodel import Session

from judge.masters.authority import add_game_master
from judge.masters.signatures import Keyring

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402

_ids = itertools.count(1)


def _send(engine, config, signer: Signer, text: str, at: datetime) -> str:  # type: ignore[no-untyped-def]
    raw = pgp_mime_mail(signer, text, at=at)
    raw = raw.replace(b"<test@example.org>", f"<k{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return body_of(outbox(engine)[-1])


def test_the_same_keys_are_imported_once_and_a_new_one_at_the_next_mail(
    gm_engine, config, gm, stranger, monkeypatch
) -> None:
    imports: list[str] = []
    real = gnupg.GPG.import_keys

    def counted(self, key_data, *args, **kwargs):  # type: ignore[no-untyped-def]
        imports.append(str(self.gnupghome))
        return real(self, key_data, *args, **kwargs)

    monkeypatch.setattr(gnupg.GPG, "import_keys", counted)
    at = NOW + timedelta(hours=1)
    for second in range(3):
        when = at + timedelta(seconds=second)
        body = _send(gm_engine, config, gm, "GAME game1\nSET NOLIST\n", when)
        assert "Signature good" in body, body
    assert len(imports) == 1  # the first mail's merge; the keys did not change since

    other_daemon = short_home("jo-")
    try:  # `judge gm add` run with another daemon's state directory
        with Session(gm_engine) as session:
            ring = Keyring(Path(other_daemon) / "gnupg")
            add_game_master(session, ring, stranger.address, stranger.public_key(), NOW)
            session.commit()
    finally:
        remove_home(str(Path(other_daemon) / "gnupg"))
        remove_home(other_daemon)
    imports.clear()
    body = _send(gm_engine, config, stranger, "CREATE beta\n", at + timedelta(seconds=5))
    assert "Signature good" in body and "Game beta created" in body, body
    assert len(imports) == 1


def test_a_lost_key_file_is_filled_again(gm_engine, config, gm, judge_home) -> None:
    """The record of the keys merged names the key file as it was: a keyring emptied
    since (a restored backup, a deleted file) takes the keys again."""
    at = NOW + timedelta(hours=1)
    assert "Signature good" in _send(gm_engine, config, gm, "GAME game1\nSET NOLIST\n", at)
    (judge_home / "gnupg" / "pubring.kbx").unlink()
    later = at + timedelta(seconds=1)
    assert "Signature good" in _send(gm_engine, config, gm, "GAME game1\nSET LIST\n", later)
