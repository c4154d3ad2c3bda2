"""The demo game master's OpenPGP key: ed25519, no passphrase, in a GnuPG home of its own.

gpg-agent keeps its socket in the GnuPG home when ``/run/user/UID`` is missing, and
socket paths are limited to about 100 bytes, so the home is a short directory under
the system's temporary directory; :meth:`DemoSigner.close` stops its agent and deletes it.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import gnupg


class SigningError(RuntimeError):
    """GnuPG could not make a key or a signature."""


def _gpg_binary() -> str:
    found = shutil.which("gpg")
    if found is None:
        raise SigningError(
            "GnuPG (gpg) is not installed: the demo signs the game master's mail with it "
            "(Debian: apt-get install gnupg; `make demo` does this)"
        )
    return found


class DemoSigner:
    """A game master with a secret key that signs mail text."""

    def __init__(self, name: str, address: str) -> None:
        self.address = address
        self.home = tempfile.mkdtemp(prefix="jdemo-", dir="/tmp" if Path("/tmp").is_dir() else None)
        try:
            self.gpg = gnupg.GPG(gpgbinary=_gpg_binary(), gnupghome=self.home)
            params = self.gpg.gen_key_input(
                key_type="EDDSA",
                key_curve="ed25519",
                key_usage="cert",
                subkey_type="EDDSA",
                subkey_curve="ed25519",
                subkey_usage="sign",
                name_real=name,
                name_email=address,
                expire_date=0,
                no_protection=True,
            )
            key = self.gpg.gen_key(params)
            if not key.fingerprint:
                raise SigningError(f"gpg could not generate a key: {key.stderr}")
        except BaseException:
            self.close()
            raise
        self.fingerprint = str(key.fingerprint)
        subkeys = self.gpg.list_keys(keys=[self.fingerprint])[0].get("subkeys") or []
        # The key that makes the signatures (what a verifier names when it lacks the key).
        self.signing_fingerprint = str(subkeys[0][2]) if subkeys else self.fingerprint

    def public_key(self) -> bytes:
        """The armored public key (what the game master gives the administrator)."""
        return self.gpg.export_keys(self.fingerprint).encode("ascii")

    def clearsign(self, text: str) -> bytes:
        """``text`` as an inline clear-signed block."""
        result = self.gpg.sign(text.encode("utf-8"), keyid=self.fingerprint, clearsign=True)
        if not result.data:
            raise SigningError(f"gpg could not sign: {result.stderr}")
        return bytes(result.data)

    def detach_sign(self, data: bytes) -> bytes:
        """An armored detached SHA-256 signature over ``data`` (for PGP/MIME)."""
        result = self.gpg.sign(
            data, keyid=self.fingerprint, detach=True, extra_args=["--digest-algo", "SHA256"]
        )
        if not result.data:
            raise SigningError(f"gpg could not sign: {result.stderr}")
        return bytes(result.data)

    def close(self) -> None:
        """Stop the key's gpg-agent and delete its home with the secret key."""
        subprocess.run(
            ["gpgconf", "--homedir", self.home, "--kill", "all"], check=False, capture_output=True
        )
        shutil.rmtree(self.home, ignore_errors=True)
