"""Issue 9.2 and 9.3: order mail and phase processing of one game, at the same moment,
on a real SQLite file and a real PostgreSQL server.

The deadline runner reads a phase's orders and adjudicates; an order mail read in that
window was answered "Accepted ... S1901M" while the S1901M results showed HOLD.  With
the game's lock the mail waits for the processing to commit and is then read against
the new phase, so whatever a reply accepts is what the results of its phase show.
A master's PROCESS racing the deadline runner processed one phase twice; with the
lock the second one sees the phase is gone.
"""

from __future__ import annotations

import re
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, select

from judge.game import processing as turns
from judge.game.deadlines import run_game
from judge.runners.inbox import InboxRunner
from judge.store.db import make_engine
from judge.store.mail import OutboxMessage, store_inbound
from judge.store.models import Game, GameReport, Order
from tests.commands.helpers import body_of, judge_config, make_mail, outbox
from tests.migrated import migrated_sqlite_file
from tests.scheduler.helpers import SENDER, address, new_game

pytestmark = [pytest.mark.timeout(120), pytest.mark.reliability]

RULES = "SET DEADLINE GRACE 0 REMIND NONE"


@pytest.fixture(params=["sqlite", "postgresql"])
def race_engine(request, tmp_path):  # noqa: ANN001, ANN201
    if request.param == "sqlite":
        url = migrated_sqlite_file(tmp_path / "judge.db")
    else:
        url = request.getfixturevalue("migrated_postgres_url")
    engine = make_engine(url)
    yield engine
    engine.dispose()


def _due_game(engine) -> int:  # noqa: ANN001
    past = datetime.now(UTC) - timedelta(seconds=2)
    return new_game(
        engine, "race", rules=RULES, deadline=past, processed_at=past - timedelta(hours=1)
    )


def _slow_orders(monkeypatch, read: threading.Event, hold: float) -> None:  # noqa: ANN001
    """Phase processing pauses for ``hold`` seconds right after reading the orders."""
    real = turns.stored_rows

    def reading_then_pausing(session, game, phase):  # noqa: ANN001, ANN202
        orders = real(session, game, phase)
        read.set()
        time.sleep(hold)
        return orders

    monkeypatch.setattr(turns, "stored_rows", reading_then_pausing)


def _order_mail() -> bytes:
    body = "SIGNON Frace pw\nA Par - Bur\nF Bre - MAO\nA Mar - Spa\n"
    return make_mail(address("france"), body)


def _deadline_run(engine, game_id: int, errors: list[BaseException]) -> threading.Thread:  # noqa: ANN001
    """The deadline runner's work for the game, started in a thread of its own."""

    def deadline() -> None:
        try:
            run_game(engine, SENDER, game_id, datetime.now(UTC))
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    thread = threading.Thread(target=deadline)
    thread.start()
    return thread


def _accepted_phase(text: str) -> str | None:
    match = re.search(r"Orders for France in game race, (\w+):", text)
    return match.group(1) if match and "Accepted" in text else None


def _send(engine) -> None:  # noqa: ANN001
    """Store an order mail as intake does and let the inbox runner apply it."""
    with Session(engine) as session:
        row = store_inbound(session, _order_mail(), "smtp")
        session.commit()
        assert row is not None and row.id is not None
        row_id = row.id
    InboxRunner(judge_config(), engine).handle(row_id)


def _order_mail_while_processing(engine, monkeypatch) -> int:  # noqa: ANN001
    """A due game whose S1901M processing pauses after reading the orders; an order
    mail arrives and is applied in that pause.  The game's id."""
    game_id = _due_game(engine)
    read = threading.Event()
    _slow_orders(monkeypatch, read, hold=1.5)
    errors: list[BaseException] = []
    runner = _deadline_run(engine, game_id, errors)
    assert read.wait(30), "the phase was never processed"
    _send(engine)
    runner.join(30)
    assert not errors, errors
    return game_id


def test_an_order_mail_read_while_its_phase_is_processed_is_never_dropped(
    race_engine, monkeypatch
) -> None:  # noqa: ANN001
    game_id = _order_mail_while_processing(race_engine, monkeypatch)

    with Session(race_engine) as session:
        game = session.get(Game, game_id)
        assert game is not None and game.phase == "F1901M"
        results = session.exec(select(GameReport).where(GameReport.phase == "S1901M")).all()
        stored = session.exec(select(Order).where(Order.power == "france")).all()
    assert len(results) == 1
    reply = body_of(outbox(race_engine)[-1])
    phase = _accepted_phase(reply)
    if phase == "S1901M":  # accepted for the processed phase: the results must show it
        assert "Army Paris -> Burgundy" in results[0].text, (reply, results[0].text)
    else:  # read against the new phase: stored for it, never for the old one
        assert phase == "F1901M", reply
        assert {o.phase for o in stored} == {"F1901M"}
        assert "Army Paris -> Burgundy" not in results[0].text


def test_orders_that_arrive_while_their_phase_is_processed_are_told_so(
    race_engine, monkeypatch
) -> None:  # noqa: ANN001
    """Issue 25.6: the orders stand for F1901M, but they were written for S1901M
    (its results were not out when the mail arrived): the reply says so plainly and
    carries the error flag.  A mail that arrives after the results is answered as
    usual."""
    _order_mail_while_processing(race_engine, monkeypatch)
    reply = outbox(race_engine)[-1]
    text = " ".join(body_of(reply).split())
    assert _accepted_phase(body_of(reply)) == "F1901M", text
    assert "[Error Flag]" in str(reply["Subject"]), reply["Subject"]
    assert "*** Note: your mail arrived at" in text
    assert (
        "after the S1901M deadline of game race was processed and before its results went out"
    ) in text
    assert "these orders do not count for S1901M, they now stand for F1901M" in text

    _send(race_engine)
    later = outbox(race_engine)[-1]
    assert "[Error Flag]" not in str(later["Subject"]), later["Subject"]
    assert "*** Note" not in body_of(later)


def test_two_processings_of_one_phase_at_once_process_it_once(race_engine, monkeypatch) -> None:  # noqa: ANN001
    """Two deadline runs of one due game at the same moment (two runners on one
    database, or the runner and a master's PROCESS, which takes the same lock through
    find_game): the second must find the phase already processed."""
    game_id = _due_game(race_engine)
    read = threading.Event()
    _slow_orders(monkeypatch, read, hold=1.0)
    errors: list[BaseException] = []
    first = _deadline_run(race_engine, game_id, errors)
    assert read.wait(30)
    second = _deadline_run(race_engine, game_id, errors)
    first.join(30)
    second.join(30)
    assert not errors, errors
    with Session(race_engine) as session:
        phases = [r.phase for r in session.exec(select(GameReport)).all()]
        mailed = session.exec(select(OutboxMessage)).all()
        game = session.get(Game, game_id)
    assert phases == ["S1901M"], phases
    assert game is not None and (game.number, game.phase) == (1, "F1901M")
    results = [m for m in mailed if b"S1901M Results" in m.raw]
    assert len(results) == 9  # seven players, the master and the observer, once each
