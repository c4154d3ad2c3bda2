"""The sender's journal (judge.store.sent_journal): marks that survive a crash, a torn
last line, folding into the outbox once, and one sender at a time (a real second process)."""

from __future__ import annotations

import subprocess
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlmodel import Session, select
from test_sender import queue
from test_sender import settings as relay_settings

from judge.runners.sender import OutboxSender
from judge.store.mail import OUT_PENDING, SENT, OutboxMessage
from judge.store.sent_journal import SentJournal, SentMark, journal_path

pytestmark = pytest.mark.timeout(90)

AT = datetime(2026, 11, 25, 4, 0, 0, tzinfo=UTC)


def rows(engine) -> list[OutboxMessage]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(OutboxMessage).order_by(OutboxMessage.id)))


def opened(path: Path) -> SentJournal:
    journal = SentJournal(path)
    assert journal.open()
    return journal


def test_the_journal_lives_beside_a_sqlite_file_only() -> None:
    assert journal_path("sqlite:////var/judge/judge.db") == Path("/var/judge/judge.db.sent")
    assert journal_path("sqlite:///state/judge.db") == Path("state/judge.db.sent")
    assert journal_path("sqlite://") is None
    assert journal_path("sqlite:///:memory:") is None
    assert journal_path("postgresql+psycopg://judge@localhost/judge") is None


def test_marks_survive_the_sender_that_wrote_them(tmp_path: Path) -> None:
    journal = opened(tmp_path / "j.sent")
    journal.record(SentMark(3, AT))
    journal.record(SentMark(7, AT, "some recipients refused: {'x@y': (550, b'no')}"))
    journal.close()  # as after a crash: nothing folded
    again = opened(tmp_path / "j.sent")
    assert again.marks == {
        3: SentMark(3, AT),
        7: SentMark(7, AT, "some recipients refused: {'x@y': (550, b'no')}"),
    }
    assert 7 in again and 4 not in again


def test_a_torn_last_line_is_a_mark_never_made(tmp_path: Path) -> None:
    path = tmp_path / "j.sent"
    path.write_bytes(SentMark(1, AT).line() + SentMark(2, AT).line()[:-9])
    journal = opened(path)
    assert set(journal.marks) == {1}  # mail 2 is sent again, as after a crash
    journal.record(SentMark(5, AT))
    journal.close()
    assert set(opened(path).marks) == {1, 5}


def test_folding_marks_the_rows_sent_once(engine, tmp_path: Path) -> None:  # noqa: ANN001
    queue(engine, 3)
    first, second, third = (r.id for r in rows(engine))
    journal = opened(tmp_path / "j.sent")
    journal.record(SentMark(first, AT))
    journal.record(SentMark(third, AT, "some recipients refused"))
    assert journal.fold(engine) == 2
    assert len(journal) == 0 and (tmp_path / "j.sent").read_bytes() == b""
    by_id = {r.id: r for r in rows(engine)}
    assert by_id[first].state == SENT and by_id[first].attempts == 1
    assert by_id[first].sent_at is not None
    assert by_id[first].sent_at.replace(tzinfo=UTC) == AT
    assert by_id[third].last_error == "some recipients refused"
    assert by_id[second].state == OUT_PENDING and by_id[second].sent_at is None
    # a crash between the fold's commit and the emptying: the same mark folded again
    journal.record(SentMark(first, AT))
    assert journal.fold(engine) == 1
    assert {r.id: r.attempts for r in rows(engine)}[first] == 1


def test_a_journaled_mail_is_not_sent_again_after_a_crash(engine, relay, tmp_path: Path) -> None:  # noqa: ANN001
    """The sender wrote its marks and died before folding them: the next sender folds
    them and sends only what was never handed over."""
    queue(engine, 3)
    journal = opened(tmp_path / "j.sent")
    sender = OutboxSender(relay_settings(relay.port), engine, "judge@example.org", journal=journal)
    assert sender.send_due() == 3 and len(relay.messages) == 3
    assert all(r.state == OUT_PENDING for r in rows(engine))  # not folded yet
    journal.close()  # the crash
    queue(engine, 1, start=3)
    journal = opened(tmp_path / "j.sent")
    after = OutboxSender(relay_settings(relay.port), engine, "judge@example.org", journal=journal)
    assert after.send_due() == 1
    assert [m[1] for m in relay.messages][-1] == ["player3@example.com"]
    assert len(relay.messages) == 4
    journal.fold(engine)
    assert all(r.state == SENT for r in rows(engine))


LOCKER = """
import sys
from pathlib import Path
from judge.store.sent_journal import SentJournal
journal = SentJournal(Path(sys.argv[1]))
print("waiting", flush=True)
journal.open()
print("locked", flush=True)
"""


def test_a_second_sender_waits_until_the_first_is_gone(tmp_path: Path) -> None:
    path = tmp_path / "j.sent"
    first = opened(path)
    other = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert other.stdout is not None
    try:
        assert other.stdout.readline().strip() == "waiting"
        got: list[str] = []
        reader = threading.Thread(target=lambda: got.append(other.stdout.readline()))
        reader.start()
        reader.join(1.5)
        assert got == []  # still waiting while the first holds the journal
        first.close()
        reader.join(10)
        assert got == ["locked\n"]
        assert other.wait(10) == 0
    finally:
        other.kill()
