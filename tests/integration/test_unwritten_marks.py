"""A mail the relay accepted is never sent again because its "sent" mark could not be
written (issue 25, item 4): the mark is held in memory and written before anything
else is sent.

* SQLite, the sender's journal on a full disk: the journal's fsync fails (ENOSPC) a few
  times after the relay accepted a mail;
* PostgreSQL, direct marks: the database cuts the sender's connection and refuses new
  ones while the relay accepts a mail (as in a restart), so the mark's commit fails.

Real relay, real SQLite file, real PostgreSQL; the failures are the real errors.
"""

from __future__ import annotations

import errno
import os
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest
from rig import RecordingHandler, Relay, wait_for
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select
from test_sender import queue
from test_sender import settings as relay_settings

from judge.runners.sender import OutboxSender
from judge.store import sent_journal
from judge.store.db import make_engine
from judge.store.mail import SENT, OutboxMessage
from judge.store.sent_journal import SentJournal

pytestmark = pytest.mark.timeout(90)


def copies(relay: Relay) -> Counter[tuple[str, ...]]:
    """How many times each recipient list reached the relay (one mail per player)."""
    return Counter(tuple(rcpts) for _, rcpts, _ in relay.messages)


def run_until(sender: OutboxSender, done: Callable[[], bool]) -> None:
    """Run the sender in a thread until ``done``, then stop it."""
    thread = threading.Thread(target=sender.run, daemon=True)
    thread.start()
    try:
        wait_for(done, 30, what="the outbox to be sent")
    finally:
        sender.stop.set()
        sender.wake.set()
        thread.join(30)


def all_sent(engine) -> bool:  # noqa: ANN001
    """Every outbox row marked sent (False while the database cannot be read)."""
    try:
        with Session(engine) as s:
            return all(r.state == SENT for r in s.exec(select(OutboxMessage)))
    except OperationalError:
        return False


def test_a_journal_on_a_full_disk_never_sends_a_mail_twice(
    engine, relay: Relay, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # noqa: ANN001
    queue(engine, 3)
    real_fsync = os.fsync
    failures = {"left": 3}

    def full_disk(fd: int) -> None:
        if failures["left"]:
            failures["left"] -= 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(sent_journal.os, "fsync", full_disk)
    journal = SentJournal(tmp_path / "judge.db.sent")
    assert journal.open()
    sender = OutboxSender(
        relay_settings(relay.port), engine, "judge@example.org", journal=journal,
        backoff_initial=0.05, backoff_max=0.2,
    )  # fmt: skip
    try:
        run_until(sender, lambda: len(copies(relay)) == 3 and all_sent(engine))
    finally:
        journal.close()
    assert failures["left"] == 0
    assert set(copies(relay).values()) == {1}, copies(relay)
    # the journal holds no torn line: a new sender reads it whole
    again = SentJournal(tmp_path / "judge.db.sent")
    assert again.open()
    again.close()


class CuttingHandler(RecordingHandler):
    """Accepts the first mail, but first cuts every other connection to ``database``
    and refuses new ones for ``seconds`` (what a restart does to the sender)."""

    def __init__(self, dsn: str, database: str, seconds: float) -> None:
        super().__init__()
        self.dsn, self.database, self.seconds = dsn, database, seconds
        self.cut = False

    def _allow(self, allowed: bool) -> None:
        with psycopg.connect(self.dsn, autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {self.database} ALLOW_CONNECTIONS {allowed}")
            if not allowed:
                conn.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = %s AND pid <> pg_backend_pid()",
                    (self.database,),
                )

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001, N802
        if not self.cut:
            self.cut = True
            self._allow(False)
            threading.Timer(self.seconds, self._allow, args=(True,)).start()
        return await super().handle_DATA(server, session, envelope)


def test_a_mark_the_database_could_not_take_is_written_before_anything_else(
    migrated_postgres_url: str,
) -> None:
    url = make_url(migrated_postgres_url)
    dsn = f"host={url.host} port={url.port} user={url.username} dbname=postgres"
    relay = Relay()
    relay.handler = CuttingHandler(dsn, str(url.database), seconds=2.0)
    relay.start()
    engine = make_engine(migrated_postgres_url)
    try:
        queue(engine, 3)
        sender = OutboxSender(
            relay_settings(relay.port), engine, "judge@example.org",
            backoff_initial=0.2, backoff_max=0.5,
        )  # fmt: skip
        run_until(sender, lambda: len(copies(relay)) == 3 and all_sent(engine))
    finally:
        relay.stop()
        engine.dispose()
    assert relay.handler.cut
    assert set(copies(relay).values()) == {1}, copies(relay)
