"""OpenPGP signatures on mail: the judge's keyring and mail verification."""

from judge.masters.signatures.keyring import DEFAULT_HOME, Keyring, KeyringError
from judge.masters.signatures.status import (
    Form,
    Status,
    Verification,
    describe,
    format_fingerprint,
)
from judge.masters.signatures.verify import verify_mail

__all__ = [
    "DEFAULT_HOME",
    "Form",
    "Keyring",
    "KeyringError",
    "Status",
    "Verification",
    "describe",
    "format_fingerprint",
    "verify_mail",
]
