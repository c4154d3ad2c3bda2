"""Mail in batches: a fetch's mails stored in one transaction, several mails processed
in one transaction (a savepoint each once one fails), and password checks started ahead."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from judge.commands.inbound import SeenLately, prepare_inbound
from judge.runners.inbox import InboxRunner
from judge.store import passwords
from judge.store.limits import count, failure_key
from judge.store.mail import (
    PROCESSED,
    QUARANTINED,
    InboundMessage,
    OutboxMessage,
    inbound_key,
    store_inbound,
    store_inbound_many,
)
from judge.store.models import utcnow
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    judge_config,
    make_mail,
    migrated_engine,
)


def _rows(engine) -> list[InboundMessage]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(InboundMessage).order_by(InboundMessage.id)))


def test_a_fetch_is_stored_once_per_key_in_one_commit(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    a, b, c = (make_mail("p@players.test", f"mail {n}\n") for n in range(3))
    with Session(engine) as s:
        assert store_inbound(s, a, "imap") is not None
    commits: list[int] = []
    with Session(engine) as s:
        event.listen(s, "after_commit", lambda _s: commits.append(1))
        new = store_inbound_many(s, [(a, None), (b, None), (b, None), (c, None)], "imap")
    assert new == [False, True, False, True]
    assert commits == [1]
    assert [r.message_key for r in _rows(engine)] == [inbound_key(m) for m in (a, b, c)]


def test_a_fetch_that_loses_a_race_for_a_key_is_stored_one_by_one(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    a, b = make_mail("p@players.test", "a\n"), make_mail("p@players.test", "b\n")

    def rival_first(_conn, clause, *_args) -> None:  # noqa: ANN001
        """Another intake stores ``b`` after the batch looked up its keys, just before
        the batch's INSERT."""
        if getattr(clause, "is_insert", False):
            event.remove(engine, "before_execute", rival_first)
            with Session(engine) as other:
                store_inbound(other, b, "smtp")

    event.listen(engine, "before_execute", rival_first)
    with Session(engine) as s:
        assert store_inbound_many(s, [(a, None), (b, None)], "imap") == [True, False]
    rows = _rows(engine)
    assert [(r.message_key, r.source) for r in rows] == [
        (inbound_key(b), "smtp"),
        (inbound_key(a), "imap"),
    ]


def _boom_or_reply(session, row, config) -> None:  # noqa: ANN001
    """A processor that writes one outbox row per mail and fails on BOOM."""
    if b"BOOM" in row.raw:
        session.add(OutboxMessage(recipients='["x@players.test"]', raw=b"half done"))
        session.flush()
        raise RuntimeError("processor exploded")
    session.add(OutboxMessage(recipients='["x@players.test"]', raw=b"reply %d" % row.id))


