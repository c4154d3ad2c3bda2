"""The IMAP watcher against a real Dovecot."""

from __future__ import annotations

import threading
import time

import pytest
from imapclient import IMAPClient
from mails import order_mail
from rig import Dovecot, wait_for
from sqlmodel import Session, select

from judge.config import Config
from judge.runners.imap_source import ImapSource
from judge.store.mail import InboundMessage

pytestmark = pytest.mark.timeout(60)


def rows(engine) -> list[InboundMessage]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(InboundMessage).order_by(InboundMessage.id)))


def folder_count(imap: IMAPClient, folder: str) -> int:
    return int(imap.folder_status(folder, [b"MESSAGES"])[b"MESSAGES"])


def test_pass_stores_and_moves_to_processed(config: Config, engine, imap: IMAPClient) -> None:
    for n in range(3):
        imap.append("INBOX", order_mail(n))
    source = ImapSource(config.inbound.imap, engine, threading.Event())
    client = source.connect()
    try:
        assert source.pass_once(client) == 3
    finally:
        client.logout()
    stored = rows(engine)
    assert [r.message_key for r in stored] == [f"mid:<order-{n}@example.com>" for n in range(3)]
    assert all(r.source == "imap" and r.status == "pending" for r in stored)
    assert stored[0].raw.replace(b"\r\n", b"\n") == order_mail(0).replace(b"\r\n", b"\n")
    assert folder_count(imap, "INBOX") == 0
    assert folder_count(imap, "Processed") == 3


def test_a_mail_seen_twice_is_stored_once(config: Config, engine, imap: IMAPClient) -> None:
    source = ImapSource(config.inbound.imap, engine, threading.Event())
    imap.append("INBOX", order_mail(7))
    client = source.connect()
    try:
        assert source.pass_once(client) == 1
        # The same mail again (as after a crash between storing and moving).
        imap.append("INBOX", order_mail(7))
        assert source.pass_once(client) == 0
    finally:
        client.logout()
    assert len(rows(engine)) == 1
    assert folder_count(imap, "INBOX") == 0
    assert folder_count(imap, "Processed") == 2


def test_mark_seen_mode_leaves_mail_in_place(config: Config, engine, imap: IMAPClient) -> None:
    config.inbound.imap.mark_seen = True
    imap.append("INBOX", order_mail(1))
    imap.append("INBOX", order_mail(2))
    source = ImapSource(config.inbound.imap, engine, threading.Event())
    client = source.connect()
    try:
        assert source.pass_once(client) == 2
        assert source.pass_once(client) == 0  # seen mail is not fetched again
    finally:
        client.logout()
    imap.select_folder("INBOX", readonly=True)
    assert len(imap.search(["SEEN"])) == 2
    assert not imap.folder_exists("Processed")
    assert len(rows(engine)) == 2


@pytest.mark.parametrize("mark_seen", [True, False])
def test_mail_a_person_read_first_is_lost_only_with_mark_seen(
    config: Config, engine, imap: IMAPClient, mark_seen: bool
) -> None:
    """With ``mark_seen`` the watcher fetches only unread mail: a mail someone opened
    in a mail program (flagged \\Seen) before the judge's pass is never stored, and
    nothing says so (docs/mail-transport.md warns of it).  Moving to the processed
    folder, the default, takes it whatever its flags."""
    config.inbound.imap.mark_seen = mark_seen
    imap.append("INBOX", order_mail(1))
    imap.append("INBOX", order_mail(2), flags=[b"\\Seen"])  # read by a person
    source = ImapSource(config.inbound.imap, engine, threading.Event())
    client = source.connect()
    try:
        source.pass_once(client)
    finally:
        client.logout()
    stored = [r.message_key for r in rows(engine)]
    read = "mid:<order-2@example.com>"
    assert "mid:<order-1@example.com>" in stored
    assert (read in stored) is not mark_seen


def _run_in_thread(source: ImapSource) -> threading.Thread:
    thread = threading.Thread(target=source.run, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("idle", [True, False])
def test_watcher_picks_up_new_mail(config: Config, engine, imap: IMAPClient, idle: bool) -> None:
    config.inbound.imap.idle = idle
    config.inbound.imap.poll_seconds = 0.3 if not idle else 20.0
    stop = threading.Event()
    woken = threading.Event()
    source = ImapSource(config.inbound.imap, engine, stop, on_stored=woken.set)
    thread = _run_in_thread(source)
    try:
        wait_for(lambda: source.connections >= 1, 10, what="login")
        time.sleep(0.5)  # let the first pass finish, so the watcher is waiting
        imap.append("INBOX", order_mail(42))
        wait_for(lambda: len(rows(engine)) == 1, 10, what="the mail to be stored")
        assert woken.wait(5)
        # With IDLE the poll interval (20 s) is not what found the mail.
        wait_for(lambda: folder_count(imap, "Processed") == 1, 10, what="the move")
    finally:
        stop.set()
        thread.join(30)
    assert not thread.is_alive()


def test_watcher_reconnects_after_the_server_goes_away(
    config: Config, engine, mailbox_user: str
) -> None:
    server = Dovecot().start()  # a private server this test can kill
    try:
        config.inbound.imap.port = server.imap_port
        stop = threading.Event()
        source = ImapSource(config.inbound.imap, engine, stop, backoff_initial=0.1, backoff_max=0.5)
        thread = _run_in_thread(source)
        try:
            wait_for(lambda: source.connections == 1, 10, what="first login")
            server.stop()
            server.start()  # same ports, same mail directory
            client = IMAPClient("127.0.0.1", port=server.imap_port, ssl=False)
            client.login(mailbox_user, "pw")
            client.append("INBOX", order_mail(5))
            client.logout()
            wait_for(lambda: len(rows(engine)) == 1, 20, what="mail after reconnect")
            assert source.connections >= 2
        finally:
            stop.set()
            thread.join(30)
    finally:
        server.cleanup()


def test_mail_moved_first_by_another_reader_is_not_a_failure(
    config: Config, engine, imap: IMAPClient, caplog: pytest.LogCaptureFixture
) -> None:
    """Two daemons on one mailbox: when the other moves a mail while this one stores
    it, the server answers this one's move with [EXPUNGEISSUED] (RFC 5530).  The mail
    is stored, so the pass goes on, with no warning and no reconnection."""
    for n in range(2):
        imap.append("INBOX", order_mail(n))
    source = ImapSource(config.inbound.imap, engine, threading.Event())
    client, other = source.connect(), source.connect()
    store = source._store

    def store_while_the_other_moves(mails):  # noqa: ANN001, ANN202
        other.noop()
        other.move(sorted(other.search(["NOT", "DELETED"])), "Processed")
        return store(mails)

    source._store = store_while_the_other_moves  # type: ignore[method-assign]
    try:
        with caplog.at_level("WARNING"):
            assert source.pass_once(client) == 2  # no exception from the refused move
        source._store = store
        imap.append("INBOX", order_mail(2))
        assert source.pass_once(client) == 1
    finally:
        client.logout()
        other.logout()
    assert not [r for r in caplog.records if r.levelname == "WARNING"]
    assert len(rows(engine)) == 3
    assert folder_count(imap, "INBOX") == 0
    assert folder_count(imap, "Processed") == 3
