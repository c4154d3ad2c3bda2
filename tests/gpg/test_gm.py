"""The game-master registry, authorisation and replay protection, on SQLite."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from gpg_helpers import Signer, inline_mail, pgp_mime_mail, plain_mail
from sqlmodel import Session, select

from judge.masters.authority import (
    GameMaster,
    GameMasterError,
    UsedSignature,
    add_game_master,
    authenticate_gm_mail,
    authorise,
    check_and_record,
    forget_used_signatures,
    is_registered,
    list_game_masters,
    normalise_address,
    remove_game_master,
)
from judge.masters.signatures import Keyring, KeyringError, Status, verify_mail

WINDOW = timedelta(days=2)


def now() -> datetime:
    return datetime.now(UTC)


@pytest.fixture
def empty_keyring(judge_home: Path) -> Keyring:
    return Keyring(judge_home / "gnupg")


def test_keyring_directory_is_private(judge_home: Path) -> None:
    home = judge_home / "state" / "gnupg"
    Keyring(home)
    assert home.is_dir()
    assert home.stat().st_mode & 0o777 == 0o700


def test_normalise_address() -> None:
    assert normalise_address("Game Master <GM@Example.ORG>") == "gm@example.org"
    assert normalise_address("  gm@example.org ") == "gm@example.org"
    with pytest.raises(GameMasterError):
        normalise_address("not an address")


def test_add_list_remove(session: Session, empty_keyring: Keyring, gm: Signer) -> None:
    record = add_game_master(session, empty_keyring, "GM@example.org", gm.public_key(), now())
    assert record.address == "gm@example.org"
    assert record.fingerprint == gm.fingerprint
    assert empty_keyring.has_key(gm.fingerprint)
    assert [r.address for r in list_game_masters(session)] == ["gm@example.org"]
    assert is_registered(session, "gm@example.org", gm.fingerprint)

    again = add_game_master(session, empty_keyring, "gm@example.org", gm.public_key(), now())
    assert again.id == record.id
    assert len(list_game_masters(session)) == 1

    assert remove_game_master(session, empty_keyring, "gm@example.org") == [gm.fingerprint]
    assert list_game_masters(session) == []
    assert not empty_keyring.has_key(gm.fingerprint)
    with pytest.raises(GameMasterError):
        remove_game_master(session, empty_keyring, "gm@example.org")


def test_key_shared_by_two_addresses_stays_until_both_go(
    session: Session, empty_keyring: Keyring, gm: Signer
) -> None:
    add_game_master(session, empty_keyring, "gm@example.org", gm.public_key(), now())
    add_game_master(session, empty_keyring, "gm@other.example", gm.public_key(), now())
    remove_game_master(session, empty_keyring, "gm@example.org")
    assert empty_keyring.has_key(gm.fingerprint)
    remove_game_master(session, empty_keyring, "gm@other.example")
    assert not empty_keyring.has_key(gm.fingerprint)


def test_remove_one_key_of_several(
    session: Session, empty_keyring: Keyring, gm: Signer, second_gm: Signer
) -> None:
    """Key rotation: add the new key, then retire the old one."""
    add_game_master(session, empty_keyring, "gm@example.org", gm.public_key(), now())
    add_game_master(session, empty_keyring, "gm@example.org", second_gm.public_key(), now())
    spaced = " ".join(gm.fingerprint[i : i + 4] for i in range(0, 40, 4)).lower()
    assert remove_game_master(session, empty_keyring, "gm@example.org", spaced) == [gm.fingerprint]
    assert is_registered(session, "gm@example.org", second_gm.fingerprint)
    assert not is_registered(session, "gm@example.org", gm.fingerprint)
    assert not empty_keyring.has_key(gm.fingerprint)
    assert empty_keyring.has_key(second_gm.fingerprint)
    with pytest.raises(GameMasterError, match="with key"):
        remove_game_master(session, empty_keyring, "gm@example.org", gm.fingerprint)


def test_refuses_secret_keys(session: Session, empty_keyring: Keyring, gm: Signer) -> None:
    with pytest.raises(KeyringError, match="secret"):
        add_game_master(session, empty_keyring, "gm@example.org", gm.secret_key(), now())
    assert empty_keyring.public_keys() == []
    assert list_game_masters(session) == []


def test_refuses_two_keys_or_none(
    session: Session, empty_keyring: Keyring, gm: Signer, stranger: Signer
) -> None:
    with pytest.raises(KeyringError, match="exactly one"):
        add_game_master(
            session, empty_keyring, "gm@example.org", gm.public_key() + stranger.public_key(), now()
        )
    with pytest.raises(KeyringError, match="exactly one"):
        add_game_master(session, empty_keyring, "gm@example.org", b"no key here", now())
    assert empty_keyring.public_keys() == []


def test_authorise_needs_the_key_registered_for_the_sender(
    session: Session, keyring: Keyring, gm: Signer, second_gm: Signer
) -> None:
    add_game_master(session, keyring, gm.address, gm.public_key(), now())
    add_game_master(session, keyring, second_gm.address, second_gm.public_key(), now())

    own = verify_mail(pgp_mime_mail(gm, "PAUSE alpha"), keyring, now(), WINDOW)
    assert authorise(session, own).status is Status.GOOD

    # gm's key, but the mail claims to come from the second game master
    borrowed = verify_mail(
        pgp_mime_mail(gm, "PAUSE alpha", sender=second_gm.address), keyring, now(), WINDOW
    )
    assert borrowed.ok  # the signature itself is fine ...
    refused = authorise(session, borrowed)
    assert refused.status is Status.NOT_GAME_MASTER  # ... but not for that address
    assert "not registered" in refused.message
    # the transport may pass the envelope sender explicitly
    assert authorise(session, borrowed, sender=gm.address).ok


def test_authorise_leaves_failures_alone(session: Session, keyring: Keyring) -> None:
    unsigned = verify_mail(plain_mail("gm@example.org", "PAUSE"), keyring, now(), WINDOW)
    assert authorise(session, unsigned).status is Status.UNSIGNED


def test_replay_is_refused(session: Session, keyring: Keyring, gm: Signer) -> None:
    raw = inline_mail(gm, "PROCESS alpha S1901M")
    first = check_and_record(session, verify_mail(raw, keyring, now(), WINDOW))
    assert first.ok
    stored = session.exec(select(UsedSignature)).all()
    assert [row.replay_key for row in stored] == [first.replay_key]
    assert stored[0].fingerprint == gm.fingerprint

    second = check_and_record(session, verify_mail(raw, keyring, now(), WINDOW))
    assert second.status is Status.REPLAYED
    assert "already used" in second.message
    assert len(session.exec(select(UsedSignature)).all()) == 1


def test_replay_record_follows_the_callers_transaction(
    session: Session, keyring: Keyring, gm: Signer
) -> None:
    raw = pgp_mime_mail(gm, "START alpha")
    assert check_and_record(session, verify_mail(raw, keyring, now(), WINDOW)).ok
    session.rollback()  # the command failed: the signature was not used
    assert check_and_record(session, verify_mail(raw, keyring, now(), WINDOW)).ok
    session.commit()
    assert (
        check_and_record(session, verify_mail(raw, keyring, now(), WINDOW)).status
        is Status.REPLAYED
    )


def test_failed_verifications_are_not_recorded(
    session: Session, keyring: Keyring, stranger: Signer
) -> None:
    result = check_and_record(
        session, verify_mail(pgp_mime_mail(stranger, "START"), keyring, now(), WINDOW)
    )
    assert result.status is Status.UNKNOWN_KEY
    assert session.exec(select(UsedSignature)).all() == []


def test_authenticate_gm_mail_end_to_end(
    session: Session, keyring: Keyring, gm: Signer, stranger: Signer
) -> None:
    add_game_master(session, keyring, gm.address, gm.public_key(), now())
    raw = pgp_mime_mail(gm, "CREATE game alpha")

    def outcome(mail: bytes) -> Status:
        return authenticate_gm_mail(session, mail, keyring, now(), WINDOW).status

    assert outcome(raw) is Status.GOOD
    assert outcome(raw) is Status.REPLAYED
    assert outcome(plain_mail(gm.address, "CREATE game alpha")) is Status.UNSIGNED
    assert outcome(pgp_mime_mail(stranger, "CREATE game alpha")) is Status.UNKNOWN_KEY
    assert outcome(raw.replace(b"alpha", b"omega")) is Status.BAD
    old = pgp_mime_mail(gm, "CREATE game beta", at=now() - timedelta(days=3))
    assert outcome(old) is Status.EXPIRED
    assert len(session.exec(select(UsedSignature)).all()) == 1
    assert session.exec(select(GameMaster)).one().fingerprint == gm.fingerprint


def test_forget_used_signatures(session: Session) -> None:
    base = datetime(2026, 11, 1, tzinfo=UTC)
    for day in range(5):
        session.add(
            UsedSignature(
                replay_key=f"{day:064d}",
                fingerprint="F" * 40,
                signed_at=base + timedelta(days=day),
                seen_at=base + timedelta(days=day),
            )
        )
    session.flush()
    assert forget_used_signatures(session, base + timedelta(days=2)) == 2
    left = sorted(row.replay_key for row in session.exec(select(UsedSignature)).all())
    assert left == [f"{day:064d}" for day in (2, 3, 4)]


def test_a_keyring_gnupg_cannot_update_still_gets_the_mail_checked(
    session: Session, keyring: Keyring, gm: Signer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The registered keys are merged into the keyring before each check; a GnuPG that
    fails there must not make the signed mail raise (it would be quarantined, not
    answered): the check goes on with the keyring as it is."""
    add_game_master(session, keyring, gm.address, gm.public_key(), now())

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("gpg is gone")

    monkeypatch.setattr(keyring.gpg, "import_keys", broken)
    raw = pgp_mime_mail(gm, "CREATE game gamma")
    assert authenticate_gm_mail(session, raw, keyring, now(), WINDOW).status is Status.GOOD
