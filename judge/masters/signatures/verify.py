"""Verify the OpenPGP signature of a raw mail with the judge's keyring."""

from __future__ import annotations

import email
import hashlib
import logging
import tempfile
from datetime import UTC, datetime, timedelta
from email import policy
from email.utils import getaddresses
from typing import Any

from judge.mail.mime_text import decode_bytes
from judge.masters.signatures.keyring import Keyring
from judge.masters.signatures.mime import (
    find_detached,
    find_html_signed,
    find_inline_signed,
    plain_text_of,
)
from judge.masters.signatures.packets import is_detached_signature
from judge.masters.signatures.status import Form, Status, Verification

log = logging.getLogger(__name__)

DEFAULT_FUTURE_SKEW = timedelta(minutes=10)


def verify_mail(
    raw: bytes,
    keyring: Keyring,
    now: datetime,
    window: timedelta,
    *,
    future_skew: timedelta = DEFAULT_FUTURE_SKEW,
) -> Verification:
    """Verify a mail signed with PGP/MIME or inline clear-signing (in a plain-text
    part, or else in an HTML part when the text taken from it is the signed text).

    A signature is in time when it was made no longer than ``window`` before
    ``now`` and no more than ``future_skew`` after it (clocks differ). Never
    raises: anything unreadable is ``unsigned`` (no signature found) or ``bad``.
    """
    sender = sender_address(raw)
    try:
        detached = find_detached(raw)
        clear = None if detached is not None else find_inline_signed(raw)
        in_html = detached is None and clear is None
        clear = find_html_signed(raw) if in_html else clear
    except Exception:  # a parser tripped over garbage
        log.debug("could not look for a signature", exc_info=True)
        return Verification(Status.UNSIGNED, sender=sender)
    try:
        if detached is not None:
            if not is_detached_signature(detached.signature):
                return Verification(Status.BAD, sender=sender, form=Form.PGP_MIME)
            result = _verify_detached(keyring, detached.signature, detached.content)
            form = Form.PGP_MIME
        elif clear is not None:
            result = keyring.gpg.decrypt(clear.block)
            form = Form.INLINE
        else:
            return Verification(Status.UNSIGNED, sender=sender)
        verification = _classify(result, form, sender)
        if in_html and verification.status is Status.BAD:
            # The text taken from HTML is not the signed bytes: unchecked, not altered.
            return Verification(Status.UNSIGNED, sender=sender)
        if verification.status is not Status.GOOD:
            return verification
        if detached is not None:
            text = plain_text_of(detached.content)
        else:
            text = decode_bytes(result.data, clear.charset if clear else "utf-8")
        text = normalise_text(text)
        verification = _with_text(verification, text)
        return _check_time(verification, now, window, future_skew)
    except Exception:
        log.warning("signature verification failed unexpectedly", exc_info=True)
        return Verification(Status.BAD, sender=sender)


def _verify_detached(keyring: Keyring, signature: bytes, content: bytes) -> Any:
    with tempfile.NamedTemporaryFile(prefix="sig-", suffix=".asc", dir=keyring.home) as handle:
        handle.write(signature)
        handle.flush()
        return keyring.gpg.verify_data(handle.name, content)


def _classify(result: Any, form: Form, sender: str | None) -> Verification:
    """Turn python-gnupg's verification result into a status.

    ``valid`` alone is not enough: with several signatures it describes the last
    one, so any problem reported for any of them refuses the mail.
    """
    problems = [str(problem.get("status")) for problem in result.problems]
    signed_at = _timestamp(result.sig_timestamp or result.timestamp)
    primary = result.pubkey_fingerprint or result.fingerprint
    if result.valid and not problems and primary:
        return Verification(
            Status.GOOD,
            fingerprint=str(primary).upper(),
            signed_at=signed_at,
            sender=sender,
            form=form,
            signature_id=result.signature_id,
        )
    if "no public key" in problems:
        issuer = next(
            (p.get("fingerprint") for p in result.problems if p.get("fingerprint")),
            result.key_id,
        )
        return Verification(
            Status.UNKNOWN_KEY,
            fingerprint=str(issuer).upper() if issuer else None,
            signed_at=signed_at,
            sender=sender,
            form=form,
        )
    if result.key_status:
        return Verification(
            Status.KEY_UNUSABLE,
            fingerprint=str(primary or result.key_id or "").upper() or None,
            sender=sender,
            form=form,
        )
    if "signature expired" in problems:
        return Verification(Status.EXPIRED, signed_at=signed_at, sender=sender, form=form)
    return Verification(Status.BAD, sender=sender, form=form)


def _with_text(verification: Verification, text: str) -> Verification:
    signed_at = verification.signed_at
    stamp = str(int(signed_at.timestamp())) if signed_at else "?"
    digest = hashlib.sha256(
        f"{verification.fingerprint}\n{stamp}\n{text}".encode("utf-8", "surrogatepass")
    ).hexdigest()
    return Verification(
        verification.status,
        fingerprint=verification.fingerprint,
        signed_at=signed_at,
        replay_key=digest,
        text=text,
        sender=verification.sender,
        form=verification.form,
        signature_id=verification.signature_id,
    )


def _check_time(
    verification: Verification, now: datetime, window: timedelta, future_skew: timedelta
) -> Verification:
    signed_at = verification.signed_at
    current = as_utc(now)
    if signed_at is None or signed_at < current - window or signed_at > current + future_skew:
        return verification.refused(Status.EXPIRED)
    return verification


def normalise_text(text: str) -> str:
    """LF line endings, no trailing blanks on lines, no blank lines at the end.

    Clear-signing ignores trailing blanks, so the text the judge acts on must too.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip(" \t") for line in lines).rstrip("\n")


def sender_address(raw: bytes) -> str | None:
    """The first address in the mail's From header, lower-cased, or None."""
    try:
        headers = email.message_from_bytes(raw, policy=policy.compat32)
        pairs = getaddresses([str(value) for value in headers.get_all("From", [])])
    except Exception:
        return None
    for _, address in pairs:
        if "@" in address:
            return address.strip().lower()
    return None


def as_utc(moment: datetime) -> datetime:
    """Treat a naive datetime as UTC; convert an aware one to UTC."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def _timestamp(value: Any) -> datetime | None:
    try:
        return datetime.fromtimestamp(int(value), tz=UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        return None
