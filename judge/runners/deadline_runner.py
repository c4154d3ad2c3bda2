"""The daemon's deadline runner: one APScheduler date job that runs
:func:`judge.game.deadlines.run_due` at the earliest moment some game needs attention.

Nothing is kept but that one job: each run reads the games that are due from the
database (by their stored wake-ups: a run costs what is due, not what exists), does
what is due and plans the next run at the earliest wake-up it returns (at most
``recheck`` later, so that changes made outside the daemon, by another daemon or the
command line, are seen too).  On start the job runs at once, so deadlines that passed while the
judge was down are handled straight away.  :meth:`DeadlineRunner.replan` (called
after each processed mail: new orders, SET WAIT, a master's SET DEADLINE ...) runs
it again soon (at most once per ``min_gap``); a call during a run makes the run repeat
once it ends.

A run that fails as a whole is tried again two seconds later when the database was
only unreachable or busy for a moment (:func:`judge.store.db.is_transient`: a restart,
a lost connection, a lock), ten minutes later otherwise.

The schedule heals itself: a second job, the *tick* (every ``tick``), plans a run at
once whenever none is planned or the planned one is overdue (a run lost for any
reason is caught up within one tick).  The run job admits a few instances at once
and guards itself instead: a run that starts while another is still ending marks the
runner to run again rather than being dropped by APScheduler ("maximum number of
running instances"), which once stopped the runner for good.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.triggers.date import DateTrigger
from sqlalchemy.engine import Engine

from judge.game.deadlines import RETRY_AFTER, TRANSIENT_RETRY, run_due
from judge.mail.outgoing import Author
from judge.store.db import is_transient
from judge.store.models import utcnow

log = logging.getLogger(__name__)

JOB_ID = "deadlines"
TICK_ID = "deadlines-tick"
# How late a planned run may be before the tick takes it for lost.
OVERDUE = timedelta(seconds=5)


class DeadlineRunner:
    """Runs the games' deadlines in a background scheduler thread."""

    def __init__(
        self,
        engine: Engine,
        sender: Author,
        *,
        after_run: Callable[[], None] | None = None,
        recheck: timedelta = timedelta(minutes=1),
        min_gap: timedelta = timedelta(seconds=1),
        tick: timedelta = timedelta(seconds=30),
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.engine = engine
        self.sender = sender
        self.after_run = after_run
        self.recheck = recheck
        self.min_gap = min_gap
        self.tick = tick
        self._last_end: datetime | None = None
        self.clock = clock
        self.stop_event = threading.Event()
        self.next_run: datetime | None = None
        self.runs = 0
        self._lock = threading.Lock()
        self._running = False
        self._again = False
        self.scheduler = BackgroundScheduler(
            timezone=UTC,
            job_defaults={"coalesce": True, "max_instances": 4, "misfire_grace_time": None},
        )

    def start(self) -> None:
        """Start the scheduler thread and run once at once."""
        self.scheduler.start()
        with self._lock:
            if not self.stop_event.is_set():
                self.scheduler.add_job(
                    self._tick, "interval", seconds=self.tick.total_seconds(), id=TICK_ID
                )
        self.replan()

    def stop(self) -> None:
        """Stop planning; wait for a run in progress to finish its current game.

        The planned job is removed before the scheduler shuts down: APScheduler's
        thread looks at its jobs once more after ``shutdown`` marks it stopped, and
        removing a job that is due then fails (``JobLookupError``, as the stopped
        scheduler only looks among the jobs not yet added).  The lock makes sure no
        run plans a new job in between: :meth:`_schedule` checks the stop event under it.
        """
        with self._lock:
            self.stop_event.set()
            self.next_run = None
            if self.scheduler.running:
                self.scheduler.remove_all_jobs()
        if self.scheduler.running:
            self.scheduler.shutdown(wait=True)

    def replan(self) -> None:
        """Look at the games again soon: at once, or ``min_gap`` after the last run
        ended (so that a stream of mail does not keep the runner busy)."""
        with self._lock:
            if self._running:
                self._again = True
                return
            when = self._soonest()
            if self.next_run is None or self.next_run > when:
                self._schedule(when)

    def _tick(self) -> None:
        """Plan a run at once when none is planned or the planned one is overdue."""
        with self._lock:
            if self._running:
                return
            now = self.clock()
            if self.next_run is None or self.next_run < now - OVERDUE:
                log.warning("deadline run was lost (planned for %s); running now", self.next_run)
                self._schedule(now)

    def _soonest(self) -> datetime:
        now = self.clock()
        if self._last_end is None:
            return now
        return max(now, self._last_end + self.min_gap)

    def _schedule(self, when: datetime) -> None:
        """Plan the next run (the lock is held)."""
        if self.stop_event.is_set():
            return
        self.next_run = when
        self.scheduler.add_job(
            self._run,
            DateTrigger(run_date=when, timezone=UTC),
            id=JOB_ID,
            replace_existing=True,
        )

    def _run(self) -> None:
        with self._lock:
            if self._running:  # another run is still ending: it runs again after
                self._again = True
                return
            self._running = True
            self._again = False
        wake: datetime | None = None
        try:
            wake = run_due(self.engine, self.sender, self.clock(), self.stop_event)
        except Exception as error:  # e.g. the database is unreachable: try again
            if is_transient(error):
                log.warning("deadline run met a database error (%s); retrying", error)
                wake = self.clock() + TRANSIENT_RETRY
            else:
                log.exception("deadline run failed")
                wake = self.clock() + RETRY_AFTER
        finally:
            self.runs += 1
            if self.after_run is not None:
                self.after_run()
            with self._lock:
                self._running = False
                now = self._last_end = self.clock()
                latest = now + self.recheck
                when = self._soonest() if self._again else min(wake or latest, latest)
                self._schedule(max(when, now))
            log.debug("next deadline run at %s", self.next_run)
