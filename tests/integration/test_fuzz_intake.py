"""A fuzzed corpus of malformed mails through real intake: a `judge run` with its SMTP
server on SQLite, and with IMAP through Dovecot on PostgreSQL.  Every mail ends
processed or ignored (none pending, none quarantined: no exception in processing),
the daemon keeps running, and no mail gets more than one reply."""

from __future__ import annotations

import contextlib
import email
import smtplib
import time
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from fuzz_mails import JUDGE, Corpus
from games import setup_games
from imapclient import IMAPClient
from judge_proc import start_judge, stop_judge, write_config
from rig import Dovecot, Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.store.db import make_engine
from judge.store.limits import clock_hour
from judge.store.mail import InboundMessage, OutboxMessage
from judge.store.models import utcnow

COUNT = 1000
SEED = 20261124
# Replies are limited per address and per hour; the corpus needs every reply counted.
LIMITS = "replies_per_sender_per_hour = 0\nreplies_to_new_addresses_per_hour = 0\n"

pytestmark = [pytest.mark.reliability, pytest.mark.timeout(240)]


def by_status(engine) -> Counter:  # noqa: ANN001
    with Session(engine) as s:
        return Counter(s.exec(select(InboundMessage.status)))


def clock_hours(since: datetime) -> int:
    """How many clock hours (UTC) the time from ``since`` to now touches."""
    return (clock_hour(utcnow()) - clock_hour(since)) // timedelta(hours=1) + 1


def check_outcome(engine, proc, log: Path, stored: int, since: datetime) -> None:  # noqa: ANN001
    """Everything handled once, nothing quarantined, one reply at most per mail; the
    only other mail is the owner's "wrong passwords" warning (once per clock hour: the
    corpus guesses one power's password) and notices about mail that failed."""
    wait_for(lambda: by_status(engine).get("pending", 0) == 0 and
             sum(by_status(engine).values()) == stored, 90, what="every mail handled")  # fmt: skip
    assert proc.poll() is None, "the daemon died"
    statuses = by_status(engine)
    assert set(statuses) <= {"processed", "ignored"}, (statuses, log.read_text()[-3000:])
    assert statuses["processed"] > stored // 2  # most mails are answerable
    with Session(engine) as s:
        rows = s.exec(select(OutboxMessage)).all()
    replies = [email.message_from_bytes(r.raw) for r in rows if r.game is None and not r.notice]
    answered = Counter(m["In-Reply-To"] for m in replies if m["In-Reply-To"])
    assert answered and max(answered.values()) == 1, answered.most_common(3)
    assert len(replies) <= statuses["processed"]
    warnings = [email.message_from_bytes(r.raw)["Subject"] for r in rows if r.game is not None]
    assert all("wrong passwords for" in w for w in warnings), warnings
    assert len(warnings) <= clock_hours(since), warnings
    failed = sum(r.state == "failed" for r in rows)
    assert sum(r.notice for r in rows) <= 2 * failed  # to the keeper and the game's master
    assert "Traceback" not in log.read_text(errors="replace")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, db_url: str) -> str:
    """The test's database: the SQLite file, or a PostgreSQL copy of the migrated template."""
    if request.param == "sqlite":
        return db_url
    return request.getfixturevalue("migrated_postgres_url")


def send_smtp(port: int, mails: list[bytes]) -> int:
    """Send every mail to the judge's SMTP server; return how many it took."""
    accepted = 0
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        for raw in mails:
            with contextlib.suppress(smtplib.SMTPDataError):  # SMTP's own refusals
                smtp.sendmail("fuzz@fuzz.test", [JUDGE], raw)
                accepted += 1
    return accepted


def append_imap(imap: IMAPClient, mails: list[bytes]) -> int:
    """Put every mail in the judge's mailbox; return how many the server took."""
    appended = 0
    for raw in mails:
        with contextlib.suppress(IMAPClient.Error):  # the IMAP server's own refusals
            imap.append("INBOX", raw)
            appended += 1
    return appended


@pytest.mark.parametrize("intake", ["smtp", "imap"])
def test_fuzzed_mails_through_real_intake(
    tmp_path: Path, intake: str, database: str, relay: Relay, dovecot: Dovecot,
    mailbox_user: str, imap: IMAPClient,
) -> None:  # noqa: ANN001  # fmt: skip
    engine = make_engine(database)
    setup_games(engine, 1)
    mails = Corpus(SEED).mails(COUNT)
    config = tmp_path / "judge.toml"
    if intake == "imap":
        stored = append_imap(imap, mails)
        write_config(config, database, relay.port, dovecot=dovecot, user=mailbox_user,
                     limits=LIMITS)  # fmt: skip
    else:
        port = free_port()
        write_config(config, database, relay.port, smtp_port=port, limits=LIMITS)
    log = tmp_path / "daemon.log"
    started, since = time.monotonic(), utcnow()
    proc = start_judge(config, log)
    try:
        if intake == "smtp":
            stored = send_smtp(port, mails)
        assert stored >= COUNT * 0.95
        check_outcome(engine, proc, log, stored, since)
    finally:
        assert stop_judge(proc) == 0
        engine.dispose()
    assert time.monotonic() - started < 60
