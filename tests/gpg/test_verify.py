"""verify_mail with real GnuPG signatures: each status, and only signed text counts."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta

import pytest
from gpg_helpers import (
    Signer,
    headers,
    inline_mail,
    inner_part,
    multipart_signed,
    pgp_mime_mail,
    plain_mail,
    signed_content_type,
)

from judge.masters.signatures import Form, Keyring, Status, verify_mail

WINDOW = timedelta(days=2)
COMMAND = "CREATE game alpha\nVARIANT standard\nPRESS white  \n- a dashed line\nFrom here on"


def now() -> datetime:
    return datetime.now(UTC)


def check(raw: bytes, keyring: Keyring, at: datetime | None = None):
    return verify_mail(raw, keyring, at or now(), WINDOW)


def expected_text(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.split("\n"))


def test_pgp_mime_good(keyring: Keyring, gm: Signer) -> None:
    result = check(pgp_mime_mail(gm, COMMAND), keyring)
    assert result.status is Status.GOOD, result
    assert result.ok
    assert result.form is Form.PGP_MIME
    # the primary key, not the signing subkey
    assert result.fingerprint == gm.fingerprint
    assert gm.signing_fingerprint != gm.fingerprint
    assert result.text == expected_text(COMMAND)
    assert result.sender == "gm@example.org"
    assert result.signed_at is not None
    assert abs(result.signed_at - now()) < timedelta(minutes=1)
    assert result.replay_key and len(result.replay_key) == 64
    assert "good" in result.message.lower()


def test_pgp_mime_good_after_lf_delivery(keyring: Keyring, gm: Signer) -> None:
    """Local delivery often stores mail with LF endings; the signature covers CRLF."""
    raw = pgp_mime_mail(gm, COMMAND).replace(b"\r\n", b"\n")
    assert check(raw, keyring).status is Status.GOOD


def test_pgp_mime_good_from_a_key_without_subkeys(keyring: Keyring, second_gm: Signer) -> None:
    result = check(pgp_mime_mail(second_gm, "PAUSE alpha"), keyring)
    assert result.status is Status.GOOD
    assert result.fingerprint == second_gm.fingerprint


def test_pgp_mime_built_with_the_email_package(keyring: Keyring, gm: Signer) -> None:
    """A message assembled by Python's generator, as some clients do, still verifies."""
    from email import message_from_bytes, policy
    from email.message import EmailMessage, MIMEPart

    inner = inner_part("START alpha")
    outer = EmailMessage(policy=policy.SMTP)
    outer["From"] = gm.address
    outer["To"] = "judge@example.net"
    outer["Subject"] = "start"
    outer.set_type("multipart/signed")
    outer.set_param("protocol", "application/pgp-signature")
    outer.set_param("micalg", "pgp-sha256")
    outer.attach(message_from_bytes(inner, policy=policy.SMTP))
    sig = MIMEPart(policy=policy.SMTP)
    sig.set_content(
        gm.detach_sign(inner).decode("ascii"), subtype="pgp-signature", cte="7bit"
    )  # set_content gives text/pgp-signature; fix the maintype below
    sig.replace_header("Content-Type", "application/pgp-signature")
    outer.attach(sig)
    raw = outer.as_bytes(policy=policy.SMTP)
    assert inner in raw
    result = check(raw, keyring)
    assert result.status is Status.GOOD, result
    assert result.text == "START alpha"


def test_inline_good(keyring: Keyring, gm: Signer) -> None:
    text = COMMAND + "\nBROADCAST Grüße an alle — ÿ"
    result = check(inline_mail(gm, text), keyring)
    assert result.status is Status.GOOD, result
    assert result.form is Form.INLINE
    assert result.fingerprint == gm.fingerprint
    assert result.text == expected_text(text)


def test_unsigned(keyring: Keyring) -> None:
    result = check(plain_mail("gm@example.org", "CREATE game alpha"), keyring)
    assert result.status is Status.UNSIGNED
    assert result.text is None
    assert "not signed" in result.message


def test_unknown_key_pgp_mime(keyring: Keyring, stranger: Signer) -> None:
    result = check(pgp_mime_mail(stranger, COMMAND), keyring)
    assert result.status is Status.UNKNOWN_KEY
    assert result.text is None
    # gpg names the issuing (signing) key; nothing more can be known without the key
    assert result.fingerprint == stranger.signing_fingerprint
    assert "does not know" in result.message
    assert result.fingerprint[:4] in result.message


def test_unknown_key_inline(keyring: Keyring, stranger: Signer) -> None:
    result = check(inline_mail(stranger, COMMAND), keyring)
    assert result.status is Status.UNKNOWN_KEY
    assert result.text is None


def test_tampered_pgp_mime_body(keyring: Keyring, gm: Signer) -> None:
    raw = pgp_mime_mail(gm, "PROCESS alpha S1901M")
    tampered = raw.replace(b"S1901M", b"F1901M")
    assert tampered != raw
    result = check(tampered, keyring)
    assert result.status is Status.BAD
    assert result.text is None
    assert "altered" in result.message


