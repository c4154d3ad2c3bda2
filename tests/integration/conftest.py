"""Fixtures that start real mail servers and a real SQLite database for the mail tests.

Dovecot must be installed (apt-get install -y dovecot-imapd dovecot-lmtpd); when it is
missing the fixture fails loudly, it never skips.
"""

from __future__ import annotations

import contextlib
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from imapclient import IMAPClient

sys.path.insert(0, str(Path(__file__).parent))

from rig import PASSWORD, Dovecot, Relay  # noqa: E402

from judge.config import Config  # noqa: E402
from judge.store.db import make_engine  # noqa: E402
from tests.migrated import migrated_sqlite_file  # noqa: E402

JUDGE = "judge@example.org"


@pytest.fixture(scope="session")
def dovecot() -> Iterator[Dovecot]:
    """One Dovecot for the session; every test uses its own mailbox user."""
    server = Dovecot().start()
    yield server
    server.cleanup()


@pytest.fixture
def mailbox_user() -> str:
    """A fresh mailbox (Dovecot creates it on first login)."""
    return f"judge-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def imap(dovecot: Dovecot, mailbox_user: str) -> Iterator[IMAPClient]:
    """The test's own IMAP connection to the judge's mailbox."""
    client = IMAPClient("127.0.0.1", port=dovecot.imap_port, ssl=False, timeout=30)
    client.login(mailbox_user, PASSWORD)
    yield client
    with contextlib.suppress(Exception):  # the server may be gone already
        client.logout()


@pytest.fixture
def relay() -> Iterator[Relay]:
    """The outgoing SMTP relay, recording what the judge sends."""
    server = Relay().start()
    yield server
    server.stop()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A migrated SQLite database in a file (a copy of the session's template)."""
    return migrated_sqlite_file(tmp_path / "judge.db")


@pytest.fixture
def engine(db_url: str):  # noqa: ANN201
    """An engine on the test database."""
    eng = make_engine(db_url)
    yield eng
    eng.dispose()


@pytest.fixture
def config(dovecot: Dovecot, mailbox_user: str, relay: Relay, db_url: str) -> Config:
    """A configuration pointing at the test servers and database."""
    cfg = Config()
    cfg.judge.address = JUDGE
    cfg.database.url = db_url
    cfg.inbound.mode = "imap"
    cfg.inbound.imap.port = dovecot.imap_port
    cfg.inbound.imap.username = mailbox_user
    cfg.inbound.imap.password = PASSWORD
    cfg.inbound.imap.poll_seconds = 5.0
    cfg.outbound.port = relay.port
    cfg.outbound.timeout_seconds = 5.0
    return cfg
