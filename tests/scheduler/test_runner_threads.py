"""The deadline runner with its scheduler thread really running: stopping it, however
soon after a start or a replan, raises nothing in any thread and leaves no thread."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta

import pytest

from judge.runners.deadline_runner import DeadlineRunner
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


def _wait(condition, seconds: float) -> bool:  # noqa: ANN001
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_a_successor_due_while_its_run_is_still_ending_is_not_dropped(
    engine, monkeypatch, thread_errors
) -> None:  # noqa: ANN001
    """Issue 9.1: a run that plans its successor for now, and whose thread is then
    pre-empted before it returns, must still have that successor run.  APScheduler
    refused it ("maximum number of running instances") and no run was planned again."""
    from judge.runners import deadline_runner

    slow = threading.Event()
    real_debug = deadline_runner.log.debug

    def debug_then_stall(*args, **kwargs) -> None:  # noqa: ANN002, ANN003
        real_debug(*args, **kwargs)
        if not slow.is_set():
            slow.set()
            import time

            time.sleep(0.5)  # the thread is pre-empted after planning the next run

    monkeypatch.setattr(deadline_runner.log, "debug", debug_then_stall)
    runner = DeadlineRunner(engine, SENDER, min_gap=timedelta(0))
    runner.after_run = runner.replan  # a mail arrives during every run: run again at once
    runner.start()
    try:
        assert _wait(lambda: runner.runs >= 3, 10), f"only {runner.runs} runs"
    finally:
        runner.stop()
    assert thread_errors == []


def test_a_lost_run_is_caught_up_at_the_next_tick(engine, thread_errors) -> None:  # noqa: ANN001
    """Whatever removes the planned run (a dropped job), the tick plans it again."""
    runner = DeadlineRunner(engine, SENDER, tick=timedelta(seconds=0.2))
    runner.start()
    try:
        assert _wait(lambda: runner.runs >= 1, 10)
        runner.scheduler.remove_job(deadline_runner_job_id())  # the planned run is lost
        runner.next_run = runner.clock() - timedelta(seconds=1)  # ... and was due
        before = runner.runs
        assert _wait(lambda: runner.runs > before, 5), "the lost run was never caught up"
    finally:
        runner.stop()
    assert thread_errors == []


def deadline_runner_job_id() -> str:
    from judge.runners.deadline_runner import JOB_ID

    return JOB_ID