def test_tampered_inline_body(keyring: Keyring, gm: Signer) -> None:
    raw = inline_mail(gm, "EJECT france")
    tampered = raw.replace(b"france", b"england")
    assert tampered != raw
    assert check(tampered, keyring).status is Status.BAD


def dearmored(armored: bytes) -> bytes:
    lines = armored.split(b"\n")
    body = [x for x in lines[lines.index(b"") + 1 :] if x and not x.startswith((b"=", b"-"))]
    return base64.b64decode(b"".join(body))


def armor(packets: bytes) -> bytes:
    encoded = base64.encodebytes(packets)
    return b"-----BEGIN PGP SIGNATURE-----\n\n" + encoded + b"-----END PGP SIGNATURE-----\n"


def test_tampered_signature(keyring: Keyring, gm: Signer) -> None:
    inner = inner_part("TERMINATE alpha")
    packets = bytearray(dearmored(gm.detach_sign(inner)))
    packets[-3] ^= 0x01  # a bit of the signature value itself (the last MPI)
    raw = headers(gm.address, signed_content_type()) + multipart_signed(inner, armor(packets))
    result = check(raw, keyring)
    assert result.status is Status.BAD
    assert result.text is None


def test_signature_from_another_mail(keyring: Keyring, gm: Signer) -> None:
    """A good signature over different content does not vouch for this content."""
    signature = gm.detach_sign(inner_part("PAUSE alpha"))
    raw = headers(gm.address, signed_content_type()) + multipart_signed(
        inner_part("TERMINATE alpha"), signature
    )
    assert check(raw, keyring).status is Status.BAD


def test_signed_long_ago_is_expired(keyring: Keyring, gm: Signer) -> None:
    made = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)
    for raw in (pgp_mime_mail(gm, COMMAND, at=made), inline_mail(gm, COMMAND, at=made)):
        result = check(raw, keyring, at=made + WINDOW + timedelta(minutes=1))
        assert result.status is Status.EXPIRED, result
        assert result.signed_at == made
        assert "2026-01-10 12:00:00 UTC" in result.message
        assert "outside the accepted window" in result.message
        # the same mail is fine when checked inside the window
        assert check(raw, keyring, at=made + WINDOW - timedelta(minutes=1)).ok


def test_signed_in_the_future_is_expired(keyring: Keyring, gm: Signer) -> None:
    raw = pgp_mime_mail(gm, COMMAND)
    assert check(raw, keyring, at=now() - timedelta(hours=1)).status is Status.EXPIRED
    assert check(raw, keyring, at=now() - timedelta(minutes=5)).status is Status.GOOD


def test_naive_now_is_taken_as_utc(keyring: Keyring, gm: Signer) -> None:
    naive = datetime.now(UTC).replace(tzinfo=None)
    assert verify_mail(pgp_mime_mail(gm, COMMAND), keyring, naive, WINDOW).ok


def test_unsigned_trailing_part_is_ignored(keyring: Keyring, gm: Signer) -> None:
    """A list footer or an attacker's addition outside the signed part does not count."""
    inner = inner_part("START alpha")
    signed_entity = f"Content-Type: {signed_content_type()}\r\n\r\n".encode() + multipart_signed(
        inner, gm.detach_sign(inner)
    )
    raw = (
        headers(gm.address, 'multipart/mixed; boundary="outer"')
        + b"--outer\r\n"
        + signed_entity
        + b"\r\n--outer\r\nContent-Type: text/plain\r\n\r\nTERMINATE alpha\r\n"
        + b"--outer--\r\n"
    )
    result = check(raw, keyring)
    assert result.status is Status.GOOD, result
    assert result.text == "START alpha"
    assert "TERMINATE" not in result.text


def test_epilogue_after_signed_parts_is_ignored(keyring: Keyring, gm: Signer) -> None:
    raw = pgp_mime_mail(gm, "START alpha") + b"TERMINATE alpha\r\n"
    result = check(raw, keyring)
    assert result.ok
    assert result.text == "START alpha"


def test_inline_text_around_the_block_is_ignored(keyring: Keyring, gm: Signer) -> None:
    raw = inline_mail(
        gm,
        "PAUSE alpha",
        before="TERMINATE alpha\n\n",
        after="\nTERMINATE beta\n-- \nsent from my phone\n",
    )
    result = check(raw, keyring)
    assert result.status is Status.GOOD, result
    assert result.text == "PAUSE alpha"


def test_only_the_first_inline_block_counts(keyring: Keyring, gm: Signer) -> None:
    first = gm.clearsign(b"PAUSE alpha").decode()
    second = gm.clearsign(b"TERMINATE alpha").decode()
    raw = plain_mail(gm.address, first + "\n" + second)
    result = check(raw, keyring)
    assert result.ok
    assert result.text == "PAUSE alpha"


