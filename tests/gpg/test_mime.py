"""Finding signed bytes in MIME structures, and format=flowed text."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gpg_helpers import Signer, headers, multipart_signed, signed_content_type

from judge.mail.flowed import unflow
from judge.masters.signatures import Keyring, verify_mail
from judge.masters.signatures.mime import find_detached, split_multipart


def test_split_multipart_keeps_exact_bytes() -> None:
    body = (
        b"preamble\r\n--b  \r\nfirst\r\n\r\n--bb is not a delimiter\r\n"
        b"--b\r\nsecond\r\n--b--\r\nepilogue"
    )
    assert split_multipart(body, "b") == [
        b"first\r\n\r\n--bb is not a delimiter",
        b"second",
    ]
    assert split_multipart(b"--b\r\n\r\n--b--", "b") == [b""]
    assert split_multipart(b"--b\r\nno end", "b") is None


def test_find_detached_needs_the_pgp_protocol() -> None:
    body = multipart_signed(b"Content-Type: text/plain\r\n\r\nhi", b"sig")
    smime = 'multipart/signed; protocol="application/pkcs7-signature"; boundary="sig-b0undary"'
    assert find_detached(headers("a@b.c", smime) + body) is None
    found = find_detached(headers("a@b.c", signed_content_type()) + body)
    assert found is not None
    assert found.content == b"Content-Type: text/plain\r\n\r\nhi"
    assert found.signature.strip() == b"sig"


def test_unflow() -> None:
    assert unflow("CREATE game alpha \nvariant standard\nnext") == (
        "CREATE game alpha variant standard\nnext"
    )
    assert unflow("abc \ndef", delsp=True) == "abcdef"
    assert unflow(" From here\n-- \nsig") == "From here\n-- \nsig"
    assert unflow("> quoted \n> more\nplain") == ">quoted more\nplain"


def test_flowed_pgp_mime_text_is_unflowed(keyring: Keyring, gm: Signer) -> None:
    inner = (
        b"Content-Type: text/plain; charset=utf-8; format=flowed\r\n"
        b"Content-Transfer-Encoding: 7bit\r\n\r\n"
        b"SET DEADLINE alpha \r\n2026-12-01 18:00\r\n From the start\r\n"
    )
    raw = headers(gm.address, signed_content_type()) + multipart_signed(
        inner, gm.detach_sign(inner)
    )
    result = verify_mail(raw, keyring, datetime.now(UTC), timedelta(hours=1))
    assert result.ok, result
    assert result.text == "SET DEADLINE alpha 2026-12-01 18:00\nFrom the start"


def test_html_only_signed_part_falls_back_to_its_text(keyring: Keyring, gm: Signer) -> None:
    inner = (
        b"Content-Type: text/html; charset=utf-8\r\n\r\n"
        b"<html><body><p>PAUSE alpha</p><p>RESUME beta</p></body></html>\r\n"
    )
    raw = headers(gm.address, signed_content_type()) + multipart_signed(
        inner, gm.detach_sign(inner)
    )
    result = verify_mail(raw, keyring, datetime.now(UTC), timedelta(hours=1))
    assert result.ok, result
    assert result.text is not None
    assert [line for line in result.text.split("\n") if line] == ["PAUSE alpha", "RESUME beta"]


def _signed(gm: Signer, inner: bytes) -> bytes:
    return headers(gm.address, signed_content_type()) + multipart_signed(
        inner, gm.detach_sign(inner)
    )


def test_signed_text_without_a_charset_reads_as_unsigned_mail(keyring: Keyring, gm: Signer) -> None:
    """A signed part's charset is decoded by the mail's own decoding
    (``judge.mail.mime_text.decode_part``): Windows-1252 text with no charset
    declared reads as it does in an unsigned mail, not with its letters replaced."""
    inner = b"Content-Type: text/plain\r\n\r\nSET COMMENT alpha Caf\xe9 M\xfcnchen\r\n"
    result = verify_mail(_signed(gm, inner), keyring, datetime.now(UTC), timedelta(hours=1))
    assert result.ok, result
    assert result.text == "SET COMMENT alpha Café München"


def test_signed_text_in_a_charset_that_cannot_replace_bytes_keeps_its_good_signature(
    keyring: Keyring, gm: Signer
) -> None:
    """A codec that raises on bad bytes even when told to replace them (idna) made a
    good signature BAD ('verification failed unexpectedly'); the text is now read
    with the bytes guessed, as in an unsigned mail."""
    inner = b'Content-Type: text/plain; charset="idna"\r\n\r\nPAUSE alpha \xe9\r\n'
    result = verify_mail(_signed(gm, inner), keyring, datetime.now(UTC), timedelta(hours=1))
    assert result.ok, result
    assert result.text == "PAUSE alpha é"


def test_flowed_inline_signed_text_is_read_as_signed(keyring: Keyring, gm: Signer) -> None:
    """A clear signature ignores the spaces at the ends of lines (RFC 4880, 7.1), and
    those spaces are what marks a format=flowed soft break: a space added after
    signing still verifies.  So the signed text of a flowed mail is read line by line
    as it was signed, never joined at such a space: joining would let anyone on the
    way join two signed lines ('hi' and 'ENDPRESS', a command and the next line).
    (PGP/MIME signs the part's exact bytes, spaces too, and is unflowed above.)"""
    block = gm.clearsign(b"SET DEADLINE alpha\r\n2026-12-01 18:00\r\n")
    added = block.replace(b"SET DEADLINE alpha\r\n", b"SET DEADLINE alpha \r\n")
    assert added != block
    content = b"text/plain; charset=utf-8; format=flowed\r\nContent-Transfer-Encoding: 7bit"
    raw = headers(gm.address, content.decode()) + added
    result = verify_mail(raw, keyring, datetime.now(UTC), timedelta(hours=1))
    assert result.ok, result
    assert result.text == "SET DEADLINE alpha\n2026-12-01 18:00"
