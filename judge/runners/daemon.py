"""The judge daemon: intake, processor, deadline and sender runners around the two queues.

* intake: the judge's SMTP server, or the IMAP watcher, stores mail as ``pending``;
* processor: applies pending mail in order (but for overtaking: judge.runners.inbox)
  and writes replies to the outbox;
* deadlines: reminders, late notices, grace and processing of the games' phases
  (:mod:`judge.runners.deadline_runner`), planned again after each processed mail;
* sender: hands the outbox to the SMTP relay, in a process of its own
  (:mod:`judge.runners.sender_process`), woken after each batch of mail and each run
  of the deadlines.

The other runners are threads; ``run_daemon`` runs them until SIGTERM or SIGINT.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Engine

from judge.config import Config
from judge.mail.outgoing import Author
from judge.runners.daemon_lock import hold_database
from judge.runners.deadline_runner import DeadlineRunner
from judge.runners.imap_source import ImapSource
from judge.runners.inbox import InboxRunner, ProcessFn
from judge.runners.sender_process import SenderProcess
from judge.runners.smtp_inbound import start_smtp_server
from judge.store.db import make_engine, migrate

log = logging.getLogger(__name__)


class _Signal(threading.Event):
    """An event that also calls ``hooks`` each time it is set."""

    def __init__(self, *hooks: Callable[[], None]) -> None:
        super().__init__()
        self.hooks = list(hooks)

    def set(self) -> None:
        super().set()
        for hook in self.hooks:
            hook()


class Daemon:
    """The runners, started and stopped together."""

    def __init__(self, config: Config, engine: Engine, process: ProcessFn | None = None) -> None:
        self.config = config
        self.engine = engine
        self.stop_event = threading.Event()
        self.inbound_wake = threading.Event()
        self.sender = SenderProcess(config)
        self.deadlines = DeadlineRunner(
            engine,
            Author.of(config),
            after_run=self.sender.wake,
        )
        # after each processed mail: send the replies, and look at the deadlines again
        self.mail_handled = _Signal(self.sender.wake, self.deadlines.replan)
        self.processor = InboxRunner(
            config,
            engine,
            process,
            stop=self.stop_event,
            wake=self.inbound_wake,
            sent_wake=self.mail_handled,
        )
        self.imap: ImapSource | None = None
        self.smtp: Any = None
        self.web: Any = None  # judge.web.server.WebThread when [web] port is set
        self.threads: list[threading.Thread] = []

    def _thread(self, name: str, target: Callable[[], None]) -> None:
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        self.threads.append(thread)

    def start(self) -> None:
        """Start intake, processor, deadlines and sender."""
        self._thread("processor", self.processor.run)
        self.sender.start()
        self.deadlines.start()
        inbound = self.config.inbound
        if inbound.mode == "imap":
            self.imap = ImapSource(
                inbound.imap,
                self.engine,
                self.stop_event,
                on_stored=self.inbound_wake.set,
                max_bytes=self.config.limits.max_message_bytes,
            )
            self._thread("imap", self.imap.run)
        else:
            self.smtp = start_smtp_server(
                self.engine,
                inbound.smtp.host,
                inbound.smtp.port,
                on_stored=self.inbound_wake.set,
                max_bytes=self.config.limits.max_message_bytes,
            )
        if self.config.web.port:
            from judge.web.server import WebThread  # only a judge that serves pages needs it

            self.web = WebThread(self.engine, self.config)
            self.web.start()
        log.info("judge daemon running (%s intake)", inbound.mode)

    def stop(self, timeout: float = 30.0) -> None:
        """Stop taking mail in, let the runners finish their current step, and return."""
        if self.smtp is not None:
            self.smtp.stop()
            self.smtp = None
        if self.web is not None:
            self.web.stop()
            self.web = None
        self.deadlines.stop()
        self.stop_event.set()
        self.inbound_wake.set()
        for thread in self.threads:
            thread.join(timeout)
        self.sender.stop(timeout)  # after the processor: its last replies go out
        log.info("judge daemon stopped")


def run_daemon(config: Config, process: ProcessFn | None = None) -> None:
    """Run the judge until SIGTERM or SIGINT, then stop cleanly.  On SQLite, refuses
    to start while another daemon runs on the same database (:mod:`daemon_lock`)."""
    held = hold_database(config.database.url)
    try:
        _run(config, process)
    finally:
        if held is not None:
            held.close()


def _run(config: Config, process: ProcessFn | None) -> None:
    migrate(config.database.url)
    engine = make_engine(config.database.url)
    daemon = Daemon(config, engine, process)
    stopping = threading.Event()

    def _on_signal(signum: int, _frame: Any) -> None:
        log.info("signal %s: stopping", signum)
        stopping.set()

    previous = {s: signal.signal(s, _on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        daemon.start()
        print("judge daemon ready", flush=True)
        while not stopping.wait(1.0):
            pass
    finally:
        daemon.stop()
        engine.dispose()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
