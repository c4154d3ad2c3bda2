"""A master who added a signing subkey to their key and signs with it before the
judge has their refreshed public key.

Before, the reply said only "signed by a key the judge does not know (fingerprint
<the new subkey's>)": a fingerprint the master does not recognise, for a key they
did register.  Now, to an address with a key registered, the reply adds that a new
subkey counts once the refreshed public key is registered (`judge gm add` again)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from gpg_helpers import Signer, make_signer, pgp_mime_mail, remove_home
from sqlmodel import Session

from judge.masters.authority import add_game_master, keyring_home
from judge.masters.signatures import Keyring

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import body_of, deliver, outbox  # noqa: E402

HINT = "send the public key with the new subkey to the judge's keeper"


@pytest.fixture
def renewed() -> Iterator[Signer]:
    signer = make_signer("Renewed Master", "renewed@example.org")
    yield signer
    remove_home(signer.home)


def _add_signing_subkey(signer: Signer) -> None:
    command = ["gpg", "--homedir", signer.home, "--batch", "--passphrase", ""]
    command += ["--pinentry-mode", "loopback", "--quick-add-key", signer.fingerprint]
    subprocess.run([*command, "ed25519", "sign", "0"], check=True, capture_output=True)


def _reply(engine, config, raw: bytes) -> str:  # type: ignore[no-untyped-def]
    deliver(engine, raw, config, now=datetime.now(UTC))
    return body_of([m for m in outbox(engine) if m["In-Reply-To"]][-1])


def test_a_new_subkey_of_a_registered_key_is_explained(gm_engine, config, judge_home, renewed):
    with Session(gm_engine) as session:
        keyring = Keyring(keyring_home(judge_home))
        now = datetime.now(UTC)
        add_game_master(session, keyring, renewed.address, renewed.public_key(), now)
        session.commit()
    _add_signing_subkey(renewed)  # gpg signs with the newest signing subkey
    text = _reply(gm_engine, config, pgp_mime_mail(renewed, "GAME game1\nPAUSE\n"))
    assert "a key the judge does not know" in text, text
    assert HINT in text, text


def test_a_stranger_is_not_told_of_subkeys(gm_engine, config, stranger) -> None:
    text = _reply(gm_engine, config, pgp_mime_mail(stranger, "LIST\n"))
    assert "a key the judge does not know" in text and HINT not in text, text
