"""Game masters: who may steer games, and which signed commands were already used.

A signed mail counts as a game master's only when its signature is good, was
made inside the accepted window, comes from a key registered for the mail's
sender address, and has not been used before.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import parseaddr
from pathlib import Path

from sqlalchemy import Column, DateTime, Text, UniqueConstraint
from sqlmodel import Field, Session, SQLModel, col, delete, select

from judge.masters.signatures import Keyring, Status, Verification, verify_mail
from judge.masters.signatures.verify import as_utc


class GameMaster(SQLModel, table=True):
    """A key registered for an address: mail from that address signed by that key is a GM's."""

    __tablename__ = "game_master"
    __table_args__ = (UniqueConstraint("address", "fingerprint", name="uq_game_master_key"),)

    id: int | None = Field(default=None, primary_key=True)
    address: str = Field(index=True, max_length=320)
    fingerprint: str = Field(index=True, max_length=64)
    added_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    # The armored public key as last added, so that every daemon on the database can
    # put it in its own keyring (None: registered before the key was kept here).
    public_key: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class UsedSignature(SQLModel, table=True):
    """A signed command that was already accepted once, kept to refuse replays."""

    __tablename__ = "used_signature"

    replay_key: str = Field(primary_key=True, max_length=64)
    fingerprint: str = Field(max_length=64)
    signed_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    seen_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


def keyring_home(state_dir: str | Path) -> Path:
    """Where the judge keeps game masters' public keys: ``STATE/gnupg``."""
    return Path(state_dir) / "gnupg"


class GameMasterError(Exception):
    """An administrator's request about game masters could not be carried out."""


def normalise_address(address: str) -> str:
    """The bare address, lower-cased: ``"GM <Gm@Example.org>"`` gives ``"gm@example.org"``."""
    _, bare = parseaddr(address)
    bare = bare.strip().lower()
    if "@" not in bare or bare.startswith("@") or bare.endswith("@"):
        raise GameMasterError(f"not a mail address: {address!r}")
    return bare


def add_game_master(
    session: Session, keyring: Keyring, address: str, key_data: bytes, now: datetime
) -> GameMaster:
    """Import a public key and register it for ``address``.

    Registering the same key again refreshes the key in the keyring (a new expiry
    date, say) and keeps the existing record.
    """
    bare = normalise_address(address)
    fingerprint = keyring.import_public_key(key_data)
    armored = keyring.export(fingerprint)
    same_key = list(session.exec(select(GameMaster).where(GameMaster.fingerprint == fingerprint)))
    for other in same_key:  # a refreshed key (expiry, revocation) is the key of them all
        other.public_key = armored
        session.add(other)
    existing = next((r for r in same_key if r.address == bare), None)
    if existing is not None:
        session.flush()
        return existing
    record = GameMaster(
        address=bare, fingerprint=fingerprint, added_at=as_utc(now), public_key=armored
    )
    session.add(record)
    session.flush()
    return record


def sync_keyring(session: Session, keyring: Keyring) -> None:
    """Bring every registered key, as last added, into ``keyring``: a daemon whose state
    directory is not the one ``judge gm add`` was run with knows the key all the same."""
    stored = session.exec(
        select(GameMaster.public_key).where(col(GameMaster.public_key).is_not(None)).distinct()
    )
    armored = [key for key in stored if key]
    if armored:
        keyring.merge("\n".join(armored))


def list_game_masters(session: Session) -> list[GameMaster]:
    """Every registration, by address then date added."""
    statement = select(GameMaster).order_by(col(GameMaster.address), col(GameMaster.added_at))
    return list(session.exec(statement).all())


