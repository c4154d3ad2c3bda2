"""One mail the IMAP server cannot hand over blocks no other (found by probing the real
Dovecot: a maildir file cut short, as a full disk leaves it, or one the server may not
read, with or without its size in its name: without, even the sizes cannot be
fetched).  Dovecot fails the FETCH of the batch that holds it and drops the connection;
the watcher once fetched the same batch again on every reconnection, so neither the
mails of that batch nor any after it were ever stored."""

from __future__ import annotations

import contextlib
import glob
import logging
import os
import re
import threading
from pathlib import Path

import pytest
from imapclient import IMAPClient
from mails import order_mail
from rig import Dovecot, wait_for
from test_imap_intake import folder_count, rows

from judge.config import Config
from judge.runners import imap_source
from judge.runners.imap_source import ImapSource

pytestmark = pytest.mark.timeout(60)

COUNT = 12
BAD = 4


def _spoil(dovecot: Dovecot, user: str, how: str) -> None:
    """Cut short, or make unreadable, the maildir file of mail number BAD; "nameless":
    unreadable and without its size in its name (as MDAs other than Dovecot's write
    them), so that Dovecot must read it for its size."""
    maildir = f"{dovecot.base}/home/{user}/Maildir"
    files = glob.glob(f"{maildir}/cur/*") + glob.glob(f"{maildir}/new/*")
    (victim,) = [f for f in files if f"<order-{BAD}@".encode() in Path(f).read_bytes()]
    if how == "truncated":
        data = Path(victim).read_bytes()
        Path(victim).write_bytes(data[: len(data) // 2])
    else:
        if how == "nameless":
            bare = re.sub(r",S=\d+,W=\d+", "", victim)
            os.rename(victim, bare)
            victim = bare
        os.chmod(victim, 0)


@pytest.mark.parametrize("how", ["truncated", "unreadable", "nameless"])
def test_a_mail_the_server_cannot_fetch_blocks_no_other(
    config: Config, engine, imap: IMAPClient, dovecot: Dovecot, mailbox_user: str, how: str,
    caplog: pytest.LogCaptureFixture,
) -> None:  # noqa: ANN001  # fmt: skip
    for n in range(COUNT):
        imap.append("INBOX", order_mail(n))
    _spoil(dovecot, mailbox_user, how)
    stop = threading.Event()
    source = ImapSource(config.inbound.imap, engine, stop, backoff_initial=0.05, backoff_max=0.1)
    thread = threading.Thread(target=source.run, daemon=True)
    with caplog.at_level(logging.ERROR, logger="judge.runners.imap_source"):
        thread.start()
        try:
            wait_for(lambda: len(rows(engine)) == COUNT - 1, 20, what="every other mail stored")
            wait_for(lambda: folder_count(imap, "INBOX") == 1, 10, what="the others moved")
        finally:
            stop.set()
            thread.join(10)
    stored = sorted(r.message_key for r in rows(engine))
    assert stored == sorted(f"mid:<order-{n}@example.com>" for n in range(COUNT) if n != BAD)
    assert folder_count(imap, "Processed") == COUNT - 1
    assert any("cannot be fetched" in r.getMessage() for r in caplog.records)


def test_a_skipped_mail_is_tried_again_once_its_pause_is_over(
    config: Config, engine, imap: IMAPClient, dovecot: Dovecot, mailbox_user: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # noqa: ANN001  # fmt: skip
    """A mail skipped as unreadable is not given up for good (the failures may have
    been the connection's): once the file is readable again, it is stored."""
    for n in range(COUNT):
        imap.append("INBOX", order_mail(n))
    maildir = f"{dovecot.base}/home/{mailbox_user}/Maildir"
    _spoil(dovecot, mailbox_user, "unreadable")
    source = ImapSource(config.inbound.imap, engine, threading.Event())
    # the batch, the mail alone, then a pass for the mails after it
    for _ in range(2 + imap_source.UNREADABLE_AFTER):
        client = source.connect()
        with contextlib.suppress(Exception):
            source.pass_once(client)
        with contextlib.suppress(Exception):
            client.logout()
    assert len(source.unreadable) == 1 and len(rows(engine)) == COUNT - 1
    for path in glob.glob(f"{maildir}/cur/*") + glob.glob(f"{maildir}/new/*"):
        os.chmod(path, 0o600)
    client = source.connect()
    try:
        assert source.pass_once(client) == 0  # still paused
        monkeypatch.setattr(imap_source, "UNREADABLE_PAUSE", 0.0)
        assert source.pass_once(client) == 1
    finally:
        client.logout()
    assert len(rows(engine)) == COUNT and folder_count(imap, "INBOX") == 0
