"""Write turns (judge.store.turns): the daemon's threads take SQLite's write lock first
come first served, a long batch gives way to a thread that waits, and nobody holds the
turn while waiting for a password check."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlmodel import Session, select

from judge.runners import inbox
from judge.runners.inbox import InboxRunner
from judge.store.mail import PROCESSED, InboundMessage, OutboxMessage, store_inbound
from judge.store.turns import FreeTurn, WriteTurn, write_turn
from tests.commands.helpers import judge_config, make_mail, migrated_engine

pytestmark = pytest.mark.timeout(60)


def _in_thread(target) -> threading.Thread:  # noqa: ANN001
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def _until(condition, what: str, timeout: float = 10.0) -> None:  # noqa: ANN001
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.001)


def _take_note(turn: WriteTurn, got: list[str], name: str) -> None:
    with turn.held():
        got.append(name)


def test_waiting_threads_get_the_turn_in_the_order_they_asked() -> None:
    turn = WriteTurn()
    got: list[str] = []
    turn.acquire()
    threads = []
    for count, name in enumerate(("first", "second", "third"), start=1):
        threads.append(_in_thread(lambda name=name: _take_note(turn, got, name)))
        _until(lambda count=count: len(turn._queue) == count, f"{name} to queue")
    assert turn.wanted()
    turn.release()
    for thread in threads:
        thread.join(5)
    assert got == ["first", "second", "third"]
    assert not turn.wanted()


def test_the_holder_may_take_the_turn_again_and_only_the_holder_gives_it_up() -> None:
    turn = WriteTurn()
    with turn.held(), turn.held():
        errors: list[Exception] = []

        def stranger() -> None:
            try:
                turn.release()
            except RuntimeError as error:
                errors.append(error)

        _in_thread(stranger).join(5)
        assert len(errors) == 1
    # given up as often as taken: free for anybody now
    taker = _in_thread(lambda: (turn.acquire(), turn.release()))
    taker.join(5)
    assert not taker.is_alive()


def test_a_thread_that_holds_the_turn_too_long_is_passed_by() -> None:
    """Turns only order writers: after the wait bound a waiter goes ahead (SQLite's
    own lock still keeps the writes apart), and leaves the queue as it was."""
    turn = WriteTurn()
    turn.acquire()
    results: list[bool] = []
    started = time.monotonic()
    _in_thread(lambda: results.append(turn.acquire(wait=0.2))).join(5)
    assert results == [False] and 0.15 < time.monotonic() - started < 5
    assert not turn.wanted()  # the waiter that gave up is no longer queued
    served: list[str] = []
    patient = _in_thread(lambda: _take_note(turn, served, "patient"))
    _until(turn.wanted, "the patient waiter to queue")
    turn.release()
    patient.join(5)
    assert served == ["patient"]


def test_one_turn_per_database_and_none_needed_by_postgresql(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    assert write_turn(engine) is write_turn(engine)
    assert type(write_turn(engine)) is WriteTurn
    other = create_engine("postgresql+psycopg://judge@127.0.0.1:1/none")  # never connected
    turn = write_turn(other)
    assert isinstance(turn, FreeTurn)
    with turn.held():
        assert not turn.wanted()


def _reply(session: Session, row: InboundMessage, _config: object) -> None:
    time.sleep(0.01)  # some work per mail
    session.add(OutboxMessage(recipients='["p@players.test"]', raw=b"reply %d" % row.id))


def _store(engine, count: int) -> list[int]:  # noqa: ANN001
    with Session(engine) as s:
        for n in range(count):
            store_inbound(s, make_mail("p@players.test", f"mail {n}\n"), "smtp")
    with Session(engine) as s:
        return [r.id for r in s.exec(select(InboundMessage).order_by(InboundMessage.id))]


def test_a_batch_gives_way_to_a_thread_that_waits_for_the_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(inbox, "YIELD_SECONDS", 0.0)
    engine = migrated_engine(tmp_path)
    ids = _store(engine, 20)
    runner = InboxRunner(judge_config(), engine, _reply, prepare=lambda *_: None)
    turn = write_turn(engine)
    handled_when_served: list[int] = []

    def other_writer() -> None:
        _until(lambda: turn._owner is not None, "the batch")
        with turn.held():
            handled_when_served.append(_handled(engine))

    waiter = _in_thread(other_writer)
    taken = runner.handle_batch(ids)
    waiter.join(5)
    assert 1 <= taken < 20  # ended early: the other thread waited
    assert handled_when_served == [taken]  # served right after the batch's commit


def _handled(engine) -> int:  # noqa: ANN001
    with Session(engine) as s:
        rows = s.exec(select(InboundMessage.status))
        return sum(1 for status in rows if status == PROCESSED)


def test_a_batch_never_holds_the_turn_while_a_password_check_runs(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    ids = _store(engine, 3)
    check: Future[bool] = Future()
    runner = InboxRunner(
        judge_config(), engine, _reply, prepare=lambda _s, raws, _c: [[], [check], []]
    )
    runner._prepare_ahead(ids)
    assert runner.handle_batch(ids) == 1  # ends before the mail whose check runs
    rest: list[int] = []
    batch = _in_thread(lambda: rest.append(runner.handle_batch(ids[1:])))
    time.sleep(0.1)
    assert batch.is_alive()  # waits for the check ...
    turn = write_turn(engine)
    assert turn._owner is None  # ... without the turn: others may write meanwhile
    with turn.held():
        pass
    check.set_result(True)
    batch.join(5)
    assert rest == [2]
    assert _handled(engine) == 3
