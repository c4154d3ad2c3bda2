"""A master's mail signed with S/MIME (the Sign button of Outlook without GpgOL, of
Apple Mail without GPG Suite, of Thunderbird with an X.509 certificate).

Before, such a mail was read as if it had no signature at all: the master, who had
signed it, read only "this command needs a mail signed with your registered key"
under each command.  Now the reply says the mail is signed with S/MIME, which the
judge does not check, and that game-master commands need OpenPGP; the mail is read as
unsigned, as before (nothing in it is obeyed as a master's), its other lines run."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

import pytest
from gpg_helpers import headers
from sqlmodel import Session

from judge.game.games import find_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402

AT = NOW + timedelta(hours=1)
TEXT = b"GAME game1\r\nSET NOLIST\r\nSIGNON Fgame1 paris11\r\nA Par - Bur\r\n"
P7S = b"MIAGCSqGSIb3DQEHAqCAMIACAQExDzANBglghkgBZQMEAgEFADCABgkqhkiG9w0BBwEAAKCCA\r\n"


def _detached(protocol: str) -> bytes:
    content_type = f'multipart/signed; protocol="{protocol}"; micalg=sha-256; boundary="b1"'
    body = (
        b"This is an S/MIME signed message\r\n--b1\r\n"
        b'Content-Type: text/plain; charset="us-ascii"\r\n\r\n' + TEXT + b"\r\n--b1\r\n"
        b"Content-Type: " + protocol.encode() + b'; name="smime.p7s"\r\n'
        b"Content-Transfer-Encoding: base64\r\n"
        b'Content-Disposition: attachment; filename="smime.p7s"\r\n\r\n' + P7S + b"\r\n--b1--\r\n"
    )
    return headers("gm@example.org", content_type) + body


@pytest.mark.parametrize(
    "protocol", ["application/pkcs7-signature", "application/x-pkcs7-signature"]
)
def test_an_smime_signed_mail_is_answered_with_the_reason(gm_engine, config, protocol) -> None:
    deliver(gm_engine, _detached(protocol), config, now=AT)
    replies = [m for m in outbox(gm_engine) if m["In-Reply-To"]]
    text = body_of(replies[0])
    assert "> (S/MIME signature)" in text, text
    assert "signed with S/MIME" in text and "OpenPGP" in text, text
    assert "(the signature of this mail was not accepted; see above)" in text, text
    assert "Signed on as France" in text, text  # the other lines run
    with Session(gm_engine) as session:
        assert not find_game(session, "game1").unlisted


def test_an_unsigned_mail_says_nothing_of_signatures(gm_engine, config) -> None:
    raw = headers("gm@example.org", 'text/plain; charset="us-ascii"') + TEXT
    deliver(gm_engine, raw, config, now=AT)
    text = body_of([m for m in outbox(gm_engine) if m["In-Reply-To"]][0])
    assert "S/MIME" not in text and "(OpenPGP signature)" not in text, text


def test_an_opaque_smime_mail_is_answered_with_the_reason(gm_engine, config) -> None:
    """``application/pkcs7-mime; smime-type=signed-data``: the text is inside the
    PKCS #7 data, which the judge does not open; the reply still says why."""
    content_type = (
        'application/pkcs7-mime; smime-type=signed-data; name="smime.p7m"\r\n'
        "Content-Transfer-Encoding: base64"
    )
    deliver(gm_engine, headers("gm@example.org", content_type) + P7S, config, now=AT)
    text = body_of([m for m in outbox(gm_engine) if m["In-Reply-To"]][0])
    assert "> (S/MIME signature)" in text and "signed with S/MIME" in text, text
