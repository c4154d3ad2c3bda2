"""No outgoing mail can block the others (issue 9, items 5-7), against real aiosmtpd
relays: an internationalised address (SMTPUTF8 offered or not), a mail the relay
always drops, permanent (5xx) and temporary (4xx) refusals; who is told and what
`judge outbox failed` shows."""

from __future__ import annotations

import email
import logging
import threading
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

import pytest
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.cli import transport as cli
from judge.config import Config, OutboundSection
from judge.game.games import Seat, create_game
from judge.game.recipients import game_mail_subject, send
from judge.mail.outgoing import Author
from judge.runners.keeper_notices import KeeperNotices
from judge.runners.sender import OutboxSender, RelayUnavailable
from judge.store.mail import FAILED, OUT_PENDING, SENT, OutboxMessage, enqueue

pytestmark = pytest.mark.timeout(150)

KEEPER = "keeper@example.org"
MASTER = "master@example.org"


def mail_to(engine, to: str, subject: str) -> int:  # noqa: ANN001
    with Session(engine) as s:
        msg = EmailMessage()
        msg["From"] = "The Judge <judge@example.org>"
        msg["To"] = to
        msg["Subject"] = subject
        msg.set_content(f"{subject}\n")
        outbox_id = enqueue(s, msg)
        s.commit()
        assert outbox_id is not None
        return outbox_id


def queue_many(engine, count: int) -> None:  # noqa: ANN001
    for n in range(count):
        mail_to(engine, f"player{n}@example.com", f"reply {n}")


def rows(engine) -> list[OutboxMessage]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(OutboxMessage).order_by(OutboxMessage.id)))


def make_config(port: int, retry_hours: float = 120.0) -> Config:
    cfg = Config()
    cfg.judge.address = "judge@example.org"
    cfg.judge.keeper = KEEPER
    cfg.outbound = OutboundSection(
        host="127.0.0.1", port=port, timeout_seconds=5.0, retry_hours=retry_hours
    )
    return cfg


def sender_for(engine, cfg: Config, **kw) -> OutboxSender:  # noqa: ANN001, ANN003
    return OutboxSender(cfg.outbound, engine, cfg.from_address, notices=KeeperNotices(cfg), **kw)


def subjects(relay: Relay) -> list[str]:
    return [str(email.message_from_bytes(raw)["Subject"]) for _, _, raw in relay.messages]


def test_internationalised_address_is_sent_with_smtputf8_when_offered(engine) -> None:  # noqa: ANN001
    relay = Relay(enable_SMTPUTF8=True).start()
    try:
        mail_to(engine, "Jürgen <jürgen@example.de>", "für dich")
        queue_many(engine, 3)
        assert sender_for(engine, make_config(relay.port)).send_due() == 4
    finally:
        relay.stop()
    (frm, rcpts, raw), *_ = relay.messages
    assert rcpts == ["jürgen@example.de"]
    assert "To: Jürgen <jürgen@example.de>".encode() in raw  # an SMTPUTF8 header
    assert [r.state for r in rows(engine)] == [SENT] * 4


def test_internationalised_address_fails_alone_without_smtputf8(engine) -> None:  # noqa: ANN001
    relay = Relay(enable_SMTPUTF8=False).start()
    try:
        first = mail_to(engine, "jürgen@example.de", "für dich")
        queue_many(engine, 20)
        sender = sender_for(engine, make_config(relay.port))
        assert sender.send_due() == 20  # the others are not blocked
        bad = next(r for r in rows(engine) if r.id == first)
        assert bad.state == FAILED and "SMTPUTF8" in (bad.last_error or "")
        assert sender.send_due() == 1  # the keeper's notice
    finally:
        relay.stop()
    assert relay.messages[-1][1] == [KEEPER]
    assert f"outgoing mail {first}" in relay.messages[-1][2].decode()
    assert sender_for(engine, make_config(relay.port)).send_due() == 0  # never again


