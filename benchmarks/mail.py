"""Mail benchmark: 1,000 order mails for 20 running games, through real servers.

The mails are put into a real Dovecot mailbox (IMAP APPEND); then the judge daemon
(IMAP intake, the real command processor, the outbox sender) runs until every mail is
stored, processed, committed and answered through a real SMTP server (aiosmtpd).
Prints mails per second, the CPU time of the judge's process (and of each of its
threads), of its sender process and of the whole machine, the share spent on password
hashing, and peak memory; ``--timeline`` adds
when each tenth of the mails was stored, processed, answered in the outbox and handed
to the relay.  A second pass then times as many mails again from the same players,
whose passwords the judge has checked already (``--cold-only`` skips it).
``--postgres`` stores in a PostgreSQL server of its own instead of SQLite.  Needs
dovecot-imapd (see the Makefile).

    .venv/bin/python benchmarks/mail.py [--mails 1000] [--games 20] [--shm] [--cold-only]
                                        [--timeline] [--postgres]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "integration"))

from games import orders_mail, setup_games  # noqa: E402
from imapclient import IMAPClient  # noqa: E402
from rig import PASSWORD, Dovecot, Relay, free_port, wait_for  # noqa: E402
from sqlmodel import Session, func, select  # noqa: E402

from judge.commands.inbound import process_inbound  # noqa: E402
from judge.config import Config  # noqa: E402
from judge.runners.daemon import Daemon  # noqa: E402
from judge.store.db import make_engine, migrate  # noqa: E402
from judge.store.mail import InboundMessage  # noqa: E402
from judge.store.passwords import hashing_done  # noqa: E402
from tests.pgserver import PostgresServer  # noqa: E402


def _processed(engine) -> int:  # noqa: ANN001
    with Session(engine) as s:
        stmt = select(func.count()).where(InboundMessage.status == "processed")
        return int(s.exec(stmt).one())


class _CountingHandler:
    """aiosmtpd handler that counts the mails it accepts."""

    def __init__(self, count) -> None:  # noqa: ANN001
        self.count = count

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001, N802
        with self.count.get_lock():
            self.count.value += 1
        return "250 OK"


def _serve_relay(port: int, count, stop) -> None:  # noqa: ANN001
    """The relay process: accept and count mail on ``port`` until ``stop`` is set."""
    relay = Relay(port)
    relay.handler = _CountingHandler(count)  # type: ignore[assignment]
    relay.start()
    stop.wait()
    relay.stop()


class RelayProcess:
    """The SMTP relay in a process of its own, as the host's mail server would be: its
    work does not share the judge's interpreter.  Counts the mail it accepted."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.port = free_port()
        self._count = context.Value("i", 0)
        self._stop = context.Event()
        self._process = context.Process(
            target=_serve_relay, args=(self.port, self._count, self._stop), daemon=True
        )

    def start(self) -> RelayProcess:
        """Start the process and wait until it listens."""
        import socket

        self._process.start()

        def listening() -> bool:
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", self.port)) == 0

        wait_for(listening, 30, interval=0.05, what="the relay to listen")
        return self

    @property
    def accepted(self) -> int:
        """How many mails the relay accepted so far."""
        return int(self._count.value)

    def stop(self) -> None:
        """Stop the process."""
        self._stop.set()
        self._process.join(10)


@dataclass
class Pass:
    """What one timed pass over the mails measured."""

    processed_s: float  # every mail stored, processed and committed
    elapsed_s: float  # ... and every reply accepted by the relay
    cpu_s: float  # CPU time of this process meanwhile (all threads)
    sender_cpu_s: float  # CPU time of the daemon's sender process
    checks: int  # argon2 checks meanwhile
    hashing_s: float  # their seconds, summed over threads
    machine_cpu_s: float  # CPU time of the whole machine meanwhile (servers too)
    thread_cpu_s: dict[str, float]  # CPU time of the judge's threads meanwhile, by name


def _machine_cpu() -> float:
    """Seconds of CPU the whole machine has spent (all processes, user and system)."""
    with open("/proc/stat") as stat:
        fields = stat.readline().split()[1:]
    user, nice, system = (int(f) for f in fields[:3])
    return (user + nice + system) / os.sysconf("SC_CLK_TCK")


