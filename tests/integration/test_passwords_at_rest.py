"""Passwords never rest in clear: after a real `judge run` has processed SIGNON, JOIN,
REGISTER, SET PASSWORD, RESIGN and quoted or encoded password lines, no password byte
sequence is left anywhere in the SQLite files; the de-duplication of mail still works,
and a quarantined mail is kept whole so that it can be retried."""

from __future__ import annotations

import base64
import smtplib
import threading
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import pytest
from games import setup_games
from judge_proc import JUDGE, start_judge, stop_judge, write_config
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.config import Config
from judge.runners.inbox import InboxRunner
from judge.store.db import make_engine
from judge.store.mail import InboundMessage, retry, store_inbound

pytestmark = pytest.mark.timeout(120)


def mail(n: int, body: str, *, sender: str | None = None, mid: bool = True, cte: str = "") -> bytes:
    msg = EmailMessage()
    msg["From"] = sender or f"someone{n}@example.com"
    msg["To"] = JUDGE
    msg["Subject"] = f"mail {n}"
    if mid:
        msg["Message-ID"] = f"<rest-{n}@example.com>"
    if cte:
        msg.set_content(body, cte=cte)
    else:
        msg.set_content(body)
    return msg.as_bytes(policy=SMTP)


def html_mail(n: int, html: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = f"someone{n}@example.com"
    msg["To"] = JUDGE
    msg["Subject"] = f"mail {n}"
    msg["Message-ID"] = f"<rest-{n}@example.com>"
    msg.set_content(html, subtype="html", cte="quoted-printable")
    return msg.as_bytes(policy=SMTP)


def statuses(engine) -> list[str]:  # noqa: ANN001
    with Session(engine) as s:
        return list(s.exec(select(InboundMessage.status)))


def test_no_password_is_left_in_the_database_files(
    tmp_path: Path, relay: Relay, db_url: str, engine
) -> None:  # noqa: ANN001
    seats = setup_games(engine, 1)
    france = next(s for s in seats if s.power == "france")
    secrets = [france.password] + [f"Zq{n}wXy{n}pv" for n in range(1, 11)]
    s = secrets
    mails = [
        mail(
            1, f"SIGNON Fbench0 {s[0]}\nA Par - Bur\nSET PASSWORD {s[1]}\n", sender=france.address
        ),
        mail(2, f"signon france@bench0 {s[2]}\n"),  # a wrong guess
        mail(3, f"REGISTER\nName: Ada\nPassword: {s[3]}\nEND\nJOIN bench0 {s[4]} France\n"),
        mail(4, f"RESIGN bench0 {s[5]}\n", mid=False),
        mail(5, f"Hello,\n> SIGNON Fbench0 {s[6]}\n> A Par - Bur\nthanks\n"),
        mail(6, f"SIGNON Fbench0 {s[7]}\n", cte="base64"),
        html_mail(7, f"<p>SIGNON Gbench0 {s[8]}</p><p>A Ber - Kie</p>"),
        mail(8, f"REGISTER\nName: Bo\nPassword: {s[9]}\nNew password: {s[10]}\nEND\n"),
    ]
    # The mails carry the passwords, encoded or not (a base64 body does not show them).
    encoded = base64.b64encode(f"SIGNON Fbench0 {s[7]}\n".encode())[:40]
    assert encoded in mails[5]
    port = free_port()
    config = write_config(tmp_path / "judge.toml", db_url, relay.port, smtp_port=port)
    proc = start_judge(config, tmp_path / "daemon.log")
    try:
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            for raw in mails:
                smtp.sendmail("x@example.com", [JUDGE], raw)
        wait_for(lambda: statuses(engine).count("processed") == len(mails), 60, what="all mails")
        # The key of a mail still recognises it (with and without a Message-ID).
        with smtplib.SMTP("127.0.0.1", port) as smtp:
            smtp.ehlo()
            for raw in (mails[0], mails[3]):
                smtp.docmd("MAIL FROM:<x@example.com>")
                smtp.docmd(f"RCPT TO:<{JUDGE}>")
                code, msg = smtp.data(raw)
                assert (code, msg[:21]) == (250, b"2.0.0 Already stored")
        wait_for(lambda: len(relay.messages) >= len(mails), 30, what="the replies")
    finally:
        engine.dispose()
        assert stop_judge(proc) == 0
    replies = b"".join(raw for _, _, raw in relay.messages)
    assert b"Signed on as France" in replies  # the mail was read before it was masked
    with Session(eng := make_engine(db_url)) as session:
        kept = [r.raw for r in session.exec(select(InboundMessage).order_by(InboundMessage.id))]
    eng.dispose()
    assert b"SIGNON Fbench0 ********" in kept[0] and b"A Par - Bur" in kept[0]
    assert b"Message-ID: <rest-1@example.com>" in kept[0]
    files = sorted(tmp_path.glob("judge.db*"))
    assert files
    for path in files:
        data = path.read_bytes()
        for secret in secrets:
            assert secret.encode() not in data, f"{secret} in {path.name}"
        assert encoded not in data


def test_a_quarantined_mail_is_kept_whole_and_masked_once_retried(engine) -> None:  # noqa: ANN001
    config = Config()
    config.judge.address = JUDGE
    failing = threading.Event()
    failing.set()

    def process(session, row, cfg) -> None:  # noqa: ANN001
        if failing.is_set():
            raise RuntimeError("judge bug")

    raw = mail(1, "SIGNON Fbench0 Kq9secret9\n")
    with Session(engine) as session:
        row = store_inbound(session, raw, "smtp")
        assert row is not None and row.id is not None
        row_id = row.id
    processor = InboxRunner(config, engine, process)
    assert processor.handle(row_id) == "quarantined"
    with Session(engine) as session:
        assert session.get(InboundMessage, row_id).raw == raw  # kept for the retry
        assert retry(session, row_id)
    failing.clear()
    assert processor.handle(row_id) == "processed"
    with Session(engine) as session:
        kept = session.get(InboundMessage, row_id).raw
    assert b"Kq9secret9" not in kept and b"SIGNON Fbench0 ********" in kept