def _boom_runner(tmp_path: Path, bodies: tuple[str, ...]) -> tuple[Engine, InboxRunner]:
    """A database with one stored mail per body, and a runner whose processor replies
    to each and fails on BOOM."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as s:
        for body in bodies:
            store_inbound(s, make_mail("p@players.test", body), "smtp")
    return engine, InboxRunner(judge_config(), engine, _boom_or_reply, prepare=lambda *_: None)


def test_a_failing_mail_in_a_batch_rolls_back_alone(tmp_path: Path) -> None:
    engine, runner = _boom_runner(tmp_path, ("one\n", "BOOM\n", "three\n", "four\n"))
    commits: list[int] = []
    event.listen(engine, "commit", lambda _conn: commits.append(1))
    assert runner.handle_batch([r.id for r in _rows(engine)]) == 4
    assert commits == [1]  # the four mails and the quarantine in one transaction
    assert [r.status for r in _rows(engine)] == [PROCESSED, QUARANTINED, PROCESSED, PROCESSED]
    with Session(engine) as s:
        raws = [o.raw for o in s.exec(select(OutboxMessage).order_by(OutboxMessage.id))]
    # the failed mail's half-done work is gone; its sender got the quarantine notice
    assert raws[0] == b"reply 1" and raws[2:] == [b"reply 3", b"reply 4"]
    assert b"could not be processed" in raws[1].replace(b"\r\n", b" ")


def _statements(engine) -> list[str]:  # noqa: ANN001
    """The SQL the engine runs from now on (first words of each statement)."""
    seen: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *a: seen.append(" ".join(a[2].split())))
    return seen


def test_a_batch_without_failures_takes_no_savepoint_and_reads_its_rows_once(
    tmp_path: Path,
) -> None:
    engine, runner = _boom_runner(tmp_path, ("one\n", "two\n", "three\n"))
    ids = [r.id for r in _rows(engine)]
    seen = _statements(engine)
    assert runner.handle_batch(ids) == 3
    assert not [s for s in seen if s.startswith("SAVEPOINT")]
    assert len([s for s in seen if s.startswith("SELECT inbound_message.id")]) == 1
    assert [r.status for r in _rows(engine)] == [PROCESSED] * 3


def test_a_failure_late_in_a_batch_undoes_the_rows_before_it_once(tmp_path: Path) -> None:
    engine, runner = _boom_runner(tmp_path, ("one\n", "two\n", "BOOM\n", "four\n"))
    seen = _statements(engine)
    assert runner.handle_batch([r.id for r in _rows(engine)]) == 4
    assert len([s for s in seen if s.startswith("SAVEPOINT")]) >= 4  # the second pass
    assert [r.status for r in _rows(engine)] == [PROCESSED, PROCESSED, QUARANTINED, PROCESSED]
    with Session(engine) as s:
        raws = [o.raw for o in s.exec(select(OutboxMessage).order_by(OutboxMessage.id))]
    assert raws[:2] == [b"reply 1", b"reply 2"] and raws[3:] == [b"reply 4"]  # none twice


def test_a_batch_is_bounded_by_its_size(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as s:
        for n in range(5):
            store_inbound(s, make_mail("p@players.test", f"mail {n}\n"), "smtp")
    runner = InboxRunner(judge_config(), engine, _boom_or_reply, prepare=lambda *_: None)
    runner.batch_mails = 2
    ids = [r.id for r in _rows(engine)]
    assert runner.handle_batch(ids) == 2
    assert [r.status for r in _rows(engine)] == [PROCESSED] * 2 + ["pending"] * 3
    assert runner.run_once() == 3
    assert [r.status for r in _rows(engine)] == [PROCESSED] * 5


def test_a_check_started_ahead_gives_the_same_answers() -> None:
    stored = passwords.hash_password("secret-one")
    passwords.verify_ahead(stored, "secret-one")
    passwords.verify_ahead(stored, "wrong-one")
    assert passwords.verify_password(stored, "secret-one")
    assert not passwords.verify_password(stored, "wrong-one")
    before = passwords.hashing_done()[0]
    assert not passwords.verify_password(stored, "wrong-one")  # not remembered: checked
    assert passwords.verify_password(stored, "secret-one")  # remembered
    assert passwords.hashing_done()[0] == before + 1


@pytest.mark.usefixtures("within_one_clock_hour")
def test_prepare_starts_the_checks_of_signons_that_will_be_checked(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as s:
        add_game(s, "prep")
    config = judge_config()
    france = make_mail(address("france"), f"SIGNON Fprep {PASSWORDS['france']}\nA Par H\n")
    locked = make_mail(address("italy"), f"SIGNON Iprep {PASSWORDS['italy']}\n")
    no_game = make_mail(address("russia"), "SIGNON Rnosuch whatever\n")
    with Session(engine) as s:
        limit = config.limits.password_failures_per_hour
        count(s, failure_key("address", address("italy")), utcnow(), add=limit)
        s.commit()
    before = passwords.hashing_done()[0]
    with Session(engine) as s:
        prepare_inbound(s, [france, locked, no_game, make_mail("x@players.test", "HELP\n")], config)
    with passwords._LOCK:
        ahead = list(passwords._AHEAD.values())
    for future in ahead:
        future.result(10)
    assert passwords.hashing_done()[0] == before + 1  # France's only


@pytest.mark.usefixtures("within_one_clock_hour")
def test_mails_prepared_lately_are_remembered_by_their_runner(tmp_path: Path) -> None:
    """Which mails were prepared lately is the runner's memory (issue 27), not the
    process's: a second runner prepares a mail the first one prepared, and the same
    runner does not prepare it twice."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as s:
        add_game(s, "seen")
    config = judge_config()
    mail = make_mail(address("france"), f"SIGNON Fseen {PASSWORDS['france']}\nA Par H\n")

    def started(lately: SeenLately | None) -> int:
        with Session(engine) as s:
            [checks] = prepare_inbound(s, [mail], config, lately)
        for check in checks:
            check.result(10)
        return len(checks)

    assert started(None) == 1
    assert started(None) == 1  # no runner's memory: prepared again (the answer is known)
    runner = SeenLately()
    assert [started(runner), started(runner), started(SeenLately())] == [1, 0, 1]