def _stat_cpu(path: str) -> float | None:
    """Seconds of CPU (user and system) in a ``/proc`` stat file; None when it is gone."""
    try:
        with open(path) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _process_cpu(pid: int | None) -> float:
    """Seconds of CPU process ``pid`` has spent so far (user and system)."""
    spent = _stat_cpu(f"/proc/{pid}/stat") if pid is not None else None
    return spent or 0.0


def _thread_cpu() -> dict[str, float]:
    """Seconds of CPU each live thread of this process has spent, by thread name
    (threads of one name, such as the password checks' pool, added up)."""
    spent: dict[str, float] = {}
    for thread in threading.enumerate():
        seconds = _stat_cpu(f"/proc/self/task/{thread.native_id}/stat")
        if seconds is not None:
            name = thread.name.rstrip("0123456789_")
            spent[name] = spent.get(name, 0.0) + seconds
    return spent


def _timed_pass(  # noqa: ANN001
    config: Config, engine, relay: RelayProcess, mails: int, done_before: int, timeline: bool
) -> Pass:
    """Start a daemon on the mails waiting in the mailbox and time it until every one
    is processed, committed and answered; stop it (and print the ``timeline``)."""
    checks0, hashing0 = hashing_done()
    answered0 = relay.accepted
    daemon = Daemon(config, engine, process_inbound)
    begun = datetime.now(UTC)
    cpu0 = time.process_time()
    threads0 = _thread_cpu()
    machine0 = _machine_cpu()
    start = time.perf_counter()
    daemon.start()
    try:
        wait_for(
            lambda: daemon.processor.handled >= mails,
            600,
            interval=0.02,
            what="every mail processed",
        )
        processed_s = time.perf_counter() - start
        wait_for(
            lambda: (
                relay.accepted - answered0 >= mails and _processed(engine) >= done_before + mails
            ),
            600,
            interval=0.02,
            what="every mail answered",
        )
        elapsed = time.perf_counter() - start
        cpu_s = time.process_time() - cpu0
        machine_s = _machine_cpu() - machine0
        sender_s = _process_cpu(daemon.sender.pid)
        threads = _thread_cpu()
    finally:
        daemon.stop()
    checks, hashing_s = hashing_done()
    if timeline:
        print("timeline, seconds after the start when each tenth was done:")
        _timeline(engine, begun)
    spent = {name: cpu - threads0.get(name, 0.0) for name, cpu in threads.items()}
    return Pass(
        processed_s,
        elapsed,
        cpu_s,
        sender_s,
        checks - checks0,
        hashing_s - hashing0,
        machine_s,
        {name: cpu for name, cpu in spent.items() if cpu >= 0.005},
    )


