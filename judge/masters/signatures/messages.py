"""Player-facing sentences for each signature outcome."""

from __future__ import annotations

from datetime import datetime

from judge.masters.signatures.status import Status, Verification


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
