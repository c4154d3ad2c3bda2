"""Password hashing (argon2id) and the rules for acceptable passwords.

Hashing uses the argon2-cffi library with the OWASP-recommended minimum cost
(19 MiB, 2 passes), so that a busy judge can check many sign-ons a second.  Successful
checks are remembered in memory (keyed by a keyed digest, never the password) so a
player sending many mails does not pay the hashing cost every time.

The test suite lowers the cost of new hashes with :func:`set_hash_cost` (hashing is
most of the time of a test that creates a game); verification reads the cost from
each stored hash, so hashes made at any cost verify alike.

A check can be started ahead (:func:`verify_ahead`) on a small pool of threads: the
hashing library releases the interpreter lock, so the check runs on another core while
the caller works on, and :func:`verify_password` then takes its answer (waiting for it
if needed).  Only a successful check is remembered; nothing is decided ahead.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

# OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, one lane.
DEFAULT_TIME_COST = 2
DEFAULT_MEMORY_KIB = 19456
_HASHER = PasswordHasher(time_cost=DEFAULT_TIME_COST, memory_cost=DEFAULT_MEMORY_KIB, parallelism=1)
_CACHE_KEY = secrets.token_bytes(32)
_CACHE: OrderedDict[bytes, None] = OrderedDict()
_CACHE_SIZE = 4096
_LOCK = threading.Lock()  # guards _CACHE, _AHEAD and the counters
# checks started ahead and not yet taken, by the same keyed digest as the cache
_AHEAD: dict[bytes, Future[bool]] = {}
_AHEAD_SIZE = 256
_POOL: ThreadPoolExecutor | None = None
# hashing work done (checks and seconds, on whatever thread), for benchmarks and logs
_HASHED = [0, 0.0]

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


def _check(stored: str, password: str) -> bool:
    """The argon2 check itself (no cache)."""
    start = time.perf_counter()
    try:
        _HASHER.verify(stored, password)
        return True
    except (VerifyMismatchError, VerificationError, InvalidHashError, ValueError):
        return False
    finally:
        with _LOCK:
            _HASHED[0] += 1
            _HASHED[1] += time.perf_counter() - start


def _pool() -> ThreadPoolExecutor:
    global _POOL
    if _POOL is None:
        workers = max(1, min(4, (os.cpu_count() or 2) - 1))
        _POOL = ThreadPoolExecutor(workers, thread_name_prefix="password-check")
    return _POOL


def verify_ahead(stored: str | None, password: str) -> Future[bool] | None:
    """Start checking ``password`` against ``stored`` in the background, unless its
    answer is known, or too many checks are waiting already; return the check on its
    way (None when there is none).  The answer is kept only for
    :func:`verify_password` to take; it decides nothing by itself.  The caller may wait
    for the check, to check nothing itself while it holds a lock."""
    if not stored or not isinstance(password, str):
        return None
    key = _cache_key(stored, password)
    with _LOCK:
        if key in _CACHE:
            return None
        ahead = _AHEAD.get(key)
        if ahead is not None:
            return ahead
        if len(_AHEAD) >= _AHEAD_SIZE:
            for done in [k for k, f in _AHEAD.items() if f.done()]:
                del _AHEAD[done]  # never taken (the mail did not get that far)
            if len(_AHEAD) >= _AHEAD_SIZE:
                return None
        ahead = _AHEAD[key] = _pool().submit(_check, stored, password)
        return ahead


def verify_password(stored: str | None, password: str) -> bool:
    """True when ``password`` matches the stored hash; never raises."""
    if not stored or not isinstance(password, str):
        return False
    key = _cache_key(stored, password)
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return True
        ahead = _AHEAD.pop(key, None)
    ok = ahead.result() if ahead is not None else _check(stored, password)
    if ok:
        with _LOCK:
            _CACHE[key] = None
            if len(_CACHE) > _CACHE_SIZE:
                _CACHE.popitem(last=False)
    return ok


def hashing_done() -> tuple[int, float]:
    """How many argon2 checks ran in this process, and their seconds (summed over
    threads: checks run ahead overlap with other work)."""
    with _LOCK:
        return int(_HASHED[0]), float(_HASHED[1])


PLACEHOLDER_ADVICE = "write your own password in place of <password>"


def bracketed(word: str) -> bool:
    """Whether ``word`` stands between ``<`` and ``>``: the ``<password>`` of a start
    mail or a help text copied as it is, or a password put in its brackets."""
    return word.startswith("<") and word.endswith(">")


def password_problem(password: str) -> str | None:
    """Why ``password`` is not acceptable as a new password, or None when it is."""
    if len(password) < MIN_LENGTH:
        return f"a password needs at least {MIN_LENGTH} characters"
    if len(password) > MAX_LENGTH:
        return f"a password may have at most {MAX_LENGTH} characters"
    if any(c.isspace() or not c.isprintable() for c in password):
        return "a password may not contain spaces or control characters"
    if bracketed(password):  # "JOIN game <password>"
        return f"{PLACEHOLDER_ADVICE}, without the < >"
    return None
