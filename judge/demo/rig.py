"""A whole judge on loopback for the demo and the end-to-end tests.

:class:`DemoJudge` makes a fresh directory, writes a ``judge.toml`` for it (SMTP
inbound on a free loopback port, outgoing mail to a :class:`~judge.demo.sink.FileSink`,
SQLite in the directory), and runs the daemon's real runners in this process. Mail
goes in over SMTP and comes out through the judge's own SMTP sender; helpers wait for
the judge to have processed a mail and sent everything it had to send.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import smtplib
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from sqlalchemy import func
from sqlmodel import Session, col, select

from judge.config import Config, load_config
from judge.demo.sink import DeliveredMail, FileSink
from judge.runners.daemon import Daemon
from judge.store.db import make_engine, migrate
from judge.store.mail import PENDING, InboundMessage, OutboxMessage, message_key

T = TypeVar("T")

JUDGE_ADDRESS = "judge@demo.test"
JUDGE_NAME = "Demo Judge"
JUDGE_CODE = "DEMO"  # begins the subject of every game mail: DEMO:demo - S1901M Results


class DemoError(RuntimeError):
    """The demo judge did not do what was expected in time; the message says what."""


class DemoTimeout(DemoError, TimeoutError):
    """Something awaited did not happen in time."""


def free_port() -> int:
    """A TCP port on loopback that is free right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(
    predicate: Callable[[], T], timeout: float, what: str = "condition", interval: float = 0.02
) -> T:
    """Poll ``predicate`` until it gives something truthy; DemoTimeout after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise DemoTimeout(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(interval)


@dataclass(frozen=True)
class DemoPaths:
    """Where the demo keeps everything, under one root directory."""

    root: Path

    @property
    def config(self) -> Path:
        """The judge.toml of the demo judge."""
        return self.root / "judge.toml"

    @property
    def database(self) -> Path:
        """The SQLite database."""
        return self.root / "judge.db"

    @property
    def outbox(self) -> Path:
        """Every mail the judge sent, one .eml file each."""
        return self.root / "mail"

    @property
    def sent(self) -> Path:
        """Every mail the demo's players and game master sent to the judge."""
        return self.root / "sent"

    @property
    def log(self) -> Path:
        """The judge's log."""
        return self.root / "judge.log"


CONFIG_TEMPLATE = """\
# Written by the demo: the judge on loopback, no outside mail server.
[judge]
address = "{address}"
name = "{name}"
code = "{code}"
state_dir = "{state_dir}"

[database]
url = "{url}"

[inbound]
mode = "smtp"

[inbound.smtp]
host = "127.0.0.1"
port = {inbound_port}

[outbound]
# The demo's own SMTP server, writing each mail into {outbox}
host = "127.0.0.1"
port = {outbound_port}
tls = "none"
timeout_seconds = 10.0

[limits]
replies_per_sender_per_hour = 1000

[web]
# The game pages, served by the judge while it runs (0 = not served).
host = "127.0.0.1"
port = {web_port}
"""


def write_config(
    paths: DemoPaths, inbound_port: int, outbound_port: int, web_port: int = 0
) -> Config:
    """Write the demo's judge.toml and load it back (so the file is what runs); with
    ``web_port`` the judge serves its web pages there."""
    paths.config.write_text(
        CONFIG_TEMPLATE.format(
            address=JUDGE_ADDRESS,
            name=JUDGE_NAME,
            code=JUDGE_CODE,
            state_dir=paths.root,
            url=f"sqlite:///{paths.database}",
            inbound_port=inbound_port,
            outbound_port=outbound_port,
            outbox=paths.outbox,
            web_port=web_port,
        ),
        encoding="utf-8",
    )
    return load_config(paths.config)