def _timeline(engine, start: datetime) -> None:  # noqa: ANN001
    """Print when each tenth of the mails was stored, processed, queued and sent."""
    from judge.store.mail import OutboxMessage

    columns = {
        "stored": InboundMessage.received_at,
        "processed": InboundMessage.processed_at,
        "reply queued": OutboxMessage.created_at,
        "reply sent": OutboxMessage.sent_at,
    }
    with Session(engine) as s:
        for label, column in columns.items():
            moments = sorted(m for m in s.exec(select(column)) if m is not None)
            if not moments:
                continue
            seconds = [(m.replace(tzinfo=UTC) - start).total_seconds() for m in moments]
            tenths = [seconds[min(len(seconds) - 1, len(seconds) * k // 10)] for k in range(11)]
            print(f"  {label:>13}: " + " ".join(f"{t:5.2f}" for t in tenths))


def _report(label: str, mails: int, run: Pass) -> None:
    print(f"{label}: {mails / run.elapsed_s:.1f} mails/s")
    print(f"  stored, processed and committed: {run.processed_s:.2f} s")
    print(f"  stored, processed, committed and answered: {run.elapsed_s:.2f} s")
    print(f"  CPU time of the judge process meanwhile: {run.cpu_s:.2f} s (all threads)")
    print(f"  CPU time of its sender process: {run.sender_cpu_s:.2f} s (its start included)")
    print(f"  CPU time of the whole machine meanwhile: {run.machine_cpu_s:.2f} s (servers too)")
    by_thread = sorted(run.thread_cpu_s.items(), key=lambda item: -item[1])
    print("  of which, by thread: " + ", ".join(f"{n} {s:.2f} s" for n, s in by_thread))
    share = run.hashing_s / run.cpu_s if run.cpu_s else 0.0
    print(
        f"  argon2 checks: {run.checks}, {run.hashing_s:.2f} s of hashing "
        f"({share:.0%} of that CPU time)"
    )


def _postgres_database(server: PostgresServer) -> str:
    """Start ``server`` (production durability: fsync and synchronous commit on) and
    return the URL of a new database on it."""
    import psycopg

    port = server.start()
    dsn = f"host=127.0.0.1 port={port} user=judge dbname=postgres"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE DATABASE judge")
    return f"postgresql+psycopg://judge@127.0.0.1:{port}/judge"


def main() -> int:
    """Run the benchmark and print its results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mails", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--shm", action="store_true", help="keep the maildir in /dev/shm")
    parser.add_argument(
        "--cold-only", action="store_true", help="skip the second pass (players known)"
    )
    parser.add_argument(
        "--postgres", action="store_true", help="store in a PostgreSQL server (default SQLite)"
    )
    parser.add_argument(
        "--timeline", action="store_true", help="print when each tenth of the mails got how far"
    )
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="judge-bench-")
    dovecot = Dovecot(root="/dev/shm" if args.shm else "/tmp").start()
    relay = RelayProcess().start()
    warm: Pass | None = None
    postgres = PostgresServer() if args.postgres else None
    try:
        url = _postgres_database(postgres) if postgres else f"sqlite:///{work}/judge.db"
        migrate(url)
        engine = make_engine(url)
        seats = setup_games(engine, args.games)

        imap = IMAPClient("127.0.0.1", port=dovecot.imap_port, ssl=False)
        imap.login("judge", PASSWORD)
        t0 = time.perf_counter()
        for n in range(args.mails):
            imap.append("INBOX", orders_mail(n, seats[n % len(seats)]))
        append_s = time.perf_counter() - t0

        config = Config()
        config.judge.address = "judge@example.org"
        config.database.url = url
        config.inbound.mode = "imap"
        config.inbound.imap.port = dovecot.imap_port
        config.inbound.imap.username = "judge"
        config.inbound.imap.password = PASSWORD
        config.outbound.port = relay.port

        cold = _timed_pass(config, engine, relay, args.mails, 0, args.timeline)
        if not args.cold_only:
            # The same again from the same players, whose passwords the judge checked
            # in the first pass (a daemon that has been running for a while).
            for n in range(args.mails, 2 * args.mails):
                imap.append("INBOX", orders_mail(n, seats[n % len(seats)]))
            warm = _timed_pass(config, engine, relay, args.mails, args.mails, args.timeline)
        imap.logout()
        engine.dispose()
    finally:
        relay.stop()
        dovecot.cleanup()
        if postgres is not None:
            postgres.stop()
        shutil.rmtree(work, ignore_errors=True)

    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rate = args.mails / cold.elapsed_s
    store = "PostgreSQL (fsync on)" if args.postgres else "SQLite (synchronous=FULL)"
    print(f"mails: {args.mails} for {args.games} games ({len(seats)} powers); store: {store}")
    print(f"put into Dovecot (APPEND): {append_s:.2f} s")
    _report("cold daemon, every player's first mail checks its password", args.mails, cold)
    if warm is not None:
        _report("second pass, the same players (passwords checked before)", args.mails, warm)
    verdict = "met" if rate >= 200 else "not met"
    print(f"throughput: {rate:.1f} mails/s, cold daemon (target 200, issue 15: {verdict})")
    print(f"peak memory (RSS of the judge process): {peak_mib:.1f} MiB")
    return 0 if rate >= 50 else 1


if __name__ == "__main__":
    sys.exit(main())
