"""A busy database is not the mail's fault: a mail whose transaction failed because the
database was locked stays pending and is applied on the next try, never quarantined;
and the runners (processor, sender) try again within seconds after such an error, not
after their failure backoff (issue 25, item 3)."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import TypeVar

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from judge.config import OutboundSection
from judge.demo.rig import wait_until
from judge.runners import sender as sender_module
from judge.runners.inbox import InboxRunner
from judge.runners.sender import OutboxSender
from judge.store.db import is_transient, make_engine
from judge.store.mail import PENDING, PROCESSED, InboundMessage, enqueue, store_inbound
from tests.commands.helpers import judge_config, make_mail
from tests.integration.rig import Relay
from tests.migrated import migrated_sqlite_file

T = TypeVar("T")
JUDGE = "judge@example.org"


def _locked_error(path: Path) -> OperationalError:
    """The real error SQLite gives while another connection holds the write lock."""
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")
    engine = make_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            conn.execute(text("PRAGMA busy_timeout=0"))
            with pytest.raises(OperationalError) as caught:
                conn.execute(text("INSERT INTO account (address) VALUES ('x@y.test')"))
            return caught.value
    finally:
        holder.rollback()
        holder.close()
        engine.dispose()


def test_a_locked_database_is_transient_and_a_bad_statement_is_not(tmp_path: Path) -> None:
    url = migrated_sqlite_file(tmp_path / "judge.db")
    assert is_transient(_locked_error(tmp_path / "judge.db"))
    engine = make_engine(url)
    with engine.connect() as conn, pytest.raises(OperationalError) as caught:
        conn.execute(text("SELECT no_such_column FROM account"))
    engine.dispose()
    assert not is_transient(caught.value)
    assert not is_transient(ValueError("database is locked"))


def test_a_mail_that_met_a_locked_database_stays_pending_and_is_applied_later(
    tmp_path: Path,
) -> None:
    url = migrated_sqlite_file(tmp_path / "judge.db")
    engine = make_engine(url)
    locked = _locked_error(tmp_path / "judge.db")
    calls: list[int] = []

    def process(session, row, config):  # noqa: ANN001, ANN202
        calls.append(row.id)
        if len(calls) == 1:
            raise locked

    with Session(engine) as session:
        row = store_inbound(session, make_mail("someone@players.test", "HELP\n"), "smtp")
        session.commit()
        assert row is not None
        row_id = row.id
    processor = InboxRunner(judge_config(), engine, process=process)
    with pytest.raises(OperationalError):
        processor.handle(row_id)
    with Session(engine) as session:
        assert session.get(InboundMessage, row_id).status == PENDING
    assert processor.handle(row_id) == PROCESSED
    assert calls == [row_id, row_id]
    engine.dispose()


def _failing_first(error: Exception, times: int, then: Callable[..., T]) -> Callable[..., T]:
    """``then``, but raising ``error`` on its first ``times`` calls."""
    left = [times]

    def call(*args: object, **kwargs: object) -> T:
        if left[0]:
            left[0] -= 1
            raise error
        return then(*args, **kwargs)

    return call


def test_the_processor_retries_promptly_after_transient_errors(tmp_path: Path) -> None:
    """Four "database is locked" in a row (a restart, a dropped connection are alike):
    the mail is applied within seconds, not after the failure backoff (1+2+4+8 s)."""
    url = migrated_sqlite_file(tmp_path / "judge.db")
    engine = make_engine(url)
    locked = _locked_error(tmp_path / "judge.db")
    with Session(engine) as session:
        store_inbound(session, make_mail("someone@players.test", "HELP\n"), "smtp")
    processed = threading.Event()

    def process(session, row, config):  # noqa: ANN001, ANN202
        processed.set()

    processor = InboxRunner(judge_config(), engine, process=_failing_first(locked, 4, process))
    thread = threading.Thread(target=processor.run, kwargs={"idle_seconds": 0.1}, daemon=True)
    started = time.monotonic()
    thread.start()
    try:
        assert processed.wait(8), "not applied within 8 s"
        assert time.monotonic() - started < 8
    finally:
        processor.stop.set()
        thread.join(10)
        engine.dispose()


def test_the_sender_retries_promptly_after_transient_errors(tmp_path: Path) -> None:
    """The sender's read of the outbox meets "database is locked" four times in a row:
    the mail goes out within seconds, not after the failure backoff."""
    url = migrated_sqlite_file(tmp_path / "judge.db")
    engine = make_engine(url)
    locked = _locked_error(tmp_path / "judge.db")
    with Session(engine) as session:
        reply = EmailMessage()
        reply["From"], reply["To"], reply["Subject"] = JUDGE, "p@players.test", "reply"
        reply.set_content("reply\n")
        enqueue(session, reply)
        session.commit()
    relay = Relay().start()
    settings = OutboundSection(host="127.0.0.1", port=relay.port, timeout_seconds=5.0)
    sender = OutboxSender(settings, engine, JUDGE, idle_seconds=0.1)
    original = sender_module.due_outbox
    thread = threading.Thread(target=sender.run, daemon=True)
    try:
        sender_module.due_outbox = _failing_first(locked, 4, original)  # type: ignore[assignment]
        started = time.monotonic()
        thread.start()
        wait_until(lambda: relay.messages, 8, what="the reply at the relay")
        assert time.monotonic() - started < 8
    finally:
        sender_module.due_outbox = original  # type: ignore[assignment]
        sender.stop.set()
        sender.wake.set()
        thread.join(10)
        relay.stop()
        engine.dispose()