class DemoJudge:
    """The judge daemon with its database, mail sink and configuration in ``root``.

    ``root`` is wiped when the judge starts. Use as a context manager. With ``web``
    the judge also serves its web pages on a free port (and its mails link to them).
    """

    def __init__(self, root: Path | str, *, web: bool = False) -> None:
        self.paths = DemoPaths(Path(root).resolve())
        self.web = web
        self.config: Config | None = None
        self.sink: FileSink | None = None
        self.daemon: Daemon | None = None
        self.engine = None
        self.sent_count = 0

    # -- life cycle -------------------------------------------------------------------

    def start(self) -> DemoJudge:
        """Wipe the directory, write the configuration, start the sink and the daemon."""
        root = self.paths.root
        if root.exists():
            shutil.rmtree(root)
        for directory in (root, self.paths.outbox, self.paths.sent):
            directory.mkdir(parents=True, exist_ok=True)
        web_port = free_port() if self.web else 0
        self.config = write_config(self.paths, free_port(), free_port(), web_port)
        self.sink = FileSink(self.paths.outbox, self.config.outbound.port).start()
        migrate(self.config.database.url)
        self.engine = make_engine(self.config.database.url)
        self.daemon = Daemon(self.config, self.engine)
        self.daemon.start()
        return self

    def stop(self) -> None:
        """Stop the daemon and the sink; the files stay."""
        if self.daemon is not None:
            self.daemon.stop()
            self.daemon = None
        if self.sink is not None:
            self.sink.stop()
            self.sink = None
        if self.engine is not None:
            self.engine.dispose()
            self.engine = None

    def __enter__(self) -> DemoJudge:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- administration -----------------------------------------------------------------

    def add_game_master(self, address: str, public_key: bytes) -> str:
        """Register a game master's key with ``judge gm add`` (the administrator's
        command, run on the demo's judge.toml); return what it printed."""
        from judge.cli.main import main

        key_file = self.paths.root / f"{address.split('@')[0]}-public-key.asc"
        key_file.write_bytes(public_key)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["gm", "--config", str(self.paths.config), "add", address, str(key_file)])
        if status != 0:
            raise DemoError(f"judge gm add {address} failed: {err.getvalue().strip()}")
        return out.getvalue().strip()

    def session(self) -> Session:
        """A new session on the judge's database (close it, or use ``with``)."""
        assert self.engine is not None, "the demo judge is not running"
        return Session(self.engine)

    # -- mail ---------------------------------------------------------------------------

    @property
    def mails(self) -> list[DeliveredMail]:
        """Every mail the judge sent so far, in order."""
        assert self.sink is not None, "the demo judge is not running"
        return self.sink.mails

    def deliver(self, sender: str, raw: bytes, message_id: str, label: str) -> Path:
        """Hand a mail to the judge's SMTP server and keep a copy in ``sent/``."""
        assert self.config is not None, "the demo judge is not running"
        self.sent_count += 1
        copy = self.paths.sent / f"{self.sent_count:04d}-{label}.eml"
        copy.write_bytes(raw)
        smtp_in = self.config.inbound.smtp
        with smtplib.SMTP(smtp_in.host, smtp_in.port, timeout=10) as smtp:
            smtp.sendmail(sender, [JUDGE_ADDRESS], raw)
        return copy

    def inbound_status(self, message_id: str) -> str | None:
        """The judge's status of a received mail (None until it is stored)."""
        key = message_key(b"", message_id)
        with self.session() as session:
            row = session.exec(select(InboundMessage).where(InboundMessage.message_key == key))
            found = row.first()
            return found.status if found else None

    def unsent(self) -> list[OutboxMessage]:
        """Outbox rows not yet handed over that are due within a minute."""
        soon = datetime.now(UTC) + timedelta(minutes=1)
        with self.session() as session:
            rows = session.exec(
                select(OutboxMessage).where(
                    col(OutboxMessage.sent_at).is_(None), col(OutboxMessage.next_attempt_at) < soon
                )
            )
            return list(rows)

    def wait_processed(self, message_id: str, timeout: float = 20.0) -> str:
        """Wait until the judge has applied a mail and sent all it queued; its status."""

        def done() -> str | None:
            status = self.inbound_status(message_id)
            return status if status not in (None, PENDING) else None

        try:
            status = wait_until(done, timeout, f"the judge to process mail {message_id}")
        except DemoError as exc:
            raise DemoError(f"{exc} (its status: {self.inbound_status(message_id)})") from None
        self.wait_sent(timeout)
        return status

    def wait_sent(self, timeout: float = 20.0) -> None:
        """Wait until every queued mail that is due has reached the sink."""
        try:
            wait_until(lambda: not self.unsent(), timeout, "the judge's outgoing mail")
        except DemoError as exc:
            errors = {row.last_error for row in self.unsent() if row.last_error}
            raise DemoError(f"{exc}; relay errors: {sorted(errors) or 'none'}") from None
        wait_until(
            lambda: len(self.mails) >= self._sent_rows(), timeout, "the mail files to be written"
        )

    def _sent_rows(self) -> int:
        with self.session() as session:
            statement = select(func.count()).select_from(OutboxMessage)
            return int(session.exec(statement.where(col(OutboxMessage.sent_at).isnot(None))).one())