def test_a_handled_row_is_written_by_one_update_and_left_clean(tmp_path: Path) -> None:
    """save_handled writes every field handling may change, and the ORM has nothing
    left to write for the row (it is not written a second time)."""
    from judge.store.mail import _HANDLED_FIELDS, _OTHER_FIELDS, mark_done, save_handled

    columns = set(InboundMessage.__table__.columns.keys())  # type: ignore[attr-defined]
    assert set(_HANDLED_FIELDS) | set(_OTHER_FIELDS) == columns  # a new column is listed
    engine = migrated_engine(tmp_path)
    with Session(engine) as s:
        row = store_inbound(s, make_mail("p@players.test", "SIGNON Fgame1 secret\n"), "imap")
        assert row is not None
        row_id = row.id
    updates: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *a: updates.append(a[2]))
    with Session(engine, expire_on_commit=False) as s:
        row = s.get(InboundMessage, row_id)
        assert row is not None
        with s.begin_nested():
            mark_done(row, QUARANTINED, "why")
            row.raw, row.attempts = b"kept", 2
            save_handled(s, row)
            assert not s.dirty
        s.commit()
        assert (row.status, row.raw, row.attempts, row.id) == (QUARANTINED, b"kept", 2, row_id)
    assert sum(1 for sql in updates if sql.startswith("UPDATE inbound_message")) == 1
    [stored] = _rows(engine)
    assert (stored.status, stored.error, stored.raw, stored.attempts) == (
        QUARANTINED, "why", b"kept", 2,
    )  # fmt: skip
    assert stored.processed_at is not None


def _counts_on(engine) -> None:  # noqa: ANN001
    """The hourly counts on one database: totals per key and hour, a look that adds
    nothing writes nothing, and a key's first count of an hour deletes the counts of
    more than a day before."""
    from datetime import UTC, datetime, timedelta

    from judge.store.models import ReplyCount

    now = datetime(2026, 11, 24, 10, 30, tzinfo=UTC)
    with Session(engine) as s:
        assert count(s, "old", now - timedelta(days=2)) == 1
        s.commit()
    with Session(engine) as s:
        assert count(s, "a", now, add=0) == 0
        assert {r.address for r in s.exec(select(ReplyCount))} == {"old"}
        assert [count(s, "a", now), count(s, "a", now, add=2), count(s, "b", now)] == [1, 3, 1]
        assert count(s, "a", now + timedelta(hours=1)) == 1  # a new clock hour
        assert count(s, "a", now, add=0) == 3
        s.commit()
    with Session(engine) as s:
        rows = {(r.address, r.count) for r in s.exec(select(ReplyCount))}
        assert rows == {("a", 3), ("b", 1), ("a", 1)}  # "old" deleted on the way


def test_hourly_counts_on_sqlite(tmp_path: Path) -> None:
    _counts_on(migrated_engine(tmp_path))


def test_hourly_counts_on_postgresql(migrated_postgres_url: str) -> None:
    from judge.store.db import make_engine

    engine = make_engine(migrated_postgres_url)
    try:
        _counts_on(engine)
    finally:
        engine.dispose()


def test_a_mail_failing_after_its_row_was_written_is_quarantined_as_received(
    tmp_path: Path,
) -> None:
    """When a mail fails after store.save_handled wrote its row, the savepoint takes the
    write back, and the quarantine reads the row as received again: its sender is told
    (the notice needs the mail's From) and its bytes are kept as they came."""
    from judge.store.mail import mark_done, save_handled

    def write_then_fail(session: Session, row: InboundMessage, _config: object) -> None:
        row.raw = b"not the mail"
        mark_done(row, PROCESSED)
        save_handled(session, row)
        raise RuntimeError("failed after the row was written")

    engine = migrated_engine(tmp_path)
    mail = make_mail("p@players.test", "hello\n")
    with Session(engine) as s:
        row = store_inbound(s, mail, "imap")
        assert row is not None
        row_id = row.id
    runner = InboxRunner(judge_config(), engine, write_then_fail, prepare=lambda *_: None)
    assert runner.handle(row_id) == QUARANTINED
    [stored] = _rows(engine)
    assert stored.raw == mail
    with Session(engine) as s:
        notices = list(s.exec(select(OutboxMessage)))
    assert [n.recipient_list() for n in notices if b"could not be processed" in n.raw] == [
        ["p@players.test"]
    ]


def test_storing_a_mail_reads_its_key_once(tmp_path: Path) -> None:
    """Intake looked a mail's key up twice (the mail holding it, then whether it was
    stored); one read tells both, for a new mail, a copy, and a fetch."""
    engine = migrated_engine(tmp_path)
    a, b = make_mail("p@players.test", "a\n"), make_mail("p@players.test", "b\n")
    seen = _statements(engine)
    with Session(engine) as s:
        assert store_inbound(s, a, "smtp") is not None
        assert store_inbound(s, a, "smtp") is None  # the copy
        assert store_inbound_many(s, [(a, None), (b, None)], "imap") == [False, True]
    reads = [x for x in seen if "WHERE inbound_message.message_key" in x]
    assert len(reads) == 3, reads
    assert [r.message_key for r in _rows(engine)] == [inbound_key(a), inbound_key(b)]
