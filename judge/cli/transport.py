"""Command-line entry points of the mail transport: ``judge run``,
``judge quarantine list|show|retry`` (received mail that failed) and
``judge outbox failed|show|retry`` (outgoing mail the judge gave up on).
``register(subparsers)`` adds them to the judge CLI; ``python -m judge`` runs them
on their own."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from judge.config import load_config
from judge.store import mail as store

#: ``judge run``'s verbosity (-q, default, -v) -> level of the judge's own loggers
JUDGE_LOG_LEVELS = {-1: logging.WARNING, 0: logging.INFO, 1: logging.DEBUG}


def configure_logging(verbosity: int) -> None:
    """Log to standard error: the judge's own loggers (``judge.*``: each game's phase
    processed, reminders, late notices, the daemon starting and stopping) at INFO by
    default, DEBUG with -v, warnings only with -q; every other library (APScheduler,
    aiosmtpd, SQLAlchemy...) logs only warnings and errors, whatever the verbosity."""
    from judge.runners.logs import configure_logs

    configure_logs(JUDGE_LOG_LEVELS[verbosity])


def _run(args: argparse.Namespace) -> int:
    from judge.runners.daemon import run_daemon
    from judge.runners.inbox import load_processor

    configure_logging(args.verbosity)
    config = load_config(args.config)
    process = load_processor(args.processor) if args.processor else None
    run_daemon(config, process)
    return 0


def _engine(args: argparse.Namespace):  # noqa: ANN202
    from judge.store.db import make_engine, migrate

    url = load_config(args.config).database.url
    migrate(url)
    return make_engine(url)


@dataclass(frozen=True)
class _StuckMail:
    """A queue of mail the judge gave up on, as ``judge quarantine`` and ``judge
    outbox`` list, show and retry it."""

    command: str  # "quarantine" or "outbox"
    noun: str  # "quarantined mail", "failed outgoing mail"
    listing: str  # the action that lists the queue
    rows: Callable[[Session], Sequence[Any]]
    find: Callable[[Session, int], Any]  # the stuck row with that id, or None
    line: Callable[[Any], str]
    details: Callable[[Any], str]
    retry: Callable[[Session, int], Any]
    queued_again: str  # "mail {id} queued again"


def _handle(queue: _StuckMail, args: argparse.Namespace) -> int:
    engine = _engine(args)
    with Session(engine) as session:
        if args.action == queue.listing:
            rows = queue.rows(session)
            for row in rows:
                print(queue.line(row))
            if not rows:
                print(f"no {queue.noun}")
            return 0
        if args.id is None:
            print(f"judge {queue.command} {args.action}: an ID is needed", file=sys.stderr)
            return 2
        row = queue.find(session, args.id)
        if row is None:
            print(f"no {queue.noun} with id {args.id}", file=sys.stderr)
            return 1
        if args.action == "show":
            print(queue.details(row))
            sys.stdout.write(row.raw.decode("utf-8", "replace"))
            return 0
        queue.retry(session, args.id)
        print(queue.queued_again.format(id=args.id))
        return 0


def _quarantined(session: Session, key: int) -> Any:
    row = session.get(store.InboundMessage, key)
    return row if row is not None and row.status == store.QUARANTINED else None


def _failed(session: Session, key: int) -> Any:
    row = session.get(store.OutboxMessage, key)
    return row if row is not None and row.state == store.FAILED else None


def _quarantine_line(row: Any) -> str:
    first = (row.error or "").strip().splitlines()[-1:] or [""]
    return f"{row.id}\t{row.received_at:%Y-%m-%d %H:%M}\t{first[0][:100]}"


def _outbox_line(row: Any) -> str:
    to = ",".join(row.recipient_list())
    error = (row.last_error or "").replace("\n", " ")[:100]
    return f"{row.id}\t{row.created_at:%Y-%m-%d %H:%M}\t{to}\t{error}"


QUARANTINE = _StuckMail(
    command="quarantine",
    noun="quarantined mail",
    listing="list",
    rows=store.quarantined,
    find=_quarantined,
    line=_quarantine_line,
    details=lambda row: (
        f"id: {row.id}\nreceived: {row.received_at}\nsource: {row.source}\n"
        f"key: {row.message_key}\n\nerror:\n{row.error}\n\nmail:"
    ),
    retry=store.retry,
    queued_again="mail {id} queued again",
)

OUTBOX = _StuckMail(
    command="outbox",
    noun="failed outgoing mail",
    listing="failed",
    rows=store.failed_outbox,
    find=_failed,
    line=_outbox_line,
    details=lambda row: (
        f"id: {row.id}\nqueued: {row.created_at}\nattempts: {row.attempts}\n"
        f"to: {', '.join(row.recipient_list())}\ngame: {row.game or '-'}\n"
        f"\nerror:\n{row.last_error}\n\nmail:"
    ),
    retry=store.retry_outbox,
    queued_again="outgoing mail {id} queued again",
)


def _quarantine(args: argparse.Namespace) -> int:
    return _handle(QUARANTINE, args)


def _outbox(args: argparse.Namespace) -> int:
    return _handle(OUTBOX, args)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``run``, ``quarantine`` and ``outbox`` to the judge's command line."""
    run = subparsers.add_parser("run", help="run the mail daemon until SIGTERM/SIGINT")
    run.add_argument("--config", default="judge.toml", help="configuration file")
    run.add_argument(
        "--processor",
        default=None,
        help="module:function to apply each mail (default judge.commands.inbound:process_inbound)",
    )
    loudness = run.add_mutually_exclusive_group()
    loudness.add_argument(
        "-v",
        "--verbose",
        dest="verbosity",
        action="store_const",
        const=1,
        default=0,
        help="log details too (the judge's debug messages); by default each action "
        "(a phase processed, a reminder, a late notice) is logged",
    )
    loudness.add_argument(
        "-q",
        "--quiet",
        dest="verbosity",
        action="store_const",
        const=-1,
        help="log only warnings and errors",
    )
    run.set_defaults(func=_run)

    quarantine = subparsers.add_parser("quarantine", help="mail whose processing failed")
    quarantine.add_argument("action", choices=["list", "show", "retry"])
    quarantine.add_argument("id", nargs="?", type=int)
    quarantine.add_argument("--config", default="judge.toml", help="configuration file")
    quarantine.set_defaults(func=_quarantine)

    outbox = subparsers.add_parser("outbox", help="outgoing mail the judge gave up on")
    outbox.add_argument("action", choices=["failed", "show", "retry"])
    outbox.add_argument("id", nargs="?", type=int)
    outbox.add_argument("--config", default="judge.toml", help="configuration file")
    outbox.set_defaults(func=_outbox)


def main(argv: list[str] | None = None) -> int:
    """Run the mail commands without the rest of the judge CLI."""
    parser = argparse.ArgumentParser(prog="judge")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args))