def remove_game_master(
    session: Session,
    keyring: Keyring,
    address: str,
    fingerprint: str | None = None,
    *,
    delete_keys: bool = True,
) -> list[str]:
    """Unregister ``address`` (only its key ``fingerprint``, if given); return the fingerprints.

    With ``delete_keys`` the keys no longer registered for any address leave the
    keyring at once; callers that commit later can pass False and call
    :func:`prune_keyring` after their commit.
    """
    bare = normalise_address(address)
    statement = select(GameMaster).where(GameMaster.address == bare)
    if fingerprint is not None:
        wanted = fingerprint.replace(" ", "").upper()
        statement = statement.where(GameMaster.fingerprint == wanted)
    records = list(session.exec(statement).all())
    if not records:
        which = f" with key {fingerprint}" if fingerprint else ""
        raise GameMasterError(f"{bare} is not a game master{which}")
    fingerprints = [record.fingerprint for record in records]
    for record in records:
        session.delete(record)
    session.flush()
    if delete_keys:
        prune_keyring(session, keyring, fingerprints)
    return fingerprints


def prune_keyring(session: Session, keyring: Keyring, fingerprints: list[str]) -> list[str]:
    """Delete those of ``fingerprints`` no longer registered for anyone; return them."""
    deleted = []
    for fingerprint in fingerprints:
        still_used = session.exec(
            select(GameMaster).where(GameMaster.fingerprint == fingerprint)
        ).first()
        if still_used is None and keyring.has_key(fingerprint):
            keyring.delete(fingerprint)
            deleted.append(fingerprint)
    return deleted


def is_registered(session: Session, address: str | None, fingerprint: str | None) -> bool:
    """True when ``fingerprint`` is registered for ``address``."""
    if not address or not fingerprint:
        return False
    try:
        bare = normalise_address(address)
    except GameMasterError:
        return False
    statement = select(GameMaster).where(
        GameMaster.address == bare, GameMaster.fingerprint == fingerprint.upper()
    )
    return session.exec(statement).first() is not None


def is_game_master_address(session: Session, address: str | None) -> bool:
    """True when some key is registered for ``address`` (signed or not, the judge
    knows the address: its mail is no first contact)."""
    try:
        bare = normalise_address(address or "")
    except GameMasterError:
        return False
    statement = select(GameMaster.id).where(GameMaster.address == bare)
    return session.exec(statement).first() is not None


def authorise(
    session: Session, verification: Verification, sender: str | None = None
) -> Verification:
    """Refuse a good signature whose key is not registered for the sender.

    ``sender`` defaults to the From address found in the mail.
    """
    if verification.status is not Status.GOOD:
        return verification
    address = sender if sender is not None else verification.sender
    if is_registered(session, address, verification.fingerprint):
        return verification
    return verification.refused(Status.NOT_GAME_MASTER)


def check_and_record(
    session: Session, verification: Verification, now: datetime | None = None
) -> Verification:
    """Refuse a signature seen before (status ``replayed``); record a new good one.

    Works in the caller's transaction: the record is flushed, not committed, so
    it disappears if the caller rolls back. Two mails with the same signature
    handled at once make the second commit fail on the primary key.
    """
    if verification.status is not Status.GOOD or not verification.replay_key:
        return verification
    if session.get(UsedSignature, verification.replay_key) is not None:
        return verification.refused(Status.REPLAYED)
    seen_at = as_utc(now) if now is not None else datetime.now(UTC)
    session.add(
        UsedSignature(
            replay_key=verification.replay_key,
            fingerprint=verification.fingerprint or "",
            signed_at=verification.signed_at or seen_at,
            seen_at=seen_at,
        )
    )
    session.flush()
    return verification


def authenticate_gm_mail(
    session: Session,
    raw: bytes,
    keyring: Keyring,
    now: datetime,
    window: timedelta,
    sender: str | None = None,
) -> Verification:
    """Verify, authorise and replay-check a game master's mail in one call.

    Act on ``result.text`` only when ``result.ok``; otherwise reply with
    ``result.message``.
    """
    sync_keyring(session, keyring)
    verification = verify_mail(raw, keyring, now, window)
    verification = authorise(session, verification, sender)
    return check_and_record(session, verification, now)


def forget_used_signatures(session: Session, before: datetime) -> int:
    """Delete replay records of signatures made before ``before``; return how many.

    Safe once ``before`` is older than the acceptance window: such signatures
    are refused as expired anyway.
    """
    statement = delete(UsedSignature).where(col(UsedSignature.signed_at) < as_utc(before))
    result = session.exec(statement)  # type: ignore[call-overload]
    return int(result.rowcount or 0)
