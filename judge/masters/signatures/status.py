"""The outcome of checking a mail's OpenPGP signature, and the sentences that tell it
to the mail's sender."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class Status(StrEnum):
    """What the judge concluded about a mail's signature."""

    UNSIGNED = "unsigned"
    UNKNOWN_KEY = "unknown_key"
    BAD = "bad"
    KEY_UNUSABLE = "key_unusable"  # made by a key that has expired or been revoked
    EXPIRED = "expired"  # signing time outside the accepted window
    GOOD = "good"
    NOT_GAME_MASTER = "not_game_master"  # good, but the key is not registered for the sender
    REPLAYED = "replayed"


class Form(StrEnum):
    """How the signature was carried."""

    PGP_MIME = "pgp/mime"
    INLINE = "inline"


@dataclass(frozen=True)
class Verification:
    """The result of verifying one mail.

    ``text`` holds only the signed text, and only when the signature verified
    (status ``good``, or ``expired``, ``not_game_master``, ``replayed`` which
    are refusals made after verification); otherwise it is None. Never act on
    anything else in the mail. ``fingerprint`` is the primary key's fingerprint
    when the key is known, else whatever identifies the signing key (the
    issuer fingerprint or key id the signature names). ``replay_key`` identifies
    the signed command: the same key, signing time and signed text give the same
    replay key however the signature was re-encoded or re-wrapped.
    """

    status: Status
    fingerprint: str | None = None
    signed_at: datetime | None = None
    replay_key: str | None = None
    text: str | None = None
    sender: str | None = None
    form: Form | None = None
    signature_id: str | None = None

    @property
    def ok(self) -> bool:
        """True when the signature is good (and passed every check made so far)."""
        return self.status is Status.GOOD

    def refused(self, status: Status) -> Verification:
        """A copy of this verification with a refusing status."""
        return dataclasses.replace(self, status=status)

    @property
    def message(self) -> str:
        """A sentence for the mail's sender explaining the outcome."""
        return describe(self)


def format_fingerprint(fingerprint: str | None) -> str:
    """Group a fingerprint in blocks of four hex digits, as most mail programs show it."""
    if not fingerprint:
        return "unknown"
    clean = fingerprint.replace(" ", "").upper()
    return " ".join(clean[i : i + 4] for i in range(0, len(clean), 4))


def format_time(moment: datetime | None) -> str:
    """A signing time in UTC, to the second."""
    if moment is None:
        return "an unknown time"
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")


def describe(verification: Verification, *, consequence: bool = True) -> str:
    """Explain a verification outcome to the person who sent the mail.

    With ``consequence`` a refusal ends by saying that nothing was changed.
    """
    status = verification.status
    if status is Status.GOOD:
        fingerprint = format_fingerprint(verification.fingerprint)
        made_at = format_time(verification.signed_at)
        return f"Signature good (fingerprint {fingerprint}, made at {made_at})."
    reason = _refusal(verification)
    return f"{reason} Nothing was changed." if consequence else reason


def _refusal(verification: Verification) -> str:
    status = verification.status
    fingerprint = format_fingerprint(verification.fingerprint)
    if status is Status.UNSIGNED:
        return (
            "Your mail was not signed. Game-master commands must be signed with OpenPGP "
            "(PGP/MIME or inline clear-signed)."
        )
    if status is Status.UNKNOWN_KEY:
        return f"Your mail was signed by a key the judge does not know (fingerprint {fingerprint})."
    if status is Status.BAD:
        return (
            "The signature does not match the text: the mail was altered or broken on the way "
            "(some mail programs and lists rewrite signed mail)."
        )
    if status is Status.KEY_UNUSABLE:
        return (
            f"Your mail was signed by a key that has expired or been revoked "
            f"(fingerprint {fingerprint})."
        )
    if status is Status.EXPIRED:
        return (
            f"The signature was made at {format_time(verification.signed_at)}, which is outside "
            "the accepted window: send the command again, freshly signed."
        )
    if status is Status.NOT_GAME_MASTER:
        sender = verification.sender or "your address"
        return (
            f"The key that signed your mail (fingerprint {fingerprint}) is not registered as a "
            f"game master's key for {sender}."
        )
    return "This signature was already used: each signed command is carried out once."