class Dropping:
    """Records mail, but drops the connection on any mail to drop@example.com."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], bytes]] = []
        self.lock = threading.Lock()
        self.dropped = 0

    async def handle_RCPT(self, server, session, envelope, address, options):  # noqa: ANN001, ANN201, N802
        if address == "drop@example.com":
            self.dropped += 1
            server.transport.close()
            return "421 closing"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001, N802
        with self.lock:
            self.messages.append((envelope.mail_from, envelope.rcpt_tos, envelope.content))
        return "250 OK"


def test_a_mail_the_relay_always_drops_does_not_block_the_outbox(engine) -> None:  # noqa: ANN001
    relay = Relay()
    relay.handler = Dropping()  # type: ignore[assignment]
    relay.start()
    cfg = make_config(relay.port, retry_hours=3 / 3600)  # give up after 3 s
    stop = threading.Event()
    sender = sender_for(
        engine, cfg, stop=stop, backoff_initial=0.1, backoff_max=0.5, idle_seconds=0.2,
        retry_base=0.5, retry_cap=1.0,
    )  # fmt: skip
    thread = threading.Thread(target=sender.run, daemon=True)
    try:
        dropped = mail_to(engine, "drop@example.com", "always dropped")
        queue_many(engine, 20)
        thread.start()
        wait_for(lambda: len(relay.messages) >= 20, 120, what="the 20 later mails")
        (row,) = [r for r in rows(engine) if r.id == dropped]
        assert row.attempts >= 1 and "dropped" in (row.last_error or "")  # counted
        wait_for(lambda: rows(engine)[0].state == FAILED, 30, what="the dropped mail given up")
        wait_for(lambda: any(rc == [KEEPER] for _, rc, _ in relay.messages), 20, what="notice")
    finally:
        stop.set()
        sender.wake.set()
        thread.join(10)
        relay.stop()
    assert sorted(subjects(relay)[:20]) == sorted(f"reply {n}" for n in range(20))
    assert relay.handler.dropped == rows(engine)[0].attempts >= 2  # retried, then given up
    assert "gave up after" in (rows(engine)[0].last_error or "")


class Refusing:
    """Refuses RCPT for bad@ (550, permanent) and busy@ (450, temporary)."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], bytes]] = []
        self.lock = threading.Lock()
        self.tries: dict[str, int] = {}

    async def handle_RCPT(self, server, session, envelope, address, options):  # noqa: ANN001, ANN201, N802
        self.tries[address] = self.tries.get(address, 0) + 1
        if address.startswith("bad@"):
            return "550 5.1.1 no such user"
        if address.startswith("busy@"):
            return "450 4.2.0 mailbox busy"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001, N802
        with self.lock:
            self.messages.append((envelope.mail_from, envelope.rcpt_tos, envelope.content))
        return "250 OK"


def _game_with_master(engine) -> str:  # noqa: ANN001
    with Session(engine) as s:
        game = create_game(s, "alpha", [Seat("france", "bad@example.com", "pw", "France")])
        game.master_address = MASTER
        s.add(game)
        author = Author("The Judge", "judge@example.org", "JUDGE")
        subject = game_mail_subject(author, game, "S1901M Results")
        send(s, author, "bad@example.com", subject, "the results\n")  # the real game-mail path
        s.commit()
        return subject


def test_permanent_refusal_fails_at_once_and_the_master_is_told(
    engine, caplog, tmp_path, capsys, db_url: str
) -> None:  # noqa: ANN001
    relay = Relay()
    relay.handler = Refusing()  # type: ignore[assignment]
    relay.start()
    try:
        subject = _game_with_master(engine)
        queue_many(engine, 3)
        sender = sender_for(engine, make_config(relay.port))
        with caplog.at_level(logging.WARNING, logger="judge.runners.sender"):
            assert sender.send_due() == 3
        failed = rows(engine)[0]
        assert failed.state == FAILED and failed.attempts == 1  # not retried
        assert failed.game == "alpha" and "550" in (failed.last_error or "")
        assert any(r.levelno == logging.WARNING and f"outbox {failed.id}" in r.getMessage()
                   for r in caplog.records)  # fmt: skip
        assert sender.send_due() == 2  # the notices: keeper and master
    finally:
        relay.stop()
    assert relay.handler.tries["bad@example.com"] == 1
    told = {tuple(rc): raw.decode() for _, rc, raw in relay.messages[3:]}
    assert set(told) == {(KEEPER,), (MASTER,)}
    assert "bad@example.com" in told[(MASTER,)] and subject in told[(MASTER,)]
    assert "Subject: JUDGE:alpha - Undeliverable mail" in told[(MASTER,)]

    toml = tmp_path / "judge.toml"
    toml.write_text(f'[database]\nurl = "{db_url}"\n')
    assert cli.main(["outbox", "failed", "--config", str(toml)]) == 0
    listed = capsys.readouterr().out
    assert f"{failed.id}\t" in listed and "bad@example.com" in listed and "550" in listed
    assert cli.main(["outbox", "retry", str(failed.id), "--config", str(toml)]) == 0
    assert rows(engine)[0].state == OUT_PENDING


def test_temporary_refusal_is_retried_with_backoff_then_given_up(engine) -> None:  # noqa: ANN001
    relay = Relay()
    relay.handler = Refusing()  # type: ignore[assignment]
    relay.start()
    try:
        busy = mail_to(engine, "busy@example.com", "later")
        queue_many(engine, 2)
        # The default schedule: retried, the first time after 30 s, for 120 hours.
        sender = sender_for(engine, make_config(relay.port))
        assert sender.send_due() == 2
        row = rows(engine)[0]
        assert row.state == OUT_PENDING and row.attempts == 1 and "450" in (row.last_error or "")
        wait = row.next_attempt_at.replace(tzinfo=UTC) - datetime.now(UTC)
        assert timedelta(seconds=25) < wait <= timedelta(seconds=30)
        assert make_config(1).outbound.retry_hours >= 24
        # A short give-up time: retried with backoff, then failed and the keeper told.
        short = sender_for(engine, make_config(relay.port, retry_hours=2 / 3600), retry_base=0.2)
        with Session(engine) as s:
            r = s.get(OutboxMessage, busy)
            r.next_attempt_at = datetime.now(UTC)
            s.add(r)
            s.commit()
        deadline = datetime.now(UTC) + timedelta(seconds=20)
        while rows(engine)[0].state != FAILED and datetime.now(UTC) < deadline:
            short.send_due()
            threading.Event().wait(0.1)
        short.send_due()  # the keeper's notice
    finally:
        relay.stop()
    row = rows(engine)[0]
    assert row.state == FAILED and row.attempts >= 3 and "gave up after" in row.last_error
    assert relay.handler.tries["busy@example.com"] == row.attempts
    assert relay.messages[-1][1] == [KEEPER]


