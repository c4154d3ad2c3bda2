"""The outbox sender in a process of its own, and the daemon's handle on it.

The daemon's threads share one interpreter lock, and handing a mail to the relay costs
interpreter time that processing mail could use; the sender (:class:`OutboxSender`)
therefore runs in a child process, ``python -m judge.runners.sender_process PARENT_PID``.  On
SQLite it writes its "sent" marks to a journal of its own (:mod:`judge.store.sent_journal`),
so that it needs the database's write lock only to fold them in now and then.

The daemon (:class:`SenderProcess`) writes to the child's standard input: first the
configuration (a length-prefixed JSON document), then a byte whenever the outbox may
have new mail.  The child ends, after the mail in hand, when that input closes (the
daemon stopped, or died: the kernel closes the pipe even after a SIGKILL) or on SIGTERM;
on Linux it also asks the kernel for a SIGTERM when its parent dies.  The daemon
restarts a child that ended by itself, with a growing pause, and the journal's lock
keeps a new child from sending until an old one is gone.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import json
import logging
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import judge
from judge.config import Config, config_from_dict, config_to_dict

log = logging.getLogger(__name__)

# the pause before restarting a child that ended by itself, doubling up to the maximum
RESTART_INITIAL = 1.0
RESTART_MAX = 60.0
# a child that ran this long before it ended is restarted after the initial pause again
STEADY_SECONDS = 60.0
_LENGTH_BYTES = 8


class SenderProcess:
    """Starts the sender process, wakes it, restarts it when it ends, and stops it."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self._stopping = threading.Event()
        self._lock = threading.Lock()  # guards the child and its pipe
        self._child: subprocess.Popen[bytes] | None = None
        self._thread: threading.Thread | None = None
        self.starts = 0  # children started, restarts included

    @property
    def pid(self) -> int | None:
        """The running child's process id."""
        with self._lock:
            return self._child.pid if self._child is not None else None

    def start(self) -> None:
        """Start the child, and a thread that restarts it whenever it ends by itself."""
        self._thread = threading.Thread(target=self._supervise, name="sender", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        """Tell the child the outbox may have new mail (never blocks)."""
        with self._lock:
            child = self._child
            if child is None or child.stdin is None:
                return
            # a full pipe wakes it anyway; a gone child is restarted
            with contextlib.suppress(ValueError, OSError):
                os.write(child.stdin.fileno(), b".")

    def stop(self, timeout: float = 30.0) -> None:
        """Close the child's input (it ends after the mail in hand), wait for it, and
        kill it when it does not end within ``timeout``."""
        self._stopping.set()
        with self._lock:
            child = self._child
            if child is not None and child.stdin is not None:
                child.stdin.close()
        if child is not None:
            try:
                child.wait(timeout)
            except subprocess.TimeoutExpired:
                log.warning("sender process %s did not end in %.0f s; killed", child.pid, timeout)
                child.kill()
                child.wait()
        if self._thread is not None:
            self._thread.join(timeout)

    def _spawn(self) -> subprocess.Popen[bytes]:
        env = dict(os.environ)
        root = str(Path(judge.__file__).resolve().parent.parent)  # the same code as ours
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        child = subprocess.Popen(
            [sys.executable, "-m", "judge.runners.sender_process", str(os.getpid())],
            stdin=subprocess.PIPE,
            env=env,
        )
        assert child.stdin is not None
        payload = json.dumps(
            {
                "config": config_to_dict(self.config),
                "path": self.config.path,
                "judge_log_level": logging.getLogger("judge").getEffectiveLevel(),
            }
        ).encode()
        child.stdin.write(len(payload).to_bytes(_LENGTH_BYTES, "big") + payload)
        child.stdin.flush()
        os.set_blocking(child.stdin.fileno(), False)  # wake() never waits
        return child

    def _supervise(self) -> None:
        delay = RESTART_INITIAL
        while not self._stopping.is_set():
            with self._lock:
                if self._stopping.is_set():
                    return
                try:
                    self._child = child = self._spawn()
                except OSError:
                    log.exception("sender process not started; trying again in %.1f s", delay)
                    child = None
                self.starts += 1
            began = time.monotonic()
            code = child.wait() if child is not None else None
            if self._stopping.is_set():
                return
            if time.monotonic() - began >= STEADY_SECONDS:
                delay = RESTART_INITIAL
            log.error("sender process ended (exit %s); restarting in %.1f s", code, delay)
            self._stopping.wait(delay)
            delay = min(RESTART_MAX, delay * 2)


# --- the child's side ---------------------------------------------------------------


def _read_exactly(fd: int, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = os.read(fd, size - len(data))
        if not chunk:
            raise EOFError("the daemon closed the sender's input before its configuration")
        data += chunk
    return data


def _read_payload(fd: int) -> dict[str, Any]:
    size = int.from_bytes(_read_exactly(fd, _LENGTH_BYTES), "big")
    return dict(json.loads(_read_exactly(fd, size)))


def _listen(fd: int, signals: int, stop: threading.Event, wake: threading.Event) -> None:
    """Wake the sender for each byte from the daemon; stop it when the input closes or
    a signal came (``signals`` is the read end of the signal wake-up pipe: a signal
    handler itself must not touch the events, whose locks it may interrupt)."""
    try:
        while True:
            ready, _, _ = select.select([fd, signals], [], [])
            if signals in ready or not os.read(fd, 4096):
                break
            wake.set()
    except OSError:
        pass
    stop.set()
    wake.set()


def _end_with_parent() -> None:
    """Ask Linux for a SIGTERM when the parent dies (elsewhere: the closed input only)."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    pr_set_pdeathsig = 1
    libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)


def main() -> int:
    """The child: send the outbox until told to stop."""
    from judge.runners.keeper_notices import KeeperNotices
    from judge.runners.logs import configure_logs
    from judge.runners.sender import OutboxSender
    from judge.store.db import make_engine
    from judge.store.sent_journal import SentJournal, journal_path

    parent = int(sys.argv[1]) if len(sys.argv) > 1 else os.getppid()
    _end_with_parent()
    payload = _read_payload(0)
    threading.current_thread().name = "sender"
    configure_logs(int(payload["judge_log_level"]))
    config = config_from_dict(payload["config"])
    config.path = str(payload["path"])
    stop, wake = threading.Event(), threading.Event()
    # SIGTERM only writes to a pipe, which the listening thread reads
    signals, signalled = os.pipe()
    os.set_blocking(signalled, False)
    signal.set_wakeup_fd(signalled, warn_on_full_buffer=False)
    signal.signal(signal.SIGTERM, lambda _signum, _frame: None)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the daemon decides when to stop
    if os.getppid() != parent:  # the parent died before the kernel was asked
        return 0
    listener = threading.Thread(
        target=_listen, args=(0, signals, stop, wake), name="wake", daemon=True
    )
    listener.start()
    engine = make_engine(config.database.url)
    where = journal_path(config.database.url)
    journal = SentJournal(where) if where is not None else None
    if journal is not None and not journal.open(stop):
        return 0
    try:
        OutboxSender(
            config.outbound,
            engine,
            config.from_address,
            stop=stop,
            wake=wake,
            notices=KeeperNotices(config),
            journal=journal,
        ).run()
    finally:
        if journal is not None:
            journal.close()
        engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
