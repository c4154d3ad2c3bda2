"""Watch an IMAP folder and store every mail that arrives in it (imapclient).

IDLE is used where the server offers it, polling otherwise.  Sizes are fetched first
(``RFC822.SIZE``); mail is then fetched with ``BODY.PEEK[]`` in batches of at most
``FETCH_BYTES`` (a big mail alone), so memory stays bounded.  A mail over ``[limits]
max_message_bytes`` is never fetched whole: only its header is stored, with its size,
and the processor answers it with the "too large" reply.  The mails of one fetch are
stored in one transaction, and only after its commit are they moved to the processed
folder (or flagged ``\\Seen``), with one command for the fetch.  A crash before the
commit leaves them in the folder and not stored: the next pass stores them; a crash
between the commit and the move leaves them in the folder and stored: the next pass
finds them already stored (by their key) and just moves them.  A dropped connection is
re-opened with exponential backoff.

A mail the server cannot hand over (its file truncated or unreadable: the FETCH fails,
and Dovecot drops the connection) must not hold up the others: when a fetch of
several mails (of their sizes or of the mails) fails, they are fetched one by one from
then on, and a mail whose fetch alone fails ``UNREADABLE_AFTER`` times is left in the
folder and skipped, with an error in the log, for ``UNREADABLE_PAUSE`` seconds; then
it is tried once more (alone).
"""

from __future__ import annotations

import contextlib
import logging
import ssl
import threading
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from typing import Any

from imapclient import IMAPClient
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.config import ImapInboundSection
from judge.store.mail import store_inbound_many
from judge.store.turns import write_turn

log = logging.getLogger(__name__)

FETCH_BATCH = 100  # mails per fetch at most
FETCH_BYTES = 4 * 1024 * 1024  # bytes per fetch at most (a bigger mail is fetched alone)
SIZE_BATCH = 1000  # UIDs per RFC822.SIZE fetch
HEADER_BYTES = 256 * 1024  # how much of the header of a too-large mail is kept
IDLE_SLICE = 1.0  # seconds per idle_check, so a stop request is seen quickly
IDLE_RENEW = 25 * 60  # RFC 2177: renew IDLE before 29 minutes
UNREADABLE_AFTER = 3  # failed fetches of a mail alone before it is skipped
UNREADABLE_PAUSE = 3600.0  # seconds a skipped mail is left before it is tried again


def fetch_batches(
    sized: list[tuple[int, int]],
    max_bytes: int,
    alone: Collection[int] = (),
    most: int = FETCH_BATCH,
) -> list[list[tuple[int, int]]]:
    """Split (uid, size) pairs into fetches of at most ``most`` mails and FETCH_BYTES
    bytes, in their order; a mail over ``max_bytes`` counts as its header only, and a
    mail in ``alone`` is a fetch of its own."""
    batches: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    total = 0
    for uid, size in sized:
        cost = min(size, HEADER_BYTES) if size > max_bytes else size
        full = len(current) >= most or total + cost > FETCH_BYTES
        if current and (full or uid in alone or current[-1][0] in alone):
            batches.append(current)
            current, total = [], 0
        current.append((uid, size))
        total += cost
    if current:
        batches.append(current)
    return batches


