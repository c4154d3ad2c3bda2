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


def test_a_revocation_added_on_one_daemon_reaches_the_keyring_of_another(session) -> None:  # noqa: ANN001
    """Two daemons on one database, each with its own state directory: the key, and
    later its revocation, are added with `judge gm add` on the first; the second's
    keyring gets both from the database before it checks a signature."""
    from judge.masters.authority import add_game_master, authenticate_gm_mail

    signer = fresh_signer()
    homes = [short_home("ja-"), short_home("jb-")]
    try:
        here, there = (Keyring(Path(h) / "gnupg") for h in homes)
        now = datetime.now(UTC)
        add_game_master(session, here, "gm@example.org", signer.public_key(), now)
        first = pgp_mime_mail(signer, "START alpha")
        second = pgp_mime_mail(signer, "START beta")  # signed before the revocation
        assert authenticate_gm_mail(session, first, there, now, timedelta(days=1)).ok

        certificate = Path(signer.home, "openpgp-revocs.d", f"{signer.fingerprint}.rev")
        text = certificate.read_text()
        assert signer.gpg.import_keys(text[text.index(":-----BEGIN") + 1 :]).count == 1
        add_game_master(session, here, "gm@example.org", signer.public_key(), now)
        result = authenticate_gm_mail(session, second, there, now, timedelta(days=1))
        assert result.status is Status.KEY_UNUSABLE
        assert "revoked" in result.message
    finally:
        for home in [signer.home, *(str(Path(h) / "gnupg") for h in homes), *homes]:
            remove_home(home)
