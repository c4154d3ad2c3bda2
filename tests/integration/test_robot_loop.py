"""Two robots: the real `judge run` (SMTP intake) and an auto-responder that answers
every mail at once, without RFC 3834's marks (no Auto-Submitted, a plain "Re:"
subject).  The judge answers its first mail, and then no answer to that answer, so the
two cannot mail each other forever (before, they did until the judge's hourly limit of
replies to one address, 100, and again the next hour)."""

from __future__ import annotations

import email
import email.utils
import smtplib
import threading
import time
from email.message import EmailMessage
from pathlib import Path

import pytest
from judge_proc import start_judge, stop_judge, write_config
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select

from judge.store.db import make_engine
from judge.store.mail import PENDING, InboundMessage

pytestmark = pytest.mark.timeout(120)

ROBOT = "robot@example.com"


class Responder:
    """The relay the judge sends through, whose mail all goes to a robot that answers
    each one to the judge's SMTP intake."""

    def __init__(self, intake_port: int) -> None:
        self.intake_port = intake_port
        self.received: list[bytes] = []
        self.sent = 0
        self.lock = threading.Lock()

    def answer(self, subject: str, in_reply_to: str | None) -> None:
        msg = EmailMessage()
        msg["From"] = f"Auto Responder <{ROBOT}>"
        msg["To"] = "judge@example.org"
        msg["Subject"] = "Re: " + subject
        msg["Message-ID"] = email.utils.make_msgid(domain="example.com")
        if in_reply_to:
            msg["In-Reply-To"] = in_reply_to
        msg.set_content("Thank you for your mail. It will be answered soon.\n")
        with smtplib.SMTP("127.0.0.1", self.intake_port, timeout=10) as smtp:
            smtp.send_message(msg)
        with self.lock:
            self.sent += 1

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001, N802
        mail = email.message_from_bytes(envelope.original_content)
        with self.lock:
            self.received.append(envelope.original_content)
        args = (str(mail["Subject"]), mail["Message-ID"])
        threading.Thread(target=self.answer, args=args, daemon=True).start()
        return "250 OK"


def test_the_judge_and_an_auto_responder_do_not_mail_each_other_forever(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'judge.db'}"
    intake = free_port()
    robot = Responder(intake)
    relay = Relay()
    relay.handler = robot  # type: ignore[assignment]
    relay.start()
    proc = start_judge(write_config(tmp_path / "judge.toml", db_url, relay.port, smtp_port=intake),
                       tmp_path / "judge.log")  # fmt: skip
    engine = make_engine(db_url)
    try:
        robot.answer("hello", None)  # the robot writes first (a greeting it sends to all)
        wait_for(lambda: robot.sent >= 2, 30, what="the robot's answer to the judge's answer")

        def handled() -> bool:
            with Session(engine) as s:
                rows = list(s.exec(select(InboundMessage)))
            return len(rows) == robot.sent and all(r.status != PENDING for r in rows)

        wait_for(handled, 30, what="the robot's mails handled")
        time.sleep(3)  # time enough for more rounds (the old judge made three a second)
    finally:
        stop_judge(proc)
        relay.stop()
        engine.dispose()
    assert len(robot.received) == 1 and robot.sent == 2  # one answer each, then silence
