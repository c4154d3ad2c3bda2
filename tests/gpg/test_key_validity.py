"""Signatures by keys that have expired or been revoked are refused as key_unusable."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import gnupg
from gpg_helpers import Signer, faked_time, pgp_mime_mail, remove_home, short_home

from judge.masters.signatures import Keyring, Status, verify_mail


def fresh_signer(expire_date: str | int = 0) -> Signer:
    home = short_home()
    gpg = gnupg.GPG(gnupghome=home)
    key = gpg.gen_key(
        gpg.gen_key_input(
            key_type="EDDSA",
            key_curve="ed25519",
            key_usage="sign,cert",
            name_real="Short Lived",
            name_email="gm@example.org",
            expire_date=expire_date,
            creation_date="20250101T000000",
            no_protection=True,
        )
    )
    if not key.fingerprint:
        remove_home(home)
        raise AssertionError(key.stderr)
    return Signer(gpg, home, key.fingerprint, key.fingerprint, "gm@example.org")


def test_revoked_key(judge_home: Path) -> None:
    signer = fresh_signer()
    try:
        raw = pgp_mime_mail(signer, "START alpha")  # signed before the revocation
        keyring = Keyring(judge_home / "gnupg")
        keyring.import_public_key(signer.public_key())
        assert verify_mail(raw, keyring, datetime.now(UTC), timedelta(days=1)).ok

        # gpg writes a revocation certificate at key creation, guarded by a leading ':'
        certificate = Path(signer.home, "openpgp-revocs.d", f"{signer.fingerprint}.rev")
        text = certificate.read_text()
        armored = text[text.index(":-----BEGIN") + 1 :]
        assert signer.gpg.import_keys(armored).count == 1
        keyring.import_public_key(signer.public_key())  # the administrator refreshes the key

        result = verify_mail(raw, keyring, datetime.now(UTC), timedelta(days=1))
        assert result.status is Status.KEY_UNUSABLE
        assert result.text is None
        assert "revoked" in result.message
    finally:
        remove_home(signer.home)


def test_expired_key(judge_home: Path) -> None:
    signer = fresh_signer(expire_date="150d")
    try:
        made = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
        signer.gpg.options = faked_time(made)  # the key must look valid while signing
        raw = pgp_mime_mail(signer, "START alpha", at=made)
        signer.gpg.options = None
        keyring = Keyring(judge_home / "gnupg")
        keyring.import_public_key(signer.public_key())
        result = verify_mail(raw, keyring, made + timedelta(hours=1), timedelta(days=1))
        assert result.status is Status.KEY_UNUSABLE, result
        assert "expired" in result.message
    finally:
        remove_home(signer.home)
