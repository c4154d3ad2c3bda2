"""Limits across addresses, against a real `judge run` (SMTP intake, SQLite): a flood of
REGISTERs from forged addresses makes a bounded number of accounts and replies, and
password guessing on SIGNON is stopped per power and per address, with the power's
owner told once and its own address still let in."""

from __future__ import annotations

import email
import smtplib
import time
from pathlib import Path

import pytest
from games import setup_games
from judge_proc import JUDGE, start_judge, stop_judge, write_config
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.store.mail import InboundMessage
from judge.store.models import Account

pytestmark = pytest.mark.timeout(120)


def mail(n: int, sender: str, body: str) -> bytes:
    return (
        f"From: {sender}\r\nTo: {JUDGE}\r\nSubject: t{n}\r\n"
        f"Message-ID: <lim-{n}@example.com>\r\n\r\n{body}"
    ).encode()


def send_all(port: int, mails: list[bytes]) -> None:
    with smtplib.SMTP("127.0.0.1", port) as smtp:
        for raw in mails:
            smtp.sendmail("x@example.com", [JUDGE], raw)


def processed(engine, count: int) -> bool:  # noqa: ANN001
    with Session(engine) as s:
        statuses = list(s.exec(select(InboundMessage.status)))
    return len(statuses) == count and all(st == "processed" for st in statuses)


def texts(relay: Relay) -> dict[str, list[str]]:
    """Reply texts by recipient."""
    out: dict[str, list[str]] = {}
    for _, rcpts, raw in relay.messages:
        msg = email.message_from_bytes(raw)
        body = msg.get_payload(decode=True).decode()
        for rcpt in rcpts:
            out.setdefault(rcpt, []).append(" ".join(body.split()))
    return out


@pytest.fixture
def judge(tmp_path: Path, relay: Relay, db_url: str):  # noqa: ANN201
    """Start a judge with the given [limits] lines; yields its SMTP port."""
    procs = []

    def start(limits: str) -> int:
        port = free_port()
        config = write_config(tmp_path / "judge.toml", db_url, relay.port, smtp_port=port,
                              limits=limits)  # fmt: skip
        procs.append(start_judge(config, tmp_path / "daemon.log"))
        return port

    yield start
    for proc in procs:
        assert stop_judge(proc) == 0


@pytest.mark.usefixtures("within_one_clock_hour")
def test_a_register_flood_makes_few_accounts_and_few_replies(judge, relay: Relay, engine) -> None:  # noqa: ANN001
    port = judge("registrations_per_hour = 5\nreplies_to_new_addresses_per_hour = 10\n")
    flood = [
        mail(n, f"forged{n}@victims.example", f"REGISTER\nName: F{n}\nPassword: pw{n}xyz\nEND\n")
        for n in range(30)
    ]
    send_all(port, flood)
    wait_for(lambda: processed(engine, 30), 60, what="the flood to be processed")
    time.sleep(1.0)  # replies still queued would show up now
    with Session(engine) as s:
        accounts = list(s.exec(select(Account.address)))
    assert sorted(accounts) == sorted(f"forged{n}@victims.example" for n in range(5))
    assert len(relay.messages) == 10  # backscatter bounded
    refused = texts(relay)["forged5@victims.example"][0]
    assert "at most 5 new registrations an hour" in refused and "try again after" in refused


@pytest.mark.usefixtures("within_one_clock_hour")
def test_password_guessing_is_stopped_and_the_owner_told(judge, relay: Relay, engine) -> None:  # noqa: ANN001
    seats = setup_games(engine, 1)
    france = next(s for s in seats if s.power == "france")
    port = judge("password_failures_per_hour = 3\nreplies_to_new_addresses_per_hour = 0\n")
    mails = [mail(n, f"guesser{n}@evil.example", f"SIGNON Fbench0 guess{n}\n") for n in range(6)]
    # The right password from yet another address: not even checked now.
    mails.append(mail(6, "lucky@evil.example", f"SIGNON Fbench0 {france.password}\n"))
    # The owner, from the address of record, still signs on.
    mails.append(mail(7, france.address, f"SIGNON Fbench0 {france.password}\nA Par - Bur\n"))
    # One address guessing across powers is stopped by its own count.
    mails += [mail(8 + n, "roamer@evil.example", f"SIGNON {p}bench0 nope{n}\n")
              for n, p in enumerate("AEGI")]  # fmt: skip
    send_all(port, mails)
    wait_for(lambda: processed(engine, len(mails)), 60, what="all mails")
    wait_for(lambda: len(relay.messages) == len(mails) + 1, 20, what="replies and the notice")
    time.sleep(1.0)
    by = texts(relay)
    for n in range(3):
        assert "wrong password for France in game bench0" in by[f"guesser{n}@evil.example"][0]
    for n in range(3, 6):
        reply = by[f"guesser{n}@evil.example"][0]
        assert "too many wrong passwords for France in game bench0 this hour (at most 3)" in reply
        assert "Try again after" in reply
    assert "too many wrong passwords for France" in by["lucky@evil.example"][0]
    owner = by[france.address]
    notices = [t for t in owner if "wrong passwords for France" in t]
    assert len(notices) == 1 and "guesser2@evil.example" in notices[0]
    assert any("Signed on as France" in t for t in owner)
    roamer = by["roamer@evil.example"]
    assert all("wrong password for" in t for t in roamer[:3])
    assert "too many wrong passwords from roamer@evil.example" in roamer[3]
