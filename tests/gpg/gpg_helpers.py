"""GnuPG signers and signed-mail builders for the signature tests.

Each signer has its own short GNUPGHOME under /tmp (gpg-agent's socket path
must stay short); keys are ed25519 without a passphrase, created with a date in
the past so that signatures can be made at faked earlier times.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.message import MIMEPart

import gnupg

KEY_CREATION = "20250101T000000"


def short_home(prefix: str = "jg-") -> str:
    """A fresh, short-pathed directory with mode 0700."""
    return tempfile.mkdtemp(prefix=prefix, dir="/tmp")


def remove_home(home: str) -> None:
    """Stop any gpg-agent started for ``home`` and delete it."""
    subprocess.run(
        ["gpgconf", "--homedir", home, "--kill", "all"],
        check=False,
        capture_output=True,
    )
    shutil.rmtree(home, ignore_errors=True)


def faked_time(moment: datetime) -> list[str]:
    """gpg arguments that make it believe the time is ``moment`` (UTC), frozen.

    gpg freezes it only when ``moment`` is not the second gpg starts in (GnuPG's
    ``gnupg_set_time``: a faked time equal to the current one means the real clock):
    a moment in the current second runs on, and a signature may carry the next one.
    Give a moment at least a few seconds away from now."""
    return ["--faked-system-time", moment.strftime("%Y%m%dT%H%M%S") + "!"]


@dataclass
class Signer:
    """Someone with a secret key: a game master, or a stranger."""

    gpg: gnupg.GPG
    home: str
    fingerprint: str
    signing_fingerprint: str
    address: str

    def public_key(self) -> bytes:
        """The armored public key, as a key file would hold it."""
        return self.gpg.export_keys(self.fingerprint).encode("ascii")

    def secret_key(self) -> bytes:
        """The armored secret key (for tests that must refuse it)."""
        exported = self.gpg.export_keys(
            self.fingerprint, secret=True, passphrase="", expect_passphrase=False
        )
        return exported.encode("ascii")

    def clearsign(self, text: bytes, at: datetime | None = None) -> bytes:
        """Clear-sign ``text``, at the real time or at ``at``."""
        extra = faked_time(at) if at else []
        result = self.gpg.sign(text, keyid=self.fingerprint, clearsign=True, extra_args=extra)
        assert result.data, result.stderr
        return result.data

    def detach_sign(self, data: bytes, at: datetime | None = None) -> bytes:
        """An armored detached SHA-256 signature over ``data``."""
        extra = ["--digest-algo", "SHA256", *(faked_time(at) if at else [])]
        result = self.gpg.sign(data, keyid=self.fingerprint, detach=True, extra_args=extra)
        assert result.data, result.stderr
        return result.data


def make_signer(name: str, address: str, signing_subkey: bool = True) -> Signer:
    """Generate a key: an ed25519 certification key with an ed25519 signing subkey,
    or a single ed25519 key that signs itself."""
    home = short_home()
    gpg = gnupg.GPG(gnupghome=home)
    params: dict[str, object] = {
        "key_type": "EDDSA",
        "key_curve": "ed25519",
        "name_real": name,
        "name_email": address,
        "expire_date": 0,
        "creation_date": KEY_CREATION,
        "no_protection": True,
    }
    if signing_subkey:
        params.update(
            key_usage="cert", subkey_type="EDDSA", subkey_curve="ed25519", subkey_usage="sign"
        )
    else:
        params.update(key_usage="sign,cert")
    key = gpg.gen_key(gpg.gen_key_input(**params))
    assert key.fingerprint, key.stderr
    listed = gpg.list_keys(keys=[key.fingerprint])[0]
    subkeys = listed.get("subkeys") or []
    signing = subkeys[0][2] if subkeys else key.fingerprint
    return Signer(gpg, home, key.fingerprint, signing, address)


def inner_part(text: str) -> bytes:
    """A text/plain MIME part as a PGP/MIME client signs it: quoted-printable, CRLF."""
    part = MIMEPart(policy=policy.SMTP)
    part.set_content(text, cte="quoted-printable")
    return part.as_bytes(policy=policy.SMTP)


def headers(sender: str, content_type: str, subject: str = "GM command") -> bytes:
    """Top-level header lines of a mail to the judge, ending with the blank line."""
    lines = [
        f"From: Game Master <{sender}>",
        "To: judge@example.net",
        f"Subject: {subject}",
        "Date: Sat, 21 Nov 2026 03:00:00 +0000",
        "Message-ID: <test@example.org>",
        "MIME-Version: 1.0",
        f"Content-Type: {content_type}",
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii")


def multipart_signed(inner: bytes, signature: bytes, boundary: str = "sig-b0undary") -> bytes:
    """The body of a multipart/signed entity (its content type is separate)."""
    sig_part = (
        b'Content-Type: application/pgp-signature; name="signature.asc"\r\n'
        b"Content-Description: OpenPGP digital signature\r\n"
        b'Content-Disposition: attachment; filename="signature.asc"\r\n\r\n'
    ) + signature.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    b = boundary.encode("ascii")
    return (
        b"This is an OpenPGP/MIME signed message (RFC 4880 and 3156)\r\n"
        + b"--" + b + b"\r\n" + inner
        + b"\r\n--" + b + b"\r\n" + sig_part
        + b"\r\n--" + b + b"--\r\n"
    )  # fmt: skip


def signed_content_type(boundary: str = "sig-b0undary") -> str:
    """The Content-Type of a PGP/MIME signed entity."""
    return (
        f'multipart/signed; micalg=pgp-sha256; protocol="application/pgp-signature"; '
        f'boundary="{boundary}"'
    )


def pgp_mime_mail(
    signer: Signer, text: str, sender: str | None = None, at: datetime | None = None
) -> bytes:
    """A complete PGP/MIME signed mail carrying ``text``."""
    inner = inner_part(text)
    signature = signer.detach_sign(inner, at=at)
    return headers(sender or signer.address, signed_content_type()) + multipart_signed(
        inner, signature
    )


def inline_mail(
    signer: Signer,
    text: str,
    sender: str | None = None,
    at: datetime | None = None,
    before: str = "",
    after: str = "",
) -> bytes:
    """A text/plain mail whose body holds a clear-signed block, UTF-8, quoted-printable."""
    block = signer.clearsign(text.encode("utf-8"), at=at).decode("utf-8")
    part = MIMEPart(policy=policy.SMTP)
    part.set_content(before + block + after, cte="quoted-printable")
    body = part.as_bytes(policy=policy.SMTP)
    _, _, payload = body.partition(b"\r\n\r\n")
    content_type = 'text/plain; charset="utf-8"\r\nContent-Transfer-Encoding: quoted-printable'
    return headers(sender or signer.address, content_type) + payload


def plain_mail(sender: str, text: str) -> bytes:
    """An unsigned text/plain mail."""
    body = text.replace("\n", "\r\n").encode("utf-8")
    return headers(sender, 'text/plain; charset="utf-8"') + body
