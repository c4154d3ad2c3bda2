"""Overtaking in the processing runner: while the oldest pending mail waits for its
password check, a later mail from another sender about other games is handled first;
mails of one sender, or about one game, and every mail after a barrier keep their order."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.commands.inbound import mail_scope, process_inbound
from judge.config import Config
from judge.game.games import current_order_texts
from judge.runners import inbox
from judge.runners.inbox import InboxRunner, no_scope
from judge.store.mail import PENDING, PROCESSED, InboundMessage, OutboxMessage, store_inbound
from judge.store.turns import write_turn
from tests.commands.helpers import (
    add_game,
    address,
    judge_config,
    make_mail,
    migrated_engine,
    outbox,
)

pytestmark = pytest.mark.timeout(60)

Checks = dict[bytes, "Future[bool]"]


class Recorder:
    """A stand-in processor that notes the order mails are handled in."""

    def __init__(self) -> None:
        self.order: list[int] = []

    def __call__(self, session: Session, row: InboundMessage, _config: Config) -> None:
        self.order.append(row.id or 0)
        session.add(OutboxMessage(recipients='["p@players.test"]', raw=b"reply %d" % row.id))


def _prepare(checks: Checks) -> Callable[..., list[list[Future[bool]]]]:
    """A ``prepare`` that gives each mail the checks whose marker its bytes hold."""

    def prepare(_session: Session, raws: Iterable[bytes], _config: Config):  # noqa: ANN202
        return [[f for marker, f in checks.items() if marker in raw] for raw in raws]

    return prepare


def _store(engine: Engine, power: str, body: str) -> int:
    with Session(engine) as session:
        row = store_inbound(session, make_mail(address(power), body), "smtp")
        assert row is not None and row.id is not None
        return row.id


def _runner(engine: Engine, checks: Checks, recorder: Recorder) -> InboxRunner:
    return InboxRunner(judge_config(), engine, recorder, prepare=_prepare(checks), scope=mail_scope)


def _until(condition: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.002)


def _later(seconds: float, check: Future[bool]) -> threading.Timer:
    """Complete ``check`` after ``seconds``, as the background hashing would."""
    timer = threading.Timer(seconds, check.set_result, (True,))
    timer.start()
    return timer


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    return migrated_engine(tmp_path)


def test_a_later_mail_of_another_sender_and_game_goes_first(engine: Engine) -> None:
    check: Future[bool] = Future()
    first = _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    later = _store(engine, "germany", "SIGNON Ggame2 berlin1\nA Ber - Kie\n")
    recorder = Recorder()
    runner = _runner(engine, {b"Fgame1": check}, recorder)
    done: list[int] = []
    thread = threading.Thread(target=lambda: done.append(runner.run_once()), daemon=True)
    thread.start()
    _until(lambda: recorder.order == [later], "the later mail")
    time.sleep(0.05)
    assert recorder.order == [later]  # the first still waits for its check ...
    assert write_turn(engine)._owner is None  # ... without the write turn
    check.set_result(True)
    thread.join(10)
    assert recorder.order == [later, first] and done == [2]


@pytest.mark.parametrize(
    ("power", "body"),
    [
        ("france", "SIGNON Fgame2 paris11\nA Par - Bur\n"),  # the same sender
        ("germany", "SIGNON Ggame1 berlin1\nA Ber - Kie\n"),  # the same game
        ("germany", "SIGNON germany@GAME1 berlin1\n"),  # the same game, written otherwise
        ("germany", "HISTORY game1\n"),  # reads the same game
    ],
)
def test_a_mail_sharing_the_sender_or_a_game_keeps_its_place(
    engine: Engine, power: str, body: str
) -> None:
    check: Future[bool] = Future()
    first = _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    later = _store(engine, power, body)
    recorder = Recorder()
    runner = _runner(engine, {b"Fgame1": check}, recorder)
    _later(0.2, check)
    assert runner.run_once() == 2
    assert recorder.order == [first, later]


@pytest.mark.parametrize(
    "barrier",
    [
        "REGISTER\nName: Ada\nPassword: first1\nEND\n",
        "LIST\n",
        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nSIGNON Ggame3 berlin1\n"
        "-----BEGIN PGP SIGNATURE-----\n\niQEzBAEBCAAdFiEE\n-----END PGP SIGNATURE-----\n",
    ],
)
def test_nothing_passes_a_barrier_nor_the_barrier_itself(engine: Engine, barrier: str) -> None:
    check: Future[bool] = Future()
    first = _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    middle = _store(engine, "austria", barrier)
    last = _store(engine, "italy", "SIGNON Igame2 rome111\nA Ven H\n")
    recorder = Recorder()
    runner = _runner(engine, {b"Fgame1": check}, recorder)
    _later(0.2, check)
    assert runner.run_once() == 3
    assert recorder.order == [first, middle, last]


def test_a_mail_waiting_for_its_own_check_is_not_taken_early(engine: Engine) -> None:
    oldest: Future[bool] = Future()
    own: Future[bool] = Future()
    first = _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    waiting = _store(engine, "germany", "SIGNON Ggame2 berlin1\nA Ber - Kie\n")
    ready = _store(engine, "italy", "SIGNON Igame3 rome111\nA Ven H\n")
    recorder = Recorder()
    runner = _runner(engine, {b"Fgame1": oldest, b"Ggame2": own}, recorder)
    _later(0.2, oldest)
    _later(0.4, own)
    assert runner.run_once() == 3
    # the third passes both; the second is not taken before its own check ends
    assert recorder.order == [ready, first, waiting]


@pytest.mark.parametrize("second_waits", [True, False])
def test_a_mail_keeps_its_place_behind_every_mail_it_would_pass(
    engine: Engine, second_waits: bool
) -> None:
    """The third mail shares nothing with the oldest, but its sender with the second,
    which cannot go first itself: for its own check, or for its game (the oldest's)."""
    oldest: Future[bool] = Future()
    own: Future[bool] = Future()
    first = _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    game = "Ggame2" if second_waits else "Ggame1"
    second = _store(engine, "germany", f"SIGNON {game} berlin1\nA Ber - Kie\n")
    third = _store(engine, "germany", "SIGNON Ggame3 berlin1\nA Mun H\n")
    recorder = Recorder()
    runner = _runner(engine, {b"Fgame1": oldest, b"Ggame2": own}, recorder)
    _later(0.2, oldest)
    _later(0.3, own)
    assert runner.run_once() == 3
    assert recorder.order == [first, second, third]


def test_mail_stored_while_the_oldest_waits_is_looked_at(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(inbox, "CHECK_WAIT_SECONDS", 0.05)
    check: Future[bool] = Future()
    first = _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    recorder = Recorder()
    runner = _runner(engine, {b"Fgame1": check}, recorder)
    thread = threading.Thread(target=runner.run_once, daemon=True)
    thread.start()
    time.sleep(0.1)  # the runner waits for the first mail's check
    later = _store(engine, "germany", "SIGNON Ggame2 berlin1\nA Ber - Kie\n")
    runner.wake.set()
    _until(lambda: recorder.order == [later], "the mail stored later")
    check.set_result(True)
    thread.join(10)
    assert recorder.order == [later, first]


def test_stop_is_heard_while_the_oldest_waits(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(inbox, "CHECK_WAIT_SECONDS", 0.05)
    check: Future[bool] = Future()
    _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    recorder = Recorder()
    runner = _runner(engine, {b"Fgame1": check}, recorder)
    threading.Timer(0.1, runner.stop.set).start()
    started = time.monotonic()
    assert runner.run_once() == 0
    assert time.monotonic() - started < 5 and recorder.order == []


def test_only_the_judges_own_processor_has_scopes(engine: Engine) -> None:
    assert InboxRunner(judge_config(), engine).scope is mail_scope
    assert InboxRunner(judge_config(), engine, process_inbound).scope is mail_scope
    assert InboxRunner(judge_config(), engine, Recorder()).scope is no_scope
    # so under a stand-in processor, mail keeps its order
    check: Future[bool] = Future()
    first = _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    later = _store(engine, "germany", "SIGNON Ggame2 berlin1\nA Ber - Kie\n")
    recorder = Recorder()
    runner = InboxRunner(judge_config(), engine, recorder, prepare=_prepare({b"Fgame1": check}))
    _later(0.2, check)
    assert runner.run_once() == 2
    assert recorder.order == [first, later]


def test_a_batch_takes_overtaking_mails_and_commits_once(engine: Engine) -> None:
    """Several later mails go first in one batch; handle_batch reports what it took."""
    check: Future[bool] = Future()
    first = _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    others = [
        _store(engine, power, f"SIGNON {power[0].upper()}g{n} pw\nA X H\n")
        for n, power in enumerate(("germany", "italy", "russia"))
    ]
    recorder = Recorder()
    runner = _runner(engine, {b"Fgame1": check}, recorder)
    runner._prepare_ahead([first, *others])
    assert runner.handle_batch([first, *others]) == 3
    assert runner.last_batch == others == recorder.order
    check.set_result(True)
    assert runner.handle_batch([first]) == 1
    assert recorder.order == [*others, first]


def test_the_judges_own_processor_applies_both_mails_when_one_overtakes(
    engine: Engine,
) -> None:
    """With the real command processor and real games: the later mail (another player,
    another game) is applied while the oldest waits, and then the oldest is."""
    with Session(engine) as session:
        first_game = add_game(session, "game1", deadline_hours=24 * 365).id
        second_game = add_game(session, "game2", deadline_hours=24 * 365).id
    check: Future[bool] = Future()
    first = _store(engine, "france", "SIGNON Fgame1 paris11\nA Par - Bur\n")
    later = _store(engine, "germany", "SIGNON Ggame2 berlin1\nA Ber - Kie\n")
    runner = InboxRunner(judge_config(), engine, prepare=_prepare({b"Fgame1": check}))
    thread = threading.Thread(target=runner.run_once, daemon=True)
    thread.start()
    _until(lambda: _status(engine, later) == PROCESSED, "the later mail")
    assert _status(engine, first) == PENDING
    check.set_result(True)
    thread.join(10)
    assert _status(engine, first) == PROCESSED
    with Session(engine) as session:
        assert first_game is not None and second_game is not None
        france = current_order_texts(session, first_game, "S1901M", "france")
        germany = current_order_texts(session, second_game, "S1901M", "germany")
    assert list(france.values()) == ["A par - bur"]  # as the judge writes them
    assert list(germany.values()) == ["A ber - kie"]
    assert [m["To"] for m in outbox(engine)] == [address("germany"), address("france")]


def _status(engine: Engine, row_id: int) -> str:
    with Session(engine) as session:
        row = session.get(InboundMessage, row_id)
        assert row is not None
        return row.status