class ImapSource:
    """Moves mail from an IMAP folder into the inbound table."""

    def __init__(
        self,
        settings: ImapInboundSection,
        engine: Engine,
        stop: threading.Event,
        on_stored: Callable[[], None] | None = None,
        backoff_initial: float = 1.0,
        backoff_max: float = 300.0,
        max_bytes: int = 2_000_000,
    ) -> None:
        self.settings = settings
        self.engine = engine
        self.stop = stop
        self.on_stored = on_stored
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.max_bytes = max_bytes
        self.connections = 0  # successful logins, for tests and logs
        self.stored = 0
        # mails of a batch whose fetch failed (fetched alone since), the failed fetches
        # of each alone, and the mails skipped as unreadable, with when (all by UID)
        self.suspects: set[int] = set()
        self.failures: Counter[int] = Counter()
        self.unreadable: dict[int, float] = {}
        self._uidvalidity: int | None = None

    # -- connection -------------------------------------------------------------------

    def _ssl_context(self) -> ssl.SSLContext:
        cafile = self.settings.cafile or None
        return ssl.create_default_context(cafile=cafile)

    def connect(self) -> IMAPClient:
        """Open, log in, make sure the processed folder exists, select the folder."""
        s = self.settings
        if s.ssl:
            client = IMAPClient(
                s.host, port=s.port, ssl=True, ssl_context=self._ssl_context(), timeout=60
            )
        else:
            client = IMAPClient(s.host, port=s.port, ssl=False, timeout=60)
            if s.starttls:
                client.starttls(self._ssl_context())
        client.login(s.username, s.password)
        if not s.mark_seen and not client.folder_exists(s.processed_folder):
            client.create_folder(s.processed_folder)
        selected = client.select_folder(s.folder)
        self._forget_unless(selected.get(b"UIDVALIDITY"))
        self.connections += 1
        return client

    def _forget_unless(self, uidvalidity: int | None) -> None:
        """UIDs name other mails once the folder's UIDVALIDITY changes: forget them."""
        if uidvalidity != self._uidvalidity:
            self.suspects.clear()
            self.failures.clear()
            self.unreadable.clear()
            self._uidvalidity = uidvalidity

    # -- one pass ---------------------------------------------------------------------

    def _store(self, mails: list[tuple[bytes, int | None]]) -> int:
        """Store one fetch's mails in one transaction; return how many were new."""
        turn = write_turn(self.engine)
        with turn.held(), Session(self.engine, expire_on_commit=False) as session:
            return sum(store_inbound_many(session, mails, "imap"))

    def _done(self, client: IMAPClient, uids: list[int]) -> None:
        """Mark or move the stored mails.  When another reader of the folder (a second
        daemon) has moved some of them first, the server refuses with [EXPUNGEISSUED]
        (RFC 5530): they are stored, and any left in the folder are stored once only
        when the next pass meets them again, so the pass goes on."""
        if not uids:
            return
        try:
            self._mark_done(client, uids)
        except IMAPClient.Error as exc:
            if "EXPUNGEISSUED" not in str(exc):
                raise
            log.info("IMAP: another reader moved some of mails %s first (%s)", uids, exc)

    def _mark_done(self, client: IMAPClient, uids: list[int]) -> None:
        if self.settings.mark_seen:
            client.add_flags(uids, [b"\\Seen"])
        elif client.has_capability("MOVE"):
            client.move(uids, self.settings.processed_folder)
        else:
            client.copy(uids, self.settings.processed_folder)
            client.delete_messages(uids)
            if client.has_capability("UIDPLUS"):
                client.uid_expunge(uids)
            else:
                client.expunge()

    def _sizes(self, client: IMAPClient, uids: list[int]) -> dict[int, int]:
        sizes: dict[int, int] = {}
        chunks = fetch_batches([(uid, 0) for uid in uids], 1, self.suspects, SIZE_BATCH)
        for chunk in chunks:
            with self._watched(chunk):
                fetched = client.fetch([uid for uid, _ in chunk], [b"RFC822.SIZE"])
            for uid, data in fetched.items():
                sizes[uid] = int(data.get(b"RFC822.SIZE", 0))
        return sizes

    def _fetch(self, client: IMAPClient, batch: list[int]) -> dict[int, tuple[bytes, int | None]]:
        """uid -> (bytes to store, original size when only the header is kept)."""
        whole = [uid for uid, size in batch if size <= self.max_bytes]
        big = {uid: size for uid, size in batch if size > self.max_bytes}
        out: dict[int, tuple[bytes, int | None]] = {}
        if whole:
            for uid, data in client.fetch(whole, [b"BODY.PEEK[]"]).items():
                if data.get(b"BODY[]") is not None:
                    out[uid] = (bytes(data[b"BODY[]"]), None)
        if big:
            part = f"BODY.PEEK[HEADER]<0.{HEADER_BYTES}>".encode()
            for uid, data in client.fetch(list(big), [part]).items():
                head = next((v for k, v in data.items() if k.startswith(b"BODY[HEADER]")), None)
                if head is not None:
                    out[uid] = (bytes(head), big[uid])
        return out

    @contextlib.contextmanager
    def _watched(self, batch: list[tuple[int, int]]) -> Iterator[None]:
        """Note a failed fetch (of sizes or mails): a batch's mails are fetched alone
        from now on; a mail that failed alone ``UNREADABLE_AFTER`` times is skipped."""
        try:
            yield
        except Exception as error:
            if len(batch) > 1:
                self.suspects.update(uid for uid, _size in batch)
                raise
            uid = batch[0][0]
            self.failures[uid] += 1
            if self.failures[uid] >= UNREADABLE_AFTER:
                self.unreadable[uid] = time.monotonic()
                log.error("IMAP: mail UID %s cannot be fetched (%s); it is left in the "
                          "folder and skipped for %d s", uid, error, UNREADABLE_PAUSE)  # fmt: skip
            raise

    def _skipped(self, present: set[int]) -> set[int]:
        """Forget the failures of mails no longer in the folder; return the mails to
        skip this pass (a skipped mail whose pause is over is tried alone once more)."""
        self.suspects &= present
        self.failures = Counter({uid: n for uid, n in self.failures.items() if uid in present})
        now = time.monotonic()
        for uid, since in list(self.unreadable.items()):
            if uid not in present:
                del self.unreadable[uid]
            elif now - since >= UNREADABLE_PAUSE:
                del self.unreadable[uid]
                self.suspects.add(uid)
                self.failures[uid] = UNREADABLE_AFTER - 1
        return set(self.unreadable)

    def pass_once(self, client: IMAPClient) -> int:
        """Store every waiting mail in the folder; return how many were new."""
        client.noop()  # let the server announce mail that arrived since the last command
        criteria = ["UNSEEN"] if self.settings.mark_seen else ["NOT", "DELETED"]
        present = set(client.search(criteria))
        uids = sorted(present - self._skipped(present))
        sizes = self._sizes(client, uids)
        new = 0
        for batch in fetch_batches(
            [(uid, sizes[uid]) for uid in uids if uid in sizes], self.max_bytes, self.suspects
        ):
            with self._watched(batch):
                fetched = self._fetch(client, batch)
            done = [uid for uid, _size in batch if uid in fetched]  # not expunged meanwhile
            if not done:
                continue
            stored = self._store([fetched.pop(uid) for uid in done])  # raises: mail stays
            new += stored
            self.stored += stored
            self._done(client, done)
            if new and self.on_stored is not None:
                self.on_stored()
        return new

    # -- waiting ----------------------------------------------------------------------

    def _wait_idle(self, client: IMAPClient) -> None:
        client.idle()
        deadline = time.monotonic() + min(self.settings.poll_seconds, IDLE_RENEW)
        try:
            while not self.stop.is_set() and time.monotonic() < deadline:
                responses = client.idle_check(timeout=IDLE_SLICE)
                if any(len(r) > 1 and r[1] in (b"EXISTS", b"RECENT") for r in responses):
                    break
        finally:
            client.idle_done()

    def _wait_poll(self, client: IMAPClient) -> None:
        self.stop.wait(self.settings.poll_seconds)
        if not self.stop.is_set():
            client.noop()

    def wait(self, client: IMAPClient) -> None:
        """Wait for new mail (or the poll interval, or a stop request)."""
        if self.settings.idle and client.has_capability("IDLE"):
            self._wait_idle(client)
        else:
            self._wait_poll(client)

    # -- the loop ---------------------------------------------------------------------

    def run(self) -> None:
        """Watch the folder until ``stop`` is set, reconnecting with backoff."""
        delay = self.backoff_initial
        while not self.stop.is_set():
            client: Any = None
            try:
                client = self.connect()
                delay = self.backoff_initial
                while not self.stop.is_set():
                    self.pass_once(client)
                    if self.stop.is_set():
                        break
                    self.wait(client)
            except Exception as exc:  # noqa: BLE001 - any failure: reconnect later
                log.warning("IMAP intake failed (%s); retrying in %.1f s", exc, delay)
                self.stop.wait(delay)
                delay = min(self.backoff_max, delay * 2)
            finally:
                if client is not None:
                    with contextlib.suppress(Exception):
                        client.logout()
