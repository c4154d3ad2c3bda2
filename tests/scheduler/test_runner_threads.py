"""The deadline runner with its scheduler thread really running: stopping it, however
soon after a start or a replan, raises nothing in any thread and leaves no thread."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta

import pytest

from judge.mail.deadline_runner import DeadlineRunner
from tests.scheduler.helpers import SENDER

pytestmark = pytest.mark.timeout(60)  # a hang in stop() fails instead of blocking the suite


@pytest.fixture
def thread_errors() -> Iterator[list[BaseException]]:
    """Exceptions raised in any thread while the test runs."""
    errors: list[BaseException] = []
    previous = threading.excepthook

    def record(args: threading.ExceptHookArgs) -> None:
        errors.append(args.exc_value or RuntimeError(str(args.exc_type)))

    threading.excepthook = record
    yield errors
    threading.excepthook = previous


def test_stopping_with_a_run_due_raises_nothing(engine, thread_errors) -> None:  # noqa: ANN001
    """The scheduler looks at its jobs once more when it shuts down; a due run then
    must not make it fail (it raised JobLookupError in its thread)."""
    runner = DeadlineRunner(engine, SENDER)
    runner.scheduler.start(paused=True)  # the planned run stays due, never taken
    runner.replan()
    assert runner.scheduler.get_jobs()  # due now
    runner.stop()
    assert thread_errors == []
    assert not runner.scheduler.running
    assert runner.runs == 0
    assert runner.next_run is None


def test_many_quick_start_replan_stop_cycles(engine, thread_errors) -> None:  # noqa: ANN001
    """Stopped at once, or right after a first run (which plans the next one)."""
    before = set(threading.enumerate())
    for cycle in range(300):
        ran = threading.Event()
        runner = DeadlineRunner(engine, SENDER, min_gap=timedelta(0), after_run=ran.set)
        runner.start()
        for _ in range(cycle % 4):
            runner.replan()
        if cycle % 2:
            assert ran.wait(10)
        runner.stop()
        assert not runner.scheduler.running
        assert runner.scheduler.get_jobs() == []
        assert runner.runs >= cycle % 2
    assert thread_errors == []
    assert set(threading.enumerate()) <= before
