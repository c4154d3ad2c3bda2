"""A busy database is not the mail's fault: a mail whose transaction failed because the
database was locked stays pending and is applied on the next try, never quarantined."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from judge.runners.inbox import InboxRunner
from judge.store.db import is_transient, make_engine, migrate
from judge.store.mail import PENDING, PROCESSED, InboundMessage, store_inbound
from tests.commands.helpers import judge_config, make_mail


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
    url = f"sqlite:///{tmp_path}/judge.db"
    migrate(url)
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
    url = f"sqlite:///{tmp_path}/judge.db"
    migrate(url)
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
