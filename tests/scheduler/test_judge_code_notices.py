"""The judge's code begins the subject of every notice and report the deadlines send
(judge.game.deadlines.run_due with a Author carrying ``code``)."""

from __future__ import annotations

import email
from datetime import timedelta
from email import policy

from sqlmodel import Session, col, select

from judge.game.deadlines import run_due
from judge.mail.outgoing import Author
from judge.store.mail import OutboxMessage
from judge.store.models import AT_GRACE_WAIT
from tests.integration.games import OPENINGS
from tests.scheduler.helpers import DEADLINE, GRACE_END, NOW, give_orders, new_game

USIN = Author("Test Judge", "judge@judge.test", "USIN")


def subjects(engine) -> list[str]:  # noqa: ANN001
    with Session(engine) as session:
        rows = session.exec(select(OutboxMessage).order_by(col(OutboxMessage.id)))
        return [
            str(email.message_from_bytes(row.raw, policy=policy.default)["Subject"]) for row in rows
        ]


def test_reminders_late_notices_and_reports_carry_the_code(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, [p for p in OPENINGS if p != "italy"], NOW)
    run_due(engine, USIN, DEADLINE - timedelta(hours=24))
    assert subjects(engine) == ["USIN:alpha - S1901M Reminder"]
    run_due(engine, USIN, DEADLINE)
    late = set(subjects(engine)[1:])
    assert late == {
        "[You are late!] USIN:alpha - S1901M Late Notice: I",
        "USIN:alpha - S1901M Late Notice: I",
    }
    give_orders(engine, game_id, ["italy"], DEADLINE + timedelta(hours=1))
    run_due(engine, USIN, GRACE_END)
    assert set(subjects(engine)[-9:]) == {"USIN:alpha - S1901M Results"}
    with Session(engine) as session:
        report = session.exec(select(OutboxMessage).order_by(col(OutboxMessage.id).desc())).first()
        assert report is not None
        text = email.message_from_bytes(report.raw, policy=policy.default)
        body = text.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert body.startswith(":: Judge: USIN  Game: Alpha")


def test_the_word_to_the_master_carries_the_code(engine) -> None:  # noqa: ANN001
    new_game(engine, at_grace=AT_GRACE_WAIT, grace_until=GRACE_END)
    run_due(engine, USIN, GRACE_END)
    assert subjects(engine) == ["USIN:alpha - S1901M Waiting for the Master"]
