"""Password hashing (argon2id) and the rules for acceptable passwords.

Hashing uses the argon2-cffi library with the OWASP-recommended minimum cost
(19 MiB, 2 passes), so that a busy judge can check many sign-ons a second.  Successful
checks are remembered in memory (keyed by a keyed digest, never the password) so a
player sending many mails does not pay the hashing cost every time.

The test suite lowers the cost of new hashes with :func:`set_hash_cost` (hashing is
most of the time of a test that creates a game); verification reads the cost from
each stored hash, so hashes made at any cost verify alike.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import OrderedDict

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

# OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, one lane.
DEFAULT_TIME_COST = 2
DEFAULT_MEMORY_KIB = 19456
_HASHER = PasswordHasher(time_cost=DEFAULT_TIME_COST, memory_cost=DEFAULT_MEMORY_KIB, parallelism=1)
_CACHE_KEY = secrets.token_bytes(32)
_CACHE: OrderedDict[bytes, None] = OrderedDict()
_CACHE_SIZE = 4096

MIN_LENGTH = 4
MAX_LENGTH = 64


def set_hash_cost(time_cost: int = DEFAULT_TIME_COST, memory_kib: int = DEFAULT_MEMORY_KIB) -> None:
    """Use this argon2id cost for new hashes from now on (tests only; called without
    arguments it restores the production cost)."""
    global _HASHER
    _HASHER = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=1)


def hash_password(password: str) -> str:
    """A salted argon2id hash of ``password``."""
    return _HASHER.hash(password)


def _cache_key(stored: str, password: str) -> bytes:
    return hmac.new(_CACHE_KEY, f"{stored}\0{password}".encode(), hashlib.sha256).digest()


def verify_password(stored: str | None, password: str) -> bool:
    """True when ``password`` matches the stored hash; never raises."""
    if not stored or not isinstance(password, str):
        return False
    key = _cache_key(stored, password)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return True
    try:
        _HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError, ValueError):
        return False
    _CACHE[key] = None
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return True


def password_problem(password: str) -> str | None:
    """Why ``password`` is not acceptable as a new password, or None when it is."""
    if len(password) < MIN_LENGTH:
        return f"a password needs at least {MIN_LENGTH} characters"
    if len(password) > MAX_LENGTH:
        return f"a password may have at most {MAX_LENGTH} characters"
    if any(c.isspace() or not c.isprintable() for c in password):
        return "a password may not contain spaces or control characters"
    return None