def test_relay_down_counts_no_attempt(engine) -> None:  # noqa: ANN001
    queue_many(engine, 2)
    sender = sender_for(engine, make_config(free_port()))
    with pytest.raises(RelayUnavailable):
        sender.send_due()
    assert all(r.attempts == 0 and r.state == OUT_PENDING for r in rows(engine))


class Misconfigured(Refusing):
    """A relay that refuses every mail while ``refuse`` names a stage: ``"mail"`` (550
    to MAIL FROM: the judge's sender not allowed) or ``"rcpt"`` (554 to every RCPT:
    relaying denied); with ``refuse`` None it works (``bad@`` still refused, as in
    ``Refusing``)."""

    def __init__(self, refuse: str | None) -> None:
        super().__init__()
        self.refuse = refuse

    async def handle_MAIL(self, server, session, envelope, address, options):  # noqa: ANN001, ANN201, N802
        if self.refuse == "mail":
            return "550 5.7.1 sender address not allowed"
        envelope.mail_from = address
        envelope.mail_options.extend(options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, options):  # noqa: ANN001, ANN201, N802
        if self.refuse == "rcpt":
            return "554 5.7.1 Relay access denied"
        return await super().handle_RCPT(server, session, envelope, address, options)


def make_due(engine) -> None:  # noqa: ANN001
    """Every pending row due now (instead of waiting for its backoff)."""
    with Session(engine) as s:
        for row in s.exec(select(OutboxMessage).where(OutboxMessage.state == OUT_PENDING)):
            row.next_attempt_at = datetime.now(UTC)
            s.add(row)
        s.commit()


@pytest.mark.parametrize("refuse", ["mail", "rcpt"])
def test_a_relay_that_refuses_every_mail_keeps_them_queued(engine, caplog, refuse: str) -> None:  # noqa: ANN001
    """A 5xx to MAIL FROM, or to every recipient of every mail, is the relay's fault
    (its settings, the judge's credentials or sender): nothing is given up, the mails
    back off with an ERROR in the log, and go out once the relay is fixed."""
    relay = Relay()
    relay.handler = Misconfigured(refuse)  # type: ignore[assignment]
    relay.start()
    try:
        queue_many(engine, 5)
        sender = sender_for(engine, make_config(relay.port))
        with caplog.at_level(logging.WARNING, logger="judge.runners.sender"):
            assert sender.send_due() == 0
        assert [(r.state, r.attempts) for r in rows(engine)] == [(OUT_PENDING, 1)] * 5
        assert all(r.next_attempt_at.replace(tzinfo=UTC) > datetime.now(UTC) for r in rows(engine))
        assert "5.7.1" in (rows(engine)[0].last_error or "")
        errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
        assert len(errors) == 1 and "refused every mail" in errors[0]
        assert sender.send_due() == 0  # no notice queued: nothing failed
        relay.handler.refuse = None  # the host fixes the relay
        make_due(engine)
        assert sender.send_due() == 5
    finally:
        relay.stop()
    assert [r.state for r in rows(engine)] == [SENT] * 5
    assert sorted(subjects(relay)) == sorted(f"reply {n}" for n in range(5))


def test_a_refused_mail_alone_is_given_up_once_the_relay_takes_others(engine) -> None:  # noqa: ANN001
    """Refused alone, a mail cannot tell a bad address from a broken relay: it waits;
    once the relay has accepted other mail since, the refusal is its own: given up."""
    relay = Relay()
    relay.handler = Misconfigured(None)  # type: ignore[assignment]
    relay.start()
    try:
        bad = mail_to(engine, "bad@example.com", "to nobody")
        sender = sender_for(engine, make_config(relay.port))
        assert sender.send_due() == 0
        assert rows(engine)[0].state == OUT_PENDING
        queue_many(engine, 2)
        assert sender.send_due() == 2  # the bad row waits for its backoff
        make_due(engine)
        assert sender.send_due() == 0
        (row,) = [r for r in rows(engine) if r.id == bad]
        assert row.state == FAILED and "5.1.1 no such user" in (row.last_error or "")
        assert sender.send_due() == 1  # the keeper's notice
    finally:
        relay.stop()
    assert relay.handler.tries["bad@example.com"] == 2
