"""The judge's own GnuPG keyring: public keys of game masters, nothing else."""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import gnupg

DEFAULT_HOME = Path("state/gnupg")
log = logging.getLogger(__name__)

# The judge only ever verifies, so it never needs gpg-agent or a key server.
# GnuPG's trust model is left alone: a good signature is "valid" whatever the
# key's trust, and authorisation is the game-master registry, not the web of trust.
_GPG_OPTIONS = ["--no-autostart", "--no-auto-key-retrieve", "--auto-key-locate", "local"]
# In the home: which keys were last merged into it, and the key file as it was then.
MERGED_MARK = "merged-keys"


class KeyringError(Exception):
    """A key could not be imported, found or removed."""


@dataclass(frozen=True)
class KeyInfo:
    """A public key held in the keyring."""

    fingerprint: str
    user_ids: tuple[str, ...]


class Keyring:
    """A GnuPG home directory owned by the judge, created with mode 0700."""

    def __init__(self, home: Path | str = DEFAULT_HOME, gpg_binary: str = "gpg") -> None:
        self.home = Path(home)
        self.home.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(self.home, 0o700)
        self.gpg = gnupg.GPG(
            gpgbinary=gpg_binary, gnupghome=str(self.home), options=list(_GPG_OPTIONS)
        )

    def scan(self, key_data: bytes) -> list[tuple[str, str]]:
        """List ``(type, fingerprint)`` of the keys in ``key_data`` without importing them."""
        with tempfile.NamedTemporaryFile(prefix="scan-", suffix=".asc", dir=self.home) as handle:
            handle.write(key_data)
            handle.flush()
            scanned = self.gpg.scan_keys(handle.name)
        if "Fatal" in (scanned.stderr or ""):
            raise KeyringError("GnuPG could not read the key file: " + _last_line(scanned.stderr))
        return [(str(key["type"]), str(key["fingerprint"]).upper()) for key in scanned]

    def import_public_key(self, key_data: bytes) -> str:
        """Import exactly one public key and return its primary fingerprint.

        Refuses files holding secret keys or more or fewer than one public key,
        so the judge's keyring never holds anything it was not meant to.
        """
        keys = self.scan(key_data)
        if any(kind == "sec" for kind, _ in keys):
            raise KeyringError("the key file holds a secret key: export only the public key")
        public = [fingerprint for kind, fingerprint in keys if kind == "pub"]
        if len(public) != 1:
            raise KeyringError(
                f"the key file must hold exactly one public key, it holds {len(public)}"
            )
        result = self.gpg.import_keys(key_data)
        imported = {fingerprint.upper() for fingerprint in result.fingerprints if fingerprint}
        if public[0] not in imported:
            raise KeyringError("GnuPG did not import the key: " + _last_line(result.stderr))
        return public[0]

    def export(self, fingerprint: str) -> str:
        """The armored public key with this primary fingerprint ("" when absent)."""
        return str(self.gpg.export_keys(fingerprint.upper()))

    def merge(self, armored: str) -> None:
        """Import public keys exported by :meth:`export` of a judge's keyring (so already
        vetted by :meth:`import_public_key`): keys missing here, and the new expiry
        dates, signatures and revocations of keys already here.  Never raises: when GnuPG
        fails, the keyring stays as it was (and the signature check says what it lacks).

        The same keys merged into the same key file again change nothing, so they are
        not handed to GnuPG again (:data:`MERGED_MARK` records them with the key file's
        size and time: a key file changed or lost since is merged into anew)."""
        mark = self.home / MERGED_MARK
        if _read(mark) == self._merge_state(armored):
            return
        try:
            result = self.gpg.import_keys(armored)
        except Exception:  # noqa: BLE001 - a signed mail is still answered
            log.warning("could not bring the registered keys into %s", self.home, exc_info=True)
            return
        if result.returncode == 0:
            mark.write_text(self._merge_state(armored), encoding="ascii")

    def _merge_state(self, armored: str) -> str:
        """The keys ``armored`` holds (their digest) and the key file as it is now."""
        try:
            found = (self.home / "pubring.kbx").stat()
            held = f"{found.st_size} {found.st_mtime_ns}"
        except OSError:
            held = "no key file"
        return f"{hashlib.sha256(armored.encode()).hexdigest()} {held}"

    def public_keys(self) -> list[KeyInfo]:
        """The public keys in the keyring."""
        return [
            KeyInfo(fingerprint=str(key["fingerprint"]).upper(), user_ids=tuple(key["uids"]))
            for key in self.gpg.list_keys()
        ]

    def has_key(self, fingerprint: str) -> bool:
        """True when a key with this primary fingerprint is in the keyring."""
        return any(key.fingerprint == fingerprint.upper() for key in self.public_keys())

    def delete(self, fingerprint: str) -> None:
        """Delete a public key; raises KeyringError if GnuPG refuses."""
        result = self.gpg.delete_keys(fingerprint.upper())
        if str(result) != "ok":
            raise KeyringError(f"could not delete key {fingerprint}: {result}")


def _read(path: Path) -> str | None:
    """A small file's text, or None when it cannot be read."""
    try:
        return path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return None


def _last_line(text: str | None) -> str:
    lines = [line for line in (text or "").splitlines() if line.strip()]
    return lines[-1] if lines else "no reason given"