def test_signed_text_of_a_multipart_signed_part(keyring: Keyring, gm: Signer) -> None:
    """Signed content may itself be multipart: text plus HTML, or an attachment."""
    inner = (
        b'Content-Type: multipart/alternative; boundary="alt"\r\n\r\n'
        b"--alt\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nRESUME alpha\r\n"
        b"--alt\r\nContent-Type: text/html\r\n\r\n<p>TERMINATE alpha</p>\r\n"
        b"--alt--\r\n"
    )
    raw = headers(gm.address, signed_content_type()) + multipart_signed(
        inner, gm.detach_sign(inner)
    )
    result = check(raw, keyring)
    assert result.ok, result
    assert result.text == "RESUME alpha"


@pytest.mark.parametrize("clearsign", [False, True])
def test_signed_message_as_signature_is_refused(
    keyring: Keyring, gm: Signer, clearsign: bool
) -> None:
    """gpg --verify would check the data inside a signed message, not the MIME part."""
    message = gm.gpg.sign(b"TERMINATE alpha", keyid=gm.fingerprint, clearsign=clearsign).data
    raw = headers(gm.address, signed_content_type()) + multipart_signed(
        inner_part("START alpha"), message
    )
    assert check(raw, keyring).status is Status.BAD


def test_good_and_unknown_signatures_together_are_not_good(
    keyring: Keyring, gm: Signer, stranger: Signer
) -> None:
    inner = inner_part("START alpha")
    packets = dearmored(stranger.detach_sign(inner)) + dearmored(gm.detach_sign(inner))
    raw = headers(gm.address, signed_content_type()) + multipart_signed(inner, armor(packets))
    assert check(raw, keyring).status is not Status.GOOD
    # and the good signature alone is good: the refusal is due to the other one
    alone = dearmored(gm.detach_sign(inner))
    raw = headers(gm.address, signed_content_type()) + multipart_signed(inner, armor(alone))
    assert check(raw, keyring).ok


def test_replay_key_identifies_the_signed_command(keyring: Keyring, gm: Signer) -> None:
    """Signed a minute ago: gpg freezes a faked time only when it is not the current
    second (gpg_helpers.faked_time), and a signature made at the current second
    could be stamped with the next one (about once in 75 runs: ``first`` and
    ``again`` then had different replay keys)."""
    made = now().replace(microsecond=0) - timedelta(minutes=1)
    first = check(pgp_mime_mail(gm, "START alpha", at=made), keyring)
    again = check(pgp_mime_mail(gm, "START alpha", at=made), keyring)
    later = check(pgp_mime_mail(gm, "START alpha", at=made + timedelta(seconds=1)), keyring)
    other = check(pgp_mime_mail(gm, "START beta", at=made), keyring)
    assert first.ok and again.ok and later.ok and other.ok
    assert first.replay_key == again.replay_key
    assert first.replay_key != later.replay_key
    assert first.replay_key != other.replay_key


def test_replay_key_survives_rewrapping(keyring: Keyring, gm: Signer) -> None:
    """The same clear-signed block with an extra armor header is the same command."""
    block = gm.clearsign(b"PROCESS alpha S1901M")
    rewrapped = block.replace(
        b"-----BEGIN PGP SIGNATURE-----\n", b"-----BEGIN PGP SIGNATURE-----\nComment: hi\n"
    )
    assert rewrapped != block
    first = check(plain_mail(gm.address, block.decode()), keyring)
    second = check(plain_mail(gm.address, rewrapped.decode()), keyring)
    assert first.ok and second.ok
    assert first.replay_key == second.replay_key


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"\x00\xff" * 100,
        b"From: x\r\n\r\n-----BEGIN PGP SIGNED MESSAGE-----\r\nHash: SHA256\r\n\r\nhi\r\n",
        b"From: x\r\n\r\n-----BEGIN PGP SIGNED MESSAGE-----\r\n\r\nhi\r\n"
        b"-----BEGIN PGP SIGNATURE-----\r\n\r\nnot base64!\r\n-----END PGP SIGNATURE-----\r\n",
        b"Content-Type: multipart/signed\r\n\r\nno boundary",
        b'Content-Type: multipart/signed; boundary="x"; protocol="application/pgp-signature"'
        b"\r\n\r\n--x\r\nhello\r\n--x\r\n\r\n--x--\r\n",
        b'Content-Type: multipart/signed; boundary="x"; protocol="application/pgp-signature"'
        b"\r\n\r\n--x\r\nhello\r\n--x\r\nContent-Type: application/pgp-signature\r\n\r\n"
        b"-----BEGIN PGP SIGNATURE-----\r\n\r\nAAAA\r\n-----END PGP SIGNATURE-----\r\n--x--\r\n",
        b'Content-Type: multipart/mixed; boundary="a"\r\n\r\n--a\r\n'
        b'Content-Type: multipart/mixed; boundary="a"\r\n\r\n--a\r\n' * 20,
    ],
)
def test_garbage_never_raises(keyring: Keyring, raw: bytes) -> None:
    result = check(raw, keyring)
    assert result.status in (Status.UNSIGNED, Status.BAD)
    assert result.text is None
