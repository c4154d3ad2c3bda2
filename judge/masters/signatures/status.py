"""The outcome of checking a mail's OpenPGP signature."""

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
        from judge.masters.signatures.messages import describe

        return describe(self)
