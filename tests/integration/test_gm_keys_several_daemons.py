"""A game master registered once is known to every daemon on one PostgreSQL database.

The key of ``judge gm add`` goes into the keyring under the state directory of the
configuration it was run with; daemons on other machines (other state directories)
share the database but not that keyring.  Found by a probe of three daemons on one
PostgreSQL and one IMAP box: every signed master command taken by a daemon other
than the one ``judge gm add`` was run against got "signed by a key the judge does not
know", though the key was registered.  Here, with real processes: the key is added
with one daemon's configuration, and a signed PROCESS goes to another daemon.
"""

from __future__ import annotations

import smtplib
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import pytest
from accounting import JUDGE
from rig import Relay, wait_for
from test_accounting import Daemon
from test_deadline_daemon import make_game

from judge.demo.keys import DemoSigner
from judge.store.db import make_engine
from tests.scheduler.helpers import MASTER

pytestmark = pytest.mark.timeout(120)
RULES = "SET DEADLINE 1h GRACE 0 REMIND NONE DELAY 0"


def signed_mail(signer: DemoSigner, text: str, n: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = MASTER
    msg["To"] = JUDGE
    msg["Subject"] = "gm"
    msg["Message-ID"] = f"<gm-keys-{n}@masters.test>"
    msg.set_content(signer.clearsign(text).decode("utf-8"), cte="quoted-printable")
    return msg.as_bytes(policy=SMTP)


def reply_to(relay: Relay, n: int) -> str | None:
    for _, _, raw in relay.messages:
        if f"In-Reply-To: <gm-keys-{n}@masters.test>".encode() in raw:
            return raw.decode("utf-8", "replace")
    return None


def test_a_key_added_with_one_daemons_state_is_known_to_another(
    tmp_path: Path, migrated_postgres_url: str, relay: Relay
) -> None:
    engine = make_engine(migrated_postgres_url)
    make_game(engine, "keys", RULES, deadline=datetime.now(UTC) + timedelta(hours=1))
    for i in range(2):
        (tmp_path / f"d{i}").mkdir()
    here, there = (Daemon(tmp_path / f"d{i}", migrated_postgres_url, relay) for i in range(2))
    signer = DemoSigner("Keys Master", MASTER)
    try:
        key = tmp_path / "master.asc"
        key.write_bytes(signer.public_key())
        added = here.judge("gm", "add", MASTER, str(key))
        assert added.returncode == 0, added.stderr
        there.start()
        with smtplib.SMTP("127.0.0.1", there.port, timeout=30) as smtp:
            smtp.sendmail(MASTER, [JUDGE], signed_mail(signer, "GAME keys\nPROCESS\n", 1))
        wait_for(lambda: reply_to(relay, 1) is not None, 60, what="the reply")
        there.stop()
    finally:
        signer.close()
        here.cleanup()
        there.cleanup()
        engine.dispose()
    reply = reply_to(relay, 1) or ""
    assert "does not know" not in reply, reply
    assert "Signature good" in reply, reply
